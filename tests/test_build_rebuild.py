"""A build with nothing changed: it checks no scenario again, reads no output it has seen
unchanged, rewrites no output, loads neither the engine nor the renderer, and prints
what a build prints; any change (a scenario edited or added, an output deleted or
damaged, other options, another code fingerprint, ``--force``) builds what it must again.
The options ``build`` makes of its words come first."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import fields, replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from tests.helpers import EXAMPLES, REPO
from tests.kits import SMALL, copy_of, small_options

runner = CliRunner()
ARGS = list(SMALL.args)
"""The shared small kit's build (``tests/kits.py``): one tiny scenario, seconds, not minutes."""
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
def built(small_kit, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A copy of the shared small kit, built once where it lies (``index.html`` names the
    scenario files)."""
    folder, out = copy_of(small_kit, tmp_path_factory.mktemp("rebuild"))
    result = runner.invoke(app, ["build", str(folder), "--out", str(out), *ARGS, "-q"])
    assert result.exit_code == 0, result.output
    return folder, out


def rebuild(folder: Path, out: Path) -> tuple[dict, list[str]]:
    """The JSON summary of a build in a fresh process, and the modules it loaded of
    :data:`NOT_FOR_A_REBUILD`."""
    args = ["build", str(folder), "--out", str(out), *ARGS, "--format", "json"]
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
    from pachaprint.pipeline.options import BuildOptions
    from pachaprint.pipeline.volumes import _template_name
    from pachaprint.render.wheel_templates import load_wheel
    from pachaprint.resources import shipped_wheels

    assert BuildOptions().printing.wheels == shipped_wheels() == ("retail", "volvelle45")
    for name in shipped_wheels():
        assert _template_name(name) == load_wheel(name).name


# -- the options the command makes of its words ----------------------------------------
OPTION_WORDS = [
    ([], {}),
    (["-q", "--format", "json"], {}),
    (["-n", "3", "-m", "solo", "--bots", "expert"], {"games": 3, "modes": ("competitive", "solo")}),
    (["--mode", " coop , solo", "--games=7", "-j", "2"], {"games": 7}),
    (["--games", "+2"], {"games": 2}),
    (
        ["--paper", "letter", "--wheel", "volvelle45", "--lang", "de", "--ink", "saver"],
        {"papers": ("letter",), "wheels": ("volvelle45",), "lang": "de", "ink": "saver"},
    ),
    (["--paper=both", "--wheel=both", "-f", "text"], {}),
    (
        ["--back-offset", "-1,0.5", "--share-url", "https://example.org/wheel.html"],
        {"back_offset": (-1.0, 0.5), "share_url": "https://example.org/wheel.html"},
    ),
    (["--back-offset=0.25,-2", "--quiet", "--format=json"], {"back_offset": (0.25, -2.0)}),
    (["--mode", ""], {"modes": ("competitive",)}),
    (["--bots", "logician"], {"strongest": "logician"}),
    (["-qf", "json"], {}),
    (["--no-site"], {"site": False}),
    (["--print-shop"], {"print_shop": True}),
    (["--pyodide", "https://example.org/pyodide/"], {"pyodide": "https://example.org/pyodide/"}),
]
"""Words after ``build DIR --out OUT``, and the settings they change from the defaults of
:class:`~pachaprint.pipeline.options.BuildOptions` (competitive is always played)."""


@pytest.mark.parametrize("words, changed", OPTION_WORDS)
def test_the_command_makes_the_build_options_of_its_words(words, changed, monkeypatch):
    from pachaprint.pipeline.options import BuildOptions
    from pachaprint.pipeline.outcome import BuildResult

    made = []

    def run_build(scenarios, out, options, **settings):
        made.append(options)
        return BuildResult(out_dir=str(out), scenarios=[])

    monkeypatch.setattr("pachaprint.cli.build.run_build", run_build)
    args = ["build", str(EXAMPLES / "lake-shore.json"), "--out", "somewhere", *words]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert made == [options_changed(BuildOptions(), changed)]


def options_changed(options, changed):
    """``options`` with the settings ``changed`` names, a print setting's in its
    :class:`~pachaprint.model.printing.PrintSettings`."""
    from pachaprint.model.printing import PrintSettings

    printed = {field.name for field in fields(PrintSettings)}
    printing = {name: value for name, value in changed.items() if name in printed}
    own = {name: value for name, value in changed.items() if name not in printed}
    return replace(options, printing=replace(options.printing, **printing), **own)


def test_the_small_kits_words_make_its_options(monkeypatch):
    from pachaprint.pipeline.outcome import BuildResult

    made = []
    monkeypatch.setattr(
        "pachaprint.cli.build.run_build",
        lambda scenarios, out, options, **settings: (
            made.append((options, settings["jobs"])) or BuildResult(out_dir=str(out), scenarios=[])
        ),
    )
    result = runner.invoke(app, ["build", str(EXAMPLES / "lake-shore.json"), "-o", "x", *ARGS])
    assert result.exit_code == 0, result.output
    assert made == [(small_options(), 1)]


@pytest.mark.parametrize(
    "words, error",
    [
        (
            ["--games", "0"],
            "Error: Invalid value for '-n' / '--games': 0 is not in the range x>=1.",
        ),
        (
            ["--paper", "A4"],
            "Error: Invalid value for '--paper': 'A4' is not one of 'a4', 'letter', 'both'.",
        ),
        (["--quiet=yes"], "Error: Option '--quiet' does not take a value."),
        (
            ["-f=json"],
            "Error: Invalid value for '-f' / '--format': '=json' is not one of 'text', 'json'.",
        ),
        (["--", "x"], "Error: Got unexpected extra argument(s) (x)"),
        (["--out"], "Error: Option '--out' requires an argument."),
        (
            ["--mode", "co-op"],
            "pachaprint: error: --mode: must be competitive, solo or coop, not 'co-op'",
        ),
        (
            ["--back-offset", "11,0"],
            "pachaprint: error: --back-offset 11,0: each part must lie between -10 and 10 mm",
        ),
        (
            ["--share-url", "ftp://example.org/"],
            "pachaprint: error: --share-url 'ftp://example.org/': give the http(s) address of the "
            "digital wheel page, e.g. https://example.org/wheel.html",
        ),
    ],
)
def test_words_the_command_refuses_are_usage_errors(words, error, tmp_path):
    args = ["build", str(EXAMPLES / "lake-shore.json"), "--out", str(tmp_path / "out"), *words]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines()[-1] == error
    assert not (tmp_path / "out").exists()


# -- a real build: what a rebuild prints, and every change builds again -----------------
@pytest.mark.slow
@pytest.mark.parametrize(
    "extra",
    [
        [],
        ["-q"],
        ["--format", "json"],
        ["-q", "-f", "json"],
        ["--format=text", "--jobs", "2", "--lang", "en", "--ink", "full"],
        ["--bots", "expert", "--back-offset", "0,0"],
        ["FILE"],  # the scenario file itself instead of its folder
    ],
)
def test_a_rebuild_with_nothing_to_do_prints_what_a_build_prints(built, extra):
    folder, out = built
    age(out, 3600)
    confirm = ["build", str(folder), "--out", str(out), *ARGS, "-q"]
    assert runner.invoke(app, confirm).exit_code == 0  # confirms every output, as a while later
    source = str(folder / "lake-shore.json") if extra == ["FILE"] else str(folder)
    args = ["build", source, "--out", str(out), *ARGS, *[e for e in extra if e != "FILE"]]
    manifest = (out / ".pachaprint-build.json").stat().st_mtime_ns
    done = subprocess.run(
        [sys.executable, "-m", "pachaprint", *args], capture_output=True, cwd=REPO, check=False
    )
    assert done.returncode == 0 and done.stderr == b""
    if "json" in extra:
        summary = json.loads(done.stdout)
        assert [s["status"] for s in summary["scenarios"]] == ["unchanged"]
        assert summary["core"] == "unchanged" and summary["pnp"] == {"a4": "unchanged"}
        assert summary["pnp_files"] == ["pnp/pachaprint-core-a4.pdf", "pnp/pachaprint-discs-a4.pdf"]
    elif "-q" in extra:
        assert done.stdout == b""
    else:
        assert done.stdout.decode().splitlines() == [
            "nothing changed: the 1 scenario is up to date, and so are the core components "
            f"and the print sheets; output in {out}/"
        ]
    assert (out / ".pachaprint-build.json").stat().st_mtime_ns == manifest  # nothing rewritten


@pytest.fixture
def copy(built: tuple[Path, Path], tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the built folder and its output, to change, built once where it lies (the
    gallery names the scenario files, so ``index.html`` is made again for the new place)."""
    folder, out = built
    shutil.copytree(folder, tmp_path / "scenarios")
    shutil.copytree(out, tmp_path / "out")
    args = [str(tmp_path / "scenarios"), "--out", str(tmp_path / "out"), *ARGS, "-q"]
    assert runner.invoke(app, ["build", *args]).exit_code == 0
    return tmp_path / "scenarios", tmp_path / "out"


def build_again(folder: Path, out: Path, *extra: str) -> dict:
    """The JSON summary of a build of ``folder`` into ``out``."""
    args = ["build", str(folder), "--out", str(out), *ARGS, *extra, "--format", "json"]
    result = runner.invoke(app, args)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def statuses(summary: dict) -> list[str]:
    return [s["status"] for s in summary["scenarios"]]


@pytest.mark.slow
def test_an_edited_scenario_is_built_again(copy):
    folder, out = copy
    data = json.loads((folder / "lake-shore.json").read_text())
    data["name"] = "Lake Shore, renamed"
    (folder / "lake-shore.json").write_text(json.dumps(data))
    assert statuses(build_again(folder, out)) == ["built"]
    assert json.loads((out / "scenarios" / "lake-shore" / "report.json").read_text())["name"] == (
        "Lake Shore, renamed"
    )
    assert statuses(build_again(folder, out)) == ["unchanged"]


@pytest.mark.slow
@pytest.mark.parametrize(
    "damage", ["delete a report", "edit a report", "delete a discs PDF", "edit index.html"]
)
def test_a_deleted_or_damaged_output_is_made_again(small_kit, built, copy, damage):
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
    summary = build_again(folder, out)
    # (the report names the scenario file it was built from: the kit's, or the module's
    # copy once a test built it again there; now this copy's)
    for built_from in (small_kit.folder, built[0]):
        before = before.replace(str(built_from).encode(), str(folder).encode())
    assert summary["ok"] and target.read_bytes() == before
    assert statuses(build_again(folder, out)) == ["unchanged"]


@pytest.mark.slow
def test_other_options_build_again(copy):
    folder, out = copy
    summary = build_again(folder, out, "--ink", "saver")
    assert statuses(summary) == ["built"]
    assert summary["core"] == "built" and summary["pnp"] == {"a4": "built"}


PRINT_SHOP_FILES = (
    "pnp/pachaprint-core-a4-print-shop.pdf",
    "pnp/pachaprint-discs-a4-print-shop.pdf",
)


@pytest.mark.slow
def test_print_shop_files_come_with_the_option_and_go_without_it(copy):
    """``--print-shop`` builds the core set and the discs again with a print-shop file beside
    each PDF; the next build without it builds them again and removes those files (the
    manifest no longer names them), and the one after that has nothing to do."""
    folder, out = copy
    homes = {name: (out / name).read_bytes() for name in ("pnp/pachaprint-core-a4.pdf",)}
    summary = build_again(folder, out, "--print-shop")
    assert summary["ok"], summary
    assert summary["core"] == "built" and summary["pnp"] == {"a4": "built"}
    manifest = json.loads((out / ".pachaprint-build.json").read_text())
    recorded = {name for unit in manifest["units"].values() for name in unit["outputs"]}
    for name in PRINT_SHOP_FILES:
        assert (out / name).read_bytes().startswith(b"%PDF-1.6"), name
        assert name in recorded
    assert all((out / name).read_bytes() == data for name, data in homes.items())
    summary = build_again(folder, out)
    assert summary["ok"], summary
    assert summary["core"] == "built" and summary["pnp"] == {"a4": "built"}
    assert not [name for name in PRINT_SHOP_FILES if (out / name).exists()]
    manifest = json.loads((out / ".pachaprint-build.json").read_text())
    recorded = {name for unit in manifest["units"].values() for name in unit["outputs"]}
    assert not recorded & set(PRINT_SHOP_FILES)
    assert (out / "pnp/pachaprint-discs-a4.pdf").exists()
    summary = build_again(folder, out)
    assert statuses(summary) == ["unchanged"] and summary["core"] == "unchanged"


@pytest.mark.slow
def test_another_code_fingerprint_builds_everything_again(copy, monkeypatch):
    folder, out = copy
    monkeypatch.setattr("pachaprint.pipeline.manifest.code_fingerprint", lambda: "another install")
    summary = build_again(folder, out)
    assert statuses(summary) == ["built"]
    assert summary["core"] == "built" and summary["pnp"] == {"a4": "built"}


@pytest.mark.slow
def test_a_new_or_invalid_file_is_checked_and_the_rest_stays(copy):
    folder, out = copy
    (folder / "zz-broken.json").write_text("{oops")
    assert statuses(build_again(folder, out)) == ["unchanged", "invalid"]


@pytest.mark.slow
def test_force_builds_everything_again(copy):
    folder, out = copy
    summary = build_again(folder, out, "--force")
    assert statuses(summary) == ["built"]
    assert summary["core"] == "built" and summary["pnp"] == {"a4": "built"}


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


def site_outputs(out: Path) -> set[str]:
    """The files the manifest records for the site unit."""
    manifest = json.loads((out / ".pachaprint-build.json").read_text())
    return set((manifest["units"].get("site") or {}).get("outputs", {}))


@pytest.mark.slow
def test_the_site_s_files_go_when_a_build_no_longer_makes_them(copy):
    """A runtime copied by ``--pyodide DIR`` goes when the next build loads it from its CDN
    again, and ``--no-site`` removes the pages an earlier build wrote; the print files stay."""
    from tests.site import runtime_folder

    folder, out = copy
    before = site_outputs(out)
    assert "studio.html" in before and all((out / name).is_file() for name in before)
    assert build_again(folder, out, "--pyodide", str(runtime_folder()))["ok"]
    copied = site_outputs(out) - before
    assert any(name.endswith("pyodide.asm.wasm") for name in copied), copied
    assert all((out / name).is_file() for name in copied)
    assert build_again(folder, out)["ok"]
    assert site_outputs(out) == before
    assert not [name for name in copied if (out / name).exists()]
    summary = build_again(folder, out, "--no-site")
    assert summary["ok"], summary
    assert site_outputs(out) == set()
    assert not [name for name in before if (out / name).exists()]
    assert (out / "index.html").is_file() and (out / "pnp/pachaprint-discs-a4.pdf").is_file()


@pytest.mark.slow
def test_a_rebuild_replaces_the_zip_bundle_of_an_earlier_release(copy):
    """Sites built before the bundle became a gzipped tar hold site/pachaprint-site.zip: the
    next build trusts that record, writes the tar and removes the zip."""
    folder, out = copy
    manifest_path = out / ".pachaprint-build.json"
    manifest = json.loads(manifest_path.read_text())
    site = manifest["units"]["site"]
    old, new = "site/pachaprint-site.zip", "site/pachaprint-site.tar.gz"
    (out / new).rename(out / old)
    site["outputs"][old] = site["outputs"].pop(new)
    site["input"] = "an earlier release"
    manifest_path.write_text(json.dumps(manifest))
    summary = build_again(folder, out)
    assert summary["ok"], summary
    assert not (out / old).exists() and (out / new).is_file()
    assert site_outputs(out) >= {new} and old not in site_outputs(out)
