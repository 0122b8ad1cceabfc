"""The 20 offering tokens: per crop type, rounded squares (the crop tiles are round)."""

from __future__ import annotations

from ...model.printing import PrintSettings
from ...model.rules import CROP_LEVELS, OFFERING_TOKENS_PER_TYPE
from .. import draw as d
from ..fonts import fit_size
from ..symbols import crop, palette, place
from ..texts import core_geometry, texts


def face(level: int, number: int, settings: PrintSettings) -> d.Drawing:
    """One offering token of the crop of ``level``."""
    pal = palette(settings.ink)
    sw = crop(level, pal)
    size = core_geometry()["offering_token"]["diameter_mm"]
    bleed = core_geometry()["bleed_mm"]
    word = texts(settings.lang)["tokens"]["offering"]
    items: list[d.Element] = [
        d.Rect(x=-bleed, y=-bleed, w=size + 2 * bleed, h=size + 2 * bleed, style=d.fill(sw.colour)),
        d.Rect(
            x=1.6,
            y=1.6,
            w=size - 3.2,
            h=size - 3.2,
            rx=2.5,
            style=d.both(pal["paper"], pal["ink"], 0.25),
        ),
        place(sw.symbol, size / 2, size * 0.42, size * 0.5),
        d.Text(
            x=size - 3.0,
            y=4.2,
            text=str(level),
            size_pt=7,
            bold=True,
            anchor="middle",
            valign="middle",
        ),
        d.Text(
            x=size / 2,
            y=size - 3.6,
            text=word,
            size_pt=fit_size(word, size - 4.5, 6.5),
            anchor="middle",
            valign="middle",
        ),
    ]
    return d.Drawing(
        size,
        size,
        tuple(items),
        name=f"offering-{level}-{number}",
        bleed_mm=bleed,
        metadata=d.data(crop=level),
    )


def pieces(settings: PrintSettings) -> list[d.Piece]:
    """All offering tokens (4 per crop type), single-sided."""
    return [
        d.Piece(face(level, n, settings), None, "rect")
        for level in CROP_LEVELS
        for n in range(1, OFFERING_TOKENS_PER_TYPE + 1)
    ]
