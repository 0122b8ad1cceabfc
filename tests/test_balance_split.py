"""``--games N`` is the total in every mode: how it is shared out over the runs, and
that a run plays the same games whatever else is simulated beside it."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.engine.analysis.games import split_games
from pachaprint.engine.analysis.schedule import start
from pachaprint.engine.analysis.simulate import SimulationConfig, simulate
from pachaprint.engine.rules.config import ConfigError, Mode
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

PATH = REPO / "scenarios" / "sacred-valley.json"
SCENARIO = Scenario.from_dict(json.loads(PATH.read_text()))
runner = CliRunner()


@pytest.mark.parametrize(
    ("total", "runs", "shares"),
    [
        (10, 4, [3, 3, 2, 2]),
        (12, 4, [3, 3, 3, 3]),
        (5, 1, [5]),
        (3, 3, [1, 1, 1]),
        (7, 3, [3, 2, 2]),
    ],
)
def test_split_games_shares_the_total_with_the_first_runs_taking_one_more(total, runs, shares):
    assert split_games(total, runs) == shares
    assert sum(shares) == total


def test_a_config_cuts_its_total_over_bot_and_difficulty():
    config = SimulationConfig(Mode.SOLO, 1, ("logician", "greedy"), (), 10, 1)
    assert [(r.bots[0], r.difficulty, r.games) for r in config.runs] == [
        ("logician", "easy", 3),
        ("logician", "hard", 3),
        ("greedy", "easy", 2),
        ("greedy", "hard", 2),
    ]
    assert len(config.work()) == 10
    # each run plays game indexes 0..n-1: the seeds of game_seed(seed, i)
    assert [i for r, i in config.work() if r == 2] == [0, 1]
    competitive = SimulationConfig(bots=("logician", "greedy"), games=7)
    assert [r.games for r in competitive.runs] == [7]


def test_fewer_games_than_runs_is_refused_in_words():
    with pytest.raises(ConfigError) as caught:
        SimulationConfig(Mode.COOP, 2, ("logician",), (), 2, 1)
    assert caught.value.setting == "games"
    assert "2 games cannot cover the 3 runs (1 bot x 3 difficulties)" in str(caught.value)


def test_a_run_plays_the_same_games_alone_or_beside_other_runs():
    alone = simulate(SCENARIO, SimulationConfig(Mode.SOLO, 1, ("greedy",), ("hard",), 3, 4))
    together = simulate(SCENARIO, SimulationConfig(Mode.SOLO, 1, ("logician", "greedy"), (), 11, 4))
    # 11 games over 4 runs: 3, 3, 3, 2; greedy on hard is the fourth run, with 2 games
    shares = [(r["bot"], r["difficulty"], r["games"]) for r in together.to_dict()["runs"]]
    assert shares == [
        ("logician", "easy", 3),
        ("logician", "hard", 3),
        ("greedy", "easy", 3),
        ("greedy", "hard", 2),
    ]
    two = simulate(SCENARIO, SimulationConfig(Mode.SOLO, 1, ("greedy",), ("hard",), 2, 4))
    assert together.to_dict()["runs"][3] == two.to_dict()["runs"][0]
    assert alone.to_dict()["runs"][0] != two.to_dict()["runs"][0]  # three games are not two
    # the records agree game by game: the run's first two games are the alone run's first two
    records = start(
        SCENARIO, SimulationConfig(Mode.SOLO, 1, ("greedy",), ("hard",), 3, 4)
    ).records()
    mixed = start(
        SCENARIO, SimulationConfig(Mode.SOLO, 1, ("logician", "greedy"), (), 11, 4)
    ).records()
    greedy_hard = [r for r in mixed if r.bots[0] == "greedy" and r.difficulty == "hard"]
    assert [(r.index, r.scores, r.turns) for r in greedy_hard] == [
        (r.index, r.scores, r.turns) for r in records[:2]
    ]


def test_cli_simulate_plays_the_total_and_says_how_it_was_split():
    result = runner.invoke(
        app,
        [
            "simulate",
            str(PATH),
            "--mode",
            "solo",
            "--bots",
            "greedy,random",
            "--games",
            "6",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 6 and [r["games"] for r in data["runs"]] == [2, 2, 1, 1]
    text = runner.invoke(
        app,
        [
            "simulate",
            str(PATH),
            "--mode",
            "solo",
            "--bots",
            "greedy,random",
            "--games",
            "6",
            "--quiet",
        ],
    )
    assert "6 games over 4 runs (bot x difficulty): 2, 2, 1, 1" in text.stdout
    args = ["simulate", str(PATH), "-m", "solo", "-b", "random", "--difficulty", "easy", "-n", "1"]
    one = runner.invoke(app, [*args, "-q"])
    assert "1 game over 1 run (bot x difficulty)" in one.stdout, one.output
    short = runner.invoke(app, ["simulate", str(PATH), "--mode", "coop", "--games", "2"])
    assert short.exit_code == 2
    assert "--games: 2 games cannot cover the 6 runs" in short.stderr
