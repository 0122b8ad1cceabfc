"""The fast path (``pachaprint.cli.fast``) prints what the Typer command prints.

``pachaprint validate FILE...`` without options and ``pachaprint --version`` are
answered without importing Typer; ``validate --format text FILE...`` is the
same request through Typer, so the two must give the same bytes and exit code.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pachaprint import __version__
from tests.helpers import EXAMPLES, REPO


def pachaprint(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "pachaprint", *args], capture_output=True, cwd=REPO, check=False
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


@pytest.mark.parametrize(
    "names",
    [
        ["tests/fixtures/lake-shore.json"],
        ["tests/fixtures/lake-shore.json", "tests/fixtures/high-valley.json"],
        ["tests/fixtures"],
        ["FOLDER"],
        ["FOLDER/b-broken.json"],
        ["no-such-file.json"],
        ["FOLDER/notes.txt"],
    ],
)
def test_validate_without_options_prints_what_the_typer_command_prints(names, folder):
    paths = [name.replace("FOLDER", str(folder)) for name in names]
    fast = pachaprint("validate", *paths)
    typer = pachaprint("validate", "--format", "text", *paths)
    assert (fast.returncode, fast.stdout, fast.stderr) == (
        typer.returncode,
        typer.stdout,
        typer.stderr,
    )
    assert fast.returncode in (0, 1, 2)
    if names == ["FOLDER"]:
        lines = fast.stdout.decode().splitlines()
        assert lines[-1].startswith("3 files: 1 valid, 2 invalid (")


def test_version_answers_without_typer():
    result = pachaprint("--version")
    assert result.returncode == 0 and result.stdout.decode() == f"pachaprint {__version__}\n"


def test_the_fast_path_imports_neither_typer_nor_the_renderer():
    code = (
        "import sys\n"
        "sys.argv = ['pachaprint', 'validate', 'tests/fixtures/lake-shore.json']\n"
        "from pachaprint.cli import main\n"
        "try:\n    main()\nexcept SystemExit as exit:\n    assert exit.code == 0\n"
        "heavy = [m for m in ('typer', 'click', 'rich', 'reportlab', 'pachaprint.engine')"
        " if m in sys.modules]\n"
        "print(heavy)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True
    )
    assert result.stdout.splitlines()[-1] == "[]"
