"""Exact positions where the right choice is known, and the belief the search weighs.

The map is Lake Shore (tests/helpers.py):

    terrain  VVFFF / VVVFV / MDDMM / MMVMM / MVVVM
    crops    12142 / 34531 / 21242 / 34353 / 12141     start d1 b2 a5 e5

e2 is a valley of one cell (e1 and d2 are forest, e3 mountain): once those
three tiles lie open, its crop is proven to be 1.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pachaprint.engine.bots import ExpertBot, OracleCheatBot, make_bot
from pachaprint.engine.bots.belief import CELL_SIZE_PRIOR, PublicBelief, _size_odds
from pachaprint.engine.bots.logic import analyse
from pachaprint.engine.bots.proofs import prove
from pachaprint.engine.bots.world import Draws, Stream, WorldWheel
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.config import GameConfig, Mode, first_start_cells
from pachaprint.engine.rules.events import Phase
from pachaprint.engine.rules.modes import new_game
from pachaprint.engine.rules.movement import cells_of
from pachaprint.engine.rules.state import GameState
from pachaprint.model.scenario import Scenario
from tests.helpers import LAKE_CROPS, LAKE_TERRAIN, REPO, scenario_dict

LAKE = Scenario.from_dict(scenario_dict(LAKE_TERRAIN, LAKE_CROPS, ["d1", "b2", "a5", "e5"]))
BOARD = LAKE.board
V, D, F, M = range(4)


def c(name: str) -> int:
    return BOARD.index(name)


def lake(first: int = 0) -> GameState:
    return new_game(LAKE, GameConfig(players=2, first_player=first))


def with_proven_e2(state: GameState) -> None:
    for name in ("e1", "d2", "e3", "e2"):
        state.reveal(c(name))
    state.put_pawn(0, c("e2"))


@pytest.mark.parametrize("kind", [ExpertBot, OracleCheatBot])
def test_in_the_end_phase_a_proven_crop_is_divined_not_passed(kind):
    state = lake()
    with_proven_e2(state)
    for cell in BOARD.cells:  # every other tile turned up: the end phase
        if cell != c("e2"):
            state.reveal(cell, crop=True)
    assert state.trigger is not None
    state.phase = Phase.END_DIVINE
    state.refresh()
    assert A.PASS in state.legal_actions()
    assert kind(random.Random(1)).decide(state) == A.divine(c("e2"), 1)


def test_after_a_right_divination_the_expert_goes_on_with_a_proven_crop():
    state = lake()
    with_proven_e2(state)
    state.reveal(c("d3"))
    state.put_pawn(0, c("d3"))
    state.refresh()
    state.apply(A.divine(c("d3"), 4))  # right: d3 holds a 4
    assert state.phase is Phase.DIVINING and A.PASS in state.legal_actions()
    bot = ExpertBot(random.Random(2))
    assert bot.decide(state) == A.divine(c("e2"), 1)
    assert bot.proofs_known() >= 1


def test_five_tokens_are_offered_at_once():
    state = lake()
    state.tokens[0] = A.token_mask([1, 2, 3, 4, 5])
    state.refresh()
    state.apply(A.enter(c("a1")))  # a discovery; then the Offer step
    assert state.phase is Phase.OFFER
    for kind in (ExpertBot, OracleCheatBot):
        assert kind(random.Random(3)).decide(state) == A.offer(A.token_mask([1, 2, 3, 4, 5]))


def test_the_last_offer_gives_every_token():
    state = lake()
    for cell in BOARD.cells:
        state.reveal(cell, crop=True)
    state.tokens[0] = A.token_mask([2, 5])
    state.phase = Phase.FINAL_OFFER
    state.refresh()
    assert ExpertBot(random.Random(4)).decide(state) == A.offer(A.token_mask([2, 5]))


def test_solo_divination_names_the_proven_level():
    scenario = Scenario.from_dict(
        json.loads((REPO / "scenarios" / "sacred-valley.json").read_text(encoding="utf-8"))
    )
    names = tuple(scenario.board.name(x) for x in first_start_cells(scenario))
    state = new_game(scenario, GameConfig(Mode.SOLO, 1, "easy", names, seed=1))
    bot = make_bot("expert", random.Random(5), Mode.SOLO)
    checked = 0
    while not state.is_terminal():
        code = bot.decide(state)
        if A.kind_of(code) == A.Kind.DIVINE:
            view = state.view()
            know = analyse(view.geo, view.terrain, view.crop, view.supply)
            proven = prove(know, [A.cell_of(code)]).get(A.cell_of(code))
            if proven is not None:
                assert A.to_of(code) == proven  # never a guess against a proof
                checked += 1
        state.apply(code)
    assert checked >= 3


# -- the belief ------------------------------------------------------------------------------
def test_terrain_odds_follow_what_may_still_lie_there():
    state = lake()
    with_proven_e2(state)
    view = state.view()
    belief = PublicBelief.of_table(view.geo, view.terrain, view.crop, view.supply)
    for cell in cells_of(state.geo.all & ~state.revealed):
        odds = belief.terrain_odds(cell)
        assert sum(odds) == pytest.approx(1.0)
        for t, p in enumerate(odds):
            if not belief.know.possible[t] >> cell & 1:
                assert p == 0.0
    # only mountain tiles left: every hidden cell is a mountain
    supply = [0, 0, 0, sum(view.supply)]
    only = PublicBelief(view.geo, view.terrain, view.crop, supply, None)
    assert only.terrain_odds(c("a1")) == (0.0, 0.0, 0.0, 1.0)


def test_a_belief_knows_its_table_as_it_was_when_made():
    """The knowledge is analysed at the first question that needs it, from the table
    the belief was made of, whatever happened to the state's lists since."""
    state = lake()
    with_proven_e2(state)
    view = state.view()
    made = analyse(view.geo, view.terrain, view.crop, view.supply)
    belief = PublicBelief.of_table(state.geo, state.terrain, state.crop, state.supply)
    state.reveal(c("d3"))
    state.reveal(c("a1"))
    know = belief.know
    assert know is not None and know is belief.know
    assert know.domains == made.domains and know.possible == made.possible
    assert know.links == made.links


def test_crop_odds_are_certain_when_proven_and_stay_in_the_domain():
    state = lake()
    with_proven_e2(state)
    state.reveal(c("d3"))
    view = state.view()
    belief = PublicBelief.of_table(view.geo, view.terrain, view.crop, view.supply)
    assert belief.proven(c("e2")) == 1
    assert belief.crop_odds(c("e2")) == (0.0, 1.0, 0.0, 0.0, 0.0, 0.0)
    odds = belief.crop_odds(c("d3"))
    assert sum(odds) == pytest.approx(1.0) and odds[0] == 0.0
    domain = belief.know.domains[c("d3")]
    assert all(p == 0.0 for v, p in enumerate(odds) if not domain >> v & 1)


def test_a_lone_cell_of_a_region_of_unknown_size_is_likeliest_a_1():
    odds = _size_odds(0b111110, 1, 5)
    assert odds[1] > odds[2] > odds[3] > odds[4] > odds[5] > 0
    assert odds[5] == pytest.approx(
        CELL_SIZE_PRIOR[4] / 5 / sum(CELL_SIZE_PRIOR[n - 1] for n in range(1, 6))
    )


def test_a_drawn_world_keeps_the_open_tiles_its_fixed_answers_and_the_supply():
    state = lake()
    with_proven_e2(state)
    view = state.view()
    belief = PublicBelief.of_table(view.geo, view.terrain, view.crop, view.supply)
    wheel = WorldWheel(
        BOARD, view.terrain, view.crop, view.supply, belief, Draws(Stream(1)), {c("a1"): D}, {}
    )
    assert wheel.discover(c("e1")) == F and wheel.divine(c("d1")) == 4  # open tiles as they lie
    assert wheel.discover(c("a1")) == D  # the branch's fixed answer
    drawn = [wheel.discover(cell) for cell in cells_of(state.geo.all & ~state.revealed)]
    assert [wheel.discover(cell) for cell in cells_of(state.geo.all & ~state.revealed)] == drawn
    for t in range(4):
        assert drawn.count(t) <= view.supply[t]
    assert 1 <= wheel.divine(c("a1")) <= 5


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=1, max_value=40))
def test_a_branch_draws_what_a_seeded_random_would(seed: int, count: int) -> None:
    """A stream seeds its generator lazily and through the C core of ``random``: every
    branch reading it must draw the floats of ``random.Random(seed)``, each from the
    first, however their draws interleave, or every search would change."""
    stream = Stream(seed)
    first, second, plain = Draws(stream), Draws(stream), random.Random(seed)
    expected = [plain.random() for _ in range(count)]
    assert [first.random() for _ in range(count // 2)] == expected[: count // 2]
    assert [second.random() for _ in range(count)] == expected
    assert [first.random() for _ in range(count - count // 2)] == expected[count // 2 :]
