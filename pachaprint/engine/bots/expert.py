"""``expert``: a search player that knows only what a player may know.

At each decision it takes ``state.information_state()`` (the table, with a
wheel that answers only for open tiles and no deck) and searches the rest of
its turn (:mod:`~pachaprint.engine.bots.search`): outcomes are weighed with
the probabilities of :class:`~pachaprint.engine.bots.belief.PublicBelief`,
and every branch plays on a copy of the information state whose hidden cells
are drawn from that belief (:class:`~pachaprint.engine.bots.world.WorldWheel`).
It never sees the real wheel or the order of the tiles.

Its work is counted, not timed (:class:`~pachaprint.engine.bots.search.Budget`),
and every draw comes from the bot's own ``random.Random``, so one seed gives
one game on any machine and with any number of worker processes.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Sequence
from typing import Final

from pachaprint.engine.bots.belief import Belief, Odds, PublicBelief, Refinements
from pachaprint.engine.bots.evaluate import DEFAULT_WEIGHTS, Weights
from pachaprint.engine.bots.search import Budget, SearchBot
from pachaprint.engine.bots.world import Draws, Stream, WorldWheel, draw
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind
from pachaprint.engine.rules.movement import cells_of
from pachaprint.engine.rules.state import GameState

# Bound once: a compiled module reads a Final constant directly, where
# ``Kind.DIVINE`` costs a lookup through the enum's class.
_FIELDS: Final = A.fields
_ENTER: Final = int(Kind.ENTER)
_MOVE: Final = int(Kind.MOVE)
_DIVINE: Final = int(Kind.DIVINE)


class PublicModel:
    """Plays a search's branches on copies of an information state (see the module documentation).

    ``seed`` fixes the worlds of one decision: every candidate meets the same ones.
    ``proofs``: crops proven earlier in the game (facts, for every table after).
    """

    def __init__(
        self,
        seed: int,
        samples: int,
        proofs: dict[int, int],
        memo: Refinements,
        cache_size: int = 256,
    ):
        self.seed, self.samples, self.proofs, self.memo = seed, samples, proofs, memo
        self._beliefs: OrderedDict[tuple[object, ...], PublicBelief] = OrderedDict()
        self._sharpened: dict[tuple[int, ...], Odds] = {}
        self._cache_size = cache_size
        self._streams: dict[int, Stream] = {}
        """The random floats of the decision's branches, by seed (see :class:`Stream`)."""
        self._root: tuple[int, int] | None = None
        """The decision's table (revealed and crop masks): see :meth:`_key`."""

    def belief(self, state: GameState) -> Belief:
        key = self._key(state)
        found = self._beliefs.get(key)
        if found is None:
            # the first table (the decision's) samples crop odds; later ones reuse them
            found = PublicBelief.of_table(
                state.geo,
                state.terrain,
                state.crop,
                state.supply,
                self.proofs,
                self._sharpened,
                not self._beliefs,
                self.memo,
            )
            self._beliefs[key] = found
            if len(self._beliefs) > self._cache_size:
                self._beliefs.popitem(last=False)
        return found

    def _key(self, state: GameState) -> tuple[object, ...]:
        """What tells the tables of one search apart: every table it meets grows from the
        decision's (the first one asked about) by tiles turned up since, so their cells and
        what they show are the whole difference. Any other table is told by all it shows."""
        root = self._root
        if root is None:
            root = self._root = (state.revealed, state.crop_mask)
        revealed, crops = state.revealed, state.crop_mask
        if revealed & root[0] != root[0] or crops & root[1] != root[1]:
            return (tuple(state.terrain), tuple(state.crop))
        terrain, crop = state.terrain, state.crop
        shown = [terrain[cell] for cell in cells_of(revealed & ~root[0])]
        shown += [crop[cell] for cell in cells_of(crops & ~root[1])]
        return (revealed, crops, tuple(shown))

    def outcomes(
        self, state: GameState, action: int, worlds: Sequence[int], spread: bool, depth: int
    ) -> list[tuple[float, GameState, int]]:
        kind, cell, to = _FIELDS(action)
        belief = self.belief(state)
        odds: Odds = ()
        fix_terrain = fix_crop = -1
        if kind in (_ENTER, _MOVE) and state.terrain[to] < 0:
            odds, fix_terrain = belief.terrain_odds(to), to
        elif kind == _DIVINE:
            odds, fix_crop = belief.crop_odds(cell), cell
        if not state.has_otoma:
            worlds = worlds[:1]  # without the Otoma no chance but the map's
        out = []
        for world in worlds:
            seed = (self.seed * 7919 + world) * 131 + depth
            stream = self._streams.get(seed)
            if stream is None:
                stream = self._streams[seed] = Stream(seed)
            rng = Draws(stream)
            if odds and not spread:
                splits = [(1.0, draw(odds, rng))]
            elif odds:
                splits = [(p, value) for value, p in enumerate(odds) if p > 0]
            else:
                splits = [(1.0, -1)]
            for p, value in splits:
                wheel = WorldWheel(
                    state.board,
                    state.terrain,
                    state.crop,
                    state.supply,
                    belief,
                    rng,
                    {fix_terrain: value} if fix_terrain >= 0 else None,
                    {fix_crop: value} if fix_crop >= 0 else None,
                )
                child = state.with_wheel(wheel)
                child.apply(action)
                while child.is_chance_node():
                    chances = child.chance_outcomes()
                    child.apply(chances[draw(tuple(q for _, q in chances), rng)][0])
                out.append((p / len(worlds), child, world))
        return out


class ExpertBot(SearchBot):
    """Searches the rest of its turn over the worlds the table allows (module documentation)."""

    name = "expert"

    def __init__(
        self,
        rng: random.Random,
        budget: Budget | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
    ):
        super().__init__(rng, budget, weights)
        self.known: dict[int, int] = {}
        """Crops proven so far: cell -> level (facts about the map, kept for the game)."""
        self.memo = Refinements(self.budget.exact)

    def proofs_known(self) -> int:
        return len(self.known)

    def pick(self, state: GameState) -> int:
        info = state.information_state()
        info.by_rule = True  # its group's choices, looking ahead, are its rule's (Bot.decide)
        info.keep_no_record()
        return self.choose(info)

    def choose(self, info: GameState) -> int:
        """The decision at an information state (nothing here can reach the hidden map)."""
        code = self.forced(info)
        if code is not None:
            return code
        model = PublicModel(self.rng.getrandbits(32), self.budget.samples, self.known, self.memo)
        code = self.search(info, model)
        belief = model.belief(info)
        if isinstance(belief, PublicBelief):
            self.known.update(belief.proofs())
        if A.kind_of(code) == _DIVINE:
            cell = A.cell_of(code)
            level = belief.proven(cell)
            if level is not None:
                self.known[cell] = level
                self.proved += 1
            else:
                self.guessed += 1
        return code
