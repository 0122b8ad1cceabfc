"""Charts of a balance report (:mod:`pachaprint.engine.analysis.balance`) as deterministic SVG.

Drawn with matplotlib's object API (a ``Figure`` and its SVG canvas: no
pyplot, no global state, no display). The same report gives byte-identical
files: ids come from a fixed ``svg.hashsalt``, the metadata carry no date and
a fixed creator, and text stays text (``svg.fonttype: none``) so it can be
searched. Text is plain text, never mathtext (``text.parse_math: False``): a
scenario named ``Tolls: $2 in, $5 out`` is drawn with its dollar signs, and
``Cash $$ money`` is a name, not a formula that fails to parse. Matplotlib is imported only when a chart is drawn, never on a
command's start-up path.

The axes sit where the widths of the labels around them put them
(:mod:`pachaprint.render.chart_margins`), not where matplotlib's constrained
layout would: measuring every drawn piece twice cost a third of a chart's time.

Every series has its own marker or hatch and a label beside the colour
(colour is never the only carrier of meaning); colours are the Okabe-Ito
palette, which colour-blind readers can tell apart.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from pachaprint.textfit import printable

from . import chart_margins as m

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")
MARKERS = ("o", "s", "^", "D", "v", "P")
GLYPHS = ("●", "■", "▲", "◆", "▼", "✚")
"""The text that stands for each of :data:`MARKERS` (DejaVu Sans has them all)."""
HATCHES = ("", "//", "\\\\", "||", "--", "++")
INK = "#222222"
TICK_PT = 8.5
"""Tick labels and axis labels (``font.size``), in points."""
STYLE = {
    "svg.hashsalt": "pachaprint",
    "svg.fonttype": "none",
    "text.parse_math": False,
    "font.family": m.FAMILY,
    "font.size": TICK_PT,
    "axes.edgecolor": INK,
    "axes.labelcolor": INK,
    "xtick.color": INK,
    "ytick.color": INK,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#dddddd",
    "grid.linewidth": 0.6,
    "legend.frameon": False,
}
SVG_DPI = 72
"""Matplotlib's SVG writer draws at 72 dots per inch."""
SIZE = (4.8, 3.0)
"""Inches; the gallery and report.md scale the SVG to their width."""
PANEL_GAP = 0.13
"""Inches between the Otoma chart's panels (they share the y axis's labels)."""


def charts(report: dict[str, Any]) -> dict[str, str]:
    """Every chart the report has data for: file name -> SVG text (:func:`chart_files` order)."""
    modes = report.get("modes", {})
    # The title is drawn as text in the fonts the print kit embeds: a character
    # they lack gets the printed discs' stand-in, not an empty box.
    name = printable(report["name"])
    draw = {
        "chart-seats.svg": lambda: seat_chart(name, modes["competitive"]),
        "chart-scores.svg": lambda: score_chart(name, modes["competitive"]),
        "chart-otoma.svg": lambda: otoma_chart(name, _versus(modes)),
        "chart-lengths.svg": lambda: length_chart(name, modes),
    }
    return {file: draw[file]() for file in chart_files(report)}


PAGE_WIDTH = 480
"""The width in CSS pixels a report page gives a chart (it shrinks on a narrow screen)."""


def page_size(svg: str) -> tuple[int, int]:
    """The width and height a page declares for the chart ``svg`` (:data:`PAGE_WIDTH` wide,
    in the chart's own proportions, read from the size matplotlib wrote on its root), so
    that the browser keeps the right room for it before the image loads."""
    found = re.search(r'<svg[^>]* width="([0-9.]+)pt" height="([0-9.]+)pt"', svg)
    if found is None:
        raise ValueError("the chart's SVG root gives no width and height in points")
    width, height = float(found[1]), float(found[2])
    return PAGE_WIDTH, round(PAGE_WIDTH * height / width)


def chart_files(report: dict[str, Any]) -> list[str]:
    """The chart files :func:`charts` makes for ``report`` (without drawing them)."""
    modes = report.get("modes", {})
    files = ["chart-seats.svg", "chart-scores.svg"] if "competitive" in modes else []
    if _versus(modes):
        files.append("chart-otoma.svg")
    if modes:
        files.append("chart-lengths.svg")
    return files


def _versus(modes: dict[str, Any]) -> dict[str, Any]:
    return {m: modes[m] for m in ("solo", "coop") if m in modes}


CAPTIONS = {
    "chart-seats.svg": "Win rate of the first player and of each seat, with 95 % intervals",
    "chart-scores.svg": "Final scores of each seat (competitive games)",
    "chart-otoma.svg": "Win rate against the Otoma by difficulty, with 95 % intervals",
    "chart-lengths.svg": "Turns per game in each mode",
}
"""What each chart shows, for alt texts and captions."""


def seat_chart(title: str, game: dict[str, Any]) -> str:
    """The first player's and every seat's win rate as points with 95 % interval bars,
    against a dashed line at the fair share."""
    with _style():
        return _seat_chart(title, game)


def score_chart(title: str, game: dict[str, Any]) -> str:
    """Each seat's final scores as a step histogram (own line style and hatch per seat)."""
    with _style():
        return _score_chart(title, game)


def otoma_chart(title: str, modes: dict[str, dict[str, Any]]) -> str:
    """Win rate against the Otoma per difficulty, one panel per mode, one marker per bot."""
    with _style():
        return _otoma_chart(title, modes)


def length_chart(title: str, modes: dict[str, dict[str, Any]]) -> str:
    """Turns per game as a step histogram per mode."""
    with _style():
        return _length_chart(title, modes)


def load_matplotlib() -> None:
    """Import the parts of matplotlib the charts draw with, now rather than at the first
    chart (a build does it before it starts its workers, which then share them)."""
    import matplotlib.figure  # noqa: F401
    from matplotlib.backends import backend_svg  # noqa: F401


def _style() -> AbstractContextManager[None]:
    import matplotlib

    settings: Any = STYLE  # rc_context types its keys as a literal list of names
    return matplotlib.rc_context(settings)


def _seat_chart(title: str, game: dict[str, Any]) -> str:
    """The first player's and every seat's win rate as points with 95 % interval bars,
    against a dashed line at the fair share."""
    rows = [("first player", game["first_player"]["win_rate"], game["first_player"]["interval"])]
    rows += [
        (f"seat {s['seat']} ({s['bot']})", s["win_rate"], s["interval"]) for s in game["seats"]
    ]
    fair = game["first_player"]["fair"]
    fig, ax = _figure(SIZE[0], 1.0 + 0.36 * len(rows))
    labels: list[tuple[str, float]] = []
    for k, (_, rate, (low, high)) in enumerate(reversed(rows)):
        seat = len(rows) - 2 - k  # -1: the first player, drawn in ink as a diamond
        colour = INK if seat < 0 else COLOURS[seat % len(COLOURS)]
        ax.errorbar(
            [rate * 100],
            [k],
            xerr=[[rate * 100 - low * 100], [high * 100 - rate * 100]],
            fmt="D" if seat < 0 else MARKERS[seat % len(MARKERS)],
            color=colour,
            ecolor=colour,
            capsize=4,
            markersize=7,
        )
        label = f"{rate * 100:.0f} %  ({low * 100:.0f}-{high * 100:.0f})"
        labels.append((label, high))
        ax.annotate(
            label,
            (high * 100, k),
            xytext=(6, 0),
            textcoords="offset points",
            va="center",
            fontsize=8,
            color=INK,
            bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.5},
        )
    ax.axvline(fair * 100, color=INK, linestyle="--", linewidth=1)
    fair_label = f"fair share {fair * 100:.0f} %"
    ax.annotate(
        fair_label,
        (fair * 100, len(rows) - 0.5),
        xytext=(3, 0),
        textcoords="offset points",
        fontsize=8,
        color=INK,
    )
    ax.set_yticks(range(len(rows)), [label for label, _, _ in reversed(rows)])
    ax.set_ylim(-0.6, len(rows) - 0.2)
    ax.set_xlim(0, 100)
    ax.set_xlabel(f"games won, % of {game['completed']} (bars: 95 % interval)")
    ax.set_title(f"{title}: who wins", loc="left", fontsize=10)

    def sides() -> tuple[float, float]:
        left = m.PAD + m.TICK + m.widest((label for label, _, _ in rows), TICK_PT)
        reach = [  # each interval's label, right of its bar; the fair share's; the ticks'
            (high, 6.5 * m.POINT + m.width(label, 8)) for label, high in labels
        ]
        reach.append((fair, 3 * m.POINT + m.width(fair_label, 8)))
        reach += m.tick_reach(ax, TICK_PT)
        return left, m.right_margin(SIZE[0], left, reach)

    m.fit(fig, sides, _bottom(), _top())
    return _svg(fig, f"{title}: {CAPTIONS['chart-seats.svg']}")


def _score_chart(title: str, game: dict[str, Any]) -> str:
    """Each seat's final scores as a step histogram (own line style and hatch per seat)."""
    fig, ax = _figure(*SIZE)
    for k, seat in enumerate(game["seats"]):
        _steps(ax, seat["score_histogram"], k, f"seat {seat['seat']} ({seat['bot']})")
        median = seat["score"]["median"]
        ax.axvline(median, color=COLOURS[k % len(COLOURS)], linestyle=(0, (2, 2)), linewidth=1)
    ax.set_xlabel("final score (dotted line: median)")
    ax.set_ylabel("games")
    ax.legend(loc="upper left", fontsize=8)
    ax.set_title(f"{title}: scores in {game['completed']} games", loc="left", fontsize=10)
    _place_histogram(fig, ax)
    return _svg(fig, f"{title}: {CAPTIONS['chart-scores.svg']}")


def _otoma_chart(title: str, modes: dict[str, dict[str, Any]]) -> str:
    """Win rate against the Otoma per difficulty, one panel per mode, one marker per bot.

    Each level's rates are written under it, a line per bot led by the bot's marker
    (:data:`GLYPHS`), and one legend under the panels names the markers: text above
    the intervals met its neighbours' and the legend wherever two bots ran."""
    bots = list(dict.fromkeys(bot for data in modes.values() for bot in data["bots"]))
    rows = max(len(data["bots"]) for data in modes.values())
    legend = len(bots) > 1
    below = m.PAD + m.TICK + _lines(1 + rows, TICK_PT)  # tick labels: level, then rates
    if legend:
        below += m.LABEL_GAP + m.height(8)
    height = SIZE[1] + below - _bottom()  # the panels as tall as in a chart of one bot
    fig = _new_figure(SIZE[0], height)
    axes = fig.subplots(1, len(modes), sharey=True, squeeze=False)[0]
    drawn: dict[str, Any] = {}  # bot -> its first series, for the legend
    for ax, (mode, data) in zip(axes, modes.items(), strict=True):
        levels = list(dict.fromkeys(run["difficulty"] for run in data["runs"]))
        ticks = [[level] for level in levels]
        width = 0.5 / max(1, len(data["bots"]))
        for b, bot in enumerate(data["bots"]):
            k = bots.index(bot)
            runs = [r for r in data["runs"] if r["bot"] == bot]
            xs = [
                levels.index(r["difficulty"]) + (b - (len(data["bots"]) - 1) / 2) * width
                for r in runs
            ]
            series = ax.errorbar(
                xs,
                [r["win_rate"] * 100 for r in runs],
                yerr=[
                    [r["win_rate"] * 100 - r["interval"][0] * 100 for r in runs],
                    [r["interval"][1] * 100 - r["win_rate"] * 100 for r in runs],
                ],
                fmt=MARKERS[k % len(MARKERS)],
                color=COLOURS[k % len(COLOURS)],
                capsize=4,
                markersize=7,
            )
            drawn.setdefault(bot, series)
            for run in runs:
                mark = f"{GLYPHS[k % len(GLYPHS)]} " if legend else ""
                ticks[levels.index(run["difficulty"])].append(
                    f"{mark}{run['win_rate'] * 100:.0f} %"
                )
        ax.set_xticks(range(len(levels)), ["\n".join(lines) for lines in ticks])
        ax.set_xlim(-0.6, len(levels) - 0.4)
        ax.set_ylim(-4, 104)
        label = "solo" if mode == "solo" else f"co-op, {data['players']} players"
        ax.set_title(label, fontsize=9)
    axes[0].set_ylabel("games won, % (bars: 95 % interval)")
    who = bots[0] if len(bots) == 1 else "the bots"
    fig.suptitle(
        f"{title}: {who} against the Otoma",
        x=0.02,
        y=1 - m.PAD / height,
        ha="left",
        va="top",
        fontsize=10,
    )

    def sides() -> tuple[float, float]:
        left = m.PAD + m.height(TICK_PT) + m.LABEL_GAP + m.TICK
        return left + m.widest(m.tick_labels(axes[0], "y"), TICK_PT), m.PAD

    top = 3 * m.PAD + m.height(10) + m.ascent(9) + m.TITLE_GAP  # the figure's title, a panel's
    m.fit(fig, sides, below, top, gap=PANEL_GAP)
    if legend:
        fig.legend(
            list(drawn.values()),
            list(drawn),
            loc="lower center",
            bbox_to_anchor=((sides()[0] + SIZE[0] - m.PAD) / 2 / SIZE[0], m.PAD / height),
            ncol=len(drawn),
            fontsize=8,
            borderpad=0,
            borderaxespad=0,
        )
    return _svg(fig, f"{title}: {CAPTIONS['chart-otoma.svg']}")


def _lines(count: int, size_pt: float) -> float:
    """The height of ``count`` lines of text as matplotlib stacks them: their baselines
    1.2 font sizes apart (``linespacing``)."""
    return m.height(size_pt) + (count - 1) * 1.2 * size_pt * m.POINT


def _length_chart(title: str, modes: dict[str, dict[str, Any]]) -> str:
    """Turns per game as a step histogram per mode."""
    fig, ax = _figure(*SIZE)
    for k, (mode, data) in enumerate(modes.items()):
        _steps(ax, data["turns_histogram"], k, f"{mode} (median {data['turns']['median']:.0f})")
    ax.set_xlabel("turns per game")
    ax.set_ylabel("games")
    ax.legend(loc="upper right", fontsize=8)
    ax.set_title(f"{title}: game length", loc="left", fontsize=10)
    _place_histogram(fig, ax)
    return _svg(fig, f"{title}: {CAPTIONS['chart-lengths.svg']}")


def _bottom() -> float:
    """Below the axes: the x axis's tick labels and label."""
    return m.PAD + m.height(TICK_PT) + m.LABEL_GAP + m.height(TICK_PT) + m.TICK


def _top() -> float:
    """Above the axes: the title."""
    return m.PAD + m.ascent(10) + m.TITLE_GAP


def _place_histogram(fig: Figure, ax: Axes) -> None:
    """Margins for the labels of a chart of counts: its y axis's tick labels and label."""

    def sides() -> tuple[float, float]:
        left = m.PAD + m.height(TICK_PT) + m.LABEL_GAP + m.TICK
        left += m.widest(m.tick_labels(ax, "y"), TICK_PT)
        return left, m.right_margin(SIZE[0], left, m.tick_reach(ax, TICK_PT))

    m.fit(fig, sides, _bottom(), _top())


def _steps(ax: Axes, hist: dict[str, Sequence[int]], k: int, label: str) -> None:
    starts, counts = list(hist["start"]), list(hist["count"])
    if not starts:
        return
    width = starts[1] - starts[0] if len(starts) > 1 else 1
    edges = [*starts, starts[-1] + width]
    colour = COLOURS[k % len(COLOURS)]
    ax.stairs(
        counts,
        edges,
        color=colour,
        linewidth=1.6,
        linestyle=("-", "--", "-.", ":")[k % 4],
        hatch=HATCHES[k % len(HATCHES)],
        label=label,
    )


def _new_figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=SVG_DPI)


def _figure(width: float, height: float) -> tuple[Figure, Axes]:
    fig = _new_figure(width, height)
    return fig, fig.add_subplot()


def _svg(fig: Figure, description: str) -> str:
    from matplotlib.backends.backend_svg import FigureCanvasSVG

    buffer = io.StringIO()
    FigureCanvasSVG(fig)
    fig.savefig(
        buffer,
        format="svg",
        metadata={"Date": None, "Creator": "pachaprint", "Title": description},
    )
    return buffer.getvalue()
