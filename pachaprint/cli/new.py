"""``pachaprint new``: generate a scenario from a seed."""

from __future__ import annotations

import os
import re
from enum import Enum
from pathlib import Path

import typer

from pachaprint.check.generate import GenerationError, generate
from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError, command
from pachaprint.cli.options import fresh_seed
from pachaprint.fileio import atomic_write_text
from pachaprint.model.scenario import dumps_scenario
from pachaprint.model.text import display_path, plural, printable, quote, text_problem
from pachaprint.resources import with_schema_reference


class Size(str, Enum):
    tiny = "tiny"
    long = "long"


class Level(str, Enum):
    easy = "easy"
    medium = "medium"
    hard = "hard"
    expert = "expert"


@command()
def new(
    size: Size = typer.Option(..., "--size", help="tiny (5x5) or long (5x9)."),
    seed: int | None = v.seed(
        "Random seed: the same seed gives the same scenario (default: a fresh one, printed).",
        None,
    ),
    grade: Level = typer.Option(
        Level.medium,
        "--grade",
        help="The disc's grade: the hardest solving technique a player may need.",
    ),
    givens: int | None = typer.Option(
        None, "--givens", metavar="N", help="Exact number of start cells (long: at least 5)."
    ),
    name: str | None = typer.Option(
        None, "--name", metavar="TEXT", help="Scenario name (the id is derived from it)."
    ),
    scenario_id: str | None = typer.Option(
        None, "--id", metavar="ID", help="Scenario id (a-z, 0-9, hyphens)."
    ),
    author: str | None = typer.Option(
        None, "--author", metavar="TEXT", help="Author name written into the file."
    ),
    out: Path | None = v.out("FILE", "Write to this file instead of printing.", None),
    force: bool = v.force("Replace the --out file if it exists (without it, refuse)."),
    difficulty: Level | None = typer.Option(None, "--difficulty", hidden=True),
) -> None:
    """Generate a valid, unique scenario of the requested grade.

    The start cells are as few as the grade allows (at least 5 on a long
    map, so that it can be played solo). Without --seed a fresh seed is drawn
    and printed on standard error, so the scenario can be made again. A file
    written with --out points its $schema at this install's schema, from the
    file's folder; printed, the scenario has no $schema.
    """
    # --difficulty is the Otoma's level in the commands that play; here it was the grade
    grade = v.renamed("--difficulty", "--grade", difficulty, grade, Level.medium)
    if out is not None:
        _check_out(out, force)
    if seed is None:
        seed = fresh_seed()
        typer.echo(f"pachaprint: seed {seed}", err=True)
    if name is not None and not 1 <= len(name) <= 60:
        raise UsageError("--name must have 1 to 60 characters")
    if author is not None and len(author) > 60:
        raise UsageError("--author must have at most 60 characters")
    for option, value in (("--name", name), ("--author", author)):
        problem = text_problem(value) if value is not None else None
        if problem:
            raise UsageError(f"{option}: {problem}")
    if scenario_id is not None and not re.fullmatch(r"[a-z0-9][a-z0-9-]{0,39}", scenario_id):
        raise UsageError(
            f"--id {quote(scenario_id)} is not an id: use lower-case letters, digits and hyphens,"
            " starting with a letter or digit (at most 40)"
        )
    from pachaprint.cli.progress import Bars

    stage = {"tries": (f"generating a {size.value} disc of grade {grade.value}", "try")}
    try:
        with Bars(True, stage, transient=True) as bars:
            made = generate(
                size.value,
                seed,
                grade.value,
                givens=givens,
                name=name,
                id=scenario_id,
                author=author,
                tried=lambda done, most: bars("tries", done, most),
            )
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    except GenerationError as exc:
        typer.echo(f"pachaprint: {exc}", err=True)
        raise typer.Exit(1) from None
    folder = None if out is None else out.resolve().parent
    text = dumps_scenario(with_schema_reference(made.scenario.to_dict(), folder))
    if out is None:
        typer.echo(text, nl=False)
        return
    shown = display_path(out)
    try:
        atomic_write_text(out, text, follow_symlinks=True)
    except OSError as error:
        raise UsageError(f"cannot write {shown}: {error.strerror or error}") from None
    typer.echo(
        f"{shown}: {printable(made.scenario.name)} ({size.value}, {grade.value}, "
        f"{plural(len(made.scenario.start), 'start cell')})",
        err=True,
    )


def _check_out(out: Path, force: bool) -> None:
    """``--out``: a file name, not a folder; an existing file only with ``--force``."""
    shown = display_path(out)
    if os.path.isdir(out):
        raise UsageError(f"--out {shown} is a folder; give a file name")
    if os.path.lexists(out) and not force:
        raise UsageError(
            f"{shown} exists already; give --force to replace it, or another --out file"
        )
