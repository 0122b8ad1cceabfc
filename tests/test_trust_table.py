"""The table never seats a bot that reads the hidden map, and the page never gets the seed
(issue 31, items 6 and 7).

A saved game names its seats; one naming ``oracle-cheat`` is refused however it
is opened (the command line, the page's Open, a session set up in code). The
seed fixes every hand and stack of a game: no answer holds it, and a fresh one
is 63 random bits (too many to try one by one against the open tiles).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.engine.rules.config import ConfigError
from pachaprint.engine.rules.log import game_log, load_log
from pachaprint.model.scenario import Scenario
from pachaprint.table.game import TableError, TableGame
from pachaprint.table.server import session_for
from pachaprint.table.session import NewGame, TableSession
from tests.helpers import example

runner = CliRunner()
REFUSAL = "oracle-cheat, a bot that reads the hidden map, cannot sit at the table"


def long_disc() -> Scenario:
    data = example("high-valley")
    data["start"] = ["i2", "a1", "e3", "c5", "h4"]
    return Scenario.from_dict(data)


@pytest.fixture
def cheating_save(tmp_path) -> Path:
    """A saved game (as ``play --seats human,oracle-cheat --save`` writes one) in a folder
    beside its disc."""
    scenario = Scenario.from_dict(example("lake-shore"))
    (tmp_path / "lake-shore.json").write_text(json.dumps(scenario.to_dict()))
    game = TableGame(scenario, NewGame(seed=5).config(scenario))
    game.act(game.state.legal_actions()[0]) if game.human_to_play else game.step()
    path = tmp_path / "cheat.json"
    path.write_text(json.dumps(game_log(scenario, game.state, ["human", "oracle-cheat"])))
    return path


def test_a_saved_game_with_a_cheating_bot_is_refused_on_the_command_line(cheating_save):
    result = runner.invoke(app, ["table", str(cheating_save), "--no-browser", "--port", "0"])
    assert result.exit_code == 1
    assert result.output == f"{cheating_save}: cannot open this game: {REFUSAL}\n"


def test_a_saved_game_with_a_cheating_bot_is_refused_by_open(cheating_save):
    scenario = Scenario.from_dict(example("lake-shore"))
    session = session_for(cheating_save.parent, scenario, NewGame(seed=2))
    before = session.table()
    with pytest.raises(TableError) as refused:
        session.open("cheat.json")
    assert refused.value.status == 422
    assert str(refused.value) == f"cheat.json: cannot open this game: {REFUSAL}"
    assert session.table() == before  # the game on the table stays


def test_no_way_in_code_seats_a_cheating_bot(cheating_save):
    saved = load_log(cheating_save, record_events=True)
    with pytest.raises(ConfigError, match=REFUSAL):
        session_for(cheating_save.parent, saved=saved)
    with pytest.raises(ConfigError, match=REFUSAL):
        TableGame.resumed(saved)
    scenario = Scenario.from_dict(example("lake-shore"))
    with pytest.raises(ConfigError, match=REFUSAL):
        session_for(cheating_save.parent, scenario, NewGame(seats=("oracle-cheat", "human")))
    session = session_for(cheating_save.parent, scenario, NewGame(seed=2))
    with pytest.raises(TableError, match=f"seats: {REFUSAL}"):
        session.new_game({"seats": ["human", "oracle-cheat"]})


# -- the seed ------------------------------------------------------------------------------------
SEED = 8_123_456_789_012_345_678


def every_answer(session: TableSession, rng: random.Random, decisions: int) -> list[str]:
    """The JSON of every answer of a game played through the session's handlers."""
    answers = [session.setup(), session.table()]
    for _ in range(decisions):
        now = session.table()
        if now["over"]:
            break
        if now["to_play"] == "human":
            legal = now["legal"]
            answers.append(session.act(now["moment"], legal[rng.randrange(len(legal))]["code"]))
        else:
            answers.append(session.step(now["moment"]))
    answers.append(session.save("seeded.json"))
    answers.append(session.saves())
    answers.append(session.open("seeded.json"))
    answers.append(session.back(session.table()["moment"]))
    return [json.dumps(answer) for answer in answers]


@pytest.mark.slow
@pytest.mark.parametrize(
    "words",
    [
        NewGame("coop", ("human", "greedy", "human"), "normal", seed=SEED),
        NewGame("solo", ("human",), "hard", seed=SEED),
        NewGame("competitive", ("human", "random"), seed=SEED),
    ],
    ids=["coop", "solo", "competitive"],
)
def test_no_answer_holds_the_seed(tmp_path, words):
    scenario = long_disc()
    session = session_for(tmp_path, scenario, words)
    assert session.game.state.config.seed == SEED
    for text in every_answer(session, random.Random(3), 40):
        assert str(SEED) not in text and '"seed"' not in text
    saved = json.loads((tmp_path / "seeded.json").read_text())
    assert saved["config"]["seed"] == SEED  # the saved file (on the server's disk) keeps it


def test_a_fresh_seed_is_63_random_bits():
    scenario = long_disc()
    seeds = {NewGame("coop", ("human", "human")).config(scenario).game.seed for _ in range(40)}
    assert len(seeds) == 40 and all(0 <= seed < 1 << 63 for seed in seeds)
    assert max(seeds) >= 1 << 56  # (31 bits, as before, could be tried one by one)


def test_a_request_with_a_float_where_the_table_needs_an_int_is_refused_naming_it(tmp_path):
    scenario = Scenario.from_dict(example("lake-shore"))
    session = session_for(tmp_path, scenario, NewGame(seed=2))
    moment = session.table()["moment"]
    code = session.table()["legal"][0]["code"]
    with pytest.raises(TableError, match=r"^action must be a whole number") as refused:
        session.act(moment, float(code))
    assert refused.value.status == 400
    for seed in (7.0, -0.0, 1e18, -1, 1 << 63, True):
        with pytest.raises(TableError, match=r"^seed must be a whole number from 0") as refused:
            session.new_game({"seats": ["human", "human"], "seed": seed})
        assert refused.value.status == 400
    assert session.act(float(moment), code)["table"]["moment"] == moment + 1  # 7.0 == 7
