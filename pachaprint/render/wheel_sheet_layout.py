"""Where the pieces of a wheel's cover sheet go on a page (sizes from the template).

The cover sits at the top left, the slider strip (sector wheels) to its right,
the shutter piece to the right of those when there is room, else below the
cover. The same places serve the sheet (:mod:`pachaprint.render.components.wheel_cover`)
and the template check (:mod:`pachaprint.render.wheel_templates`), which
refuses a template whose pieces would not fit the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..resources import load_template
from . import sheets
from .shutters import shutters
from .wheel import Wheel, WheelTemplateError

PIECE_BLEED_MM = 3.0
"""Bleed around the slider strip and the shutter piece."""
MARK_REACH_MM = 4.0
"""How far crop marks reach beyond a piece's bleed."""


@dataclass(frozen=True)
class Place:
    """A piece's media box on the page (top-left corner and size, bleed included)."""

    x: float
    y: float
    w: float
    h: float


def gap_mm() -> float:
    return float(load_template("wheel/layout.json")["sheet"]["gap_mm"])


def cover_sheet_places(wheel: Wheel, paper: str) -> dict[str, Place]:
    """``cover``, ``shutters`` and (sector wheels) ``slider`` places on ``paper``.

    Raises :class:`WheelTemplateError` when the pieces do not fit.
    """
    area = sheets.marked_area(sheets.paper(paper), MARK_REACH_MM)
    gap = gap_mm()
    size = 2 * (wheel.cover_radius + wheel.cover_bleed)
    places = {"cover": Place(area.x, area.y, size, size)}
    right = area.x + size
    strip = wheel.slider_strip()
    if strip is not None:
        b = PIECE_BLEED_MM
        places["slider"] = Place(right + gap, area.y, strip.width + 2 * b, strip.height + 2 * b)
        right += gap + places["slider"].w
    outline = shutters(wheel).outline
    w, h = outline.width + 2 * PIECE_BLEED_MM, outline.height + 2 * PIECE_BLEED_MM
    if right + gap + w <= area.x + area.w:
        places["shutters"] = Place(right + gap, area.y, w, h)
    else:
        places["shutters"] = Place(area.x, area.y + size + gap, w, h)
    for name, place in places.items():
        if place.x + place.w > area.x + area.w + 1e-6 or place.y + place.h > area.y + area.h + 1e-6:
            raise WheelTemplateError(f"the {name} piece does not fit on a {paper} page")
    return places
