"""Proof by refutation: which crops the public information proves (see :mod:`pachaprint.engine.bots.logic`).

A level is proven for a cell when every other level of its domain leads to a
contradiction of the constraints among revealed cells: first by propagation
alone, then by a depth-first search with propagation, node-limited (a search
that runs out of nodes proves nothing). Only cells with at most two levels
left after trying each level with propagation are searched. The constraints
are a subset of the true ones, so whatever holds in every solution of this
relaxed problem holds on the hidden map.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal

from pachaprint.engine.bots.logic import LEVEL_OF_BIT, Inconsistent, Knowledge, propagate

POPCOUNT: Final = tuple(bin(m).count("1") for m in range(64))
GROUP_LIMIT: Final = 20
"""Undecided cells a refutation search looks at (the nearest ones to the cell)."""


def prove(
    knowledge: Knowledge, cells: Iterable[int], node_limit: int = 200, search_width: int = 2
) -> dict[int, int]:
    """Proven crop levels of ``cells`` (revealed cells without crop): cell -> level.

    A cell is proven when every other level of its domain is refuted: first by
    propagation alone (place the level, follow singles to a contradiction),
    then, when at most ``search_width`` levels survive that, by a complete
    search of the relaxed problem. The search only looks at the undecided
    cells linked to the cell by constraints: the others cannot be affected,
    and the hidden map satisfies them anyway.

    """
    proven: dict[int, int] = {}
    dom = knowledge.domains
    cache = knowledge.proofs
    for cell in cells:
        if cell in cache:
            known = cache[cell]
            if known is not None:
                proven[cell] = known
            continue
        d = dom[cell]
        if not d:
            continue
        result = LEVEL_OF_BIT.get(d)
        if result is None:
            result = _refute(knowledge, cell, node_limit, search_width)
        if result is not None:
            proven[cell] = result
        cache[cell] = result
    return proven


def _refute(knowledge: Knowledge, cell: int, node_limit: int, search_width: int) -> int | None:
    """The one level of ``cell`` that survives refutation, or None."""
    dom = knowledge.domains
    d = dom[cell]
    survivors = []
    for level in range(1, 6):
        if d >> level & 1:
            trial = list(dom)
            trial[cell] = 1 << level
            if propagate(knowledge, trial, [cell]):
                survivors.append(level)
    if len(survivors) == 1:
        return survivors[0]
    if not survivors:
        raise Inconsistent(f"no level fits {knowledge.board.name(cell)}")
    if len(survivors) > search_width:
        return None
    alive = knowledge.alive
    group = _undecided_group(knowledge, cell, GROUP_LIMIT)
    seen = alive.get(cell, 0)
    for level in survivors:
        bit = 1 << level
        if seen & bit:
            continue
        if seen & (seen - 1):
            return None
        solution = _solve_with(knowledge, group, cell, level, node_limit)
        if solution is None:  # unknown: count the level as possible
            seen |= bit
        elif solution:
            for c in group:
                alive[c] = alive.get(c, 0) | solution[c]
            seen |= bit
    return LEVEL_OF_BIT.get(seen) if seen else None


def _undecided_group(knowledge: Knowledge, cell: int, limit: int = GROUP_LIMIT) -> list[int]:
    """Undecided cells linked to ``cell`` through constraints between undecided cells,
    nearest first, at most ``limit`` of them.

    Searching a part of the problem only drops constraints: a refutation found
    there still holds (sound), a solution found there may not extend (which
    only costs a proof)."""
    dom = knowledge.domains
    peers = knowledge.peers
    group = [cell]
    seen = {cell}
    for c in group:
        for peer in peers[c]:
            if peer not in seen:
                d = dom[peer]
                if d & (d - 1):
                    seen.add(peer)
                    group.append(peer)
                    if len(group) >= limit:
                        return group
    return group


def _solve_with(
    knowledge: Knowledge, group: list[int], cell: int, level: int, node_limit: int
) -> list[int] | Literal[False] | None:
    """A solution (domain list) of ``group`` with ``level`` on ``cell``; ``False`` if none; ``None`` if unknown."""
    dom = list(knowledge.domains)
    dom[cell] = 1 << level
    if not propagate(knowledge, dom, [cell]):
        return False
    budget = [node_limit]
    return _search(knowledge, dom, group, budget)


def narrowest(group: list[int], dom: list[int]) -> int:
    """The undecided cell of ``group`` with the fewest levels left in ``dom`` (the first of
    them), where a search branches; -1 when every cell is decided."""
    best, best_count = -1, 6
    for c in group:
        d = dom[c]
        if d & (d - 1):
            count = POPCOUNT[d]
            if count < best_count:
                best, best_count = c, count
                if count == 2:  # no undecided cell has fewer
                    break
    return best


def _search(
    knowledge: Knowledge, dom: list[int], group: list[int], budget: list[int]
) -> list[int] | Literal[False] | None:
    budget[0] -= 1
    if budget[0] < 0:
        return None
    best = narrowest(group, dom)
    if best < 0:
        return dom
    d = dom[best]
    unknown = False
    for level in range(1, 6):
        bit = 1 << level
        if d & bit:
            child = list(dom)
            child[best] = bit
            if propagate(knowledge, child, [best]):
                found = _search(knowledge, child, group, budget)
                if found:
                    return found
                if found is None:
                    unknown = True
                    if budget[0] < 0:
                        return None
    return None if unknown else False
