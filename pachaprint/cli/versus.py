"""``--mode solo|coop`` of ``pachaprint simulate`` and ``pachaprint play``.

Not a command of its own: :mod:`pachaprint.cli.simulate` and
:mod:`pachaprint.cli.play` hand over to these functions when a mode other than
``competitive`` is asked for. All logic is in :mod:`pachaprint.engine`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import NoReturn

import typer

from pachaprint.cli.app import UsageError

MODES = ("competitive", "solo", "coop")


def check_mode(mode: str, difficulty: str | None) -> None:
    """Usage errors for an unknown mode or a difficulty the mode does not have."""
    from pachaprint.engine.simulate_modes import difficulties_of

    if mode not in MODES:
        raise UsageError(f"--mode must be competitive, solo or coop, not {mode!r}")
    if difficulty is not None:
        if mode == "competitive":
            raise UsageError("--difficulty applies to --mode solo or coop only")
        allowed = difficulties_of(mode)
        for level in difficulty.split(","):
            if level.strip() not in allowed:
                raise UsageError(
                    f"--difficulty for {mode} must be {', '.join(allowed)}, not {level.strip()!r}"
                )


def _otoma_cells(otoma: str | None) -> list[str] | None:
    return [c.strip().lower() for c in otoma.split(",") if c.strip()] if otoma else None


def simulate_against_otoma(
    path: Path,
    mode: str,
    games: int,
    players: int,
    bots: str,
    seed: int,
    output_format: str,
    jobs: int,
    max_turns: int,
    quiet: bool,
    difficulty: str | None,
    otoma: str | None,
) -> NoReturn:
    """``pachaprint simulate --mode solo|coop``: win rates against the Otoma per bot and difficulty."""
    from pachaprint.cli.loading import load_valid_scenario
    from pachaprint.cli.simulate import PLAY_REFUSAL, report_simulation
    from pachaprint.engine.bots import BOT_NAMES
    from pachaprint.engine.simulate_modes import difficulties_of, simulate_versus

    check_mode(mode, difficulty)
    if output_format not in ("text", "json"):
        raise UsageError(f"--format must be text or json, not {output_format!r}")
    if mode == "coop" and not 2 <= players <= 4:
        raise UsageError(f"--players: co-op is for 2 to 4 players, not {players}")
    names = [b.strip() for b in bots.split(",") if b.strip()]
    for name in names:
        if name not in BOT_NAMES:
            raise UsageError(f"--bots: unknown bot {name!r} (choose from {', '.join(BOT_NAMES)})")
    if not names:
        raise UsageError("--bots: name at least one bot")
    levels = (
        [d.strip() for d in difficulty.split(",")] if difficulty else list(difficulties_of(mode))
    )
    scenario = load_valid_scenario(path, PLAY_REFUSAL)
    total = games * len(dict.fromkeys(names)) * len(levels)
    report_simulation(
        path,
        f"simulating {mode}",
        total,
        output_format,
        quiet,
        lambda progress: simulate_versus(
            scenario,
            mode,
            games,
            names,
            levels,
            players,
            seed,
            jobs,
            _otoma_cells(otoma),
            max_turns,
            progress=progress,
        ),
    )


def play_against_otoma(
    path: Path,
    mode: str,
    seats: list[str],
    seed: int | None,
    color: bool | None,
    difficulty: str | None,
    colour: str,
    otoma: str | None,
    save: Path | None = None,
    resume: bool = False,
    default_seats: bool = False,
) -> None:
    """``pachaprint play --mode solo|coop``: one seat (solo) or 2-4 seats (co-op) against the Otoma.

    With ``resume`` PATH is a game saved with ``save FILE`` (or ``--save``); its
    seats are used unless ``--players`` names others."""
    from pachaprint.cli.loading import load_valid_scenario
    from pachaprint.cli.options import fresh_seed
    from pachaprint.cli.play import check_seats
    from pachaprint.cli.simulate import PLAY_REFUSAL
    from pachaprint.engine.play_versus import run_versus_game
    from pachaprint.engine.tiles import PLAYER_COLOURS

    check_mode(mode, difficulty)
    log = None
    if resume:
        log = _read_log(path)
        mode = str(log.get("mode"))
        if default_seats and log.get("seats"):
            seats = [str(s) for s in log["seats"]]
    elif default_seats and mode == "solo":
        seats = ["human"]  # the default seats are for two players
    if colour not in PLAYER_COLOURS:
        raise UsageError(f"--colour must be one of {', '.join(PLAYER_COLOURS)}, not {colour!r}")
    if difficulty and "," in difficulty:
        raise UsageError("--difficulty: name one difficulty to play")
    if mode == "solo" and len(seats) != 1:
        raise UsageError(f"--players: solo has one seat (human or a bot), not {len(seats)}")
    if mode == "coop" and not 2 <= len(seats) <= 4:
        raise UsageError(f"--players: co-op has 2 to 4 seats, not {len(seats)}")
    check_seats(seats)
    scenario = None if log is not None else load_valid_scenario(path, PLAY_REFUSAL)
    if seed is None:
        seed = log.get("seed") if log is not None and isinstance(log.get("seed"), int) else None
    if seed is None:
        seed = fresh_seed()
    use_color = sys.stdout.isatty() if color is None else color
    try:
        run_versus_game(
            scenario,
            mode,
            seats,
            seed,
            sys.stdin,
            sys.stdout,
            difficulty,
            colour,  # type: ignore[arg-type]
            _otoma_cells(otoma),
            color=use_color,
            echo=not sys.stdin.isatty(),
            save=save,
            resume=log,
        )
    except ValueError as exc:
        typer.echo(f"{path}: {exc}", err=True)
        raise typer.Exit(1) from None
    except OSError as exc:
        if save is None:
            raise
        raise UsageError(f"cannot write {save}: {exc.strerror or exc}") from None


def is_versus_log(path: Path) -> bool:
    """True when ``path`` is a readable solo or co-op game log (``play --resume`` then needs no ``--mode``)."""
    from pachaprint.engine.versus_log import VERSUS_LOG_FORMAT

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("format") == VERSUS_LOG_FORMAT


def _read_log(path: Path) -> dict:
    """A saved solo or co-op game, or a clear message and exit 1."""
    from pachaprint.engine.versus_log import VERSUS_LOG_FORMAT

    if not path.is_file():
        raise UsageError(f"no such file: {path}")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        typer.echo(f"{path}: cannot resume: {exc}", err=True)
        raise typer.Exit(1) from None
    if not isinstance(data, dict) or data.get("format") != VERSUS_LOG_FORMAT:
        typer.echo(
            f"{path}: cannot resume: not a solo or co-op game log (format {VERSUS_LOG_FORMAT})",
            err=True,
        )
        raise typer.Exit(1)
    return data
