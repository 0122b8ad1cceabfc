"""Drawing helpers shared by the wheel components (disc front, cover, calibration).

They translate the wheel frame of :mod:`pachaprint.render.wheel` (angles from
the window axis, axis-frame boxes) into drawing-model items for a wheel
centred at (cx, cy) on a drawing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pachaprint.model.board import COLUMN_LETTERS
from pachaprint.resources import load_template

from .. import draw as d
from .. import symbols
from ..fonts import text_width
from ..shapes import sector_path
from ..wheel import Box, Sector
from ..wheel import page_angle as page_angle
from ..wheel import page_point as page_point


def board_template() -> dict[str, Any]:
    """``templates/board.json`` (element and animal names per column and row)."""
    found: dict[str, Any] = load_template("board.json")
    return found


def element_name(column: int) -> str:
    return str(board_template()["elements"][column])


def animal_name(row: int) -> str:
    return str(board_template()["animals"][row])


def column_letter(column: int) -> str:
    return COLUMN_LETTERS[column]


def sector(cx: float, cy: float, s: Sector, style: d.Style, **kw: Any) -> d.Path:
    """An annular sector of the wheel frame as a path."""
    return sector_path(
        cx, cy, s.r_in, s.r_out, page_angle(s.start), page_angle(s.end), style=style, **kw
    )


def poly(points: Iterable[tuple[float, float]], style: d.Style, **kw: Any) -> d.Path:
    """A closed straight-edged outline as a path."""
    pts = list(points)
    return d.Path(
        segments=(d.MoveTo(*pts[0]), *(d.LineTo(*p) for p in pts[1:]), d.Close()), style=style, **kw
    )


def box(cx: float, cy: float, b: Box, style: d.Style, **kw: Any) -> d.Path:
    """An axis-frame box as a closed outline."""
    return poly((page_point(cx, cy, x, u) for x, u in b.corners()), style, **kw)


def turned(cx: float, cy: float, degrees: float, *items: d.Element, **kw: Any) -> d.Group:
    """Items laid out in the upright axis frame, turned ``degrees`` about the pin."""
    return d.group(
        *items, transform=d.rotate(degrees, cx, cy) if degrees % 360 else d.IDENTITY, **kw
    )


def label(
    cx: float,
    cy: float,
    x: float,
    u: float,
    text: str,
    size_pt: float,
    colour: str,
    bold: bool = False,
) -> d.Text:
    """Text centred on an axis-frame point."""
    px, py = page_point(cx, cy, x, u)
    return d.Text(
        x=px,
        y=py,
        text=text,
        size_pt=size_pt,
        anchor="middle",
        valign="middle",
        bold=bold,
        colour=colour,
    )


def glyph(
    name: str,
    cx: float,
    cy: float,
    x: float,
    u: float,
    size: float,
    ink: str | None = None,
    paper: str | None = None,
) -> d.Use:
    """A symbol centred on an axis-frame point."""
    px, py = page_point(cx, cy, x, u)
    return symbols.place(name, px, py, size, ink=ink, paper=paper)


def pin_mark(cx: float, cy: float, diameter: float, pal: symbols.Palette) -> d.Group:
    """The split-pin hole: a white disc with a cross to pierce at."""
    r = diameter / 2
    ink = d.stroke(pal["ink"], 0.2)
    return d.group(
        d.Circle(cx=cx, cy=cy, r=r, style=d.both(pal["paper"], pal["ink"], 0.25)),
        d.Line(x1=cx - r - 1.2, y1=cy, x2=cx + r + 1.2, y2=cy, style=ink),
        d.Line(x1=cx, y1=cy - r - 1.2, x2=cx, y2=cy + r + 1.2, style=ink),
        id="pin-hole",
        data=d.data(diameter_mm=f"{diameter:g}"),
    )


def cut_circle(cx: float, cy: float, r: float, pal: symbols.Palette, **kw: Any) -> d.Circle:
    """The cut line of a round piece."""
    return d.Circle(cx=cx, cy=cy, r=r, style=d.stroke(pal["cut"], 0.25), **kw)


def fits(text: str, size_pt: float, width_mm: float, bold: bool = False) -> bool:
    return text_width(text, size_pt, bold) <= width_mm
