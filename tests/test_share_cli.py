"""``pachaprint share`` and ``pachaprint import`` as a user runs them: share, import, validate, the same disc."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pachaprint.check.generate import slug
from pachaprint.cli import app
from pachaprint.model.sharecode import NAME_MARK
from tests.helpers import EXAMPLES, REPO
from tests.share_corpus import corpus
from tests.test_share_codec import complete

runner = CliRunner()
SUN_GATE = REPO / "scenarios" / "sun-gate.json"
SUN_GATE_CODE = "1F0SC-9DYK9-39BTD-ZCQ0N-0APB"


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_share_prints_the_code_with_the_name_part():
    result = run("share", SUN_GATE)
    assert result.exit_code == 0
    assert result.stdout.strip() == f"{SUN_GATE_CODE}.2N38C-MG56X-BE413-P2X35-46T"
    assert run("share", SUN_GATE, "--no-name").stdout.strip() == SUN_GATE_CODE


def test_share_json_gives_the_parts_and_the_bits():
    result = run("share", SUN_GATE, "-f", "json")
    assert result.exit_code == 0
    found = json.loads(result.stdout)
    assert found["id"] == "sun-gate"
    assert found["disc"] == SUN_GATE_CODE
    assert found["code"] == f"{SUN_GATE_CODE}.{found['name_part']}"
    assert found["disc_symbols"] == 24
    assert set(found["bits"]) == {"size", "terrain", "crops", "starts", "start set", "otoma"}
    assert found["bits"]["terrain"] == 50.0


def test_share_refuses_an_invalid_scenario_and_a_missing_file(tmp_path):
    data = json.loads(SUN_GATE.read_text())
    data["start"] = ["a1"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = run("share", bad)
    assert result.exit_code == 1
    assert "not-unique" in result.stderr
    assert "invalid scenario, no share code" in result.stderr
    missing = run("share", tmp_path / "nothere.json")
    assert missing.exit_code == 2
    assert "no such file" in missing.stderr


@pytest.mark.slow
def test_every_shipped_and_fixture_disc_goes_share_import_validate_and_is_the_same(tmp_path):
    sources, out = tmp_path / "sources", tmp_path / "imported"
    sources.mkdir()
    for k, (label, text) in enumerate(corpus()):
        path = sources / f"{k:02d}.json"
        path.write_text(text, encoding="utf-8")
        shared = run("share", path)
        assert shared.exit_code == 0, (label, shared.output)
        # each disc into a folder of its own: two fixtures may share a name
        imported = run("import", shared.stdout.strip(), "-o", out / f"{k:02d}")
        assert imported.exit_code == 0, (label, imported.output)
    checked = run("validate", *sorted(out.iterdir()))
    assert checked.exit_code == 0, checked.output
    assert f"{len(corpus())} files: {len(corpus())} valid" in checked.stdout
    for k, (label, text) in enumerate(corpus()):
        source = complete(text)
        (written,) = (out / f"{k:02d}").iterdir()
        assert written.name == f"{slug(source.name)}.json"
        assert _same_disc(json.loads(written.read_text()), source), label


def _same_disc(data: dict, source) -> bool:
    return (
        data["size"] == source.size
        and data["terrain"] == list(source.terrain)
        and data["crops"] == list(source.crops)
        and sorted(data["start"]) == sorted(source.board.name(c) for c in source.start_cells)
        and data.get("solo", {}).get("otoma") == (list(source.otoma) if source.otoma else None)
        and data["name"] == source.name
    )


def test_import_writes_a_valid_scenario_named_after_the_disc(tmp_path):
    code = run("share", SUN_GATE).stdout.strip()
    result = run("import", code, "-o", tmp_path)
    assert result.exit_code == 0
    written = tmp_path / "the-sun-gate.json"
    assert f"wrote {written}" in result.stdout
    data = json.loads(written.read_text())
    source = json.loads(SUN_GATE.read_text())
    assert data["id"] == "the-sun-gate" and data["name"] == "The Sun Gate"
    for key in ("size", "terrain", "crops"):
        assert data[key] == source[key]
    assert data["start"] == ["c1", "e1", "c3", "d3", "b4"]
    assert data["notes"] == "Imported from a share code."
    assert run("validate", written).exit_code == 0
    # its $schema leads from where the file is to the schema (an editor's help)
    schema = (REPO / "schemas" / "scenario.schema.json").resolve()
    assert next(iter(data)) == "$schema" and (tmp_path / data["$schema"]).resolve() == schema


def test_a_code_without_its_name_gets_a_made_up_id(tmp_path):
    result = run("import", SUN_GATE_CODE, "--out", tmp_path)
    assert result.exit_code == 0
    data = json.loads((tmp_path / "disc-0n0apb.json").read_text())
    assert data["name"] == "Shared disc 0N0APB"


def test_typed_lower_case_without_dashes_and_from_a_wheel_link(tmp_path):
    plain = SUN_GATE_CODE.replace("-", "").lower()
    assert run("import", plain, "-o", tmp_path / "a").exit_code == 0
    link = f"https://example.org/wheel.html#{SUN_GATE_CODE}"
    assert run("import", link, "-o", tmp_path / "b").exit_code == 0
    assert (tmp_path / "a" / "disc-0n0apb.json").read_text() == (
        tmp_path / "b" / "disc-0n0apb.json"
    ).read_text()


def test_importing_again_leaves_the_same_file_and_never_overwrites_another(tmp_path):
    code = run("share", SUN_GATE).stdout.strip()
    assert run("import", code, "-o", tmp_path).exit_code == 0
    again = run("import", code, "-o", tmp_path)
    assert again.exit_code == 0
    assert "unchanged" in again.stdout
    target = tmp_path / "the-sun-gate.json"
    target.write_text(target.read_text().replace("Imported from a share code.", "My notes."))
    kept = target.read_text()
    refused = run("import", code, "-o", tmp_path)
    assert refused.exit_code == 1
    assert "already exists and differs; give --force to replace it" in refused.stderr
    assert target.read_text() == kept
    forced = run("import", code, "-o", tmp_path, "--force")
    assert forced.exit_code == 0
    assert "Imported from a share code." in target.read_text()


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("1F0SC-9DYK9-39BTD-ZCQ0N-0APC", "the check symbols do not match"),
        ("1F0SC-9DYK9-39BDT-ZCQ0N-0APB", "the check symbols do not match"),
        ("2F0SC-9DYK9-39BTD-ZCQ0N-0APB", "unknown share code version 2"),
        ("1F0SC-9DYK9-U9BTD-ZCQ0N-0APB", "'U' (character 13) is not a share code symbol"),
        ("1F0SC-9DYK9", "too few for a share code"),
    ],
)
def test_bad_codes_exit_1_with_a_clear_message(tmp_path, code, message):
    result = run("import", code, "-o", tmp_path)
    assert result.exit_code == 1
    assert f"{code}: not a share code: " in result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_one_bad_code_does_not_stop_the_others(tmp_path):
    result = run("import", SUN_GATE_CODE, "1F0SC-9DYK9-39BTD-ZCQ0N-0APC", "-o", tmp_path)
    assert result.exit_code == 1
    assert (tmp_path / "disc-0n0apb.json").exists()
    assert "1 of 2 imported" in result.stderr


def test_a_text_file_of_codes(tmp_path):
    listing = tmp_path / "codes.txt"
    lake = run("share", EXAMPLES / "lake-shore.json").stdout.strip()
    listing.write_text(f"# discs for Saturday\n{SUN_GATE_CODE}\n\n{lake}\n")
    result = run("import", listing, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "disc-0n0apb.json",
        "lake-shore.json",
    ]


def test_usage_errors_exit_2(tmp_path):
    missing = run("import", tmp_path / "nothere.json")
    assert missing.exit_code == 2
    assert "no such file" in missing.stderr
    afile = tmp_path / "file.txt"
    afile.write_text("x")
    assert run("import", SUN_GATE_CODE, "-o", afile).exit_code == 2
    folder = run("import", tmp_path)
    assert folder.exit_code == 2
    assert "is a folder: give share codes, links or files" in folder.stderr
    for empty in ("", "  "):  # Path("") is the current folder, but "" names nothing
        result = run("import", SUN_GATE_CODE, empty, "-o", tmp_path / "out")
        assert result.exit_code == 2
        assert result.stderr == (
            "pachaprint: error: an empty argument: give share codes, links or files\n"
        )
        assert not (tmp_path / "out").exists()


def test_import_json_lists_every_input(tmp_path):
    result = run("import", SUN_GATE_CODE, "nonsense!", "-o", tmp_path, "-f", "json")
    assert result.exit_code == 1
    assert "neither a share code" in result.stderr
    result = run("import", SUN_GATE_CODE, "-o", tmp_path, "-f", "json")
    found = json.loads(result.stdout)
    assert found == [
        {
            "input": SUN_GATE_CODE,
            "kind": "code",
            "status": "written",
            "file": str(tmp_path / "disc-0n0apb.json"),
            "id": "disc-0n0apb",
            "added_start_cells": {},
            "notes": [],
            "problems": [],
        }
    ]


def test_the_name_part_can_be_left_off_by_hand(tmp_path):
    code = run("share", SUN_GATE).stdout.strip()
    core = code.partition(NAME_MARK)[0]
    assert core == SUN_GATE_CODE


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=80) | st.text(alphabet="0123456789ABCDEFGHJKMNPQRSTVWXYZ-.", max_size=80))
def test_fuzz_whatever_is_typed_gets_words_never_a_traceback(text):
    if not text.strip() or text.startswith("-"):
        return  # no argument at all, or an option: Typer's own usage errors
    with tempfile.TemporaryDirectory() as folder:
        result = runner.invoke(app, ["import", text, "-o", folder])
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert result.exit_code in (1, 2), result.output
        assert "Traceback" not in result.output
        assert result.stderr.strip()
        assert list(Path(folder).iterdir()) == []
