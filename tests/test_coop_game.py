"""The co-operative variant: setup counts, dealing, spending, the forced first step,
no revisits and no crop stops, Otoma reactions in order with exact scores, shared
tokens and Otoma offerings, the end and the final scoring."""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import spend
from pachaprint.engine.rules.config import GameConfig, Mode, otoma_cells
from pachaprint.engine.rules.events import Phase
from pachaprint.engine.rules.modes import CoopState, make_game, new_game, start
from pachaprint.engine.rules.movement import (
    Direction,
    Geometry,
    cells_of,
    coop_enter_ends,
    coop_move_ends,
)
from pachaprint.engine.rules.oracle import WheelOracle
from pachaprint.engine.rules.state import GameState
from pachaprint.engine.rules.tiles import ArrowTile, Deck, deal_sizes
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

GROUP, OTOMA = 0, 1
"""Score accounts of a co-op game: the group, the Otoma."""

# The Sacred Valley (see test_solo_game.py for the map); Otoma d1 a2 i2 f4 i5.
SCENARIO = Scenario.from_dict(json.loads((REPO / "scenarios" / "sacred-valley.json").read_text()))
BOARD = SCENARIO.board
GEO = Geometry.of(BOARD)
V, D, F, M = range(4)


def cell(name: str) -> int:
    return BOARD.index(name)


def mask(*names: str) -> int:
    return sum(1 << cell(n) for n in names)


def names(m: int) -> set[str]:
    return {BOARD.name(c) for c in cells_of(m)}


def tile(terrain: int, direction: str) -> ArrowTile:
    return ArrowTile("T", terrain, "brown", Direction[direction])


def scripted(hands, players=2, level="normal") -> GameState:
    game = make_game(
        WheelOracle(SCENARIO),
        GameConfig(Mode.COOP, players, level),
        otoma_cells=otoma_cells(SCENARIO),
        deck=Deck.scripted(hands=hands),
    )
    return start(game, record_events=True)


def coop(players: int = 2, level: str = "normal", seed: int = 0) -> GameState:
    return new_game(SCENARIO, GameConfig(Mode.COOP, players, level, seed=seed))


def pawns_per_colour(players: int, level: str) -> int:
    return CoopState.seating_for(players, level, "brown").pawns[0]


def otoma_at(state) -> list[str]:
    return [BOARD.name(c) for c in state.otoma.pawns]


def test_pawns_and_otoma_per_level():
    assert [pawns_per_colour(p, "normal") for p in (2, 3, 4)] == [4, 3, 4]
    assert [pawns_per_colour(p, "expert") for p in (2, 3, 4)] == [3, 2, 3]
    assert [pawns_per_colour(p, "easy") for p in (2, 3, 4)] == [4, 3, 4]
    easy = coop(2, "easy")
    assert otoma_at(easy) == ["d1", "a2", "i2", "f4"]
    assert easy.score == [0, 17] and easy.tokens == [0, 0]  # setup as in solo: no token
    expert = coop(3, "expert")
    assert otoma_at(expert) == ["d1", "a2", "i2", "f4", "i5"] and expert.score[OTOMA] == 22
    assert expert.reserve == [2, 2, 2, 0]
    four = coop(4, "normal")
    seat_colours = tuple(four.seating.colours[four.side_of[s]] for s in range(4))
    assert seat_colours == ("brown", "white", "brown", "white")
    assert [four.side_of[s] for s in range(4)] == [0, 1, 0, 1] and four.reserve == [4, 4, 0]


def test_hands_are_dealt_evenly_and_hold_the_supply():
    state = coop(3, seed=4)
    sizes = [sum(state.tiles.hands[s]) for s in range(3)]
    assert sum(sizes) == state.hidden_left == 39 and max(sizes) - min(sizes) <= 1
    for t in range(4):
        per = [state.tiles.hands[s][t] for s in range(3)]
        assert sum(per) == state.supply[t] and max(per) - min(per) <= 1
    assert deal_sizes((5, 0, 3, 1), 2) == [[3, 0, 1, 1], [2, 0, 2, 0]]
    hands = Deck.shuffled((5, 0, 3, 1), 1, players=2).hands
    assert [[len(s) for s in hand] for hand in hands] == [[3, 0, 1, 1], [2, 0, 2, 0]]


def test_spend_choices_are_the_non_empty_stacks():
    state = coop(2, seed=1)
    assert state.phase == Phase.SPEND
    expected = {spend(t) for t in range(4) if state.tiles.hands[0][t]}
    assert set(state.legal_actions()) == expected
    t = min(t for t in range(4) if state.tiles.hands[0][t])
    top = state.tiles.tops[0][t]
    state.apply(spend(t))
    tiles = state.tiles
    assert tiles.columns[t] == [top] and tiles.arrow is top.direction and state.phase is Phase.TURN
    assert (
        A.format_action(BOARD, spend(t)) == f"spend {('valley', 'desert', 'forest', 'mountain')[t]}"
    )
    assert A.parse_action(BOARD, "spend F") == spend(2) and A.parse_action(BOARD, "pass") == A.PASS


def test_first_step_follows_the_arrow_then_moves_as_usual():
    # Pawn on e3 (no crop under it); crops on e2 and e1 and d1; arrow north.
    own = mask("e3")
    crops = mask("e2", "e1", "d1")
    ends = coop_move_ends(GEO, cell("e3"), Direction.N, own, own, crops)
    # e2 has a crop: no stop, go on: d2, f2, e1 (crop, go on): d1 (crop) -> c1; f1
    assert names(ends) == {"d2", "f2", "f1", "c1"}
    # without an arrow the pawn may start any way (e4, d3, f3 are stops)
    assert names(coop_move_ends(GEO, cell("e3"), None, own, own, crops)) == {
        "d2",
        "f2",
        "f1",
        "c1",
        "e4",
        "d3",
        "f3",
    }
    # first step off the board or onto another pawn: no move
    assert coop_move_ends(GEO, cell("e1"), Direction.N, mask("e1"), mask("e1"), 0) == 0
    assert coop_move_ends(GEO, cell("e3"), Direction.N, own, own | mask("e2"), crops) == 0


def test_never_twice_through_a_cell_and_never_stop_on_a_crop():
    # Pawn on c3 with a crop (start cell can never be passed again): crops ring.
    crops = mask("c3", "b3", "d3")
    own = mask("c3")
    ends = coop_move_ends(GEO, cell("c3"), Direction.W, own, own, crops)
    # b3 (crop, go on) -> a3, b2, b4; never back through c3 to reach d3's side
    assert names(ends) == {"a3", "b2", "b4"}
    assert not ends & crops
    entered = coop_enter_ends(GEO, 0, 0, mask("a1", "a2"))
    assert "a1" not in names(entered) and "b1" in names(entered) and "b2" in names(entered)


def test_scripted_game_reactions_scores_and_end():
    hands = [
        [[], [], [tile(F, "S"), tile(F, "E")], []],
        [[], [], [], [tile(M, "W")]],
    ]
    state = scripted(hands)
    assert state.score == [0, 22]
    # Turn 1, seat 1 (brown): spend the forest tile (arrow east), enter e1.
    state.apply(spend(F))
    state.apply(A.enter(cell("e1")))
    # e1 is forest: the discovery takes the spent tile from the forest column
    # (so the Otoma's forest on c1 below comes from the box).
    tiles = state.tiles
    assert tiles.columns[F] == [] and tiles.tile_at[cell("e1")].direction is Direction.E
    assert tiles.tile_at[cell("c1")] is None and tiles.box_tiles == 1
    # Group forest stone to 1: 1 point. Reaction: d1 is in row 1, one cell west:
    # it moves west and stops on c1 (forest 3): Otoma forest 2 -> 3 (1) + 3, token 3.
    assert state.score == [1, 26] and otoma_at(state)[0] == "c1" and state.tokens[OTOMA] == 0b100
    assert [BOARD.name(c) for c in state.otoma.moves[-1].path.cells] == ["c1"]
    assert state.current_player == 1 and state.phase == Phase.SPEND
    # Turn 2, seat 2 (white): spend mountain (west), enter b1 (valley, no tile in a
    # column or hand: from the box). Group V to 1: V and F at 1 = 2 points.
    state.apply(spend(M))
    assert tiles.columns[M] and tiles.arrow is Direction.W
    state.apply(A.enter(cell("b1")))
    assert tiles.box_tiles == 3 and state.score[GROUP] == 3  # b1, and f1 of the reaction below
    # Reaction: c1 (row 1, distance 1) moves east away from b1, over d1 and the
    # group pawn on e1, and stops on f1 (forest 4): 1 + 4, token 4.
    move = state.otoma.moves[-1]
    assert [BOARD.name(c) for c in move.path.cells] == ["d1", "e1", "f1"]
    assert state.score[OTOMA] == 31 and state.tokens[OTOMA] == 0b1100
    # Turn 3, seat 1: spend the last tile (arrow south): the pawn on e1 must step
    # to e2 (no terrain: it stops there).
    state.apply(spend(F))
    moves = {code for code in state.legal_actions() if A.kind_of(code) == A.Kind.MOVE}
    assert moves == {A.move(cell("e1"), cell("e2"))}
    before = len(state.otoma.moves)
    state.apply(A.move(cell("e1"), cell("e2")))
    # Group V 1 -> 2 (alone): 1 point. Reaction in row 2: a2 and i2 are both 4
    # away: reading order, a2 first (west: trail left-2 to left-1, stops on a1,
    # valley 3: V to 2 alone, 1 + 3, token 3 already held), then i2 (east: trail
    # right-2 to right-3, stops on i3, desert 2: V and D at 2 = 2 + 2, token 2).
    assert state.score[GROUP] == 4
    paths = [
        (m.colour, [BOARD.name(c) for c in m.path.cells], m.path.trails, m.points, m.token)
        for m in state.otoma.moves[before:]
    ]
    assert [(p[1], p[2], p[3], p[4]) for p in paths] == [
        (["a1"], ((0, "left-2", "left-1"),), 4, False),
        (["i3"], ((0, "right-2", "right-3"),), 4, True),
    ]
    # No one holds a tile: the game ends. The group holds no token; the Otoma
    # offer their three (3 points) and score the 32 cells without terrain.
    assert state.is_terminal()
    assert state.tokens[OTOMA] == 0 and state.empty_points == 32
    assert state.score == [4, 39 + 3 + 32]
    assert state.winners() == [] and state.outcome().winners == () and state.returns() == [0.0, 0.0]


def test_group_offer_makes_the_otoma_offer_all_their_tokens():
    hands = [[[tile(V, "N")], [], [], []], [[], [], [], [tile(M, "W")]]]
    state = scripted(hands)
    state.tokens[GROUP] = 0b11
    state.tokens[OTOMA] = 0b10101
    state.apply(spend(V))
    state.apply(
        A.enter(cell("b5"))
    )  # valley; i5 reacts (row 5): trail right-5 to right-4, stops on i4 (crop 1)
    assert otoma_at(state)[4] == "i4" and not state.otoma.moves[-1].token  # token 1 already held
    assert state.phase is Phase.OFFER
    otoma_before = state.score[OTOMA]
    group_before = state.score[GROUP]
    tokens_now = state.tokens[OTOMA]
    state.apply(A.offer(0b11))
    assert state.score[GROUP] == group_before + 1
    assert state.score[OTOMA] == otoma_before + (0, 0, 1, 3, 6, 10)[bin(tokens_now).count("1")]
    assert state.tokens == [0, 0]


def test_empty_hand_skips_the_spend_and_moves_freely():
    hands = [[[], [], [], []], [[], [], [], [tile(M, "W")]]]
    state = scripted(hands)
    # seat 1 has no tile: straight to Explore or Divine, no arrow
    assert state.phase is Phase.TURN and state.tiles.arrow is None
    assert [e.what for e in state.events][-1] == "no-tile"
    state.apply(A.enter(cell("b1")))
    state.apply(spend(M))
    state.apply(A.enter(cell("h5")))
    # Everyone's hand is empty now: the game ended after that turn.
    assert state.is_terminal()


def test_wrong_divination_ends_the_turn_without_offer_and_tie_goes_to_the_otoma():
    hands = [[[tile(V, "N"), tile(V, "N")], [], [], []], [[tile(V, "E")], [], [], []]]
    state = scripted(hands)
    state.apply(spend(V))
    state.apply(A.enter(cell("b1")))
    state.apply(spend(V))
    state.apply(A.enter(cell("b5")))
    state.tokens[GROUP] = 0b1
    state.apply(spend(V))
    state.apply(A.divine(cell("b1"), 5))  # b1 holds 2: wrong
    # the turn ended at once (no Offer step); hands are empty: the final Offer
    assert state.phase is Phase.FINAL_OFFER and set(state.legal_actions()) == {A.offer(0b1), A.PASS}
    assert state.tokens[GROUP] == 0b1 and state.wrong[GROUP] == 1
    state.apply(A.PASS)
    assert state.is_terminal()
    state.score[GROUP] = state.score[OTOMA]
    assert state.winners() == []
    state.score[GROUP] += 1
    assert state.winners() == [0, 1]


def test_illegal_actions_are_refused():
    state = coop(2, seed=1)
    with pytest.raises(ValueError):
        state.apply(A.enter(cell("b1")))  # must spend first
    state.apply(next(iter(state.legal_actions())))
    assert all(A.kind_of(code) != A.Kind.RETRIEVE for code in state.legal_actions())


def brute_force_ends(start, direction, own, pawns, crops):
    """Co-op move ends by walking the board step by step (the rules read literally): a
    pawn goes on over its own pawns and crops without a pawn, and stops on the first
    other cell it may enter.

    Every cell reached is walked on from once. A walk that comes back to a cell it
    passed (never the start) can leave the loop out and keep its first step, so the
    cells a walk reaches are those of the paths that never repeat a cell: the same ends,
    without walking each of those paths, which are exponentially many on a board
    covered in crops (a case Hypothesis tries)."""
    ends = set()
    reached = {start}

    def steps(cell):
        column, row = BOARD.column(cell), BOARD.row(cell)
        for d in Direction:
            dc, dr = d.step
            if BOARD.contains(column + dc, row + dr):
                yield d, BOARD.cell(column + dc, row + dr)

    def enter(nxt):
        bit = 1 << nxt
        if nxt in reached or (pawns & bit and not own & bit):
            return
        reached.add(nxt)
        if own & bit or crops & bit:
            for _, after in steps(nxt):  # own pawn, or crop without pawn: go on
                enter(after)
        else:
            ends.add(nxt)  # empty or cropless terrain: stop

    for d, nxt in steps(start):
        if direction is None or d is direction:
            enter(nxt)
    return ends


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 44),
    st.sampled_from([None, *Direction]),
    st.integers(0, (1 << 45) - 1),
    st.integers(0, (1 << 45) - 1),
    st.integers(0, (1 << 45) - 1),
)
@example(22, None, (1 << 45) - 1, (1 << 45) - 1, (1 << 45) - 1)  # crops everywhere
def test_coop_move_ends_match_a_plain_search_over_simple_paths(start, direction, a, b, c):
    crops = a & b & c  # about one cell in eight
    own = (b & ~a & c & ~(b >> 1)) | (1 << start)
    others = a & ~b & ~c & (c >> 2)
    pawns = own | (others & ~(1 << start))
    got = names(coop_move_ends(GEO, start, direction, own, pawns, crops))
    assert got == {BOARD.name(e) for e in brute_force_ends(start, direction, own, pawns, crops)}


def test_every_otoma_pawn_has_a_name_of_its_own():
    from pachaprint.terminal.display import legend

    # two players leave green and blue for the Otoma: five pawns need two greens
    for players in (2, 3, 4):
        seats = CoopState.seating_for(players, "normal", "brown")
        assert len(set(seats.otoma_names)) == len(seats.otoma_names) == 5, seats.otoma_names
    two = CoopState.seating_for(2, "normal", "brown")
    assert two.otoma_colours == ("purple", "yellow", "green", "blue", "green")
    assert two.otoma_names == ("purple", "yellow", "green", "blue", "green 2")
    three = CoopState.seating_for(3, "normal", "brown")
    assert three.otoma_names == ("purple", "yellow", "blue", "blue 2", "blue 3")
    state = new_game(SCENARIO, GameConfig(Mode.COOP, 2, "normal", seed=1))
    assert "Otoma O1 purple, O2 yellow, O3 green, O4 blue, O5 green 2." in legend(state)
