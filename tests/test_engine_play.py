"""Game logs and the terminal game, driven by scripted input."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.engine.bots import make_bot
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.config import GameConfig
from pachaprint.engine.rules.log import LogError, game_log, load_log, replay, save_log
from pachaprint.engine.rules.modes import new_game
from pachaprint.engine.rules.state import GameState
from pachaprint.model.scenario import Scenario
from pachaprint.play.setup import PlayConfig
from pachaprint.terminal.display import render_board
from pachaprint.terminal.play import run_game
from tests.helpers import EXAMPLES, example

LAKE = Scenario.from_dict(example("lake-shore"))


def bot_game(seed: int, names=("greedy", "random", "logician")) -> GameState:
    rng = random.Random(seed)
    state = new_game(LAKE, GameConfig(players=len(names), first_player=rng.randrange(len(names))))
    bots = [make_bot(n, random.Random(rng.random())) for n in names]
    while not state.is_terminal():
        p = state.current_player
        state.apply(bots[p].act(state.view(p), state.legal_actions()))
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_log_replays_to_the_identical_final_state(seed, tmp_path):
    state = bot_game(seed)
    path = tmp_path / "game.json"
    save_log(path, LAKE, state, ["greedy", "random", "logician"])
    again = load_log(path).state
    for name in (
        "score",
        "terrain",
        "crop",
        "owner",
        "stones",
        "tokens",
        "reserve",
        "points",
        "history",
        "wrong",
        "correct",
        "passed",
        "turn",
        "phase",
    ):
        assert getattr(again, name) == getattr(state, name), name
    assert again.is_terminal() and again.ranking() == state.ranking()
    data = json.loads(path.read_text())
    assert data["format"] == "pachaprint-game/3" and data["actions"][0].split()[0] in ("enter",)


def test_a_tampered_log_is_refused():
    state = bot_game(4)
    log = game_log(LAKE, state, ["greedy", "random", "logician"])
    log["result"]["scores"] = [s + 1 for s in state.score]
    with pytest.raises(LogError, match="differ"):
        replay(log)
    log = game_log(LAKE, state, ["greedy", "random", "logician"])
    log["actions"][0] = "move a1 a2"
    with pytest.raises(LogError, match="action 1"):
        replay(log)
    with pytest.raises(LogError, match="format"):
        replay({"format": "other"})


def test_render_board_shows_terrain_crops_and_pawns():
    state = new_game(LAKE, GameConfig(first_player=0))
    state.apply(A.parse_action(state.board, "enter a1"))
    lines = render_board(state).splitlines()
    assert lines[0].split() == ["a", "b", "c", "d", "e"]
    # three characters a cell: terrain (. hidden), crop level, pawn letter
    assert lines[1] == " 1  V A .   .   F4  .  "
    assert lines[2] == " 2  .   V4  .   .   .  "
    assert lines[5] == " 5  M1  .   .   .   M1 "


def play_config(seats, seed, first=None) -> PlayConfig:
    return PlayConfig(GameConfig(players=len(seats), seed=seed, first_player=first), tuple(seats))


def transcript(commands: str, seats=("human", "logician"), seed=7, first=0):
    out = io.StringIO()
    state = run_game(LAKE, play_config(seats, seed, first), io.StringIO(commands), out, echo=True)
    return state, out.getvalue()


def test_scripted_human_turns_against_a_bot():
    state, text = transcript("enter a1\nenter a3\n")
    assert "player A (human) enters a pawn to a1" in text
    assert "a1 is Valley: player A (human) scores 1 point" in text
    assert "a3 is Mountain: player A (human) scores 2 points" in text
    assert text.count("player B (logician): ") >= 2
    assert "End of input: the game is left unfinished." in text
    assert state.score[0] == 3


def test_bad_and_illegal_commands_are_explained_and_the_game_goes_on():
    state, text = transcript(
        "fly away\nmove a1 b1\ndivine c3 9\nenter c3\nhelp\nactions\nenter a1\n"
    )
    assert "unknown command 'fly'" in text
    assert "'move a1 b1' is not legal now" in text
    assert "level '9' must be 1 to 5" in text
    assert "'enter c3' is not legal now" in text
    assert "divine CELL LEVEL" in text  # help
    assert "enter: a1 b1 c1" in text  # actions
    assert state.score[0] == 1


def test_undo_takes_back_the_last_human_decision():
    state, text = transcript("enter a1\nundo\nenter e2\n")
    assert "Undone: back to player A (human)'s decision." in text
    assert state.owner[LAKE.board.index("a1")] == -1
    assert state.owner[LAKE.board.index("e2")] == 0
    assert state.history[0] == A.enter(LAKE.board.index("e2"))


def test_save_in_game_writes_a_replayable_log(tmp_path):
    path = tmp_path / "saved.json"
    state, text = transcript(f"enter a1\nsave {path}\nquit\n")
    assert f"Game saved to {path}." in text and "You leave the game." in text
    again = load_log(path).state
    assert again.history == state.history and again.score == state.score


def test_bots_only_game_runs_to_the_final_ranking():
    state, text = transcript("", seats=("logician", "greedy"), seed=3)
    assert state.is_terminal()
    assert "Final ranking" in text and ("wins." in text or "shared" in text)


def test_cli_play_reads_commands_from_stdin(tmp_path):
    runner = CliRunner()
    log = tmp_path / "log.json"
    result = runner.invoke(
        app,
        [
            "play",
            str(EXAMPLES / "lake-shore.json"),
            "--seats",
            "human,greedy",
            "--seed",
            "5",
            "--save",
            str(log),
            "--plain",
        ],
        input="help\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "Commands (cells are named" in result.stdout
    assert json.loads(log.read_text())["seats"] == ["human", "greedy"]
    bad = runner.invoke(app, ["play", str(EXAMPLES / "lake-shore.json"), "--seats", "human"])
    assert bad.exit_code == 2 and "2 to 4 seats" in bad.stderr


def test_colour_board_keeps_its_letters():
    out = io.StringIO()
    run_game(LAKE, play_config(["human", "greedy"], 1, 0), io.StringIO("quit\n"), out, color=True)
    text = out.getvalue()
    assert "\x1b[" in text  # ANSI colour codes
    plain = re.sub(r"\x1b\[[0-9;]*m", "", text)
    assert " 1  .   .   .   F4  .  " in plain and " 5  M1  .   .   .   M1 " in plain


def test_a_saved_game_can_be_resumed(tmp_path):
    path = tmp_path / "saved.json"
    _first, _ = transcript(f"enter a1\nsave {path}\nquit\n")
    runner = CliRunner()
    result = runner.invoke(
        app, ["play", str(path), "--resume", "--plain"], input="enter a3\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "resuming after" in result.stdout
    assert "a3 is Mountain: player A (human) scores 2 points" in result.stdout
    broken = tmp_path / "broken.json"
    broken.write_text("{}")
    bad = runner.invoke(app, ["play", str(broken), "--resume"])
    assert bad.exit_code == 1 and "cannot resume" in bad.stderr
