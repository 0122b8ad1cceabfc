"""``pachaprint balance``: how fair is each scenario of a folder, and how hard to beat?

The command plays every valid scenario (:func:`pachaprint.engine.analysis.balance.balance_many`)
and prints one table for all of them, then the flags. The table has a column per
figure (about 150 characters for the shipped library). Where the console is
narrower, as an 80-column terminal, it folds: one block per scenario, a line per
mode, every figure with its heading, so nothing is cut. ``--format json`` holds
every report in full.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError, command
from pachaprint.cli.cluster import cluster_for
from pachaprint.cli.options import OutputFormat
from pachaprint.engine.rules.config import Mode
from pachaprint.engine.rules.modes import difficulty_words
from pachaprint.model.figures import percent

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

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
    from pachaprint.cli.checking import PathProblem, scenario_paths
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
    try:
        files = scenario_paths([str(p) for p in paths])
    except PathProblem as problem:
        raise UsageError(str(problem)) from None
    scenarios, refused = _load(files, {Path(p) for p in paths})
    if not scenarios and not refused:
        raise UsageError(f"no scenario files (*.json) in {', '.join(map(str, paths))}")
    with cluster_for(scheduler) as cluster:
        reports = _run(scenarios, config, jobs, cluster, output_format, quiet)
    if output_format is OutputFormat.json:
        typer.echo(json.dumps(refused + reports, indent=2, ensure_ascii=False))
    else:
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
        if not report.valid or report.disc is None:
            refused.append(
                {
                    "file": str(path),
                    "scenario": report.id,
                    "valid": False,
                    "errors": [{"rule": p.rule.value, "message": p.message} for p in report.errors],
                }
            )
            continue
        scenarios.append((path, report.disc.scenario))
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
        from pachaprint.cli.progress import Bars

        stages = {"games": ("balancing", "game")}
        totals = [0]

        def progress(done: int, total: int) -> None:
            totals[0] = total
            bars("games", done, total)

        with Bars(True, stages, transient=True, long_stages=frozenset({"games"})) as bars:
            reports = balance_many(models, config, jobs, executor, workers, progress)
            if totals[0]:  # a run that its flags decided early leaves its last games unplayed
                bars("games", totals[0], totals[0])
    else:
        reports = balance_many(models, config, jobs, executor, workers)
    return [
        {"file": str(path), "valid": True, **r}
        for (path, _), r in zip(scenarios, reports, strict=True)
    ]


# -- the text: one table for all scenarios, then the flags ---------------------------------
MODES = (("solo", "solo"), ("coop", "co-op"))
"""The modes against the Otoma: report key and the word the table uses."""


@dataclass(frozen=True)
class Column:
    """A column of the wide table; ``group`` and ``name`` label its figure in a folded block."""

    heading: str
    group: str
    """``""`` (the scenario's own line), ``competitive``, ``solo``, ``co-op`` or ``more``."""
    name: str


def rate(entry: dict[str, Any]) -> str:
    """``"52 % (42-62)"``: a win rate and its 95 % interval."""
    low, high = entry["interval"]
    return f"{percent(entry['win_rate'])} ({percent(low)[:-2]}-{percent(high)[:-2]})"


def columns(reports: list[dict[str, Any]]) -> list[Column]:
    """The table's columns for ``reports`` (a column per difficulty any of them played)."""
    found = [
        Column("scenario", "", "scenario"),
        Column("size", "", "size"),
        Column("first player", "competitive", "first player"),
        Column("seats", "competitive", "seats"),
    ]
    for mode, word in MODES:
        levels = dict.fromkeys(run["difficulty"] for r in reports for run in _runs(r, mode))
        found += [Column(f"{word} {level}", word, level) for level in levels]
    found += [
        Column("median turns", "more", "median turns"),
        Column("hard cells", "more", "hard cells"),
        Column("flags", "more", "flags"),
    ]
    return found


def rows(reports: list[dict[str, Any]]) -> tuple[list[str], list[list[str]]]:
    """The comparison table: a header and one row per scenario (plain strings)."""
    cols = columns(reports)
    table = []
    for report in reports:
        game = report["modes"].get("competitive")
        row = [report["scenario"], report["size"]]
        if game:
            row.append(rate(game["first_player"]))
            row.append("/".join(percent(s["win_rate"])[:-2] for s in game["seats"]) + " %")
        else:
            row += ["-", "-"]
        for mode, word in MODES:
            by_level = {run["difficulty"]: run for run in _runs(report, mode)}
            row += [
                rate(by_level[c.name]) if c.name in by_level else "-"
                for c in cols
                if c.group == word
            ]
        row.append("/".join(f"{data['turns']['median']:.0f}" for data in report["modes"].values()))
        cells = report["cells"]
        late = sum(1 for c in cells if c["verdict"] == "late")
        rare = sum(1 for c in cells if c["verdict"] in ("rarely", "never"))
        row.append((f"{late} late" + (f", {rare} rarely" if rare else "")) if cells else "-")
        row.append(str(len(report["flags"])))
        table.append(row)
    return [c.heading for c in cols], table


def _runs(report: dict[str, Any], mode: str) -> list[dict[str, Any]]:
    """The runs of the bot the report names as the one to compare (the strongest asked for)."""
    data = report["modes"].get(mode)
    if not data:
        return []
    return [run for run in data["runs"] if run["bot"] == data["bot"]]


def folded(cols: list[Column], row: list[str], width: int) -> list[str]:
    """One scenario as a block of lines no wider than ``width`` (where the scenario's
    name allows): its name and size, then a line per mode with each figure named."""
    head = "  ".join(cell for col, cell in zip(cols, row, strict=True) if not col.group)
    lines = [head]
    groups = list(dict.fromkeys(c.group for c in cols if c.group))
    label_width = max(len(g) for g in groups if g != "more")
    for group in groups:
        items = [
            f"{col.name} {cell}"
            for col, cell in zip(cols, row, strict=True)
            if col.group == group and cell != "-"
        ]
        if not items:
            continue
        indent = "  " if group == "more" else "  " + group.ljust(label_width) + "  "
        lines += _pack(items, indent, " " * len(indent), width)
    return lines


def _pack(items: list[str], first: str, rest: str, width: int) -> list[str]:
    """``items`` two spaces apart after ``first``, continued after ``rest``, in lines of at
    most ``width`` characters (an item longer than a line gets a line of its own)."""
    lines: list[str] = []
    line, empty = first, True
    for item in items:
        if not empty and len(line) + 2 + len(item) > width:
            lines.append(line)
            line, empty = rest, True
        line += item if empty else "  " + item
        empty = False
    lines.append(line)
    return lines


def legend(reports: list[dict[str, Any]], config: BalanceConfig) -> list[str]:
    """What the columns mean and how the games were split."""
    if not reports:
        return []
    first = reports[0]
    who = ", ".join(
        f"{mode} {', '.join(dict.fromkeys(r['bots'][0] for r in first['split'] if r['mode'] == mode))}"
        for mode in first["modes"]
    )
    return [
        f"{config.games} games per scenario and mode, seed {config.seed} ({who}); against the "
        "Otoma the games are shared out over the difficulties.",
        "Rates: games won, with the 95 % Wilson interval in brackets. Seats: each seat's share "
        "of wins. Solo and co-op: the player's or group's wins against the Otoma. Median "
        "turns per mode in the order played. Hard cells: crops the table proves only once "
        "every terrain tile is placed (late), or in under half the games, or never (rarely).",
    ]


def wide_table(header: list[str], table: list[list[str]]) -> Table:
    """The table with a column per figure (rich)."""
    from rich import box
    from rich.table import Table

    from pachaprint.terminal.display import printable

    grid = Table(*header, box=box.SIMPLE_HEAD, header_style="bold", pad_edge=False)
    for row in table:
        grid.add_row(*(printable(cell) for cell in row))
    return grid


def table_width(grid: Table) -> int:
    """Characters ``grid`` needs to show every cell in full."""
    from rich.console import Console

    return Console(width=10_000).measure(grid).maximum


def console_for(needed: int) -> Console:
    """A console on standard output. A terminal gives its own width. Piped or redirected,
    the table takes ``COLUMNS`` when set, else its full width (rich would fold it to 80),
    and no line of text is broken (a file name stays whole for grep)."""
    from rich.console import Console

    console = Console(highlight=False)
    if not console.is_terminal:
        width = int(os.environ["COLUMNS"]) if os.environ.get("COLUMNS", "").isdecimal() else 0
        console = Console(highlight=False, width=width or max(80, needed), soft_wrap=True)
    return console


def print_table(
    reports: list[dict[str, Any]],
    refused: list[dict[str, Any]],
    config: BalanceConfig,
    console: Console | None = None,
) -> None:
    """The table (folded when ``console`` is narrower than it), then the legend, the flags
    and the refused files, all wrapped to the console's width."""
    from rich.text import Text

    from pachaprint.terminal.display import printable

    header, table = rows(reports)
    grid = wide_table(header, table)
    needed = table_width(grid)
    console = console or console_for(needed)

    def say(line: str) -> None:
        console.print(Text(printable(line)))

    if table and needed <= console.width:
        console.print(grid)
    elif table:
        cols = columns(reports)
        for row in table:
            block = folded(cols, [printable(cell) for cell in row], console.width)
            console.print(Text(block[0], style="bold"), overflow="fold")
            for line in block[1:]:
                console.print(line, overflow="fold", markup=False)
        console.print()
    for line in legend(reports, config):
        say(line)
    for report in reports:
        for flag in report["flags"]:
            say(f"{report['scenario']}: flag: {flag}")
        for note in report["skipped"]:
            say(f"{report['scenario']}: not played: {note}")
    for entry in refused:
        for problem in entry["errors"]:
            say(f"{entry['file']}: {problem['rule']}: {problem['message']}")
        say(f"{entry['file']}: not a valid scenario; not balanced")
