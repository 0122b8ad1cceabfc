"""Plane maths of the drawing model: points, affine matrices, path segments and arcs.

Angles are degrees counter-clockwise as seen on the printed page (y grows
downwards), 0 = +x. :mod:`pachaprint.render.draw` re-exports everything here,
so components keep writing ``d.rotate``, ``d.ArcTo`` and ``d.path_ops``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

Point = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]
"""Affine matrix ``(a, b, c, d, e, f)``: x' = a*x + c*y + e, y' = b*x + d*y + f."""

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

PathOp = tuple[Any, ...]
"""A normalised path operation: its letter, then numbers (see :func:`path_ops`)."""


@dataclass(frozen=True)
class MoveTo:
    x: float
    y: float


@dataclass(frozen=True)
class LineTo:
    x: float
    y: float


@dataclass(frozen=True)
class CurveTo:
    """Cubic Bezier from the current point via two control points."""

    x1: float
    y1: float
    x2: float
    y2: float
    x: float
    y: float


@dataclass(frozen=True)
class ArcTo:
    """Circular arc around (cx, cy), radius r, from angle ``start`` to ``end``.

    Degrees counter-clockwise as seen; ``end > start`` turns counter-clockwise.
    A straight line joins the current point to the arc's start (as a pen
    would); in a fresh sub-path the arc's start becomes the current point.
    Sweeps of 360 degrees or more are allowed (full circles).
    """

    cx: float
    cy: float
    r: float
    start: float
    end: float


@dataclass(frozen=True)
class Close:
    pass


Segment = MoveTo | LineTo | CurveTo | ArcTo | Close


def polar(cx: float, cy: float, r: float, degrees: float) -> Point:
    """Point at radius ``r`` and angle ``degrees`` (counter-clockwise as seen)."""
    a = math.radians(degrees)
    return (cx + r * math.cos(a), cy - r * math.sin(a))


def translate(dx: float, dy: float) -> Matrix:
    return (1.0, 0.0, 0.0, 1.0, dx, dy)


def scale(sx: float, sy: float | None = None) -> Matrix:
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Matrix:
    """Rotation by ``degrees`` counter-clockwise as seen, about (cx, cy)."""
    a = math.radians(degrees)
    c, s = _clean(math.cos(a)), _clean(math.sin(a))
    # y points down, so a visually counter-clockwise turn is (c, -s, s, c).
    m = (c, -s, s, c, 0.0, 0.0)
    if cx or cy:
        m = compose(translate(cx, cy), m, translate(-cx, -cy))
    return m


def mirror_x(width: float) -> Matrix:
    """Left-right mirror of the band ``0..width`` (back pages for duplex)."""
    return (-1.0, 0.0, 0.0, 1.0, width, 0.0)


def compose(*matrices: Matrix) -> Matrix:
    """``compose(A, B)`` applies B first, then A (like SVG ``transform="A B"``)."""
    result = IDENTITY
    for m in matrices:
        a, b, c, d, e, f = result
        a2, b2, c2, d2, e2, f2 = m
        result = (
            a * a2 + c * b2,
            b * a2 + d * b2,
            a * c2 + c * d2,
            b * c2 + d * d2,
            a * e2 + c * f2 + e,
            b * e2 + d * f2 + f,
        )
    return result


def apply(m: Matrix, x: float, y: float) -> Point:
    """Map a point through a matrix."""
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def _clean(v: float) -> float:
    r = round(v)
    return float(r) if abs(v - r) < 1e-12 else v


def arc_beziers(cx: float, cy: float, r: float, start: float, end: float) -> list[CurveTo]:
    """Cubic Beziers for an arc, at most 90 degrees each (error < 0.03 % of r)."""
    sweep = end - start
    pieces = max(1, math.ceil(abs(sweep) / 90.0 - 1e-9))
    step = sweep / pieces
    k = 4.0 / 3.0 * math.tan(math.radians(step) / 4.0)
    curves = []
    for i in range(pieces):
        a0 = math.radians(start + i * step)
        a1 = math.radians(start + (i + 1) * step)
        x0, y0 = cx + r * math.cos(a0), cy - r * math.sin(a0)
        x3, y3 = cx + r * math.cos(a1), cy - r * math.sin(a1)
        # Tangent at angle a (counter-clockwise as seen, y down) is (-sin a, -cos a).
        x1, y1 = x0 - k * r * math.sin(a0), y0 - k * r * math.cos(a0)
        x2, y2 = x3 + k * r * math.sin(a1), y3 + k * r * math.cos(a1)
        curves.append(CurveTo(x1, y1, x2, y2, x3, y3))
    return curves


def path_ops(segments: Iterable[Segment], curves: bool) -> Iterator[PathOp]:
    """Normalised path operations shared by both back ends.

    Yields ``("M", x, y)``, ``("L", x, y)``, ``("C", x1, y1, x2, y2, x, y)``,
    ``("Z",)`` and, when ``curves`` is false, ``("A", r, x, y, sweep)`` for
    arcs of at most 180 degrees (SVG arc; sweep 0 = counter-clockwise as seen).
    With ``curves`` true arcs become Bezier curves (PDF has no arcs).
    """
    current: Point | None = None
    start: Point | None = None
    for seg in segments:
        if isinstance(seg, MoveTo):
            current = start = (seg.x, seg.y)
            yield ("M", seg.x, seg.y)
        elif isinstance(seg, LineTo):
            if current is None:
                current = start = (seg.x, seg.y)
                yield ("M", seg.x, seg.y)
            else:
                current = (seg.x, seg.y)
                yield ("L", seg.x, seg.y)
        elif isinstance(seg, CurveTo):
            current = (seg.x, seg.y)
            yield ("C", seg.x1, seg.y1, seg.x2, seg.y2, seg.x, seg.y)
        elif isinstance(seg, ArcTo):
            p0 = polar(seg.cx, seg.cy, seg.r, seg.start)
            if current is None:
                current = start = p0
                yield ("M", *p0)
            elif math.dist(current, p0) > 1e-9:
                yield ("L", *p0)
            if curves:
                for c in arc_beziers(seg.cx, seg.cy, seg.r, seg.start, seg.end):
                    yield ("C", c.x1, c.y1, c.x2, c.y2, c.x, c.y)
            else:
                sweep = seg.end - seg.start
                pieces = max(1, math.ceil(abs(sweep) / 180.0 - 1e-9))
                for i in range(1, pieces + 1):
                    p = polar(seg.cx, seg.cy, seg.r, seg.start + sweep * i / pieces)
                    yield ("A", seg.r, p[0], p[1], 0 if sweep > 0 else 1)
            current = polar(seg.cx, seg.cy, seg.r, seg.end)
        elif isinstance(seg, Close):
            yield ("Z",)
            current = start
        else:
            raise TypeError(f"unknown path segment {seg!r}")
