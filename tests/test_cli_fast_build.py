"""``pachaprint build`` with nothing to do is answered without Typer (``pachaprint.cli.fast``),
printing what the full command prints; any change falls through to the full build.

The decision is the build's own (:mod:`pachaprint.pipeline.unchanged`): these tests
check that the fast path's options are the command's (spelt, valued and
defaulted alike), that its answer equals the Typer command's byte for byte, and
that a changed scenario, a deleted or damaged output, other options, another
code fingerprint or a busy folder leave the call to the full build, which then
rebuilds what it must.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest
from typer.main import get_command
from typer.testing import CliRunner

from pachaprint.cli.application import app
from pachaprint.cli.fast import (
    FLAG,
    NUMBER,
    TEXT,
    answer_build,
    build_options,
    build_request,
    requested_options,
)
from pachaprint.pipeline.lock import BuildLock
from pachaprint.pipeline.options import BuildOptions
from pachaprint.pipeline.outcome import BuildResult
from pachaprint.pipeline.unchanged import rebuild_if_unchanged
from tests.helpers import EXAMPLES, REPO
from tests.test_cli_fast import through_typer

runner = CliRunner()
QUICK = ["--games", "2", "--mode", "competitive", "--paper", "a4", "--wheel", "retail"]
"""A build of one tiny scenario that takes seconds, not minutes."""
HEAVY = (
    "typer",
    "click",
    "rich",
    "typing",
    "dataclasses",
    "inspect",
    "threading",
    "tempfile",
    "_hashlib",
    "jsonschema",
    "pachaprint.engine",
    "pachaprint.render",
    "pachaprint.check.validate",
    "pachaprint.check.problems",
    "pachaprint.pipeline.build",
)
"""What a rebuild with nothing to do must not load."""


def build_command() -> click.Command:
    root = get_command(app)
    command = root.get_command(click.Context(root), "build")  # type: ignore[attr-defined]
    assert command is not None
    return command


# -- the fast path's options are the command's ------------------------------------------


def test_the_fast_paths_options_are_the_commands_options():
    """Every visible option of ``build`` is in the fast path's table, with the same
    parameter and the same kind of value; the hidden ones are the deprecated spellings,
    left to Typer for their notes."""
    declared = {}
    hidden = set()
    for param in build_command().params:
        if param.param_type_name != "option" or param.name == "help":
            continue
        if param.hidden:  # type: ignore[attr-defined]
            hidden.update(param.opts)
            continue
        if param.is_flag:  # type: ignore[attr-defined]
            kind: object = FLAG
        elif hasattr(param.type, "choices"):  # (Typer's own copy of click's types)
            kind = tuple(param.type.choices)
        elif hasattr(param.type, "min"):
            assert (param.type.min, param.type.max) == (1, None)  # type: ignore[attr-defined]
            kind = NUMBER
        else:
            kind = TEXT
        for spelling in param.opts + param.secondary_opts:
            declared[spelling] = (param.name, kind)
    assert declared == build_options()
    assert hidden == {"--summary", "--modes", "--strongest"}
    formats = build_options()["--format"][1]
    default = next(p.default for p in build_command().params if p.name == "output_format")
    assert formats[0] == default.value  # the fast path's default format


ARGVS = [
    [],
    ["-q", "--format", "json"],
    ["-n", "3", "-m", "solo", "--bots", BuildOptions().strongest],
    ["--mode", " coop , solo", "--games=7", "-j", "2"],
    ["--paper", "letter", "--wheel", "volvelle45", "--lang", "de", "--ink", "saver"],
    ["--paper=both", "--wheel=both", "-f", "text"],
    ["--back-offset", "-1,0.5", "--share-url", "https://example.org/wheel.html"],
    ["--back-offset=0.25,-2", "--quiet", "--format=json"],
    ["--mode", ""],
]


@pytest.mark.parametrize("extra", ARGVS)
def test_the_fast_path_makes_the_options_the_command_makes(extra, monkeypatch):
    """Typer's defaults and conversions, and the fast path's (from BuildOptions), give
    the same BuildOptions for the same words."""
    made = []

    def run_build(scenarios, out, options, **settings):
        made.append(options)
        return BuildResult(out_dir=str(out), scenarios=[])

    monkeypatch.setattr("pachaprint.cli.build.run_build", run_build)
    args = ["build", str(EXAMPLES / "lake-shore.json"), "--out", "somewhere", *extra]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    request = build_request(args[1:])
    assert request is not None
    assert requested_options(request[1]) == made[0]


@pytest.mark.parametrize(
    "args",
    [
        ["DIR"],  # no --out
        ["--out", "OUT"],  # no folder
        ["DIR", "EXTRA", "--out", "OUT"],
        ["DIR", "--out", "OUT", "--games", "0"],
        ["DIR", "--out", "OUT", "--games", "+2"],
        ["DIR", "--out", "OUT", "--paper", "A4"],
        ["DIR", "--out", "OUT", "--quiet=yes"],
        ["DIR", "--out", "OUT", "-f=json"],  # click reads the value "=json"
        ["DIR", "--out", "OUT", "-qf", "json"],
        ["DIR", "--out", "OUT", "--summary", "json"],  # deprecated: Typer prints a note
        ["DIR", "--out", "OUT", "--", "x"],
        ["DIR", "--out"],
    ],
)
def test_the_fast_path_leaves_anything_else_to_typer(args):
    assert build_request(args) is None


@pytest.mark.parametrize(
    "extra",
    [
        ["--bots", "expert" if BuildOptions().strongest != "expert" else "logician"],
        ["--mode", "co-op"],
        ["--back-offset", "11,0"],
        ["--share-url", "ftp://example.org/"],
    ],
)
def test_values_only_the_command_can_check_are_left_to_it(extra):
    request = build_request(["DIR", "--out", "OUT", *extra])
    assert request is not None and requested_options(request[1]) is None


# -- a real build: the same bytes, and every change falls through ----------------------


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A folder with one scenario, built, its outputs dated back and confirmed (as a
    rebuild a while later finds them)."""
    tmp = tmp_path_factory.mktemp("fastbuild")
    folder = tmp / "scenarios"
    folder.mkdir()
    shutil.copy(EXAMPLES / "lake-shore.json", folder)
    out = tmp / "out"
    result = runner.invoke(app, ["build", str(folder), "--out", str(out), *QUICK, "-q"])
    assert result.exit_code == 0, result.output
    then = time.time() - 3600
    for path in out.rglob("*"):
        if path.is_file():
            os.utime(path, (then, then))
    assert rebuild_if_unchanged(folder, out, quick_options()) is not None
    return folder, out


def quick_options() -> BuildOptions:
    request = build_request(["DIR", "--out", "OUT", *QUICK])
    assert request is not None
    options = requested_options(request[1])
    assert options is not None
    return options


@pytest.fixture
def copy(built: tuple[Path, Path], tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the built folder and its output, to change, built once where it lies (the
    gallery names the scenario files, so ``index.html`` is made again for the new place)."""
    folder, out = built
    shutil.copytree(folder, tmp_path / "scenarios")
    shutil.copytree(out, tmp_path / "out")
    args = [str(tmp_path / "scenarios"), "--out", str(tmp_path / "out"), *QUICK, "-q"]
    assert answer_build(args) is None
    assert runner.invoke(app, ["build", *args]).exit_code == 0
    assert answer_build(args) == 0
    return tmp_path / "scenarios", tmp_path / "out"


def run(*code_and_args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, *code_and_args], capture_output=True, cwd=REPO, check=False
    )


def loaded_by_the_fast_path(*args: str) -> list[str]:
    """The modules of :data:`HEAVY` that ``pachaprint ARGS`` loads, checking that the fast
    path answered (the command ended before Typer was loaded)."""
    code = (
        "import sys\n"
        f"sys.argv = ['pachaprint', *{list(args)!r}]\n"
        "from pachaprint.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "import json\n"
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]), file=sys.stderr)\n"
    )
    done = run("-c", code)
    return json.loads(done.stderr.decode().splitlines()[-1])


@pytest.mark.slow
@pytest.mark.parametrize(
    "extra",
    [
        [],
        ["-q"],
        ["--format", "json"],
        ["-q", "-f", "json"],
        ["--format=text", "--jobs", "2", "--lang", "en", "--ink", "full"],
        ["--bots", BuildOptions().strongest, "--back-offset", "0,0"],
        ["FILE"],  # the scenario file itself instead of its folder
    ],
)
def test_a_rebuild_with_nothing_to_do_prints_what_the_command_prints(built, extra):
    folder, out = built
    source = str(folder / "lake-shore.json") if extra == ["FILE"] else str(folder)
    args = ["build", source, "--out", str(out), *QUICK, *[e for e in extra if e != "FILE"]]
    manifest = (out / ".pachaprint-build.json").stat().st_mtime_ns
    fast = run("-m", "pachaprint", *args)
    typer = through_typer(*args)
    assert (fast.returncode, fast.stdout, fast.stderr) == (
        typer.returncode,
        typer.stdout,
        typer.stderr,
    )
    assert fast.returncode == 0 and fast.stderr == b""
    assert loaded_by_the_fast_path(*args) == []
    if "json" in extra:
        summary = json.loads(fast.stdout)
        assert [s["status"] for s in summary["scenarios"]] == ["unchanged"]
        assert summary["core"] == "unchanged" and summary["pnp"] == {"a4": "unchanged"}
        assert summary["pnp_files"] == ["pnp/pachaprint-core-a4.pdf", "pnp/pachaprint-discs-a4.pdf"]
    elif "-q" in extra:
        assert fast.stdout == b""
    else:
        assert fast.stdout.decode().splitlines() == [
            "nothing changed: the 1 scenario is up to date, and so are the core components "
            f"and the print sheets; output in {out}/"
        ]
    assert (out / ".pachaprint-build.json").stat().st_mtime_ns == manifest  # nothing rewritten


def fast_then_full(folder: Path, out: Path, *extra: str) -> tuple[int | None, dict]:
    """What the fast path answers (``None``: it left the call to Typer), then the JSON summary
    of the full command."""
    args = ["build", str(folder), "--out", str(out), *QUICK, *extra]
    fast = answer_build(args[1:])
    result = runner.invoke(app, [*args, "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    return fast, json.loads(result.stdout)


@pytest.mark.slow
def test_an_edited_scenario_is_built_again(copy, capsys):
    folder, out = copy
    data = json.loads((folder / "lake-shore.json").read_text())
    data["name"] = "Lake Shore, renamed"
    (folder / "lake-shore.json").write_text(json.dumps(data))
    fast, full = fast_then_full(folder, out)
    assert fast is None and capsys.readouterr().out == ""
    assert [s["status"] for s in full["scenarios"]] == ["built"]
    assert json.loads((out / "scenarios" / "lake-shore" / "report.json").read_text())["name"] == (
        "Lake Shore, renamed"
    )
    assert answer_build(["build", str(folder), "--out", str(out), *QUICK][1:]) == 0


@pytest.mark.slow
@pytest.mark.parametrize(
    "damage", ["delete a report", "edit a report", "delete a discs PDF", "edit index.html"]
)
def test_a_deleted_or_damaged_output_is_made_again(built, copy, damage):
    folder, out = copy
    target = out / (
        "scenarios/lake-shore/report.md"
        if "report" in damage
        else "pnp/pachaprint-discs-a4.pdf"
        if "PDF" in damage
        else "index.html"
    )
    before = target.read_bytes()
    if damage.startswith("delete"):
        target.unlink()
    else:
        target.write_bytes(before[:-1] + b"!")
    fast, full = fast_then_full(folder, out)
    assert fast is None
    # (the report names the scenario file: here the copy's)
    assert full["ok"] and target.read_bytes() == before.replace(
        str(built[0]).encode(), str(folder).encode()
    )
    assert answer_build(["build", str(folder), "--out", str(out), *QUICK][1:]) == 0


@pytest.mark.slow
def test_other_options_build_again(copy):
    folder, out = copy
    fast, full = fast_then_full(folder, out, "--ink", "saver")
    assert fast is None
    assert [s["status"] for s in full["scenarios"]] == ["built"]
    assert full["core"] == "built" and full["pnp"] == {"a4": "built"}


@pytest.mark.slow
def test_another_code_fingerprint_builds_everything_again(copy, monkeypatch):
    folder, out = copy
    monkeypatch.setattr("pachaprint.pipeline.manifest.code_fingerprint", lambda: "another install")
    fast, full = fast_then_full(folder, out)
    assert fast is None
    assert [s["status"] for s in full["scenarios"]] == ["built"]
    assert full["core"] == "built" and full["pnp"] == {"a4": "built"}


@pytest.mark.slow
def test_a_new_or_invalid_file_is_left_to_the_full_build(copy):
    folder, out = copy
    (folder / "zz-broken.json").write_text("{oops")
    fast, full = fast_then_full(folder, out)
    assert fast is None
    assert [s["status"] for s in full["scenarios"]] == ["unchanged", "invalid"]


@pytest.mark.slow
def test_a_folder_another_build_holds_is_left_to_the_full_build(copy):
    folder, out = copy
    with BuildLock(out, wait=False):
        assert answer_build([str(folder), "--out", str(out), *QUICK]) is None
    assert answer_build([str(folder), "--out", str(out), *QUICK]) == 0


@pytest.mark.slow
def test_force_is_left_to_the_full_build(copy):
    folder, out = copy
    assert answer_build([str(folder), "--out", str(out), *QUICK, "--force"]) is None
