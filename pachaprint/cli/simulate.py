"""``pachaprint simulate``: how does a scenario play between bots?"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import typer

from pachaprint.cli.app import UsageError, command
from pachaprint.cli.loading import load_valid_scenario
from pachaprint.engine.simulate import DEFAULT_MAX_TURNS

PLAY_REFUSAL = "not a valid scenario; fix it before playing it"


@command()
def simulate(
    path: Path = typer.Argument(..., help="A valid scenario file."),
    games: int = typer.Option(200, "--games", "-n", min=1, help="Games to simulate."),
    players: int = typer.Option(2, "--players", "-p", min=2, max=4, help="Players per game (2-4)."),
    bots: str = typer.Option(
        "logician,greedy",
        "--bots",
        "-b",
        help="Bot per seat, comma-separated (random, greedy, logician); repeats when short.",
    ),
    seed: int = typer.Option(
        1, "--seed", "-s", help="Seed; game i uses a seed derived from (seed, i)."
    ),
    output_format: str = typer.Option("text", "--format", "-f", help="text or json."),
    jobs: int = typer.Option(
        1, "--jobs", "-j", min=1, help="Worker processes (the report does not change)."
    ),
    max_turns: int = typer.Option(
        DEFAULT_MAX_TURNS,
        "--max-turns",
        min=10,
        help="Turns after which a game counts as not ending.",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
    mode: str = typer.Option(
        "competitive",
        "--mode",
        "-m",
        help="competitive, solo (one player against the Otoma) or coop (the group against the Otoma).",
    ),
    difficulty: str = typer.Option(
        None,
        "--difficulty",
        help="solo: easy,hard; coop: easy,normal,expert (comma-separated; default all).",
    ),
    otoma: str = typer.Option(
        None,
        "--otoma",
        help="Otoma start cells, comma-separated (default: the scenario's solo.otoma).",
    ),
) -> None:
    """Simulate bot games of a scenario and report how it plays.

    The report gives completion, turns, scores per seat, points by source,
    wrong divinations, and flags for anything odd.

    Exit 0 when every game ended, 1 when some did not (or the file is invalid),
    2 for usage errors.
    """
    if mode != "competitive" or difficulty or otoma:
        from pachaprint.cli.versus import simulate_against_otoma

        simulate_against_otoma(
            path,
            mode,
            games,
            players,
            bots,
            seed,
            output_format,
            jobs,
            max_turns,
            quiet,
            difficulty,
            otoma,
        )
    from pachaprint.engine.simulate import seat_bots
    from pachaprint.engine.simulate import simulate as run

    if output_format not in ("text", "json"):
        raise UsageError(f"--format must be text or json, not {output_format!r}")
    try:
        seat_bots(bots.split(","), players)
    except ValueError as exc:
        raise UsageError(f"--bots: {exc}") from None
    scenario = load_valid_scenario(path, PLAY_REFUSAL)
    report_simulation(
        path,
        "simulating",
        games,
        output_format,
        quiet,
        lambda progress: run(
            scenario, games, players, bots.split(","), seed, jobs, max_turns, progress=progress
        ),
    )


def report_simulation(
    path: Path,
    label: str,
    total: int,
    output_format: str,
    quiet: bool,
    run: Callable[[Callable[[int], None] | None], Any],
) -> NoReturn:
    """Run a simulation, print its report (text or JSON) and exit: 0 when every game ended, else 1.

    ``run(progress)`` does the simulating; for a text report of 20 games or
    more (and not ``quiet``) ``progress`` moves a progress bar on stderr,
    otherwise it is ``None``. A ``ValueError`` from ``run`` is told as
    ``PATH: message`` with exit 1.
    """
    try:
        if output_format == "text" and not quiet and total >= 20:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
            with Progress(*columns, transient=True, console=Console(stderr=True)) as bar:
                task = bar.add_task("games", total=total)
                report = run(lambda done: bar.update(task, completed=done))
        else:
            report = run(None)
    except ValueError as exc:
        typer.echo(f"{path}: {exc}", err=True)
        raise typer.Exit(1) from None
    if output_format == "json":
        typer.echo(json.dumps(report.to_dict(), indent=2))
    else:
        typer.echo(report.to_text())
    raise typer.Exit(0 if report.completed == report.games else 1)
