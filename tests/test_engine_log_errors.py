"""A damaged saved game gives a clear message and exit 1 on --resume, never a traceback:
broken JSON, a log breaking the log schema anywhere, a huge or deeply nested file,
illegal actions; and nothing it holds reaches the terminal unescaped."""

from __future__ import annotations

import contextlib
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.engine.rules.log import LogError, load_log
from tests.helpers import REPO

runner = CliRunner()


@pytest.fixture(scope="module")
def good_log(tmp_path_factory) -> dict:
    path = tmp_path_factory.mktemp("log") / "good.json"
    script = f"save {path}\nquit\n"
    result = runner.invoke(
        app,
        [
            "play",
            str(REPO / "scenarios" / "sun-gate.json"),
            "--seats",
            "human,logician",
            "--seed",
            "1",
            "--plain",
        ],
        input=script,
    )
    assert result.exit_code == 0, result.output
    return json.loads(path.read_text())


@pytest.mark.parametrize(
    "damage,message",
    [
        (lambda g: dict(g, actions=None), '"actions" must be a list of actions'),
        (
            lambda g: dict(g, scenario=dict(g["scenario"], terrain=["VV"])),
            "the logged scenario is not valid: dimensions: terrain has 1 rows",
        ),
        (
            lambda g: dict(g, scenario=dict(g["scenario"], start=["a1"], crops=["....."] * 5)),
            "the logged scenario is not valid:",
        ),
        (lambda g: dict(g, actions=["move z9 a1"]), "action 1"),
    ],
)
def test_damaged_logs_are_refused_in_words(tmp_path, good_log, damage, message):
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(damage(good_log)))
    result = runner.invoke(app, ["play", "--resume", str(path)], input="")
    assert result.exit_code == 1
    assert message in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_not_a_log_at_all(tmp_path):
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    result = runner.invoke(app, ["play", "--resume", str(path)], input="")
    assert result.exit_code == 1 and "cannot resume" in result.output
    assert runner.invoke(app, ["play", "--resume", str(tmp_path / "missing.json")]).exit_code == 2


def resume(path):
    return runner.invoke(app, ["play", "--resume", str(path), "--plain"], input="quit\n")


@pytest.mark.parametrize(
    "damage,message",
    [
        (lambda g: dict(g, seats=5), '"seats" must be a list of seats'),
        (lambda g: dict(g, result=dict(g["result"], scores=5)), "/result/scores"),
        (lambda g: dict(g, config=dict(g["config"], players="two")), "/config/players"),
        (lambda g: dict(g, config=dict(g["config"], seed=None)), "/config/seed"),
        (lambda g: dict(g, config=dict(g["config"], mode="duel")), "/config/mode"),
        (lambda g: dict(g, config=dict(g["config"], players=1)), "cannot set up"),
        (lambda g: dict(g, actions=[7]), "/actions/0"),
        (lambda g: dict(g, actions=["pass"] * 3000), '"actions" must be a list'),
        (lambda g: dict(g, extra=1), "extra"),
        (lambda g: [g], "expected a JSON object"),
        (lambda g: dict(g, format="pachaprint-game/9"), "not a game log"),
    ],
)
def test_damaged_fields_anywhere_are_refused_in_words(tmp_path, good_log, damage, message):
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(damage(good_log)))
    result = resume(path)
    assert result.exit_code == 1, result.output
    assert message in result.output and "cannot resume" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize(
    "text,message",
    [
        (
            '{"format": "pachaprint-game/2", "config": {"seed": Infinity}}',
            "Infinity is not allowed",
        ),
        ('{"format": "pachaprint-game/2", "seed": NaN}', "NaN is not allowed"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"seed": ' + "9" * 5000 + "}", "not a game log"),
        ('{"format": "pachaprint-game/2", "format": "x"}', "appears twice"),
        ("", "empty"),
    ],
)
def test_broken_json_is_refused_in_words(tmp_path, text, message):
    path = tmp_path / "broken.json"
    path.write_text(text)
    result = resume(path)
    assert result.exit_code == 1, result.output
    assert message in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_huge_log_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "huge.json"
    path.write_bytes(b" " * (5 << 20))
    result = resume(path)
    assert result.exit_code == 1 and "a game log is at most" in result.output


def test_nothing_a_log_holds_reaches_the_terminal_unescaped(tmp_path, good_log):
    log = dict(good_log, actions=["\x1b]0;pwned\x07 move a1 b1"])
    path = tmp_path / "hostile\x1b[2J.json"
    path.write_text(json.dumps(log))
    result = resume(path)
    assert result.exit_code == 1
    assert "\x1b" not in result.output and "\\x1b" in result.output


LOG_KEYS = ["format", "scenario", "config", "seats", "actions", "result"]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
EXAMPLES = int(os.environ.get("PACHAPRINT_FUZZ_EXAMPLES", "120"))
"""Examples per run of the fuzz test (PACHAPRINT_FUZZ_EXAMPLES, as for the scenario fuzz
tests of ``tests/fuzzing.py``, sets a longer run)."""


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_any_damage_gives_a_log_error_never_an_exception(tmp_path, good_log, data):
    log = json.loads(json.dumps(good_log))
    where = data.draw(st.sampled_from(["top", "config", "result", "actions", "bytes"]))
    path = tmp_path / "fuzzed.json"
    if where == "bytes":
        raw = bytearray(json.dumps(log).encode())
        for _ in range(data.draw(st.integers(1, 4))):
            raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
        path.write_bytes(bytes(raw))
    elif where == "actions":
        words = [
            "enter",
            "move",
            "divine",
            "offer",
            "pass",
            "tile",
            "otoma",
            "spend",
            "a1",
            "e5",
            "3",
        ]
        kept = log["actions"][: data.draw(st.integers(0, len(log["actions"])))]
        made = " ".join(data.draw(st.lists(st.sampled_from(words), min_size=1, max_size=3)))
        log["actions"] = [*kept, made]
        path.write_text(json.dumps(log))
    else:
        target = log if where == "top" else log[where]
        keys = LOG_KEYS if where == "top" else sorted(target) or ["x"]
        target[data.draw(st.sampled_from(keys))] = data.draw(JSON_VALUES)
        path.write_text(json.dumps(log))
    with contextlib.suppress(LogError):
        load_log(path)
