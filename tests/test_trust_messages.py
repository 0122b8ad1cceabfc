"""Small trust items of issue 22: escaped reports, honest words about the digital wheel,
``solve --write`` on a file it may not replace, specific messages, capped floods."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from typer.testing import CliRunner

from pachaprint.check.load import PROBLEM_LIMIT
from pachaprint.check.validate import validate_bytes, validate_data
from pachaprint.cli import app
from pachaprint.pipeline.reports import report_markdown, scenario_report
from tests.helpers import EXAMPLES, REPO, example

runner = CliRunner()


# -- report.md ---------------------------------------------------------------------------------
HOSTILE_NAME = '<img src=x onerror="alert(1)"> *b* [l](http://x) `c` \\ |'
HOSTILE_AUTHOR = "<script>alert(2)</script> & _me_\nline two # not a heading"


def test_report_md_shows_name_and_author_as_text_never_as_html():
    data = {**example("lake-shore"), "name": HOSTILE_NAME, "author": HOSTILE_AUTHOR}
    report = validate_data(data, "x<b>`y`.json")
    assert report.valid and report.scenario is not None
    markdown = report_markdown(scenario_report(report.to_dict(), None, report.scenario))
    assert "<img" not in markdown and "<script" not in markdown
    html = MarkdownIt("commonmark").render(markdown)
    assert "<img" not in html and "<script" not in html and "<a " not in html
    assert "<b>" not in html  # the file name is in a code span: shown, not obeyed
    heading = html.split("</h1>")[0]
    assert heading == (
        "<h1>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; *b* [l](http://x) `c` \\ | "
        "(<code>lake-shore</code>)"
    )
    assert "by &lt;script&gt;alert(2)&lt;/script&gt; &amp; _me_ line two # not a heading" in html
    assert "<code>x&lt;b&gt;`y`.json</code>" in html


# -- the digital wheel's encoding, said plainly -------------------------------------------------
def test_readme_and_wheel_help_say_what_the_encoding_protects_against():
    readme = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
    assert "a glance at the page source" in readme
    assert "not against a determined reader" in readme
    shown = runner.invoke(app, ["wheel", "--help"], terminal_width=200)
    assert shown.exit_code == 0
    text = " ".join(shown.output.split())
    assert "a glance at the page source" in text and "not against a determined reader" in text


# -- solve --write ------------------------------------------------------------------------------
def dotted(tmp_path: Path) -> Path:
    data = example("lake-shore")
    starts = {(ord(cell[0]) - ord("a"), int(cell[1]) - 1) for cell in data["start"]}
    data["crops"] = [
        "".join(c if (x, y) in starts else "." for x, c in enumerate(row))
        for y, row in enumerate(data["crops"])
    ]
    path = tmp_path / "dots.json"
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    assert validate_bytes(path.read_bytes()).valid
    return path


def test_solve_write_refuses_a_read_only_file(tmp_path):
    path = dotted(tmp_path)
    before = path.read_bytes()
    path.chmod(0o444)
    result = runner.invoke(app, ["solve", str(path), "--write"])
    assert result.exit_code == 2, result.output
    assert f"cannot write {path}: the file is read-only (mode 444)" in result.output
    assert path.read_bytes() == before and path.stat().st_mode & 0o777 == 0o444


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_solve_write_refuses_a_file_of_another_user(tmp_path):
    path = dotted(tmp_path)
    before = path.read_bytes()
    os.chown(path, 65534, 65534)
    result = runner.invoke(app, ["solve", str(path), "--write"])
    assert result.exit_code == 2, result.output
    assert f"cannot write {path}: the file belongs to another user (uid 65534)" in result.output
    assert path.read_bytes() == before and path.stat().st_uid == 65534


def test_solve_write_still_writes_the_users_own_file(tmp_path):
    path = dotted(tmp_path)
    result = runner.invoke(app, ["solve", str(path), "--write"])
    assert result.exit_code == 0, result.output
    assert "." not in "".join(json.loads(path.read_text())["crops"])


# -- specific messages --------------------------------------------------------------------------
def test_a_nul_byte_is_named_with_its_position():
    raw = b'{\n  "name": "a\x00b"\n}'
    report = validate_bytes(raw, "f.json")
    assert [p.message for p in report.errors] == [
        "line 2 column 13: a NUL byte (U+0000); a JSON file is text and holds none"
    ]


def test_a_raw_control_character_says_to_escape_it():
    report = validate_bytes(b'{"name": "a\x07b"}', "f.json")
    assert [p.message for p in report.errors] == [
        "line 1 column 12: a raw control character (U+0007) inside a string;"
        " JSON needs it written as an escape such as \\u0007"
    ]


@pytest.mark.parametrize(
    ("encoding", "raw_prefix", "words"),
    [
        ("utf-16", b"", "UTF-16 text (little-endian, with a byte-order mark)"),
        ("utf-16-be", b"\xfe\xff", "UTF-16 text (big-endian, with a byte-order mark)"),
        ("utf-16-le", b"", "UTF-16 text (little-endian)"),
        ("utf-16-be", b"", "UTF-16 text (big-endian)"),
        ("utf-32", b"", "UTF-32 text (little-endian, with a byte-order mark)"),
    ],
)
def test_a_utf16_file_is_named_utf16(encoding, raw_prefix, words):
    text = json.dumps(example("lake-shore"), indent=2)
    report = validate_bytes(raw_prefix + text.encode(encoding), "f.json")
    assert [p.message for p in report.errors] == [
        f"the file is {words}; pachaprint reads UTF-8: save it as UTF-8"
    ]


def test_a_symbolic_link_loop_is_called_a_loop(tmp_path):
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    checked = runner.invoke(app, ["validate", str(loop)])
    assert checked.exit_code == 2
    assert f"too many levels of symbolic links (a link loop): {loop}" in checked.output
    assert "no such file" not in checked.output
    for command in (["solve"], ["hint"], ["wheel"]):
        result = runner.invoke(app, [*command, str(loop)])
        assert result.exit_code == 2, (command, result.output)
        assert f"too many levels of symbolic links (a link loop): {loop}" in result.output
    fast = subprocess.run(
        [sys.executable, "-m", "pachaprint", "validate", str(loop)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert fast.returncode == 2
    assert f"too many levels of symbolic links (a link loop): {loop}" in fast.stderr


def test_a_game_log_number_error_does_not_speak_of_scenarios(tmp_path):
    log = json.loads(next((EXAMPLES / "logs").glob("*.json")).read_text(encoding="utf-8"))
    text = json.dumps(log).replace('"seed": ', '"seed": ' + "9" * 5000, 1)
    assert "9" * 5000 in text
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["play", str(path), "--resume"])
    assert result.exit_code == 1, result.output
    assert "cannot resume: not a game log: line 1 column " in result.output
    assert "a number with 5,00" in result.output and "digits is too long to read" in result.output
    assert "scenario" not in result.output


# -- floods -------------------------------------------------------------------------------------
def flood(tmp_path: Path, count: int = 14_000) -> Path:
    data = example("lake-shore")
    data["start"] = [*data["start"], *["z9"] * count]
    path = tmp_path / "flood.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.slow
def test_a_flood_of_one_problem_is_capped_with_a_count_in_json(tmp_path):
    path = flood(tmp_path)
    result = runner.invoke(app, ["validate", str(path), "--format", "json"])
    assert result.exit_code == 1
    assert len(result.stdout) < 100_000
    errors = json.loads(result.stdout)[0]["errors"]
    assert len(errors) == PROBLEM_LIMIT + 1
    listed = [e["pointer"] for e in errors[:PROBLEM_LIMIT]]
    assert listed == [f"/start/{i}" for i in range(4, 4 + PROBLEM_LIMIT)]  # in file order
    hidden = 14_000 - PROBLEM_LIMIT
    assert errors[-1] == {
        "rule": "schema",
        "cells": [],
        "message": f"/start: and {hidden:,} more schema problems like these (not listed)",
        "pointer": "/start",
        "omitted": hidden,
    }


@pytest.mark.slow
def test_a_flood_of_one_problem_is_capped_with_a_count_in_text(tmp_path):
    path = flood(tmp_path)
    result = runner.invoke(app, ["validate", str(path)])
    lines = result.stdout.splitlines()
    assert len(lines) == PROBLEM_LIMIT + 2
    hidden = 14_000 - PROBLEM_LIMIT
    assert lines[-2] == (
        f"{path}: schema: /start: and {hidden:,} more schema problems like these (not listed)"
    )
    assert lines[-1] == "1 file: 0 valid, 1 invalid (14,000 errors, 0 warnings)"


def test_a_few_problems_are_all_listed(tmp_path):
    path = flood(tmp_path, PROBLEM_LIMIT)
    report = validate_bytes(path.read_bytes(), "f.json")
    assert len(report.errors) == PROBLEM_LIMIT
    assert all(p.omitted is None for p in report.errors)
