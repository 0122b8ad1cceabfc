"""A damaged saved game gives a clear message and exit 1 on --resume, never a traceback."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
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
            "--players",
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
