"""The table's other pictures: the diversity board, the score track, and the supplies and hands.

As the board (:mod:`~pachaprint.table.pictures`), each is a printed base and
a layer of what lies on it, made from a
:class:`~pachaprint.engine.rules.view.PlayerView`: the diversity stones and the
score markers of every score account (the players; or the player or group,
and the Otoma, whose pieces are purple), the terrain tiles still beside the
board, the pawns in each supply, the offering tokens held, and in co-op the
hands: how many tiles each seat holds, and the top tiles of ``hand_seat``
only (the seat to play, when a person plays it: the others' are behind
their screens).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from pachaprint.engine.rules.view import PlayerView
from pachaprint.model.rules import DIVERSITY_TOP_LEVEL, TERRAIN_LETTERS
from pachaprint.render import draw as d
from pachaprint.render.components import diversity, score_track, tokens
from pachaprint.render.symbols import palette
from pachaprint.table.pictures import (
    LOOK,
    arrow_face,
    frame,
    piece,
    placed,
    seating_of,
    side_colours,
    terrain_face,
)

OTOMA_COLOUR = "purple"
"""The Otoma's stones and score marker."""
STONE_MM = 7.6
MARKER_MM = 8.0
SUPPLY_WIDTH = 104.0


def account_colours(view: PlayerView) -> list[str]:
    """The colour of each score account's stones and marker (the Otoma's last, purple)."""
    colours = side_colours(view)
    if view.otoma_account < 0:  # no Otoma: an account per player
        return colours[: view.players]
    return [colours[0], OTOMA_COLOUR]


def _rect(drawing: d.Drawing, item_id: str) -> d.Rect:
    found = d.find(drawing, item_id)
    if isinstance(found, d.Group):
        found = found.items[0]
    assert isinstance(found, d.Rect), item_id
    return found


# -- the diversity board -----------------------------------------------------------------------
def _base(printed: d.Drawing, name: str) -> d.Drawing:
    """A printed sheet as the base of a picture: its size, bleed and items under a new name."""
    return d.Drawing(
        printed.width_mm, printed.height_mm, printed.items, name=name, bleed_mm=printed.bleed_mm
    )


@cache
def diversity_base() -> d.Drawing:
    return _base(diversity.diversity_board(LOOK), "table-diversity")


def diversity_layer(view: PlayerView) -> d.Drawing:
    """Every account's stone on its level in each terrain column; in co-op, the spent tiles
    waiting on each column."""
    base = diversity_base()
    colours = account_colours(view)
    items: list[d.Element] = []
    for t, letter in enumerate(TERRAIN_LETTERS):
        for account, colour in enumerate(colours):
            level = min(view.stones[account][t], DIVERSITY_TOP_LEVEL)
            box = _rect(base, f"diversity-{letter}-{level}")
            x = box.x + 1.0 + account * (STONE_MM + 0.4)
            y = box.y + box.h - STONE_MM - 1.2
            items.append(piece("diversity-stone", colour, x, y, STONE_MM))
        waiting = view.tiles.columns[t] if view.tiles is not None and view.tiles.columns else 0
        if waiting:
            top = _rect(base, f"diversity-{letter}-{DIVERSITY_TOP_LEVEL}")
            items.append(_badge(top.x + top.w / 2, top.y - 2.0, f"{waiting} spent"))
    return frame(base, items, "table-diversity-layer")


def _badge(x: float, y: float, text: str) -> d.Group:
    """A small label on paper, centred on (x, y)."""
    pal = palette()
    w = 3.2 + 2.0 * len(text)
    return d.group(
        d.Rect(
            x=x - w / 2, y=y - 2.6, w=w, h=5.2, rx=1.2, style=d.both(pal["paper"], pal["ink"], 0.3)
        ),
        d.Text(x=x, y=y, text=text, size_pt=8, bold=True, anchor="middle", valign="middle"),
    )


# -- the score track -----------------------------------------------------------------------------
@cache
def score_base() -> d.Drawing:
    return _base(score_track.score_track(LOOK), "table-score")


def score_layer(view: PlayerView) -> d.Drawing:
    """Every account's marker on its score (a second lap shows ``+100``)."""
    base = score_base()
    items: list[d.Element] = []
    for account, colour in enumerate(account_colours(view)):
        score = view.score[account]
        box = _rect(base, f"score-{score % 100}")
        dx, dy = (account % 2) * (box.w - MARKER_MM), (account // 2) * (box.h - MARKER_MM)
        items.append(piece("score-marker", colour, box.x + dx, box.y + dy, MARKER_MM))
        if score >= 100:
            items.append(_badge(box.x + box.w / 2, box.y + box.h - 2, f"+{score // 100 * 100}"))
    return frame(base, items, "table-score-layer")


# -- supplies and hands ----------------------------------------------------------------------------
def supplies(view: PlayerView, names: Sequence[str], hand_seat: int | None) -> d.Drawing:
    """The terrain tiles beside the board, each seat's pawns in supply, the tokens each account
    holds and, in co-op, the hands (``names``: each seat's, then each account's)."""
    pal = palette()
    items: list[d.Element] = [_heading(2.0, "Terrain tiles beside the board")]
    y = 7.0
    tile = 15.0
    for t, letter in enumerate(TERRAIN_LETTERS):
        x = 1.5 + t * 25.5
        items.append(placed(terrain_face(letter, tile), x, y, tile))
        items.append(_count(x + tile + 1.0, y + tile / 2, view.supply[t]))
    y += tile + 4.0
    seats = seating_of(view)
    shared = len(set(seats.account_of)) < view.players  # the group's account (co-op)
    for seat in range(view.players):
        side = seats.side_of[seat]
        items.append(_heading(y, names[seat]))
        y += 5.0
        items.append(piece("quechua", seats.colours[side], 1.5, y, 12.0))
        items.append(_count(15.0, y + 6.0, view.reserve[side], "in supply"))
        if not shared:
            items += _tokens(view.tokens[seat], 50.0, y + 0.5)
        y += 15.0
        if view.tiles is not None and view.tiles.hands:
            items += _hand(view, seat, seat == hand_seat, 1.5, y)
            y += 16.0
    if shared:
        for account, name in enumerate(names[view.players :]):
            items.append(_heading(y, f"{name}: offering tokens"))
            y += 5.0
            items += _tokens(view.tokens[account], 1.5, y)
            y += 13.0
    items.insert(0, d.Rect(x=0, y=0, w=SUPPLY_WIDTH, h=y, rx=2.0, style=d.fill(pal["board"])))
    return d.Drawing(SUPPLY_WIDTH, y, tuple(items), name="table-supplies")


def _heading(y: float, text: str) -> d.Text:
    return d.Text(x=1.5, y=y + 1.8, text=text, size_pt=11, bold=True, valign="middle")


def _count(x: float, y: float, count: int, words: str = "") -> d.Text:
    text = f"\N{MULTIPLICATION SIGN} {count}" + (f" {words}" if words else "")
    return d.Text(x=x, y=y, text=text, size_pt=11, bold=True, valign="middle")


def _tokens(held: int, x: float, y: float) -> list[d.Element]:
    """The offering tokens of a mask, side by side (or the words no token)."""
    levels = [level for level in range(1, 6) if held >> (level - 1) & 1]
    if not levels:
        return [d.Text(x=x, y=y + 5.5, text="no offering token", size_pt=10, valign="middle")]
    return [placed(_token(level), x + k * 10.5, y, 10.0) for k, level in enumerate(levels)]


@cache
def _token(level: int) -> d.Drawing:
    return tokens.face(level, 1, LOOK)


def _hand(view: PlayerView, seat: int, open_: bool, x: float, y: float) -> list[d.Element]:
    """A co-op hand: per terrain the stack's height, and its top tile arrow side up when
    ``open_`` (the seat to play's own hand), else the terrain face (behind the screen)."""
    tiles = view.tiles
    assert tiles is not None
    items: list[d.Element] = []
    size = 13.0
    for t, letter in enumerate(TERRAIN_LETTERS):
        left = x + t * 25.5
        count = tiles.hands[seat][t]
        direction = tiles.top_arrows[seat][t] if open_ else -1
        if count and direction >= 0:
            colour = tiles.top_colours[seat][t]
            items.append(placed(arrow_face(letter, colour, direction, size), left, y, size))
        else:
            items.append(placed(terrain_face(letter, size), left, y, size))
            if not count:
                veil = d.Style(fill="#FFFFFF", opacity=0.7)
                items.append(d.Rect(x=left, y=y, w=size, h=size, style=veil))
        items.append(_count(left + size + 1.0, y + size / 2, count))
    return items
