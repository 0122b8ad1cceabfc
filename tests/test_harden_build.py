"""The build under hostile folders and unlucky runs (issue 16).

Hidden files are not scenarios; an unreadable or hostile file is reported and
the rest are built; outputs are verified by content, not size; an
interrupted build keeps what it finished; nothing is written outside OUT,
even through links inside it; an unusable OUT is refused in words; the discs
PDF is split into volumes listed in ``index.html``.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.model.printing import PrintSettings
from pachaprint.pipeline.build import BuildOptions, run_build
from pachaprint.pipeline.manifest import JOURNAL_NAME, MANIFEST_NAME, Manifest
from pachaprint.pipeline.outdir import OutDirError, prepare_out_dir
from pachaprint.pipeline.volumes import plan_volumes
from tests.helpers import EXAMPLES, REPO
from tests.kits import copy_of, small_options

runner = CliRunner()
QUICK = BuildOptions(PrintSettings(), games=2)


def scenario_folder(tmp_path: Path, count: int = 3) -> Path:
    """``count`` valid scenarios (copies of the fixtures under new ids)."""
    folder = tmp_path / "scenarios"
    folder.mkdir()
    sources = [EXAMPLES / "lake-shore.json", REPO / "scenarios" / "sun-gate.json"]
    for number in range(count):
        data = json.loads(sources[number % 2].read_text(encoding="utf-8"))
        data["id"] = f"disc-{number}"
        data["name"] = f"Disc {number}"
        (folder / f"disc-{number}.json").write_text(json.dumps(data, indent=2), encoding="utf-8")
    return folder


def statuses(result) -> dict[str, str]:
    return {Path(s.file).name: s.status for s in result.scenarios}


@pytest.mark.slow
def test_hidden_files_are_skipped_and_out_may_be_the_scenario_folder(tmp_path):
    folder = scenario_folder(tmp_path, 1)
    (folder / ".backup.json").write_text("{ broken")
    first = run_build(folder, folder, QUICK)
    assert statuses(first) == {"disc-0.json": "built"} and first.ok
    assert (folder / MANIFEST_NAME).is_file()
    second = run_build(folder, folder, QUICK)  # the manifest is hidden: not a scenario
    assert statuses(second) == {"disc-0.json": "unchanged"} and second.ok


@pytest.mark.slow
def test_one_bad_file_never_hides_the_rest(tmp_path):
    folder = scenario_folder(tmp_path, 1)
    (folder / "surrogate.json").write_text(
        (EXAMPLES / "lake-shore.json").read_text().replace('"lake-shore"', '"\\ud800"')
    )
    (folder / "huge.json").write_bytes(b'{"id": ' + b"1" * 6000 + b"}")
    (folder / "unreadable.json").symlink_to("/proc/self/mem")
    (folder / "escape-\x1b[2J.json").write_text("[]")
    out = tmp_path / "out"
    result = run_build(folder, out, QUICK)
    assert statuses(result) == {
        "disc-0.json": "built",
        "escape-\\x1b[2J.json": "invalid",
        "huge.json": "invalid",
        "surrogate.json": "invalid",
        "unreadable.json": "invalid",
    }
    problems = {Path(s.file).name: s.problems for s in result.scenarios}
    assert problems["unreadable.json"] == ["json: the file cannot be read: Input/output error"]
    assert problems["huge.json"][0].startswith("json: line 1 column 8: a number with 6,000 digits")
    assert problems["surrogate.json"][0].startswith('schema: /id: "\\ud800" is not allowed here')
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "\x1b" not in page and "escape-\\x1b[2J.json" in page
    assert page.count('<article class="box scenario failed"') == 4
    json.dumps(result.to_dict(), ensure_ascii=False).encode("utf-8")


@pytest.mark.slow
def test_a_damaged_output_of_the_same_size_is_rebuilt(small_kit, tmp_path):
    folder, out = copy_of(small_kit, tmp_path)
    back = out / "scenarios" / "lake-shore" / "disc-back.svg"
    good = back.read_bytes()
    back.write_bytes(good[:-10] + b"X" * 10)  # same size, different content
    result = run_build(folder, out, small_options())
    assert statuses(result) == {"lake-shore.json": "built"}
    assert back.read_bytes() == good
    assert statuses(run_build(folder, out, small_options())) == {"lake-shore.json": "unchanged"}


class Interrupted(Exception):
    pass


@pytest.mark.slow
def test_an_interrupted_build_keeps_the_scenarios_it_finished(tmp_path):
    folder = scenario_folder(tmp_path, 3)
    out = tmp_path / "out"

    def stop_after_two(stage: str, done: int, total: int) -> None:
        if stage == "scenarios" and done == 2:
            raise Interrupted  # as a kill would: no manifest saved, no index written

    with pytest.raises(Interrupted):
        run_build(folder, out, QUICK, progress=stop_after_two)
    assert not (out / MANIFEST_NAME).exists() and (out / JOURNAL_NAME).is_file()
    assert len(Manifest.load(out).units_named("scenario:")) == 2
    result = run_build(folder, out, QUICK)
    assert sorted(statuses(result).values()) == ["built", "unchanged", "unchanged"]
    assert not (out / JOURNAL_NAME).exists()  # folded into the manifest
    assert sorted(statuses(run_build(folder, out, QUICK)).values()) == ["unchanged"] * 3


def test_a_journal_line_cut_short_by_a_kill_is_ignored(tmp_path):
    manifest = Manifest.fresh(tmp_path)
    manifest.record("scenario:a", "digest-a", {"scenarios/a/report.json": "0" * 64})
    with open(tmp_path / JOURNAL_NAME, "a", encoding="utf-8") as journal:
        journal.write('{"format": "pachaprint-build/2", "unit": "scenario:b", "ent')
    assert Manifest.load(tmp_path).units_named("scenario:") == ["scenario:a"]


@pytest.mark.slow
def test_nothing_is_written_outside_out_through_links(tmp_path):
    folder = scenario_folder(tmp_path, 1)
    out = tmp_path / "out"
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "index.html").write_text("keep me")
    out.mkdir()
    (out / "scenarios").symlink_to(outside, target_is_directory=True)
    (out / "pnp").symlink_to(outside, target_is_directory=True)
    (out / "index.html").symlink_to(outside / "index.html")
    result = run_build(folder, out, QUICK)
    assert not result.ok
    assert statuses(result) == {"disc-0.json": "failed"}
    problem = result.scenarios[0].problems[0]
    assert problem == (
        f"writing the files failed: {out}/scenarios is a symbolic link (to {outside}); the build"
        " writes only inside its output folder and does not follow links there: remove the link"
    )
    assert result.core == "failed"
    assert sorted(p.name for p in outside.iterdir()) == ["index.html"]
    assert (outside / "index.html").read_text() == "keep me"
    assert not (out / "index.html").is_symlink()  # the link was replaced, not followed
    assert "<!DOCTYPE html>" in (out / "index.html").read_text(encoding="utf-8")


def test_an_out_that_is_a_file_or_cannot_be_written_is_refused(tmp_path):
    folder = scenario_folder(tmp_path, 1)
    afile = tmp_path / "file"
    afile.write_text("x")
    cases = {
        str(afile): f"the output folder {afile} is a file; give a folder with --out",
        str(
            afile / "below"
        ): f"cannot create the output folder {afile}/below: part of the path is a file",
        "/sys/kernel/pachaprint-out": "cannot create the output folder /sys/kernel/pachaprint-out:",
        "/sys/kernel": "cannot write in the output folder /sys/kernel:",
    }
    for out, message in cases.items():
        result = runner.invoke(app, ["build", str(folder), "--out", out, "--quiet"])
        assert result.exit_code == 2, (out, result.output)
        assert f"pachaprint: error: {message}" in result.output, result.output
        assert "Traceback" not in result.output
    with pytest.raises(OutDirError):
        prepare_out_dir(afile)
    assert afile.read_text() == "x"


def test_volume_names_and_labels():
    ids = [f"s{n}" for n in range(250)]
    volumes = plan_volumes("a4", ids, 100)
    assert [(v.name, len(v.ids)) for v in volumes] == [
        ("pnp/pachaprint-discs-a4-vol01.pdf", 100),
        ("pnp/pachaprint-discs-a4-vol02.pdf", 100),
        ("pnp/pachaprint-discs-a4-vol03.pdf", 50),
    ]
    assert volumes[2].label == "Discs, A4, volume 3 of 3"
    single = plan_volumes("letter", ids[:100], 100)
    assert [(v.name, v.unit, v.label) for v in single] == [
        ("pnp/pachaprint-discs-letter.pdf", "pnp:letter", "Discs, Letter")
    ]
    assert plan_volumes("a4", [], 100) == []
    assert plan_volumes("a4", ids, 1)[-1].name == "pnp/pachaprint-discs-a4-vol250.pdf"


@pytest.mark.slow
def test_discs_pdf_in_volumes_listed_in_the_gallery(tmp_path):
    folder = scenario_folder(tmp_path, 3)
    out = tmp_path / "out"
    split = BuildOptions(PrintSettings(), games=2, scenarios_per_volume=2)
    result = run_build(folder, out, split)
    assert result.ok and result.pnp == {"a4": "built"}
    assert result.pnp_files == [
        "pnp/pachaprint-core-a4.pdf",
        "pnp/pachaprint-discs-a4-vol01.pdf",
        "pnp/pachaprint-discs-a4-vol02.pdf",
    ]
    one = len(PdfReader(out / "pnp" / "pachaprint-discs-a4-vol02.pdf").pages)
    two = len(PdfReader(out / "pnp" / "pachaprint-discs-a4-vol01.pdf").pages)
    assert one >= 2 and two >= one  # front and back pages for each disc
    page = (out / "index.html").read_text(encoding="utf-8")
    assert f'<a href="pnp/pachaprint-discs-a4-vol01.pdf">{two} pages</a>' in page
    assert (
        '<h3>Discs, volume 1 of 2</h3><p class="small">Disc fronts and backs of 2 scenarios' in page
    )
    assert (
        '<h3>Discs, volume 2 of 2</h3><p class="small">Disc fronts and backs of 1 scenario,' in page
    )
    # Fewer scenarios: one file with the SPEC name, and the old volumes are gone.
    (folder / "disc-2.json").unlink()
    again = run_build(folder, out, split)
    assert again.pnp_files[1:] == ["pnp/pachaprint-discs-a4.pdf"]
    assert sorted(p.name for p in (out / "pnp").iterdir()) == [
        "pachaprint-core-a4.pdf",
        "pachaprint-discs-a4.pdf",
    ]
    # A build where nothing could be built leaves the last good discs PDF alone.
    for path in folder.glob("*.json"):
        path.write_text("{}")
    broken = run_build(folder, out, split)
    assert broken.pnp == {"a4": "skipped"} and not broken.ok
    assert (out / "pnp" / "pachaprint-discs-a4.pdf").is_file()


@pytest.mark.slow
def test_a_fresh_copy_of_a_built_folder_is_unchanged(small_kit, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(small_kit.out, copy, symlinks=True)
    os.utime(copy / "index.html", (0, 0))
    result = run_build(small_kit.folder, copy, small_options())
    assert statuses(result) == {"lake-shore.json": "unchanged"}
