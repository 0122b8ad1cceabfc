"""Chance, clones and the information a player sees: what a search bot builds on.

A tile turning up is a chance node: without a deck the state stops there and
lists the unseen tiles, each equally likely; with the game's deck it is
answered at once. A clone is independent of its original; a view holds
nothing of the hidden map or of the order of the tiles.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from pachaprint.engine.bots import make_bot
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.config import GameConfig, Mode, otoma_cells
from pachaprint.engine.rules.modes import make_game, new_game, start
from pachaprint.engine.rules.oracle import HiddenInformation, WheelOracle
from pachaprint.engine.rules.state import GameState
from pachaprint.engine.rules.tiles import Deck
from pachaprint.engine.rules.view import PlayerView
from pachaprint.model.rules import TERRAIN_LETTERS
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

SCENARIO = Scenario.from_dict(json.loads((REPO / "scenarios" / "sacred-valley.json").read_text()))
SOLO = GameConfig(Mode.SOLO, 1, "hard", seed=4)
COOP = GameConfig(Mode.COOP, 3, "normal", seed=4)


def without_deck(config: GameConfig) -> GameState:
    """A game whose chance nodes the caller answers (no deck attached)."""
    return start(make_game(WheelOracle(SCENARIO), config, otoma_cells=otoma_cells(SCENARIO)))


def play_out(state: GameState, rng: random.Random) -> None:
    """Random decisions, and chance answered by sampling the listed outcomes."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            codes = [code for code, _ in outcomes]
            weights = [p for _, p in outcomes]
            state.apply(rng.choices(codes, weights)[0])
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def test_a_solo_game_without_a_deck_starts_at_a_chance_node():
    state = without_deck(SOLO)
    assert state.is_chance_node()
    node = state.chance[0]
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    assert {A.kind_of(code) for code, _ in outcomes} == {A.Kind.TILE}
    # every tile of that terrain is still possible: none has been seen yet
    assert len(outcomes) == len(state.tiles.box[node.terrain])
    assert sorted(state.legal_actions()) == sorted(code for code, _ in outcomes)
    code = outcomes[3][0]
    state.apply(code)
    assert state.tiles.tile_at[node.cell] == state.tiles.box[node.terrain][A.to_of(code)]
    with pytest.raises(ValueError, match="illegal"):
        state.apply(code)  # that tile has turned up: it cannot come again


def test_sampled_games_end_and_show_each_tile_once():
    for config, seed in ((SOLO, 1), (COOP, 2)):
        state = without_deck(config)
        play_out(state, random.Random(seed))
        assert state.outcome() is not None
        shown = [tile for tile in state.tiles.tile_at if tile is not None]
        shown += [tile for column in state.tiles.columns for tile in column]
        assert len(shown) == len(set(shown))


def test_co_op_hands_show_their_top_tiles_by_chance():
    state = without_deck(COOP)
    tops = {(n.seat, n.terrain) for n in state.chance}
    sizes = state.tiles.hands
    assert tops == {(s, t) for s in range(3) for t in range(4) if sizes[s][t]}
    assert state.phase.name == "SPEND" and state.is_chance_node()


@pytest.mark.parametrize("config", [SOLO, COOP])
def test_the_deck_is_one_answer_to_the_chance_nodes(config):
    # A game played with its deck, replayed on a state without one: same history, same table.
    dealt = new_game(SCENARIO, config)
    rng = random.Random(5)
    bot = make_bot("greedy", rng, config.mode)
    while not dealt.is_terminal():
        dealt.apply(bot.act(dealt.view(), dealt.legal_actions()))
    replayed = without_deck(config)
    for code in dealt.history:
        replayed.apply(code)
    assert replayed.score == dealt.score and replayed.terrain == dealt.terrain
    assert replayed.tiles.tile_at == dealt.tiles.tile_at
    assert replayed.otoma.pawns == dealt.otoma.pawns and replayed.is_terminal()


@pytest.mark.parametrize("config", [GameConfig(players=3, seed=2), SOLO, COOP])
def test_a_clone_goes_its_own_way(config):
    state = new_game(SCENARIO, config)
    rng = random.Random(3)
    for _ in range(12):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    before = state.view(0)
    twin = state.clone()
    assert twin.view(0) == before and twin.history == state.history
    while not twin.is_terminal():
        legal = twin.legal_actions()
        twin.apply(legal[rng.randrange(len(legal))])
    assert state.view(0) == before and not state.is_terminal()
    assert twin.history[: len(state.history)] == state.history


def test_a_clone_without_the_deck_is_a_sampling_state():
    # What a search bot does: a copy where the tiles still hidden are chance, not the deck's.
    state = new_game(SCENARIO, SOLO)
    twin = state.clone()
    twin.deck = None
    seen = [tile for tile in twin.tiles.tile_at if tile is not None]
    hidden = ~twin.revealed
    enter = next(
        c for c in twin.legal_actions() if A.kind_of(c) == A.Kind.ENTER and hidden >> A.to_of(c) & 1
    )
    twin.apply(enter)  # discovers a cell: its tile turns up
    assert twin.is_chance_node() and not state.is_chance_node()
    unseen = [twin.tiles.box[A.cell_of(c)][A.to_of(c)] for c, _ in twin.chance_outcomes()]
    assert unseen and not set(unseen) & set(seen)


def _values(value: object):
    """Every value inside ``value`` (tuples, dataclasses), depth first."""
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _values(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from _values(item)


@pytest.mark.parametrize("config", [GameConfig(seed=1), SOLO, COOP])
def test_a_view_holds_no_hidden_information(config):
    state = new_game(SCENARIO, config)
    view = state.view(0)
    assert isinstance(view, PlayerView)
    for value in _values(view):
        assert not isinstance(value, (WheelOracle, Deck, GameState))
    hidden = [c for c in SCENARIO.board.cells if not state.revealed >> c & 1]
    assert hidden and all(view.terrain[c] == -1 and view.crop[c] == 0 for c in hidden)


def test_the_wheel_answers_only_what_the_game_asked():
    # Terrain is asked when a cell gets its tile, a crop when a crop tile is placed.
    state = new_game(SCENARIO, GameConfig(Mode.SOLO, 1, seed=9))
    oracle = state.wheel
    bot = make_bot("logician", random.Random(9), Mode.SOLO)
    while not state.is_terminal():
        state.apply(bot.act(state.view(), state.legal_actions()))
    assert oracle.consulted_terrain == {c for c in SCENARIO.board.cells if state.revealed >> c & 1}
    assert oracle.consulted_crops == {c for c in SCENARIO.board.cells if state.crop_mask >> c & 1}


@pytest.mark.parametrize("config", [GameConfig(seed=6), SOLO, COOP])
def test_an_information_state_plays_on_any_map_it_is_given(config):
    # A search bot's determinisation: the information state knows the table but not the
    # map; given a map (here the true one, as a sample that happens to be right) and the
    # tiles that really turned up, it plays the rest of the game exactly like the game.
    game = new_game(SCENARIO, config)
    bot = make_bot("greedy", random.Random(2), config.mode)
    while len(game.history) < 25:
        game.apply(bot.act(game.view(), game.legal_actions()))
    info = game.information_state()
    assert info.deck is None and info.view(0) == game.view(0)
    hidden = [c for c in SCENARIO.board.cells if not game.revealed >> c & 1]
    with pytest.raises(HiddenInformation):
        info.wheel.discover(hidden[0])
    rest = len(game.history)
    while not game.is_terminal():
        game.apply(bot.act(game.view(), game.legal_actions()))
    truth = SCENARIO.terrain_flat, [int(c) for c in SCENARIO.crops_flat]
    terrain = [TERRAIN_LETTERS.index(t) for t in truth[0]]
    sampled = WheelOracle.of_map(SCENARIO.board, terrain, truth[1], SCENARIO.start_cells)
    played = info.with_wheel(sampled)
    for code in game.history[rest:]:
        played.apply(code)
    assert played.is_terminal() and played.score == game.score


def test_a_sealed_wheel_refuses_a_discovery():
    info = new_game(SCENARIO, GameConfig(seed=3)).information_state()
    hidden = ~info.revealed
    enter = next(
        c for c in info.legal_actions() if A.kind_of(c) == A.Kind.ENTER and hidden >> A.to_of(c) & 1
    )
    with pytest.raises(HiddenInformation, match="is hidden"):
        info.apply(enter)
