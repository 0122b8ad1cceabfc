"""``pachaprint table`` as a user runs it: the address with its token, refusals in words, Ctrl-C."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.engine.rules.log import game_log
from pachaprint.model.scenario import Scenario
from pachaprint.model.sharecode import code_of
from pachaprint.table.game import TableGame
from pachaprint.table.session import NewGame
from tests.helpers import example
from tests.served import served

runner = CliRunner()


@pytest.fixture
def disc(tmp_path):
    path = tmp_path / "lake-shore.json"
    path.write_text(json.dumps(example("lake-shore")))
    return path


@pytest.mark.slow
def test_table_prints_its_address_guards_it_and_stops_cleanly_on_ctrl_c(disc):
    args = ("--seats", "human,greedy", "--seed", "3", "--no-browser", "--port", "0")
    with served("table", str(disc), *args) as running:
        assert running.address.startswith("http://127.0.0.1:")
        assert running.client(token=False).get("/api/table").status_code == 403
        table = running.client().get("/api/table").json()
        assert [s["kind"] for s in table["seats"]] == ["human", "greedy"] and "seed" not in table
    assert running.returncode == 0, running.err
    assert "pachaprint table: stopped." in running.out and "Traceback" not in running.err


def test_usage_errors_name_the_option(disc, tmp_path):
    missing = runner.invoke(app, ["table", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and "no such file" in missing.output
    mode = runner.invoke(app, ["table", str(disc), "--mode", "chess", "--no-browser"])
    assert mode.exit_code == 2 and "--mode" in mode.output
    seats = runner.invoke(app, ["table", str(disc), "--seats", "human,wizard", "--no-browser"])
    assert seats.exit_code == 2
    assert "--seats: 'wizard' is neither a person nor a bot (choose from human, random," in (
        seats.output
    )
    cheat = runner.invoke(app, ["table", str(disc), "--seats", "human,oracle-cheat"])
    assert cheat.exit_code == 2
    assert "--seats: 'oracle-cheat' cannot sit here (choose from human, random, greedy, " in (
        cheat.output
    )
    solo = runner.invoke(app, ["table", str(disc), "--mode", "solo", "--no-browser"])
    assert solo.exit_code == 1 and "long scenarios only" in solo.output


def test_a_saved_game_takes_no_game_settings_and_a_broken_one_is_refused(disc, tmp_path):
    scenario = Scenario.from_dict(example("lake-shore"))
    game = TableGame(scenario, NewGame(seed=1).config(scenario))
    log = tmp_path / "game.json"
    log.write_text(json.dumps(game_log(scenario, game.state, game.kinds)))
    both = runner.invoke(app, ["table", str(log), "--seats", "human,human", "--no-browser"])
    assert both.exit_code == 2 and "--seats: comes from the saved game" in both.output
    data = json.loads(log.read_text())
    data["actions"] = ["move a1 a9"]
    log.write_text(json.dumps(data))
    broken = runner.invoke(app, ["table", str(log), "--no-browser"])
    assert broken.exit_code == 1 and "cannot open this game" in broken.output
    invalid = tmp_path / "bad.json"
    invalid.write_text(json.dumps({**example("lake-shore"), "start": ["z9"]}))
    refused = runner.invoke(app, ["table", str(invalid), "--no-browser"])
    assert refused.exit_code == 1 and "not a valid scenario" in refused.output


@pytest.mark.slow
def test_a_share_code_opens_its_disc_and_games_are_saved_in_the_current_folder(tmp_path):
    scenario = Scenario.from_dict(example("lake-shore"))
    code = code_of(scenario)
    with served("table", code, "--seed", "4", "--no-browser", "--port", "0", cwd=tmp_path) as table:
        client = table.client()
        setup = client.get("/api/setup").json()
        assert setup["scenario"]["name"] == scenario.name
        assert client.post("/api/save", json={"file": "from-a-code.json"}).status_code == 200
        assert (tmp_path / "from-a-code.json").is_file()
    assert table.returncode == 0, table.err


def test_a_broken_share_code_is_refused_in_words(tmp_path):
    code = code_of(Scenario.from_dict(example("lake-shore")))
    typo = code[:3] + ("X" if code[3] != "X" else "Y") + code[4:]
    refused = runner.invoke(app, ["table", typo, "--no-browser"])
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    assert "check" in refused.output.lower()
    missing = runner.invoke(app, ["table", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and "no such file" in missing.output
