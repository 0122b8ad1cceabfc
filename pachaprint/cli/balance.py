"""``pachaprint balance``: how fair is each scenario of a folder, and how hard to beat?"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError, command
from pachaprint.cli.cluster import cluster_for
from pachaprint.cli.options import OutputFormat
from pachaprint.engine.rules.config import Mode
from pachaprint.engine.rules.modes import difficulty_words

if TYPE_CHECKING:
    from pachaprint.engine.analysis.balance import BalanceConfig
    from pachaprint.model.scenario import Scenario


@command()
def balance(
    paths: list[Path] = typer.Argument(
        ..., metavar="FILE|DIR...", help="Scenario files, or folders of them (*.json)."
    ),
    games: int = v.games(
        "Games per scenario and mode, in total: shared out over the mode's runs "
        "(bot x difficulty), the first runs taking one more when it does not divide evenly."
    ),
    mode: str = v.mode(
        "Modes to play (solo and co-op only on long scenarios with five start cells).",
        ",".join(mode.value for mode in Mode),
        several=True,
    ),
    seats: str | None = v.seats(
        "Who sits where in the competitive and co-op games: N seats (2-4, default 2) "
        "filled from --bots, or the bot of every competitive seat."
    ),
    bots: str | None = v.bots(
        "The competitive line-up (one per seat, repeated when short) and the bots "
        "to try against the Otoma (default: expert, the strongest bot).",
        None,
    ),
    difficulty: str | None = v.difficulty(
        f"Levels to play against the Otoma ({difficulty_words()}; default: all).",
        several=True,
    ),
    seed: int = v.seed("Seed; game i of every run uses a seed derived from (seed, i).", 1),
    output_format: OutputFormat = v.format(
        "text: one table for all scenarios, then the flags; json: every balance report."
    ),
    jobs: int = v.jobs("Worker processes (the reports do not change)."),
    max_turns: int = v.max_turns(),
    quiet: bool = v.quiet(),
    scheduler: str | None = v.scheduler(),
    players: str | None = v.deprecated("--players", "-p"),
) -> None:
    """Compare the balance of scenarios in one table: fairness, the Otoma, hard deductions.

    For each valid scenario: the first player's and each seat's win rate with
    95 % intervals, the win rate against the Otoma by difficulty (solo and
    co-op, long scenarios), the game length, and how many cells the table
    proves late or never. Flags fire only when the interval supports them.

    Exit 0 when every scenario was valid and every game ended, 1 otherwise,
    2 for usage errors.
    """
    from pachaprint.check.load import collect_files
    from pachaprint.engine.analysis.balance import BalanceConfig
    from pachaprint.engine.rules.config import ConfigError

    seats = v.renamed("--players", "--seats", players, seats, None)
    try:
        number, words = v.bot_seats(seats, bots, "")
        modes = tuple(dict.fromkeys(Mode.parse(m) for m in mode.split(",") if m.strip()))
        names = tuple(b.strip().lower() for b in words.split(",") if b.strip())
        levels = tuple(d.strip().lower() for d in (difficulty or "").split(",") if d.strip())
        players_count = 2 if number is None else number
        config = BalanceConfig(games, seed, modes, players_count, names, (), levels, max_turns)
        _check(config)
    except ConfigError as exc:
        raise UsageError(f"{v.option_of(exc.setting)}: {exc}") from None
    files, missing = collect_files([str(p) for p in paths])
    if missing:
        raise UsageError(f"no such file or folder: {', '.join(missing)}")
    if not files:
        raise UsageError(f"no scenario files (*.json) in {', '.join(map(str, paths))}")
    scenarios, refused = _load(files, {Path(p) for p in paths})
    if not scenarios and not refused:
        raise UsageError(f"no scenario files (*.json) in {', '.join(map(str, paths))}")
    with cluster_for(scheduler) as cluster:
        reports = _run(scenarios, config, jobs, cluster, output_format, quiet)
    if output_format is OutputFormat.json:
        typer.echo(json.dumps(refused + reports, indent=2, ensure_ascii=False))
    else:
        from pachaprint.cli.balance_table import print_table

        print_table(reports, refused, config)
    unfinished = any(
        data["simulation"]["completed"] < data["simulation"]["games"]
        for report in reports
        for data in report["modes"].values()
    )
    raise typer.Exit(1 if refused or unfinished else 0)


def _check(config: BalanceConfig) -> None:
    """Settings errors before any file is read (bad bots, seats, levels)."""
    from pachaprint.engine.bots import check_bot
    from pachaprint.engine.rules.config import ConfigError
    from pachaprint.engine.rules.modes import mode_class

    config.check()
    for name in config.bots:
        check_bot(name)
    classes = [mode_class(mode) for mode in config.modes]
    if any(not rules.has_otoma for rules in classes) and len(config.bots) > config.players:
        raise ConfigError("bots", f"{len(config.bots)} bots named for {config.players} players")
    for rules in classes:
        if len(rules.seat_counts) > 1:  # a mode of one seat plays it whatever --seats says
            rules.check_seats(config.players)


def _load(
    files: list[Path], named: set[Path]
) -> tuple[list[tuple[Path, Scenario]], list[dict[str, Any]]]:
    """The valid scenarios (dots solved) and an entry for each file refused; a file found
    in a folder (not ``named``) that is another kind of file (a saved game) is skipped
    with a note."""
    from pachaprint.check.load import other_format, read_file, skipped_note
    from pachaprint.check.validate import validate_bytes
    from pachaprint.model.scenario import crops_to_rows

    scenarios, refused = [], []
    for path in files:
        try:
            raw = read_file(path)
        except OSError as exc:
            raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
        report = validate_bytes(raw, str(path))
        kind = other_format(raw) if not report.valid and path not in named else None
        if kind is not None:
            v.note(skipped_note(report.file, kind))
            continue
        if not report.valid or report.scenario is None:
            refused.append(
                {
                    "file": str(path),
                    "scenario": report.id,
                    "valid": False,
                    "errors": [{"rule": p.rule.value, "message": p.message} for p in report.errors],
                }
            )
            continue
        scenario = report.scenario
        if not scenario.is_complete and report.solution is not None:
            scenario = scenario.with_crops(crops_to_rows(scenario.board, report.solution))
        scenarios.append((path, scenario))
    return scenarios, refused


def _run(
    scenarios: list[tuple[Path, Scenario]],
    config: BalanceConfig,
    jobs: int,
    cluster: Any,
    output_format: OutputFormat,
    quiet: bool,
) -> list[dict[str, Any]]:
    from pachaprint.engine.analysis.balance import balance_many

    executor, workers = (cluster.executor, cluster.workers) if cluster else (None, 0)
    models = [s for _, s in scenarios]
    if output_format is OutputFormat.text and not quiet:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        columns = (
            TextColumn("balancing"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
        )
        with Progress(*columns, transient=True, console=Console(stderr=True)) as bar:
            task = bar.add_task("games", total=None)
            reports = balance_many(
                models,
                config,
                jobs,
                executor,
                workers,
                lambda done, total: bar.update(task, completed=done, total=total),
            )
    else:
        reports = balance_many(models, config, jobs, executor, workers)
    return [
        {"file": str(path), "valid": True, **r}
        for (path, _), r in zip(scenarios, reports, strict=True)
    ]
