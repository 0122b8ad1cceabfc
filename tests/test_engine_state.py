"""Scripted turns with exact scores: discovery, divination, offerings, end phase, ranking.

The map is Lake Shore (tests/helpers.py):

    terrain  VVFFF / VVVFV / MDDMM / MMVMM / MVVVM
    crops    12142 / 34531 / 21242 / 34353 / 12141     start d1 b2 a5 e5
"""

from __future__ import annotations

import json

import pytest

from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.config import GameConfig, Mode
from pachaprint.engine.rules.events import Phase, Source
from pachaprint.engine.rules.modes import new_game
from pachaprint.engine.rules.state import GameState
from pachaprint.model.scenario import Scenario
from tests.helpers import LAKE_CROPS, LAKE_TERRAIN, REPO, scenario_dict

LAKE = Scenario.from_dict(scenario_dict(LAKE_TERRAIN, LAKE_CROPS, ["d1", "b2", "a5", "e5"]))
BOARD = LAKE.board
V, D, F, M = range(4)


def c(name: str) -> int:
    return BOARD.index(name)


def play(state: GameState, *commands: str) -> None:
    for command in commands:
        state.apply(A.parse_action(BOARD, command))


def new(first: int = 0, players: int = 2) -> GameState:
    return new_game(LAKE, GameConfig(players=players, first_player=first))


def test_setup_reveals_start_cells_and_counts_the_supply():
    state = new()
    assert state.crop[c("d1")] == 4 and state.terrain[c("d1")] == F
    assert state.crop[c("b2")] == 4 and state.terrain[c("b2")] == V
    assert state.terrain[c("c3")] == -1
    # Lake Shore has 10 valley, 2 desert, 4 forest and 9 mountain cells.
    assert state.supply == [10 - 1, 2, 4 - 1, 9 - 2]
    assert state.reserve == [5, 5]
    assert new(players=4).reserve == [3, 3, 3, 3]
    assert state.current_player == 0 and state.phase is Phase.TURN


def test_discovery_scores_one_point_per_stone_on_the_reached_level():
    state = new()
    play(state, "enter a1")  # A: valley, V stone to 1: 1 point
    play(state, "enter e1")  # B: forest: 1
    play(state, "enter a3")  # A: mountain, V and M on level 1: 2 points
    play(state, "enter e2")  # B: valley, F and V on level 1: 2
    play(state, "enter c1")  # A: forest, V, M, F on level 1: 3
    play(state, "enter e3")  # B: mountain: 3
    play(state, "move a1 b1")  # A: valley again, V alone on level 2: 1
    assert state.score == [1 + 2 + 3 + 1, 1 + 2 + 3]
    assert state.stones[0] == [2, 0, 1, 1]
    assert state.points[0][Source.DISCOVERY] == 7
    assert state.turn == 8 and state.current_player == 1


def test_a_stone_at_the_top_stays_and_scores_exactly_one():
    state = new()
    state.stones[0] = [5, 5, 0, 0]
    play(state, "enter a1")  # valley: the stone is at the top
    assert state.score[0] == 1
    assert state.stones[0] == [5, 5, 0, 0]


def test_divinations_right_then_wrong_end_the_turn_without_offer():
    state = new()
    play(state, "enter a1", "enter e1", "move a1 b1", "enter e2")
    assert state.score == [2, 3]
    # A divines b1 (valley, crop 2) right, then c... a wrong guess on a pawn
    play(state, "enter c1")  # A: forest c1, now V2 F1: 1 point
    play(state, "retrieve e2")  # B
    assert state.score == [3, 3]
    play(state, "divine b1 2")
    assert state.score[0] == 5 and state.tokens[0] == A.token_mask([2])
    assert state.phase is Phase.DIVINING and state.current_player == 0
    play(state, "divine c1 5")  # the crop is 1: lose 1, turn over at once
    assert state.score[0] == 4
    assert state.crop[c("c1")] == 1
    assert state.current_player == 1 and state.phase is Phase.TURN
    assert state.points[0][Source.DIVINATION] == 2
    assert state.points[0][Source.DIVINATION_LOST] == -1
    assert state.wrong == [1, 0] and state.correct == [1, 0]


def test_a_wrong_divination_never_takes_the_score_below_zero():
    state = new()
    state.reveal(c("d3"))
    state.put_pawn(0, c("d3"))
    state.refresh()
    play(state, "divine d3 5")  # Brown's mistake in the worked round: it was a 4
    assert state.score[0] == 0
    assert state.points[0][Source.DIVINATION_LOST] == -4
    assert state.points[0][Source.CLAMPED] == 4
    assert sum(state.points[0]) == state.score[0]
    assert state.crop[c("d3")] == 4


def test_wrong_divination_loses_the_true_level():
    state = new()
    state.reveal(c("d3"))
    state.put_pawn(0, c("d3"))
    state.score[0] = 10
    state.refresh()
    play(state, "divine d3 5")
    assert state.score[0] == 6
    assert state.current_player == 1


def test_worked_round_blue_divines_twice_then_offers_five_tokens():
    state = new()
    for name in ("c2", "e2"):
        state.reveal(c(name))
        state.put_pawn(0, c(name))
    state.tokens[0] = A.token_mask([1, 2, 3, 4])
    state.refresh()
    play(state, "divine c2 5")
    assert state.score[0] == 5 and state.tokens[0] == A.token_mask([1, 2, 3, 4, 5])
    assert state.phase is Phase.DIVINING and A.PASS in state.legal_actions()
    play(state, "divine e2 1")  # right, but the sweet potato token is already held
    assert state.score[0] == 6 and state.tokens[0] == A.token_mask([1, 2, 3, 4, 5])
    # no pawn left to divine with: straight on to the Offer step
    assert state.phase is Phase.OFFER
    assert len(state.legal_actions()) == 31 + 1  # every non-empty set of tokens, or pass
    play(state, "offer 1 2 3 4 5")
    assert state.score[0] == 16
    assert state.points[0][Source.OFFERING] == 10 and state.tokens[0] == 0
    assert state.current_player == 1


@pytest.mark.parametrize("count, points", [(1, 0), (2, 1), (3, 3), (4, 6), (5, 10)])
def test_offering_k_tokens_scores_the_table(count, points):
    state = new()
    state.tokens[0] = A.token_mask([1, 2, 3, 4, 5])
    play(state, "enter a1")  # valley: 1 point
    assert state.phase is Phase.OFFER
    state.apply(A.offer(A.token_mask(range(1, count + 1))))
    assert state.score[0] == 1 + points
    assert state.tokens[0] == A.token_mask(range(count + 1, 6))


def test_a_penned_pawn_can_only_be_retrieved_then_the_player_offers():
    # Green in the worked round: its pawn on b4 is surrounded by crops held by opponents.
    state = new()
    for name in ("b4", "a4", "c4", "b3", "b5"):
        state.reveal(c(name), crop=name != "b4")
    state.reveal(c("b4"))
    state.put_pawn(1, c("b4"))
    for name in ("a4", "c4", "b3", "b5"):
        state.put_pawn(0, c(name), from_reserve=False)
    state.tokens[1] = A.token_mask([1, 2, 3, 5])
    state.current_player = 1
    state.refresh()
    legal = state.legal_actions()
    assert not any(A.kind_of(code) == A.Kind.MOVE and A.cell_of(code) == c("b4") for code in legal)
    assert A.retrieve(c("b4")) in legal
    play(state, "retrieve b4")
    assert state.reserve[1] == 5 and state.owner[c("b4")] == -1
    play(state, "offer 1 2 3 5")
    assert state.score[1] == 6


def test_no_explore_and_no_divine_means_the_turn_is_skipped():
    state = new()
    for cell in BOARD.edge_cells:  # every edge cell blocked by the opponent
        state.put_pawn(1, cell, from_reserve=False)
    state.refresh()
    assert state.skips == 1
    assert state.current_player == 1 and state.turn == 2


def test_end_phase_divinations_and_final_offer():
    state = new()
    for cell in BOARD.cells:
        if BOARD.name(cell) != "c5":
            state.reveal(cell)
    state.put_pawn(0, c("b3"))
    state.put_pawn(0, c("c3"))
    state.put_pawn(1, c("d3"))
    state.put_pawn(1, c("e3"))
    state.refresh()
    play(state, "enter c5")  # the last terrain tile: valley, 1 point; no tokens, turn over
    assert state.trigger == 0
    assert state.phase is Phase.END_DIVINE and state.current_player == 0
    legal = state.legal_actions()
    assert A.PASS in legal and not any(
        A.kind_of(code) in (A.Kind.MOVE, A.Kind.ENTER) for code in legal
    )
    play(state, "divine c5 1")  # A right: +1, token 1; one divination, then B
    assert state.current_player == 1
    play(state, "divine d3 5")  # B wrong (it is 4): score stays 0, B has passed
    assert state.passed == [False, True] and state.score[1] == 0
    assert state.current_player == 0
    play(state, "divine b3 1")  # A: +1, no second sweet potato token
    play(state, "divine c3 2")  # A: +2, token 2; no eligible pawn left, so A passes by itself
    assert state.phase is Phase.FINAL_OFFER and state.current_player == 0
    play(state, "offer 1 2")  # +1; B holds no token and passes by itself
    assert state.is_terminal()
    assert state.score == [1 + 1 + 1 + 2 + 1, 0]
    assert state.ranking() == [1, 2] and state.winners() == [0]
    assert state.returns() == [1.0, 0.0]
    assert len(state.legal_actions()) == 0


def test_end_phase_starts_with_the_trigger_and_goes_clockwise():
    state = new(first=1, players=3)
    for cell in BOARD.cells:
        if BOARD.name(cell) != "a1":
            state.reveal(cell)
    for player, name in ((0, "b3"), (1, "c3"), (2, "d3")):
        state.put_pawn(player, c(name))
    state.refresh()
    play(state, "enter a1")  # player 1 places the last tile
    assert state.current_player == 1
    play(state, "pass")  # player 1 passes for good
    assert state.current_player == 2
    play(state, "divine d3 4")
    assert state.current_player == 0
    play(state, "divine b3 1")
    # players 2 and 0 have no pawn left to divine with and pass by themselves; the
    # final offers start with player 1 (no token, passes) and come to player 2
    assert state.passed == [True, True, True]
    assert state.phase is Phase.FINAL_OFFER and state.current_player == 2
    assert list(state.legal_actions()) == [A.offer(A.token_mask([4])), A.PASS]
    play(state, "pass")
    assert state.current_player == 0
    play(state, "offer 1")
    assert state.is_terminal() and state.score == [1, 1, 4]


def test_ties_go_to_diversity_levels_then_are_shared():
    state = new(players=3)
    state.score[:] = [20, 20, 20]
    state.stones[0] = [2, 2, 1, 0]
    state.stones[1] = [3, 1, 1, 0]
    state.stones[2] = [1, 1, 1, 0]
    assert state.ranking() == [1, 1, 3]
    assert state.winners() == [0, 1]
    state.phase = Phase.OVER
    assert state.returns() == [0.5, 0.5, 0.0]


def test_illegal_actions_are_refused():
    state = new()
    with pytest.raises(ValueError, match="illegal"):
        state.apply(A.move(c("a1"), c("b1")))
    with pytest.raises(ValueError, match="illegal"):
        state.apply(A.PASS)
    with pytest.raises(ValueError):
        new(players=5)


def test_legal_actions_sequence_agrees_with_its_list():
    state = new()
    play(state, "enter a1", "enter e1", "enter a3", "enter e3")
    legal = state.legal_actions()
    codes = list(legal)
    assert len(codes) == len(legal) == len(set(codes))
    assert [legal[i] for i in range(len(legal))] == codes
    assert all(code in legal for code in codes)
    assert A.enter(c("c3")) not in legal  # interior, not reachable yet
    assert A.divine(c("a1"), 3) in legal


def test_the_otoma_side_blocks_players_like_an_opponent():
    # The Otoma are a pawn side of their own, with no seat: their pawns block entries.
    valley = Scenario.from_dict(json.loads((REPO / "scenarios" / "sacred-valley.json").read_text()))
    state = new_game(valley, GameConfig(Mode.SOLO, 1))
    assert state.otoma is not None and state.otoma.side == 1
    assert state.owner[valley.board.index("d1")] == state.otoma.side
    legal = state.legal_actions()
    assert A.enter(valley.board.index("d1")) not in legal
    assert A.enter(valley.board.index("b1")) in legal
    assert state.reserve == [5, 0]
