"""A plain backtracking checker: the yardstick for ``bench_validate.py``.

    python benchmarks/plain_checker.py DIR      # prints a JSON list, one object per file

What anyone could write in an afternoon with the standard library: parse each
file, check the row shapes, the region sizes and the separation rules, then
count crop layers up to two by backtracking with forward checking: fill next
the open cell with the fewest levels left (1..n of its region, minus the levels
of its filled neighbours and region). No propagation, no grading, no suggestions: a not-unique
map gets two differing cells, nothing more. It is here to compare speeds, not
to be used.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROWS = 5


def regions_of(terrain: list[str]) -> list[list[tuple[int, int]]]:
    cols = len(terrain[0])
    seen: set[tuple[int, int]] = set()
    regions = []
    for r in range(ROWS):
        for c in range(cols):
            if (r, c) in seen:
                continue
            stack, region = [(r, c)], []
            seen.add((r, c))
            while stack:
                y, x = stack.pop()
                region.append((y, x))
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if (
                        0 <= ny < ROWS
                        and 0 <= nx < cols
                        and (ny, nx) not in seen
                        and terrain[ny][nx] == terrain[y][x]
                    ):
                        seen.add((ny, nx))
                        stack.append((ny, nx))
            regions.append(sorted(region))
    return regions


def check(data: dict) -> dict:
    terrain, crops, start = data["terrain"], data["crops"], data["start"]
    cols = 5 if data["size"] == "tiny" else 9
    errors: list[dict] = []
    if len(terrain) != ROWS or any(len(row) != cols for row in terrain):
        return {"valid": False, "errors": [{"rule": "dimensions"}]}
    regions = regions_of(terrain)
    region_of = {cell: i for i, region in enumerate(regions) for cell in region}
    for region in regions:
        if len(region) > 5:
            errors.append({"rule": "region-size", "cells": region})
    for (y, x), i in region_of.items():
        for dy, dx in ((1, -1), (1, 1)):
            other = region_of.get((y + dy, x + dx))
            if other is not None and other != i and terrain[y][x] == terrain[y + dy][x + dx]:
                errors.append({"rule": "region-separation", "cells": [(y, x), (y + dy, x + dx)]})
    if errors:
        return {"valid": False, "errors": errors}
    givens = {}
    for name in start:
        y, x = int(name[1]) - 1, ord(name[0]) - 97
        givens[(y, x)] = int(crops[y][x])
    cells = [(y, x) for y in range(ROWS) for x in range(cols)]
    neighbours = {
        (y, x): [
            (y + dy, x + dx)
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            if (dy or dx) and 0 <= y + dy < ROWS and 0 <= x + dx < cols
        ]
        for y, x in cells
    }
    grid: dict[tuple[int, int], int] = {}
    solutions: list[dict] = []

    def candidates(cell: tuple[int, int]) -> list[int]:
        if cell in givens:
            options: list[int] | range = [givens[cell]]
        else:
            options = range(1, len(regions[region_of[cell]]) + 1)
        used = {grid[c] for c in neighbours[cell] if c in grid}
        used |= {grid[c] for c in regions[region_of[cell]] if c in grid}
        return [level for level in options if level not in used]

    def search() -> None:
        # forward checking: fill the open cell with the fewest candidates next
        if len(solutions) == 2:
            return
        best: tuple[int, int] | None = None
        best_options: list[int] = []
        for cell in cells:
            if cell not in grid:
                options = candidates(cell)
                if best is None or len(options) < len(best_options):
                    best, best_options = cell, options
                    if len(options) < 2:
                        break
        if best is None:
            solutions.append(dict(grid))
            return
        for level in best_options:
            grid[best] = level
            search()
            del grid[best]

    search()
    if not solutions:
        return {"valid": False, "errors": [{"rule": "unsolvable"}]}
    if len(solutions) > 1:
        differ = [c for c in cells if solutions[0][c] != solutions[1][c]][:2]
        return {"valid": False, "errors": [{"rule": "not-unique", "cells": differ}]}
    return {"valid": True, "errors": []}


def main() -> None:
    results = []
    for path in sorted(Path(sys.argv[1]).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        results.append({"file": str(path), **check(data)})
    json.dump(results, sys.stdout, default=list)


if __name__ == "__main__":
    main()
