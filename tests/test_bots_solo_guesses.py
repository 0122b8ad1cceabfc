"""The solo expert's budget and how it weighs the guesses the solo rules force.

In solo a Divine turn makes every pawn on a cropless tile divine at once, so
a crop that stays unproven will be guessed whether the guess pays or not; where
divining is a choice (co-op, the competitive game) a losing guess is simply
not made. The evaluation counts the two apart (``Weights.forced``).
"""

from __future__ import annotations

import random

import pytest

from pachaprint.engine.bots import ExpertBot, OracleCheatBot, make_bot
from pachaprint.engine.bots.evaluate import DEFAULT_WEIGHTS, Evaluator, Weights
from pachaprint.engine.bots.search import SOLO_WIDTH
from pachaprint.engine.rules.config import Mode

UNIFORM = (0.0, 0.2, 0.2, 0.2, 0.2, 0.2)
"""Crop odds of a cell nothing is known about: levels 1 to 5 alike."""


def test_a_losing_guess_counts_only_where_it_is_forced() -> None:
    # held no token: a new one is worth 0.6; naming level v wins 0.2 (v + 0.6) and loses
    # the true level otherwise (3 - 0.2 v on average): the best guess, 5, is worth -0.88.
    # Proven later (odds 0.5) the crop is worth 0.2 (15 + 5 x 0.6) = 3.6.
    evaluator = Evaluator(0)
    chosen = evaluator._unproven(UNIFORM, 0, forced=False)
    forced = evaluator._unproven(UNIFORM, 0, forced=True)
    assert chosen == pytest.approx(0.5 * 3.6)
    assert forced == pytest.approx(0.5 * 3.6 - 0.5 * 0.88)
    half = Evaluator(0, Weights(forced=0.5))._unproven(UNIFORM, 0, forced=True)
    assert half == pytest.approx(0.5 * 3.6 - 0.25 * 0.88)


def test_a_winning_guess_counts_alike_forced_or_chosen() -> None:
    sure = (0.0, 0.0, 0.0, 0.9, 0.1, 0.0)  # level 3 nine times in ten
    evaluator = Evaluator(0)
    assert evaluator._unproven(sure, 0, True) == evaluator._unproven(sure, 0, False)
    assert evaluator._unproven(sure, 0, True) > 0


@pytest.mark.parametrize("mode", list(Mode))
def test_the_solo_search_weighs_more_first_candidates(mode: Mode) -> None:
    for name in ("expert", "oracle-cheat"):
        bot = make_bot(name, random.Random(1), mode)
        assert isinstance(bot, ExpertBot | OracleCheatBot)
        assert bot.budget.width == (SOLO_WIDTH if mode is Mode.SOLO else 6), (name, mode)
        # (the other weights depend on the mode: tests/test_bots_coop_tokens.py)
        assert bot.weights.forced == DEFAULT_WEIGHTS.forced
    assert DEFAULT_WEIGHTS.forced == 1.0
