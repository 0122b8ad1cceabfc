"""Bots never loop: an Explore back to a position already met without progress is not chosen.

A game moves on by *progress*: a tile placed, a crop revealed, points or tokens
won or spent. Between two steps of progress the only thing that changes is
where the pawns stand. A bot that walked its pawns back to where they stood
could do so for ever (in solo the Otoma never move unless an arrow sends
them), so every bot keeps a :class:`Positions` memory: the positions it met at
its turns, and those its own Explores led to, since the last progress. An
Explore that would lead to one of them again is taken out of the bot's legal
actions (:meth:`Positions.fresh`) unless nothing else is left.

A position is where every pawn stands, the pawns in supply and the seat to
play. Co-op never repeats one (every turn spends a tile), so it is left alone.
"""

from __future__ import annotations

from typing import Final

from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind, LegalActions
from pachaprint.engine.rules.events import Phase
from pachaprint.engine.rules.state import GameState

# Enum members read in hot code, bound once: a compiled module reads a Final
# constant directly, where ``Phase.TURN`` costs a lookup through the enum's class.
_PHASE_TURN: Final = Phase.TURN

_ENTER, _MOVE, _RETRIEVE = int(Kind.ENTER), int(Kind.MOVE), int(Kind.RETRIEVE)
Position = tuple[tuple[int, ...], tuple[int, ...], int]


def progress(state: GameState) -> tuple[object, ...]:
    """What only progress changes: tiles, crops, scores and tokens."""
    return (state.revealed, state.crop_mask, tuple(state.score), tuple(state.tokens))


def position(state: GameState) -> Position:
    """Where the pawns stand, the pawns in supply, and the seat to play."""
    return (tuple(state.pawn_mask), tuple(state.reserve), state.current_player)


def after(state: GameState, code: int) -> Position | None:
    """The position a quiet Explore ``code`` leads to (the next seat to play); ``None``
    for any other action, and for an Explore that makes progress: a discovery, or an
    arrow that sends an Otoma pawn to a cell without terrain."""
    kind, a, b = A.fields(code)
    if kind != _ENTER and kind != _MOVE and kind != _RETRIEVE:
        return None
    if kind != _RETRIEVE and not (
        state.revealed >> b & 1 and (state.crop_mask >> b & 1 or not state.arrow_reveals(b))
    ):
        return None
    seat = state.current_player
    side = state.side_of[seat]
    pawns, reserve = list(state.pawn_mask), list(state.reserve)
    if kind == _ENTER:
        pawns[side] |= 1 << b
        reserve[side] -= 1
    elif kind == _MOVE:
        pawns[side] ^= 1 << a | 1 << b
    else:
        pawns[side] &= ~(1 << a)
        reserve[side] += 1
    return (tuple(pawns), tuple(reserve), (seat + 1) % state.players)


class Positions:
    """One bot's memory of the positions met since the last progress (module documentation)."""

    def __init__(self) -> None:
        self._progress: tuple[object, ...] | None = None
        self._seen: set[Position] = set()

    def fresh(self, state: GameState, legal: LegalActions) -> LegalActions:
        """``legal`` without the Explores back to a position met since the last progress
        (``legal`` itself when there is none, or nothing else); notes where the bot is."""
        if state.phase is not _PHASE_TURN or state.spends:
            return legal
        key = progress(state)
        if key != self._progress:
            self._progress, self._seen = key, set()
        seen = self._seen
        seen.add(position(state))
        if len(seen) < 2:
            return legal
        repeats = [code for code in legal if after(state, code) in seen]
        if not repeats or len(repeats) == len(legal):
            return legal
        return legal.without(repeats)

    def memory(self) -> tuple[tuple[object, ...] | None, frozenset[Position]]:
        """What the bot remembers, to be given back by :meth:`recall` (the table's undo)."""
        return self._progress, frozenset(self._seen)

    def recall(self, memory: tuple[tuple[object, ...] | None, frozenset[Position]]) -> None:
        """Remember exactly what :meth:`memory` gave, as if nothing happened since."""
        self._progress, self._seen = memory[0], set(memory[1])

    def chose(self, state: GameState, code: int) -> None:
        """Note the position the chosen action leads to."""
        if state.phase is _PHASE_TURN and not state.spends:
            found = after(state, code)
            if found is not None:
                self._seen.add(found)
