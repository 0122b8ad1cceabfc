"""Where a balance chart's axes go (:mod:`pachaprint.render.charts`): margins in inches,
from the widths of the labels that lie outside the axes.

Matplotlib's constrained layout finds these margins by measuring every drawn
piece of the figure twice, which costs a third of the time of a chart; the
charts know which texts lie outside their axes (tick labels, axis labels,
titles, the seat chart's interval labels), so they measure only those, once,
with the text metrics the SVG writer uses, and keep the same space around
them as constrained layout did (:data:`PAD`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

POINT = 1 / 72
"""Inches per point."""
PAD = 3 * POINT
"""Space between the figure's edge and the nearest text, and around each part
(constrained layout's default ``w_pad`` and ``h_pad``)."""
TICK = 3.5 * POINT + 3.5 * POINT
"""A tick and the gap between it and its label (matplotlib's defaults)."""
LABEL_GAP = 4 * POINT
"""Between an axis's tick labels and the axis label (``axes.labelpad``)."""
TITLE_GAP = 6 * POINT
"""Between the axes and their title (``axes.titlepad``)."""
FAMILY = "DejaVu Sans"
"""The charts' font (matplotlib's own, so that every machine draws them alike)."""


@cache
def _measure(text: str, size_pt: float) -> tuple[float, float, float]:
    """``(width, height, descent)`` of ``text`` in inches as the SVG writer measures it."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    prop = FontProperties(family=FAMILY, size=size_pt)
    found = text_to_path.get_text_width_height_descent(text, prop, ismath=False)
    return found[0] * POINT, found[1] * POINT, found[2] * POINT


def width(text: str, size_pt: float) -> float:
    return _measure(text, size_pt)[0]


def height(size_pt: float) -> float:
    """A line's height (matplotlib lays every line out as tall as ``lp``)."""
    return _measure("lp", size_pt)[1]


def ascent(size_pt: float) -> float:
    """A line's height above its baseline (a title stands on its baseline)."""
    _, tall, below = _measure("lp", size_pt)
    return tall - below


def _ticks(ax: Axes, axis: str) -> list[tuple[float, str]]:
    """``(place from 0 to 1, label)`` of each tick ``ax`` will draw on its ``x`` or ``y``
    axis (those in view), labelled as its formatter writes them; without drawing."""
    which = ax.xaxis if axis == "x" else ax.yaxis
    low, high = sorted(ax.get_xlim() if axis == "x" else ax.get_ylim())
    ticks = list(which.get_majorticklocs())
    labels = which.get_major_formatter().format_ticks(ticks)
    return [
        ((t - low) / (high - low), label)
        for t, label in zip(ticks, labels, strict=True)
        if low <= t <= high
    ]


def tick_labels(ax: Axes, axis: str) -> list[str]:
    """The labels of the ticks ``ax`` will draw on its ``x`` or ``y`` axis."""
    return [label for _, label in _ticks(ax, axis)]


def tick_reach(ax: Axes, size_pt: float) -> list[tuple[float, float]]:
    """How far each x tick label reaches right of its tick (half its width: it is centred),
    for :func:`right_margin`."""
    return [(x, width(label, size_pt) / 2) for x, label in _ticks(ax, "x")]


def widest(texts: Iterable[str], size_pt: float) -> float:
    return max((width(text, size_pt) for text in texts), default=0.0)


def place(
    fig: Figure, left: float, right: float, bottom: float, top: float, gap: float = 0.0
) -> None:
    """Put the figure's grid of axes ``left``, ``right``, ``bottom`` and ``top`` inches from
    its edges, ``gap`` inches between neighbouring axes."""
    w, h = fig.get_size_inches()
    columns = max(1, len(fig.axes))
    panel = (w - left - right - (columns - 1) * gap) / columns
    fig.subplots_adjust(
        left=left / w,
        right=1 - right / w,
        bottom=bottom / h,
        top=1 - top / h,
        wspace=gap / panel if columns > 1 else None,
    )


def fit(
    fig: Figure,
    sides: Callable[[], tuple[float, float]],
    bottom: float,
    top: float,
    gap: float = 0.0,
) -> None:
    """:func:`place` the axes with ``sides()`` as their left and right margins, measured
    on axes of about their final size: matplotlib chooses the ticks for the room it
    has, so the labels are measured again once the axes have their margins (as
    constrained layout does, in two rounds)."""
    left, right = 0.5, 0.1  # a first guess, near most charts' margins
    for _ in range(2):
        place(fig, left, right, bottom, top, gap)
        left, right = sides()
    place(fig, left, right, bottom, top, gap)


def right_margin(fig_width: float, left: float, reach: Sequence[tuple[float, float]]) -> float:
    """The right margin that keeps every text inside the figure, for an x axis from 0 to 1:
    ``reach`` holds ``(x, inches)``, a text that reaches that far right of the point at ``x``."""
    needed = PAD
    for x, extent in reach:
        if x > 0:  # left + x * (fig_width - left - right) + extent <= fig_width - PAD
            needed = max(needed, fig_width - left - (fig_width - PAD - left - extent) / x)
    return needed
