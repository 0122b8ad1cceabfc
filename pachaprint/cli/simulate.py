"""``pachaprint simulate``: how does a scenario play between bots, in any mode?"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError, command
from pachaprint.cli.cluster import cluster_for
from pachaprint.cli.options import OutputFormat
from pachaprint.engine.bots import BOT_NAMES
from pachaprint.engine.rules.config import Mode
from pachaprint.engine.rules.modes import difficulty_words, mode_words

if TYPE_CHECKING:
    from pachaprint.engine.analysis.cluster import Cluster
    from pachaprint.engine.analysis.report import SimulationReport
    from pachaprint.engine.analysis.simulate import SimulationConfig
    from pachaprint.model.scenario import Scenario

REFUSAL = "not a valid scenario; fix it before simulating it"


@command()
def simulate(
    path: Path = typer.Argument(..., metavar="FILE", help="A valid scenario file."),
    games: int = v.games(
        "Games to simulate in total; against the Otoma shared out over the runs "
        "(bot x difficulty), the first runs taking one more when it does not divide evenly."
    ),
    mode: str = v.mode(
        f"{mode_words()}: solo is one player against the Otoma, coop the group.",
        Mode.COMPETITIVE.value,
    ),
    seats: str | None = v.seats(
        "Who sits where: N seats (2-4, default 2; solo has one) filled from --bots, or the "
        "bot of every seat (logician,greedy,greedy)."
    ),
    bots: str | None = v.bots(
        f"Bots, one per seat, repeated when short ({', '.join(BOT_NAMES)}); "
        "against the Otoma, each bot in turn.",
        None,
        show_default="logician,greedy",
    ),
    difficulty: str | None = v.difficulty(
        f"{difficulty_words()} (default: all of the mode's).", several=True
    ),
    otoma: str | None = v.otoma(),
    seed: int = v.seed("Seed; game i uses a seed derived from (seed, i).", 1),
    output_format: OutputFormat = v.format("text: a short summary; json: the full report."),
    jobs: int = v.jobs("Worker processes (the report does not change)."),
    max_turns: int = v.max_turns(),
    quiet: bool = v.quiet(),
    scheduler: str | None = v.scheduler(),
    logs: Path | None = typer.Option(
        None,
        "--logs",
        metavar="DIR",
        help="Write every game's log (pachaprint-game/3) into DIR, to watch one with "
        "'pachaprint table DIR/game-0001.json'.",
    ),
    players: str | None = v.deprecated("--players", "-p"),
) -> None:
    """Simulate bot games of a scenario and report how it plays.

    The report gives completion, turns, scores per seat, points by source,
    wrong divinations, and flags for anything odd; against the Otoma, the win
    rates per bot and difficulty. Game i of every run uses a seed derived
    from (--seed, i), so a report is the same for any --jobs, and on a cluster.

    Exit 0 when every game ended, 1 when some did not (or the file is invalid),
    2 for usage errors.
    """
    from pachaprint.cli.loading import load_disc
    from pachaprint.engine.analysis.simulate import SimulationConfig
    from pachaprint.engine.rules.config import ConfigError
    from pachaprint.engine.rules.modes import mode_class
    from pachaprint.terminal.display import printable

    seats = v.renamed("--players", "--seats", players, seats, None)
    try:
        shared = mode_class(Mode.parse(mode)).has_otoma  # one bot in every seat
        number, names = v.bot_seats(seats, bots, "logician,greedy", shared)
        config = SimulationConfig.parse(
            mode, number, names, difficulty, games, seed, otoma, max_turns
        )
    except ConfigError as exc:
        raise UsageError(f"{v.option_of(exc.setting)}: {exc}") from None
    scenario = load_disc(path, REFUSAL).scenario
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
            from pachaprint.cli.progress import Bars

            stages = {"games": (f"simulating {config.mode.value}", "game")}
            with Bars(True, stages, transient=True) as bars:
                bars("games", 0, total)
                return run(
                    scenario,
                    config,
                    jobs,
                    lambda done: bars("games", done, total),
                    executor,
                    workers,
                )
        return run(scenario, config, jobs, None, executor, workers)
    except ValueError as exc:  # a scenario the mode cannot use
        typer.echo(printable(f"{path}: {exc}"), err=True)
        raise typer.Exit(1) from None
    except OSError as exc:  # the logs' folder
        raise UsageError(printable(f"cannot write the game logs: {exc.strerror or exc}")) from None
