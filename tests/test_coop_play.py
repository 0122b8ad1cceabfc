"""The terminal game against the Otoma: scripted solo and co-op sessions."""

from __future__ import annotations

import io
import json

from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.engine.coop import CoopState
from pachaprint.engine.otoma import choose_otoma
from pachaprint.engine.play_versus import _parse, render_versus_board, run_versus_game
from pachaprint.engine.solo import SoloState
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

PATH = REPO / "scenarios" / "sacred-valley.json"
SCENARIO = Scenario.from_dict(json.loads(PATH.read_text()))
runner = CliRunner()


def play(mode, seats, commands="", **options):
    out = io.StringIO()
    state = run_versus_game(
        SCENARIO, mode, seats, 11, io.StringIO(commands), out, echo=True, **options
    )
    return state, out.getvalue()


def test_a_bot_plays_a_whole_solo_game_and_the_verdict_is_told():
    state, text = play("solo", ["logician"], difficulty="hard")
    assert state.is_terminal()
    assert "Otoma pawn 1 (purple) starts on d1: +2" in text
    verdict = text.strip().splitlines()[-1]
    if state.winners():
        assert verdict.startswith("player A (logician) wins")
    else:
        assert verdict.startswith(f"The Otoma win ({state.score[1]} to {state.score[0]})")


def test_human_solo_commands_and_the_board():
    state, text = play("solo", ["human"], "enter b1\nretrieve b1\nactions\nundo\nquit\n")
    assert "> enter b1" in text and "b1 is Valley: player A (human) scores 1 point" in text
    assert "'retrieve b1' is not legal now" in text
    assert "move b1 to:" in text and "divine (level 1-5) at: b1" in text
    assert "Undone." in text and "You leave the game." in text
    assert not state.is_terminal() and state.terrain[SCENARIO.board.index("b1")] == -1  # undone
    # The board shows Otoma pawns by number and arrows on tiles without crop.
    board = render_versus_board(SoloState.new(SCENARIO))
    rows = board.splitlines()
    assert (
        rows[1].split()[4] == "F11" and rows[2].split()[1] == "V12"
    )  # d1: forest, crop 1, Otoma 1


def test_otoma_and_spend_commands_parse():
    state = SoloState.new(SCENARIO)
    assert _parse(state, "otoma 2") == choose_otoma(1)
    assert _parse(state, "otoma white") == choose_otoma(2)
    coop = CoopState.new(SCENARIO, 2)
    assert _parse(coop, "spend valley") == 7 << 12


def test_coop_game_between_bots_ends_with_the_final_scoring():
    state, text = play("coop", ["greedy", "logician", "random"], difficulty="expert")
    assert state.is_terminal() and state.players == 3
    assert "spends a" in text and "the Otoma score 1 point for each of the" in text
    assert "player 2 (white, logician)" in text


def test_cli_play_solo_reads_commands():
    result = runner.invoke(
        app,
        ["play", str(PATH), "--mode", "solo", "--seed", "3", "--no-color"],
        input="enter b1\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "The Sacred Valley (solo, easy); seed 3" in result.output
    assert "b1 is Valley" in result.output
    bad = runner.invoke(app, ["play", str(PATH), "--mode", "coop", "--players", "human"])
    assert bad.exit_code == 2 and "2 to 4 seats" in bad.output
    bad = runner.invoke(app, ["play", str(PATH), "--mode", "solo", "--colour", "red"])
    assert bad.exit_code == 2


def test_logs_replay_solo_and_coop_games_and_catch_tampering(tmp_path):
    import pytest

    from pachaprint.engine.log import LogError
    from pachaprint.engine.versus_log import replay_versus

    for mode, seats, level in (
        ("solo", ["greedy"], "hard"),
        ("coop", ["logician", "greedy", "random", "greedy"], "easy"),
    ):
        path = tmp_path / f"{mode}.json"
        state, _ = play(mode, seats, difficulty=level, save=path)
        log = json.loads(path.read_text())
        assert log["format"] == "pachaprint-versus-game/1" and log["mode"] == mode
        assert log["result"] == {
            "score": state.score[0],
            "otoma_score": state.score[1],
            "over": True,
        }
        _, again = replay_versus(log)
        assert again.score == state.score and again.history == state.history and again.is_terminal()
        log["result"]["otoma_score"] += 1
        with pytest.raises(LogError, match="differ"):
            replay_versus(log)
        log["actions"] = ["retrieve b1"]
        with pytest.raises(LogError, match="action 1"):
            replay_versus(log)


def test_cli_save_and_resume_a_solo_game(tmp_path):
    saved = tmp_path / "solo.json"
    first = runner.invoke(
        app,
        ["play", str(PATH), "--mode", "solo", "--seed", "3", "--no-color", "--save", str(saved)],
        input="enter b1\nquit\n",
    )
    assert first.exit_code == 0, first.output
    assert json.loads(saved.read_text())["actions"] == ["enter b1"]
    again = runner.invoke(
        app,
        ["play", str(saved), "--resume", "--no-color", "--save", str(saved)],
        input="enter c1\nquit\n",
    )
    assert again.exit_code == 0, again.output
    assert "The Sacred Valley (solo, easy); seed 3" in again.output
    assert json.loads(saved.read_text())["actions"] == ["enter b1", "enter c1"]
    wrong = runner.invoke(app, ["play", str(saved), "--resume", "--players", "human,greedy"])
    assert wrong.exit_code == 2 and "solo has one seat" in wrong.output
