"""The hard tier's search: naked and hidden subsets (pairs and triples).

Plain mask arithmetic, apart from the words and the :class:`Deduction` objects
that :mod:`pachaprint.check.techniques` makes of what is found here, so the
list of techniques stays one short table.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from pachaprint.check.position import Position
from pachaprint.check.propagate import POPCOUNT, levels_of
from pachaprint.model.regions import Region

Ruled = tuple[tuple[int, int], ...]
"""(cell, level) pairs ruled out."""


def cells_of(mask: int) -> list[int]:
    """The cells of a bit mask, ascending."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return cells


def naked_subsets(
    pos: Position, dom: list[int], placed: set[int], cliques: Sequence[tuple[int, ...]]
) -> Iterator[tuple[tuple[int, ...], int, list[int], Ruled]]:
    """``(group, union of its levels, cells hit, ruled)`` for each group of mutually
    linked open cells whose levels number as many as its cells, and that rules out
    something in the cells linked to all of them."""
    peer_masks = pos.peer_masks
    for group in cliques:
        union = 0
        common = -1
        open_cells = True
        for c in group:
            d = dom[c]
            if c in placed or not d & (d - 1):
                open_cells = False
                break
            union |= d
            common &= peer_masks[c]
        if not open_cells or POPCOUNT[union] != len(group):
            continue
        hit = [t for t in cells_of(common) if dom[t] & union]
        if hit:
            yield group, union, hit, tuple([(t, v) for t in hit for v in levels_of(dom[t] & union)])


def hidden_subsets(
    pos: Position, dom: list[int], size: int
) -> Iterator[tuple[Region, tuple[int, ...], list[int], Ruled]]:
    """``(region, levels, cells, ruled)`` for each ``size`` levels of a region that fit
    only the same ``size`` cells of it, which then hold nothing else."""
    for region in pos.units:
        if region.size <= size:
            continue
        spots: dict[int, int] = {}
        for level in range(1, region.size + 1):
            bit = 1 << level
            where = 0
            for i, c in enumerate(region.cells):
                if dom[c] & bit:
                    where |= 1 << i
            if where & (where - 1):
                spots[level] = where
        for levels in combinations(sorted(spots), size):
            where = 0
            for v in levels:
                where |= spots[v]
            if POPCOUNT[where] != size:
                continue
            keep = 0
            for v in levels:
                keep |= 1 << v
            cells = [c for i, c in enumerate(region.cells) if where >> i & 1]
            ruled = tuple([(c, v) for c in cells for v in levels_of(dom[c] & ~keep)])
            if ruled:
                yield region, levels, cells, ruled
