"""Paper sizes, the printable body of a page, and a page's body before numbering.

Everything comes from ``templates/sheets.json``. Pages are portrait. The
imposition (:mod:`pachaprint.render.imposition`), the tiling of large drawings
(:mod:`pachaprint.render.tiling`) and the numbered pages with their footers
(:mod:`pachaprint.render.pages`) build on these; :mod:`pachaprint.render.sheets`
gathers them under one name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..resources import load_template
from . import draw as d


@dataclass(frozen=True)
class Paper:
    """A paper size, portrait, in millimetres."""

    key: str
    name: str
    width: float
    height: float


def geometry() -> dict[str, Any]:
    """The parsed ``templates/sheets.json``."""
    found: dict[str, Any] = load_template("sheets.json")
    return found


def paper(key: str) -> Paper:
    """``paper("a4")`` or ``paper("letter")``."""
    papers = geometry()["papers"]
    if key not in papers:
        raise ValueError(f"unknown paper {key!r} (choose {' or '.join(papers)})")
    p = papers[key]
    return Paper(key, p["name"], p["width_mm"], p["height_mm"])


@dataclass(frozen=True)
class Area:
    """The printable body of a page: inside the margins, above the footer."""

    x: float
    y: float
    w: float
    h: float


def body_area(p: Paper) -> Area:
    s = geometry()
    m = s["margin_mm"]
    return Area(m, m, p.width - 2 * m, p.height - 2 * m - s["footer_mm"])


def marked_area(p: Paper, reach: float) -> Area:
    """The body, shrunk so that marks reaching ``reach`` mm beyond a piece's bleed stay
    at least ``min_edge_mm`` from the paper's edge."""
    s = geometry()
    area = body_area(p)
    inset = max(0.0, s["min_edge_mm"] + reach - s["margin_mm"])
    return Area(area.x + inset, area.y + inset, area.w - 2 * inset, area.h - 2 * inset)


@dataclass(frozen=True)
class Sheet:
    """One page's body: items in page millimetres, a label, and its side.

    ``side`` is ``"front"`` (may be followed by its ``"back"``), ``"back"``
    (the reverse of the sheet before it) or ``"single"`` (nothing on its back).
    """

    paper: Paper
    items: tuple[d.Element, ...]
    label: str
    side: str = "single"
