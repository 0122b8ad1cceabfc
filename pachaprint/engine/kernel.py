"""The playout kernel: fast copies, legal actions, actions and random playouts, for search.

A search bot plays thousands of games from one position. :func:`search_state`
turns a :class:`~pachaprint.engine.rules.state.GameState` (typically an
``information_state()`` given a sampled map with ``with_wheel``) into a
:class:`SearchState`: the compiled kernel's ``Game`` where it was built, or
:class:`PythonSearchState`, the same interface on the pure-Python engine.
Both play the very same games:

* ``clone()``, ``legal_actions()`` (the engine's codes, in its order),
  ``apply(code)``, ``is_terminal()``, ``is_chance_node()``,
  ``current_player``, ``returns()``, ``scores()``;
* ``playout(rng, max_turns)``: uniformly random legal actions (chance nodes
  included) until the game ends, in place; ``rollout(rng, max_turns)``: the
  returns of such a playout of a copy, leaving the state as it was.

``rng`` is a ``random.Random`` (left in the state Python would leave it in),
one per seat (each seat draws from its own, as in a simulation), or an
``int`` seed (``random.Random(seed)``). A playout draws
``legal[rng.randrange(len(legal))]`` at every decision, which is what the
``random`` bot does: the compiled generator is Python's Mersenne Twister
bit for bit, so a compiled playout is the same game as the Python loop.

:func:`playout` plays a :class:`GameState` itself to the end the same way,
and :func:`write_back` copies a compiled game back into a state. States the
kernel does not model (a recording of events, a wheel of another kind, more
than 64 tiles of a terrain) are played by the Python engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from pachaprint.engine.compiled import COMPILED
from pachaprint.engine.rules.state import GameState
from pachaprint.engine.twin import Unsupported, pack, write_back

Rng = random.Random | Sequence[random.Random] | int
"""What a playout draws from: one generator, one per seat, or a seed."""
MAX_TURNS = 2000
"""Turns after which a playout stops (simulate's default limit)."""


class Playable(Protocol):
    """What a playout needs of a game state (``GameState``, ``SearchState``)."""

    @property
    def current_player(self) -> int: ...
    @property
    def turn(self) -> int: ...
    def legal_actions(self) -> Sequence[int]: ...
    def apply(self, action: int) -> None: ...
    def is_terminal(self) -> bool: ...


class SearchState(Protocol):
    """A game a search plays on (see the module documentation)."""

    @property
    def current_player(self) -> int: ...
    @property
    def turn(self) -> int: ...
    def clone(self) -> SearchState: ...
    def legal_actions(self) -> Sequence[int]: ...
    def apply(self, action: int) -> None: ...
    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def scores(self) -> list[int]: ...
    def playout(self, rng: Rng, max_turns: int = MAX_TURNS) -> int: ...
    def rollout(self, rng: Rng, max_turns: int = MAX_TURNS) -> list[float]: ...


def _draws(rng: Rng, players: int) -> list[random.Random]:
    if isinstance(rng, int):
        return [random.Random(rng)]
    if isinstance(rng, random.Random):
        return [rng]
    if len(rng) != players:
        raise ValueError("one random.Random per seat")
    return list(rng)


def python_playout(state: Playable, rng: Rng, max_turns: int = MAX_TURNS) -> int:
    """The reference playout: random legal actions until the end (or ``max_turns``), in
    place; the number of actions applied. Seat ``s`` draws from ``rng[s]`` when one
    generator per seat is given."""
    players = len(rng) if isinstance(rng, Sequence) else 1
    draws = _draws(rng, players)
    one = len(draws) == 1
    actions = 0
    while not state.is_terminal() and state.turn <= max_turns:
        legal = state.legal_actions()
        draw = draws[0] if one else draws[state.current_player]
        state.apply(legal[draw.randrange(len(legal))])
        actions += 1
    return actions


class PythonSearchState:
    """:class:`SearchState` on the pure-Python engine (the fallback and the reference)."""

    __slots__ = ("state",)

    def __init__(self, state: GameState):
        self.state = state

    @property
    def current_player(self) -> int:
        return self.state.current_player

    @property
    def turn(self) -> int:
        return self.state.turn

    def clone(self) -> PythonSearchState:
        return PythonSearchState(self.state.clone())

    def legal_actions(self) -> Sequence[int]:
        return self.state.legal_actions()

    def apply(self, action: int) -> None:
        self.state.apply(action)

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def is_chance_node(self) -> bool:
        return self.state.is_chance_node()

    def returns(self) -> list[float]:
        return self.state.returns()

    def scores(self) -> list[int]:
        return list(self.state.score)

    def playout(self, rng: Rng, max_turns: int = MAX_TURNS) -> int:
        return python_playout(self, rng, max_turns)

    def rollout(self, rng: Rng, max_turns: int = MAX_TURNS) -> list[float]:
        twin = self.clone()
        python_playout(twin, rng, max_turns)
        return twin.returns()


def search_state(state: GameState) -> SearchState:
    """A copy of ``state`` to search on: compiled where the kernel is built and models
    the state, else :class:`PythonSearchState` (a clone). Events are not recorded."""
    if COMPILED:
        try:
            game: SearchState = pack(state)
            return game
        except Unsupported:
            pass
    twin = state.clone()
    twin.events = None
    return PythonSearchState(twin)


def playout(state: GameState, rng: Rng, max_turns: int = MAX_TURNS) -> int:
    """Play ``state`` to its end in place with random legal actions (see the module
    documentation); the number of actions applied. Compiled where possible: the same
    game as :func:`python_playout`, with the state and the generators left alike."""
    if COMPILED and state.events is None and not state.is_terminal():
        try:
            game = pack(state, keep_logs=True)
        except Unsupported:
            pass
        else:
            if _generators(rng):
                try:
                    return game.playout(rng, max_turns)
                finally:
                    write_back(game, state)
    return python_playout(state, rng, max_turns)


def _generators(rng: Rng) -> bool:
    """True when the kernel draws as ``rng`` would: seeds and plain ``random.Random``s
    (a subclass may draw otherwise)."""
    if isinstance(rng, int):
        return True
    if isinstance(rng, random.Random):
        return type(rng) is random.Random
    return all(type(r) is random.Random for r in rng)
