"""The search bots are reproducible: one seed gives one game, on any machine and with
any number of worker processes; their work is counted, never timed."""

from __future__ import annotations

import json
import random
import time

import pytest

from pachaprint.engine.analysis.simulate import SimulationConfig, simulate
from pachaprint.engine.bots import ExpertBot, OracleCheatBot, make_bot
from pachaprint.engine.bots.search import Budget
from pachaprint.engine.rules.config import GameConfig, Mode, first_start_cells
from pachaprint.engine.rules.modes import mode_class, new_game
from pachaprint.engine.rules.state import GameState
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

SCENARIO = Scenario.from_dict(
    json.loads((REPO / "scenarios" / "colca-canyon.json").read_text(encoding="utf-8"))
)
QUICK = Budget(width=3, inner=2, depth=3, samples=2, exact=True)


def history(mode: Mode, seed: int, kind: type = ExpertBot) -> list[int]:
    players = 1 if mode is Mode.SOLO else 2
    names = None
    if mode_class(mode).has_otoma:
        names = tuple(SCENARIO.board.name(c) for c in first_start_cells(SCENARIO))
    state: GameState = new_game(SCENARIO, GameConfig(mode, players, None, names, seed=seed))
    bots = [kind(random.Random(seed * 10 + seat), QUICK) for seat in range(players)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].decide(state))
    return state.history


@pytest.mark.slow
@pytest.mark.parametrize("mode", [Mode.COMPETITIVE, Mode.SOLO, Mode.COOP])
def test_one_seed_one_game(mode):
    first = history(mode, 3)
    assert history(mode, 3) == first
    assert history(mode, 4) != first


@pytest.mark.slow
def test_the_search_never_reads_a_clock(monkeypatch):
    expected = history(Mode.SOLO, 5)

    def stopped() -> float:
        raise AssertionError("a bot read the clock")

    for name in ("time", "monotonic", "perf_counter", "process_time"):
        monkeypatch.setattr(time, name, stopped)
    assert history(Mode.SOLO, 5) == expected
    assert history(Mode.COMPETITIVE, 5, OracleCheatBot)


@pytest.mark.slow
def test_simulation_reports_with_the_expert_are_the_same_for_any_number_of_jobs():
    config = SimulationConfig(Mode.COMPETITIVE, 2, ("expert", "logician"), games=4, seed=2)
    alone = simulate(SCENARIO, config, jobs=1)
    assert simulate(SCENARIO, config, jobs=2).to_dict() == alone.to_dict()
    assert alone.completed == 4


def test_the_factory_seeds_the_expert_from_the_rng_it_is_given():
    a = make_bot("expert", random.Random(7))
    b = make_bot("expert", random.Random(7))
    state = new_game(SCENARIO, GameConfig(seed=1))
    assert a.decide(state) == b.decide(state)
