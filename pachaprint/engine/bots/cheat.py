"""``oracle-cheat``: a player who has read the wheel (for measurement only).

It knows the whole hidden map (terrain and crop of every cell) and the real
order of the tiles (the game's deck), and searches like the ``expert``
(:mod:`~pachaprint.engine.bots.search`) on copies of the real game: every
outcome is certain, so each branch is played once, and it never divines wrong.
No player can know this much, so its results bound from above what a
strategy of the same search can reach; the simulation and balance reports show
it beside the fair bots. It cheats: never use it as a human's opponent.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from pachaprint.engine.bots.belief import Belief, TrueMap
from pachaprint.engine.bots.evaluate import DEFAULT_WEIGHTS, Weights
from pachaprint.engine.bots.search import Budget, SearchBot
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind
from pachaprint.engine.rules.state import GameState

# Enum members read in hot code, bound once: a compiled module reads a Final
# constant directly, where ``Phase.TURN`` costs a lookup through the enum's class.
_DIVINE: Final = int(Kind.DIVINE)


class TrueModel:
    """Plays a search's branches on copies of the real game (one certain outcome each)."""

    def __init__(self, truth: TrueMap):
        self.truth = truth

    def belief(self, state: GameState) -> Belief:
        return self.truth

    def outcomes(
        self, state: GameState, action: int, worlds: Sequence[int], spread: bool, depth: int
    ) -> list[tuple[float, GameState, int]]:
        child = state.clone()
        child.by_rule = True  # its group's choices, looking ahead, are its rule's (Bot.decide)
        child.apply(action)
        return [(1.0, child, worlds[0])]


def read_map(state: GameState) -> TrueMap:
    """The whole hidden map of a game, asked of its wheel cell by cell (this is the cheat)."""
    wheel = state.wheel
    cells = range(state.board.cell_count)
    return TrueMap([wheel.discover(c) for c in cells], [wheel.divine(c) for c in cells])


class OracleCheatBot(SearchBot):
    """Searches like the ``expert`` on the real game, knowing the map and the tiles."""

    name = "oracle-cheat"

    def __init__(
        self,
        rng: random.Random,
        budget: Budget | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
    ):
        super().__init__(rng, budget, weights)
        self._truth: TrueMap | None = None

    def pick(self, state: GameState) -> int:
        code = self.forced(state)
        if code is not None:
            return code
        if self._truth is None:
            self._truth = read_map(state)
        root = state.clone()
        root.keep_no_record()  # the search reads only the table (each branch copies it)
        code = self.search(root, TrueModel(self._truth))
        if A.kind_of(code) == _DIVINE:
            self.proved += 1
        return code
