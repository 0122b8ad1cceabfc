"""How the co-op search weighs offering tokens (``Weights.for_mode``).

In co-op the Otoma keep every token they find until the group offers: then
they offer all they hold too, and start again from none. The group's Offer
therefore spares the points the Otoma's tokens would have grown to, and the
evaluation counts the Otoma's held tokens above their offering now; the group
holds its own tokens for less than elsewhere, so it offers sooner.
"""

from __future__ import annotations

import json
import random

import pytest

from pachaprint.engine.bots import ExpertBot, OracleCheatBot, make_bot
from pachaprint.engine.bots.belief import PublicBelief
from pachaprint.engine.bots.evaluate import (
    COOP_OTOMA_TOKENS,
    COOP_TOKENS,
    DEFAULT_WEIGHTS,
    Evaluator,
    Weights,
)
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.config import GameConfig, Mode, first_start_cells
from pachaprint.engine.rules.events import Phase
from pachaprint.engine.rules.modes import CoopState, mode_class, new_game
from pachaprint.engine.rules.state import GameState
from pachaprint.model.rules import OFFERING_POINTS
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

PATH = REPO / "scenarios" / "sacred-valley.json"


@pytest.mark.parametrize("mode", list(Mode))
def test_the_search_bots_weigh_tokens_by_mode(mode: Mode) -> None:
    for name in ("expert", "oracle-cheat"):
        bot = make_bot(name, random.Random(1), mode)
        assert isinstance(bot, ExpertBot | OracleCheatBot)
        assert bot.weights == Weights.for_mode(mode_class(mode))
        if mode is Mode.COOP:
            assert bot.weights.tokens == COOP_TOKENS
            assert bot.weights.otoma_tokens == COOP_OTOMA_TOKENS
        else:
            assert bot.weights == DEFAULT_WEIGHTS


def test_the_weights_are_worth_at_least_the_offering() -> None:
    # a held set is worth less than its offering only at five (no divination gains a
    # token while they are all held), and the Otoma's never less than theirs
    for k in range(6):
        assert COOP_OTOMA_TOKENS[k] >= OFFERING_POINTS[k]
        assert COOP_TOKENS[k] >= OFFERING_POINTS[k] or k == 5
    assert COOP_TOKENS[5] < OFFERING_POINTS[5]
    assert list(COOP_TOKENS) == sorted(COOP_TOKENS)
    assert list(COOP_OTOMA_TOKENS) == sorted(COOP_OTOMA_TOKENS)


def _offer_with_otoma_tokens() -> GameState:
    """A co-op game played by the greedy bot up to an Offer where the group holds two
    tokens or more and the Otoma at least one."""
    scenario = Scenario.from_dict(json.loads(PATH.read_text(encoding="utf-8")))
    names = tuple(scenario.board.name(c) for c in first_start_cells(scenario))
    for seed in range(40):
        state = new_game(scenario, GameConfig(Mode.COOP, 2, "easy", names, seed=seed))
        assert isinstance(state, CoopState) and state.otoma is not None
        bots = [make_bot("greedy", random.Random(seat), Mode.COOP) for seat in range(2)]
        otoma = state.otoma.account
        while not state.is_terminal():
            if (
                state.phase is Phase.OFFER
                and state.tokens[0].bit_count() >= 2
                and state.tokens[otoma]
            ):
                return state
            state.apply(bots[state.current_player].decide(state))
    raise AssertionError("no Offer with tokens on both sides in 40 greedy co-op games")


def test_the_groups_offer_spares_what_the_otoma_tokens_would_grow_to() -> None:
    state = _offer_with_otoma_tokens()
    assert state.otoma is not None
    otoma = state.otoma.account
    held = state.tokens[otoma].bit_count()
    offered, kept = state.clone(), state.clone()
    offered.apply(A.offer(state.tokens[0]))
    kept.apply(A.PASS)
    # the Otoma offered every token they held, and score it on the same table
    assert offered.tokens[otoma] == 0 and kept.tokens[otoma] == state.tokens[otoma]
    assert offered.score[otoma] == kept.score[otoma] + OFFERING_POINTS[held]
    for weights, spared in (
        (Weights.for_mode(CoopState), COOP_OTOMA_TOKENS[held] - OFFERING_POINTS[held]),
        (Weights(otoma_tokens=tuple(float(p) for p in OFFERING_POINTS)), 0.0),
    ):
        evaluator = Evaluator(state.current_player, weights)
        worth = [
            evaluator.worth(s, PublicBelief.of_table(s.geo, s.terrain, s.crop, s.supply), otoma)
            for s in (kept, offered)
        ]
        assert worth[0] - worth[1] == pytest.approx(spared)
    assert COOP_OTOMA_TOKENS[held] - OFFERING_POINTS[held] > 0
