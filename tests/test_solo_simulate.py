"""Simulating against the Otoma: reports per bot and difficulty, points that add up,
determinism, ``--mode`` on the command line, and bot decisions of the new modes."""

from __future__ import annotations

import json
import random

from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.engine.analysis.simulate import SimulationConfig, simulate
from pachaprint.engine.bots import make_bot
from pachaprint.engine.bots.versus import VersusBot
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import choose_otoma
from pachaprint.engine.rules.config import GameConfig, Mode
from pachaprint.engine.rules.events import SOURCE_NAMES, Phase
from pachaprint.engine.rules.modes import new_game
from pachaprint.engine.rules.movement import Direction
from pachaprint.engine.rules.trails import Trails, otoma_path
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO, next_tile

OTOMA = 1

PATH = REPO / "scenarios" / "sacred-valley.json"
SCENARIO = Scenario.from_dict(json.loads(PATH.read_text()))
BOARD = SCENARIO.board
runner = CliRunner()


def simulate_versus(scenario, mode, games, bots, seed, difficulties=(), players=None, jobs=1):
    game_mode = Mode(mode)
    seats = players or (1 if game_mode is Mode.SOLO else 2)
    config = SimulationConfig(game_mode, seats, tuple(bots), tuple(difficulties), games, seed)
    return simulate(scenario, config, jobs)


def test_solo_report_has_a_run_per_bot_and_difficulty():
    # --games is the total: 12 games over 2 bots x 2 difficulties, 3 per run
    report = simulate_versus(SCENARIO, "solo", games=12, bots=["greedy", "random"], seed=2)
    data = report.to_dict()
    assert data["mode"] == "solo" and data["players"] == 1 and data["games"] == 12
    assert data["completed"] == 12 and data["difficulties"] == ["easy", "hard"]
    assert [(r["bot"], r["difficulty"]) for r in data["runs"]] == [
        ("greedy", "easy"),
        ("greedy", "hard"),
        ("random", "easy"),
        ("random", "hard"),
    ]
    wins = sum(r["win_rate"] * r["completed"] for r in data["runs"])
    assert abs(data["otoma_win_rate"] - (1 - wins / 12)) < 1e-3
    for run in data["runs"]:
        assert abs(run["win_rate"] + run["otoma_win_rate"] - 1) < 1e-9
        # the player's points by source and the Otoma's add up to the mean scores
        assert abs(sum(run["points"][k] for k in SOURCE_NAMES) - run["score_mean"]) < 0.01
        assert abs(sum(run["otoma_points"].values()) - run["otoma_score_mean"]) < 0.01
        assert run["otoma_points"]["offering"] == 0 and run["otoma_points"]["empty_cells"] == 0
        assert run["games"] == 3
    assert data["otoma_cells"] == ["d1", "a2", "i2", "f4", "i5"]


def test_reports_are_deterministic_and_independent_of_jobs():
    one = simulate_versus(
        SCENARIO, "solo", games=4, bots=["logician"], difficulties=["hard"], seed=5
    )
    again = simulate_versus(
        SCENARIO, "solo", games=4, bots=["logician"], difficulties=["hard"], seed=5
    )
    assert one.to_dict() == again.to_dict()
    # four games on two workers: the parallel path, one game per batch
    split = simulate_versus(
        SCENARIO, "solo", games=4, bots=["logician"], difficulties=["hard"], seed=5, jobs=2
    )
    assert split.to_dict() == one.to_dict()
    other = simulate_versus(
        SCENARIO, "solo", games=4, bots=["logician"], difficulties=["hard"], seed=6
    )
    assert other.to_dict()["runs"] != one.to_dict()["runs"]


def test_coop_report_counts_groups_and_the_otoma_empty_cells():
    report = simulate_versus(SCENARIO, "coop", games=6, bots=["logician"], players=3, seed=1)
    data = report.to_dict()
    assert data["mode"] == "coop" and data["players"] == 3 and data["completed"] == 6
    assert [r["difficulty"] for r in data["runs"]] == ["easy", "normal", "expert"]
    for run in data["runs"]:
        assert abs(sum(run["otoma_points"].values()) - run["otoma_score_mean"]) < 0.01
        assert abs(sum(run["points"][k] for k in SOURCE_NAMES) - run["score_mean"]) < 0.01
    assert not [f for f in data["flags"] if "logician divined wrong" in f]


def test_cli_simulate_solo_json_and_bad_options():
    result = runner.invoke(
        app,
        [
            "simulate",
            str(PATH),
            "--mode",
            "solo",
            "--games",
            "2",
            "--bots",
            "greedy",
            "--difficulty",
            "easy",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["mode"] == "solo" and "otoma_win_rate" in data and data["games"] == 2
    bad = runner.invoke(app, ["simulate", str(PATH), "--mode", "solo", "--difficulty", "normal"])
    assert bad.exit_code == 2 and "easy, hard" in bad.output
    bad = runner.invoke(app, ["simulate", str(PATH), "--mode", "duel"])
    assert bad.exit_code == 2
    tiny = runner.invoke(
        app,
        ["simulate", str(REPO / "scenarios" / "sun-gate.json"), "--mode", "solo", "--games", "4"],
    )
    assert tiny.exit_code == 1 and "long scenarios only" in tiny.output


def test_otoma_cells_that_no_disc_could_take_are_usage_errors_in_every_command():
    """Too few or too many cells, a cell off the long board, a cell twice: exit 2 from
    simulate, play and table, before the disc is even read; a start cell the disc lacks
    is a question for the disc (exit 1)."""
    starts = ["d1", "a2", "i2", "f4", "i5"]
    cases = (
        (starts[:2], "--otoma: name exactly 5 start cells, one per Otoma pawn, not 2"),
        ([*starts, "h1"], "--otoma: name exactly 5 start cells, one per Otoma pawn, not 6"),
        ([*starts[:4], "j9"], "--otoma: 'j9' is not a cell of the long board (a1 to i5)"),
        ([*starts[:4], "d1"], "--otoma: d1 is named twice"),
    )
    missing = str(REPO / "no-such-disc.json")
    for cells, message in cases:
        words = ["--mode", "solo", "--otoma", ",".join(cells)]
        for command in (
            ["simulate", str(PATH), *words, "--games", "2", "--bots", "random"],
            ["simulate", missing, *words],
            ["play", str(PATH), *words],
            ["table", str(PATH), *words, "--no-browser"],
        ):
            result = runner.invoke(app, command, input="quit\n")
            assert result.exit_code == 2, (command, result.output)
            assert f"pachaprint: error: {message}" in result.stderr, (command, result.stderr)
    not_start = runner.invoke(
        app,
        [
            "simulate",
            str(PATH),
            "-m",
            "solo",
            "--otoma",
            "a1,a2,i2,f4,i5",
            "-n",
            "2",
            "-b",
            "random",
        ],
    )
    assert not_start.exit_code == 1 and "a1 is not a start cell" in not_start.stderr


def test_hard_choice_by_a_bot_places_the_last_tile_and_ends_the_game():
    state = new_game(SCENARIO, GameConfig(Mode.SOLO, 1, "hard", seed=3))
    # Every cell but b1 and b2 has terrain. The player enters b1 on an own-colour
    # arrow: the bot moves an Otoma pawn east; whichever it is, the trails bring
    # it to b2, the last cell without terrain, and the game ends with that turn.
    for cell in BOARD.cells:
        if cell not in (BOARD.index("b1"), BOARD.index("b2")):
            state.reveal(cell)
    state.refresh()
    next_tile(state, "V", "brown", "E")
    state.apply(A.enter(BOARD.index("b1")))
    assert state.phase == Phase.CHOOSE_OTOMA
    trails = Trails.of(BOARD)
    for _pawn, cell in enumerate(state.otoma.pawns):
        assert otoma_path(trails, cell, Direction.E, state.revealed).stop == BOARD.index("b2")
    bot = make_bot("greedy", random.Random(1), Mode.SOLO)
    assert isinstance(bot, VersusBot)
    choice = bot.act(state.view(), state.legal_actions())
    assert choice in {choose_otoma(i) for i in range(5)}
    before = state.score[OTOMA]
    state.apply(choice)
    assert state.otoma.pawns[A.to_of(choice)] == BOARD.index("b2")
    assert state.score[OTOMA] > before and state.is_terminal()


def test_forced_guesses_are_reported_apart_from_the_other_divinations():
    # sacred-valley, seed 1, 6 games per run: every kind of divination shows up
    report = simulate_versus(SCENARIO, "solo", games=12, bots=["logician", "random"], seed=1)
    data = report.to_dict()
    for run in data["runs"]:
        wrong = run["proven_wrong"] + run["chosen_guesses_wrong"] + run["forced_guesses_wrong"]
        assert run["wrong_divinations"] == wrong  # the SPEC key keeps its meaning
        assert run["proven_wrong"] == 0  # a proof is never wrong
    runs = {(r["bot"], r["difficulty"]): r for r in data["runs"]}
    assert runs[("random", "easy")]["proven"] == 0 and runs[("random", "easy")]["forced_guesses"]
    assert data["forced_guesses"] == {
        bot: sum(r["forced_guesses"] for r in data["runs"] if r["bot"] == bot)
        for bot in ("logician", "random")
    }
    result = runner.invoke(
        app, ["simulate", str(PATH), "--mode", "solo", "--games", "12", "--bots", "logician,random"]
    )
    assert result.exit_code == 0, result.output
    run = runs[("logician", "easy")]
    words = (
        f"divinations: {run['proven']} proven (0 wrong), {run['chosen_guesses']} chosen guesses "
        f"({run['chosen_guesses_wrong']} wrong), {run['forced_guesses']} forced guesses "
        f"({run['forced_guesses_wrong']} wrong)"
    )
    assert words in result.output and "wrong divinations" not in result.output
