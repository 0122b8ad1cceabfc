"""The text of ``pachaprint balance``: one table for all scenarios, then the flags."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from pachaprint.engine.analysis.stats import percent

if TYPE_CHECKING:
    from pachaprint.engine.analysis.balance import BalanceConfig


def rate(entry: dict[str, Any]) -> str:
    """``"52 % (42-62)"``: a win rate and its 95 % interval."""
    low, high = entry["interval"]
    return f"{percent(entry['win_rate'])} ({percent(low)[:-2]}-{percent(high)[:-2]})"


def rows(reports: list[dict[str, Any]]) -> tuple[list[str], list[list[str]]]:
    """The comparison table: a header and one row per scenario (plain strings)."""
    levels = {
        mode: list(dict.fromkeys(run["difficulty"] for r in reports for run in _runs(r, mode)))
        for mode in ("solo", "coop")
    }
    header = ["scenario", "size", "first player", "seats"]
    header += [f"solo {level}" for level in levels["solo"]]
    header += [f"co-op {level}" for level in levels["coop"]]
    header += ["median turns", "hard cells", "flags"]
    table = []
    for report in reports:
        game = report["modes"].get("competitive")
        row = [report["scenario"], report["size"]]
        if game:
            row.append(rate(game["first_player"]))
            row.append("/".join(percent(s["win_rate"])[:-2] for s in game["seats"]) + " %")
        else:
            row += ["-", "-"]
        for mode in ("solo", "coop"):
            by_level = {run["difficulty"]: run for run in _runs(report, mode)}
            row += [rate(by_level[level]) if level in by_level else "-" for level in levels[mode]]
        row.append("/".join(f"{data['turns']['median']:.0f}" for data in report["modes"].values()))
        cells = report["cells"]
        late = sum(1 for c in cells if c["verdict"] == "late")
        rare = sum(1 for c in cells if c["verdict"] in ("rarely", "never"))
        row.append((f"{late} late" + (f", {rare} rarely" if rare else "")) if cells else "-")
        row.append(str(len(report["flags"])))
        table.append(row)
    return header, table


def _runs(report: dict[str, Any], mode: str) -> list[dict[str, Any]]:
    """The runs of the bot the report names as the one to compare (the strongest asked for)."""
    data = report["modes"].get(mode)
    if not data:
        return []
    return [run for run in data["runs"] if run["bot"] == data["bot"]]


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


def print_table(
    reports: list[dict[str, Any]], refused: list[dict[str, Any]], config: BalanceConfig
) -> None:
    """The table on standard output (rich), then the legend, the flags and refused files."""
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from pachaprint.terminal.display import printable

    header, table = rows(reports)
    # Piped or redirected, the table keeps its full width (rich would fold it to 80).
    needed = sum(max(len(c) for c in column) + 3 for column in zip(header, *table, strict=True))
    console = Console(highlight=False)
    if not console.is_terminal:
        console = Console(highlight=False, width=max(80, needed + 1))
    if table:
        grid = Table(*header, box=box.SIMPLE_HEAD, header_style="bold", pad_edge=False)
        for row in table:
            grid.add_row(*(printable(cell) for cell in row))
        console.print(grid)
    for line in legend(reports, config):
        typer.echo(line)
    for report in reports:
        for flag in report["flags"]:
            typer.echo(printable(f"{report['scenario']}: flag: {flag}"))
        for note in report["skipped"]:
            typer.echo(printable(f"{report['scenario']}: not played: {note}"))
    for entry in refused:
        for problem in entry["errors"]:
            typer.echo(printable(f"{entry['file']}: {problem['rule']}: {problem['message']}"))
        typer.echo(printable(f"{entry['file']}: not a valid scenario; not balanced"))
