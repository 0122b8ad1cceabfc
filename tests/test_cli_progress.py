"""Progress a person can follow: bars on a terminal, a line per stage with counts in a log."""

from __future__ import annotations

import io

import pytest

from pachaprint.cli import progress as progress_module
from pachaprint.cli.progress import Bars, duration

STAGES = {"validate": ("validating", "scenario"), "scenarios": ("building", "scenario")}


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def clock(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(progress_module.time, "monotonic", clock)
    return clock


def test_a_log_gets_a_line_per_stage_with_counts_once_the_command_takes_a_while(clock):
    log = io.StringIO()
    with Bars(True, STAGES, stream=log) as bars:
        for done in range(21):
            bars("validate", done, 20)
        clock.now += 0.5
        bars("scenarios", 0, 20)  # still quick: nothing yet
        assert log.getvalue() == ""
        clock.now += 3
        bars("scenarios", 1, 20)
        clock.now += 5
        bars("scenarios", 2, 20)  # the last line is 5 s old: none
        clock.now += 11
        bars("scenarios", 2, 20)  # 16 s, and 2 is more than the last line said
        clock.now += 20
        bars("scenarios", 2, 20)  # 20 s more, but no count grew
        bars("scenarios", 3, 20)
        clock.now += 60
        bars("scenarios", 20, 20)
    assert log.getvalue().splitlines() == [
        "pachaprint: validating: 20 of 20 scenarios, done in 0.0 s",
        "pachaprint: building: 1 of 20 scenarios, 3.0 s",
        "pachaprint: building: 2 of 20 scenarios, 19 s",
        "pachaprint: building: 3 of 20 scenarios, 39 s",
        "pachaprint: building: 20 of 20 scenarios, done in 1 min 39 s",
    ]


def test_a_long_stage_says_at_once_that_it_starts(clock):
    log = io.StringIO()
    with Bars(True, STAGES, stream=log, long_stages=frozenset({"scenarios"})) as bars:
        bars("validate", 0, 2)
        clock.now += 0.3
        bars("validate", 2, 2)
        bars("scenarios", 0, 2)
        assert log.getvalue().splitlines() == [
            "pachaprint: validating: 2 of 2 scenarios, done in 0.3 s",
            "pachaprint: building: 0 of 2 scenarios",
        ]


def test_a_log_once_begun_follows_every_stage_to_its_end_however_quick(clock):
    """A long stage said at its start and a command over within the patience: the log
    still tells each stage's end (a fast machine builds a tiny disc in a second)."""
    log = io.StringIO()
    with Bars(True, STAGES, stream=log, long_stages=frozenset({"scenarios"})) as bars:
        bars("validate", 2, 2)
        bars("scenarios", 0, 2)
        clock.now += 0.4
        bars("scenarios", 1, 2)
        clock.now += 0.4
        bars("scenarios", 2, 2)
    assert log.getvalue().splitlines() == [
        "pachaprint: validating: 2 of 2 scenarios, done in 0.0 s",
        "pachaprint: building: 0 of 2 scenarios",  # (a count between: its interval)
        "pachaprint: building: 2 of 2 scenarios, done in 0.8 s",
    ]


def test_a_quick_command_prints_nothing_and_a_quiet_one_never(clock):
    log = io.StringIO()
    with Bars(True, STAGES, stream=log) as bars:
        bars("validate", 1, 1)
        clock.now += 1.5
    assert log.getvalue() == ""
    with Bars(False, STAGES, stream=log, long_stages=frozenset({"scenarios"})) as bars:
        clock.now += 100
        bars("scenarios", 0, 3)
        bars("scenarios", 3, 3)
    assert log.getvalue() == ""


def test_the_stages_that_ended_unsaid_are_told_when_the_command_ends(clock):
    log = io.StringIO()
    with Bars(True, STAGES, stream=log) as bars:
        bars("validate", 4, 4)
        clock.now += 5
    assert log.getvalue() == "pachaprint: validating: 4 of 4 scenarios, done in 0.0 s\n"


def test_a_terminal_gets_a_bar_per_stage(clock):
    screen = Terminal()
    with Bars(True, STAGES, stream=screen) as bars:
        bars("scenarios", 0, 3)
        bars("scenarios", 2, 3)
    shown = screen.getvalue()
    assert "building" in shown and "2/3" in shown
    assert "pachaprint: building" not in shown  # bars, not log lines


def test_durations_read_as_people_say_them():
    assert [duration(s) for s in (0.04, 9.96, 14.4, 59.4, 61, 3599.6)] == [
        "0.0 s",
        "10.0 s",
        "14 s",
        "59 s",
        "1 min 01 s",
        "60 min 00 s",
    ]
