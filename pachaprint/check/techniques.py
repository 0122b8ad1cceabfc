"""The named techniques for the crop layer, easiest first: the one solver's steps.

As in Simon Tatham's puzzles (his ``DIFFLIST``), one list of named
techniques, :data:`TECHNIQUES`, easiest first, is the solver behind grading
(:mod:`pachaprint.check.grade`), explained solving and hints
(:mod:`pachaprint.check.explain`), the studio's step-through and the
generator. Each technique's ``find(pos, dom, placed)`` looks at a position and
yields :class:`~pachaprint.check.deduction.Deduction` objects: the levels it
places or rules out, the cells that justify it, and a sentence in plain words.

Tiers (a scenario's grade is the tier of the hardest technique it needs):

* easy: placed-level elimination, single-cell region, naked single, hidden single,
  region shadow (a cell touching a whole region);
* medium: pointing;
* hard: naked and hidden pairs and triples;
* expert: short contradiction (try a level, follow easy steps to a dead end).

Every technique is a sound, monotone elimination: a deduction valid in a
position stays valid in any position with fewer candidates, so "easiest first"
gives the least hard route, and the order steps are taken in within a tier
never changes the grade.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial

from pachaprint.check import wording
from pachaprint.check.deduction import Deduction, Finder, Technique
from pachaprint.check.difficulty import Difficulty
from pachaprint.check.position import Position, broken, is_solved, position_for
from pachaprint.check.propagate import FULL, POPCOUNT, levels_of
from pachaprint.check.subsets import cells_of, hidden_subsets, naked_subsets

__all__ = [
    "BY_ID",
    "TECHNIQUES",
    "Deduction",
    "Difficulty",
    "Position",
    "Technique",
    "broken",
    "is_solved",
    "next_deduction",
    "position_for",
]


# -- easy techniques ---------------------------------------------------------------
# Each finder works on the masks alone and hands its deduction its words as a
# ``partial`` of a function of :mod:`pachaprint.check.wording`: the grader never
# reads them, so they are only written for the steps a person is shown.


def find_placed_level(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    # each level's cells as a bit mask, so that a placed cell's hits are one AND
    planes = [0] * 6
    for cell in range(len(dom)):
        d = dom[cell]
        while d:
            low = d & -d
            planes[low.bit_length() - 1] |= 1 << cell
            d ^= low
    peer_masks = pos.peer_masks
    for cell in range(len(dom)):
        bit = dom[cell]
        if not bit or bit & (bit - 1) or cell not in placed:
            continue
        level = bit.bit_length() - 1
        hits = peer_masks[cell] & planes[level]
        if hits:
            hit = cells_of(hits)
            yield Deduction(
                _PLACED_LEVEL,
                (),
                tuple([(p, level) for p in hit]),
                partial(wording.placed_level, pos, cell, level, hit),
            )


def find_single_cell_region(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    for cell in pos.single_cells:
        if dom[cell] == 2 and cell not in placed:
            yield Deduction(
                _SINGLE_CELL_REGION,
                ((cell, 1),),
                (),
                partial(wording.single_cell_region, pos, cell),
            )


def find_naked_single(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    for cell in range(len(dom)):
        d = dom[cell]
        if not d or d & (d - 1) or cell in placed or pos.size_of[cell] == 1:
            continue
        # (a 1-cell region is the single-cell-region technique's)
        # the placed peers holding its other levels (the first of each), for the words
        held = [-1] * 6
        for p in pos.peers[cell]:
            e = dom[p]
            if e != d and e and not e & (e - 1) and p in placed:
                level = e.bit_length() - 1
                if held[level] < 0:
                    held[level] = p
        yield Deduction(
            _NAKED_SINGLE,
            ((cell, d.bit_length() - 1),),
            (),
            partial(wording.naked_single, pos, cell, d.bit_length() - 1, held),
        )


def find_hidden_single(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    for region in pos.units:
        cells = region.cells
        once = twice = 0
        for c in cells:
            d = dom[c]
            twice |= once & d
            once |= d
        singles = once & ~twice
        if not singles:
            continue
        for level in range(1, len(cells) + 1):
            bit = 1 << level
            if not singles & bit:
                continue
            for cell in cells:
                if dom[cell] & bit:
                    if dom[cell] != bit and cell not in placed:
                        yield Deduction(
                            _HIDDEN_SINGLE,
                            ((cell, level),),
                            (),
                            partial(wording.hidden_single, pos, cell, level, region),
                        )
                    break


def find_region_shadow(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    for cell, region in pos.shadows:
        hit = dom[cell] & FULL[region.size]
        if hit and cell not in placed:
            yield Deduction(
                _REGION_SHADOW,
                (),
                tuple([(cell, v) for v in levels_of(hit)]),
                partial(wording.region_shadow, pos, cell, levels_of(hit), region),
            )


# -- medium techniques --------------------------------------------------------------


def find_pointing(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    near = pos.near_masks
    for region in pos.units:
        outside = ~pos.region_masks[region.index]
        for level in range(1, region.size + 1):
            bit = 1 << level
            common = -1
            spots = 0
            for c in region.cells:
                if dom[c] & bit:
                    common &= near[c]
                    spots += 1
            if spots < 2:
                continue
            common &= outside
            hit = [t for t in cells_of(common) if dom[t] & bit]
            if hit:
                yield Deduction(
                    _POINTING,
                    (),
                    tuple([(t, level) for t in hit]),
                    partial(
                        wording.pointing,
                        pos,
                        level,
                        region,
                        [c for c in region.cells if dom[c] & bit],
                        hit,
                    ),
                )


# -- hard techniques (the search is :mod:`pachaprint.check.subsets`) ----------------


def _naked(
    pos: Position,
    dom: list[int],
    placed: set[int],
    cliques: Sequence[tuple[int, ...]],
    technique: Technique,
) -> Iterator[Deduction]:
    for group, union, hit, ruled in naked_subsets(pos, dom, placed, cliques):
        yield Deduction(
            technique, (), ruled, partial(wording.naked_subset, pos, group, union, hit, ruled)
        )


def find_naked_pair(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    yield from _naked(pos, dom, placed, pos.cliques2, _NAKED_PAIR)


def find_naked_triple(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    yield from _naked(pos, dom, placed, pos.cliques3, _NAKED_TRIPLE)


def _hidden(pos: Position, dom: list[int], size: int, technique: Technique) -> Iterator[Deduction]:
    for region, levels, cells, ruled in hidden_subsets(pos, dom, size):
        yield Deduction(
            technique, (), ruled, partial(wording.hidden_subset, pos, region, levels, cells, ruled)
        )


def find_hidden_pair(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    yield from _hidden(pos, dom, 2, _HIDDEN_PAIR)


def find_hidden_triple(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    yield from _hidden(pos, dom, 3, _HIDDEN_TRIPLE)


# -- expert technique ----------------------------------------------------------------


def find_contradiction(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    """Try each candidate level (cells with fewest candidates first) and follow easy steps."""
    order = sorted([(POPCOUNT[d], c) for c, d in enumerate(dom) if d & (d - 1)])
    for _, cell in order:
        for level in levels_of(dom[cell]):
            trial = dom.copy()
            trial[cell] = 1 << level
            dead_end = pos.dead_end(trial, [cell])
            if dead_end is not None:
                yield Deduction(
                    _CONTRADICTION,
                    (),
                    ((cell, level),),
                    partial(wording.contradiction, pos, cell, level, dead_end),
                )


def _technique(id: str, title: str, tier: Difficulty, summary: str, find: Finder) -> Technique:
    return Technique(id, title, tier, summary, find, tier.rank)


TECHNIQUES: tuple[Technique, ...] = (
    _technique(
        "placed-level",
        "placed-level elimination",
        Difficulty.EASY,
        "A placed level is ruled out in the rest of its region and in the eight cells around it.",
        find_placed_level,
    ),
    _technique(
        "single-cell-region",
        "single-cell region",
        Difficulty.EASY,
        "A region of one cell holds 1.",
        find_single_cell_region,
    ),
    _technique(
        "naked-single",
        "naked single",
        Difficulty.EASY,
        "A cell with only one level left holds it.",
        find_naked_single,
    ),
    _technique(
        "hidden-single",
        "hidden single",
        Difficulty.EASY,
        "A level that fits only one cell of its region goes there.",
        find_hidden_single,
    ),
    _technique(
        "region-shadow",
        "region shadow",
        Difficulty.EASY,
        "A cell touching every cell of an n-cell region cannot hold 1..n.",
        find_region_shadow,
    ),
    _technique(
        "pointing",
        "pointing",
        Difficulty.MEDIUM,
        "If every place left for a level of a region touches a cell outside it, "
        "that cell cannot hold the level.",
        find_pointing,
    ),
    _technique(
        "naked-pair",
        "naked pair",
        Difficulty.HARD,
        "Two cells that share a region or touch, with the same two levels left, "
        "hold both: no cell sharing a region with or touching both can hold them.",
        find_naked_pair,
    ),
    _technique(
        "hidden-pair",
        "hidden pair",
        Difficulty.HARD,
        "Two levels that fit only the same two cells of a region fill them: "
        "those cells hold nothing else.",
        find_hidden_pair,
    ),
    _technique(
        "naked-triple",
        "naked triple",
        Difficulty.HARD,
        "Three mutually touching or same-region cells with only three levels among "
        "them hold all three: no cell linked to all of them can hold those levels.",
        find_naked_triple,
    ),
    _technique(
        "hidden-triple",
        "hidden triple",
        Difficulty.HARD,
        "Three levels that fit only the same three cells of a region fill them.",
        find_hidden_triple,
    ),
    _technique(
        "contradiction",
        "short contradiction",
        Difficulty.EXPERT,
        "Trying a level in a cell and following easy steps leads to a dead end, "
        "so the level is ruled out.",
        find_contradiction,
    ),
)
"""Every technique, easiest first: the order the solver tries them in (Tatham's ``DIFFLIST``)."""

BY_ID: dict[str, Technique] = {technique.id: technique for technique in TECHNIQUES}
"""The techniques by id."""

(
    _PLACED_LEVEL,
    _SINGLE_CELL_REGION,
    _NAKED_SINGLE,
    _HIDDEN_SINGLE,
    _REGION_SHADOW,
    _POINTING,
    _NAKED_PAIR,
    _HIDDEN_PAIR,
    _NAKED_TRIPLE,
    _HIDDEN_TRIPLE,
    _CONTRADICTION,
) = TECHNIQUES


def next_deduction(
    pos: Position,
    dom: list[int],
    placed: set[int],
    ceiling: Difficulty = Difficulty.EXPERT,
    skip: frozenset[str] = frozenset(),
) -> Deduction | None:
    """The first deduction of the easiest technique that has one (up to ``ceiling``)."""
    for technique in TECHNIQUES:
        if technique.rank > ceiling.rank:
            break
        if technique.id in skip:
            continue
        for deduction in technique.find(pos, dom, placed):
            return deduction
    return None
