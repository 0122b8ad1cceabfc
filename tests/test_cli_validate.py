"""``pachaprint validate`` and ``solve`` as a user runs them: exit codes and both formats."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from tests.helpers import EXAMPLES, LAKE_CROPS, LAKE_TERRAIN, REPO, example, scenario_dict

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(json.dumps(data, indent=2))
    return path


def test_valid_files_exit_0_with_text_summary():
    result = run("validate", str(EXAMPLES / "lake-shore.json"), str(EXAMPLES / "high-valley.json"))
    assert result.exit_code == 0
    lines = result.output.strip().splitlines()
    assert lines[-1] == "2 files: 2 valid, 0 invalid (0 errors, 1 warning)"
    assert any(
        line.startswith(f"{EXAMPLES / 'lake-shore.json'}: valid (tiny, 7 regions, 4 start cells")
        for line in lines
    )


def test_folder_with_an_invalid_file_exits_1_and_names_rule_and_cells(tmp_path):
    write(tmp_path, "good.json", example("lake-shore"))
    write(tmp_path, "bad.json", scenario_dict(LAKE_TERRAIN, LAKE_CROPS, ["a5"]))
    result = run("validate", str(tmp_path))
    assert result.exit_code == 1
    bad_line = next(line for line in result.output.splitlines() if "bad.json" in line)
    assert bad_line.startswith(f"{tmp_path / 'bad.json'}: not-unique: 16 crop layers fit")
    assert "differ at e4 and e5" in bad_line
    assert (
        result.output.strip().splitlines()[-1]
        == "2 files: 1 valid, 1 invalid (1 error, 0 warnings)"
    )


def test_json_format_is_a_list_per_file(tmp_path):
    bad = write(
        tmp_path,
        "bad.json",
        scenario_dict(
            LAKE_TERRAIN, ["12142", "34531", "21242", "34353", "12411"], ["d1", "b2", "a5", "e5"]
        ),
    )
    result = run("validate", "--format", "json", str(bad), str(EXAMPLES / "lake-shore.json"))
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert [entry["valid"] for entry in data] == [False, True]
    assert data[0]["id"] == "test" and data[0]["file"] == str(bad)
    assert data[0]["errors"][0] == {
        "rule": "crop-separation",
        "cells": ["b4", "c5"],
        "message": "b4 and c5 both hold crop 4 and touch diagonally",
    }
    assert set(data[1]) == {"file", "id", "valid", "errors", "warnings", "stats"}
    assert data[1]["stats"]["regions"] == 7


def test_usage_errors_exit_2(tmp_path):
    assert run("validate", str(tmp_path / "missing.json")).exit_code == 2
    assert run("validate", str(tmp_path)).exit_code == 2  # a folder without scenario files
    assert run("validate", "--format", "xml", str(EXAMPLES / "lake-shore.json")).exit_code == 2
    assert run("validate", "--box", "huge", str(EXAMPLES / "lake-shore.json")).exit_code == 2
    assert run("validate").exit_code == 2


def test_box_unlimited_option(tmp_path):
    terrain = ["DVDVDVDVD", "VDVDVDVDV", "DVDVDVDVD", "VDVDVDVDV", "DVDVDVDVD"]
    path = write(tmp_path, "wide.json", scenario_dict(terrain, ["111111111"] * 5, ["a1"]))
    assert "box-limit" in run("validate", str(path)).output
    result = run("validate", "--box", "unlimited", str(path))
    assert "box-limit" not in result.output


def test_no_traceback_for_any_bad_file_through_the_real_entry_point(tmp_path):
    files = {
        "empty.json": b"",
        "garbage.json": bytes(range(256)) * 4,
        "latin1.json": '{"name": "Montaña"}'.encode("latin-1"),
        "big.json": b'{"notes": "' + b"x" * 5_000_000 + b'"}',
        "deep.json": b"[" * 100_000 + b"]" * 100_000,
        "types.json": json.dumps({"format": 1, "terrain": {"a": 1}}).encode(),
    }
    for name, raw in files.items():
        (tmp_path / name).write_bytes(raw)
    proc = subprocess.run(
        [sys.executable, "-m", "pachaprint", "validate", str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr + proc.stdout
    assert (
        proc.stdout.strip().splitlines()[-1]
        == "6 files: 0 valid, 6 invalid (12 errors, 0 warnings)"
    )  # types.json: 5 missing keys, format, terrain


def test_solve_prints_and_writes_the_crop_layer(tmp_path):
    data = example("lake-shore")
    data["crops"] = [".1.4.", ".4...", ".....", ".....", "1...1"]
    data["crops"][0] = "...4."
    path = write(tmp_path, "disc.json", data)
    result = run("solve", str(path))
    assert result.exit_code == 0, result.output
    assert "unique solution from 4 start cells" in result.output
    assert "  1 V1  V2  F1  F4* F2 " in result.output
    result = run("solve", "--write", str(path))
    assert result.exit_code == 0
    written = json.loads(path.read_text())
    assert written["crops"] == LAKE_CROPS
    assert list(written) == list(data)  # key order kept
    text = path.read_text()
    assert '    "12142",\n' in text and text.endswith("}\n")  # one row per line
    assert result.stdout.endswith(f"{path}: crop layer written\n")
    # a second --write has nothing to fill in: it says so and leaves the file alone
    os.utime(path, (1_000_000_000, 1_000_000_000))
    again = run("solve", "--write", str(path))
    assert again.exit_code == 0
    assert again.stdout.endswith(f"{path}: unchanged: the crop layer was already complete\n")
    assert path.read_text() == text and path.stat().st_mtime == 1_000_000_000


def test_solve_not_unique_and_unsolvable(tmp_path):
    path = write(tmp_path, "amb.json", scenario_dict(LAKE_TERRAIN, LAKE_CROPS, ["a5"]))
    result = run("solve", str(path))
    assert result.exit_code == 1
    assert "not-unique: 16 crop layers fit" in result.output
    assert "Another solution:" in result.output
    before = path.read_text()
    assert run("solve", "--write", str(path)).exit_code == 1
    assert path.read_text() == before  # nothing written
    bad = write(
        tmp_path,
        "none.json",
        scenario_dict(
            ["MVVVM", "MDDDM", "VDFDV", "VMVMV", "FFMFF"], ["1....", *["....."] * 4], ["a1"]
        ),
    )
    result = run("solve", "--format", "json", str(bad))
    assert result.exit_code == 1
    payload = json.loads(result.output)
    assert payload["status"] == "none"
    assert "c3 touches every cell of the 5-cell Desert region" in payload["reason"]


def test_solve_refuses_to_write_when_digits_disagree(tmp_path):
    data = scenario_dict(
        LAKE_TERRAIN, [".1.4.", ".4...", ".....", ".....", "1...1"], ["d1", "b2", "a5", "e5"]
    )
    path = write(tmp_path, "mismatch.json", data)
    before = path.read_text()
    result = run("solve", "--write", str(path))
    assert result.exit_code == 1
    assert "b1 is 1, must be 2" in result.output
    assert path.read_text() == before


def saved_game(tmp_path):
    """A game saved by ``play`` beside the scenarios (``pachaprint-game/2``)."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "pachaprint-game/2", "scenario": example("lake-shore")}))
    return path


def test_a_folder_skips_a_saved_game_with_a_note_and_a_named_one_is_checked(tmp_path):
    write(tmp_path, "good.json", example("lake-shore"))
    game = saved_game(tmp_path)
    draft = write(tmp_path, "draft.json", {"format": "pachaprint-draft/1", "terrain": []})
    result = run("validate", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"pachaprint: note: {draft}: skipped: its format is pachaprint-draft/1, not a scenario\n"
        f"pachaprint: note: {game}: skipped: its format is pachaprint-game/2, not a scenario\n"
    )
    assert result.stdout.splitlines()[-1] == (
        "1 file: 1 valid, 0 invalid (0 errors, 0 warnings); 2 skipped (not scenarios)"
    )
    as_json = run("validate", "-f", "json", str(tmp_path))
    assert [r["file"] for r in json.loads(as_json.stdout)] == [str(tmp_path / "good.json")]
    named = run("validate", str(game))
    assert named.exit_code == 1 and named.stderr == ""
    assert f'{game}: schema: /format: must be exactly "pachaprint-scenario/1"' in named.stdout
    # a slip of the pen in a scenario's own format is a schema problem, not a skipped file
    misspelt = write(
        tmp_path, "typo.json", {**example("lake-shore"), "format": "pachaprint-scenaro/1"}
    )
    again = run("validate", str(tmp_path))
    assert again.exit_code == 1 and f"{misspelt}: schema: /format" in again.stdout
    assert "1 skipped" not in again.stdout and "2 skipped (not scenarios)" in again.stdout


def test_the_console_entry_point_prints_what_the_application_prints(tmp_path):
    """``python -m pachaprint`` (the console script's ``main``) and the application run in
    this process print the same bytes: the skip note on stderr, the summary on stdout."""
    write(tmp_path, "good.json", example("lake-shore"))
    saved_game(tmp_path)
    command = [sys.executable, "-m", "pachaprint", "validate", str(tmp_path)]
    process = subprocess.run(command, capture_output=True, text=True, check=False)
    in_process = run("validate", "--box", "retail", str(tmp_path))
    assert process.returncode == in_process.exit_code == 0
    assert process.stdout == in_process.stdout and process.stderr == in_process.stderr
    assert "skipped (not a scenario)" in process.stdout


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A valid scenario, one that breaks a rule, one that is not JSON and a note that is skipped."""
    path = tmp_path_factory.mktemp("mixed")
    (path / "a-valid.json").write_bytes((EXAMPLES / "lake-shore.json").read_bytes())
    broken = json.loads((EXAMPLES / "lake-shore.json").read_text(encoding="utf-8"))
    broken["crops"][0] = "55555"
    (path / "b-broken.json").write_text(json.dumps(broken), encoding="utf-8")
    (path / "c-not-json.json").write_text("{oops", encoding="utf-8")
    (path / "notes.txt").write_text("not a scenario", encoding="utf-8")
    return path


FOLDER_SUMMARY = "3 files: 1 valid, 2 invalid (11 errors, 0 warnings)"
PAIR_SUMMARY = "2 files: 1 valid, 1 invalid (10 errors, 0 warnings)"
BAD_FORMAT = "Error: Invalid value for '-f' / '--format': 'JSON' is not one of 'text', 'json'."
OPTION_CASES = [
    # paths, options, exit code, the last line printed (standard error for a usage error),
    # or for JSON each file's verdict
    (["DIR"], [], 1, FOLDER_SUMMARY),
    (["DIR"], ["--format", "text", "--box", "unlimited"], 1, FOLDER_SUMMARY),
    (["DIR"], ["--box", "retail", "--format", "json", "--format", "text"], 1, FOLDER_SUMMARY),
    (["DIR"], ["--format", "json"], 1, [True, False, False]),
    (["DIR"], ["--format=json", "--box=unlimited"], 1, [True, False, False]),
    (["LAKE", "DIR/b-broken.json"], ["--format", "text", "--box", "unlimited"], 1, PAIR_SUMMARY),
    (["LAKE", "DIR/b-broken.json"], ["--format=json", "--box=unlimited"], 1, [True, False]),
    (["DIR/b-broken.json"], [], 1, "1 file: 0 valid, 1 invalid (10 errors, 0 warnings)"),
    (["DIR/notes.txt"], [], 1, "1 file: 0 valid, 1 invalid (1 error, 0 warnings)"),
    (["LAKE", "HIGH"], [], 0, "2 files: 2 valid, 0 invalid (0 errors, 1 warning)"),
    (["DIR"], ["--format", "JSON"], 2, BAD_FORMAT),
    (["DIR"], ["--box"], 2, "Error: Option '--box' requires an argument."),
    (
        ["LAKE", "DIR/b-broken.json"],
        ["--box"],  # the next word is taken as its value
        2,
        "Error: Invalid value for '--box': 'DIR/b-broken.json' is not one of 'retail', 'unlimited'.",
    ),
    (["DIR"], ["--", "--format"], 2, "pachaprint: error: no such file or folder: --format"),
    (["no-such-file.json"], [], 2, "pachaprint: error: no such file or folder: no-such-file.json"),
    (["DIR"], ["--help"], 0, "  -h, --help              Show this message and exit."),
]


@pytest.mark.parametrize("names, options, code, last", OPTION_CASES)
def test_options_in_any_order_and_the_usage_errors(names, options, code, last, mixed):
    """Options before, between or after the paths, also as ``--name=value`` (the last one
    given counts); a value that is not a choice, a missing value or ``--`` is a usage error."""
    lake, high = str(EXAMPLES / "lake-shore.json"), str(EXAMPLES / "high-valley.json")
    paths = [
        n.replace("DIR", str(mixed)).replace("LAKE", lake).replace("HIGH", high) for n in names
    ]
    result = run("validate", *paths[:1], *options, *paths[1:])
    assert result.exit_code == code, result.output
    if isinstance(last, list):
        assert [report["valid"] for report in json.loads(result.stdout)] == last
        return
    printed = result.stderr if code == 2 and "--help" not in options else result.stdout
    assert printed.splitlines()[-1] == last.replace("DIR", str(mixed))
    if code == 2:
        assert result.stdout == ""


def test_counts_agree_with_their_nouns(tmp_path):
    from pachaprint.model.text import plural

    assert [plural(n, "cell") for n in (0, 1, 2)] == ["0 cells", "1 cell", "2 cells"]
    assert plural(1200, "game") == "1,200 games"
    assert plural(1, "difficulty", "difficulties") == "1 difficulty"
    assert plural(3, "difficulty", "difficulties") == "3 difficulties"
    data = json.loads((REPO / "scenarios" / "akapana-mound.json").read_text())
    row = list(data["crops"][2])
    row[4] = "2"  # e3 is a region of one cell
    data["crops"][2] = "".join(row)
    data["start"].append("e3")
    result = run("validate", str(write(tmp_path, "one.json", data)))
    assert "unsolvable: start cell e3 holds 2 but its region has only 1 cell\n" in result.stdout
    empty = {**example("lake-shore"), "start": []}
    result = run("validate", str(write(tmp_path, "none.json", empty)))
    assert "schema: /start: has no items; at least 1 is needed" in result.stdout


def test_reports_stream_out_as_the_text_json_dumps_makes_of_the_whole_list(tmp_path):
    """validate prints each report as it is made (memory stays flat however many files):
    the JSON list written piece by piece is byte for byte the one json.dumps makes, and the
    summary counts every problem, the ones a capped rule stands for too."""
    from pachaprint.check.validate import validate_path
    from pachaprint.cli.checking import validate_files

    write(tmp_path, "a-good.json", example("lake-shore"))
    write(tmp_path, "b-bad.json", scenario_dict(LAKE_TERRAIN, LAKE_CROPS, ["a5"]))
    many = example("lake-shore") | {"start": [f"z{n}" for n in range(150)]}
    write(tmp_path, "c-capped.json", many)
    (tmp_path / "d-not-json.json").write_text('{"name": "Ñuñoa\n', encoding="utf-8")
    files = sorted(tmp_path.glob("*.json"))
    reports = [validate_path(path, "retail")[0] for path in files]
    printed: list[str] = []
    assert validate_files(files, "json", "retail", printed.append) == 1
    whole = json.dumps([r.to_dict() for r in reports], indent=2, ensure_ascii=False)
    assert "\n".join(printed) == whole
    printed.clear()
    assert validate_files(files, "text", "retail", printed.append) == 1
    errors = sum(p.count for r in reports for p in r.errors)
    warnings = sum(p.count for r in reports for p in r.warnings)
    assert errors > 100 and warnings == 0
    assert printed[-1] == f"4 files: 1 valid, 3 invalid ({errors:,} errors, 0 warnings)"
