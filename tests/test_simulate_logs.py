"""``simulate --logs``: every simulated game as a log, to watch at the table or resume in the terminal."""

from __future__ import annotations

import json
from dataclasses import replace

from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.engine.analysis.gamelogs import write_game_logs
from pachaprint.engine.analysis.games import SimulationConfig, play_game
from pachaprint.engine.analysis.schedule import start
from pachaprint.engine.rules.config import GameConfig
from pachaprint.engine.rules.log import load_log
from pachaprint.engine.rules.oracle import WheelOracle
from pachaprint.model.scenario import Scenario
from pachaprint.table.game import TableGame
from tests.helpers import example

runner = CliRunner()


def long_disc() -> Scenario:
    data = example("high-valley")
    data["start"] = ["i2", "a1", "e3", "c5", "h4"]
    return Scenario.from_dict(data)


def test_each_game_log_is_the_game_the_report_counted(tmp_path):
    scenario = long_disc()
    config = SimulationConfig.parse("solo", None, "greedy,random", "easy,hard", 4, 7)
    pending = start(scenario, config)
    keeping = replace(config, keep_history=True)
    kept = start(scenario, keeping).records()
    plain = pending.records()
    assert [r.scores for r in kept] == [r.scores for r in plain]  # keeping changes no game
    assert all(r.history for r in kept) and not any(r.history for r in plain)
    paths = write_game_logs(tmp_path / "logs", scenario, keeping, kept)
    assert [p.name for p in paths] == [
        "greedy-easy-game-0001.json",
        "greedy-hard-game-0001.json",
        "random-easy-game-0001.json",
        "random-hard-game-0001.json",
    ]
    for path, record in zip(paths, kept, strict=True):
        saved = load_log(path)
        assert saved.state.score == record.scores and saved.state.is_terminal()
        assert saved.seats == list(record.bots)
        table = TableGame.resumed(saved)  # the table opens it at the start, to watch it
        assert table.decisions()[0] == 0 and not table.live


def test_simulate_writes_the_logs_it_is_asked_for(tmp_path):
    disc = tmp_path / "lake-shore.json"
    disc.write_text(json.dumps(example("lake-shore")))
    result = runner.invoke(
        app, ["simulate", str(disc), "--games", "2", "--logs", str(tmp_path / "out"), "-f", "json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    logs = sorted((tmp_path / "out").iterdir())
    assert [p.name for p in logs] == ["game-0001.json", "game-0002.json"]
    scores = [load_log(p).state.score for p in logs]
    means = [sum(s[seat] for s in scores) / 2 for seat in range(2)]
    assert means == [seat["score_mean"] for seat in report["seats"]]
    blocked = tmp_path / "file"
    blocked.write_text("")
    refused = runner.invoke(app, ["simulate", str(disc), "--games", "1", "--logs", str(blocked)])
    assert refused.exit_code == 2 and "cannot write the game logs" in refused.output


def test_play_game_keeps_the_history_only_when_asked():
    scenario = Scenario.from_dict(example("lake-shore"))
    config = GameConfig(seed=3)
    kept = play_game(WheelOracle(scenario), config, ("random", "random"), keep_history=True)
    assert (
        kept.history
        and play_game(WheelOracle(scenario), config, ("random", "random")).history == ()
    )
