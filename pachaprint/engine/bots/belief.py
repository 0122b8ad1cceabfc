"""What a player may believe about the hidden map, from the table alone.

A search bot weighs the outcomes of its actions: the terrain a pawn will
discover, the crop a divination will reveal, the crop an Otoma pawn will find.
:class:`PublicBelief` gives their probabilities from public information only:
the table (revealed terrain and crops, the terrain supply beside the board),
the rules, the logician's sound proofs (:mod:`pachaprint.engine.bots.logic`,
:mod:`pachaprint.engine.bots.proofs`) and what anyone may know of maps in general
(how large regions tend to be). :class:`TrueMap` is the belief of a player who
has read the wheel (the ``oracle-cheat`` bot): every probability is 0 or 1.

Probabilities, in short:

* **Terrain** of a hidden cell: each terrain that may still lie there
  (``Knowledge.possible``) in proportion to its tiles left per cell it may take.
* **Crop** of a revealed cell: a proven crop is certain; otherwise, at the
  decision's table, the share of the solutions of the constraints around the
  cell that put each level there, each solution weighed by how likely the sizes
  of its regions are (:class:`Refinements`: listed once for a group of linked
  cells, remembered for the game). Deeper in a search, or where the solutions
  are too many to list, the region's size ``n`` is drawn from the sizes its
  bounds allow, weighted by how often a cell lies in a region of that size
  (:data:`CELL_SIZE_PRIOR`), the crop even among the levels of the cell's domain
  up to ``n`` (sharpened by sampled solutions where they are too many).
* **Crop** of a hidden cell of a known terrain: the same, for the region it
  would join, minus the levels on the cells around it.

:class:`~pachaprint.engine.bots.world.WorldWheel` turns a belief into a wheel
for the game state: a world drawn cell by cell as the search asks.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Final, Protocol

from pachaprint.engine.bots.logic import Component, Inconsistent, Knowledge, analyse, propagate
from pachaprint.engine.bots.proofs import narrowest, prove
from pachaprint.engine.rules.movement import Geometry, cell_count
from pachaprint.model.rules import MAX_REGION_SIZE

REGION_SIZES: Final = (121, 249, 510, 1134, 1363)
"""Regions of 1..5 cells in 300 long terrain maps of our generator (``check.generate``):
what a player may expect of a map in general, not of this one."""
CELL_SIZE_PRIOR = tuple(n * count for n, count in enumerate(REGION_SIZES, start=1))
"""Relative odds that a cell lies in a region of 1..5 cells (a large region holds more cells)."""
TERRAINS: Final = 4
LEVELS: Final = range(1, MAX_REGION_SIZE + 1)
Odds = tuple[float, ...]
"""Crop odds are indexed by level (index 0 unused); terrain odds by terrain index."""


class Belief(Protocol):
    """Probabilities of what the wheel would answer (see the module documentation)."""

    def terrain_odds(self, cell: int) -> Odds: ...
    def crop_odds(self, cell: int) -> Odds: ...
    def hidden_crop_odds(self, cell: int, terrain: int, terrains: Sequence[int]) -> Odds: ...
    def proven(self, cell: int) -> int | None: ...


def _normalised(weights: Sequence[float]) -> Odds:
    total = sum(weights)
    if total <= 0:
        return tuple(weights)
    return tuple(w / total for w in weights)


_SIZE_ODDS: dict[tuple[int, int, int], Odds] = {}
"""Every :func:`_size_odds` answer so far (a few hundred at most: it depends on small numbers only)."""


def _size_odds(domain: int, lower: int, upper: int) -> Odds:
    """Crop odds of a cell with ``domain`` (bit ``1 << level``) in a region of ``lower..upper`` cells.

    A drawn world may leave a hidden cell no level its neighbours allow (the draws
    are cell by cell, not a solved map): then every level is possible."""
    key = (domain, lower, upper)
    found = _SIZE_ODDS.get(key)
    if found is None:
        found = _SIZE_ODDS[key] = _worked_size_odds(domain, lower, upper)
    return found


def _worked_size_odds(domain: int, lower: int, upper: int) -> Odds:
    if not domain & 0b111110:
        domain = 0b111110
    odds = [0.0] * 6
    for n in range(max(1, lower), upper + 1):
        levels = [v for v in range(1, n + 1) if domain >> v & 1]
        if not levels:
            continue
        share = CELL_SIZE_PRIOR[n - 1] / len(levels)
        for v in levels:
            odds[v] += share
    if not any(odds):  # bounds and domain disagree (the domain is the sound part)
        odds = [float(domain >> v & 1) for v in range(6)]
    return _normalised(odds)


class PublicBelief:
    """Probabilities from public information (see the module documentation).

    ``know`` is the table's :class:`~pachaprint.engine.bots.logic.Knowledge` (``None``
    if the table breaks the rules: then every answer is even over what the
    rules alone allow); ``proofs`` are crops already proven (they never change).
    """

    def __init__(
        self,
        geo: Geometry,
        terrain: Sequence[int],
        crop: Sequence[int],
        supply: Sequence[int],
        know: Knowledge | None,
        proofs: Mapping[int, int] | None = None,
        node_limit: int = 60,
        sharpened: dict[tuple[int, ...], Odds] | None = None,
        sharpen: bool = True,
        memo: Refinements | None = None,
    ):
        self.geo, self.board = geo, geo.board
        self.terrain, self.crop, self.supply = terrain, crop, supply
        self.node_limit = node_limit
        self.sharpened = {} if sharpened is None else sharpened
        """Crop odds sharpened by sampling (:meth:`Refinements.refined`), by the key of the cells sampled:
        shared by the beliefs of one search."""
        self.sharpen = sharpen
        """Sample where no sharpened odds are known yet (else keep the plain odds)."""
        self.memo = memo if memo is not None else Refinements()
        """Odds sharpened on earlier tables (the same group of cells sharpens alike)."""
        self._proven: dict[int, int | None] = dict(proofs or {})
        self._crop: dict[int, Odds] = {}
        self._terrain: dict[int, Odds] = {}
        self._know = know
        self._table: tuple[list[int], list[int], list[int]] | None = None
        """The table still to analyse (:meth:`of_table`), copied when the belief was made."""
        self._share = _shares(supply, know)
        """Per terrain, its tiles left per cell that may hold it: made with :attr:`know`, so
        read it after reading :attr:`know` (as :meth:`terrain_odds` does)."""

    @property
    def know(self) -> Knowledge | None:
        """The table's :class:`~pachaprint.engine.bots.logic.Knowledge`, analysed at the
        first question that needs it: a search makes a belief for every table it meets, and
        some are never asked about a crop or a hidden cell's terrain (about 5 % of the
        analyses of a hard solo game). Reading it also sets the terrain shares it implies."""
        table = self._table
        if table is not None:
            self._table = None
            try:
                self._know = analyse(self.geo, table[0], table[1], table[2])
            except Inconsistent:
                self._know = None
            self._share = _shares(table[2], self._know)
        return self._know

    @classmethod
    def of_table(
        cls,
        geo: Geometry,
        terrain: Sequence[int],
        crop: Sequence[int],
        supply: Sequence[int],
        proofs: Mapping[int, int] | None = None,
        sharpened: dict[tuple[int, ...], Odds] | None = None,
        sharpen: bool = True,
        memo: Refinements | None = None,
    ) -> PublicBelief:
        # the class by name: compiled, cheaper than a call of ``cls`` (there is no subclass)
        belief = PublicBelief(
            geo, terrain, crop, supply, None, proofs, 60, sharpened, sharpen, memo
        )
        belief._table = (list(terrain), list(crop), list(supply))
        return belief

    def proofs(self) -> dict[int, int]:
        """Every crop proven so far (by this belief or given to it)."""
        return {cell: level for cell, level in self._proven.items() if level is not None}

    def proven(self, cell: int) -> int | None:
        """The crop of a revealed cell if the table proves it (cached)."""
        if cell in self._proven:
            return self._proven[cell]
        level = None
        if self.know is not None and self.know.domains[cell]:
            try:
                level = prove(self.know, [cell], self.node_limit).get(cell)
            except Inconsistent:
                level = None
        self._proven[cell] = level
        return level

    def terrain_odds(self, cell: int) -> Odds:
        found = self._terrain.get(cell)
        if found is None:
            know = self.know
            if know is None:
                weights = [float(s) for s in self.supply]
            else:
                weights = [
                    self._share[t] if know.possible[t] >> cell & 1 else 0.0 for t in range(TERRAINS)
                ]
                if not any(weights):
                    weights = [float(s) for s in self.supply]
            found = self._terrain[cell] = _normalised(weights)
        return found

    def crop_odds(self, cell: int) -> Odds:
        found = self._crop.get(cell)
        if found is not None:
            return found
        level = self.proven(cell)
        know = self.know
        if level is not None:
            found = tuple(1.0 if v == level else 0.0 for v in range(6))
        elif know is None or not know.domains[cell]:
            found = _size_odds(0b111110, 1, MAX_REGION_SIZE)
        else:
            domain = _alive(know, cell)
            comp = know.components[know.component_of[cell]]
            found = _size_odds(domain, comp.lower, comp.upper)
            if domain & (domain - 1):
                key = _key(know, cell, self.memo.exact)
                sharp = self.sharpened.get(key)
                if sharp is None and self.sharpen:
                    sharp = self.sharpened[key] = self.memo.refined(key, know, cell, found)
                found = sharp or found
        self._crop[cell] = found
        return found

    def hidden_crop_odds(self, cell: int, terrain: int, terrains: Sequence[int]) -> Odds:
        """Crop odds of a hidden ``cell`` found to hold ``terrain``; ``terrains``: the
        terrain now known per cell (the table plus what the search drew)."""
        board = self.board
        crop = self.crop
        domain = 0b111110
        for n in board.neighbours8[cell]:
            if crop[n]:
                domain &= ~(1 << crop[n])
        # the revealed cells of the same terrain it joins (orthogonally, transitively)
        seen = {cell}
        todo = [cell]
        while todo:
            c = todo.pop()
            for n in board.neighbours4[c]:
                if n not in seen and terrains[n] == terrain:
                    seen.add(n)
                    todo.append(n)
                    if crop[n]:
                        domain &= ~(1 << crop[n])
        lower = min(len(seen), MAX_REGION_SIZE)
        return _size_odds(domain, lower, MAX_REGION_SIZE)


def _shares(supply: Sequence[int], know: Knowledge | None) -> list[float]:
    """Per terrain: its tiles left per hidden cell that may hold it (0 where none may)."""
    return [
        supply[t] / cell_count(know.possible[t]) if know and know.possible[t] else 0.0
        for t in range(TERRAINS)
    ]


def _alive(know: Knowledge, cell: int) -> int:
    """The levels of ``cell``'s domain that propagation alone does not refute."""
    dom = know.domains
    d = dom[cell]
    if not d & (d - 1):
        return d
    alive = 0
    for level in LEVELS:
        if d >> level & 1:
            trial = list(dom)
            trial[cell] = 1 << level
            if propagate(know, trial, [cell]):
                alive |= 1 << level
    return alive or d


GROUP: Final = 12
"""Undecided cells around a cell that :meth:`Refinements.refined` samples together."""
SAMPLES: Final = 16
"""Solutions :meth:`Refinements.refined` draws per cell."""
TEMPER: Final = 0.7
"""Odds are raised to this power (and normalised): samples of a part of the constraints
are overconfident; 0.7 gave the best log-loss on logician games of every shipped long map."""
REFINEMENTS: Final = 4096
"""Sharpened odds a :class:`Refinements` remembers (the latest)."""
NODES: Final = 4000
"""Search nodes :meth:`Refinements.weighed` may spend listing the solutions of a group
(else it gives up, and the odds are sampled)."""
_FACTORIAL: Final = (1, 1, 2, 6, 24, 120)


class Refinements:
    """Crop odds sharpened by the solutions around a cell (:meth:`refined`), remembered by
    the key of the cells looked at: a bot keeps one for the game."""

    def __init__(self, exact: bool = False) -> None:
        self._found: OrderedDict[tuple[int, ...], Odds] = OrderedDict()
        self._groups: OrderedDict[tuple[int, ...], dict[int, Odds] | None] = OrderedDict()
        self.exact = exact
        """List every solution of a cell's group, weighed by how likely its regions are
        (:meth:`weighed`); else (or when there are too many) sample solutions."""

    def refined(self, key: tuple[int, ...], know: Knowledge, cell: int, odds: Odds) -> Odds:
        """``odds`` sharpened by the crops that fit the cells around ``cell``: with
        :attr:`exact`, every solution (:meth:`weighed`); else, or when they are too many to
        list, solutions of the constraints among revealed cells drawn at random
        (:func:`_solution`), each level weighted by how often it came up. Seeded by the
        domains of the cells sampled (``key``, :func:`_key`), so the same table always gives
        the same odds."""
        found = self._found.get(key)
        if found is not None:
            self._found.move_to_end(key)
            return found
        group = _group(know, cell)
        found = self.weighed(know, group, cell) if self.exact else None
        if found is None:
            found = _sampled(key, know, group, cell, odds)
        self._found[key] = found
        if len(self._found) > REFINEMENTS:
            self._found.popitem(last=False)
        return found

    def weighed(self, know: Knowledge, group: list[int], cell: int) -> Odds | None:
        """Crop odds of ``cell`` from every solution of the constraints on ``group``, each
        weighed by :func:`_likelihood`; ``None`` when listing them takes more than
        :data:`NODES` steps (or there is none). One listing gives the odds of every cell
        of the group: they are remembered by the group's cells, domains and regions."""
        cells = sorted(group)
        dom = know.domains
        parts = _parts_of(know, cells)
        key = (*cells, *(dom[c] for c in cells), *(know.unit_of[c] for c in cells))
        key += _parts_key(know, parts)
        if key in self._groups:
            self._groups.move_to_end(key)
            found = self._groups[key]
        else:
            found = None
            weights = [[0.0] * 6 for _ in cells]
            if _solutions(know, cells, parts, list(dom), weights, [NODES]):
                found = {}
                for c, row in zip(cells, weights, strict=True):
                    total = sum(row)
                    if total > 0:
                        found[c] = tuple(w / total for w in row)
            self._groups[key] = found
            if len(self._groups) > REFINEMENTS:
                self._groups.popitem(last=False)
        return None if found is None else found.get(cell)


def _sampled(
    key: tuple[int, ...], know: Knowledge, group: list[int], cell: int, odds: Odds
) -> Odds:
    """``odds`` sharpened by solutions of the constraints on ``group`` drawn at random
    (:func:`_solution`, seeded by ``key``), each level weighted by how often it came up."""
    rng = random.Random(hash(key))
    counts = [0.0] * 6
    drawn = 0
    for _ in range(SAMPLES):
        solution = _solution(know, group, rng, [60])
        if solution:
            drawn += 1
            counts[solution[cell].bit_length() - 1] += 1
    if not drawn:
        return odds
    weights = [(p * (counts[v] + p)) ** TEMPER for v, p in enumerate(odds)]
    return _normalised(weights) if sum(weights) > 0 else odds


def _key(know: Knowledge, cell: int, regions: bool = False) -> tuple[int, ...]:
    """What :meth:`Refinements.refined` depends on: the cell, and the domains and regions of
    its group; with ``regions`` (the exact odds) also the size, bounds and highest known
    level of each part of a region in the group."""
    dom = know.domains
    group = _group(know, cell)
    key = (cell, *(dom[c] for c in group), *(know.unit_of[c] for c in group))
    if not regions:
        return key
    return key + _parts_key(know, _parts_of(know, group))


def _parts_key(know: Knowledge, parts: list[int]) -> tuple[int, ...]:
    """The size, bounds and highest known level of each of the parts of regions ``parts``."""
    found: list[int] = []
    for k in parts:
        comp = know.components[k]
        found += [k, comp.size, comp.lower, comp.upper, _top(comp, know.domains)]
    return tuple(found)


def _parts_of(know: Knowledge, group: list[int]) -> list[int]:
    """The components (parts of regions) the cells of ``group`` belong to, in order."""
    found: list[int] = []
    for c in group:
        k = know.component_of[c]
        if k >= 0 and k not in found:
            found.append(k)
    found.sort()
    return found


def _top(comp: Component, dom: list[int]) -> int:
    """The highest level placed on ``comp`` by the domains ``dom`` (decided cells only)."""
    top = 0
    for c in comp.cells:
        d = dom[c]
        if d and not d & (d - 1):
            level = d.bit_length() - 1
            if level > top:
                top = level
    return top


def _solutions(
    know: Knowledge,
    group: list[int],
    parts: list[int],
    dom: list[int],
    weights: list[list[float]],
    budget: list[int],
) -> bool:
    """Adds the weight of every solution below ``dom`` to ``weights`` (per cell of
    ``group``, by its level); False once the budget is spent."""
    budget[0] -= 1
    if budget[0] < 0:
        return False
    best = narrowest(group, dom)
    if best < 0:
        likely = _likelihood(know, parts, dom)
        for i, c in enumerate(group):
            row = weights[i]
            level = dom[c].bit_length() - 1
            row[level] = row[level] + likely
        return True
    for level in LEVELS:
        if dom[best] >> level & 1:
            child = list(dom)
            child[best] = 1 << level
            if propagate(know, child, [best]) and not _solutions(
                know, group, parts, child, weights, budget
            ):
                return False
    return True


def _likelihood(know: Knowledge, parts: list[int], dom: list[int]) -> float:
    """How likely the levels ``dom`` places on the parts of regions ``parts`` are: a part
    of ``s`` cells whose highest level is ``m`` lies in a region of ``n >= m`` cells
    (within its bounds) with the odds of :data:`REGION_SIZES`, and holds each choice of
    ``s`` of its ``n`` levels alike."""
    product = 1.0
    for k in parts:
        comp = know.components[k]
        size = comp.size
        low = max(_top(comp, dom), comp.lower, size)
        odds = 0.0
        for n in range(low, comp.upper + 1):
            odds += REGION_SIZES[n - 1] * _FACTORIAL[n - size] / _FACTORIAL[n]
        product *= odds
    return product


def _group(know: Knowledge, cell: int) -> list[int]:
    """Undecided cells linked to ``cell`` by constraints, nearest first (at most :data:`GROUP`)."""
    dom, peers = know.domains, know.peers
    group, seen = [cell], {cell}
    for c in group:
        for peer in peers[c]:
            if peer not in seen and dom[peer] & (dom[peer] - 1):
                seen.add(peer)
                group.append(peer)
                if len(group) >= GROUP:
                    return group
    return group


def _solution(
    know: Knowledge,
    group: list[int],
    rng: random.Random,
    budget: list[int],
    dom: list[int] | None = None,
) -> list[int] | None:
    """A random solution of the constraints on ``group`` (a domain list), or None
    (none found within ``budget`` nodes)."""
    if dom is None:
        dom = list(know.domains)
    budget[0] -= 1
    if budget[0] < 0:
        return None
    best = narrowest(group, dom)
    if best < 0:
        return dom
    levels = [v for v in LEVELS if dom[best] >> v & 1]
    rng.shuffle(levels)
    for level in levels:
        child = list(dom)
        child[best] = 1 << level
        if propagate(know, child, [best]):
            found = _solution(know, group, rng, budget, child)
            if found:
                return found
            if budget[0] < 0:
                return None
    return None


class TrueMap:
    """The belief of a player who knows the map: certain answers (the ``oracle-cheat`` bot)."""

    def __init__(self, terrain: Sequence[int], crops: Sequence[int]):
        self.terrain, self.crops = terrain, crops

    def proven(self, cell: int) -> int | None:
        return self.crops[cell]

    def terrain_odds(self, cell: int) -> Odds:
        return tuple(1.0 if t == self.terrain[cell] else 0.0 for t in range(TERRAINS))

    def crop_odds(self, cell: int) -> Odds:
        return tuple(1.0 if v == self.crops[cell] else 0.0 for v in range(6))

    def hidden_crop_odds(self, cell: int, terrain: int, terrains: Sequence[int]) -> Odds:
        return self.crop_odds(cell)
