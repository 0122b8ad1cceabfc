"""Shapes built from the drawing model's verbs: outlines, sectors, crop marks, hatching.

Helpers the components and both back ends share; the verbs themselves are in
:mod:`pachaprint.render.draw`.
"""

from __future__ import annotations

import math
from typing import Any

from .draw import (
    PT_MM,
    ArcTo,
    Circle,
    Close,
    Group,
    Line,
    LineTo,
    MoveTo,
    Path,
    Polygon,
    Rect,
    Segment,
    Style,
    Text,
)
from .fonts import wrap

MAX_HATCH_LINES = 2000
"""A hatch draws at most this many lines, whatever the sizes it is given."""


def corner_marks(
    left: float, top: float, right: float, bottom: float, offset: float, length: float, style: Style
) -> list[Line]:
    """Crop marks at a rectangle's four corners: eight short lines along its edges,
    starting ``offset`` mm outside the corner (outside any bleed) and ``length`` mm long."""
    marks: list[Line] = []
    for x in (left, right):
        for y, sign in ((top, -1), (bottom, 1)):
            marks.append(
                Line(x1=x, y1=y + sign * offset, x2=x, y2=y + sign * (offset + length), style=style)
            )
    for y in (top, bottom):
        for x, sign in ((left, -1), (right, 1)):
            marks.append(
                Line(x1=x + sign * offset, y1=y, x2=x + sign * (offset + length), y2=y, style=style)
            )
    return marks


def hatch(x: float, y: float, w: float, h: float, step: float, style: Style) -> Group:
    """Diagonal lines ``step`` mm apart filling the rectangle (clipped to it).

    At most :data:`MAX_HATCH_LINES` lines, whatever the sizes: a loop over a
    template's numbers always ends.
    """
    count = min(MAX_HATCH_LINES, max(0, math.ceil((w + h) / step)))
    lines = tuple(
        Line(x1=x + k * step, y1=y, x2=x + k * step - h, y2=y + h, style=style)
        for k in range(count)
    )
    return Group(items=lines, clip=Rect(x=x, y=y, w=w, h=h))


def sector_path(
    cx: float, cy: float, r_in: float, r_out: float, start: float, end: float, **kw: Any
) -> Path:
    """Annular sector between two radii and two angles (a wheel cell)."""
    segments: list[Segment] = [ArcTo(cx, cy, r_out, start, end)]
    if r_in > 0:
        segments.append(ArcTo(cx, cy, r_in, end, start))
    else:
        segments.append(LineTo(cx, cy))
    segments.append(Close())
    return Path(segments=tuple(segments), **kw)


def outline(shape: Rect | Circle | Polygon | Path) -> tuple[tuple[Segment, ...], bool]:
    """A shape as path segments plus its even-odd flag (clips, PDF paths)."""
    if isinstance(shape, Path):
        return shape.segments, shape.evenodd
    if isinstance(shape, Polygon):
        pts = shape.points
        segs: list[Segment] = [MoveTo(*pts[0]), *(LineTo(*p) for p in pts[1:])]
        if shape.closed:
            segs.append(Close())
        return tuple(segs), False
    if isinstance(shape, Circle):
        return (ArcTo(shape.cx, shape.cy, shape.r, 0.0, 360.0), Close()), False
    if isinstance(shape, Rect):
        x, y, w, h = shape.x, shape.y, shape.w, shape.h
        r = min(shape.rx, w / 2, h / 2)
        if r <= 0:
            return (
                MoveTo(x, y),
                LineTo(x + w, y),
                LineTo(x + w, y + h),
                LineTo(x, y + h),
                Close(),
            ), False
        return (
            ArcTo(x + w - r, y + r, r, 90, 0),
            ArcTo(x + w - r, y + h - r, r, 0, -90),
            ArcTo(x + r, y + h - r, r, -90, -180),
            ArcTo(x + r, y + r, r, 180, 90),
            Close(),
        ), False
    raise TypeError(f"cannot outline {type(shape).__name__}")


def paragraph(
    text: str, x: float, y: float, width: float, size_pt: float, colour: str, lead: float = 1.3
) -> tuple[list[Text], float]:
    """``text`` wrapped to ``width`` mm from the baseline ``y`` down; returns the lines and
    the baseline below the last one."""
    step = size_pt * PT_MM * lead
    lines: list[Text] = []
    for line in wrap(text, width, size_pt):
        lines.append(Text(x=x, y=y, text=line, size_pt=size_pt, colour=colour))
        y += step
    return lines, y


def rule(x0: float, x1: float, y: float, colour: str, width: float = 0.2) -> Line:
    """A thin horizontal line from ``x0`` to ``x1`` (a table's row separator)."""
    return Line(x1=x0, y1=y, x2=x1, y2=y, style=Style(stroke=colour, stroke_width=width))
