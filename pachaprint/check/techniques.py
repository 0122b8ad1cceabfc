"""Human-style deduction techniques for the crop layer, each with a name and a tier.

In the spirit of Simon Tatham's puzzles, one set of techniques serves grading
(:mod:`pachaprint.check.grade`), explained solving and hints
(:mod:`pachaprint.check.explain`) and the generator. A position is a list of
domain masks (bit ``1 << level`` set when the level is still possible) plus the
set of cells already *placed* (announced). Every technique finder looks at a
position and yields :class:`Deduction` objects: the levels it places or rules
out, the cells that justify it, and a sentence in plain words.

Tiers (the difficulty of the hardest technique a scenario needs):

* easy: placed-level elimination, single-cell region, naked single, hidden single,
  region shadow (a cell touching a whole region);
* medium: pointing;
* hard: naked and hidden pairs and triples;
* expert: short contradiction (try a level, follow easy steps to a dead end).

Every technique is monotone: a deduction valid in a position stays valid in any
position with fewer candidates, so "easiest first" gives the least hard route.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import combinations
from typing import Any

from pachaprint.check.difficulty import TECHNIQUE_TIERS, Difficulty
from pachaprint.check.solver import (
    EMPTY_CELL,
    FULL,
    LEVEL_OF_BIT,
    MISSING_LEVEL,
    POPCOUNT,
    CropSolver,
    levels_of,
    settle,
)
from pachaprint.model.board import Board
from pachaprint.model.regions import Region
from pachaprint.model.rules import Terrain


@dataclass(frozen=True)
class Technique:
    """A named deduction technique."""

    id: str
    title: str
    tier: Difficulty
    summary: str


TECHNIQUES: dict[str, Technique] = {
    t.id: t
    for t in (
        Technique(
            "placed-level",
            "placed-level elimination",
            Difficulty.EASY,
            "A placed level is ruled out in the rest of its region and in the eight cells around it.",
        ),
        Technique(
            "single-cell-region",
            "single-cell region",
            Difficulty.EASY,
            "A region of one cell holds 1.",
        ),
        Technique(
            "naked-single",
            "naked single",
            Difficulty.EASY,
            "A cell with only one level left holds it.",
        ),
        Technique(
            "hidden-single",
            "hidden single",
            Difficulty.EASY,
            "A level that fits only one cell of its region goes there.",
        ),
        Technique(
            "region-shadow",
            "region shadow",
            Difficulty.EASY,
            "A cell touching every cell of an n-cell region cannot hold 1..n.",
        ),
        Technique(
            "pointing",
            "pointing",
            Difficulty.MEDIUM,
            "If every place left for a level of a region touches a cell outside it, "
            "that cell cannot hold the level.",
        ),
        Technique(
            "naked-pair",
            "naked pair",
            Difficulty.HARD,
            "Two cells that share a region or touch, with the same two levels left, "
            "hold both: no cell sharing a region with or touching both can hold them.",
        ),
        Technique(
            "hidden-pair",
            "hidden pair",
            Difficulty.HARD,
            "Two levels that fit only the same two cells of a region fill them: "
            "those cells hold nothing else.",
        ),
        Technique(
            "naked-triple",
            "naked triple",
            Difficulty.HARD,
            "Three mutually touching or same-region cells with only three levels among "
            "them hold all three: no cell linked to all of them can hold those levels.",
        ),
        Technique(
            "hidden-triple",
            "hidden triple",
            Difficulty.HARD,
            "Three levels that fit only the same three cells of a region fill them.",
        ),
        Technique(
            "contradiction",
            "short contradiction",
            Difficulty.EXPERT,
            "Trying a level in a cell and following easy steps leads to a dead end, "
            "so the level is ruled out.",
        ),
    )
}


@dataclass(frozen=True)
class Deduction:
    """One step of reasoning.

    ``placed`` lists ``(cell, level)`` set by the step, ``ruled_out`` the
    ``(cell, level)`` pairs it removes; ``because`` the cells that justify it;
    ``text`` the step in plain words, cells by name ("c3 must be 1: ...").
    """

    technique: Technique
    placed: tuple[tuple[int, int], ...]
    ruled_out: tuple[tuple[int, int], ...]
    because: tuple[int, ...]
    text: str

    @property
    def tier(self) -> Difficulty:
        return self.technique.tier

    @property
    def cells(self) -> tuple[int, ...]:
        """The cells this step changes, ascending."""
        return tuple(sorted({c for c, _ in self.placed} | {c for c, _ in self.ruled_out}))

    @property
    def levels(self) -> tuple[int, ...]:
        """The levels this step places or rules out, ascending."""
        return tuple(sorted({v for _, v in self.placed} | {v for _, v in self.ruled_out}))

    @property
    def is_placement(self) -> bool:
        return bool(self.placed)

    def apply(self, dom: list[int], placed: set[int] | None = None) -> None:
        """Apply the step to a position in place."""
        for cell, level in self.ruled_out:
            dom[cell] &= ~(1 << level)
        for cell, level in self.placed:
            dom[cell] = 1 << level
            if placed is not None:
                placed.add(cell)

    def to_dict(self, board: Board) -> dict[str, Any]:
        """JSON-ready form with cell names."""
        ruled: dict[str, list[int]] = {}
        for cell, level in sorted(self.ruled_out):
            ruled.setdefault(board.name(cell), []).append(level)
        return {
            "technique": self.technique.id,
            "tier": self.tier.value,
            "placed": {board.name(c): v for c, v in sorted(self.placed)},
            "ruled_out": ruled,
            "because": board.names(self.because),
            "text": self.text,
        }


# -- wording helpers -----------------------------------------------------------


def _join(words: list[str], word: str = "and") -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {word} " + words[-1]


def _levels_text(levels: Iterable[int], word: str = "and") -> str:
    return _join([str(v) for v in sorted(levels)], word)


# -- the position: geometry shared by every technique ---------------------------


class Position:
    """One terrain map prepared for human-style solving (build once, reuse)."""

    def __init__(self, board: Board, terrain: str, regions: list[Region] | None = None):
        self.solver = CropSolver(board, terrain, regions)
        self.board = board
        self.terrain = terrain
        self.regions = self.solver.regions
        self.region_of = self.solver.region_of
        self.peers = self.solver.peers
        self.peer_sets = [frozenset(p) for p in self.peers]
        self.touching = [frozenset(n) for n in board.neighbours8]
        self.units = [r for r in self.regions if 1 < r.size <= 5]
        self.shadows = self.solver.shadows
        """(cell, region) pairs where the cell touches every cell of the region."""
        self.shadowed = self.solver.shadowed

    @cached_property
    def cliques2(self) -> tuple[tuple[int, int], ...]:
        """Pairs of cells that are peers (same region or touching): naked pairs live there."""
        return tuple((a, b) for a in self.board.cells for b in self.peers[a] if b > a)

    @cached_property
    def cliques3(self) -> tuple[tuple[int, int, int], ...]:
        """Triples of mutual peers: naked triples live there."""
        return tuple(
            (a, b, c)
            for a, b in self.cliques2
            for c in self.peers[b]
            if c > b and c in self.peer_sets[a]
        )

    @property
    def valid_map(self) -> bool:
        return not self.solver.oversize

    # -- names ------------------------------------------------------------------
    def names(self, cells: Iterable[int]) -> list[str]:
        return self.board.names(cells)

    def region_label(self, region: Region) -> str:
        """``the 1-cell Forest region c3``, ``the Desert region d1-e1-e2`` (cells in reading order)."""
        terrain = Terrain(region.terrain).label
        if region.size == 1:
            return f"the 1-cell {terrain} region {self.board.name(region.cells[0])}"
        return f"the {terrain} region {'-'.join(self.names(region.cells))}"

    def link_text(self, targets: Sequence[int], sources: Sequence[int]) -> str:
        """How ``targets`` relate to every cell of ``sources``: share a region or touch."""
        one = len(targets) == 1
        same = all(self.region_of[t] == self.region_of[s] for t in targets for s in sources)
        touch = all(s in self.touching[t] for t in targets for s in sources)
        if same:
            return "shares a region with" if one else "share a region with"
        if touch:
            return "touches" if one else "touch"
        return "shares a region with or touches" if one else "share a region with or touch"

    # -- positions --------------------------------------------------------------
    def initial(self) -> list[int]:
        """Domains before any given: each cell holds a level up to its region's size."""
        return list(self.solver.initial)

    def start(
        self, givens: dict[int, int], shadows: bool = False
    ) -> tuple[list[int], set[int]] | None:
        """Domains with ``givens`` placed (no propagation), or ``None`` if a given does not fit.

        With ``shadows`` the region-shadow eliminations (which depend on the map
        only) are made up front, as the grader does; the explained chain states them.
        """
        dom = list(self.shadowed) if shadows else self.initial()
        for cell, level in givens.items():
            bit = 1 << level
            if not self.solver.initial[cell] & bit:
                return None
            dom[cell] = bit
        if not all(dom):
            return None
        return dom, set(givens)

    def easy_fixpoint(self, dom: list[int], queue: list[int] | None = None) -> str | None:
        """Apply every easy step in place; ``None`` when fine, else why it failed (words)."""
        if queue is None:
            queue = [c for c, d in enumerate(dom) if d and not d & (d - 1)]
        solver = self.solver
        conflict = settle(
            dom, queue, solver.peers, solver.units, solver.unit_of, set(range(len(solver.units)))
        )
        if conflict is None:
            return None
        kind, cell, unit, mask = conflict
        if kind == EMPTY_CELL:
            return f"{self.board.name(cell)} would have no level left"
        region = self.units[unit]
        if kind == MISSING_LEVEL:
            return f"{self.region_label(region)} would have no place for its {levels_of(mask)[0]}"
        return (
            f"{self.board.name(cell)} would be the only place for both "
            f"{_levels_text(levels_of(mask))} of {self.region_label(region)}"
        )


# -- easy techniques ---------------------------------------------------------------


def find_placed_level(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    for cell in sorted(placed):
        bit = dom[cell]
        if not bit or bit & (bit - 1):
            continue
        level = LEVEL_OF_BIT[bit]
        hit = [p for p in pos.peers[cell] if dom[p] & bit]
        if not hit:
            continue
        name = pos.board.name(cell)
        mates = [p for p in hit if pos.region_of[p] == pos.region_of[cell]]
        near = [p for p in hit if pos.region_of[p] != pos.region_of[cell]]
        parts = []
        if mates:
            parts.append(
                f"{_join(pos.names(mates))} {'is' if len(mates) == 1 else 'are'} in its region"
            )
        if near:
            parts.append(f"{_join(pos.names(near))} {'touches' if len(near) == 1 else 'touch'} it")
        yield Deduction(
            TECHNIQUES["placed-level"],
            (),
            tuple((p, level) for p in hit),
            (cell,),
            f"ruling out {level} at {_join(pos.names(hit))}: {name} holds {level}; {' and '.join(parts)}",
        )


def find_single_cell_region(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    for region in pos.regions:
        if region.size == 1 and region.cells[0] not in placed and dom[region.cells[0]] == 2:
            cell = region.cells[0]
            terrain = Terrain(region.terrain).label
            yield Deduction(
                TECHNIQUES["single-cell-region"],
                ((cell, 1),),
                (),
                (cell,),
                f"{pos.board.name(cell)} must be 1: it is the only cell of its 1-cell {terrain} region",
            )


def find_naked_single(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    for cell, d in enumerate(dom):
        if cell in placed or not d or d & (d - 1):
            continue
        region = pos.regions[pos.region_of[cell]]
        if region.size == 1:
            continue
        level = LEVEL_OF_BIT[d]
        others = [v for v in range(1, region.size + 1) if v != level]
        holders = []
        for v in others:
            holder = next((p for p in pos.peers[cell] if p in placed and dom[p] == 1 << v), None)
            if holder is not None:
                holders.append(holder)
        why = ""
        if holders:
            rest = "" if len(holders) == len(others) else "; the rest by earlier steps"
            why = f" ({_join([f'{pos.board.name(h)} holds {LEVEL_OF_BIT[dom[h]]}' for h in holders])}{rest})"
        yield Deduction(
            TECHNIQUES["naked-single"],
            ((cell, level),),
            (),
            (cell, *holders),
            f"{pos.board.name(cell)} must be {level}: {_levels_text(others)} "
            f"{'is' if len(others) == 1 else 'are'} ruled out there{why}",
        )


def find_hidden_single(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    for region in pos.units:
        for level in range(1, region.size + 1):
            bit = 1 << level
            spots = [c for c in region.cells if dom[c] & bit]
            if len(spots) == 1 and spots[0] not in placed and dom[spots[0]] != bit:
                cell = spots[0]
                yield Deduction(
                    TECHNIQUES["hidden-single"],
                    ((cell, level),),
                    (),
                    tuple(region.cells),
                    f"{pos.board.name(cell)} must be {level}: it is the only place left for the "
                    f"{level} of {pos.region_label(region)}",
                )


def find_region_shadow(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    for cell, region in pos.shadows:
        if cell not in placed:
            hit = dom[cell] & FULL[region.size]
            if hit:
                levels = levels_of(hit)
                yield Deduction(
                    TECHNIQUES["region-shadow"],
                    (),
                    tuple((cell, v) for v in levels),
                    tuple(region.cells),
                    f"ruling out {_levels_text(levels)} at {pos.board.name(cell)}: it touches every cell "
                    f"of {pos.region_label(region)}, which holds {_levels_text(range(1, region.size + 1))}",
                )


# -- medium techniques --------------------------------------------------------------


def find_pointing(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    for region in pos.units:
        for level in range(1, region.size + 1):
            bit = 1 << level
            spots = [c for c in region.cells if dom[c] & bit]
            if len(spots) < 2:
                continue
            common = set(pos.touching[spots[0]])
            for c in spots[1:]:
                common &= pos.touching[c]
            hit = sorted(t for t in common if dom[t] & bit and pos.region_of[t] != region.index)
            if not hit:
                continue
            both = "both" if len(spots) == 2 else "all"
            yield Deduction(
                TECHNIQUES["pointing"],
                (),
                tuple((t, level) for t in hit),
                tuple(spots),
                f"ruling out {level} at {_join(pos.names(hit))}: the {level} of {pos.region_label(region)} "
                f"must be in {_join(pos.names(spots), 'or')}, which {both} touch "
                f"{pos.board.name(hit[0]) if len(hit) == 1 else 'them'}",
            )


def _naked_subsets(
    pos: Position,
    dom: list[int],
    placed: set[int],
    cliques: Sequence[tuple[int, ...]],
    technique: Technique,
) -> Iterator[Deduction]:
    size = len(cliques[0]) if cliques else 0
    for group in cliques:
        union = 0
        for c in group:
            d = dom[c]
            if c in placed or not d & (d - 1):
                break
            union |= d
        else:
            if POPCOUNT[union] != size:
                continue
            common = set(pos.peer_sets[group[0]])
            for c in group[1:]:
                common &= pos.peer_sets[c]
            hit = sorted(t for t in common if dom[t] & union)
            if not hit:
                continue
            levels = levels_of(union)
            ruled = tuple((t, v) for t in hit for v in levels if dom[t] >> v & 1)
            yield Deduction(
                technique,
                (),
                ruled,
                tuple(group),
                f"ruling out {_levels_text(sorted({v for _, v in ruled}))} at {_join(pos.names(hit))}: "
                f"{_join(pos.names(group))} can only hold {_levels_text(levels, 'or')}, so between them "
                f"they hold {'both' if size == 2 else 'all three'}, and {_join(pos.names(hit))} "
                f"{pos.link_text(hit, group)} each of them",
            )


def find_naked_pair(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    yield from _naked_subsets(pos, dom, placed, pos.cliques2, TECHNIQUES["naked-pair"])


def find_naked_triple(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    yield from _naked_subsets(pos, dom, placed, pos.cliques3, TECHNIQUES["naked-triple"])


def _hidden_subsets(
    pos: Position, dom: list[int], size: int, technique: Technique
) -> Iterator[Deduction]:
    for region in pos.units:
        if region.size <= size:
            continue
        spots = {}
        for level in range(1, region.size + 1):
            bit = 1 << level
            cells = [c for c in region.cells if dom[c] & bit]
            if len(cells) > 1:
                spots[level] = cells
        for levels in combinations(sorted(spots), size):
            cells = sorted({c for v in levels for c in spots[v]})
            if len(cells) != size:
                continue
            keep = sum(1 << v for v in levels)
            ruled = tuple((c, v) for c in cells for v in levels_of(dom[c] & ~keep))
            if not ruled:
                continue
            yield Deduction(
                technique,
                (),
                ruled,
                tuple(region.cells),
                f"ruling out {_levels_text(sorted({v for _, v in ruled}))} at "
                f"{_join(pos.names(sorted({c for c, _ in ruled})))}: in {pos.region_label(region)} "
                f"the levels {_levels_text(levels)} fit only {_join(pos.names(cells))}, "
                f"so those cells hold them and nothing else",
            )


def find_hidden_pair(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    yield from _hidden_subsets(pos, dom, 2, TECHNIQUES["hidden-pair"])


def find_hidden_triple(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    yield from _hidden_subsets(pos, dom, 3, TECHNIQUES["hidden-triple"])


# -- expert technique ----------------------------------------------------------------


def find_contradiction(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Try each candidate level (cells with fewest candidates first) and follow easy steps."""
    order = sorted((POPCOUNT[d], c) for c, d in enumerate(dom) if d & (d - 1))
    for _, cell in order:
        for level in levels_of(dom[cell]):
            trial = dom.copy()
            trial[cell] = 1 << level
            why = pos.easy_fixpoint(trial, [cell])
            if why is not None:
                name = pos.board.name(cell)
                yield Deduction(
                    TECHNIQUES["contradiction"],
                    (),
                    ((cell, level),),
                    (cell,),
                    f"ruling out {level} at {name}: if {name} held {level}, then after the easy "
                    f"steps {why}",
                )


Finder = Callable[[Position, list[int], set[int]], Iterator[Deduction]]

FINDERS: dict[Difficulty, tuple[Finder, ...]] = {
    Difficulty.EASY: (
        find_placed_level,
        find_single_cell_region,
        find_naked_single,
        find_hidden_single,
        find_region_shadow,
    ),
    Difficulty.MEDIUM: (find_pointing,),
    Difficulty.HARD: (find_naked_pair, find_hidden_pair, find_naked_triple, find_hidden_triple),
    Difficulty.EXPERT: (find_contradiction,),
}
"""Technique finders per tier, in the order a solver tries them."""


def next_deduction(
    pos: Position,
    dom: list[int],
    placed: set[int],
    ceiling: Difficulty = Difficulty.EXPERT,
    skip: frozenset[str] = frozenset(),
) -> Deduction | None:
    """The first deduction of the easiest tier that has one (up to ``ceiling``)."""
    for tier in TECHNIQUE_TIERS:
        if tier > ceiling:
            break
        for finder in FINDERS[tier]:
            for deduction in finder(pos, dom, placed):
                if deduction.technique.id not in skip:
                    return deduction
    return None


def is_solved(dom: list[int]) -> bool:
    """True when every cell has exactly one level left."""
    return all(d and not d & (d - 1) for d in dom)


def broken(pos: Position, dom: list[int]) -> bool:
    """True when a cell has no level left or a region has no place for one of its levels."""
    if not all(dom):
        return True
    for region in pos.units:
        once = 0
        for cell in region.cells:
            once |= dom[cell]
        if once != FULL[region.size]:
            return True
    return False


@lru_cache(maxsize=64)
def position_for(board: Board, terrain: str) -> Position:
    """A cached :class:`Position` for a terrain map."""
    return Position(board, terrain)
