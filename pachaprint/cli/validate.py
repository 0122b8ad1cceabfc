"""``pachaprint validate`` and ``pachaprint solve``: thin shells over :mod:`pachaprint.check`."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

import typer

from pachaprint.check.load import read_file
from pachaprint.check.problems import Rule
from pachaprint.check.solver import SolveResult, SolveStatus, givens_of
from pachaprint.check.validate import validate_bytes
from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError, command
from pachaprint.cli.checking import (
    PathProblem,
    report_lines,
    scenario_paths,
    validate_files,
)
from pachaprint.cli.options import BoxLimit, OutputFormat
from pachaprint.model.board import Board
from pachaprint.model.scenario import Scenario
from pachaprint.model.text import display_path, plural


def _read(path: Path) -> bytes:
    try:
        return read_file(path)
    except OSError as exc:
        raise UsageError(f"cannot read {display_path(path)}: {exc.strerror or exc}") from None


def _files(paths: list[str]) -> list[Path]:
    try:
        return scenario_paths(paths)
    except PathProblem as exc:
        raise UsageError(str(exc)) from None


@command()
def validate(
    paths: list[str] = typer.Argument(
        ..., metavar="FILE|DIR...", help="Scenario files, or folders of *.json scenario files."
    ),
    format: OutputFormat = v.format(
        "text: one line per problem; json: a list with one object per file."
    ),
    box: BoxLimit = v.box(),
) -> None:
    """Check scenario files against the schema and every rule of the game.

    A folder gives its *.json files; one whose format names another kind of
    file (a saved game, a studio draft) is skipped with a note. Exit code 0
    when all are valid, 1 when at least one is invalid, 2 for usage errors.
    """
    files = _files(paths)
    raise typer.Exit(validate_files(files, format.value, box.value, typer.echo, paths))


def grid_text(
    scenario: Scenario, crops: Sequence[int], mark: frozenset[int] | set[int] = frozenset()
) -> str:
    """A board as text: terrain letter + crop level per cell, start cells starred."""
    board = scenario.board
    header = "    " + " ".join(f" {'abcdefghi'[c]} " for c in range(board.width))
    lines = [header]
    for row in range(board.height):
        cells = []
        for column in range(board.width):
            cell = board.cell(column, row)
            level = crops[cell] or "."
            cells.append(f"{scenario.terrain_at(cell)}{level}{'*' if cell in mark else ' '}")
        lines.append(f"  {row + 1} " + " ".join(cells))
    return "\n".join(lines)


@command()
def solve(
    path: Path = typer.Argument(
        ..., metavar="FILE", help="A scenario file whose start cells carry their crops."
    ),
    write: bool = typer.Option(
        False, "--write", help="Write the solved crop layer back into the file."
    ),
    explain: bool = typer.Option(
        False, "--explain", help="Print the chain of deductions, cell by cell."
    ),
    format: OutputFormat = v.format(
        "text: the solved grid (or the problems); json: the solution as data."
    ),
) -> None:
    """Derive the crop layer from the terrain and the start cells' crops.

    Prints the unique solution, or why there is none, or two different
    solutions with the start cells that would settle them. Exit 0 when unique.
    """
    if not os.path.isfile(path):
        from pachaprint.cli.loading import missing_file

        raise UsageError(f"{missing_file(path)}: {display_path(path)}")
    raw = _read(path)
    report = validate_bytes(raw, str(path), difficulty=False)  # (solve shows no grade)
    shown = report.file
    stop = {Rule.JSON, Rule.SCHEMA, Rule.DIMENSIONS}
    if report.scenario is None or any(p.rule in stop for p in report.errors):
        for line in report_lines(report):
            typer.echo(line, err=True)
        raise typer.Exit(1)
    scenario: Scenario = report.scenario
    result: SolveResult = report.solved  # the checker's one solve: the layers that differ too
    givens = givens_of(scenario)
    board = scenario.board
    start = set(givens)
    told: set[Rule] = set()
    unsolvable = next((p for p in report.errors if p.rule is Rule.UNSOLVABLE), None)
    reason = unsolvable.message if unsolvable else None
    if format is OutputFormat.json:
        payload = {
            "file": shown,
            "status": result.status.value,
            "valid": report.valid,
            "reason": reason,
            "solution": _rows(board, result.solution),
            "other": _rows(board, result.other),
            "differing": board.names(result.differing),
            "problems": [p.to_dict() for p in report.errors],
        }
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        told = set(Rule)
    elif result.status is SolveStatus.NONE:
        typer.echo(f"{shown}: unsolvable: {reason}")
        told.add(Rule.UNSOLVABLE)
    elif result.status is SolveStatus.MULTIPLE and result.solution and result.other:
        problem = next((p for p in report.errors if p.rule is Rule.NOT_UNIQUE), None)
        message = problem.message if problem else "more than one crop layer fits"
        typer.echo(f"{shown}: not-unique: {message}")
        told.add(Rule.NOT_UNIQUE)
        differ = set(result.differing)
        typer.echo(
            "\nOne solution (cells that differ marked *):\n"
            + grid_text(scenario, result.solution, differ)
        )
        typer.echo("\nAnother solution:\n" + grid_text(scenario, result.other, differ))
    elif result.solution is not None:
        typer.echo(
            f"{shown}: unique solution from {plural(len(givens), 'start cell')} (start cells marked *):"
        )
        typer.echo(grid_text(scenario, result.solution, start))
        if explain:
            _print_explanation(scenario)
    # Every rule problem of the map, not only the solver's: a map that breaks
    # any rule is not written, even when its crop layer is unique.
    for problem in report.errors:
        if problem.rule not in told:
            typer.echo(f"{shown}: {problem.rule.value}: {problem.message}", err=True)
    if report.errors:
        if write:
            count = len(report.errors)
            typer.echo(
                f"{shown}: not written: {plural(count, 'problem')}"
                " (listed above); fix the map first",
                err=True,
            )
        raise typer.Exit(1)
    if write and result.solution is not None:
        from pachaprint.check.fill import filled_text

        text = filled_text(raw, board, result.solution)
        # a complete layer is the solution (a valid file): the file is left as it is
        if scenario.is_complete or text.encode("utf-8") == raw:
            typer.echo(f"{shown}: unchanged: the crop layer was already complete")
            return
        try:
            from pachaprint.fileio import atomic_write_text

            atomic_write_text(path, text, follow_symlinks=True)
        except OSError as exc:
            raise UsageError(f"cannot write {shown}: {exc.strerror or exc}") from None
        typer.echo(f"{shown}: crop layer written")


def _rows(board: Board, flat: Sequence[int] | None) -> list[str] | None:
    if flat is None:
        return None
    return [
        "".join(str(flat[board.cell(c, r)]) for c in range(board.width))
        for r in range(board.height)
    ]


def _print_explanation(scenario: Scenario) -> None:
    from pachaprint.check.explain import explain as explain_chain

    for number, step in enumerate(explain_chain(scenario), start=1):
        typer.echo(f"{number:3}. {step.text}")
