"""The fast path (``pachaprint.cli.fast``) prints what the Typer command prints.

``pachaprint validate [--format text|json] [--box retail|unlimited] FILE...``
and ``pachaprint --version`` are answered without importing Typer; the Typer
application itself (called without the fast path) must give the same bytes
and exit code for the same request.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pachaprint import __version__
from pachaprint.cli.fast import VALIDATE_OPTIONS, validate_request
from tests.helpers import EXAMPLES, REPO


def pachaprint(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "pachaprint", *args], capture_output=True, cwd=REPO, check=False
    )


def through_typer(*args: str) -> subprocess.CompletedProcess[bytes]:
    """The same command, answered by the Typer application (never the fast path)."""
    code = (
        "from pachaprint.cli import _escape_unencodable_output\n"
        "from pachaprint.cli.application import app\n"
        "_escape_unencodable_output()\n"
        "app(prog_name='pachaprint')\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, cwd=REPO, check=False
    )


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A valid scenario, one that breaks a rule, one that is not JSON and a note that is skipped."""
    path = tmp_path_factory.mktemp("mixed")
    (path / "a-valid.json").write_bytes((EXAMPLES / "lake-shore.json").read_bytes())
    broken = json.loads((EXAMPLES / "lake-shore.json").read_text(encoding="utf-8"))
    broken["crops"][0] = "55555"
    (path / "b-broken.json").write_text(json.dumps(broken), encoding="utf-8")
    (path / "c-not-json.json").write_text("{oops", encoding="utf-8")
    (path / "notes.txt").write_text("not a scenario", encoding="utf-8")
    return path


CASES = [
    (names, [])
    for names in (
        ["tests/fixtures/lake-shore.json"],
        ["tests/fixtures/lake-shore.json", "tests/fixtures/high-valley.json"],
        ["tests/fixtures"],
        ["FOLDER"],
        ["FOLDER/b-broken.json"],
        ["no-such-file.json"],
        ["FOLDER/notes.txt"],
    )
] + [
    (names, options)
    for names in (["FOLDER"], ["tests/fixtures/lake-shore.json", "FOLDER/b-broken.json"])
    for options in (
        ["--format", "json"],
        ["--format", "text", "--box", "unlimited"],
        ["--format=json", "--box=unlimited"],
        ["--box", "retail", "--format", "json", "--format", "text"],
        ["--format", "JSON"],  # not a choice: Typer says so
        ["--box"],  # no value: Typer says so
        ["--", "--format"],  # after --, a path: Typer says it is missing
        ["--help"],
    )
]


@pytest.mark.parametrize("names, options", CASES)
def test_validate_prints_what_the_typer_command_prints(names, options, folder):
    paths = [name.replace("FOLDER", str(folder)) for name in names]
    args = ["validate", *paths[:1], *options, *paths[1:]]
    fast = pachaprint(*args)
    typer = through_typer(*args)
    assert (fast.returncode, fast.stdout, fast.stderr) == (
        typer.returncode,
        typer.stdout,
        typer.stderr,
    )
    assert fast.returncode in (0, 1, 2)
    if names == ["FOLDER"] and not options:
        lines = fast.stdout.decode().splitlines()
        assert lines[-1].startswith("3 files: 1 valid, 2 invalid (")
    if options[:2] == ["--format", "json"]:
        assert [report["valid"] for report in json.loads(fast.stdout)] == (
            [True, False, False] if names == ["FOLDER"] else [True, False]
        )


@pytest.mark.parametrize(
    "args",
    [
        ["--format", "json", "a.json"],
        ["a.json", "--box=unlimited", "b.json", "--format", "text"],
        ["--box", "retail", "a.json"],
    ],
)
def test_the_fast_path_takes_the_options_it_knows(args):
    paths, settings = validate_request(args)
    assert paths == [a for a in args if a.endswith(".json")]
    assert settings["format"] == ("json" if "json" in args else "text")
    assert settings["box"] == ("unlimited" if "--box=unlimited" in args else "retail")


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--format", "json"],
        ["--format", "yaml", "a.json"],
        ["--format"],
        ["--box=", "a.json"],
        ["--quiet", "a.json"],
        ["--", "a.json"],
        ["-", "a.json"],
        ["-f=json", "a.json"],  # click reads the value "=json", not a choice
    ],
)
def test_the_fast_path_leaves_anything_else_to_typer(args):
    assert validate_request(args) is None


def test_the_fast_paths_options_are_the_commands_options():
    """Every option of ``validate`` is one the fast path knows, spelt and valued alike:
    renaming an option in cli/validate.py without the table here fails this test."""
    import click
    from typer.main import get_command

    from pachaprint.cli.application import app

    root = get_command(app)
    validate = root.get_command(click.Context(root), "validate")  # type: ignore[attr-defined]
    declared = {}
    for param in validate.params:
        if param.param_type_name != "option" or param.name == "help":
            continue
        for spelling in param.opts + param.secondary_opts:
            declared[spelling] = (param.name, tuple(param.type.choices), param.default)
    known = {
        spelling: (setting, choices, choices[0])
        for spelling, (setting, choices) in VALIDATE_OPTIONS.items()
    }
    assert {k: v[:2] for k, v in declared.items()} == {k: v[:2] for k, v in known.items()}
    assert {k: str(getattr(v[2], "value", v[2])) for k, v in declared.items()} == {
        k: v[2] for k, v in known.items()
    }


def test_version_answers_without_typer():
    result = pachaprint("--version")
    assert result.returncode == 0 and result.stdout.decode() == f"pachaprint {__version__}\n"


SLOW_TO_IMPORT = (
    "typer",
    "click",
    "rich",
    "reportlab",
    "jsonschema",
    "fastjsonschema",
    "pachaprint.engine",
    "pachaprint.render",
    # the standard library a bare start does not load: each costs a millisecond or more
    "typing",
    "threading",
    "unicodedata",
    "zlib",
)


@pytest.mark.parametrize(
    "options", [[], ["--format", "json"], ["--box", "unlimited", "--format=text"]]
)
def test_the_fast_path_imports_nothing_a_valid_file_does_not_need(options):
    code = (
        "import sys\n"
        f"sys.argv = ['pachaprint', 'validate', *{options!r}, 'tests/fixtures/lake-shore.json']\n"
        "from pachaprint.cli import main\n"
        "try:\n    main()\nexcept SystemExit as exit:\n    assert exit.code == 0\n"
        f"print([m for m in {SLOW_TO_IMPORT!r} if m in sys.modules])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True
    )
    assert result.stdout.splitlines()[-1] == "[]"
