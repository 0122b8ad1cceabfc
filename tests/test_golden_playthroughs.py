"""Golden playthroughs: every step of a few whole games per mode stays as it was recorded.

Each case (:data:`tests.playthrough.CASES`) is one bot game; the test plays it
again and compares it step by step with ``tests/golden/playthroughs.json``, so a
change of behaviour is reported at the decision where it first shows, with the
action and the events of that step. CI runs these compiled and interpreted
(``PACHAPRINT_PURE_PYTHON=1``): both must play every step alike.
"""

from __future__ import annotations

import json

import pytest

from tests.playthrough import CASES, GOLDEN, Case, play

RECORDED: dict[str, list[str]] = {
    item["case"]: item["steps"] for item in json.loads(GOLDEN.read_text(encoding="utf-8"))
}


def test_every_case_is_recorded_and_every_mode_has_cases() -> None:
    assert sorted(RECORDED) == sorted(case.name for case in CASES)
    for mode in ("competitive", "solo", "coop"):
        quick = [case for case in CASES if case.mode == mode and not case.slow]
        assert len(quick) >= 3, mode
        assert any(case.mode == mode and "expert" in case.bots for case in CASES), mode


@pytest.mark.parametrize(
    "case",
    [pytest.param(case, marks=[pytest.mark.slow] if case.slow else []) for case in CASES],
    ids=[case.name for case in CASES],
)
def test_the_game_plays_every_step_as_recorded(case: Case) -> None:
    expected = RECORDED[case.name]
    steps = play(case)
    for number, (got, want) in enumerate(zip(steps, expected, strict=False)):
        assert got == want, f"{case.name}: step {number} differs (step 0 is the setup)"
    assert len(steps) == len(expected), f"{case.name}: {len(steps)} steps, {len(expected)} recorded"
