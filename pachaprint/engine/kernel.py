"""The playout kernel: fast copies, legal actions, actions and random playouts, for search.

A search bot plays thousands of games from one position. :func:`search_state`
turns a :class:`~pachaprint.engine.state.GameState` (typically an
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
from typing import TYPE_CHECKING, Protocol

from pachaprint.engine.actions import LegalActions
from pachaprint.engine.compiled import COMPILED
from pachaprint.engine.config import PAWN_COLOURS
from pachaprint.engine.events import Ending, Phase
from pachaprint.engine.movement import Direction
from pachaprint.engine.oracle import SealedWheel, WheelOracle
from pachaprint.engine.otoma import OtomaMove
from pachaprint.engine.state import GameState
from pachaprint.engine.tiles import ArrowTile, ChanceNode
from pachaprint.engine.trails import otoma_path

if COMPILED or TYPE_CHECKING:
    from pachaprint.engine._cengine import Game, Setup

Rng = random.Random | Sequence[random.Random] | int
"""What a playout draws from: one generator, one per seat, or a seed."""
MAX_TURNS = 2000
"""Turns after which a playout stops (simulate's default limit)."""
_ENDINGS = tuple(Ending)


class Unsupported(Exception):
    """A state the compiled kernel does not model; the Python engine plays it."""


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


# -- packing a state for the kernel (the layout read_table/write_table of _cengine.c use) --------
_SETUPS: dict[tuple[object, ...], tuple[Setup, dict[int, int], tuple[object, ...]]] = {}
_SETUPS_LIMIT = 256


def _wheel(state: GameState) -> tuple[Sequence[int], Sequence[int], WheelOracle | None]:
    wheel = state._oracle
    if type(wheel) is WheelOracle:
        return wheel._terrain, wheel._crops, wheel
    if type(wheel) is SealedWheel:
        return wheel._terrain, wheel._crop, None
    raise Unsupported(f"a wheel of type {type(wheel).__name__}")


def _equal_masks(box: Sequence[ArrowTile]) -> dict[ArrowTile, int]:
    """Tile -> the box indices that hold an equal tile (the equality ``Deck.outcome`` uses)."""
    masks: dict[ArrowTile, int] = {}
    for index, tile in enumerate(box):
        masks[tile] = masks.get(tile, 0) | 1 << index
    return masks


def _setup(state: GameState) -> tuple[Setup, dict[int, int]]:
    """The kernel's ``Setup`` of a state (cached) and its tile ids (``id(tile) -> code``)."""
    tiles, deck, wheel = state.tiles, state.deck, state._oracle
    key = (state.config, id(wheel), id(tiles.box) if tiles else 0, id(deck))
    found = _SETUPS.get(key)
    if found is not None:
        return found[0], found[1]
    board, seating, otoma = state.board, state.seating, state.otoma
    terrain, crops, tracked = _wheel(state)
    ids: dict[int, int] = {}
    box: list[list[int]] = [[], [], [], []]
    stack_eq: list[list[int]] = []
    hand_eq: list[list[list[int]]] = []
    if tiles is not None:
        if len(tiles.box) != 4 or any(len(kind) > 64 for kind in tiles.box):
            raise Unsupported("more than 64 tiles of one terrain")
        for t, kind in enumerate(tiles.box):
            for index, tile in enumerate(kind):
                ids[id(tile)] = t << 6 | index
                box[t].append(PAWN_COLOURS.index(tile.colour) << 2 | int(tile.direction))
        if deck is not None:
            equal = [_equal_masks(kind) for kind in tiles.box]
            stack_eq = [[equal[t].get(x, 0) for x in stack] for t, stack in enumerate(deck.stacks)]
            hand_eq = [
                [[equal[t].get(x, 0) for x in stack] for t, stack in enumerate(hand)]
                for hand in deck.hands
            ]
    if otoma is not None and len(otoma.pawns) != len(otoma.colours):
        raise Unsupported("fewer Otoma pawns than colours")
    setup = Setup(
        board.width,
        board.height,
        state.rules.bits,
        state.players,
        seating.side_of,
        seating.account_of,
        [PAWN_COLOURS.index(c) if c in PAWN_COLOURS else -1 for c in seating.colours],
        seating.otoma_side if otoma else -1,
        otoma.account if otoma else -1,
        [PAWN_COLOURS.index(c) for c in otoma.colours] if otoma else [],
        otoma.takes_tokens if otoma else False,
        otoma.trails.packed if otoma else b"",
        terrain,
        crops,
        tracked,
        box,
        deck is not None,
        stack_eq,
        hand_eq,
    )
    if len(_SETUPS) >= _SETUPS_LIMIT:
        _SETUPS.clear()
    _SETUPS[key] = (setup, ids, (state.config, wheel, tiles.box if tiles else None, deck))
    return setup, ids


def _table(state: GameState, ids: dict[int, int]) -> list[int]:
    """The dynamic state as the flat list of ints ``_cengine.Game`` reads."""
    out: list[int] = [*state.terrain, *state.crop, *state.owner]
    out += (state.revealed, state.crop_mask, state.all_pawns)
    out += state.pawn_mask
    out += state.reserve
    out += state.supply
    out += state.score
    out += state.tokens
    for row in state.stones:
        out += row
    for row in state.points:
        out += row
    out += state.wrong
    out += state.correct
    trigger = -1 if state.trigger is None else state.trigger
    out += (state.first_player, state.current_player, state.phase, state.turn)
    out += (state.end_turns, state.skips, trigger)
    out += [int(p) for p in state.passed]
    ending = -1 if state.ending is None else _ENDINGS.index(state.ending)
    out += (ending, state.empty_points, state._skips_in_row, state._final_left, len(state.chance))
    for node in state.chance:
        out += (node.terrain, node.seat, node.position, node.cell, int(node.react))
    tiles = state.tiles
    if tiles is None:
        out.append(0)
    else:
        try:
            out.append(1)
            out += [-1 if tile is None else ids[id(tile)] for tile in tiles.tile_at]
            out += tiles.unseen
            out.append(len(tiles.left))
            out += tiles.left
            out.append(len(tiles.hands))
            for sizes in tiles.hands:
                out += sizes
            for tops in tiles.tops:
                out += [-1 if tile is None else ids[id(tile)] for tile in tops]
            for column in tiles.columns:
                out.append(len(column))
                out += [ids[id(tile)] for tile in column]
        except KeyError:
            raise Unsupported("a tile that is not in the game's box") from None
        out.append(-1 if tiles.arrow is None else int(tiles.arrow))
        out.append(-1 if tiles.pending is None else int(tiles.pending))
        out.append(tiles.box_tiles)
    if state.otoma is None:
        out.append(0)
    else:
        out.append(1)
        out += state.otoma.pawns
    return out


def pack(state: GameState, keep_logs: bool = False) -> Game:
    """The compiled ``Game`` of a state; ``keep_logs`` keeps its actions and Otoma moves
    for :func:`write_back`. :class:`Unsupported` for a state the kernel does not model."""
    if not COMPILED:
        raise Unsupported("the compiled kernel is not built")
    setup, ids = _setup(state)
    return Game(setup, _table(state, ids), keep_logs)


def write_back(game: Game, state: GameState) -> None:
    """Copy the compiled ``game`` (made by :func:`pack` from ``state`` with ``keep_logs``)
    into ``state``: every field, the actions and Otoma moves since, and the legal actions."""
    table, history, moves, (groups, extra) = game.export()
    at = 0

    def take(count: int) -> list[int]:
        nonlocal at
        at += count
        return table[at - count : at]

    def next_value() -> int:
        nonlocal at
        at += 1
        return table[at - 1]

    n, sides, accounts = state.board.cell_count, len(state.pawn_mask), len(state.score)
    state.terrain[:], state.crop[:], state.owner[:] = take(n), take(n), take(n)
    state.revealed, state.crop_mask, state.all_pawns = take(3)
    state.pawn_mask[:], state.reserve[:], state.supply[:] = take(sides), take(sides), take(4)
    state.score[:], state.tokens[:] = take(accounts), take(accounts)
    for row in state.stones:
        row[:] = take(4)
    for row in state.points:
        row[:] = take(5)
    state.wrong[:], state.correct[:] = take(accounts), take(accounts)
    state.first_player, state.current_player, phase, state.turn = take(4)
    state.phase = Phase(phase)
    state.end_turns, state.skips, trigger = take(3)
    state.trigger = None if trigger < 0 else trigger
    state.passed[:] = [bool(p) for p in take(state.players)]
    ending, state.empty_points, state._skips_in_row, state._final_left, chance = take(5)
    state.ending = None if ending < 0 else _ENDINGS[ending]
    state.chance[:] = [
        ChanceNode(t, seat, position, cell, bool(react))
        for t, seat, position, cell, react in (take(5) for _ in range(chance))
    ]
    if next_value():
        tiles = state.tiles
        assert tiles is not None
        box = tiles.box

        def tile(code: int) -> ArrowTile | None:
            return None if code < 0 else box[code >> 6][code & 63]

        tiles.tile_at = [tile(code) for code in take(n)]
        tiles.unseen = take(4)
        tiles.left = take(next_value())
        hands = next_value()
        tiles.hands = [take(4) for _ in range(hands)]
        tiles.tops = [[tile(code) for code in take(4)] for _ in range(hands)]
        tiles.columns = [[box[c >> 6][c & 63] for c in take(next_value())] for _ in range(4)]
        arrow, pending, tiles.box_tiles = take(3)
        tiles.arrow = None if arrow < 0 else Direction(arrow)
        tiles.pending = None if pending < 0 else Direction(pending)
    if next_value():
        otoma = state.otoma
        assert otoma is not None
        otoma.pawns[:] = take(len(otoma.colours))
        for pawn, start, heading, stop, terrain, crop, points, token, revealed in moves:
            path = otoma_path(otoma.trails, start, Direction(heading), revealed)
            colour = otoma.colours[pawn]
            if stop < 0:
                otoma.moves.append(OtomaMove(pawn, colour, path))
            else:
                otoma.moves.append(
                    OtomaMove(pawn, colour, path, terrain, crop, points, bool(token))
                )
    state.history += history
    state._legal = LegalActions(groups, extra)


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
