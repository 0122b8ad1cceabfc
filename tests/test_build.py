"""``pachaprint build`` end to end on a small folder: layout, failures, determinism,
incremental rebuilds, atomic writes under a kill, the gallery in a real browser."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pachaprint.cli import app
from tests.helpers import EXAMPLES, LAKE_TERRAIN, REPO, scenario_dict

runner = CliRunner()
GAMES = 12
"""Games a mode in the shared kit (``tests/kits.py``)."""


def make_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    shutil.copy(EXAMPLES / "lake-shore.json", folder / "lake-shore.json")
    shutil.copy(REPO / "scenarios" / "sun-gate.json", folder / "sun-gate.json")
    bad = scenario_dict(LAKE_TERRAIN, ["12142", "34531", "21242", "34353", "12141"], ["a5"])
    bad["id"] = "ambiguous"
    (folder / "ambiguous.json").write_text(json.dumps(bad))
    # a game saved by `play` beside the scenarios is skipped with a note, not a failure
    game = {"format": "pachaprint-game/2", "scenario": bad}
    (folder / "saved-game.json").write_text(json.dumps(game))
    return folder


def tree_hashes(out: Path) -> dict[str, str]:
    return {
        p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("*"))
        if p.is_file() and not p.name.startswith(".")
    }


@pytest.fixture(scope="module")
def built(kit):
    """The shared kit (``tests/kits.py``): The Sacred Valley and The Sun Gate, a scenario that
    is not unique and a saved game, on both papers with both wheel templates."""
    return kit.folder, kit.out, kit


@pytest.mark.slow
def test_layout_and_isolated_failure(built):
    folder, out, result = built
    assert result.exit_code == 1, result.output  # the ambiguous scenario fails, the others build
    summary = json.loads(result.stdout)
    status = {s["id"]: s["status"] for s in summary["scenarios"]}
    assert status == {"ambiguous": "invalid", "sacred-valley": "built", "sun-gate": "built"}
    game = folder / "saved-game.json"
    note = f"{game}: skipped: its format is pachaprint-game/2, not a scenario"
    assert summary["skipped"] == [note]
    assert result.stderr.splitlines()[-1] == f"pachaprint: note: {note}"
    ambiguous = next(s for s in summary["scenarios"] if s["id"] == "ambiguous")
    assert ambiguous["problems"][0].startswith("not-unique: ")
    assert not (out / "scenarios" / "ambiguous").exists()
    for sid in ("sacred-valley", "sun-gate"):
        folder_out = out / "scenarios" / sid
        for name in (
            "disc-front.svg",
            "disc-front.pdf",
            "disc-front-volvelle45.svg",
            "disc-front-volvelle45.pdf",
            "disc-back.svg",
            "disc-back.pdf",
            "report.json",
            "report.md",
            "wheel.html",
        ):
            assert (folder_out / name).is_file(), f"{sid}/{name} missing"
    for name in (
        "board",
        "diversity-board",
        "wheel-cover",
        "wheel-cover-volvelle45",
        "calibration-disc",
        "tiles-terrain",
        "tiles-crops",
        "tokens",
        "reference-card",
    ):
        assert (out / "core" / f"{name}.svg").is_file(), name
        assert (out / "core" / f"{name}.pdf").is_file(), name
    for paper in ("a4", "letter"):  # --paper both
        assert (out / "pnp" / f"pachaprint-core-{paper}.pdf").is_file()
        # one discs file per wheel template, each with the built scenarios only
        for name in (f"pachaprint-discs-{paper}.pdf", f"pachaprint-discs-{paper}-volvelle45.pdf"):
            reader = PdfReader(out / "pnp" / name)
            ids = [item.title.rsplit("(", 1)[1].rstrip(")") for item in reader.outline]
            assert sorted(ids) == ["sacred-valley", "sun-gate"]
            assert len(reader.pages) == 2 + 2 * 2  # the contents page and its back, two discs
    assert sorted(p.name for p in (out / "pnp").iterdir()) == sorted(
        f"pachaprint-{kind}-{paper}{wheel}.pdf"
        for paper in ("a4", "letter")
        for kind, wheel in (("core", ""), ("discs", ""), ("discs", "-volvelle45"))
    )
    assert (out / "index.html").is_file()


@pytest.mark.slow
def test_report_contents(built):
    _, out, _ = built
    report = json.loads((out / "scenarios" / "sun-gate" / "report.json").read_text())
    assert report["valid"] is True and report["difficulty"] == "easy"
    assert report["regions"] == 6
    assert report["terrain_tiles"] == {"V": 4, "D": 10, "F": 6, "M": 5}
    sim = report["simulation"]
    assert sim["games"] == GAMES and sim["completed"] == GAMES
    assert sim["bots"] == ["logician", "greedy"]
    assert sim["wrong_divinations"]["logician"] == 0
    markdown = (out / "scenarios" / "sun-gate" / "report.md").read_text()
    assert markdown.startswith("# The Sun Gate (`sun-gate`)")
    assert f"{GAMES} of {GAMES} games completed" in markdown
    assert "The player who takes the first turn wins" in markdown


@pytest.mark.slow
def test_rebuild_is_byte_identical_and_incremental(built, tmp_path):
    """The kit built again into a copy of its output: nothing to do and not a byte changed;
    then every step forced, and still not a byte changed."""
    folder, out, kit = built
    copy = tmp_path / "out"
    shutil.copytree(out, copy)
    before = tree_hashes(copy)
    args = ["build", str(folder), "--out", str(copy), *kit.args, "--quiet", "--format", "json"]
    summary = json.loads(runner.invoke(app, args).stdout)
    assert {s["id"]: s["status"] for s in summary["scenarios"]} == {
        "ambiguous": "invalid",
        "sacred-valley": "unchanged",
        "sun-gate": "unchanged",
    }
    assert summary["core"] == "unchanged"
    assert summary["pnp"] == {"a4": "unchanged", "letter": "unchanged"}
    assert tree_hashes(copy) == before
    forced = json.loads(runner.invoke(app, [*args, "--force"]).stdout)
    assert {s["id"]: s["status"] for s in forced["scenarios"]}["sacred-valley"] == "built"
    assert tree_hashes(copy) == before


@pytest.mark.slow
def test_outputs_are_well_formed(built):
    _, out, _ = built
    for path in out.rglob("*"):
        if path.name.startswith(".") or not path.is_file():
            continue
        check_complete(path)


def check_complete(path: Path) -> None:
    """Raise if a file is truncated or malformed."""
    data = path.read_bytes()
    if path.suffix == ".pdf":
        assert data.rstrip().endswith(b"%%EOF"), path
        assert len(PdfReader(str(path)).pages) >= 1
    elif path.suffix in (".svg",):
        ET.fromstring(data)
    elif path.suffix == ".json":
        json.loads(data)
    elif path.suffix == ".png":
        assert data.startswith(b"\x89PNG") and data.endswith(b"IEND\xaeB`\x82"), path
    elif path.suffix == ".html":
        assert data.rstrip().endswith(b"</html>"), path


def test_bad_options_exit_2(tmp_path):
    folder = make_folder(tmp_path)
    for args in (
        ["--paper", "a5"],
        ["--jobs", "0"],
        ["--wheel", "round"],
        ["--lang", "xx"],
        ["--games", "0"],
    ):
        result = runner.invoke(app, ["build", str(folder), "--out", str(tmp_path / "o"), *args])
        assert result.exit_code == 2, args
    assert (
        runner.invoke(
            app, ["build", str(tmp_path / "nowhere"), "--out", str(tmp_path / "o")]
        ).exit_code
        == 2
    )


@pytest.mark.slow
def test_killed_build_leaves_no_truncated_file(tmp_path):
    folder = make_folder(tmp_path)
    out = tmp_path / "out"
    command = [
        sys.executable,
        "-m",
        "pachaprint",
        "build",
        str(folder),
        "--out",
        str(out),
        "--games",
        "60",
        "--quiet",
    ]
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen(command, env=env, start_new_session=True)
    deadline = time.time() + 120
    while (
        time.time() < deadline
        and not list(out.glob("scenarios/*/report.json"))
        and proc.poll() is None
    ):
        time.sleep(0.05)
    time.sleep(0.3)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    for path in out.rglob("*"):
        if path.is_file() and not any(part.startswith(".") for part in path.relative_to(out).parts):
            check_complete(path)
    # The next build cleans up and completes.
    result = subprocess.run(command, env=env, capture_output=True, text=True)
    assert result.returncode == 1  # the ambiguous scenario
    assert not list(out.glob(".staging-*"))
    assert (out / "pnp" / "pachaprint-discs-a4.pdf").is_file()


@pytest.mark.slow
def test_gallery_renders_in_chromium_without_console_errors(built):
    from tests.browser import console_problems, load_every_image, start_browser

    _, out, _ = built
    browser = start_browser()
    try:
        browser.driver.get((out / "index.html").as_uri())
        assert browser.driver.title == "pachaprint scenarios"
        cards = browser.driver.find_elements("css selector", "article.scenario")
        assert len(cards) == 3
        load_every_image(browser.driver)
        images = browser.driver.execute_script(
            "return [...document.images].map(i => [i.getAttribute('src'), i.complete && i.naturalWidth > 0])"
        )
        backs = [ok for src, ok in images if src.endswith("preview-back.png")]
        assert backs == [True, True]
        fronts = [ok for src, ok in images if src.endswith("preview-front.png")]
        assert fronts == []  # no map on the index: a disc front is on its report, behind a click
        assert console_problems(browser.driver) == []
    finally:
        browser.quit()
