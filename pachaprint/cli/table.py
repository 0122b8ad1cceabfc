"""``pachaprint table``: play a disc in the browser (a thin shell over :mod:`pachaprint.table`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError, command
from pachaprint.engine.bots import FAIR_BOTS, HUMAN
from pachaprint.model.text import choice_words

if TYPE_CHECKING:  # the engine is imported when the command runs, not when the CLI starts
    from pachaprint.model.scenario import Scenario
    from pachaprint.table.session import NewGame

REFUSAL = "not a valid scenario; fix it before playing it"


@command()
def table(
    source: str = typer.Argument(
        ...,
        metavar="FILE|CODE",
        help="A valid scenario file, a saved game (pachaprint-game/3, or an earlier one) to replay or go on with, "
        "or a disc's share code (or a wheel.html#CODE or tiwanaku-app link).",
    ),
    mode: str | None = v.game_mode(),
    seats: str | None = v.seats(
        f"Who sits where, one entry per seat: {choice_words((HUMAN, *FAIR_BOTS))}; or N "
        "seats of people (default: human,human; solo: human)."
    ),
    difficulty: str | None = v.game_difficulty(),
    otoma: str | None = v.otoma(fallback=False),
    colour: str | None = v.colour(),
    seed: int | None = v.game_seed(),
    port: int = v.port(8770),
    no_browser: bool = v.no_browser(),
) -> None:
    """Play a disc in the browser: hot-seat, bots, solo and co-op.

    The page shows the board, the diversity board, the score track, the
    supplies and hands as printed; pick a pawn and its legal destinations
    light up. Bots and the Otoma move step by step. The server holds the map
    and answers only what the players may see. Games are saved to and opened
    from the folder of FILE (a saved game replays from its start, or goes on
    where it was left); a disc from a share code saves its games in the
    current folder. Serves on 127.0.0.1 only with this session's token;
    Ctrl-C stops it. Exit 1 for an invalid disc or saved game, 2 for usage
    errors.
    """
    from pachaprint.check.load import parse_bytes, read_file
    from pachaprint.cli.loading import load_saved_game
    from pachaprint.engine.rules.config import ConfigError
    from pachaprint.model.text import display_path
    from pachaprint.table.server import PortError, is_saved_game, serve, session_for
    from pachaprint.terminal.display import printable

    path = Path(source)
    shown = display_path(path)
    a_file = os.path.isfile(path) or path.suffix.lower() == ".json"
    shared = None if a_file else _load_code(source)
    if shared is None and not os.path.isfile(path):
        from pachaprint.cli.loading import missing_file

        raise UsageError(f"{missing_file(path)}: {shown} (nor a share code)")
    try:
        data, _ = parse_bytes(read_file(path)) if shared is None else ({}, [])
    except OSError as exc:
        raise UsageError(f"cannot read {shown}: {exc.strerror or exc}") from None
    try:
        if shared is not None:
            session = session_for(
                Path.cwd(), shared, _words(mode, seats, difficulty, colour, otoma, seed)
            )
        elif is_saved_game(data):
            given = {"mode": mode, "seats": seats, "difficulty": difficulty, "otoma": otoma}
            for setting, value in {**given, "colour": colour, "seed": seed}.items():
                if value is not None:
                    raise ConfigError(setting, "comes from the saved game")
            saved = load_saved_game(path, "cannot open this game")
            try:
                session = session_for(path.parent, saved=saved)
            except ConfigError as exc:  # the game's own seats: not a usage error
                typer.echo(printable(f"{shown}: cannot open this game: {exc}"), err=True)
                raise typer.Exit(1) from None
        else:
            words = _words(mode, seats, difficulty, colour, otoma, seed)
            session = session_for(path.parent, _load_scenario(path), words)
    except ConfigError as exc:
        raise UsageError(f"{v.option_of(exc.setting)}: {exc}") from None
    except ValueError as exc:  # a disc the mode cannot use
        typer.echo(printable(f"{shown}: {exc}"), err=True)
        raise typer.Exit(1) from None
    try:
        serve(session, port, open_browser=not no_browser, say=typer.echo)
    except PortError as exc:
        raise UsageError(str(exc)) from None


def _words(
    mode: str | None,
    seats: str | None,
    difficulty: str | None,
    colour: str | None,
    otoma: str | None,
    seed: int | None,
) -> NewGame:
    from pachaprint.table.session import NewGame

    return NewGame(mode or "competitive", _seat_words(seats, mode), difficulty, colour, otoma, seed)


def _load_code(text: str) -> Scenario | None:
    """The disc a share code (or a link holding one) gives, proved valid; ``None`` when the
    text is no code; a clear message and exit 1 for a code that gives no valid disc."""
    from pachaprint.share.importing import convert
    from pachaprint.share.inputs import item_of_text
    from pachaprint.terminal.display import printable

    item = item_of_text(text)
    if item is None:
        return None
    imported = convert(item)
    for note in imported.notes:
        typer.echo(printable(f"{item.label}: {note}"), err=True)
    if imported.scenario is None:
        for problem in imported.problems or ["no disc in that code"]:
            typer.echo(printable(f"{item.label}: {problem}"), err=True)
        raise typer.Exit(1)
    return imported.scenario


def _seat_words(seats: str | None, mode: str | None) -> tuple[str, ...]:
    """The seats named on the command line; a number of seats, or none, are people only
    (two, or one in solo)."""
    from pachaprint.engine.rules.config import Mode
    from pachaprint.engine.rules.modes import mode_class
    from pachaprint.play.setup import seats_for

    game_mode = Mode.parse(mode or Mode.COMPETITIVE.value)
    people = (HUMAN,) * mode_class(game_mode).seat_counts[0]
    return seats_for(game_mode, seats, people, FAIR_BOTS)


def _load_scenario(path: Path) -> Scenario:
    from pachaprint.cli.loading import load_disc

    return load_disc(path, REFUSAL).scenario
