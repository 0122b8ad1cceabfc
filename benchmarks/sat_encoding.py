"""A SAT encoding of the crop puzzle, used only to benchmark our solver against.

Variables: x(c, v) = "cell c holds level v" for v in 1..n, n = size of c's
region. Clauses: each cell exactly one level; each level of a region in exactly
one of its cells; equal levels never on touching cells; start cells fixed.
Uniqueness: solve, block the solution, solve again.
"""

from __future__ import annotations

from itertools import combinations

import pycosat

from pachaprint.model.board import Board
from pachaprint.model.regions import find_regions


def build_cnf(
    board: Board, terrain: str, givens: dict[int, int]
) -> tuple[list[list[int]], dict[tuple[int, int], int]]:
    regions = find_regions(board, terrain)
    size = {}
    for region in regions:
        for cell in region.cells:
            size[cell] = min(region.size, 5)
    var: dict[tuple[int, int], int] = {}
    for cell in board.cells:
        for level in range(1, size[cell] + 1):
            var[cell, level] = len(var) + 1
    clauses: list[list[int]] = []
    for cell in board.cells:
        options = [var[cell, v] for v in range(1, size[cell] + 1)]
        clauses.append(options)
        clauses.extend([-a, -b] for a, b in combinations(options, 2))
    for region in regions:
        if region.size > 5:
            clauses.append([])  # cannot hold 1..n
            continue
        for level in range(1, region.size + 1):
            holders = [var[c, level] for c in region.cells]
            clauses.append(holders)
            clauses.extend([-a, -b] for a, b in combinations(holders, 2))
    for cell in board.cells:
        for near in board.neighbours8[cell]:
            if near > cell:
                for level in range(1, min(size[cell], size[near]) + 1):
                    clauses.append([-var[cell, level], -var[near, level]])
    for cell, level in givens.items():
        clauses.append([var[cell, level]] if (cell, level) in var else [])
    return clauses, var


def count_solutions(board: Board, terrain: str, givens: dict[int, int], limit: int = 2) -> int:
    """Solutions up to ``limit``, CNF building included."""
    clauses, _ = build_cnf(board, terrain, givens)
    if any(not clause for clause in clauses):
        return 0
    found = 0
    for _ in pycosat.itersolve(clauses):
        found += 1
        if found >= limit:
            break
    return found
