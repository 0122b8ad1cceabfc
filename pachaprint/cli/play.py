"""``pachaprint play``: play a scenario in the terminal, people and bots together, in any mode."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError, command
from pachaprint.engine.bots import BOT_NAMES, HUMAN
from pachaprint.model.text import choice_words

if TYPE_CHECKING:  # the engine is imported when the command runs, not when the CLI starts
    from pachaprint.engine.rules.log import SavedGame
    from pachaprint.model.scenario import Scenario

REFUSAL = "not a valid scenario; fix it before playing it"


@command()
def play(
    path: Path = typer.Argument(
        ..., metavar="FILE", help="A valid scenario file (with --resume: a saved game)."
    ),
    mode: str | None = v.game_mode(),
    seats: str | None = v.seats(
        f"Who sits where, one entry per seat: {choice_words((HUMAN, *BOT_NAMES))} (expert "
        "searches, oracle-cheat reads the hidden map); or N seats, you and N-1 logicians "
        "(default: human,logician; solo: human)."
    ),
    difficulty: str | None = v.game_difficulty(),
    otoma: str | None = v.otoma(fallback=False),
    colour: str | None = v.colour(),
    seed: int | None = v.game_seed(),
    save: Path | None = typer.Option(
        None,
        "--save",
        metavar="FILE",
        help="Write the game log here when the game ends or is left.",
    ),
    resume: bool = typer.Option(
        False, "--resume", help="FILE is a game saved with 'save FILE' or --save: go on playing it."
    ),
    ansi: bool | None = typer.Option(
        None,
        "--ansi/--plain",
        help="Board in terminal colours, or plain text (default: colours on a terminal unless NO_COLOR is set).",
    ),
    players: str | None = v.deprecated("--players", "-p"),
) -> None:
    """Play a scenario in the terminal: people and bots at one table.

    Commands are read from standard input, so a game can also be scripted.
    Type 'help' in the game for the commands and 'board' for the legend.
    Exit 0 when the game ends or is left, 1 for an invalid scenario or a
    damaged saved game, 2 for usage errors.
    """
    from pachaprint.cli.loading import load_saved_game
    from pachaprint.engine.rules.config import ConfigError
    from pachaprint.engine.rules.log import save_log
    from pachaprint.play.setup import PlayConfig
    from pachaprint.terminal.display import printable
    from pachaprint.terminal.play import run_game

    saved: SavedGame | None = None
    seats = v.renamed("--players", "--seats", players, seats, None)
    try:
        if resume:
            saved = load_saved_game(path, "cannot resume")
            given = {"mode": mode, "difficulty": difficulty, "otoma": otoma, "colour": colour}
            try:
                config = PlayConfig.resuming(saved, seats, **given, seed=seed)
            except ConfigError as exc:
                if seats is not None or exc.setting not in ("players", "seats"):
                    raise
                typer.echo(  # the file's own seats, not an option given: the file's problem
                    printable(
                        f"{path}: cannot resume: {exc} (it names no seat for each player: "
                        "give --seats, one per player)"
                    ),
                    err=True,
                )
                raise typer.Exit(1) from None
            scenario = saved.scenario
        else:
            config = PlayConfig.parse(mode, seats, difficulty, otoma, colour, seed)
            scenario = _load_scenario(path)
        use_ansi = (
            ansi if ansi is not None else sys.stdout.isatty() and "NO_COLOR" not in os.environ
        )
        state = run_game(
            scenario, config, sys.stdin, sys.stdout, use_ansi, not sys.stdin.isatty(), saved
        )
    except ConfigError as exc:
        raise UsageError(f"{v.option_of(exc.setting)}: {exc}") from None
    except ValueError as exc:  # a scenario the mode cannot use
        typer.echo(printable(f"{path}: {exc}"), err=True)
        raise typer.Exit(1) from None
    if save is not None:
        try:
            save_log(save, scenario, state, list(config.seats))
        except OSError as exc:
            raise UsageError(printable(f"cannot write {save}: {exc.strerror or exc}")) from None
        typer.echo(printable(f"Game log written to {save} (seed {config.game.seed})."))


def _load_scenario(path: Path) -> Scenario:
    from pachaprint.cli.loading import load_disc

    return load_disc(path, REFUSAL).scenario
