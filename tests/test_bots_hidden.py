"""The expert knows only what a player may know; the oracle-cheat reads the map.

Two proofs for the expert, in every mode:

* it decides on a copy of the game whose wheel raises on any question and
  whose deck raises on any use (:class:`Tripwire`): whatever it looks at, it
  never looks at the hidden map or the order of the tiles;
* on a copy whose hidden cells hold another map (and, in solo and co-op,
  whose unseen tiles lie in another order), everything a player has seen being
  the same, it takes exactly the same decisions, all game long.

The same comparison finds the oracle-cheat deciding otherwise: the test can fail.
"""

from __future__ import annotations

import json
import random

import pytest

from pachaprint.engine.bots import ExpertBot, OracleCheatBot
from pachaprint.engine.bots.search import Budget
from pachaprint.engine.rules.config import GameConfig, Mode, first_start_cells
from pachaprint.engine.rules.modes import mode_class, new_game
from pachaprint.engine.rules.oracle import HiddenInformation, WheelOracle
from pachaprint.engine.rules.state import GameState
from pachaprint.engine.rules.tiles import Deck
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

SCENARIO = Scenario.from_dict(
    json.loads((REPO / "scenarios" / "sacred-valley.json").read_text(encoding="utf-8"))
)
QUICK = Budget(width=4, inner=2, depth=3, samples=1, exact=True)
"""A small search, so that whole games stay quick (with the exact crop odds of the games
against the Otoma, in every mode); the defaults are tested in test_bots_rules."""
MODES = [
    pytest.param(Mode.COMPETITIVE, 2, None, id="competitive"),
    pytest.param(Mode.SOLO, 1, "easy", id="solo-easy"),
    pytest.param(Mode.SOLO, 1, "hard", id="solo-hard"),
    pytest.param(Mode.COOP, 2, "normal", id="coop"),
]


class Tripwire:
    """A wheel that answers nothing about any cell, and a deck that cannot be read."""

    def __init__(self, state: GameState):
        self.board = state.board
        self.asked: list[str] = []
        wheel = state.wheel
        self._supply, self._start = wheel.terrain_supply(), wheel.start_cells()

    def terrain_supply(self) -> tuple[int, ...]:
        return self._supply  # the back of the disc: public

    def start_cells(self) -> tuple[int, ...]:
        return self._start

    def discover(self, cell: int) -> int:
        self.asked.append(f"terrain of {self.board.name(cell)}")
        raise HiddenInformation("the tripwire wheel answers nothing")

    def divine(self, cell: int) -> int:
        self.asked.append(f"crop of {self.board.name(cell)}")
        raise HiddenInformation("the tripwire wheel answers nothing")


class SealedDeck:
    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"the bot read the order of the tiles (deck.{name})")


def tripwired(state: GameState) -> tuple[GameState, Tripwire]:
    wheel = Tripwire(state)
    copy = state.with_wheel(wheel)
    if copy.deck is not None:
        copy.deck = SealedDeck()  # type: ignore[assignment]
    return copy, wheel


def other_map(state: GameState, seed: int) -> GameState:
    """A copy whose hidden cells hold other terrains and crops (what lies open is kept)
    and whose unseen tiles lie in another order."""
    rng = random.Random(seed)
    wheel = state.wheel
    cells = range(state.board.cell_count)
    terrain = [wheel.discover(c) for c in cells]
    crops = [wheel.divine(c) for c in cells]
    for c in cells:
        if state.terrain[c] < 0:
            terrain[c] = (terrain[c] + 1 + rng.randrange(3)) % 4
        if not state.crop[c]:
            crops[c] = 1 + (crops[c] + rng.randrange(4)) % 5
    copy = state.with_wheel(WheelOracle.of_map(state.board, terrain, crops, wheel.start_cells()))
    if copy.deck is not None:
        copy.deck = Deck.shuffled(copy.supply, seed, state.players if state.spends else 0)
    return copy


def start(mode: Mode, players: int, level: str | None, seed: int = 4) -> GameState:
    names = None
    if mode_class(mode).has_otoma:
        names = tuple(SCENARIO.board.name(c) for c in first_start_cells(SCENARIO))
    return new_game(SCENARIO, GameConfig(mode, players, level, names, seed=seed))


@pytest.mark.slow
@pytest.mark.parametrize("mode, players, level", MODES)
def test_the_expert_decides_without_ever_asking_the_wheel_or_the_deck(mode, players, level):
    state = start(mode, players, level)
    bots = [ExpertBot(random.Random(seat), QUICK) for seat in range(players)]
    decisions = 0
    while not state.is_terminal():
        sealed, wheel = tripwired(state)
        code = bots[state.current_player].decide(sealed)
        assert wheel.asked == []
        assert code in state.legal_actions()
        state.apply(code)
        decisions += 1
    assert state.ending is not None and state.ending.completed
    assert decisions > 20


@pytest.mark.slow
@pytest.mark.parametrize("mode, players, level", MODES)
def test_the_expert_plays_alike_on_any_map_that_fits_what_it_has_seen(mode, players, level):
    state = start(mode, players, level, seed=6)
    here = [ExpertBot(random.Random(seat), QUICK) for seat in range(players)]
    there = [ExpertBot(random.Random(seat), QUICK) for seat in range(players)]
    compared = 0
    while not state.is_terminal():
        seat = state.current_player
        code = here[seat].decide(state)
        assert there[seat].decide(other_map(state, seed=compared)) == code
        state.apply(code)
        compared += 1
    assert compared > 20


@pytest.mark.slow
def test_the_oracle_cheat_plays_otherwise_on_another_map():
    state = start(Mode.COMPETITIVE, 2, None, seed=6)
    here = [OracleCheatBot(random.Random(seat), QUICK) for seat in range(2)]
    differ = 0
    for step in range(40):
        seat = state.current_player
        there = OracleCheatBot(random.Random(99), QUICK)
        code = here[seat].decide(state)
        if there.decide(other_map(state, seed=step)) != code:
            differ += 1
        state.apply(code)
    assert differ > 0


@pytest.mark.slow
def test_the_oracle_cheat_never_divines_wrong():
    for mode, players, level in [(Mode.COMPETITIVE, 2, None), (Mode.SOLO, 1, "easy")]:
        state = start(mode, players, level, seed=8)
        bots = [OracleCheatBot(random.Random(seat), QUICK) for seat in range(players)]
        while not state.is_terminal():
            state.apply(bots[state.current_player].decide(state))
        seats = range(players if mode is Mode.COMPETITIVE else 1)
        assert [state.wrong[a] for a in seats] == [0] * len(seats)
        assert sum(state.correct[a] for a in seats) > 5
