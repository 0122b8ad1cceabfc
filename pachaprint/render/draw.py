"""The drawing model: every component is described once, in millimetres.

A component is a :class:`Drawing` (trim width and height plus bleed) holding a
list of items built from a small set of verbs: :class:`Rect`, :class:`Circle`,
:class:`Line`, :class:`Polygon`, :class:`Path`, :class:`Text`, :class:`Use`
(a placed :class:`Symbol`) and :class:`Group` (transform and clip). The SVG
writer (:mod:`pachaprint.render.svg`) and the PDF writer
(:mod:`pachaprint.render.pdf`) translate the same items, so both outputs agree.

Conventions, shared by both back ends:

* Units are millimetres; the origin is the trim box's top-left corner; y grows
  downwards (as in SVG). Art may reach into the bleed (negative coordinates, or
  beyond ``width_mm``/``height_mm``) by up to ``bleed_mm``.
* Angles are degrees, counter-clockwise as seen on the printed page, 0 = +x.
  :func:`polar` turns (centre, radius, angle) into a point.
* Text sizes are typographic points (``size_pt``); everything else is mm.
* Every item may carry an ``id`` and ``data`` (written as SVG ``id`` and
  ``data-*`` attributes, SPEC section 7; the PDF has no place for them).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

PT_MM = 25.4 / 72.0
"""One typographic point in millimetres."""

Point = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]
"""Affine matrix ``(a, b, c, d, e, f)``: x' = a*x + c*y + e, y' = b*x + d*y + f."""

IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

PathOp = tuple[Any, ...]
"""A normalised path operation: its letter, then numbers (see :func:`path_ops`)."""


# --------------------------------------------------------------------------- style


@dataclass(frozen=True)
class Style:
    """Paint of a shape. Colours are ``"#rrggbb"``; ``None`` paints nothing."""

    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.25
    dash: tuple[float, ...] = ()
    cap: str = "butt"  # butt | round | square
    join: str = "miter"  # miter | round | bevel
    opacity: float = 1.0

    def with_(self, **changes: Any) -> Style:
        """A copy with some fields changed."""
        return replace(self, **changes)


def fill(colour: str) -> Style:
    """Filled, not stroked."""
    return Style(fill=colour)


def stroke(
    colour: str, width: float = 0.25, dash: tuple[float, ...] = (), cap: str = "butt"
) -> Style:
    """Stroked outline, not filled."""
    return Style(stroke=colour, stroke_width=width, dash=dash, cap=cap)


def both(fill_colour: str, stroke_colour: str, width: float = 0.25) -> Style:
    """Filled and stroked."""
    return Style(fill=fill_colour, stroke=stroke_colour, stroke_width=width)


# --------------------------------------------------------------------------- items


@dataclass(frozen=True, kw_only=True)
class Item:
    """Base of every drawing verb: optional ``id`` and ``data-*`` attributes."""

    id: str | None = None
    data: tuple[tuple[str, str], ...] = ()
    """``data-<key>="<value>"`` pairs, in order (a tuple keeps items hashable)."""


@dataclass(frozen=True, kw_only=True)
class Rect(Item):
    x: float
    y: float
    w: float
    h: float
    rx: float = 0.0
    style: Style = Style(stroke="#000000")


@dataclass(frozen=True, kw_only=True)
class Circle(Item):
    cx: float
    cy: float
    r: float
    style: Style = Style(stroke="#000000")


@dataclass(frozen=True, kw_only=True)
class Line(Item):
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = Style(stroke="#000000")


@dataclass(frozen=True, kw_only=True)
class Polygon(Item):
    """A straight-edged shape through ``points``; ``closed=False`` is a polyline."""

    points: tuple[Point, ...]
    closed: bool = True
    style: Style = Style(stroke="#000000")


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


@dataclass(frozen=True, kw_only=True)
class Path(Item):
    """A general outline; fill rule even-odd when ``evenodd`` (holes, rings)."""

    segments: tuple[Segment, ...]
    evenodd: bool = False
    style: Style = Style(stroke="#000000")


@dataclass(frozen=True, kw_only=True)
class Text(Item):
    """One line of real text (searchable in SVG, embedded font in PDF).

    ``anchor`` is ``start``/``middle``/``end`` along x. ``valign`` places y:
    ``baseline`` (y is the baseline) or ``middle`` (y is half the capital
    height above the baseline, which centres capitals and digits).
    """

    x: float
    y: float
    text: str
    size_pt: float = 9.0
    anchor: str = "start"
    valign: str = "baseline"
    bold: bool = False
    colour: str = "#000000"

    def baseline(self) -> float:
        """The y of the baseline in mm, as both back ends draw it."""
        if self.valign == "middle":
            return self.y + CAP_HEIGHT * self.size_pt * PT_MM / 2
        return self.y


CAP_HEIGHT = 0.729
"""Capital height of the embedded font (Bitstream Vera), in em."""


@dataclass(frozen=True)
class Symbol:
    """A reusable picture drawn in its own box ``0..width`` x ``0..height``."""

    name: str
    width: float
    height: float
    items: tuple[Element, ...]


@dataclass(frozen=True, kw_only=True)
class Use(Item):
    """Place ``symbol`` scaled uniformly to fit the box (x, y, w, h), centred."""

    symbol: Symbol
    x: float
    y: float
    w: float
    h: float

    def matrix(self) -> Matrix:
        """Symbol box -> drawing coordinates (the same for both back ends)."""
        s = min(self.w / self.symbol.width, self.h / self.symbol.height)
        dx = self.x + (self.w - s * self.symbol.width) / 2
        dy = self.y + (self.h - s * self.symbol.height) / 2
        return (s, 0.0, 0.0, s, dx, dy)


@dataclass(frozen=True, kw_only=True)
class Group(Item):
    """Items drawn under ``transform``; ``clip`` (in local coordinates) masks them."""

    items: tuple[Element, ...]
    transform: Matrix = IDENTITY
    clip: Rect | Circle | Polygon | Path | None = None


Element = Rect | Circle | Line | Polygon | Path | Text | Use | Group


@dataclass(frozen=True)
class Drawing:
    """One component or one page: trim size in mm, bleed around it, items.

    ``name`` identifies the component (SVG root ``id``, PDF title); ``metadata``
    is written as ``data-*`` attributes on the SVG root.
    """

    width_mm: float
    height_mm: float
    items: tuple[Element, ...]
    name: str = "drawing"
    bleed_mm: float = 0.0
    metadata: tuple[tuple[str, str], ...] = ()

    @property
    def media_width(self) -> float:
        return self.width_mm + 2 * self.bleed_mm

    @property
    def media_height(self) -> float:
        return self.height_mm + 2 * self.bleed_mm


# --------------------------------------------------------------------------- helpers


def data(**attributes: object) -> tuple[tuple[str, str], ...]:
    """``data(cell="c3", terrain="V")`` -> data pairs for an item."""
    return tuple((k.replace("_", "-"), str(v)) for k, v in attributes.items())


def group(
    *items: Element,
    transform: Matrix = IDENTITY,
    clip: Rect | Circle | Polygon | Path | None = None,
    id: str | None = None,
    data: Iterable[tuple[str, str]] = (),
) -> Group:
    """A :class:`Group` from positional items."""
    return Group(items=tuple(items), transform=transform, clip=clip, id=id, data=tuple(data))


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


def walk(items: Iterable[Element], matrix: Matrix = IDENTITY) -> Iterator[tuple[Element, Matrix]]:
    """Every item (groups and symbol contents expanded) with its total matrix."""
    for item in items:
        yield item, matrix
        if isinstance(item, Group):
            yield from walk(item.items, compose(matrix, item.transform))
        elif isinstance(item, Use):
            yield from walk(item.symbol.items, compose(matrix, item.matrix()))


def find(drawing: Drawing, item_id: str) -> Element | None:
    """The item with ``id`` == ``item_id`` anywhere in the drawing, else ``None``."""
    for item, _ in walk(drawing.items):
        if item.id == item_id:
            return item
    return None


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


@dataclass(frozen=True)
class Piece:
    """A piece to cut out: its front, optional back, and the shape of its cut.

    Both faces have the same trim size and bleed; ``cut`` is ``"rect"`` or
    ``"circle"`` (diameter = trim width). Imposition
    (:mod:`pachaprint.render.sheets`) places pieces on pages and draws the cut
    guides; the back lands behind the front on long-edge duplex.
    """

    front: Drawing
    back: Drawing | None = None
    cut: str = "rect"

    def __post_init__(self) -> None:
        if self.back is not None and (
            (self.back.width_mm, self.back.height_mm, self.back.bleed_mm)
            != (self.front.width_mm, self.front.height_mm, self.front.bleed_mm)
        ):
            raise ValueError(f"front and back of {self.front.name} differ in size")
        if self.cut not in ("rect", "circle"):
            raise ValueError(f"unknown cut {self.cut!r} (rect or circle)")
