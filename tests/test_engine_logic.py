"""The logician's proofs: named deductions on hand-made tables, and soundness on
random tables of random valid maps (every domain keeps the truth, every proof
is the truth)."""

from __future__ import annotations

import random

import pytest

from pachaprint.check.generate import random_crops, random_terrain
from pachaprint.check.solver import CropSolver
from pachaprint.engine.bots.logic import Inconsistent, analyse
from pachaprint.engine.bots.proofs import prove
from pachaprint.engine.rules.movement import Geometry
from pachaprint.model.board import board_for
from pachaprint.model.rules import TERRAIN_LETTERS

TINY = board_for("tiny")
LONG = board_for("long")
V, D, F, M = range(4)


def table(board, rows_terrain, rows_crop, supply):
    """Terrain rows use V D F M and '.' for hidden; crop rows digits or '.'.
    ``supply`` (tiles left per terrain) adds up to the hidden cells."""
    assert sum(supply) == "".join(rows_terrain).count(".")
    terrain = [TERRAIN_LETTERS.index(ch) if ch != "." else -1 for ch in "".join(rows_terrain)]
    crop = [int(ch) if ch != "." else 0 for ch in "".join(rows_crop)]
    return analyse(Geometry.of(board), terrain, crop, supply)


def cell(name, board=TINY):
    return board.index(name)


def test_a_closed_single_cell_region_holds_level_one():
    # e2 is valley, closed by forest e1/d2 and mountain e3: a one-cell region.
    know = table(
        TINY,
        ["...FF", "...FV", "....M", ".....", "....."],
        [".....", ".....", ".....", ".....", "....."],
        [9, 2, 2, 7],
    )
    assert know.components[know.component_of[cell("e2")]].complete
    assert know.levels(cell("e2")) == [1]
    assert prove(know, [cell("e2")]) == {cell("e2"): 1}


def test_an_open_region_proves_nothing_about_its_size():
    know = table(
        TINY,
        ["...FF", "...FV", ".....", ".....", "....."],
        [".....", ".....", ".....", ".....", "....."],
        [9, 2, 2, 8],
    )
    comp = know.components[know.component_of[cell("e2")]]
    assert not comp.complete and comp.upper == 5
    assert prove(know, [cell("e2")]) == {}


def test_an_empty_supply_closes_every_region_of_that_terrain():
    # The desert pair b3-c3 touches hidden cells, but no desert tile is left.
    know = table(
        TINY,
        [".....", ".....", ".DD..", ".....", "....."],
        [".....", ".....", "..2..", ".....", "....."],
        [10, 0, 4, 9],
    )
    comp = know.components[know.component_of[cell("b3")]]
    assert comp.complete and comp.size == 2
    assert prove(know, [cell("b3")]) == {cell("b3"): 1}


def test_a_region_cannot_grow_into_a_cell_touching_too_much_of_its_terrain():
    # The 4-cell forest a1-d1 could only grow through a2, b2, c2 or d2, and each of
    # those also touches the 2-cell forest b3-c3 (at least at a corner): 4 + 2 + 1 > 5.
    know = table(
        TINY,
        ["FFFFV", "....V", "MFFM.", "MMDM.", "....."],
        [".....", ".....", ".....", ".....", "....."],
        [3, 2, 3, 3],
    )
    top = know.components[know.component_of[cell("a1")]]
    low = know.components[know.component_of[cell("b3")]]
    assert top.complete and top.size == 4
    assert low.complete and low.size == 2
    assert know.levels(cell("a1")) == [1, 2, 3, 4]
    assert know.levels(cell("b3")) == [1, 2]


def test_a_hidden_single_in_a_complete_region():
    # Closed valley a1 b1 c1 (mountain below and on d1). b1 and c1 touch the 1 on
    # c2, so level 1 of the valley can only lie on a1; b1 and c1 stay 2 or 3.
    know = table(
        TINY,
        ["VVVM.", "MMMM.", ".....", ".....", "....."],
        [".....", "..1..", ".....", ".....", "....."],
        [5, 4, 4, 4],
    )
    assert know.levels(cell("a1")) == [1]
    assert know.levels(cell("b1")) == [2, 3] and know.levels(cell("c1")) == [2, 3]
    assert prove(know, [cell("a1"), cell("b1"), cell("c1")]) == {cell("a1"): 1}


def test_a_chain_of_singles():
    # As above with a 2 on d1: c1 touches 1 and 2, so c1 = 3, then b1 = 2, a1 = 1.
    know = table(
        TINY,
        ["VVVM.", "MMMM.", ".....", ".....", "....."],
        ["...2.", "..1..", ".....", ".....", "....."],
        [5, 4, 4, 4],
    )
    assert prove(know, [cell("a1"), cell("b1"), cell("c1")]) == {
        cell("a1"): 1,
        cell("b1"): 2,
        cell("c1"): 3,
    }


def test_inconsistent_tables_are_reported():
    with pytest.raises(Inconsistent):
        table(
            TINY,
            ["VV...", ".....", ".....", ".....", "....."],
            ["11...", ".....", ".....", ".....", "....."],
            [9, 2, 4, 8],
        )


def _random_map(board, rng):
    for _ in range(400):  # some terrain maps admit no crop layer: draw again
        terrain = random_terrain(board, rng)
        solver = CropSolver(board, terrain)
        crops = random_crops(solver, rng, node_limit=20000)
        if crops is not None:
            return terrain, crops
    raise AssertionError("no random map")


@pytest.mark.parametrize(
    "size, seed", [("tiny", s) for s in range(6)] + [("long", s) for s in range(6)]
)
def test_proofs_are_sound_on_random_tables(size, seed):
    board = board_for(size)
    rng = random.Random(seed)
    letters, truth = _random_map(board, rng)
    true_terrain = [TERRAIN_LETTERS.index(ch) for ch in letters]
    total = [letters.count(ch) for ch in TERRAIN_LETTERS]
    proofs = 0
    for _ in range(25):
        shown = rng.random()
        terrain = [t if rng.random() < shown else -1 for t in true_terrain]
        crop = [truth[c] if terrain[c] >= 0 and rng.random() < 0.5 else 0 for c in board.cells]
        supply = [total[t] - sum(1 for x in terrain if x == t) for t in range(4)]
        know = analyse(Geometry.of(board), terrain, crop, supply)
        targets = [c for c in board.cells if terrain[c] >= 0 and not crop[c]]
        for c in targets:
            assert know.domains[c] >> truth[c] & 1, (
                f"{board.name(c)} lost its true level {truth[c]}"
            )
        for c, level in prove(know, targets).items():
            assert level == truth[c], f"{board.name(c)} proven {level}, truly {truth[c]}"
            proofs += 1
    assert proofs > 0


def test_a_terrain_whose_tiles_fill_its_possible_cells_excludes_the_others():
    # Lake Shore with d1 (forest) and c4 (valley) hidden; one valley and one
    # forest tile left. d1 touches the complete 5-cell valley a1-c2, so only c4
    # may hold the valley tile: c4 is valley, and the forest tile must go to d1.
    know = table(
        TINY,
        ["VVF.F", "VVVFV", "MDDMM", "MM.MM", "MVVVM"],
        [".....", ".....", ".....", ".....", "....."],
        [1, 0, 1, 0],
    )
    assert know.possible[0] == 1 << cell("c4")
    assert know.possible[2] == 1 << cell("d1")
