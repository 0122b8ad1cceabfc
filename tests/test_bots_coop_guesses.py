"""How the co-op expert weighs a guess and the crops left at the end (``Weights.for_mode``).

* A guess whose named level is a long shot (odds below ``Weights.guess_odds``)
  is not among the search's candidates: the pawn waits on its cell, and more
  of the map often proves the crop later.
* The hands running out end the game; a crop under a pawn whose colour has no
  turn left then can never be divined, so it counts nothing (``stranded``).
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from pachaprint.engine.bots import ExpertBot, make_bot
from pachaprint.engine.bots.belief import Odds, PublicBelief
from pachaprint.engine.bots.evaluate import COOP_GUESS_ODDS, Evaluator, Weights, stranded
from pachaprint.engine.bots.prior import Prior
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.config import GameConfig, Mode, first_start_cells
from pachaprint.engine.rules.events import Phase
from pachaprint.engine.rules.modes import CoopState, mode_class, new_game
from pachaprint.engine.rules.movement import cells_of
from pachaprint.engine.rules.state import GameState
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

PATH = REPO / "scenarios" / "sacred-valley.json"
LONG_SHOT: Odds = (0.0, 0.81, 0.0, 0.0, 0.0, 0.19)
"""Level 1 four times in five: the best guess names 5 (0.19 x 5 against 0.81 x 1 lost)."""
EVEN: Odds = (0.0, 0.0, 0.5, 0.5, 0.0, 0.0)
"""Level 2 or 3, as likely: the best guess names 3 at even odds."""


@pytest.mark.parametrize("mode", list(Mode))
def test_only_the_co_op_search_skips_long_shots(mode: Mode) -> None:
    weights = Weights.for_mode(mode_class(mode))
    bot = make_bot("expert", random.Random(1), mode)
    assert isinstance(bot, ExpertBot) and bot.weights == weights
    if mode is Mode.COOP:
        assert weights.guess_odds == COOP_GUESS_ODDS == 0.3 and weights.last_turns
    else:
        assert weights.guess_odds == 0.0 and not weights.last_turns


def _coop(seed: int = 3) -> GameState:
    scenario = Scenario.from_dict(json.loads(PATH.read_text(encoding="utf-8")))
    names = tuple(scenario.board.name(c) for c in first_start_cells(scenario))
    return new_game(scenario, GameConfig(Mode.COOP, 2, "normal", names, seed=seed))


def _turn_with_two_pawns_to_divine() -> GameState:
    """A co-op game played by the greedy bot up to a turn whose seat may divine with two
    pawns or more."""
    for seed in range(20):
        state = _coop(seed)
        bots = [make_bot("greedy", random.Random(seat), Mode.COOP) for seat in range(2)]
        while not state.is_terminal():
            if state.phase is Phase.TURN and state.eligible(state.current_player).bit_count() >= 2:
                return state
            state.apply(bots[state.current_player].decide(state))
    raise AssertionError("no turn with two pawns to divine in 20 greedy co-op games")


class FixedOdds:
    """A belief whose crop odds the test sets, cell by cell (the prior asks no more)."""

    def __init__(self, odds: dict[int, Odds]):
        self.fixed = odds

    def proven(self, cell: int) -> int | None:
        odds = self.fixed[cell]
        return odds.index(1.0) if 1.0 in odds else None

    def crop_odds(self, cell: int) -> Odds:
        return self.fixed[cell]

    def terrain_odds(self, cell: int) -> Odds:
        raise AssertionError("the divinations' scores ask no terrain odds")

    def hidden_crop_odds(self, cell: int, terrain: int, terrains: object) -> Odds:
        raise AssertionError("the divinations' scores ask no hidden cell's odds")


def test_a_long_shot_is_not_a_candidate_but_an_even_guess_and_a_proof_are() -> None:
    state = _turn_with_two_pawns_to_divine()
    state.tokens[0] = 0  # a new token is worth 0.3 to the group (COOP_TOKENS)
    cells = cells_of(state.eligible(state.current_player))
    proven: Odds = (0.0, 0.0, 0.0, 0.0, 1.0, 0.0)
    shapes = [LONG_SHOT, EVEN, proven]
    belief = FixedOdds({cell: shapes[i % 3] for i, cell in enumerate(cells)})
    weights = Weights.for_mode(CoopState)
    coop = Prior(weights)._best_levels(state, belief)
    before = Prior(dataclasses.replace(weights, guess_odds=0.0))._best_levels(state, belief)
    named = {A.cell_of(code): A.to_of(code) for _, code in before}
    # every cell has its best level without the least odds: the long shot names 5
    assert sorted(named) == sorted(cells)
    for i, cell in enumerate(cells):
        assert named[cell] == (5, 3, 4)[i % 3]
    kept = sorted(A.cell_of(code) for _, code in coop)
    assert kept == [cell for i, cell in enumerate(cells) if i % 3 != 0]


@pytest.mark.parametrize(
    ("seat", "phase", "hands", "left_out"),
    [
        (0, Phase.SPEND, (1, 0), [1]),  # seat 0 spends the last tile: not seat 1
        (0, Phase.SPEND, (0, 1), []),  # seat 0 plays without spending, then seat 1
        (0, Phase.SPEND, (2, 0), []),  # seat 1 plays between seat 0's two tiles
        (1, Phase.SPEND, (1, 0), []),  # seat 1 plays, then seat 0 spends the last
        (0, Phase.TURN, (1, 1), []),  # seat 0's turn under way, then two more turns
        (0, Phase.DIVINING, (0, 0), [1]),  # seat 0's turn is the last
        (1, Phase.OFFER, (0, 0), [0]),
        (1, Phase.FINAL_OFFER, (0, 0), [0, 1]),  # the turns are over
        (0, Phase.SPEND, (3, 3), []),  # more tiles than two rounds spend
    ],
)
def test_the_pawns_with_no_turn_left(
    seat: int, phase: Phase, hands: tuple[int, int], left_out: list[int]
) -> None:
    state = _coop()
    assert state.tiles is not None
    free = [cell for cell in state.board.cells if state.owner[cell] == -1]
    for side, cell in ((0, free[0]), (0, free[1]), (1, free[2])):
        state.put_pawn(side, cell)
    state.current_player, state.phase = seat, phase
    state.tiles.hands = [[count, 0, 0, 0] for count in hands]
    expected = 0
    for side in left_out:
        expected |= state.pawn_mask[side]
    assert stranded(state) == expected


def test_a_crop_under_a_stranded_pawn_counts_nothing() -> None:
    state = _coop()
    assert state.tiles is not None
    cell = next(c for c in state.board.cells if state.owner[c] == -1 and state.terrain[c] < 0)
    state.reveal(cell)
    without = state.clone()
    state.put_pawn(1, cell)  # seat 1's pawn on a tile without crop: a crop to divine
    belief = PublicBelief.of_table(state.geo, state.terrain, state.crop, state.supply)
    worth = {}
    for hands in ((1, 0), (1, 1)):
        for table in (state, without):
            assert table.tiles is not None
            table.current_player, table.phase = 0, Phase.SPEND
            table.tiles.hands = [[count, 0, 0, 0] for count in hands]
        for last_turns in (False, True):
            weights = dataclasses.replace(Weights.for_mode(CoopState), last_turns=last_turns)
            evaluator = Evaluator(0, weights)
            worth[hands, last_turns] = evaluator.worth(state, belief, 0)
            worth[hands, last_turns, "without"] = evaluator.worth(without, belief, 0)
    # seat 1 plays after seat 0 while a tile is left for it: its crop counts then
    assert worth[(1, 1), True] == worth[(1, 1), False] > worth[(1, 1), True, "without"]
    # seat 0 spends the last tile: seat 1 never plays again, its crop counts nothing
    assert worth[(1, 0), False] == worth[(1, 1), False]
    assert worth[(1, 0), True] == worth[(1, 0), True, "without"]
