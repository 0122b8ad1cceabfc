"""Adaptive sampling: a run against the Otoma stops once its win rate decides every flag."""

from __future__ import annotations

import json

import pytest

from pachaprint.engine.analysis.flags import decided
from pachaprint.engine.analysis.schedule import WAVE
from pachaprint.engine.analysis.simulate import SimulationConfig, simulate
from pachaprint.engine.rules.config import Mode
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

SCENARIO = Scenario.from_dict(json.loads((REPO / "scenarios" / "sacred-valley.json").read_text()))


def test_a_rate_is_decided_once_its_interval_is_clear_of_both_thresholds():
    assert not decided(0, 9)  # too few games for any rate
    assert decided(3, 10)  # 30 % (11-60 %): neither too hard nor too easy
    assert not decided(0, 30)  # 0 % (0-11.4 %): could still be above 10 %
    assert decided(0, 40)  # 0 % (0-8.8 %): too hard, more games would say the same
    assert not decided(1, 10)  # 10 % (1.8-40 %) straddles 10 %
    assert decided(40, 40) and not decided(30, 30)  # 91.2-100 % vs 88.6-100 %


def test_a_rate_is_decided_once_no_flag_can_be_raised_within_the_run():
    # at most 50 games: 1 win keeps the interval above 10 % even if all 40 left are lost
    # (1 of 50: 0.4-10.5 %), and 1 loss keeps it below 90 % even if all left are won
    assert decided(1, 10, most=50) and not decided(1, 10)
    assert decided(9, 10, most=50) and not decided(9, 10)
    assert not decided(0, 10, most=50)  # 0 of 50 would be 0-7.1 %: too hard, play on
    assert not decided(10, 10, most=50)  # 50 of 50 would be 92.9-100 %: too easy
    # at most 34 games (a co-op level's share of 200): 0 of 34 is 0-10.2 %, 34 of 34
    # 89.8-100 %, so no flag can be raised there and 10 games decide it
    assert decided(0, 10, most=34) and decided(10, 10, most=34)
    assert not decided(0, 9, most=34)  # still too few games for any rate
    # a run that may play on decides nothing early (most is the whole run)
    assert decided(1, 10, most=10) and not decided(1, 10, most=None)


def _solo(adaptive: bool, games: int, bots: tuple[str, ...]) -> SimulationConfig:
    return SimulationConfig(Mode.SOLO, 1, bots, ("easy",), games, 4, adaptive=adaptive)


@pytest.mark.slow
def test_an_adaptive_run_plays_the_first_games_of_the_run_until_decided():
    # random never wins on easy: 0 of 30 leaves the rate possibly above 10 %, 0 of 40
    # does not, so it stops at 40 of its 50; oracle-cheat flags nothing and stops at
    # 10 games, the fewest a rate is given on
    config = _solo(True, 100, ("random", "oracle-cheat"))
    report = simulate(SCENARIO, config)
    runs = {run.bot: run for run in report.runs or []}
    assert [(r.games, r.completed, r.win_rate) for r in runs.values()] == [
        (4 * WAVE, 40, 0.0),
        (WAVE, 10, 1.0),
    ]
    prefix = simulate(SCENARIO, _solo(False, 40, ("random",)))
    assert prefix.runs == [runs["random"]]  # the first 40 games of the run
    # the same games on two worker processes
    assert simulate(SCENARIO, config, jobs=2).to_dict() == report.to_dict()
