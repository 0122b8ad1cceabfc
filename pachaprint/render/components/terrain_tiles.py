"""The 62 terrain tiles: fronts, and backs with the Otoma arrow.

Tile size = board cell pitch. Counts come from ``BOX_TERRAIN_TILES``; the back
of tile ``V01`` (its arrow's pawn colour and direction) from
``templates/tiles/terrain-arrows.json``, the file the engine's solo mode also
reads. Both faces show the terrain (colour, symbol and letter); the back adds
the arrow in a pawn colour with that colour's letter, and the llama, so a
tile laid arrow side up can be turned to face north.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model.printing import PrintSettings
from ...model.rules import BOX_TERRAIN_TILES, TERRAIN_LETTERS
from ...resources import load_template
from .. import draw as d
from ..fonts import fit_size
from ..symbols import palette, pawn, place, terrain
from ..texts import core_geometry, pawn_letter, texts

DIRECTION_DEGREES = {"N": 0.0, "W": 90.0, "S": 180.0, "E": 270.0}
"""Arrow direction -> turn of the upward arrow, counter-clockwise as seen."""


@dataclass(frozen=True)
class TileBack:
    """One tile's entry in the arrow template."""

    tile: str
    terrain: str
    arrow: str
    direction: str


def arrow_template() -> list[TileBack]:
    """The 62 tile backs, checked against the box counts and colour names."""
    data = load_template("tiles/terrain-arrows.json")
    backs = [TileBack(t["tile"], t["terrain"], t["arrow"], t["direction"]) for t in data["tiles"]]
    for letter in TERRAIN_LETTERS:
        count = sum(1 for b in backs if b.terrain == letter)
        if count != BOX_TERRAIN_TILES[letter]:
            raise ValueError(
                f"templates/tiles/terrain-arrows.json: {count} {letter} tiles, the box has "
                f"{BOX_TERRAIN_TILES[letter]}"
            )
    for b in backs:
        if b.arrow not in palette()["pawns"] or b.direction not in DIRECTION_DEGREES:  # (names)
            raise ValueError(
                f"templates/tiles/terrain-arrows.json: tile {b.tile} has arrow {b.arrow!r} "
                f"direction {b.direction!r}"
            )
    return backs


def _base(letter: str, size: float, bleed: float, colour: str, paper: str) -> list[d.Element]:
    return [
        d.Rect(x=-bleed, y=-bleed, w=size + 2 * bleed, h=size + 2 * bleed, style=d.fill(colour)),
        d.Rect(x=1.2, y=1.2, w=size - 2.4, h=size - 2.4, rx=1.2, style=d.stroke(paper, 0.35)),
    ]


def front(back: TileBack, size: float, settings: PrintSettings) -> d.Drawing:
    """The terrain face of one tile."""
    pal = palette(settings.ink)
    sw = terrain(back.terrain, pal)
    bleed = core_geometry()["bleed_mm"]
    name = texts(settings.lang)["terrains"][back.terrain]
    ratio = core_geometry()["terrain_tile"]["symbol_ratio"]
    items: list[d.Element] = [
        *_base(back.terrain, size, bleed, sw.colour, pal["paper"]),
        place(sw.symbol, size / 2, size * 0.44, size * ratio, ink=sw.ink, paper=sw.colour),
        d.Text(x=2.6, y=4.6, text=sw.letter, size_pt=9, bold=True, colour=sw.ink, valign="middle"),
        d.Text(
            x=size / 2,
            y=size - 4.0,
            text=name,
            size_pt=fit_size(name, size - 6, 7),
            anchor="middle",
            valign="middle",
            colour=sw.ink,
        ),
    ]
    return d.Drawing(
        size,
        size,
        tuple(items),
        name=f"tile-{back.tile}",
        bleed_mm=bleed,
        metadata=d.data(tile=back.tile, terrain=back.terrain),
    )


def back_face(back: TileBack, size: float, settings: PrintSettings) -> d.Drawing:
    """The arrow face: terrain tint and letter, the pawn-colour arrow, the llama."""
    pal = palette(settings.ink)
    sw = terrain(back.terrain, pal)
    pw = pawn(back.arrow, pal)
    bleed = core_geometry()["bleed_mm"]
    tint = pal["terrains"][back.terrain]["tint"]
    cx, cy = size / 2, size / 2
    arrow = d.group(
        place("arrow", cx, cy, size * 0.62, accent=pw.colour),
        transform=d.rotate(DIRECTION_DEGREES[back.direction], cx, cy),
    )
    # the letter sits on the arrow's shaft, always upright
    shaft = {"N": (0, 0.12), "S": (0, -0.12), "E": (-0.12, 0), "W": (0.12, 0)}[back.direction]
    items: list[d.Element] = [
        d.Rect(x=-bleed, y=-bleed, w=size + 2 * bleed, h=size + 2 * bleed, style=d.fill(sw.colour)),
        d.Rect(x=1.6, y=1.6, w=size - 3.2, h=size - 3.2, rx=1.2, style=d.fill(tint)),
        place(sw.symbol, 5.2, 5.2, 5.6),
        arrow,
        d.Text(
            x=cx + shaft[0] * size,
            y=cy + shaft[1] * size,
            text=pawn_letter(back.arrow, settings.lang),
            size_pt=7.5,
            bold=True,
            anchor="middle",
            valign="middle",
            colour=pw.ink,
        ),
        place("llama", size - 4.8, size - 5.2, 5.6),
        d.Text(x=3.0, y=size - 3.6, text=sw.letter, size_pt=7, bold=True, valign="middle"),
    ]
    return d.Drawing(
        size,
        size,
        tuple(items),
        name=f"tile-{back.tile}-back",
        bleed_mm=bleed,
        metadata=d.data(
            tile=back.tile, terrain=back.terrain, arrow=back.arrow, direction=back.direction
        ),
    )


def pieces(settings: PrintSettings, size_mm: float | None = None) -> list[d.Piece]:
    """All 62 tiles as duplex pieces, in template order (valley, desert, forest, mountain)."""
    size = size_mm or load_template("board.json")["cell_mm"]
    return [
        d.Piece(front(b, size, settings), back_face(b, size, settings), "rect")
        for b in arrow_template()
    ]
