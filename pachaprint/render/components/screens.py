"""The four co-op screens: a player's tile stacks stay behind one, the turn summary on its inside.

Each screen is one strip of three panels (``templates/core.json``, ``screen``)
folded into a U that stands on the table: the outside shows the player
colour with its letter (colour is never the only cue), the inside a short
summary of a co-op turn in the kit's language, on the middle panel, facing
the player. Dashed lines are the folds. Printed double-sided: the outside is
the front, the inside its back.

SVG: each face carries ``data-piece="screen"``, ``data-colour``, ``data-side``
and ``data-footprint-mm`` (width and depth of the U standing on the table).
"""

from __future__ import annotations

from typing import Any

from ...model.printing import PrintSettings
from .. import draw as d
from ..fonts import fit_size, wrap
from ..symbols import palette, pawn_badge
from ..texts import core_geometry, pawn_letter, texts

SIZES_PT = (8.0, 7.5, 7.0, 6.5, 6.0)
MARGIN_MM = 3.0


def spec() -> dict[str, Any]:
    found: dict[str, Any] = core_geometry()["screen"]
    return found


def footprint() -> tuple[float, float]:
    """Width and depth (mm) of the screen standing as a U: the middle panel and a side panel."""
    side, middle, _ = (float(v) for v in spec()["panels_mm"])
    return middle, side


def _folds(height: float, panels: list[float], bleed: float, guide: str) -> list[d.Element]:
    style = d.stroke(guide, 0.3, dash=(1.5, 1.0))
    x = 0.0
    found: list[d.Element] = []
    for width in panels[:-1]:
        x += width
        found.append(d.Line(x1=x, y1=-bleed, x2=x, y2=height + bleed, style=style))
    return found


def _outside(
    colour: str, settings: PrintSettings, panels: list[float], height: float
) -> list[d.Element]:
    pal = palette(settings.ink)
    words = texts(settings.lang)
    name = words["pawns"][colour]
    letter = pawn_letter(colour, settings.lang)
    title = words["screen"]["name"]
    items: list[d.Element] = []
    x = 0.0
    for width in panels:
        cx = x + width / 2
        items.append(pawn_badge(colour, cx, height * 0.42, 18.0, pal, letter))
        label = f"{title} · {name}"
        items.append(
            d.Text(
                x=cx,
                y=height - 6.0,
                text=label,
                size_pt=fit_size(label, width - 2 * MARGIN_MM, 8.0),
                anchor="middle",
                bold=True,
                colour=pal["ink"],
            )
        )
        x += width
    return items


def _inside(settings: PrintSettings, panels: list[float], height: float) -> list[d.Element]:
    lang = settings.lang
    pal = palette(settings.ink)
    words = texts(lang)["screen"]
    left, middle, right = panels
    x0 = left + MARGIN_MM
    width = middle - 2 * MARGIN_MM
    for size in SIZES_PT:
        lead = size * d.PT_MM * 1.25
        lines = [wrap(step, width - 4.0, size) for step in words["turn"]]
        needed = 7.0 + sum(len(block) for block in lines) * lead + len(lines) * 0.6
        if needed <= height - 2 * MARGIN_MM:
            break
    else:
        raise ValueError(
            f"templates/reference/{lang}.json: the screen's turn does not fit; shorten it"
        )
    items: list[d.Element] = [
        d.Text(
            x=x0,
            y=MARGIN_MM + 3.5,
            text=words["title"],
            size_pt=size + 2,
            bold=True,
            colour=pal["ink"],
        )
    ]
    y = MARGIN_MM + 7.0
    for n, block in enumerate(lines, 1):
        items.append(
            d.Text(x=x0, y=y + lead, text=f"{n}.", size_pt=size, bold=True, colour=pal["ink"])
        )
        for line in block:
            y += lead
            items.append(d.Text(x=x0 + 4.0, y=y, text=line, size_pt=size, colour=pal["ink"]))
        y += 0.6
    for x, panel_w, text in ((0.0, left, words["left"]), (left + middle, right, words["right"])):
        size_side = min(SIZES_PT[-2], size)
        yy = MARGIN_MM + 4.0
        for line in wrap(text, panel_w - 2 * MARGIN_MM, size_side):
            items.append(
                d.Text(x=x + MARGIN_MM, y=yy, text=line, size_pt=size_side, colour=pal["ink"])
            )
            yy += size_side * d.PT_MM * 1.25
    return items


def face(colour: str, settings: PrintSettings, side: str = "front") -> d.Drawing:
    """The outside (``front``) or inside (``back``) of the screen of ``colour``."""
    panels = [float(v) for v in spec()["panels_mm"]]
    height = float(spec()["height_mm"])
    width = sum(panels)
    bleed = float(core_geometry()["bleed_mm"])
    pal = palette(settings.ink)
    ground = pal["board"] if side == "front" else pal["paper"]
    items: list[d.Element] = [
        d.Rect(x=-bleed, y=-bleed, w=width + 2 * bleed, h=height + 2 * bleed, style=d.fill(ground))
    ]
    if side == "front":
        band = pal["pawns"][colour]["colour"]
        items.append(
            d.Rect(x=-bleed, y=height - 3.0, w=width + 2 * bleed, h=3.0 + bleed, style=d.fill(band))
        )
        items += _outside(colour, settings, panels, height)
    else:
        items += _inside(settings, panels, height)
    items += _folds(height, panels, bleed, pal["guide"])
    w, depth = footprint()
    return d.Drawing(
        width,
        height,
        tuple(items),
        name=f"screen-{colour}" + ("-back" if side == "back" else ""),
        bleed_mm=bleed,
        metadata=d.data(piece="screen", colour=colour, side=side, footprint_mm=f"{w:g} {depth:g}"),
    )


def pieces(settings: PrintSettings) -> list[d.Piece]:
    """The four screens, one per player colour, outside on the front and the turn inside."""
    return [
        d.Piece(face(colour, settings), face(colour, settings, "back"), "rect")
        for colour in spec()["colours"]
    ]
