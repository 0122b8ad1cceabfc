"""Hostile input never crashes a command, and one bad file never hides the rest (issue 16).

Lone surrogates and numbers of thousands of digits in any value, control
characters and terminal escapes in free text and in file names, unreadable
files in a batch; ``solve`` on maps that break rules other than uniqueness;
writes that keep a file's mode and go through a symbolic link.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pachaprint.check.validate import validate_bytes, validate_data, validate_path
from pachaprint.cli import app
from pachaprint.model.text import display_path, printable, quote, text_problem
from tests.helpers import EXAMPLES, LAKE_CROPS, LAKE_TERRAIN, REPO, example, scenario_dict

runner = CliRunner()
GOOD = example("lake-shore")
GOOD_TEXT = json.dumps(GOOD)
TEXT_RULE = (
    "text may hold tab and newline but no other control characters, "
    "lone surrogates, U+FFFE or U+FFFF"
)


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    """The real entry point, with strict UTF-8 output as on a terminal."""
    env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONIOENCODING="utf-8:strict")
    return subprocess.run(
        [sys.executable, "-m", "pachaprint", *args], capture_output=True, env=env, cwd=cwd
    )


def schema_messages(report) -> list[tuple[str, str | None, str]]:
    return [(p.rule.value, p.pointer, p.message) for p in report.errors]


@pytest.mark.parametrize("key", ["name", "author", "notes", "$schema"])
def test_lone_surrogate_in_free_text_is_a_schema_problem_with_its_pointer(key):
    raw = json.dumps(dict(GOOD, **{key: "ok \ud800"})).encode("ascii")
    report = validate_bytes(raw, "f.json")
    assert schema_messages(report) == [
        (
            "schema",
            f"/{key}",
            f"/{key}: character 4 is U+D800, a lone surrogate (half of a UTF-16 pair, "
            f"not a character); {TEXT_RULE}",
        )
    ]


def test_lone_surrogates_elsewhere_are_quoted_escaped():
    raw = GOOD_TEXT.replace('"lake-shore"', '"\\udfff"').replace('"a5"', '"\\ud800"').encode()
    report = validate_bytes(raw, "f.json")
    assert report.id is None  # a malformed id is never carried into reports
    messages = [p.message for p in report.errors]
    assert messages == [
        '/id: "\\udfff" is not allowed here: use lower-case letters, digits and hyphens,'
        " starting with a letter or digit (at most 40)",
        '/start/2: "\\ud800" is not allowed here: a cell is a column letter a-i and a row'
        " number 1-5, like c3",
    ]
    unknown = validate_bytes(
        GOOD_TEXT.replace('"format"', '"\\ud800\\u001b": 1, "format"').encode()
    )
    assert [p.pointer for p in unknown.errors] == ["/\\ud800\\x1b"]
    assert unknown.errors[0].message.startswith("/\\ud800\\x1b: unknown key '\\ud800\\x1b'")


@pytest.mark.parametrize(
    "text,expected",
    [
        ("a\x00b", "character 2 is U+0000, a control character"),
        ("\x1b]0;owned\x07", "character 1 is U+001B, a control character (and 1 more)"),
        ("x\r\n", "character 2 is U+000D, a control character"),
        ("csi\x9b2J", "character 4 is U+009B, a control character"),
        ("del\x7f", "character 4 is U+007F, a control character"),
        ("end\ufffe", "character 4 is U+FFFE, a non-character"),
        ("\uffff", "character 1 is U+FFFF, a non-character"),
    ],
)
def test_control_characters_in_a_name_are_refused(text, expected):
    report = validate_data(dict(GOOD, name=text))
    assert schema_messages(report) == [("schema", "/name", f"/name: {expected}; {TEXT_RULE}")]


def test_tab_newline_and_any_real_character_are_accepted():
    data = dict(
        GOOD,
        name="Ñandú\t\u202eRTL \U0001f999 <&>",
        author='O\'Brien "the" \u4e2d\u6587',
        notes="line one\nline two\twith a tab \u2028 and \ufeff",
    )
    assert validate_data(data).valid


@pytest.mark.parametrize("digits", [4301, 50_000])
def test_huge_integers_are_json_problems_with_their_position(digits):
    raw = ('{\n  "format": "pachaprint-scenario/1",\n  "seats": ' + "7" * digits + "\n}").encode()
    report = validate_bytes(raw, "f.json")
    assert schema_messages(report) == [
        (
            "json",
            None,
            f"line 3 column 12: a number with {digits:,} digits is too long to read",
        )
    ]


def test_huge_and_deep_values_in_parsed_data():
    deep: list[object] = []
    for _ in range(900):
        deep = [deep]
    data = dict(GOOD, notes=10**5000, id=-(10**6000), start=[deep, "a5"], author=[10**5000])
    report = validate_data(data)
    assert [p.message for p in report.errors] == [
        "/author: must be a string, not an array",
        "/id: must be a string, not a whole number",
        "/notes: must be a string, not a whole number",
        "/start/0: must be a string, not an array",
    ]
    assert quote(10**5000) == "a whole number with thousands of digits"


def test_text_helpers():
    assert printable("ok \x1b[2J \ud800 \U0010ffff") == "ok \\x1b[2J \\ud800 \\U0010ffff"
    assert display_path(b"/tmp/\xff\x1b.json".decode("utf-8", "surrogateescape")) == (
        "/tmp/\\xff\\x1b.json"
    )
    assert text_problem("fine\ttext\n") is None


@pytest.mark.slow
def test_a_batch_reports_every_file_through_the_real_entry_point(tmp_path):
    folder = tmp_path / "batch"
    folder.mkdir()
    (folder / "a-good.json").write_text(GOOD_TEXT)
    (folder / "b-surrogate.json").write_text(GOOD_TEXT.replace('"Lake Shore"', '"\\ud800"'))
    (folder / "c-huge.json").write_bytes(b'{"format": ' + b"9" * 5000 + b"}")
    (folder / "d-escape.json").write_text(
        GOOD_TEXT.replace('"Lake Shore"', '"\\u001b]0;owned\\u0007\\u001b[2J"')
    )
    (folder / "e-unreadable.json").symlink_to("/proc/self/mem")  # reading fails (EIO), even as root
    (folder / "f-\x1b[31mred.json").write_text(GOOD_TEXT)
    os.symlink(folder / "a-good.json", os.path.join(os.fsencode(folder), b"g-\xff.json"))
    (folder / ".hidden.json").write_text("not even JSON")
    text = run_cli("validate", str(folder))
    assert text.returncode == 1
    assert b"Traceback" not in text.stderr and b"\x1b" not in text.stdout + text.stderr
    lines = text.stdout.decode("utf-8").splitlines()
    assert lines[-1] == "7 files: 3 valid, 4 invalid (4 errors, 0 warnings)"
    assert f"{folder}/e-unreadable.json: json: the file cannot be read: Input/output error" in lines
    assert any(line.startswith(f"{folder}/f-\\x1b[31mred.json: valid") for line in lines)
    assert any(line.startswith(f"{folder}/g-\\xff.json: valid") for line in lines)
    result = run_cli("validate", "--format", "json", str(folder))
    assert result.returncode == 1 and b"Traceback" not in result.stderr
    entries = json.loads(result.stdout)
    assert [(Path(e["file"]).name, e["valid"]) for e in entries] == [
        ("a-good.json", True),
        ("b-surrogate.json", False),
        ("c-huge.json", False),
        ("d-escape.json", False),
        ("e-unreadable.json", False),
        ("f-\\x1b[31mred.json", True),
        ("g-\\xff.json", True),
    ]
    assert [e["errors"][0]["rule"] for e in entries if not e["valid"]] == [
        "schema",
        "json",
        "schema",
        "json",
    ]


def test_validate_path_reports_a_file_it_cannot_read(tmp_path):
    link = tmp_path / "x.json"
    link.symlink_to("/proc/self/mem")
    report, raw = validate_path(link)
    assert raw is None and not report.valid
    assert [(p.rule.value, p.message) for p in report.errors] == [
        ("json", "the file cannot be read: Input/output error")
    ]


def test_a_hidden_file_named_on_its_own_is_still_checked(tmp_path):
    hidden = tmp_path / ".draft.json"
    hidden.write_text(GOOD_TEXT)
    assert runner.invoke(app, ["validate", str(hidden)]).exit_code == 0
    assert runner.invoke(app, ["validate", str(tmp_path)]).exit_code == 2  # no scenario files


def write(path: Path, data: dict) -> Path:
    path.write_text(json.dumps(data, indent=2))
    return path


SEPARATED = scenario_dict(
    ["VVFFF", "VVVFV", "MDDMM", "MMVMM", "MVVVM"],
    [".....", ".....", ".....", ".....", "....."],
    ["a5"],
)


@pytest.mark.parametrize(
    "data,rule",
    [
        # Two Valley regions touch at a corner (b5/c4), yet the crop layer is unique.
        (
            scenario_dict(
                ["VVFFF", "VVVFV", "MDDMM", "MMVMM", "MVMVM"],
                [".1.4.", ".4...", ".....", ".....", "1...1"],
                ["d1", "b2", "a5", "e5", "c4"],
            ),
            "region-separation",
        ),
        # An Otoma cell that is not a start cell (a long scenario).
        (
            dict(
                example("high-valley"),
                start=["i2", "a1", "b1", "c1", "d1"],
                solo={"otoma": ["i2", "a1", "b1", "c1", "e5"]},
            ),
            "start",
        ),
    ],
)
def test_solve_reports_every_rule_problem_and_refuses_to_write(tmp_path, data, rule):
    path = write(tmp_path / "map.json", data)
    before = path.read_bytes()
    check = validate_bytes(before)
    assert rule in check.rules()
    result = runner.invoke(app, ["solve", "--write", str(path)])
    assert result.exit_code == 1, result.output
    for problem in check.errors:
        assert f"{path}: {problem.rule.value}: {problem.message}" in result.output
    assert f"{path}: not written: {len(check.errors)} problem" in result.output
    assert path.read_bytes() == before
    payload = json.loads(runner.invoke(app, ["solve", "--format", "json", str(path)]).stdout)
    assert payload["valid"] is False
    assert [p["rule"] for p in payload["problems"]] == [p.rule.value for p in check.errors]


def test_solve_reports_the_box_limit(tmp_path):
    terrain = ["DVDVDVDVD", "VDVDVDVDV", "DVDVDVDVD", "VDVDVDVDV", "DVDVDVDVD"]
    path = write(tmp_path / "wide.json", scenario_dict(terrain, ["1" * 9] * 5, ["a1"]))
    result = runner.invoke(app, ["solve", "--write", str(path)])
    assert result.exit_code == 1
    assert "box-limit: needs 23 Desert tiles; the box has 17" in result.output
    assert "crop-separation: a1 and b2 both hold crop 1 and touch diagonally" in result.output


def test_solve_write_keeps_the_mode_and_writes_through_a_link(tmp_path):
    data = dict(GOOD, crops=["...4.", ".4...", ".....", ".....", "1...1"])
    real = write(tmp_path / "real.json", data)
    os.chmod(real, 0o600)
    link = tmp_path / "link.json"
    link.symlink_to("real.json")
    result = runner.invoke(app, ["solve", "--write", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == "real.json"
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    assert json.loads(real.read_text())["crops"] == LAKE_CROPS
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real.json"]


@pytest.mark.parametrize(
    "option,value,message",
    [
        ("--name", "a\x1b]0;x\x07", "--name: character 2 is U+001B, a control character"),
        ("--author", "\x00", "--author: character 1 is U+0000, a control character"),
        ("--id", "ab\n", '--id "ab\\n" is not an id'),
    ],
)
def test_new_refuses_unsafe_text_options(option, value, message):
    result = runner.invoke(app, ["new", "--size", "tiny", "--seed", "1", option, value])
    assert result.exit_code == 2
    assert message in result.output


def test_new_with_an_undecodable_name_from_the_command_line():
    name = os.fsencode("x") + b"\xff"
    env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONIOENCODING="utf-8:strict")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pachaprint",
            "new",
            "--size",
            "tiny",
            "--seed",
            "1",
            "--name",
            name,
        ],
        capture_output=True,
        env=env,
    )
    assert proc.returncode == 2
    assert b"Traceback" not in proc.stderr
    assert b"--name: character 2 is U+DCFF, a lone surrogate" in proc.stderr


@pytest.mark.slow
def test_every_command_prints_and_renders_what_the_checker_accepts(tmp_path):
    name = "\u202eNa\tme <b>&amp; \U0001f999"
    data = dict(GOOD, name=name, author="A \"quoted\" 'one'\n", notes="<script>x</script>\n\t")
    path = write(tmp_path / "odd.json", data)
    checked = runner.invoke(app, ["validate", str(path)])
    assert checked.exit_code == 0
    assert "'\\u202e' (U+202E RIGHT-TO-LEFT OVERRIDE)" in checked.output  # shown, not obeyed
    assert "\u202e" not in checked.output and "\t" not in checked.output
    assert runner.invoke(app, ["hint", str(path)]).exit_code == 0
    assert runner.invoke(app, ["solve", str(path)]).exit_code == 0
    out = tmp_path / "out"
    rendered = runner.invoke(app, ["render", str(path), "--out", str(out)])
    assert rendered.exit_code == 0, rendered.output
    back = (out / f"{data['id']}-disc-back.svg").read_text(encoding="utf-8")
    assert "Na me &lt;b&gt;&amp;amp; ?" in back  # markup escaped; no glyph: a stand-in
    wheel = runner.invoke(app, ["wheel", str(path), "--out", str(tmp_path / "w.html")])
    assert wheel.exit_code == 0, wheel.output
    assert "<b>&amp;" not in (tmp_path / "w.html").read_text(encoding="utf-8")


def test_existing_fixtures_are_still_valid():
    for path in sorted(EXAMPLES.glob("*.json")):
        assert validate_path(path)[0].valid, path
    assert validate_data(scenario_dict(LAKE_TERRAIN, LAKE_CROPS, ["d1", "b2", "a5", "e5"])).valid


def test_solve_write_that_fails_is_a_clear_error_and_leaves_the_file(tmp_path, monkeypatch):
    # Root (as in CI) can write anywhere, so the refusal of the file system is simulated.
    import pachaprint.fileio as fileio

    def refuse(path, text, follow_symlinks=False):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(fileio, "atomic_write_text", refuse)  # solve imports it when it writes
    data = dict(GOOD, crops=["...4.", ".4...", ".....", ".....", "1...1"])
    path = write(tmp_path / "disc.json", data)
    before = path.read_bytes()
    result = runner.invoke(app, ["solve", "--write", str(path)])
    assert result.exit_code == 2
    assert f"pachaprint: error: cannot write {path}: Permission denied" in result.output
    assert path.read_bytes() == before


def test_atomic_writes_keep_the_mode_and_treat_links_as_asked(tmp_path):
    from pachaprint.fileio import atomic_write_text

    real = tmp_path / "real.txt"
    real.write_text("old")
    os.chmod(real, 0o640)
    link = tmp_path / "link.txt"
    link.symlink_to("real.txt")
    atomic_write_text(link, "through", follow_symlinks=True)
    assert link.is_symlink() and real.read_text() == "through"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    atomic_write_text(real, "again")
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    atomic_write_text(link, "replaced")  # the default: the entry itself, never elsewhere
    assert not link.is_symlink() and link.read_text() == "replaced"
    assert real.read_text() == "again"
    mask = os.umask(0)
    os.umask(mask)
    atomic_write_text(tmp_path / "new.txt", "x")  # a new file: 0o666 less the umask
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o666 & ~mask
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "new.txt", "real.txt"]


def test_new_out_writes_through_a_link(tmp_path):
    target = tmp_path / "mine.json"
    target.write_text("{}")
    os.chmod(target, 0o600)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    args = ["new", "--size", "tiny", "--seed", "3", "--out", str(link)]
    refused = runner.invoke(app, args)
    assert refused.exit_code == 2 and "exists already; give --force" in refused.stderr
    assert target.read_text() == "{}"
    result = runner.invoke(app, [*args, "--force"])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and validate_path(target)[0].valid
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


@pytest.mark.slow
def test_any_command_prints_a_file_name_that_is_not_utf8(tmp_path):
    # Commands that print their output path: a name with a byte that is not UTF-8
    # prints escaped (the safety net in pachaprint.cli.main), never a traceback.
    scenario = tmp_path / "lake.json"
    scenario.write_text(GOOD_TEXT)
    base = os.fsencode(tmp_path)
    for args in (
        ["render", str(scenario), "--out", base + b"/o\xff"],
        ["wheel", str(scenario), "--out", base + b"/w\xff.html"],
        ["calibrate", "--out", base + b"/k\xff"],
    ):
        env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONIOENCODING="utf-8:strict")
        proc = subprocess.run(
            [sys.executable, "-m", "pachaprint", *args], capture_output=True, env=env
        )
        assert proc.returncode == 0, (args, proc.stderr[-500:])
        assert b"Traceback" not in proc.stderr
        assert b"\\udcff" in proc.stdout


def test_the_schema_refuses_exactly_the_documented_characters():
    import re

    from pachaprint.check.load import schema
    from pachaprint.model.text import TEXT_PATTERN, forbidden_characters

    properties = schema()["properties"]
    assert {k: properties[k]["pattern"] for k in ("$schema", "name", "author", "notes")} == {
        k: TEXT_PATTERN for k in ("$schema", "name", "author", "notes")
    }
    documented = {
        *range(0x00, 0x20),
        0x7F,
        *range(0x80, 0xA0),
        *range(0xD800, 0xE000),
        0xFFFE,
        0xFFFF,
    } - {0x09, 0x0A}
    checked = [*range(0x10000), 0x1F999, 0x1FFFE, 0xE0001, 0x10FFFF]
    refused_by_pattern = {c for c in checked if not re.fullmatch(TEXT_PATTERN, chr(c))}
    refused_in_words = {c for c in checked if forbidden_characters(chr(c))}
    assert refused_by_pattern == refused_in_words == documented
