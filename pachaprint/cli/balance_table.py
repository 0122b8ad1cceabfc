"""The text of ``pachaprint balance``: one table for all scenarios, then the flags.

The table has a column per figure (about 150 characters for the shipped
library). Where the console is narrower, as an 80-column terminal, it folds:
one block per scenario, a line per mode, every figure with its heading, so
nothing is cut. ``--format json`` holds every report in full.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pachaprint.engine.analysis.stats import percent

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from pachaprint.engine.analysis.balance import BalanceConfig

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
        width = int(os.environ["COLUMNS"]) if os.environ.get("COLUMNS", "").isdigit() else 0
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
