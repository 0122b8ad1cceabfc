"""The terminal game against the Otoma: scripted solo and co-op sessions."""

from __future__ import annotations

import io
import json

from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import choose_otoma
from pachaprint.engine.rules.config import GameConfig, Mode
from pachaprint.engine.rules.log import save_log
from pachaprint.engine.rules.modes import new_game
from pachaprint.model.scenario import Scenario
from pachaprint.play.setup import PlayConfig
from pachaprint.terminal.display import render_board
from pachaprint.terminal.play import run_game
from tests.helpers import REPO

PATH = REPO / "scenarios" / "sacred-valley.json"
SCENARIO = Scenario.from_dict(json.loads(PATH.read_text()))
runner = CliRunner()


def play(mode, seats, commands="", difficulty=None, save=None):
    out = io.StringIO()
    config = PlayConfig(GameConfig(Mode(mode), len(seats), difficulty, seed=11), tuple(seats))
    state = run_game(SCENARIO, config, io.StringIO(commands), out, echo=True)
    if save is not None:
        save_log(save, SCENARIO, state, seats)
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
    assert "Undone: back to player A (human)'s decision." in text and "You leave the game." in text
    assert not state.is_terminal() and state.terrain[SCENARIO.board.index("b1")] == -1  # undone
    # The board shows terrain, crop (or arrow) and pawn apart, Otoma pawns by number
    # (O1): d1 is forest, crop 1, Otoma pawn 1; a2 valley, crop 1, Otoma pawn 2.
    board = render_board(new_game(SCENARIO, GameConfig(Mode.SOLO, 1)))
    rows = board.splitlines()

    def cell(row: int, column: int) -> list[str]:
        return rows[row][4 + 8 * column : 4 + 8 * column + 7].split()

    assert cell(1, 3) == ["F", "1", "O1"] and cell(2, 0) == ["V", "1", "O2"]


def test_otoma_and_spend_commands_parse():
    state = new_game(SCENARIO, GameConfig(Mode.SOLO, 1))
    assert state.parse("otoma 2") == choose_otoma(1)
    assert state.parse("otoma white") == choose_otoma(2)
    coop = new_game(SCENARIO, GameConfig(Mode.COOP, 2))
    assert coop.parse("spend valley") == A.spend(0)


def test_coop_game_between_bots_ends_with_the_final_scoring():
    state, text = play("coop", ["greedy", "logician", "random"], difficulty="expert")
    assert state.is_terminal() and state.players == 3
    assert "spends a" in text and "the Otoma score 1 point for each of the" in text
    assert "player 2 (white, logician)" in text


def test_cli_play_solo_reads_commands():
    result = runner.invoke(
        app,
        ["play", str(PATH), "--mode", "solo", "--seed", "3", "--plain"],
        input="enter b1\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "The Sacred Valley (solo, easy); seed 3" in result.output
    assert "b1 is Valley" in result.output
    bad = runner.invoke(app, ["play", str(PATH), "--mode", "coop", "--seats", "human"])
    assert bad.exit_code == 2 and "2 to 4 seats" in bad.output
    bad = runner.invoke(app, ["play", str(PATH), "--mode", "solo", "--colour", "red"])
    assert bad.exit_code == 2


def test_logs_replay_solo_and_coop_games_and_catch_tampering(tmp_path):
    import pytest

    from pachaprint.engine.rules.log import LogError, replay

    for mode, seats, level in (
        ("solo", ["greedy"], "hard"),
        ("coop", ["logician", "greedy", "random", "greedy"], "easy"),
    ):
        path = tmp_path / f"{mode}.json"
        state, _ = play(mode, seats, difficulty=level, save=path)
        log = json.loads(path.read_text())
        assert log["format"] == "pachaprint-game/3" and log["config"]["mode"] == mode
        assert log["result"]["scores"] == [state.score[0], state.score[1]]
        assert log["result"]["over"] is True
        again = replay(log).state
        assert again.score == state.score and again.history == state.history and again.is_terminal()
        log["result"]["scores"][1] += 1
        with pytest.raises(LogError, match="differ"):
            replay(log)
        log["actions"] = ["retrieve b1"]
        with pytest.raises(LogError, match="action 1"):
            replay(log)


def decisions(log) -> list[str]:
    """The player's actions of a saved game (without the tiles that turned up)."""
    return [a for a in json.loads(log.read_text())["actions"] if not a.startswith("tile ")]


def test_cli_save_and_resume_a_solo_game(tmp_path):
    saved = tmp_path / "solo.json"
    first = runner.invoke(
        app,
        ["play", str(PATH), "--mode", "solo", "--seed", "3", "--plain", "--save", str(saved)],
        input="enter b1\nquit\n",
    )
    assert first.exit_code == 0, first.output
    assert decisions(saved) == ["enter b1"]
    again = runner.invoke(
        app,
        ["play", str(saved), "--resume", "--plain", "--save", str(saved)],
        input="enter c1\nquit\n",
    )
    assert again.exit_code == 0, again.output
    assert "The Sacred Valley (solo, easy); seed 3" in again.output
    assert decisions(saved) == ["enter b1", "enter c1"]
    wrong = runner.invoke(app, ["play", str(saved), "--resume", "--seats", "human,greedy"])
    assert wrong.exit_code == 2 and "solo has one seat" in wrong.output
