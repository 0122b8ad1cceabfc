"""The README's command examples work as written, in order, in an empty folder.

Each line of the "What it does" block runs through the real command-line
entry point. Three lines are left to their own tests because they do not end on
their own or are the whole kit: ``studio`` and ``table`` serve until stopped
(``tests/test_studio_*``, ``tests/test_table_*``) and ``build`` is the whole kit
(``tests/test_build*``).
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from tests.helpers import REPO

LEFT_TO_OWN_TESTS = ("studio", "table", "build")
runner = CliRunner()


def readme_examples() -> list[list[str]]:
    """The command lines of the README's "What it does" block, comments dropped."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## What it does", 1)[1]
    block = re.search(r"```\n(.*?)```", section, re.S)
    assert block is not None, "the README lost its example block"
    lines = []
    for line in block.group(1).splitlines():
        words = shlex.split(re.split(r"\s+#\s", line, maxsplit=1)[0])
        assert words[0] == "pachaprint", line
        lines.append(words[1:])
    return lines


def test_the_readme_names_every_command_it_leaves_to_other_tests():
    commands = {words[0] for words in readme_examples()}
    assert set(LEFT_TO_OWN_TESTS) <= commands
    assert {"new", "validate", "solve", "hint", "simulate", "balance", "play"} <= commands


EXAMPLES = readme_examples()


def run(words: list[str]) -> str:
    result = runner.invoke(app, words, input="quit\n" if words[0] == "play" else None)
    assert result.exit_code == 0, f"pachaprint {' '.join(words)}: {result.output}"
    return result.stdout


def test_the_first_example_makes_a_long_disc_for_every_mode(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run(EXAMPLES[0])
    scenario = json.loads((tmp_path / "my-disc.json").read_text(encoding="utf-8"))
    assert scenario["size"] == "long" and len(scenario["solo"]["otoma"]) == 5
    # the hint example names c3: not a start cell, so knowing it changes the next deduction
    assert "c3" not in scenario["start"]
    hints = [run(words) for words in EXAMPLES if words[0] == "hint"]
    assert len(hints) == 2 and hints[0] != hints[1]


@pytest.mark.slow
@pytest.mark.parametrize(
    "words",
    [w for w in EXAMPLES[1:] if w[0] not in LEFT_TO_OWN_TESTS],
    ids=lambda words: " ".join(words),
)
def test_readme_example_runs_as_written(words: list[str], tmp_path: Path, monkeypatch):
    """Each line after the first, in a folder where the first one has run."""
    monkeypatch.chdir(tmp_path)
    run(EXAMPLES[0])
    run(words)
    made = {"render": "discs", "calibrate": "cal", "wheel": "wheel.html"}
    if words[0] in made and "--core" not in words:
        assert (tmp_path / made[words[0]]).exists()
