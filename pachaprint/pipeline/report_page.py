"""``scenarios/<id>/report.html``: a scenario's report as a page for people.

Rendered from the same report data as ``report.json`` (never from the
Markdown): the disc back, a line per mode and the flags, the files, then the
balance figures with their charts (the SVG files beside it). Every text is
escaped; the disc front hides behind a click.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from pachaprint.engine.analysis.stats import percent
from pachaprint.model.text import plural
from pachaprint.pipeline.gallery import html_page, words
from pachaprint.pipeline.report_tables import (
    OTOMA_NOTE,
    cell_summary,
    cell_table,
    interval,
    otoma_table,
)
from pachaprint.pipeline.reports import split_words
from pachaprint.pipeline.verdicts import other_flags, verdicts
from pachaprint.render.charts import CAPTIONS

SPREAD = ["min", "p10", "median", "p90", "max"]
SEAT_HEADER = ["seat", "wins", "95 % interval", "wins when starting", "games started"]
SEAT_HEADER += ["mean score", "sd", *SPREAD]
FILE_WORDS = {
    "disc-back.pdf": "Disc back (PDF)",
    "report.json": "Report data (JSON)",
    "report.md": "Report (Markdown)",
    "wheel.html": "Digital wheel",
}


def _cell(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    numeric = isinstance(value, int | float) and not isinstance(value, bool)
    return f'<td class="n">{value}</td>' if numeric else f"<td>{escape(str(value))}</td>"


def table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """An HTML table (escaped; numbers right-aligned), scrolling sideways on a narrow screen."""
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in header)
    body = "".join("<tr>" + "".join(_cell(v) for v in row) + "</tr>" for row in rows)
    return f'<div class="scroll"><table><tr>{head}</tr>{body}</table></div>'


def _charts(charts: Mapping[str, tuple[int, int]], *names: str) -> str:
    """The charts ``names`` drawn for the report (``charts``: file -> its size on the
    page), side by side where there is room."""
    figures = [
        f'<figure><a href="{name}"><img src="{name}" alt="{escape(CAPTIONS[name])}" '
        f'width="{charts[name][0]}" height="{charts[name][1]}" loading="lazy"></a>'
        f"<figcaption>{escape(CAPTIONS[name])}</figcaption></figure>"
        for name in names
        if name in charts
    ]
    return f'<div class="charts">{"".join(figures)}</div>' if figures else ""


def _spread(s: dict[str, float]) -> list[Any]:
    return [s["mean"], s["sd"], s["min"], s["p10"], s["median"], s["p90"], s["max"]]


def _head(report: dict[str, Any], files: Sequence[str], wheels: Sequence[str]) -> str:
    name = escape(report["name"])
    facts = [
        f"{report['size']} scenario",
        f"difficulty {report.get('difficulty') or 'unknown'}",
        plural(report.get("regions") or 0, "region"),
        f"start cells {', '.join(report.get('start_cells') or [])}",
    ]
    if report.get("otoma"):
        facts.append(f"Otoma start cells {', '.join(report['otoma'])}")
    author = f" by {escape(report['author'])}" if report.get("author") else ""
    rows = "".join(f"<dt>{escape(v.title)}</dt><dd>{words(v.line)}</dd>" for v in verdicts(report))
    verdict = f'<dl class="verdicts">{rows}</dl>' if rows else ""
    valid = "valid" if report.get("valid") else "NOT valid"
    return f"""<div class="box report-head" id="summary">
<div>
<p>{escape(report["scenario"])}{author} · {escape(valid)} · source file {escape(report["file"])}</p>
<p>{escape(" · ".join(facts))}</p>
{verdict}
{_files(files, wheels)}
</div>
<img src="preview-back.png" alt="Disc back of {name}: name, supply counts and start cells" width="180" height="180">
</div>
<details class="box"><summary>Show the disc front (spoiler: it reveals the whole map)</summary>
<img src="preview-front.png" alt="Disc front of {name}" width="360" height="360" loading="lazy">
</details>"""


def _files(files: Sequence[str], wheels: Sequence[str]) -> str:
    """Links to the scenario's files that exist: the disc PDFs, the data, the digital wheel."""
    from pachaprint.render.disc_files import front_file_stem

    named = dict(FILE_WORDS)
    for wheel in wheels:
        named[f"{front_file_stem(wheel)}.pdf"] = f"Disc front, {wheel} wheel (PDF)"
    order = ["disc-back.pdf", *(f"{front_file_stem(w)}.pdf" for w in wheels), *FILE_WORDS]
    links = [
        f'<a href="{escape(name)}">{escape(named[name])}</a>'
        for name in dict.fromkeys(order)
        if name in files
    ]
    return f'<p class="small">Files: {" · ".join(links)}</p>' if links else ""


def _flags(report: dict[str, Any]) -> str:
    items = [
        f"<li><strong>{escape(v.title)}:</strong> {escape(flag)}</li>"
        for v in verdicts(report)
        for flag in v.flags
    ]
    items += [f"<li>{escape(flag)}</li>" for flag in other_flags(report)]
    problems = [
        f"<li>{kind} {escape(p['rule'])}: {escape(p['message'])}</li>"
        for kind, key in (("error", "errors"), ("warning", "warnings"))
        for p in report.get(key) or []
    ]
    return (
        '<section id="flags"><h2>Flags</h2>'
        + (f'<ul class="plain">{"".join(items)}</ul>' if items else "<p>None.</p>")
        + (f'<ul class="plain">{"".join(problems)}</ul>' if problems else "")
        + "</section>"
    )


def _tiles(report: dict[str, Any]) -> str:
    from pachaprint.model.rules import CROP_NAMES, Terrain

    terrain = [[Terrain(k).label, v] for k, v in report["terrain_tiles"].items()]
    crops = [[f"{k} {CROP_NAMES[int(k)]}", v] for k, v in report["crop_tiles"].items()]
    return (
        '<section id="tiles"><h2>Tiles</h2><div class="pair">'
        f"{table(['terrain', 'tiles'], terrain)}{table(['crop', 'tiles'], crops)}</div></section>"
    )


def _competitive(
    report: dict[str, Any], balance: dict[str, Any], charts: Mapping[str, tuple[int, int]]
) -> str:
    game = balance["modes"].get("competitive")
    sim = report.get("simulation")
    if not game or not sim:
        return ""
    first = game["first_player"]
    seats = [
        [
            f"{s['seat']} ({s['bot']})",
            percent(s["win_rate"]),
            interval(s),
            percent(s["win_rate_first"]),
            s["first_games"],
            *_spread(s["score"]),
        ]
        for s in game["seats"]
    ]
    wrong = ", ".join(f"{bot} {n}" for bot, n in sim.get("wrong_divinations", {}).items())
    turns = sim["turns"]
    return (
        '<section id="competitive"><h2>Who wins</h2>'
        f"<p>{sim['completed']} of {sim['games']} games completed ({sim['players']} players: "
        f"{escape(', '.join(sim['bots']))}; seed {sim['seed']}); turns per game: mean "
        f"{turns['mean']}, min {turns['min']}, max {turns['max']}. The first player wins "
        f"{percent(first['win_rate'])} ({interval(first)}; a fair share is "
        f"{percent(first['fair'])}). Wrong divinations: {escape(wrong or 'none')}.</p>"
        + table(
            SEAT_HEADER,
            seats,
        )
        + _charts(charts, "chart-seats.svg", "chart-scores.svg")
        + "</section>"
    )


def _lengths(balance: dict[str, Any], charts: Mapping[str, tuple[int, int]]) -> str:
    rows = [[mode, *_spread(data["turns"])] for mode, data in balance["modes"].items()]
    if not rows:
        return ""
    return (
        '<section id="lengths"><h2>Game length</h2>'
        + table(["mode", "mean turns", "sd", *SPREAD], rows)
        + _charts(charts, "chart-lengths.svg")
        + "</section>"
    )


def _otoma(balance: dict[str, Any], charts: Mapping[str, tuple[int, int]]) -> str:
    header, rows = otoma_table(balance)
    if not rows:
        skipped = "".join(f"<li>{escape(n)}</li>" for n in balance.get("skipped") or [])
        return f'<section id="otoma"><h2>Against the Otoma</h2><ul class="plain">{skipped}</ul></section>'
    return (
        '<section id="otoma"><h2>Against the Otoma</h2>'
        + table(header, rows)
        + f"<p>{escape(OTOMA_NOTE)}</p>"
        + _charts(charts, "chart-otoma.svg")
        + "</section>"
    )


def _cells(cells: list[dict[str, Any]]) -> str:
    if not cells:
        return ""
    header, rows, rest = cell_table(cells)
    return (
        f'<section id="cells"><h2>Hard deductions</h2><p>{escape(cell_summary(cells))}</p>'
        + (table(header, rows) if rows else "")
        + (f"<p>Also: {escape(rest)}.</p>" if rest else "")
        + "</section>"
    )


def report_html(
    report: dict[str, Any],
    charts: Mapping[str, tuple[int, int]],
    files: Sequence[str] = (),
    wheels: Sequence[str] = ("retail",),
) -> str:
    """The report page of ``report`` (a ``report.json`` mapping); ``charts`` are the chart
    files drawn for it with their sizes on the page (:func:`~pachaprint.pipeline.reports.write_charts`),
    ``files`` the names in the scenario's folder the page may link to, ``wheels`` the
    build's wheel templates."""
    balance = report.get("balance") or {}
    body = [_head(report, files, wheels), _flags(report), _tiles(report)]
    if balance:
        played = f'<section id="games"><p>{words(split_words(balance))}</p></section>'
        body += [
            played if balance.get("modes") else "",
            _competitive(report, balance, charts),
            _otoma(balance, charts),
            _lengths(balance, charts),
            _cells(balance.get("cells") or []),
        ]
    header = f'<p><a href="../../index.html">All scenarios</a></p><h1>{escape(report["name"])}</h1>'
    main = '<div class="report">' + "\n".join(part for part in body if part) + "</div>"
    return html_page(f"{report['name']}: pachaprint report", main, header)
