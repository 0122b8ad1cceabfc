"""Movement: the German player aid's examples, the start-cell ruling, and the
component shortcut the engine uses checked against a plain graph search."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pachaprint.engine.rules.movement import (
    Geometry,
    cell_count,
    cells_of,
    enter_ends,
    nth_cell,
    player_move_ends,
)
from pachaprint.model.board import board_for

LONG = board_for("long")
TINY = board_for("tiny")
GEO = Geometry.of(LONG)


def mask(*names: str, board=LONG) -> int:
    out = 0
    for name in names:
        out |= 1 << board.index(name)
    return out


def names(m: int, board=LONG) -> set[str]:
    return {board.name(c) for c in cells_of(m)}


# Player aid, first grid ("3a" there is our a3). Crops (any level), the mover's
# own pawns ("EF") and the opponent pawn on i3 that blocks that edge cell.
AID1_CROPS = mask("b1", "d1", "e1", "h1", "h2", "a3", "f3", "h4", "b5", "g5")
AID1_OWN = mask("b3", "e4", "d5", "e5")
AID1_OPPONENT = mask("i3")
AID1_PAWNS = AID1_OWN | AID1_OPPONENT


def aid1_entry(cell: str) -> set[str]:
    return names(enter_ends(GEO, AID1_OWN, AID1_PAWNS, AID1_CROPS, entries=mask(cell)))


def test_entering_at_a3_crosses_crop_and_own_pawn_to_c3():
    # a3 has a crop (stop or go on), b3 an own pawn (go on), c3 is empty (stop).
    assert aid1_entry("a3") == {"a3", "a2", "a4", "b2", "b4", "c3"}


def test_entering_at_d5_passes_own_pawns_to_d4():
    assert aid1_entry("d5") == {"c5", "d4", "f5", "e3", "f4"}


def test_entering_at_e5_passes_own_pawns_on_e5_and_e4_to_e3():
    ends = aid1_entry("e5")
    assert "e3" in ends
    assert ends == {"c5", "d4", "f5", "e3", "f4"}


def test_entering_at_an_opponent_pawn_is_blocked():
    assert aid1_entry("i3") == set()
    assert "i3" not in names(enter_ends(GEO, AID1_OWN, AID1_PAWNS, AID1_CROPS))


def test_entering_on_a_crop_edge_cell_ends_one_cell_further_or_on_the_crop():
    assert aid1_entry("d1") == {"d1", "c1", "d2", "e1", "f1", "e2"}
    assert aid1_entry("g5") == {"g5", "f5", "h5", "g4"}


def test_entering_anywhere_is_the_union_of_the_entries():
    union = set()
    for cell in LONG.edge_cells:
        union |= aid1_entry(LONG.name(cell))
    assert names(enter_ends(GEO, AID1_OWN, AID1_PAWNS, AID1_CROPS)) == union


# Player aid, second grid: own pawns on g1 and g3.
AID2_CROPS = mask("b1", "e1", "c2", "g2", "i2", "f3", "h4", "d5")
AID2_OWN = mask("g1", "g3")


def test_entering_at_g1_reaches_g4_through_g1_g2_g3():
    ends = names(enter_ends(GEO, AID2_OWN, AID2_OWN, AID2_CROPS, entries=mask("g1")))
    assert ends == {"f1", "h1", "g2", "f2", "h2", "f3", "e3", "f4", "h3", "g4"}


def test_interior_crop_without_a_path_is_not_reachable():
    ends = names(enter_ends(GEO, AID2_OWN, AID2_OWN, AID2_CROPS))
    assert "c2" not in ends and "h4" not in ends and "c3" not in ends
    assert "g4" in ends


def test_move_never_ends_on_its_start_nor_on_own_pawns():
    own = mask("c3", "d3")
    crops = mask("c3", "b3")
    ends = names(move_ends(GEO, LONG.index("c3"), own, own, crops))
    # c3 -> b3 (crop: stop or go on) -> a3, b2, b4; c3 -> d3 (own: go on) -> e3, d2, d4.
    assert ends == {"b3", "a3", "b2", "b4", "c2", "c4", "e3", "d2", "d4"}


def test_cropless_start_cell_cannot_be_crossed_again():
    # Pawn on c3 (terrain, no crop) boxed in by crops b3 and d3: it may go
    # through b3 to a3, but never back through c3.
    crops = mask("b3", "d3")
    own = mask("c3")
    ends = names(move_ends(GEO, LONG.index("c3"), own, own, crops))
    assert ends == {"b3", "a3", "b2", "b4", "c2", "c4", "d3", "e3", "d2", "d4"}
    assert "c3" not in ends


def test_opponent_pawn_on_a_crop_blocks_the_corridor():
    crops = mask("a1", "a2", "a3", "a4", "a5")
    opponent = mask("a3")
    own = mask("a1")
    ends = names(move_ends(GEO, LONG.index("a1"), own, own | opponent, crops))
    assert ends == {"b1", "a2", "b2"}


def test_penned_pawn_has_no_move():
    # Green's situation in the worked round: every neighbour is a crop held by an opponent.
    own = mask("b2")
    opponents = mask("a2", "c2", "b1", "b3")
    crops = opponents | mask("b2")
    assert move_ends(GEO, LONG.index("b2"), own, own | opponents, crops) == 0


def move_ends(geo, start: int, own: int, pawns: int, crops: int) -> int:
    """End cells of the pawn on ``start`` (from the groups of :func:`player_move_ends`)."""
    return next(
        ends for group, ends in player_move_ends(geo, own, pawns, crops) if group >> start & 1
    )


def test_nth_cell_and_cells_of_agree():
    m = mask("a1", "c3", "i5", "e2")
    assert [nth_cell(m, i) for i in range(4)] == list(cells_of(m))
    assert cells_of(m) == tuple(sorted(cells_of(m)))


@given(st.integers(min_value=0, max_value=(1 << 100) - 1))
def test_cell_count_is_the_mask_s_bit_count(m):
    assert cell_count(m) == m.bit_count() == len(cells_of(m))


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from([LONG, TINY]),
    st.integers(min_value=0, max_value=(1 << 45) - 1),
    st.integers(min_value=0, max_value=(1 << 45) - 1),
    st.integers(min_value=0, max_value=(1 << 45) - 1),
)
def test_component_shortcut_matches_graph_search(board, crops, own_bits, other_bits):
    geo = Geometry.of(board)
    crops &= geo.all
    own = own_bits & geo.all & ~(own_bits >> 7)  # thin out to a few pawns
    own &= (1 << board.cell_count) - 1
    own = sum(1 << c for c in cells_of(own)[:5])
    others = sum(1 << c for c in cells_of(other_bits & geo.all & ~own)[:5])
    pawns = own | others
    shortcut = {}
    for group, ends in player_move_ends(geo, own, pawns, crops):
        for cell in cells_of(group):
            shortcut[cell] = ends
    assert sorted(shortcut) == list(cells_of(own))
    for start in cells_of(own):
        assert shortcut[start] == _bfs_ends(board, start, own, pawns, crops)


def _bfs_ends(board, start, own, pawns, crops) -> int:
    """Reference: breadth-first search over cells entered, straight from the table in docs/rules.md section 3.3."""

    def holds(m, c):
        return m >> c & 1

    ends = 0
    seen = set()
    todo = [n for n in board.neighbours4[start]]
    while todo:
        cell = todo.pop()
        if cell in seen:
            continue
        seen.add(cell)
        if cell == start:
            if holds(crops, cell):  # start counts as holding no pawn: a crop lets it pass
                todo.extend(board.neighbours4[cell])
            continue
        if holds(pawns, cell) and not holds(own, cell):
            continue  # opponent: may not enter
        if holds(own, cell):
            todo.extend(board.neighbours4[cell])  # own pawn: must continue
            continue
        ends |= 1 << cell
        if holds(crops, cell):
            todo.extend(board.neighbours4[cell])
    return ends
