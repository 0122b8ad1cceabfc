"""The table's pictures, drawn with the print's components so the screen looks like the kit.

Every picture is two drawings in the same millimetre frame: a *base* that
never changes in a game (the printed board, diversity board or score track,
from :mod:`pachaprint.render.components`) and a *layer* of what lies on it
now (terrain and crop tiles, pawns, stones, markers: the same component
faces, scaled into place). The page stacks the layer's SVG on the base's; the
base is sent once, the layer after every decision. Colour never speaks alone:
every tile, crop, pawn and stone carries its symbol and letter or number, as
printed.

The layer of the board holds one target per cell in play (``data-cell``),
with what lies open there (``data-terrain``, ``data-crop``); the page lights
targets up and gives them the engine's ``data-action`` codes. A picture is
made from a :class:`~pachaprint.engine.rules.view.PlayerView` only: it cannot
show what the view does not hold.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache, lru_cache

from pachaprint.engine.rules.config import Seating
from pachaprint.engine.rules.movement import Direction
from pachaprint.engine.rules.view import PlayerView
from pachaprint.model.board import COLUMN_LETTERS, SIZES, Board
from pachaprint.model.printing import PrintSettings
from pachaprint.model.rules import TERRAIN_LETTERS
from pachaprint.render import draw as d
from pachaprint.render.components import board as board_component
from pachaprint.render.components import crop_tiles, pieces, terrain_tiles
from pachaprint.render.contrast import halo
from pachaprint.render.svg import svg_string
from pachaprint.render.symbols import palette
from pachaprint.render.texts import texts

LOOK = PrintSettings()
"""The printed pieces' words and ink on the table's screen: English, full colour."""
CROP_SCALE = 0.72
"""Crop tiles on the board, against their printed size (the level still sets the size)."""
PAWN_MM = 12.0
"""Pawns on the board (the printed tokens are 16 mm; a smaller one leaves the crop readable)."""
PAWN_INSET = 1.4
"""The gap between a pawn and its cell's top and right edges (its halo stays in the cell)."""
HALO_MM = (0.6, 0.7)
"""The widths of a halo's inner and outer ring, outside the piece's edge
(:func:`pachaprint.render.contrast.halo`)."""
_SVG_HEAD = re.compile(r"^<\?xml[^>]*>\s*")
_SIZE = re.compile(r' (width|height)="[0-9.]+mm"')
_IDS = re.compile(r'(id="|#)(sym-|clip-)')


# -- placing component faces ---------------------------------------------------------------
@cache
def face_symbol(face: d.Drawing, round_: bool = False) -> d.Symbol:
    """A component face as a symbol cut to its trim (a circle for round pieces): written once
    per picture however many times it lies on the table."""
    w, h = face.width_mm, face.height_mm
    clip: d.Rect | d.Circle = (
        d.Circle(cx=w / 2, cy=h / 2, r=w / 2) if round_ else d.Rect(x=0, y=0, w=w, h=h)
    )
    return d.Symbol(f"face-{face.name}", w, h, (d.Group(items=face.items, clip=clip),))


def placed(face: d.Drawing, x: float, y: float, size: float, round_: bool = False) -> d.Use:
    """A component face scaled to ``size`` mm wide with its top-left corner at (x, y), as a
    piece lies on the table."""
    symbol = face_symbol(face, round_)
    return d.Use(symbol=symbol, x=x, y=y, w=size, h=size * face.height_mm / face.width_mm)


@cache
def terrain_face(letter: str, size: float) -> d.Drawing:
    """The terrain face of a tile (start tiles, and every tile of the competitive game)."""
    return terrain_tiles.front(
        terrain_tiles.TileBack(f"{letter}-{size:g}", letter, "brown", "N"), size, LOOK
    )


@cache
def arrow_face(letter: str, colour: str, direction: int, size: float) -> d.Drawing:
    """A tile lying arrow side up (solo and co-op): terrain tint, the arrow in its pawn colour
    with that colour's letter, the llama."""
    name = Direction(direction).name
    back = terrain_tiles.TileBack(f"{letter}-{colour}-{name}-{size:g}", letter, colour, name)
    return terrain_tiles.back_face(back, size, LOOK)


@cache
def crop_face(level: int) -> d.Drawing:
    return crop_tiles.face(level, 1, LOOK)


@cache
def piece_face(kind: str, colour: str) -> d.Drawing:
    return pieces.face(kind, colour, 1, LOOK)


def piece(kind: str, colour: str, x: float, y: float, size: float) -> d.Use:
    """A pawn, stone or marker of ``colour`` at (x, y), ``size`` mm across."""
    return placed(piece_face(kind, colour), x, y, size, pieces.spec(kind)["cut"] == "circle")


# -- SVG for the page ---------------------------------------------------------------------
@lru_cache(maxsize=64)
def markup(drawing: d.Drawing, prefix: str) -> str:
    """Inline SVG for the page: no XML declaration, no fixed size (the page scales it), and
    the ids of its symbols and clips prefixed, so that several pictures share one page.

    Remembered for the last drawings (equal drawings give equal text): most decisions
    change one or two pictures, and a replay shows the same tables again."""
    text = _SVG_HEAD.sub("", svg_string(drawing, pretty=False), count=1)
    text = _SIZE.sub("", text, count=2)
    return _IDS.sub(lambda m: f"{m.group(1)}{prefix}-{m.group(2)}", text)


def frame(base: d.Drawing, items: list[d.Element], name: str) -> d.Drawing:
    """A layer drawn in the frame of ``base`` (same trim, bleed and so the same viewBox)."""
    return d.Drawing(base.width_mm, base.height_mm, tuple(items), name=name, bleed_mm=base.bleed_mm)


# -- the board ------------------------------------------------------------------------------
def geometry() -> board_component.BoardGeometry:
    return board_component.geometry()


def cell_box(board: Board, cell: int) -> tuple[float, float, float]:
    """(x, y, size) of a cell on the board drawing, in mm."""
    g = geometry()
    return g.left + board.column(cell) * g.cell, g.top + board.row(cell) * g.cell, g.cell


def cell_centre(board: Board, cell: int) -> tuple[float, float]:
    x, y, size = cell_box(board, cell)
    return x + size / 2, y + size / 2


@cache
def board_base(size: str) -> d.Drawing:
    """The printed board as this disc uses it. For a tiny disc only its tiny part (columns
    a-e, as the print marks it), since the other columns are not in play, and no trails (a
    tiny disc has no Otoma); for a long disc the whole board without the print's mark of the
    tiny part (its frame round columns a-e and the note under them), which says nothing of
    this game."""
    printed = board_component.board(LOOK)
    tiny_note = texts(LOOK.lang)["board"]["tiny"]
    items: list[d.Element] = []
    for item in printed.items:
        # the table's own cell targets carry data-cell (docs/outputs.md section 3), not the print's
        if isinstance(item, d.Group) and (item.id or "").startswith("board-"):
            item = replace(item, data=())
        if size != "tiny" and (
            getattr(item, "id", None) == "tiny-area"
            or (isinstance(item, d.Text) and item.text == tiny_note)
        ):
            continue
        items.append(item)
    if size != "tiny":
        return replace(printed, items=tuple(items), name="table-board")
    g = geometry()
    width = g.left + SIZES["tiny"] * g.cell + g.margin
    beyond = {
        f"{kind}-{letter}{row}"
        for kind, rows in (("column", [""]), ("board", range(1, g.rows + 1)))
        for letter in COLUMN_LETTERS[SIZES["tiny"] :]
        for row in rows
    }

    def kept_item(item: d.Element) -> bool:
        name = getattr(item, "id", None) or ""
        if isinstance(item, d.Text) and item.x > width:
            return False
        return name not in beyond and not name.startswith("trail-")

    kept = tuple(i for i in items if kept_item(i))
    return replace(printed, items=kept, name="table-board", width_mm=width, bleed_mm=0.0)


def board_layer(view: PlayerView) -> d.Drawing:
    """What lies on the board now: tiles, crops, pawns, and a target per cell in play."""
    board = view.board
    arrows = view.tiles.arrows if view.tiles is not None else ()
    otoma = dict(zip(view.otoma_pawns, view.otoma_colours, strict=False))
    colours = side_colours(view)
    items: list[d.Element] = []
    for cell in board.cells:
        x, y, size = cell_box(board, cell)
        terrain = view.terrain[cell]
        data: dict[str, object] = {"cell": board.name(cell)}
        letter, arrow = "", None
        if terrain >= 0:
            letter = TERRAIN_LETTERS[terrain]
            data["terrain"] = letter
            arrow = arrows[cell] if arrows else None
            if arrow is not None and not view.crop[cell]:
                items.append(placed(arrow_face(letter, arrow[0], arrow[1], size), x, y, size))
            else:
                items.append(placed(terrain_face(letter, size), x, y, size))
        ground = (
            tile_colour(letter, arrow is not None and not view.crop[cell]) if terrain >= 0 else ""
        )
        level = view.crop[cell]
        if level:
            data["crop"] = level
            face = crop_face(level)
            across = face.width_mm * CROP_SCALE
            cx, cy = x + size * 0.42, y + size * 0.58
            items.append(halo_ring(ground, cx - across / 2, cy - across / 2, across, True, "crop"))
            items.append(placed(face, cx - across / 2, cy - across / 2, across, round_=True))
        side = view.owner[cell]
        if side >= 0:
            kind = "otoma" if cell in otoma else "quechua"
            colour = otoma.get(cell) or colours[side]
            data["pawn"] = colour
            if kind == "otoma":
                data["otoma"] = view.otoma_pawns.index(cell) + 1
            left, top = x + size - PAWN_MM - PAWN_INSET, y + PAWN_INSET
            round_ = pieces.spec(kind)["cut"] == "circle"
            items.append(
                halo_ring(ground or palette()["board"], left, top, PAWN_MM, round_, "pawn")
            )
            items.append(piece(kind, colour, left, top, PAWN_MM))
        items.append(_target(x, y, size, data))
    return frame(board_base(board.size), items, "table-board-layer")


def tile_colour(letter: str, arrow_up: bool) -> str:
    """The colour of a terrain tile's face as it lies: its terrain's, or the tint of the arrow
    side."""
    colours = palette()["terrains"][letter]
    return str(colours["tint" if arrow_up else "colour"])


def halo_ring(ground: str, x: float, y: float, size: float, round_: bool, what: str) -> d.Group:
    """A two-tone ring round a piece ``size`` mm across at (x, y) lying on ``ground``: ink and
    paper, the outer ring the one that stands out against the ground
    (:func:`pachaprint.render.contrast.halo`), so the piece reads on any tile."""
    pal = palette()
    outer, inner = halo(ground, pal["ink"], pal["paper"])
    rings: list[d.Element] = []
    gap = 0.0
    for colour, width in zip((inner, outer), HALO_MM, strict=True):
        grow = gap + width / 2
        style = d.stroke(colour, width)
        if round_:
            r = size / 2 + grow
            rings.append(d.Circle(cx=x + size / 2, cy=y + size / 2, r=r, style=style))
        else:
            rings.append(
                d.Rect(
                    x=x - grow,
                    y=y - grow,
                    w=size + 2 * grow,
                    h=size + 2 * grow,
                    rx=grow,
                    style=style,
                )
            )
        gap += width
    return d.Group(items=tuple(rings), data=d.data(halo=what, outer=outer, inner=inner))


def seating_of(view: PlayerView) -> Seating:
    """Who plays which pawn colour and score account in the game of ``view``."""
    assert view.seating is not None
    return view.seating


def side_colours(view: PlayerView) -> list[str]:
    """The pawn colour of each side (the Otoma's side has none of its own: see ``otoma_colours``)."""
    return list(seating_of(view).colours)


def _target(x: float, y: float, size: float, data: dict[str, object]) -> d.Group:
    """A cell's target: invisible until the page lights it up (an outline and a ring, not
    colour alone)."""
    ink = palette()["ink"]
    return d.Group(
        items=(
            d.Rect(x=x, y=y, w=size, h=size, style=d.Style(fill="#FFFFFF", opacity=0.0)),
            d.Rect(
                x=x + 1.2,
                y=y + 1.2,
                w=size - 2.4,
                h=size - 2.4,
                rx=1.5,
                style=d.Style(stroke=ink, stroke_width=1.1, dash=(2.4, 1.4)),
            ),
            d.Circle(
                cx=x + size / 2,
                cy=y + size / 2,
                r=4.2,
                style=d.Style(fill="#FFFFFF", stroke=ink, stroke_width=1.1, opacity=0.9),
            ),
            d.Circle(cx=x + size / 2, cy=y + size / 2, r=1.6, style=d.fill(ink)),
        ),
        id=f"cell-{data['cell']}",
        data=d.data(**{"hit": "cell", **data}),
    )


def edge_point(board: Board, cell: int) -> tuple[float, float]:
    """Where a pawn entering at an edge cell comes from: out in the trail band beside it."""
    g = geometry()
    x, y = cell_centre(board, cell)
    column, row = board.column(cell), board.row(cell)
    out = g.band * 0.6 + g.cell / 2
    if row == 0:
        return x, y - out
    if row == board.height - 1:
        return x, y + out
    if column == 0:
        return x - out, y
    return x + out, y


def trail_points(board: Board, left: str, entered: str) -> list[tuple[float, float]]:
    """The printed trail from the edge end ``left`` round to ``entered``."""
    return board_component.trail_path(geometry(), left, entered)
