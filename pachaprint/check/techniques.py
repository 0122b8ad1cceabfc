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
from itertools import combinations

from pachaprint.check.deduction import Deduction, Finder, Technique, join, levels_text
from pachaprint.check.difficulty import Difficulty
from pachaprint.check.position import Position, broken, is_solved, position_for
from pachaprint.check.solver import FULL, LEVEL_OF_BIT, POPCOUNT, levels_of
from pachaprint.model.rules import Terrain

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
                f"{join(pos.names(mates))} {'is' if len(mates) == 1 else 'are'} in its region"
            )
        if near:
            parts.append(f"{join(pos.names(near))} {'touches' if len(near) == 1 else 'touch'} it")
        yield Deduction(
            BY_ID["placed-level"],
            (),
            tuple((p, level) for p in hit),
            (cell,),
            f"ruling out {level} at {join(pos.names(hit))}: {name} holds {level}; {' and '.join(parts)}",
        )


def find_single_cell_region(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    for region in pos.regions:
        if region.size == 1 and region.cells[0] not in placed and dom[region.cells[0]] == 2:
            cell = region.cells[0]
            terrain = Terrain(region.terrain).label
            yield Deduction(
                BY_ID["single-cell-region"],
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
            why = f" ({join([f'{pos.board.name(h)} holds {LEVEL_OF_BIT[dom[h]]}' for h in holders])}{rest})"
        yield Deduction(
            BY_ID["naked-single"],
            ((cell, level),),
            (),
            (cell, *holders),
            f"{pos.board.name(cell)} must be {level}: {levels_text(others)} "
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
                    BY_ID["hidden-single"],
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
                    BY_ID["region-shadow"],
                    (),
                    tuple((cell, v) for v in levels),
                    tuple(region.cells),
                    f"ruling out {levels_text(levels)} at {pos.board.name(cell)}: it touches every cell "
                    f"of {pos.region_label(region)}, which holds {levels_text(range(1, region.size + 1))}",
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
                BY_ID["pointing"],
                (),
                tuple((t, level) for t in hit),
                tuple(spots),
                f"ruling out {level} at {join(pos.names(hit))}: the {level} of {pos.region_label(region)} "
                f"must be in {join(pos.names(spots), 'or')}, which {both} touch "
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
                f"ruling out {levels_text(sorted({v for _, v in ruled}))} at {join(pos.names(hit))}: "
                f"{join(pos.names(group))} can only hold {levels_text(levels, 'or')}, so between them "
                f"they hold {'both' if size == 2 else 'all three'}, and {join(pos.names(hit))} "
                f"{pos.link_text(hit, group)} each of them",
            )


def find_naked_pair(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    yield from _naked_subsets(pos, dom, placed, pos.cliques2, BY_ID["naked-pair"])


def find_naked_triple(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    yield from _naked_subsets(pos, dom, placed, pos.cliques3, BY_ID["naked-triple"])


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
                f"ruling out {levels_text(sorted({v for _, v in ruled}))} at "
                f"{join(pos.names(sorted({c for c, _ in ruled})))}: in {pos.region_label(region)} "
                f"the levels {levels_text(levels)} fit only {join(pos.names(cells))}, "
                f"so those cells hold them and nothing else",
            )


def find_hidden_pair(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    yield from _hidden_subsets(pos, dom, 2, BY_ID["hidden-pair"])


def find_hidden_triple(pos: Position, dom: list[int], placed: set[int]) -> Iterator[Deduction]:
    yield from _hidden_subsets(pos, dom, 3, BY_ID["hidden-triple"])


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
                    BY_ID["contradiction"],
                    (),
                    ((cell, level),),
                    (cell,),
                    f"ruling out {level} at {name}: if {name} held {level}, then after the easy "
                    f"steps {why}",
                )


def _technique(id: str, title: str, tier: Difficulty, summary: str, find: Finder) -> Technique:
    return Technique(id, title, tier, summary, find)


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


def next_deduction(
    pos: Position,
    dom: list[int],
    placed: set[int],
    ceiling: Difficulty = Difficulty.EXPERT,
    skip: frozenset[str] = frozenset(),
) -> Deduction | None:
    """The first deduction of the easiest technique that has one (up to ``ceiling``)."""
    for technique in TECHNIQUES:
        if technique.tier > ceiling:
            break
        if technique.id in skip:
            continue
        for deduction in technique.find(pos, dom, placed):
            return deduction
    return None
