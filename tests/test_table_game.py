"""The game the table's server holds: bots, people, undo, replays and saved games, every mode."""

from __future__ import annotations

import json
import random

import pytest

from pachaprint.engine.analysis.games import play_game
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind
from pachaprint.engine.rules.log import game_log, load_log, replay
from pachaprint.engine.rules.modes import setup_game
from pachaprint.engine.rules.oracle import WheelOracle
from pachaprint.model.scenario import Scenario
from pachaprint.table.game import TableError, TableGame, is_decision
from pachaprint.table.session import NewGame
from tests.helpers import EXAMPLES, example

LOGS = EXAMPLES / "logs"


def disc(name: str = "high-valley") -> Scenario:
    """A fixture disc; the long one gets five start cells so it can be played solo and co-op."""
    data = example(name)
    if name == "high-valley":
        data["start"] = ["i2", "a1", "e3", "c5", "h4"]
        data["solo"] = {"otoma": ["a1", "e3", "c5", "h4", "i2"]}
    return Scenario.from_dict(data)


def table_game(mode: str, seats: tuple[str, ...], difficulty: str | None = None, seed: int = 3):
    scenario = disc("high-valley" if mode != "competitive" else "lake-shore")
    words = NewGame(mode, seats, difficulty, None, None, seed)
    return TableGame(scenario, words.config(scenario))


def play_out(game: TableGame, rng: random.Random, limit: int = 2000) -> None:
    """Every seat to the end: people choose at random among the legal actions."""
    for _ in range(limit):
        if game.state.is_terminal():
            return
        if game.human_to_play:
            legal = game.state.legal_actions()
            game.act(legal[rng.randrange(len(legal))])
        else:
            game.step()
    raise AssertionError("the game did not end")


GAMES = [
    ("competitive", ("random", "greedy"), None),
    ("competitive", ("greedy", "random", "logician"), None),
    ("competitive", ("random",) * 4, None),
    ("solo", ("greedy",), "easy"),
    ("solo", ("random",), "hard"),
    ("coop", ("greedy", "random"), "easy"),
    ("coop", ("random", "random", "greedy"), "normal"),
    ("coop", ("random",) * 4, "expert"),
]


@pytest.mark.parametrize(("mode", "seats", "difficulty"), GAMES)
def test_a_bot_game_at_the_table_is_the_simulated_game(mode, seats, difficulty):
    game = table_game(mode, seats, difficulty, seed=11)
    play_out(game, random.Random(0))
    config = game.play.game
    cells = game.game.otoma_cells
    record = play_game(WheelOracle(game.scenario), config, seats, otoma=cells)
    assert game.state.score == record.scores
    assert game.state.outcome() is not None and record.ending.completed


@pytest.mark.parametrize(
    ("mode", "seats", "difficulty"),
    [
        ("competitive", ("human", "human"), None),
        ("competitive", ("human", "random", "human"), None),
        ("solo", ("human",), "hard"),
        ("coop", ("human", "random"), "normal"),
    ],
)
def test_people_play_a_whole_game_and_the_log_replays_it(mode, seats, difficulty):
    game = table_game(mode, seats, difficulty, seed=5)
    play_out(game, random.Random(1))
    log = json.loads(json.dumps(game_log(game.scenario, game.state, game.kinds)))
    saved = replay(log)
    assert saved.state.score == game.state.score and saved.state.history == game.state.history
    assert saved.seats == list(seats)


def test_a_person_cannot_act_for_a_bot_nor_a_bot_step_for_a_person():
    game = table_game("competitive", ("human", "random"), seed=2)
    if game.to_play == "random":
        game.step()
    legal = game.state.legal_actions()
    with pytest.raises(TableError, match="no bot is to play"):
        game.step()
    with pytest.raises(TableError, match="not legal"):
        game.act(A.divine(0, 3) if A.divine(0, 3) not in legal else A.move(0, 0))
    game.act(legal[0])
    while game.human_to_play:
        game.act(game.state.legal_actions()[0])
    with pytest.raises(TableError, match="not a person's turn"):
        game.act(game.state.legal_actions()[0])


def _crop_move(game: TableGame) -> int | None:
    """A legal Explore ending on a crop tile (it reveals nothing)."""
    state = game.state
    for code in state.legal_actions():
        kind, _, to = A.fields(code)
        if kind in (Kind.ENTER, Kind.MOVE) and state.crop_mask >> to & 1:
            return code
    return None


def test_undo_takes_back_what_revealed_nothing_and_never_what_the_wheel_showed():
    scenario = disc("lake-shore")
    game = TableGame(scenario, NewGame("competitive", ("human", "human"), seed=1).config(scenario))
    assert game.undo_refusal() == "no decision of a person to take back"
    code = _crop_move(game)
    assert code is not None
    before = game.state.clone()
    game.act(code)
    assert game.undo_refusal() is None
    game.undo()
    assert game.state.history == before.history and game.state.owner == before.owner
    assert game.known == before.history
    # an Explore onto a cell without a tile shows its terrain: that decision stands
    hidden = next(
        c for c in game.state.legal_actions() if not game.state.revealed >> A.to_of(c) & 1
    )
    game.act(hidden)
    assert "shown something new" in (game.undo_refusal() or "")
    with pytest.raises(TableError, match="cannot undo"):
        game.undo()


def test_undo_after_a_bot_restores_the_bots_random_choices_too():
    scenario = disc("lake-shore")
    for seed in range(60):
        play = NewGame("competitive", ("human", "random"), seed=seed).config(scenario)
        game = TableGame(scenario, play)
        while not game.human_to_play:
            game.step()
        code = _crop_move(game)
        if code is None:
            continue
        game.act(code)
        if game.human_to_play:
            continue
        game.step()
        if game.undo_refusal() is None:
            break
    else:
        raise AssertionError("no opening where a bot's answer reveals nothing")
    after = list(game.state.history)
    game.undo()
    game.act(code)
    game.step()  # the random bot draws the same choice again
    assert game.state.history == after


def test_a_replay_steps_back_and_on_through_the_known_game():
    game = table_game("solo", ("random",), "easy", seed=8)
    play_out(game, random.Random(2))
    end = list(game.state.history)
    decisions = sum(1 for code in end if is_decision(code))
    assert game.decisions() == (decisions, decisions)
    game.back()
    assert game.decisions() == (decisions - 1, decisions) and not game.live
    with pytest.raises(TableError, match="a replay"):
        game.act(0)
    game.to_start()
    assert game.decisions() == (0, decisions)
    with pytest.raises(TableError, match="start of the game"):
        game.back()
    for _ in range(decisions):
        game.step()
    assert game.live and game.state.history == end and game.state.is_terminal()


@pytest.mark.parametrize(
    "name", sorted(p.name for p in LOGS.glob("*.json") if p.name != "expected.json")
)
def test_the_terminal_saves_open_at_the_table(name):
    saved = load_log(LOGS / name, record_events=True)
    game = TableGame.resumed(saved)
    shown, known = game.decisions()
    if saved.state.is_terminal():
        assert shown == 0 and not game.live  # a finished game opens at its start, to watch it
        game.to_end()
    else:
        assert shown == known and game.live  # an unfinished game goes on where it was left
    assert game.state.history == saved.state.history
    assert game.state.score == saved.state.score


def test_a_game_saved_at_the_table_resumes_in_the_terminal(tmp_path):
    from io import StringIO

    from pachaprint.engine.rules.log import save_log
    from pachaprint.play.setup import PlayConfig
    from pachaprint.terminal.play import run_game

    game = table_game("competitive", ("human", "human"), seed=9)
    rng = random.Random(3)
    for _ in range(6):
        legal = game.state.legal_actions()
        game.act(legal[rng.randrange(len(legal))])
    path = tmp_path / "left.json"
    save_log(path, game.scenario, game.state, game.kinds)
    saved = load_log(path, record_events=True)
    out = StringIO()
    state = run_game(
        saved.scenario, PlayConfig.resuming(saved), StringIO("quit\n"), out, resume=saved
    )
    assert state.history == game.state.history
    assert "resuming after 6 decisions" in out.getvalue()


def test_on_a_disc_that_names_no_otoma_cells_the_person_places_the_otoma():
    data = example("high-valley")
    data["start"] = ["i2", "a1", "e3", "c5", "h4"]
    scenario = Scenario.from_dict(data)
    play = NewGame("solo", ("human",), seed=1).config(scenario)
    assert play.game.otoma is None and not setup_game(scenario, play.game).otoma_cells
    game = TableGame(scenario, play)
    assert game.human_to_play and game.state.phase.name == "PLACE_OTOMA"
    seen_legal = [a for a in table(game)["legal"] if a["kind"] == "place"]
    assert {(a["pawn"], a["cell"]) for a in seen_legal} == {
        (pawn, cell) for pawn in range(1, 6) for cell in ("i2", "a1", "e3", "c5", "h4")
    }
    first = next(a for a in seen_legal if a["pawn"] == 3 and a["cell"] == "c5")
    assert first["colour"] == game.state.otoma.colours[2] and first["name"] == first["colour"]
    story = [step["text"] for step in game_story(game, game.act(first["code"]))]
    assert story[-1].startswith("Otoma pawn 3 (") and "starts on c5" in story[-1]
    assert game.state.otoma.pawns[2] == scenario.board.index("c5")
    # the other four, in the person's own order; then the game starts
    for pawn, cell in ((5, "a1"), (1, "h4"), (4, "i2"), (2, "e3")):
        game.act(A.place(pawn - 1, scenario.board.index(cell)))
    assert game.state.phase.name == "TURN" and not game.state.otoma.unplaced()
    assert [scenario.board.name(c) for c in game.state.otoma.pawns] == [
        "h4",
        "e3",
        "c5",
        "i2",
        "a1",
    ]
    # undo takes a placement back (nothing hidden came to light)
    game.undo()
    assert game.state.otoma.unplaced() == [1]


def game_story(game: TableGame, events):
    from pachaprint.table.seen import story

    return story(game, events)


def table(game: TableGame):
    from pachaprint.table.seen import table as seen

    return seen(game)
