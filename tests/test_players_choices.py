"""The choices the rules leave to the players are theirs: where the Otoma start on a disc that
names no Otoma cells (and in which order), and which hand gives a co-op tile "by agreement".
People make them at the table and in the terminal; bots make them by a stated rule that
plays exactly as the engine used to; game logs record them, and older logs still replay."""

from __future__ import annotations

import io
import json
import random

import pytest

from pachaprint.engine.bots import make_bot
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import spend
from pachaprint.engine.rules.config import GameConfig, Mode, otoma_cells
from pachaprint.engine.rules.events import EventKind, Phase
from pachaprint.engine.rules.log import GAME_V2, LOG_FORMAT, LogError, game_log, replay
from pachaprint.engine.rules.modes import make_game, new_game, start
from pachaprint.engine.rules.movement import Direction
from pachaprint.engine.rules.oracle import WheelOracle
from pachaprint.engine.rules.tiles import ArrowTile, Deck
from pachaprint.model.scenario import Scenario
from pachaprint.play.setup import PlayConfig
from pachaprint.terminal.play import run_game
from tests.helpers import REPO

# The Sacred Valley (tests/test_solo_game.py has its map): start cells d1 h1 a2 i2 f4 i5
SACRED = json.loads((REPO / "scenarios" / "sacred-valley.json").read_text())
NAMED = Scenario.from_dict(SACRED)
UNNAMED = Scenario.from_dict({k: v for k, v in SACRED.items() if k != "solo"})
BOARD = NAMED.board
OTOMA = 1
V, D, F, M = range(4)


def cell(name: str) -> int:
    return BOARD.index(name)


def solo(scenario: Scenario = UNNAMED, **options) -> object:
    config = GameConfig(Mode.SOLO, 1, "easy", colour="brown", seed=5, **options)
    return new_game(scenario, config, record_events=True)


# -- the Otoma's start cells ---------------------------------------------------------------
def test_on_a_disc_that_names_no_otoma_cells_the_player_places_them():
    state = solo()
    assert state.phase is Phase.PLACE_OTOMA and state.otoma.unplaced() == [0, 1, 2, 3, 4]
    starts = {"d1", "h1", "a2", "i2", "f4", "i5"}
    legal = {(A.cell_of(c), BOARD.name(A.to_of(c))) for c in state.legal_actions()}
    assert legal == {(pawn, name) for pawn in range(5) for name in starts}
    assert state.action_text(A.place(1, cell("f4"))) == "place yellow f4"
    state.apply(state.parse("place yellow f4"))
    assert state.otoma.pawns[1] == cell("f4") and state.otoma.unplaced() == [0, 2, 3, 4]
    # a placed pawn, or a taken cell, is no choice any more
    assert A.place(1, cell("d1")) not in state.legal_actions()
    assert A.place(0, cell("f4")) not in state.legal_actions()
    with pytest.raises(ValueError, match="illegal"):
        state.apply(A.enter(cell("b1")))  # no turn before every pawn is placed


@pytest.mark.parametrize(
    "order, points",
    [
        # reading order: F1 (1) + 1, M1 (2) + 2, V1 (3) + 1, D1 (4) + 3, F2 (1) + 5
        (("d1", "h1", "a2", "i2", "f4"), 23),
        # f4 first: F1 (1) + 5, F2 (1) + 1, M1 (1) + 2, V1 (2) + 1, D1 (3) + 3
        (("f4", "d1", "h1", "a2", "i2"), 20),
    ],
)
def test_each_pawn_scores_as_it_is_placed_so_the_order_is_the_players(order, points):
    state = solo()
    for pawn, name in enumerate(order):
        state.apply(A.place(pawn, cell(name)))
    assert state.score[OTOMA] == points
    setups = [e for e in state.events if e.what is EventKind.OTOMA_SETUP]
    assert [BOARD.name(e.cell) for e in setups] == list(order)
    assert state.phase is Phase.TURN and state.turn == 1


def test_the_bots_place_the_otoma_as_the_disc_would_name_them():
    """The rule: pawn i on the disc's i-th start cell in file order, placed in reading
    order, the very setup the engine made before (and the simulations still make)."""
    placed = solo()
    bot = make_bot("random", random.Random(1), Mode.SOLO)
    while placed.phase is Phase.PLACE_OTOMA:
        placed.apply(bot.decide(placed))
    named = solo(NAMED, otoma=("d1", "h1", "a2", "i2", "f4"))
    assert (
        placed.otoma.pawns == named.otoma.pawns == [cell(n) for n in ("d1", "h1", "a2", "i2", "f4")]
    )
    assert placed.score == named.score and placed.stones == named.stones
    assert placed.events == named.events
    assert [placed.action_text(c) for c in placed.history if A.kind_of(c) == A.Kind.PLACE] == [
        "place purple d1",
        "place yellow h1",
        "place white a2",
        "place green i2",
        "place blue f4",
    ]


def test_a_person_places_the_otoma_in_the_terminal():
    play = PlayConfig.parse("solo", "human", "easy", seed=5)
    script = "actions\nplace blue i5\nplace 1 a2\nplace yellow d1\nplace white h1\nplace green i2\nquit\n"
    out = io.StringIO()
    state = run_game(UNNAMED, play, io.StringIO(script), out, echo=True)
    text = out.getvalue()
    assert "The disc names no Otoma start cells: the players place the Otoma pawns." in text
    assert "place an Otoma pawn on a start cell (place PAWN CELL)" in text
    assert "place blue on: d1 h1 a2 i2 f4 i5" in text  # the choices, pawn by pawn
    assert "Otoma pawn 5 (blue) starts on i5" in text
    assert [BOARD.name(c) for c in state.otoma.pawns] == ["a2", "d1", "h1", "i2", "i5"]
    assert state.phase is Phase.TURN


# -- the co-op hand "by agreement" --------------------------------------------------------
def tile(terrain: int, direction: str) -> ArrowTile:
    return ArrowTile("T", terrain, "brown", Direction[direction])


HANDS = [
    [[], [], [tile(F, "S")], [tile(M, "W")]],  # seat 1: one forest tile, a mountain tile
    [[], [], [tile(F, "N"), tile(F, "E")], []],  # seat 2: two forest tiles (E on top)
]


def scripted(**options):
    config = GameConfig(Mode.COOP, 2, "normal", **options)
    game = make_game(
        WheelOracle(NAMED), config, otoma_cells=otoma_cells(NAMED), deck=Deck.scripted(hands=HANDS)
    )
    state = start(game, record_events=True)
    # seat 1 spends its mountain tile and enters e1 (forest): no forest tile waits on the
    # diversity board, and both hands hold one
    state.apply(spend(M))
    state.apply(A.enter(cell("e1")))
    return state


def test_the_group_chooses_the_hand_that_gives_the_tile():
    state = scripted()
    assert state.phase is Phase.GIVE_TILE and state.current_player == 0
    assert list(state.legal_actions()) == [A.hand(0), A.hand(1)]
    assert state.score == [1, 22] and state.otoma.pawns[0] == cell("d1")  # no reaction yet
    assert state.rule_choice() == A.hand(1)  # the bots' rule: the hand with most forest
    state.apply(state.parse("hand 1"))  # the group agrees on seat 1's own tile
    tiles = state.tiles
    assert tiles.tile_at[cell("e1")].direction is Direction.S and tiles.hands == [
        [0, 0, 0, 0],
        [0, 0, 2, 0],
    ]
    hand = [e for e in state.events if e.what is EventKind.HAND]
    assert [(e.who, BOARD.name(e.cell), e.value) for e in hand] == [(0, "e1", F)]
    # then the Otoma react: d1 moves west to c1 (forest 3), as without the choice
    assert state.otoma.pawns[0] == cell("c1") and state.score == [1, 26]


def test_a_game_saved_before_the_choice_takes_the_hand_by_the_rule():
    state = scripted(choices_by_rule=True)
    assert state.phase is not Phase.GIVE_TILE
    assert state.tiles.tile_at[cell("e1")].direction is Direction.E  # seat 2's top tile
    assert state.tiles.hands == [[0, 0, 1, 0], [0, 0, 1, 0]]
    assert not any(A.kind_of(c) == A.Kind.HAND for c in state.history)


@pytest.mark.parametrize("players, bots", [(2, "greedy"), (3, "logician"), (4, "random")])
def test_the_bots_rule_plays_every_game_as_the_engine_did(players, bots):
    """A whole bot game with the choices asked, and with the state taking them by the rule
    (as it did before): the same game, the choices besides."""
    games = []
    for by_rule in (False, True):
        config = GameConfig(
            Mode.COOP, players, "normal", seed=40 + players, choices_by_rule=by_rule
        )
        state = new_game(NAMED, config)
        seats = [make_bot(bots, random.Random(seat), Mode.COOP) for seat in range(players)]
        while not state.is_terminal():
            state.apply(seats[state.current_player].decide(state))
        games.append(state)
    asked, ruled = games
    chosen = [c for c in asked.history if A.kind_of(c) == A.Kind.HAND]
    assert chosen  # the game met the choice
    assert [c for c in asked.history if A.kind_of(c) != A.Kind.HAND] == ruled.history
    assert asked.score == ruled.score and asked.terrain == ruled.terrain
    assert asked.tiles.tile_at == ruled.tiles.tile_at


def test_a_person_chooses_the_hand_in_the_terminal():
    play = PlayConfig(GameConfig(Mode.COOP, 2, "normal", seed=1), ("human", "human"))
    # seat 1 starts; c1 is forest, no forest tile waits on the board, both hands hold one
    script = "spend valley\nenter c1\nactions\nhand 2\nquit\n"
    out = io.StringIO()
    final = run_game(NAMED, play, io.StringIO(script), out, echo=True)
    text = out.getvalue()
    assert "the forest tile comes from a hand: the group chooses whose (hand SEAT)" in text
    assert "hand (the seat whose hand gives the forest tile): 1 (" in text
    assert "player 2 (white, human) gives the forest tile for c1 from their hand" in text
    assert A.hand(1) in final.history and final.phase is not Phase.GIVE_TILE


# -- game logs -----------------------------------------------------------------------------
def test_a_log_records_the_choices_and_replays_them():
    state = solo()
    for pawn, name in enumerate(("f4", "d1", "h1", "a2", "i2")):
        state.apply(A.place(pawn, cell(name)))
    log = game_log(UNNAMED, state, ["human"])
    assert log["format"] == LOG_FORMAT == "pachaprint-game/3"
    assert log["config"]["otoma"] is None
    assert [a for a in log["actions"] if a.startswith("place")] == [
        "place purple f4",
        "place yellow d1",
        "place white h1",
        "place green a2",
        "place blue i2",
    ]
    again = replay(json.loads(json.dumps(log)), record_events=True).state
    assert again.score == state.score and again.otoma.pawns == state.otoma.pawns
    assert again.events == state.events
    coop = seeded_choice()
    coop.apply(A.hand(0))
    log = game_log(NAMED, coop, ["human", "human"])
    assert "hand 1" in log["actions"]
    assert replay(json.loads(json.dumps(log))).state.tiles.hands == coop.tiles.hands


def seeded_choice():
    """A seeded co-op game at a hand choice: seat 1 spent a valley tile and entered c1
    (forest), which both hands hold."""
    state = new_game(NAMED, GameConfig(Mode.COOP, 2, "normal", seed=1), record_events=True)
    state.apply(state.parse("spend valley"))
    state.apply(state.parse("enter c1"))
    assert state.phase is Phase.GIVE_TILE
    return state


def test_a_log_with_a_choice_the_rules_do_not_allow_is_refused():
    coop = seeded_choice()
    coop.apply(A.hand(1))
    log = json.loads(json.dumps(game_log(NAMED, coop, ["human", "human"])))
    index = log["actions"].index("hand 2")
    log["actions"][index] = "hand 3"  # a seat this game does not have
    with pytest.raises(LogError, match=rf"action {index + 1} \('hand 3'\): illegal"):
        replay(log)


def test_a_format_2_log_replays_with_the_rule_and_stays_format_2():
    path = REPO / "tests" / "fixtures" / "logs" / "coop-3p-unfinished-v2.json"
    log = json.loads(path.read_text())
    assert log["format"] == GAME_V2
    saved = replay(log)
    assert saved.config.choices_by_rule and saved.state.by_rule
    assert game_log(saved.scenario, saved.state, saved.seats)["format"] == GAME_V2
