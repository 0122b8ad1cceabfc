"""``pachaprint simulate``: how does a scenario play between bots, in any mode?"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pachaprint.cli.app import UsageError, command
from pachaprint.cli.options import OutputFormat

REFUSAL = "not a valid scenario; fix it before simulating it"


@command()
def simulate(
    path: Path = typer.Argument(..., metavar="FILE", help="A valid scenario file."),
    games: int = typer.Option(
        200,
        "--games",
        "-n",
        min=1,
        metavar="N",
        help="Games to simulate (against the Otoma: per bot and difficulty).",
    ),
    players: int | None = typer.Option(
        None,
        "--players",
        "-p",
        metavar="N",
        help="Seats per game: 2-4 (default 2); solo has one.",
    ),
    bots: str = typer.Option(
        "logician,greedy",
        "--bots",
        "-b",
        metavar="NAME,NAME",
        help="random, greedy, logician, expert (a search player, slower) or oracle-cheat (reads the hidden map: a bound, not a player): one per seat, repeated when short; against the Otoma, each bot in turn.",
    ),
    seed: int = typer.Option(
        1, "--seed", "-s", metavar="N", help="Seed; game i uses a seed derived from (seed, i)."
    ),
    output_format: OutputFormat = typer.Option(
        OutputFormat.text, "--format", "-f", help="text: a short summary; json: the full report."
    ),
    jobs: int = typer.Option(
        1, "--jobs", "-j", min=1, metavar="N", help="Worker processes (the report does not change)."
    ),
    max_turns: int = typer.Option(
        2000,
        "--max-turns",
        min=10,
        metavar="N",
        help="Turns after which a game counts as not ending.",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
    mode: str = typer.Option(
        "competitive",
        "--mode",
        "-m",
        metavar="MODE",
        help="competitive, solo (one player against the Otoma) or coop (the group against the Otoma).",
    ),
    difficulty: str | None = typer.Option(
        None,
        "--difficulty",
        metavar="LEVEL,LEVEL",
        help="solo: easy, hard; coop: easy, normal, expert (default: all of the mode's).",
    ),
    otoma: str | None = typer.Option(
        None,
        "--otoma",
        metavar="CELL,CELL",
        help="The five Otoma start cells (default: the scenario's solo.otoma, else its first five start cells).",
    ),
) -> None:
    """Simulate bot games of a scenario and report how it plays.

    The report gives completion, turns, scores per seat, points by source,
    wrong divinations, and flags for anything odd; against the Otoma, the win
    rates per bot and difficulty.

    Exit 0 when every game ended, 1 when some did not (or the file is invalid),
    2 for usage errors.
    """
    from pachaprint.cli.loading import load_valid_scenario
    from pachaprint.engine.config import ConfigError
    from pachaprint.engine.display import printable
    from pachaprint.engine.simulate import SimulationConfig
    from pachaprint.engine.simulate import simulate as run

    try:
        config = SimulationConfig.parse(
            mode, players, bots, difficulty, games, seed, otoma, max_turns
        )
    except ConfigError as exc:
        raise UsageError(f"--{exc.setting.replace('_', '-')}: {exc}") from None
    scenario = load_valid_scenario(path, REFUSAL)
    total = games * len(config.runs)
    try:
        if output_format is OutputFormat.text and not quiet and total >= 20:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            columns = (
                TextColumn(f"simulating {config.mode.value}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
            )
            with Progress(*columns, transient=True, console=Console(stderr=True)) as bar:
                task = bar.add_task("games", total=total)
                report = run(scenario, config, jobs, lambda done: bar.update(task, completed=done))
        else:
            report = run(scenario, config, jobs)
    except ValueError as exc:  # a scenario the mode cannot use
        typer.echo(printable(f"{path}: {exc}"), err=True)
        raise typer.Exit(1) from None
    if output_format is OutputFormat.json:
        typer.echo(json.dumps(report.to_dict(), indent=2))
    else:
        typer.echo(printable(report.to_text()))
    raise typer.Exit(0 if report.completed == report.games else 1)
