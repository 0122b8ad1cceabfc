"""The command line shell: lazy loading, command table, help screens."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.cli.application import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "colca-canyon.json"


def _modules_after(args: list[str]) -> set[str]:
    """The modules imported by running ``pachaprint ARGS`` in a fresh interpreter."""
    code = (
        "import sys, json\n"
        "from pachaprint.cli import main\n"
        f"sys.argv = ['pachaprint', *{args!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.stdout.flush()\n"
        "print('\\nMODULES', json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return set(json.loads(done.stdout.rsplit("MODULES ", 1)[1]))


def _heavy(modules: set[str]) -> set[str]:
    roots = (
        "reportlab",
        "svgwrite",
        "jsonschema",
        "fastjsonschema",  # (the shipped validator is its generated code, not the library)
        "rich",
        "pydantic",
        "pypdfium2",
        "matplotlib",
        "numpy",
        "distributed",
        "dask",
    )
    ours = ("pachaprint.engine", "pachaprint.render", "pachaprint.pipeline", "pachaprint.studio")
    return {m for m in modules if m.split(".")[0] in roots or m.startswith(ours)}


@pytest.mark.parametrize("args", [["--help"], ["--version"]])
def test_help_and_version_import_no_command(args: list[str]) -> None:
    modules = _modules_after(args)
    assert not {m for m in modules if m.startswith("pachaprint.check")}
    assert not _heavy(modules)


@pytest.mark.parametrize(
    "options", [[], ["--format", "json"], ["--box", "unlimited", "--format=text"]]
)
def test_validate_of_a_valid_file_imports_only_the_checker(options: list[str]) -> None:
    modules = _modules_after(["validate", *options, str(SCENARIO)])
    assert "pachaprint.check.validate" in modules
    assert not _heavy(modules)


def test_version_prints_the_package_version() -> None:
    from pachaprint import __version__

    done = subprocess.run(
        [sys.executable, "-m", "pachaprint", "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == f"pachaprint {__version__}\n" and done.stderr == ""


def test_every_summary_is_the_first_line_of_its_command_docstring() -> None:
    for name, entry in COMMANDS.items():
        tree = ast.parse((ROOT / "pachaprint" / "cli" / f"{entry.module}.py").read_text())
        functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
        # a command named for a Python keyword (import) gives its name to command("...")
        for function in list(functions.values()):
            for decorator in function.decorator_list:
                if isinstance(decorator, ast.Call) and decorator.args:
                    first = decorator.args[0]
                    if isinstance(first, ast.Constant) and isinstance(first.value, str):
                        functions[first.value] = function
        docstring = ast.get_docstring(functions[name])
        assert docstring is not None, name
        assert docstring.split("\n\n")[0].replace("\n", " ") == entry.summary, name


def test_root_help_lists_every_command_in_table_order() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    section = result.stdout.split("Commands:\n")[1].split("\n\n")[0]
    listed = [line.split()[0] for line in section.splitlines() if not line.startswith("   ")]
    assert listed == list(COMMANDS)


def test_an_unknown_command_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["frobnicate"])
    assert result.exit_code == 2
    assert "No such command" in result.output


@pytest.mark.parametrize("name", list(COMMANDS))
def test_help_shows_metavars_never_type_names(name: str) -> None:
    result = CliRunner().invoke(app, [name, "--help"], terminal_width=100)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text.startswith(f"Usage: pachaprint {name} [OPTIONS]")
    usage = text.splitlines()[0]
    assert "{" not in usage and "<" not in usage
    rows = text.split("Options:")[1]
    assert "<bool>" not in text and "<int>" not in text and "list[" not in text
    for line in rows.splitlines():
        if line.startswith("  -") and "  " in line.strip():
            names = line.strip().split("  ")[0]
            assert "<" not in names, line


def test_new_without_seed_draws_one_and_prints_it(tmp_path: Path) -> None:
    out = tmp_path / "mine.json"
    result = CliRunner().invoke(app, ["new", "--size", "tiny", "--out", str(out)])
    assert result.exit_code == 0, result.output
    seed = int(result.stderr.split("seed ")[1].split()[0])
    again = CliRunner().invoke(app, ["new", "--size", "tiny", "--seed", str(seed)])
    written = json.loads(out.read_text(encoding="utf-8"))
    del written["$schema"]  # printed, it has no folder to point from
    assert json.loads(again.stdout) == written


@pytest.mark.parametrize("command", ["render", "build", "wheel", "calibrate"])
def test_lang_option_offers_every_language_of_the_list(command: str) -> None:
    """``--lang`` offers the languages of :data:`pachaprint.resources.LANGUAGES` (the one
    list) and refuses any other code."""
    from pachaprint.resources import LANGUAGES

    shown = CliRunner().invoke(app, [command, "--help"], terminal_width=200)
    assert f"--lang {'|'.join(LANGUAGES)} " in shown.stdout
    refused = CliRunner().invoke(app, [command, "--lang", "nl"])
    assert refused.exit_code == 2 and "'nl' is not one of" in refused.stderr


def test_every_command_and_the_workers_it_forks_look_for_garbage_less_often():
    """``main`` sets the collector's thresholds before the command runs, and a worker
    process forked from it (the build's, simulate's) keeps them."""
    code = (
        "import gc, sys\n"
        "from concurrent.futures import ProcessPoolExecutor\n"
        "from pachaprint.cli import main\n"
        "sys.argv = ['pachaprint', '--help']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "with ProcessPoolExecutor(1) as pool:\n"
        "    worker = pool.submit(gc.get_threshold).result()\n"
        "print(gc.get_threshold(), worker, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "(10000, 50, 100) (10000, 50, 100)"
