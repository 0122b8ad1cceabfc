"""Constraint propagation on crop domains: the one kernel behind the solver,
the techniques, the conflict finder and the logician bot.

A cell's domain is a bit mask (bit ``1 << level``). :func:`settle` removes a
decided cell's level from its peers (the other cells of its region and its eight
neighbours) and places hidden singles, to a fixpoint, and says how it failed
when it does. Plain ints and lists, so that mypyc compiles the loops to native
code (``setup.py``); interpreted, the same code gives the same answers.
"""

from __future__ import annotations

from pachaprint.model.rules import MAX_REGION_SIZE

FULL = {n: sum(1 << v for v in range(1, n + 1)) for n in range(0, MAX_REGION_SIZE + 1)}
"""Region size -> mask of the levels 1..n it must hold."""
POPCOUNT = [bin(m).count("1") for m in range(64)]
LEVEL_OF_BIT = {1 << v: v for v in range(1, 6)}


_LEVELS = tuple(tuple(v for v in range(1, 6) if mask >> v & 1) for mask in range(64))


def levels_of(mask: int) -> tuple[int, ...]:
    """The levels in a domain mask, ascending."""
    return _LEVELS[mask]


EMPTY_CELL, MISSING_LEVEL, TWO_LEVELS_ONE_CELL = (
    "empty-cell",
    "missing-level",
    "two-levels-one-cell",
)


Unit = tuple[tuple[int, ...], int]
"""A region of 2-5 cells as (its cells, the mask of the levels it holds once each)."""
Conflict = tuple[str, int, int, int]
"""How propagation failed: (kind, cell or -1, unit or -1, levels mask)."""


def settle(
    dom: list[int],
    queue: list[int],
    peers: list[tuple[int, ...]],
    units: list[Unit],
    unit_of: list[int],
    touched: set[int] | None = None,
) -> Conflict | None:
    """Placed-level eliminations and hidden singles to a fixpoint, in place.

    ``peers[c]``: cells that may not share c's level; ``units``: (cells, mask
    of the levels they must hold once each); ``unit_of[c]``: c's unit or -1.
    ``queue`` holds decided cells not yet eliminated from their peers;
    ``touched`` the units to check for hidden singles (default: those of the
    queued cells; pass every unit when domains changed outside the queue).
    Returns ``None`` when settled, else the conflict as ``(kind, cell, unit,
    levels mask)`` with kind EMPTY_CELL, MISSING_LEVEL or TWO_LEVELS_ONE_CELL.
    This is the one kernel behind the solver, the techniques and the logician.
    """
    if touched is None:
        touched = {unit_of[c] for c in queue if unit_of[c] >= 0}
    while True:
        while queue:
            cell = queue.pop()
            bit = dom[cell]
            keep = ~bit
            for peer in peers[cell]:
                d = dom[peer]
                if d & bit:
                    d &= keep
                    if not d:
                        return EMPTY_CELL, peer, unit_of[peer], bit
                    dom[peer] = d
                    u = unit_of[peer]
                    if u >= 0:
                        touched.add(u)
                    if not d & (d - 1):
                        queue.append(peer)
        if not touched:
            return None
        again: set[int] = set()
        for u in touched:
            cells, full = units[u]
            once = twice = 0
            for cell in cells:
                d = dom[cell]
                twice |= once & d
                once |= d
            if once != full:
                return MISSING_LEVEL, -1, u, full & ~once
            singles = full & ~twice
            if singles:
                for cell in cells:
                    d = dom[cell]
                    s = d & singles
                    if s and s != d:
                        if s & (s - 1):
                            return TWO_LEVELS_ONE_CELL, cell, u, s
                        dom[cell] = s
                        queue.append(cell)
                        again.add(u)
        touched = again
        if not queue and not touched:
            return None
