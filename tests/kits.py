"""Built kits the suite shares: each is built once per test run and read by many tests.

A build takes seconds to minutes, so the tests that read a build's files do
not build their own: the session fixtures of ``tests/conftest.py`` hand them a
:class:`Built` kit, made by the first pytest worker that asks for it (under a
file lock, in the run's shared temporary folder) and read by every other
worker. A kit is never changed: a test that builds again copies it first
(:func:`copy_of`).

* :data:`KIT`, the kit of the gallery, the balance report and the build's
  layout: a long and a tiny scenario of the shipped library, a file that
  breaks a rule and a saved game beside them, both papers, both wheel
  templates, the expert as the strongest bot.
* :data:`SMALL`, one tiny scenario on A4 with the retail wheel, two
  competitive games: the starting point of the tests that change something
  and build again.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from filelock import FileLock
from typer.testing import CliRunner

from tests.helpers import EXAMPLES, LAKE_TERRAIN, REPO, scenario_dict

if TYPE_CHECKING:
    from pachaprint.pipeline.options import BuildOptions

AMBIGUOUS = scenario_dict(LAKE_TERRAIN, ["12142", "34531", "21242", "34353", "12141"], ["a5"])
"""A scenario whose crop layer is not unique: the build reports it and builds the others."""


@dataclass(frozen=True)
class KitRecipe:
    """What a kit is built from: shipped or fixture scenarios, extra files, build options."""

    name: str
    scenarios: tuple[Path, ...]
    args: tuple[str, ...]
    broken: bool = False
    """With a scenario that breaks a rule (``ambiguous.json``) and a saved game beside them."""


KIT = KitRecipe(
    "kit",
    (REPO / "scenarios" / "sacred-valley.json", REPO / "scenarios" / "sun-gate.json"),
    ("--games", "12", "--paper", "both", "--wheel", "both", "--bots", "expert", "--jobs", "2"),
    broken=True,
)
SMALL = KitRecipe(
    "small",
    (EXAMPLES / "lake-shore.json",),
    ("--games", "2", "--mode", "competitive", "--paper", "a4", "--wheel", "retail", "-j", "1"),
)


def small_options() -> BuildOptions:
    """The :class:`~pachaprint.pipeline.options.BuildOptions` the words of :data:`SMALL` make
    (``tests/test_build_rebuild.py`` checks it), for the tests that call the pipeline."""
    from pachaprint.model.printing import PrintSettings
    from pachaprint.pipeline.options import BuildOptions

    printing = PrintSettings(papers=("a4",), wheels=("retail",))
    return BuildOptions(printing, games=2, modes=("competitive",))


@dataclass(frozen=True)
class Built:
    """A kit: the scenario folder it was built from, its output folder, the words of the
    build (after ``build FOLDER --out OUT``), and what the build said (JSON summary on
    standard output, notes on standard error) with its exit code."""

    folder: Path
    out: Path
    args: tuple[str, ...]
    exit_code: int
    stdout: str
    stderr: str

    @property
    def summary(self) -> dict:
        return json.loads(self.stdout)


def _write_sources(recipe: KitRecipe, folder: Path) -> None:
    folder.mkdir(parents=True)
    for source in recipe.scenarios:
        shutil.copy(source, folder / source.name)
    if recipe.broken:
        (folder / "ambiguous.json").write_text(json.dumps(dict(AMBIGUOUS, id="ambiguous")))
        # a game saved by `play` beside the scenarios is skipped with a note, not a failure
        game = {"format": "pachaprint-game/2", "scenario": AMBIGUOUS}
        (folder / "saved-game.json").write_text(json.dumps(game))


def _build(recipe: KitRecipe, root: Path) -> Built:
    from pachaprint.cli import app

    folder, out = root / "scenarios", root / "out"
    _write_sources(recipe, folder)
    args = ["build", str(folder), "--out", str(out), *recipe.args, "--format", "json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == (1 if recipe.broken else 0), result.output
    return Built(folder, out, recipe.args, result.exit_code, result.stdout, result.stderr)


def built_once(recipe: KitRecipe, factory: pytest.TempPathFactory) -> Built:
    """The kit of ``recipe``, built by the first worker of this run that asks for it."""
    base = factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    root = shared / f"built-{recipe.name}"
    record = root / "build.json"
    with FileLock(f"{root}.lock"):
        if not record.exists():
            if root.exists():  # a build that failed half-way in another worker
                shutil.rmtree(root)
            built = _build(recipe, root)
            said = {"exit_code": built.exit_code, "stdout": built.stdout, "stderr": built.stderr}
            record.write_text(json.dumps(said))
    said = json.loads(record.read_text())
    return Built(root / "scenarios", root / "out", recipe.args, **said)


def copy_of(built: Built, where: Path) -> tuple[Path, Path]:
    """A copy of a kit's scenario folder and output folder under ``where``, to change and
    build again (the copy's scenario files lie elsewhere, so its first build makes
    ``index.html`` again, which names them)."""
    shutil.copytree(built.folder, where / "scenarios")
    shutil.copytree(built.out, where / "out", symlinks=True)
    return where / "scenarios", where / "out"
