"""Per-scenario build reports: ``report.json`` for scripts, ``report.md`` for people.

``report.json`` keeps the competitive simulation report (docs/formats/simulation-report.md)
under ``simulation`` and adds the balance report
(:mod:`pachaprint.engine.analysis.balance`) under ``balance``; ``report.md`` shows
both, with the balance charts (SVG files beside it, :mod:`pachaprint.render.charts`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pachaprint.engine.analysis.flags import MIN_GAMES
from pachaprint.engine.analysis.stats import percent
from pachaprint.model.rules import CROP_NAMES, Terrain
from pachaprint.model.scenario import Scenario
from pachaprint.model.text import plural
from pachaprint.pipeline.report_tables import (
    BOUND,
    OTOMA_NOTE,
    cell_summary,
    cell_table,
    otoma_table,
)
from pachaprint.render.charts import CAPTIONS, chart_files


def balance_config(options: Any) -> Any:
    """The build's balance settings (``options``: the build's ``BuildOptions``): the
    competitive games of its bots (their simulation report is ``report.json``'s
    ``simulation``), solo and co-op with its strongest bot and the perfect-information
    bound (:data:`BOUND`), each run stopped once its win rate decides every flag, in the
    modes it names."""
    from pachaprint.engine.analysis.balance import BalanceConfig
    from pachaprint.engine.rules.config import Mode

    return BalanceConfig(
        games=options.games,
        seed=options.seed,
        modes=tuple(Mode.parse(m) for m in options.modes),
        players=options.players,
        bots=options.bots,
        versus_bots=(options.strongest, BOUND),
        strongest=options.strongest,
        adaptive=True,
    )


def build_balance(scenario: Scenario, options: Any) -> dict[str, Any]:
    """The build's balance report of ``scenario`` (see :func:`balance_config`), played here."""
    from pachaprint.engine.analysis.balance import balance

    return balance(scenario, balance_config(options))


def build_balances(
    scenarios: list[Scenario],
    options: Any,
    executor: Any,
    workers: int,
    progress: Any = None,
) -> list[dict[str, Any]]:
    """The build's balance report of each scenario, their games played by ``executor``
    (a Dask cluster's, for ``workers`` workers) all at once: the reports
    :func:`build_balance` gives. ``progress(done, total)`` counts games."""
    from pachaprint.engine.analysis.balance import balance_many

    return balance_many(scenarios, balance_config(options), 1, executor, workers, progress)


def unfinished_games(balance: dict[str, Any]) -> list[str]:
    """A problem for each mode whose simulation left games unfinished."""
    problems = []
    for mode, data in balance["modes"].items():
        sim = data["simulation"]
        if sim["completed"] < sim["games"]:
            problems.append(
                f"simulation ({mode}): only {sim['completed']} of {sim['games']} games reached the end"
                + (f" ({'; '.join(sim['flags'])})" if sim.get("flags") else "")
            )
    return problems


def write_charts(report: dict[str, Any], folder: Path) -> dict[str, tuple[int, int]]:
    """The balance charts of ``report`` as SVG files in ``folder``; returns the size the
    report page gives each (file name -> width and height in CSS pixels)."""
    from pachaprint.render.charts import charts, page_size

    sizes = {}
    for name, svg in charts(report["balance"]).items():
        (folder / name).write_text(svg, encoding="utf-8")
        sizes[name] = page_size(svg)
    return sizes


def scenario_report(
    validation: dict[str, Any], balance: dict[str, Any] | None, scenario: Scenario
) -> dict[str, Any]:
    """The ``report.json`` content: verdict, counts, difficulty, the competitive simulation,
    the balance report and its flags."""
    stats = validation.get("stats", {})
    game = balance["modes"].get("competitive") if balance else None
    simulation = game["simulation"] if game else None
    flags = list(balance["flags"]) if balance else []
    return {
        "scenario": scenario.id,
        "name": scenario.name,
        "author": scenario.author,
        "size": scenario.size,
        "file": validation["file"],
        "valid": validation["valid"],
        "errors": validation["errors"],
        "warnings": validation["warnings"],
        "difficulty": stats.get("difficulty"),
        "regions": stats.get("regions"),
        "start_cells": list(scenario.start),
        "otoma": list(scenario.otoma or []),
        "terrain_tiles": scenario.terrain_counts(),
        "crop_tiles": {str(k): v for k, v in scenario.crop_tile_counts().items()},
        "simulation": simulation,
        "balance": balance,
        "flags": flags,
    }


def report_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def _table(header: list[str], rows: list[list[Any]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return lines


_MARKDOWN_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"} | {c: "\\" + c for c in "\\`*_[]#|~!"}


def markdown_text(text: str) -> str:
    """``text`` as Markdown that shows it as written: no HTML, no emphasis, links or headings;
    line breaks and tabs become spaces (a name is one line)."""
    flat = " ".join(text.replace("\t", " ").replace("\r", " ").split("\n"))
    return "".join(_MARKDOWN_ESCAPES.get(c, c) for c in flat)


def markdown_code(text: str) -> str:
    """``text`` as a Markdown code span (its fence longer than any run of backticks in it)."""
    flat = " ".join(text.replace("\t", " ").replace("\r", " ").split("\n"))
    longest = max((len(run) for run in re.findall("`+", flat)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if longest else ""
    return f"{fence}{pad}{flat}{pad}{fence}"


def report_markdown(report: dict[str, Any]) -> str:
    """A readable summary of ``report`` (same facts as the JSON). Free text (name, author,
    file name, messages quoting values) is escaped: it never becomes HTML or Markdown markup."""
    lines = [f"# {markdown_text(report['name'])} (`{report['scenario']}`)", ""]
    author = f" by {markdown_text(report['author'])}" if report.get("author") else ""
    lines.append(
        f"A {report['size']} scenario{author}. Source file: {markdown_code(report['file'])}."
    )
    lines.append("")
    verdict = "valid" if report["valid"] else "INVALID"
    lines.append(
        f"**Verdict:** {verdict}; difficulty **{report.get('difficulty') or 'unknown'}**; "
        f"{plural(report['regions'], 'region')}; {plural(len(report['start_cells']), 'start cell')} ({', '.join(report['start_cells'])})."
    )
    if report["otoma"]:
        lines.append(f"Otoma start cells (solo/co-op): {', '.join(report['otoma'])}.")
    for problem in report["errors"]:
        lines.append(f"- error `{problem['rule']}`: {markdown_text(problem['message'])}")
    for problem in report["warnings"]:
        lines.append(f"- warning `{problem['rule']}`: {markdown_text(problem['message'])}")
    lines += ["", "## Tiles", ""]
    lines += _table(
        ["terrain", "tiles"], [[Terrain(k).label, v] for k, v in report["terrain_tiles"].items()]
    )
    lines.append("")
    lines += _table(
        ["crop", "tiles"],
        [[f"{k} {CROP_NAMES[int(k)]}", v] for k, v in report["crop_tiles"].items()],
    )
    sim = report.get("simulation")
    if sim:
        lines += ["", "## Simulation", ""]
        turns = sim["turns"]
        lines.append(
            f"{sim['completed']} of {sim['games']} games completed ({sim['players']} players: {', '.join(sim['bots'])}; seed {sim['seed']}). "
            f"Turns per game: mean {turns['mean']}, min {turns['min']}, max {turns['max']}."
        )
        lines.append("")
        rows = []
        for seat in sim["seats"]:
            points = seat.get("points", {})
            rows.append(
                [
                    seat["seat"],
                    seat["bot"],
                    seat["score_mean"],
                    seat["score_sd"],
                    f"{seat['win_rate']:.0%}",
                    points.get("discovery", ""),
                    points.get("divination", ""),
                    points.get("offering", ""),
                ]
            )
        lines += _table(
            ["seat", "bot", "mean score", "sd", "wins", "discovery", "divination", "offering"], rows
        )
        lines.append("")
        wrong = ", ".join(f"{bot} {n}" for bot, n in sim.get("wrong_divinations", {}).items())
        lines.append(f"Wrong divinations: {wrong or 'none'}.")
        if "first_player_win_rate" in sim:
            lines.append(
                f"The player who takes the first turn wins {sim['first_player_win_rate']:.0%} of the games."
            )
        if "logician_proved" in sim:
            lines.append(
                f"Crops the logician proved from public information and divined: {sim['logician_proved']} "
                f"in {sim['games']} games ({sim['logician_proved'] / sim['games']:.1f} per game)."
            )
    if report.get("balance"):
        lines += balance_markdown(report["balance"])
    lines += ["", "## Flags", ""]
    lines += [f"- {flag}" for flag in report["flags"]] or ["None."]
    return "\n".join(lines) + "\n"


def _interval(entry: dict[str, Any], key: str = "interval") -> str:
    low, high = entry[key]
    return f"{percent(low)[:-2]}-{percent(high)}"


def _chart(balance: dict[str, Any], name: str) -> list[str]:
    if name not in chart_files(balance):
        return []
    return ["", f"![{CAPTIONS[name]}]({name})", ""]


def balance_markdown(balance: dict[str, Any]) -> list[str]:
    """The balance section of ``report.md``: tables, and the charts as linked SVG files."""
    lines = ["", "## Balance", ""]
    lines.append(
        "Every rate comes with its 95 % Wilson interval; a flag fires only when the interval "
        "supports it. " + split_words(balance)
    )
    game = balance["modes"].get("competitive")
    if game:
        lines += ["", "### Who wins", *_chart(balance, "chart-seats.svg")]
        first = game["first_player"]
        rows = [["first player", percent(first["win_rate"]), _interval(first), "", ""]]
        rows += [
            [
                f"seat {s['seat']} ({s['bot']})",
                percent(s["win_rate"]),
                _interval(s),
                percent(s["win_rate_first"]),
                s["first_games"],
            ]
            for s in game["seats"]
        ]
        lines += _table(["", "wins", "95 % interval", "wins when starting", "games started"], rows)
        lines += [
            "",
            f"A fair share is {percent(first['fair'])}. Shared victories: {game['shared_wins']}.",
        ]
        lines += ["", "### Scores and game length", *_chart(balance, "chart-scores.svg")]
        lines += _table(
            ["seat", "mean", "sd", "min", "p10", "median", "p90", "max"],
            [[f"{s['seat']} ({s['bot']})", *_spread(s["score"])] for s in game["seats"]],
        )
    lines += _chart(balance, "chart-lengths.svg")
    lines += _table(
        ["mode", "mean turns", "sd", "min", "p10", "median", "p90", "max"],
        [[mode, *_spread(data["turns"])] for mode, data in balance["modes"].items()],
    )
    header, rows = otoma_table(balance)
    if rows:
        lines += ["", "### Against the Otoma", *_chart(balance, "chart-otoma.svg")]
        lines += _table(header, rows)
        lines += ["", OTOMA_NOTE]
    for note in balance.get("skipped", []):
        lines += ["", f"Not simulated: {note}."]
    lines += cell_markdown(balance["cells"])
    return lines


def split_words(balance: dict[str, Any]) -> str:
    """How each mode's games were shared out over its runs, in a sentence."""
    parts = []
    for mode in balance["modes"]:
        runs = [r for r in balance["split"] if r["mode"] == mode]
        total = sum(r["games"] for r in runs)
        if mode == "competitive":
            parts.append(f"{total} competitive games ({', '.join(runs[0]['bots'])})")
        else:
            shares = ", ".join(f"{r['games']} {r['bots'][0]} on {r['difficulty']}" for r in runs)
            parts.append(f"{total} {mode} games ({shares})")
    adaptive = (
        " Against the Otoma each run stopped once its 95 % interval decided every flag, "
        "or once no flag could be raised within its share whatever the games left "
        f"(at least {MIN_GAMES} games, at most its share of {balance['games_per_mode']})."
        if balance.get("adaptive")
        else ""
    )
    return (
        "Games played: "
        + "; ".join(parts)
        + f". Game i of every run uses the seed derived from (seed {balance['seed']}, i)."
        + adaptive
    )


def _spread(s: dict[str, float]) -> list[Any]:
    return [s["mean"], s["sd"], _num(s["min"]), s["p10"], s["median"], s["p90"], _num(s["max"])]


def _num(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def cell_markdown(cells: list[dict[str, Any]]) -> list[str]:
    """The hard deductions: the cells the table proves late, rarely or never."""
    if not cells:
        return []
    lines = ["", "### Hard deductions", "", cell_summary(cells)]
    header, rows, rest = cell_table(cells)
    if rows:
        lines += ["", *_table(header, rows)]
    if rest:
        lines += ["", f"Also: {rest}."]
    return lines
