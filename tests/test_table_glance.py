"""The table reads at a glance (issue 34): every crop and pawn stands out against what it
lies on by WCAG's 3:1 for graphics, computed from the palette in templates/; the board
shows what the disc uses; the Otoma's starting score says where it came from."""

from __future__ import annotations

import random
import re

import pytest

from pachaprint.engine.rules.events import EventKind
from pachaprint.render.contrast import GRAPHICS, contrast, halo, luminance
from pachaprint.render.symbols import palette
from pachaprint.render.texts import texts
from pachaprint.table import pictures, seen
from pachaprint.table.pictures import HALO_MM, board_base, board_layer, tile_colour
from tests.test_table_game import play_out, table_game

PALETTE = palette()
INK, PAPER = PALETTE["ink"], PALETTE["paper"]
TERRAINS = PALETTE["terrains"]
CROPS = {level: entry["colour"] for level, entry in PALETTE["crops"].items()}
PAWNS = {name: entry["colour"] for name, entry in PALETTE["pawns"].items()}
TILES = {
    f"{letter} {side}": tile_colour(letter, side == "arrow side")
    for letter in TERRAINS
    for side in ("face", "arrow side")
}
"""Every tile face a crop or a pawn can lie on at the table."""


def test_contrast_is_the_wcag_ratio():
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)
    assert contrast(CROPS["4"], TERRAINS["D"]["colour"]) == pytest.approx(1.0)  # corn on desert
    assert contrast(PAWNS["brown"], CROPS["1"]) == pytest.approx(1.0)  # the two cases
    assert luminance("#FFFFFF") == pytest.approx(1.0) and luminance("#000000") == 0.0
    with pytest.raises(ValueError):
        luminance("#FFF")


@pytest.mark.parametrize("tile", sorted(TILES))
@pytest.mark.parametrize("crop", sorted(CROPS))
def test_every_crop_stands_out_on_every_tile(tile, crop):
    ground = TILES[tile]
    outer, inner = halo(ground, INK, PAPER)
    # the ring that meets the tile stands out against it; the inner ring against the outer
    assert contrast(outer, ground) >= GRAPHICS
    assert contrast(inner, outer) >= GRAPHICS
    # (the crop's own colour alone often does not: the ring is what makes it read)
    assert contrast(inner, CROPS[crop]) >= GRAPHICS or contrast(outer, CROPS[crop]) >= GRAPHICS


@pytest.mark.parametrize("under", sorted([*TILES, *(f"crop {k}" for k in CROPS)]))
def test_every_pawn_stands_out_on_every_tile_and_token(under):
    """A pawn lies on its tile and partly on the crop token there; its own colour may match
    either (a brown pawn on a brown token), so its ring is what makes it read: the outer ring
    is chosen against the tile, and against a token under part of it one of the two rings
    stands out by 3:1 or more."""
    ground = TILES[under] if under in TILES else CROPS[under.split()[1]]
    if under in TILES:
        outer, inner = halo(ground, INK, PAPER)
        assert contrast(outer, ground) >= GRAPHICS and contrast(inner, outer) >= GRAPHICS
    assert max(contrast(INK, ground), contrast(PAPER, ground)) >= GRAPHICS
    assert any(contrast(colour, ground) < GRAPHICS for colour in PAWNS.values())


def test_the_board_picture_rings_every_crop_and_pawn_against_its_tile():
    game = table_game("solo", ("greedy",), "easy", seed=5)
    rng = random.Random(5)
    for _ in range(40):  # a few turns: crops and pawns on tiles of every kind
        if game.human_to_play:
            legal = game.state.legal_actions()
            game.act(legal[rng.randrange(len(legal))])
        else:
            game.step()
    view = seen.viewer(game)
    drawing = board_layer(view)
    svg = pictures.markup(drawing, "bl")
    rings = re.findall(r'<g data-halo="(crop|pawn)" data-inner="(#\w+)" data-outer="(#\w+)"', svg)
    crops = sum(1 for c in view.board.cells if view.crop[c])
    pawns = sum(1 for c in view.board.cells if view.owner[c] >= 0)
    assert crops >= 5 and pawns >= 5
    assert sorted(kind for kind, _i, _o in rings) == ["crop"] * crops + ["pawn"] * pawns
    arrows = view.tiles.arrows if view.tiles is not None else ()
    grounds = []
    for cell in view.board.cells:
        if view.terrain[cell] < 0:
            continue
        letter = "VDFM"[view.terrain[cell]]
        up = bool(arrows) and arrows[cell] is not None and not view.crop[cell]
        if view.crop[cell]:
            grounds.append(("crop", tile_colour(letter, up)))
        if view.owner[cell] >= 0:
            grounds.append(("pawn", tile_colour(letter, up)))
    found = [(kind, inner, outer) for kind, inner, outer in rings]
    expected = [(kind, *reversed(halo(ground, INK, PAPER))) for kind, ground in grounds]
    assert sorted(found) == sorted(expected)
    for _kind, _inner, outer in found:
        assert outer in (INK, PAPER)
    assert min(HALO_MM) >= 0.5  # each ring wide enough to see (2 px and more on a screen)


def test_a_long_disc_shows_no_mark_of_the_tiny_part():
    note = texts("en")["board"]["tiny"]
    long_board = pictures.markup(board_base("long"), "bb")
    assert note not in long_board and 'id="bb-tiny-area"' not in long_board
    assert 'id="tiny-area"' not in long_board
    tiny_board = pictures.markup(board_base("tiny"), "bb")
    assert note in tiny_board and 'id="tiny-area"' in tiny_board  # a tiny disc uses a-e


def test_the_otoma_score_says_where_it_began():
    game = table_game("solo", ("human",), "easy", seed=3)
    table = seen.table(game)
    player, otoma = table["accounts"]
    assert player["start"] == ""
    setup = [e for e in game.state.events if e.what is EventKind.OTOMA_SETUP]
    assert len(setup) == 5 and otoma["score"] == sum(e.points for e in setup) > 0
    crops = [game.state.view(0).crop[e.cell] for e in setup]
    assert otoma["start"] == (
        f"Started with {otoma['score']} at setup: {sum(crops)} for the crops under their "
        f"5 pawns ({' + '.join(map(str, crops))}), {otoma['score'] - sum(crops)} for the "
        "diversity of those terrains."
    )
    play_out(game, random.Random(3), 4000)  # the words stay with the score all game
    assert seen.table(game)["accounts"][1]["start"] == otoma["start"]
    competitive = seen.table(table_game("competitive", ("human", "human")))
    assert [a["start"] for a in competitive["accounts"]] == ["", ""]
