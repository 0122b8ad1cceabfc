"""Otoma movement: straight lines, the trails of the board template, co-op reaction order."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pachaprint.engine.rules.movement import Direction
from pachaprint.engine.rules.trails import (
    Trails,
    all_edge_ends,
    end_cell,
    otoma_path,
    reaction_order,
)
from pachaprint.model.board import board_for

LONG = board_for("long")
TRAILS = Trails.of(LONG)
FULL = (1 << LONG.cell_count) - 1
N, E, S, W = Direction.N, Direction.E, Direction.S, Direction.W


def hidden(*names: str) -> int:
    """The revealed mask of a board where only ``names`` have no terrain."""
    mask = FULL
    for name in names:
        mask &= ~(1 << LONG.index(name))
    return mask


def walk(start: str, direction: Direction, *empty: str):
    path = otoma_path(TRAILS, LONG.index(start), direction, hidden(*empty))
    return [LONG.name(c) for c in path.cells], [(i, a, b) for i, a, b in path.trails], path


def test_template_pairs_every_edge_end_once():
    ends = [end for pair in TRAILS.pairs for end in pair]
    assert sorted(ends) == sorted(all_edge_ends(LONG))
    assert len(ends) == 28
    assert TRAILS.partner["top-a"] == "top-b" and TRAILS.partner["top-i"] == "right-1"
    assert TRAILS.partner["bottom-a"] == "left-5" and TRAILS.partner["right-2"] == "right-3"


def test_straight_line_stops_on_first_cell_without_terrain():
    cells, trails, path = walk("c3", E, "f3", "h3")
    assert cells == ["d3", "e3", "f3"] and trails == []
    assert path.stop == LONG.index("f3") and path.final_direction is E


def test_leaving_the_top_at_column_a_reenters_column_b_moving_down():
    cells, trails, path = walk("a3", N, "b4")
    assert cells == ["a2", "a1", "b1", "b2", "b3", "b4"]
    assert trails == [(2, "top-a", "top-b")]
    assert path.final_direction is S
    assert (
        path.describe(LONG) == "north from a3: a2, a1, trail top-a to top-b, b1, b2, b3, b4 (stops)"
    )


def test_the_reentry_cell_is_entered_like_any_other():
    cells, trails, _ = walk("c2", N, "d1", "d2")
    assert cells == ["c1", "d1"] and trails == [(1, "top-c", "top-d")]


def test_corner_trail_from_column_i_top_enters_row_1_moving_west():
    cells, trails, path = walk("i3", N, "h1")
    assert cells == ["i2", "i1", "i1", "h1"]
    assert trails == [(2, "top-i", "right-1")]
    assert path.final_direction is W


def test_corner_trail_from_row_1_right_enters_column_i_moving_down():
    cells, trails, path = walk("g1", E, "i4")
    assert cells == ["h1", "i1", "i1", "i2", "i3", "i4"]
    assert trails == [(2, "right-1", "top-i")]
    assert path.final_direction is S


def test_corner_trail_at_the_bottom_left_both_ways():
    cells, trails, path = walk("a3", S, "c5")
    assert cells == ["a4", "a5", "a5", "b5", "c5"] and trails == [(2, "bottom-a", "left-5")]
    assert path.final_direction is E
    cells, trails, path = walk("c5", W, "a2")
    assert cells == ["b5", "a5", "a5", "a4", "a3", "a2"] and trails == [(2, "left-5", "bottom-a")]
    assert path.final_direction is N


def test_side_trails_are_u_turns():
    cells, trails, _ = walk("e2", E, "b3")
    assert cells == ["f2", "g2", "h2", "i2", "i3", "h3", "g3", "f3", "e3", "d3", "c3", "b3"]
    assert trails == [(4, "right-2", "right-3")]
    cells, trails, _ = walk("b4", W, "c3")
    assert cells == ["a4", "a3", "b3", "c3"] and trails == [(1, "left-4", "left-3")]
    cells, trails, _ = walk("h3", S, "i2")
    assert cells == ["h4", "h5", "i5", "i4", "i3", "i2"] and trails == [(2, "bottom-h", "bottom-i")]


def test_several_trails_in_one_move():
    cells, trails, _ = walk("a3", N, "c5")
    assert cells == ["a2", "a1", "b1", "b2", "b3", "b4", "b5", "c5"]
    assert trails == [(2, "top-a", "top-b"), (7, "bottom-b", "bottom-c")]


def test_no_cell_without_terrain_means_no_move():
    path = otoma_path(TRAILS, LONG.index("e3"), N, FULL)
    assert path.cells == () and path.stop is None
    assert "stays" in path.describe(LONG)


def test_every_line_reaches_every_cell():
    # The trails join all columns and rows into two loops that each cross all
    # 45 cells, so one empty cell anywhere is always found.
    for start in LONG.cells:
        for direction in Direction:
            for target in (0, 22, 44, 8, 36):
                if target == start:
                    continue
                path = otoma_path(TRAILS, start, direction, FULL & ~(1 << target))
                assert path.stop == target


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 44), st.sampled_from(list(Direction)), st.integers(1, FULL))
def test_path_stops_on_its_only_hidden_cell_and_steps_are_legal(start, direction, holes):
    revealed = FULL & ~holes | (1 << start)
    if revealed == FULL:
        return
    path = otoma_path(TRAILS, start, direction, revealed)
    assert path.stop is not None
    assert not revealed >> path.stop & 1
    assert all(revealed >> c & 1 for c in path.cells[:-1])
    via = {i for i, _, _ in path.trails}
    previous = start
    for index, cell in enumerate(path.cells):
        if index not in via:
            dc = LONG.column(cell) - LONG.column(previous)
            dr = LONG.row(cell) - LONG.row(previous)
            assert abs(dc) + abs(dr) == 1
        previous = cell


def test_bad_trail_data_is_refused_with_the_template_path():
    pairs = [list(p) for p in TRAILS.pairs]
    with pytest.raises(ValueError, match="without a trail: top-a, top-b"):
        Trails.from_pairs(LONG, pairs[1:], where="board.json: trails")
    with pytest.raises(ValueError, match="on two trails"):
        Trails.from_pairs(LONG, [*pairs, ["top-a", "left-1"]])
    with pytest.raises(ValueError, match="no column 'j'"):
        end_cell(LONG, "top-j")


def test_reaction_order_nearest_first_row_before_column_then_reading_order():
    pawns = [LONG.index(n) for n in ("e1", "a3", "g3", "e5", "e4")]
    # Moved pawn on e3: e4 (column, 1), then distance 2 in reading order of the
    # rules: row first (g3), then column (e1, e5 in reading order); a3 at 4.
    order = reaction_order(LONG, LONG.index("e3"), pawns)
    assert [(LONG.name(pawns[p]), d) for p, d in order] == [
        ("e4", S),
        ("g3", E),
        ("e1", N),
        ("e5", S),
        ("a3", W),
    ]


def test_reaction_ignores_otoma_outside_the_lines():
    pawns = [LONG.index(n) for n in ("d2", "f4")]
    assert reaction_order(LONG, LONG.index("e3"), pawns) == []
