"""Simulation: the SPEC report, determinism across --jobs, and hundreds of games
in which the logician never divines wrong."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pachaprint.check.generate import generate
from pachaprint.cli import app
from pachaprint.engine.analysis.games import SimulationConfig, game_seed, play_game, seat_bots
from pachaprint.engine.analysis.simulate import simulate as run
from pachaprint.engine.rules.config import GameConfig
from pachaprint.engine.rules.oracle import WheelOracle
from pachaprint.model.scenario import Scenario
from tests.helpers import EXAMPLES, REPO, example

SPEC_KEYS = [
    "scenario",
    "mode",
    "games",
    "completed",
    "players",
    "bots",
    "seed",
    "turns",
    "seats",
    "wrong_divinations",
    "flags",
]
SEAT_KEYS = {"seat", "bot", "score_mean", "score_sd", "win_rate", "points"}
LAKE = Scenario.from_dict(example("lake-shore"))
VALLEY = Scenario.from_dict(example("high-valley"))


def simulate(
    scenario, games, players=2, bots=("logician", "greedy"), seed=1, jobs=1, max_turns=2000
):
    config = SimulationConfig(
        players=players, bots=tuple(bots), games=games, seed=seed, max_turns=max_turns
    )
    return run(scenario, config, jobs)


def test_report_has_the_spec_keys_and_adds_up():
    report = simulate(LAKE, games=40, players=3, bots=("logician", "greedy"), seed=5)
    data = report.to_dict()
    assert list(data)[: len(SPEC_KEYS)] == SPEC_KEYS
    assert data["scenario"] == "lake-shore" and data["mode"] == "competitive"
    assert data["games"] == data["completed"] == 40
    assert data["bots"] == ["logician", "greedy", "logician"]
    assert set(data["turns"]) == {"mean", "min", "max"}
    assert data["turns"]["min"] <= data["turns"]["mean"] <= data["turns"]["max"]
    assert [seat["seat"] for seat in data["seats"]] == [1, 2, 3]
    for seat in data["seats"]:
        assert set(seat) >= SEAT_KEYS
        assert abs(sum(seat["points"].values()) - seat["score_mean"]) < 0.01
        assert {"discovery", "divination", "offering", "divination_lost", "clamped"} == set(
            seat["points"]
        )
    assert abs(sum(seat["win_rate"] for seat in data["seats"]) - 1.0) < 0.01
    assert data["wrong_divinations"]["logician"] == 0
    assert data["logician_proved"] > 0
    # every divined crop was proven first, so a logician seat proves at least as many per game
    assert data["logician_known_mean"] * 2 * 40 >= data["logician_proved"]
    json.dumps(data)


def test_reports_are_identical_for_any_number_of_jobs():
    one = simulate(LAKE, games=16, players=2, bots=("random", "greedy"), seed=3, jobs=1).to_dict()
    two = simulate(LAKE, games=16, players=2, bots=("random", "greedy"), seed=3, jobs=2).to_dict()
    assert one == two


def test_a_game_is_fixed_by_its_seed():
    oracle = WheelOracle(VALLEY)

    def game(seed: int):
        return play_game(oracle, GameConfig(seed=seed), ["logician", "greedy"])

    first = game(game_seed(9, 4))
    again = game(game_seed(9, 4))
    other = game(game_seed(9, 5))
    assert first == again
    assert first.completed
    assert (first.scores, first.turns) != (other.scores, other.turns)


def test_seat_bots_repeat_and_refuse_bad_names():
    assert seat_bots(["logician"], 3) == ["logician"] * 3
    assert seat_bots(["random", "greedy"], 4) == ["random", "greedy", "random", "greedy"]
    with pytest.raises(ValueError, match="unknown bot"):
        seat_bots(["clever"], 2)
    with pytest.raises(ValueError, match="3 bots named for 2 players"):
        seat_bots(["random", "greedy", "logician"], 2)
    with pytest.raises(ValueError, match="players"):
        seat_bots(["random"], 5)


def test_games_that_do_not_end_are_counted_and_flagged():
    report = simulate(VALLEY, games=4, bots=("random",), seed=1, max_turns=10)
    assert report.completed == 0
    assert any("did not end within 10 turns" in flag for flag in report.flags)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_logicians_never_divine_wrong_on_the_examples(players):
    for scenario, games in ((LAKE, 120), (VALLEY, 12)):
        bots = ("logician", "greedy", "random")[:players]
        report = simulate(scenario, games=games, players=players, bots=bots, seed=players)
        assert report.completed == games
        assert report.wrong_divinations["logician"] == 0
        assert sum(report.wrong_divinations.values()) > 0  # the others do guess wrong


@pytest.mark.parametrize("size, seed", [("tiny", 11), ("tiny", 12), ("long", 13), ("long", 14)])
def test_logicians_never_divine_wrong_on_generated_scenarios(size, seed):
    scenario = generate(size, seed, "hard").scenario
    report = simulate(
        scenario, games=30 if size == "tiny" else 6, players=2, bots=("logician",), seed=seed
    )
    assert report.completed == report.games
    assert report.wrong_divinations == {"logician": 0}
    assert report.logician_proved > 0


def test_cli_simulate_json_and_text():
    runner = CliRunner()
    path = str(EXAMPLES / "lake-shore.json")
    result = runner.invoke(
        app, ["simulate", path, "--games", "6", "--seed", "2", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 6 and data["bots"] == ["logician", "greedy"]
    result = runner.invoke(
        app, ["simulate", path, "--games", "6", "--seats", "3", "--bots", "random"]
    )
    assert result.exit_code == 0
    assert "6/6 games completed" in result.stdout and "seat 3 (random)" in result.stdout


def test_cli_simulate_usage_errors(tmp_path):
    runner = CliRunner()
    path = str(EXAMPLES / "lake-shore.json")
    bad = runner.invoke(app, ["simulate", path, "--bots", "clever"])
    assert bad.exit_code == 2 and "unknown bot 'clever'" in bad.stderr
    missing = runner.invoke(app, ["simulate", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and "no such file" in missing.stderr
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "pachaprint-scenario/1"')
    invalid = runner.invoke(app, ["simulate", str(broken)])
    assert invalid.exit_code == 1 and "json" in invalid.stderr
    assert "Traceback" not in invalid.output


SHIPPED = sorted((REPO / "scenarios").glob("*.json"))


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_every_shipped_scenario_plays_to_the_end_without_a_wrong_logician(path):
    scenario = Scenario.from_dict(json.loads(path.read_text(encoding="utf-8")))
    report = simulate(
        scenario,
        games=6 if scenario.size == "tiny" else 3,
        players=2,
        bots=("logician", "greedy"),
        seed=17,
    )
    assert report.completed == report.games
    assert report.wrong_divinations["logician"] == 0
    assert not report.errors
