"""No bot loops: between two steps of progress no bot walks back to a position, and a
game whose only way on is unwelcome still ends."""

from __future__ import annotations

import json
import random

import pytest

from pachaprint.engine.analysis.simulate import SimulationConfig, simulate
from pachaprint.engine.bots import BOT_NAMES, make_bot
from pachaprint.engine.bots.repeats import Positions, position, progress
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.config import Mode
from pachaprint.engine.rules.events import Ending, Phase
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO
from tests.test_solo_game import cell, walled_in


@pytest.mark.slow
@pytest.mark.parametrize("name", BOT_NAMES)
def test_every_bot_ends_a_game_whose_only_way_on_helps_the_otoma(name):
    # e3 is walled in; the only tile left can come from the purple arrow on c1, which
    # sends the purple Otoma pawn there (points for the Otoma). Pawns can walk from
    # crop to crop for ever; no bot may, and none may walk back to a position.
    state = walled_in("easy", {"c1": ("purple", "N"), "g1": ("brown", "E")})
    bot = make_bot(name, random.Random(3), Mode.SOLO)
    seen: set[object] = set()
    table = progress(state)
    while not state.is_terminal():
        assert state.turn < 40, f"{name} dawdles"
        if state.phase is Phase.TURN:
            if progress(state) != table:
                table, seen = progress(state), set()
            assert position(state) not in seen, f"{name} walked back to a position"
            seen.add(position(state))
        state.apply(bot.decide(state))
    assert state.ending is Ending.FINISHED and state.hidden_left == 0


def test_an_explore_back_to_a_position_met_is_left_out_unless_nothing_else_is_left():
    state = walled_in("easy", {"c1": ("purple", "N"), "g1": ("brown", "E")})
    memory = Positions()
    legal = state.legal_actions()
    assert memory.fresh(state, legal) is legal  # nothing met yet
    back = A.move(cell("b1"), cell("a1"))
    memory.chose(state, A.move(cell("a1"), cell("b1")))
    state.apply(A.move(cell("a1"), cell("b1")))
    fresh = memory.fresh(state, state.legal_actions())
    assert back in state.legal_actions() and back not in fresh
    assert len(fresh) == len(state.legal_actions()) - 1
    # a move onto c1, whose arrow reveals e3, or a divination is progress: never left out
    assert A.move(cell("b1"), cell("c1")) in fresh
    assert all(A.divine(cell("g1"), v) in fresh for v in range(1, 6))


@pytest.mark.slow
def test_the_solo_game_of_issue_20_ends():
    # `simulate scenarios/colca-canyon.json --mode solo --bots expert --difficulty easy
    # --games 2 --seed 1`: in game 1 the last cell without terrain (i5) is walled in by
    # Otoma pawns and only the arrow on g3 can send one there, for the Otoma's points.
    # The expert, ahead, used to step a1-b1-a1 until the turn limit.
    scenario = Scenario.from_dict(
        json.loads((REPO / "scenarios" / "colca-canyon.json").read_text())
    )
    config = SimulationConfig(Mode.SOLO, 1, ("expert",), ("easy",), 2, 1)
    report = simulate(scenario, config)
    assert report.completed == 2 and report.flags == []
