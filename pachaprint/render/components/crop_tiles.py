"""The 57 crop tiles: round, their diameter growing with the level.

Counts per level from ``BOX_CROP_TILES``; diameters from ``templates/core.json``
(each must fit inside one board cell). A tile shows the crop colour, the crop
symbol and the level number: colour, size, symbol and digit all say the same.
"""

from __future__ import annotations

from ...model.rules import BOX_CROP_TILES, CROP_LEVELS
from ...resources import load_template
from .. import draw as d
from ..symbols import crop, palette, place
from ..texts import core_geometry


def diameter(level: int) -> float:
    """Diameter in mm of a level's tile; ``ValueError`` if it would not fit a cell."""
    size = core_geometry()["crop_tile"]["diameters_mm"][str(level)]
    cell = load_template("board.json")["cell_mm"]
    if size > cell - 2:
        raise ValueError(
            f"templates/core.json: crop tile {level} ({size} mm) does not fit a {cell} mm cell"
        )
    return float(size)


def face(level: int, number: int) -> d.Drawing:
    """One crop tile (``number`` counts tiles of that level from 1)."""
    sw = crop(level)
    pal = palette()
    size = diameter(level)
    bleed = core_geometry()["bleed_mm"]
    r = size / 2
    items: list[d.Element] = [
        d.Circle(cx=r, cy=r, r=r + bleed, style=d.fill(sw.colour)),
        d.Circle(cx=r, cy=r, r=r - 0.9, style=d.stroke(pal["paper"], 0.35)),
        place(sw.symbol, r, r - size * 0.13, size * 0.46, ink=sw.ink, paper=sw.colour),
        d.Text(
            x=r,
            y=r + size * 0.27,
            text=str(level),
            size_pt=size * 0.62,
            bold=True,
            anchor="middle",
            valign="middle",
            colour=sw.ink,
        ),
    ]
    return d.Drawing(
        size,
        size,
        tuple(items),
        name=f"crop-{level}-{number:02d}",
        bleed_mm=bleed,
        metadata=d.data(crop=level),
    )


def pieces(lang: str = "en") -> list[d.Piece]:
    """All 57 crop tiles, level 1 first (single-sided)."""
    return [
        d.Piece(face(level, n), None, "circle")
        for level in CROP_LEVELS
        for n in range(1, BOX_CROP_TILES[level] + 1)
    ]
