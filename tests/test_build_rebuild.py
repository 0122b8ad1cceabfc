"""A build with nothing changed: it checks no scenario again, reads no output it has seen
unchanged, rewrites no output, and loads neither the engine nor the renderer."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from tests.helpers import EXAMPLES, REPO

runner = CliRunner()
ARGS = [
    "--games",
    "2",
    "--modes",
    "competitive",
    "--paper",
    "a4",
    "--wheel",
    "retail",
    "--jobs",
    "1",
]
NOT_FOR_A_REBUILD = (
    "pachaprint.engine",
    "pachaprint.render",
    "pachaprint.check.validate",  # the scenario is not checked again
    "pachaprint.check.solver",
    "pachaprint.pipeline.gallery",  # nor is index.html made again
    "pachaprint.pipeline.printfiles",
    "pachaprint.pipeline.reports",
    "matplotlib",
    "reportlab",
    "svgwrite",
    "pypdfium2",
    "jsonschema",
    "rich",
    "multiprocessing",
    "concurrent.futures",
)
"""The modules a build with nothing changed must not load (each costs it more than the
rest of its work)."""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    tmp = tmp_path_factory.mktemp("rebuild")
    folder = tmp / "scenarios"
    folder.mkdir()
    shutil.copy(EXAMPLES / "lake-shore.json", folder)
    out = tmp / "out"
    result = runner.invoke(app, ["build", str(folder), "--out", str(out), *ARGS, "-q"])
    assert result.exit_code == 0, result.output
    return folder, out


def rebuild(folder: Path, out: Path) -> tuple[dict, list[str]]:
    """The JSON summary of a build in a fresh process, and the modules it loaded of
    :data:`NOT_FOR_A_REBUILD`."""
    args = ["build", str(folder), "--out", str(out), *ARGS, "--summary", "json"]
    code = (
        "import json, sys\n"
        f"sys.argv = ['pachaprint', *{args!r}]\n"
        "from pachaprint.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"loaded = [m for m in {NOT_FOR_A_REBUILD!r} if m in sys.modules]\n"
        "print(json.dumps(loaded))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True
    )
    summary, loaded = done.stdout.rsplit("\n", 2)[:2]
    return json.loads(summary), json.loads(loaded)


def age(out: Path, seconds: float) -> None:
    """Date every output back (as if built a while ago)."""
    then = time.time() - seconds
    for path in out.rglob("*"):
        if path.is_file():
            os.utime(path, (then, then))


@pytest.mark.slow
def test_a_rebuild_loads_neither_engine_nor_renderer_and_rewrites_nothing(built):
    folder, out = built
    index = (out / "index.html").stat().st_mtime_ns
    summary, loaded = rebuild(folder, out)
    assert [s["status"] for s in summary["scenarios"]] == ["unchanged"]
    assert summary["core"] == "unchanged" and summary["pnp"] == {"a4": "unchanged"}
    assert loaded == []
    assert (out / "index.html").stat().st_mtime_ns == index


@pytest.mark.slow
def test_outputs_seen_unchanged_are_not_read_again_and_a_changed_one_is_rebuilt(built):
    folder, out = built
    age(out, 3600)
    rebuild(folder, out)  # confirms every output by its content and remembers size and times
    manifest = json.loads((out / ".pachaprint-build.json").read_text())
    unit = manifest["units"]["scenario:lake-shore"]
    assert set(unit["seen"]) == set(unit["outputs"])
    report = out / "scenarios" / "lake-shore" / "report.md"
    assert unit["seen"]["scenarios/lake-shore/report.md"][:2] == [
        report.stat().st_size,
        report.stat().st_mtime_ns,
    ]
    written = (out / ".pachaprint-build.json").stat().st_mtime_ns
    summary, _ = rebuild(folder, out)  # reads no output, so rewrites not even the manifest
    assert [s["status"] for s in summary["scenarios"]] == ["unchanged"]
    assert (out / ".pachaprint-build.json").stat().st_mtime_ns == written
    # Damaged in place to the same size, its modification time set back: the change
    # time moved all the same, so the file is read, found damaged, and rebuilt.
    before = report.stat()
    time.sleep(0.05)  # past the file system's clock tick (at most 10 ms)
    report.write_bytes(report.read_bytes().replace(b"#", b"%", 1))
    os.utime(report, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert report.stat().st_size == before.st_size
    summary, _ = rebuild(folder, out)
    assert [s["status"] for s in summary["scenarios"]] == ["built"]
    assert report.read_bytes().startswith(b"#")


def test_the_default_modes_and_bot_are_checked_alike_with_and_without_the_engine():
    from pachaprint.cli.build import _played_modes
    from pachaprint.cli.building import PLAIN_MODES
    from pachaprint.engine.bots import check_bot
    from pachaprint.engine.rules.config import Mode

    assert tuple(m.value for m in Mode) == PLAIN_MODES
    assert check_bot("logician", "strongest") == "logician"
    for modes in ("competitive", "solo", "coop,solo", "competitive,solo,coop", " solo , coop"):
        plain = _played_modes(modes, "logician")
        chosen = {Mode.parse(m).value for m in modes.split(",") if m.strip()}
        assert plain == tuple(m.value for m in Mode if m is Mode.COMPETITIVE or m.value in chosen)


def test_shipped_wheel_templates_are_named_without_the_renderer():
    from pachaprint.pipeline.options import WHEELS
    from pachaprint.pipeline.volumes import _template_name
    from pachaprint.render.wheel_templates import TEMPLATES, load_wheel

    assert WHEELS == TEMPLATES
    for name in WHEELS:
        assert _template_name(name) == load_wheel(name).name


@pytest.mark.slow
def test_a_log_follows_each_stage_and_a_rebuild_with_nothing_changed_says_so(tmp_path):
    """Standard error redirected (not a terminal): a line per stage with its counts, the
    long one said as it starts; then a rebuild with nothing changed prints one line that
    says so (no line per scenario, no progress)."""
    folder = tmp_path / "scenarios"
    folder.mkdir()
    shutil.copy(EXAMPLES / "lake-shore.json", folder)
    shutil.copy(REPO / "scenarios" / "sun-gate.json", folder)
    out = tmp_path / "out"
    args = ["build", str(folder), "--out", str(out), *ARGS[4:], "-m", "competitive", "-n", "2"]
    first = subprocess.run(
        [sys.executable, "-m", "pachaprint", *args], capture_output=True, text=True, cwd=REPO
    )
    assert first.returncode == 0, first.stderr
    said = [line for line in first.stderr.splitlines() if line.startswith("pachaprint: ")]
    expected = [
        r"pachaprint: validating: 2 of 2 scenarios, done in [0-9.]+ s",
        r"pachaprint: simulating and rendering: 0 of 2 scenarios",
        r"pachaprint: simulating and rendering: 2 of 2 scenarios, done in [0-9. a-z]+ s",
        r"pachaprint: print sheets: 1 of 1 PDF file, done in [0-9. a-z]+ s",
    ]
    found = iter(said)
    for pattern in expected:  # in this order, other lines (the core set's) between
        assert any(re.fullmatch(pattern, line) for line in found), (pattern, said)
    assert any(
        re.fullmatch(r"pachaprint: core components: 1 of 1 set, done in .+", line) for line in said
    )
    assert first.stdout.splitlines()[-1] == (
        f"2 of 2 scenarios built; core built; print sheets a4 built; output in {out}/"
    )
    again = subprocess.run(
        [sys.executable, "-m", "pachaprint", *args], capture_output=True, text=True, cwd=REPO
    )
    assert again.returncode == 0 and again.stderr == ""
    assert again.stdout == (
        "nothing changed: the 2 scenarios are up to date, and so are the core components "
        f"and the print sheets; output in {out}/\n"
    )
