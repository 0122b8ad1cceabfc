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
  ``data-*`` attributes, docs/outputs.md section 3; the PDF has no place for them).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from .pathmath import (
    IDENTITY,
    ArcTo,
    Close,
    CurveTo,
    LineTo,
    Matrix,
    MoveTo,
    PathOp,
    Point,
    Segment,
    apply,
    arc_beziers,
    compose,
    mirror_x,
    path_ops,
    polar,
    rotate,
    scale,
    translate,
)

PT_MM = 25.4 / 72.0
"""One typographic point in millimetres."""

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


__all__ = [
    "CAP_HEIGHT",
    "IDENTITY",
    "PT_MM",
    "ArcTo",
    "Circle",
    "Close",
    "CurveTo",
    "Drawing",
    "Element",
    "Group",
    "Item",
    "Line",
    "LineTo",
    "Matrix",
    "MoveTo",
    "Path",
    "PathOp",
    "Piece",
    "Point",
    "Polygon",
    "Rect",
    "Segment",
    "Style",
    "Symbol",
    "Text",
    "Use",
    "apply",
    "arc_beziers",
    "both",
    "compose",
    "data",
    "fill",
    "find",
    "group",
    "mirror_x",
    "path_ops",
    "polar",
    "rotate",
    "scale",
    "stroke",
    "translate",
    "walk",
]
