"""A :class:`~pachaprint.engine.rules.state.GameState` and its compiled twin (see :mod:`pachaprint.engine.kernel`).

:func:`pack` copies a state into the kernel's ``Game`` (with a ``Setup`` of what a
game's copies share: board, rules, seating, trails, wheel, tiles and deck, cached);
:func:`write_back` copies a ``Game`` back into the state it came from. The layout of
the packed table is the one ``read_table`` and ``write_table`` of ``_cengine.c`` use.
States the kernel does not model raise :class:`Unsupported`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pachaprint.engine.compiled import COMPILED
from pachaprint.engine.rules.actions import LegalActions
from pachaprint.engine.rules.config import PAWN_COLOURS
from pachaprint.engine.rules.events import Ending, Phase
from pachaprint.engine.rules.movement import Direction
from pachaprint.engine.rules.oracle import SealedWheel, WheelOracle
from pachaprint.engine.rules.otoma import OtomaMove
from pachaprint.engine.rules.state import GameState
from pachaprint.engine.rules.tiles import ArrowTile, ChanceNode, Deck
from pachaprint.engine.rules.trails import otoma_path

if COMPILED or TYPE_CHECKING:
    from pachaprint.engine._cengine import Game, Setup

_ENDINGS = tuple(Ending)


class Unsupported(Exception):
    """A state the compiled kernel does not model; the Python engine plays it."""


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


def _deck_tiles(deck: Deck) -> tuple[ArrowTile, ...]:
    """The tiles of a deck, stack after stack (its stacks and hands are lists)."""
    return (
        *(tile for stack in deck.stacks for tile in stack),
        *(tile for hand in deck.hands for stack in hand for tile in stack),
    )


def _setup(state: GameState) -> tuple[Setup, dict[int, int]]:
    """The kernel's ``Setup`` of a state (cached) and its tile ids (``id(tile) -> code``)."""
    tiles, deck, wheel = state.tiles, state.deck, state._oracle
    dealt = () if deck is None else _deck_tiles(deck)  # a deck's stacks may be rigged in place
    key = (state.config, id(wheel), id(tiles.box) if tiles else 0, id(deck), *map(id, dealt))
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
    _SETUPS[key] = (setup, ids, (state.config, wheel, tiles.box if tiles else None, deck, dealt))
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
