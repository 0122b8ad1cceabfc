"""``pachaprint simulate``: how does a scenario play between bots, in any mode?"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from pachaprint.cli.application import UsageError, command
from pachaprint.cli.cluster import SCHEDULER_HELP, cluster_for
from pachaprint.cli.options import OutputFormat

if TYPE_CHECKING:
    from pachaprint.engine.analysis.cluster import Cluster
    from pachaprint.engine.analysis.report import SimulationReport
    from pachaprint.engine.analysis.simulate import SimulationConfig
    from pachaprint.model.scenario import Scenario

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
        help="Games to simulate in total; against the Otoma shared out over the runs "
        "(bot x difficulty), the first runs taking one more when it does not divide evenly.",
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
        help="Bots, one per seat, repeated when short (random, greedy, logician, expert, "
        "oracle-cheat); against the Otoma, each bot in turn.",
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
    scheduler: str | None = typer.Option(
        None, "--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP
    ),
    logs: Path | None = typer.Option(
        None,
        "--logs",
        metavar="DIR",
        help="Write every game's log (pachaprint-game/2) into DIR, to watch one with "
        "'pachaprint table DIR/game-0001.json'.",
    ),
) -> None:
    """Simulate bot games of a scenario and report how it plays.

    The report gives completion, turns, scores per seat, points by source,
    wrong divinations, and flags for anything odd; against the Otoma, the win
    rates per bot and difficulty. Game i of every run uses a seed derived
    from (--seed, i), so a report is the same for any --jobs, and on a cluster.

    Exit 0 when every game ended, 1 when some did not (or the file is invalid),
    2 for usage errors.
    """
    from pachaprint.cli.loading import load_valid_scenario
    from pachaprint.engine.analysis.simulate import SimulationConfig
    from pachaprint.engine.rules.config import ConfigError
    from pachaprint.terminal.display import printable

    try:
        config = SimulationConfig.parse(
            mode, players, bots, difficulty, games, seed, otoma, max_turns
        )
    except ConfigError as exc:
        raise UsageError(f"--{exc.setting.replace('_', '-')}: {exc}") from None
    scenario = load_valid_scenario(path, REFUSAL)
    total = config.games
    with cluster_for(scheduler) as cluster:
        report = _simulate(scenario, config, jobs, cluster, path, total, output_format, quiet, logs)
    if output_format is OutputFormat.json:
        typer.echo(json.dumps(report.to_dict(), indent=2))
    else:
        typer.echo(printable(report.to_text()))
    raise typer.Exit(0 if report.completed == report.games else 1)


def _simulate(
    scenario: Scenario,
    config: SimulationConfig,
    jobs: int,
    cluster: Cluster | None,
    path: Path,
    total: int,
    output_format: OutputFormat,
    quiet: bool,
    logs: Path | None = None,
) -> SimulationReport:
    """The report, with a progress bar on a terminal; exit 1 for a scenario the mode cannot use."""
    from functools import partial

    from pachaprint.engine.analysis.gamelogs import simulate_with_logs
    from pachaprint.engine.analysis.simulate import simulate

    run = simulate if logs is None else partial(simulate_with_logs, folder=logs)
    from pachaprint.terminal.display import printable

    executor, workers = (cluster.executor, cluster.workers) if cluster else (None, 0)
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
                return run(
                    scenario,
                    config,
                    jobs,
                    lambda done: bar.update(task, completed=done),
                    executor,
                    workers,
                )
        return run(scenario, config, jobs, None, executor, workers)
    except ValueError as exc:  # a scenario the mode cannot use
        typer.echo(printable(f"{path}: {exc}"), err=True)
        raise typer.Exit(1) from None
    except OSError as exc:  # the logs' folder
        raise UsageError(printable(f"cannot write the game logs: {exc.strerror or exc}")) from None
