"""The 57 crop tiles: round, their diameter growing with the level.

Counts per level from ``BOX_CROP_TILES``; diameters from ``templates/core.json``
(each must fit inside one board cell). A tile shows the crop colour, the crop
symbol and the level number: colour, size, symbol and digit all say the same.
A pawn stands on the tile's middle (``pawn_spot_mm`` across, marked by a thin
ring), so the digit (at the top, and upside down at the bottom, for players
across the table) and the symbol (left and right) sit in the ring around it,
where they stay in view under a pawn.

SVG: the digits carry ``data-mark="level"``, the symbols ``data-mark="symbol"``.
"""

from __future__ import annotations

from ...model.printing import PrintSettings
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


def pawn_spot() -> float:
    """Diameter (mm) of the middle left free for a pawn."""
    return float(core_geometry()["crop_tile"]["pawn_spot_mm"])


def face(level: int, number: int, settings: PrintSettings) -> d.Drawing:
    """One crop tile (``number`` counts tiles of that level from 1)."""
    pal = palette(settings.ink)
    sw = crop(level, pal)
    size = diameter(level)
    bleed = core_geometry()["bleed_mm"]
    r = size / 2
    spot = pawn_spot() / 2
    band = r - 0.9 - spot  # the ring between the pawn spot and the edge line
    if band < 2.0:
        raise ValueError(
            f"templates/core.json: crop tile {level} ({size} mm) leaves {band:.1f} mm around "
            f"a {2 * spot:g} mm pawn; it needs 2 mm"
        )
    mid = spot + band / 2  # radius of the marks' centres
    mark = band * 0.9
    digit_pt = mark / (d.CAP_HEIGHT * d.PT_MM)
    items: list[d.Element] = [
        d.Circle(cx=r, cy=r, r=r + bleed, style=d.fill(sw.colour)),
        d.Circle(cx=r, cy=r, r=r - 0.9, style=d.stroke(pal["paper"], 0.35)),
        d.Circle(cx=r, cy=r, r=spot, style=d.stroke(sw.ink, 0.2, dash=(0.8, 0.8))),
    ]
    for angle in (0, 180):  # the digit at the top and, turned, at the bottom
        digit = d.Text(
            x=r,
            y=r - mid,
            text=str(level),
            size_pt=digit_pt,
            bold=True,
            anchor="middle",
            valign="middle",
            colour=sw.ink,
        )
        items.append(d.group(digit, transform=d.rotate(angle, r, r), data=d.data(mark="level")))
    for side in (-1, 1):  # the symbol left and right
        symbol = place(sw.symbol, r + side * mid, r, mark, ink=sw.ink, paper=sw.colour)
        items.append(d.group(symbol, data=d.data(mark="symbol")))
    return d.Drawing(
        size,
        size,
        tuple(items),
        name=f"crop-{level}-{number:02d}",
        bleed_mm=bleed,
        metadata=d.data(crop=level, pawn_spot_mm=f"{2 * spot:g}"),
    )


def pieces(settings: PrintSettings) -> list[d.Piece]:
    """All 57 crop tiles, level 1 first (single-sided)."""
    return [
        d.Piece(face(level, n, settings), None, "circle")
        for level in CROP_LEVELS
        for n in range(1, BOX_CROP_TILES[level] + 1)
    ]
