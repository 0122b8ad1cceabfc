"""Reading the one scenario (or saved game) a command works on: valid, complete, or a
clear refusal."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from pachaprint.check.load import read_file, unusable_path
from pachaprint.check.validate import validate_bytes
from pachaprint.cli.application import UsageError
from pachaprint.model.disc import Disc
from pachaprint.model.text import display_path

if TYPE_CHECKING:  # the engine is imported when a game is read, not when the CLI starts
    from pachaprint.engine.rules.log import SavedGame


def missing_file(path: Path) -> str:
    """Why ``path`` is not a file to read: ``no such file``, a link loop, a folder..."""
    reason = unusable_path(path)
    if reason is None or reason == "no such file or folder":
        return "no such file" if not os.path.isdir(path) else "a folder, not a scenario file"
    return reason


def load_disc(path: Path, refusal: str, box: str = "retail", dots_note: str | None = None) -> Disc:
    """The checked disc of a valid file: its dots filled with the unique solution, graded,
    its share code made (the checker's one solve and one grade of it).

    A missing or unreadable file is a usage error (exit 2). An invalid one
    prints ``path: rule: message`` per problem and ``path: <refusal>``, then
    exits 1. ``dots_note`` is the warning shown when dots were filled.
    """
    shown = display_path(path)
    if not os.path.isfile(path):  # (os.path: a name too long to be a file is no error)
        raise UsageError(f"{missing_file(path)}: {shown}")
    try:
        raw = read_file(path)
    except OSError as exc:
        raise UsageError(f"cannot read {shown}: {exc.strerror or exc}") from None
    report = validate_bytes(raw, str(path), box)
    if not report.valid or report.disc is None:
        for problem in report.errors:
            typer.echo(f"{shown}: {problem.rule.value}: {problem.message}", err=True)
        typer.echo(f"{shown}: {refusal}", err=True)
        raise typer.Exit(1)
    if not report.scenario.is_complete:
        typer.echo(
            f"{shown}: warning: {dots_note or 'the crop layer has dots; using the unique solution'}",
            err=True,
        )
    disc: Disc = report.disc
    return disc


def load_saved_game(path: Path, refusal: str) -> SavedGame:
    """A saved game replayed with its events (``play --resume``, ``table``), or a clear
    message: exit 2 for a file that cannot be read, exit 1 for a damaged log
    (``path: <refusal>: why``)."""
    from pachaprint.engine.rules.log import LogError, load_log
    from pachaprint.terminal.display import printable

    if not os.path.isfile(path):
        raise UsageError(printable(f"{missing_file(path)}: {path}"))
    try:
        return load_log(path, record_events=True)
    except OSError as exc:
        raise UsageError(printable(f"cannot read {path}: {exc.strerror or exc}")) from None
    except LogError as exc:
        typer.echo(printable(f"{path}: {refusal}: {exc}"), err=True)
        raise typer.Exit(1) from None
