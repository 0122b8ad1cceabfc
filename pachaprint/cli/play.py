"""``pachaprint play``: play a scenario in the terminal, people and bots together."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from pachaprint.cli.app import UsageError, command
from pachaprint.cli.loading import load_valid_scenario
from pachaprint.cli.options import fresh_seed
from pachaprint.cli.simulate import PLAY_REFUSAL


@command()
def play(
    path: Path = typer.Argument(..., help="A valid scenario file (with --resume: a saved game)."),
    players: str = typer.Option(
        "human,logician",
        "--players",
        "-p",
        help="One entry per seat, comma-separated: human, random, greedy or logician.",
    ),
    seed: int = typer.Option(
        None, "--seed", "-s", help="Seed for the first player and the bots (default: random)."
    ),
    save: Path = typer.Option(None, "--save", help="Write the game log here when the game ends."),
    color: bool = typer.Option(
        None, "--color/--no-color", help="Colour the board (default: when on a terminal)."
    ),
    resume: bool = typer.Option(
        False, "--resume", help="PATH is a game saved with 'save FILE': go on playing it."
    ),
    mode: str = typer.Option(
        "competitive",
        "--mode",
        "-m",
        help="competitive, solo (one seat against the Otoma) or coop (2-4 seats against the Otoma).",
    ),
    difficulty: str = typer.Option(
        None, "--difficulty", help="solo: easy or hard; coop: easy, normal or expert."
    ),
    colour: str = typer.Option(
        "brown", "--colour", help="Solo: your pawn colour (brown, white, green or blue)."
    ),
    otoma: str = typer.Option(
        None,
        "--otoma",
        help="Otoma start cells, comma-separated (default: the scenario's solo.otoma).",
    ),
) -> None:
    """Play a scenario in the terminal: people and bots at one table.

    Commands are read from standard input, so a game can also be scripted.
    Type 'help' in the game for the commands.
    """
    from pachaprint.engine.log import save_log
    from pachaprint.engine.play import run_game

    seats = [s.strip().lower() for s in players.split(",") if s.strip()]
    from pachaprint.cli.versus import is_versus_log, play_against_otoma

    if mode != "competitive" or difficulty or otoma or (resume and is_versus_log(path)):
        play_against_otoma(
            path,
            mode,
            seats,
            seed,
            color,
            difficulty,
            colour,
            otoma,
            save,
            resume,
            default_seats=players == "human,logician",
        )
        return
    if not 2 <= len(seats) <= 4:
        raise UsageError(f"--players: name 2 to 4 seats, not {len(seats)}")
    check_seats(seats)
    saved = None
    if resume:
        scenario, saved, logged_seats, logged_seed = _load_saved(path)
        if players == "human,logician" and logged_seats:
            seats = logged_seats  # the seats of the saved game unless --players names others
        if seed is None:
            seed = logged_seed
    else:
        scenario = load_valid_scenario(path, PLAY_REFUSAL)
    if seed is None:
        seed = fresh_seed()
    use_color = sys.stdout.isatty() if color is None else color
    try:
        state = run_game(
            scenario,
            seats,
            seed,
            sys.stdin,
            sys.stdout,
            color=use_color,
            echo=not sys.stdin.isatty(),
            resume=saved,
        )
    except ValueError as exc:
        raise UsageError(f"{path}: {exc}") from None
    if save is not None:
        try:
            save_log(save, scenario, state, seats, seed)
        except OSError as exc:
            raise UsageError(f"cannot write {save}: {exc.strerror or exc}") from None
        typer.echo(f"Game log written to {save} (seed {seed}).")


def check_seats(seats: list[str]) -> None:
    """A usage error for a seat that is neither ``human`` nor a bot name."""
    from pachaprint.engine.bots import BOT_NAMES, HUMAN

    for seat in seats:
        if seat != HUMAN and seat not in BOT_NAMES:
            raise UsageError(f"--players: unknown seat {seat!r} (human, {', '.join(BOT_NAMES)})")


def _load_saved(path: Path):
    """A saved game: (scenario, replayed state, seats, seed), or a clear message and exit 1."""
    import json

    from pachaprint.engine.bots import BOT_NAMES, HUMAN
    from pachaprint.engine.log import replay

    if not path.is_file():
        raise UsageError(f"no such file: {path}")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        scenario, state = replay(data, record_events=True)
    except (OSError, ValueError) as exc:  # LogError and JSON errors are ValueErrors
        typer.echo(f"{path}: cannot resume: {exc}", err=True)
        raise typer.Exit(1) from None
    seats = [s for s in data.get("seats") or [] if s == HUMAN or s in BOT_NAMES]
    seed = data.get("seed") if isinstance(data.get("seed"), int) else None
    return scenario, state, seats if len(seats) == state.players else [], seed
