"""A world a search samples: a wheel answering from a belief.

:class:`WorldWheel` turns a belief (:mod:`pachaprint.engine.bots.belief`) into
a wheel for the game state (``GameState.with_wheel``): a sampled world, drawn
cell by cell as the search asks, with some answers fixed by the branch being
searched.
"""

from __future__ import annotations

import _random
from collections.abc import Mapping, Sequence

from pachaprint.engine.bots.belief import Belief, Odds
from pachaprint.model.board import Board


class Stream:
    """The floats of a ``random.Random`` seeded with ``seed``, drawn once and kept: the
    branches of one decision that share a seed (the search's common random numbers) all
    read the same floats, and seeding a generator costs more than the rest of a short
    branch. The generator is only made at the first draw: many branches draw nothing."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.floats: list[float] = []
        self._rng: _random.Random | None = None

    def at(self, index: int) -> float:
        """The float number ``index`` (from 0) of ``random.Random(seed).random()`` (its C core,
        seeded the same way, without the Python layer's two calls)."""
        floats = self.floats
        while len(floats) <= index:
            rng = self._rng
            if rng is None:
                rng = self._rng = _random.Random(self.seed)
            floats.append(rng.random())
        return floats[index]


class Draws:
    """The random draws of one branch of a search: the floats of ``stream``, from its first."""

    def __init__(self, stream: Stream) -> None:
        self.stream = stream
        self._next = 0

    def random(self) -> float:
        """The branch's next float in [0, 1)."""
        index = self._next
        self._next = index + 1
        return self.stream.at(index)


def draw(odds: Odds, rng: Draws) -> int:
    """An index drawn with the given odds (the first index with positive odds if they sum to 0)."""
    x = rng.random() * sum(odds)
    last = 0
    for i, p in enumerate(odds):
        if p > 0:
            last = i
            x -= p
            if x < 0:
                return i
    return last


class WorldWheel:
    """A wheel for one branch of a search: the open tiles as they lie, ``fixed`` answers,
    and otherwise a world drawn from ``belief`` with ``rng``, cell by cell, the same
    answer every time a cell is asked again."""

    def __init__(
        self,
        board: Board,
        table_terrain: Sequence[int],
        table_crop: Sequence[int],
        supply: Sequence[int],
        belief: Belief,
        rng: Draws,
        fixed_terrain: Mapping[int, int] | None = None,
        fixed_crop: Mapping[int, int] | None = None,
    ):
        self.board = board
        self._table_terrain, self._table_crop = table_terrain, table_crop
        self._supply = tuple(supply)
        self.belief, self.rng = belief, rng
        self.terrain: dict[int, int] = dict(fixed_terrain or {})
        self.crop: dict[int, int] = dict(fixed_crop or {})
        self._left = list(supply)
        for t in self.terrain.values():
            self._left[t] -= 1

    def terrain_supply(self) -> tuple[int, ...]:
        """The tiles left when the branch began (a state asks this only when it is set up)."""
        return self._supply

    def start_cells(self) -> tuple[int, ...]:
        return ()

    def discover(self, cell: int) -> int:
        t = self._table_terrain[cell]
        if t >= 0:
            return t
        found = self.terrain.get(cell)
        if found is None:
            odds = self.belief.terrain_odds(cell)
            weights = [p if self._left[i] > 0 else 0.0 for i, p in enumerate(odds)]
            if not any(weights):
                weights = [float(max(0, n)) for n in self._left]
            found = self.terrain[cell] = draw(tuple(weights), self.rng)
            self._left[found] -= 1
        return found

    def divine(self, cell: int) -> int:
        level = self._table_crop[cell]
        if level:
            return level
        found = self.crop.get(cell)
        if found is None:
            if self._table_terrain[cell] >= 0:
                odds = self.belief.crop_odds(cell)
            else:
                terrains = list(self._table_terrain)
                for c, t in self.terrain.items():
                    terrains[c] = t
                odds = self.belief.hidden_crop_odds(cell, self.discover(cell), terrains)
            found = self.crop[cell] = draw(odds, self.rng)
        return found
