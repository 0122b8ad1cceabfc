"""The scenario generator: terrain map, crop layer, minimal start cells.

Steps, each drawing from one ``random.Random(seed)`` (no global state, so a
seed always gives the same scenario):

1. a random partition of the grid into regions of 1-5 cells, within the box's
   crop tiles (level k is needed once per region of at least k cells);
2. a terrain per region so that two regions of one terrain never touch, not
   even at a corner, within the box's terrain tiles;
3. a random crop layer that fits the rules (randomised solver search; maps
   without one are drawn again);
4. start cells: begin with every cell given and remove givens in random order
   while the techniques up to the requested difficulty still finish the layer
   (Simon Tatham's method); keep the result only if its grade is exactly the
   one asked for (with ``givens`` asked for, top the set up to that many
   start cells while the grade holds). Long scenarios keep at least 5 start
   cells, and 5 of them, spread apart, become the Otoma start cells.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pachaprint.check.difficulty import Difficulty
from pachaprint.check.grade import grade_position, solves_within
from pachaprint.check.position import Position
from pachaprint.check.solver import CropSolver
from pachaprint.model.board import Board, board_for
from pachaprint.model.regions import find_regions
from pachaprint.model.rules import (
    BOX_CROP_TILES,
    BOX_TERRAIN_TILES,
    MAX_REGION_SIZE,
    TERRAIN_LETTERS,
)
from pachaprint.model.scenario import FORMAT, Scenario, crops_to_rows
from pachaprint.model.text import plural

SCHEMA_REF = "../schemas/scenario.schema.json"
OTOMA_CELLS = 5
"""Otoma start cells in solo and co-op play; long scenarios keep at least this many start cells."""

_SIZE_WEIGHTS = {
    "tiny": (1, 3, 4, 4, 3),
    "long": (0, 1, 3, 5, 6),
}
"""Relative weights of target region sizes 1..5 (long boards need big regions: 13 crop-1 tiles)."""


class GenerationError(RuntimeError):
    """No scenario met the request within the attempt budget."""


@dataclass(frozen=True)
class Generated:
    """A generated scenario with what it took to make it."""

    scenario: Scenario
    difficulty: Difficulty
    attempts: int


# -- 1 and 2: the terrain map ------------------------------------------------------


def random_partition(
    board: Board, rng: random.Random, weights: Sequence[int] | None = None
) -> list[list[int]]:
    """Regions (lists of cells) covering the board, grown from crevices outward."""
    weights = weights or _SIZE_WEIGHTS[board.size]
    owner = [-1] * board.cell_count
    regions: list[list[int]] = []
    n4 = board.neighbours4

    def free_degree(cell: int) -> int:
        return sum(1 for n in n4[cell] if owner[n] < 0)

    while True:
        free = [c for c in board.cells if owner[c] < 0]
        if not free:
            return regions
        low = min(free_degree(c) for c in free)
        seed = rng.choice([c for c in free if free_degree(c) == low])
        target = rng.choices(range(1, MAX_REGION_SIZE + 1), weights=weights)[0]
        members = [seed]
        owner[seed] = len(regions)
        while len(members) < target:
            frontier = sorted({n for c in members for n in n4[c] if owner[n] < 0})
            if not frontier:
                break
            # prefer cells that would otherwise be hemmed in, with some chance
            if rng.random() < 0.6:
                low = min(free_degree(c) for c in frontier)
                frontier = [c for c in frontier if free_degree(c) == low]
            cell = rng.choice(frontier)
            owner[cell] = len(regions)
            members.append(cell)
        regions.append(sorted(members))


def crop_tiles_needed(sizes: Iterable[int]) -> dict[int, int]:
    """Crop level -> tiles needed for regions of these sizes."""
    return {level: sum(1 for s in sizes if s >= level) for level in BOX_CROP_TILES}


def within_crop_box(sizes: Iterable[int]) -> bool:
    need = crop_tiles_needed(sizes)
    return all(need[level] <= BOX_CROP_TILES[level] for level in need)


def blocks_can_differ(board: Board, regions: list[list[int]]) -> bool:
    """Quick necessary test: every 2x2 block can hold four different levels.

    The four cells of a 2x2 block all touch one another, so their levels
    differ; a cell can hold at most its region's size.
    """
    size = [0] * board.cell_count
    for cells in regions:
        for c in cells:
            size[c] = len(cells)
    for row in range(board.height - 1):
        for column in range(board.width - 1):
            a = board.cell(column, row)
            sizes = sorted((size[a], size[a + 1], size[a + board.width], size[a + board.width + 1]))
            if sizes[1] < 2 or sizes[2] < 3 or sizes[3] < 4:
                return False
    return True


def colour_regions(board: Board, regions: list[list[int]], rng: random.Random) -> str | None:
    """Terrain letters (flat) so that same-terrain regions never touch, within the box."""
    owner = [0] * board.cell_count
    for index, cells in enumerate(regions):
        for c in cells:
            owner[c] = index
    touching: list[set[int]] = [set() for _ in regions]
    for index, cells in enumerate(regions):
        for c in cells:
            for n in board.neighbours8[c]:
                if owner[n] != index:
                    touching[index].add(owner[n])
    order = sorted(range(len(regions)), key=lambda r: (-len(touching[r]), rng.random()))
    terrain: list[str | None] = [None] * len(regions)
    used = {t: 0 for t in TERRAIN_LETTERS}
    budget = [2000]

    def place(k: int) -> bool:
        if k == len(order):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        region = order[k]
        size = len(regions[region])
        letters = list(TERRAIN_LETTERS)
        rng.shuffle(letters)
        # lean towards the least used terrain, loosely, so maps vary in balance
        letters.sort(key=lambda t: used[t] / BOX_TERRAIN_TILES[t] + 0.4 * rng.random())
        for letter in letters:
            if used[letter] + size > BOX_TERRAIN_TILES[letter]:
                continue
            if any(terrain[o] == letter for o in touching[region]):
                continue
            terrain[region] = letter
            used[letter] += size
            if place(k + 1):
                return True
            terrain[region] = None
            used[letter] -= size
        return False

    if not place(0):
        return None
    return "".join(terrain[owner[c]] or "?" for c in board.cells)  # every region has a letter


def random_terrain(board: Board, rng: random.Random, tries: int = 200) -> str:
    """A random valid terrain map (flat letters) within the retail box."""
    for _ in range(tries):
        regions = random_partition(board, rng)
        if not within_crop_box([len(r) for r in regions]) or not blocks_can_differ(board, regions):
            continue
        flat = colour_regions(board, regions, rng)
        if flat is not None and len(find_regions(board, flat)) == len(regions):
            return flat
    raise GenerationError(f"no {board.size} terrain map fits the box after {tries} tries")


# -- 3: a crop layer -----------------------------------------------------------------


def random_crops(
    solver: CropSolver, rng: random.Random, node_limit: int = 400
) -> tuple[int, ...] | None:
    """A random complete crop layer for the solver's map, or ``None`` if none is found quickly."""
    dom = solver.start_domains({})
    if dom is None:
        return None
    nodes = [0]

    def search(dom: list[int]) -> list[int] | None:
        nodes[0] += 1
        if nodes[0] > node_limit:
            return None
        open_cells = [c for c, d in enumerate(dom) if d & (d - 1)]
        if not open_cells:
            return dom
        fewest = min(bin(dom[c]).count("1") for c in open_cells)
        cell = rng.choice([c for c in open_cells if bin(dom[c]).count("1") == fewest])
        levels = [v for v in range(1, 6) if dom[cell] >> v & 1]
        rng.shuffle(levels)
        for level in levels:
            child = dom.copy()
            child[cell] = 1 << level
            if solver.propagate(child, [cell]):
                found = search(child)
                if found is not None:
                    return found
        return None

    found = search(dom)
    if found is None:
        return None
    return tuple((d.bit_length() - 1) for d in found)


# -- 4: start cells --------------------------------------------------------------------


def minimise_givens(
    pos: Position, solution: tuple[int, ...], rng: random.Random, ceiling: Difficulty, keep: int = 1
) -> dict[int, int]:
    """Remove givens in random order while techniques up to ``ceiling`` still finish.

    Never goes below ``keep`` start cells.
    """
    givens = {c: solution[c] for c in pos.board.cells}
    order = list(pos.board.cells)
    rng.shuffle(order)
    for cell in order:
        if len(givens) <= keep:
            break
        level = givens.pop(cell)
        if not solves_within(pos, givens, ceiling):
            givens[cell] = level
    return givens


def top_up_givens(
    pos: Position,
    solution: tuple[int, ...],
    givens: dict[int, int],
    count: int,
    target: Difficulty,
    rng: random.Random,
) -> dict[int, int] | None:
    """Add start cells (random order) up to ``count`` while the grade stays ``target``."""
    givens = dict(givens)
    spare = [c for c in pos.board.cells if c not in givens]
    rng.shuffle(spare)
    for cell in spare:
        if len(givens) >= count:
            break
        givens[cell] = solution[cell]
        if grade_position(pos, givens) is not target:
            del givens[cell]
    return givens if len(givens) == count else None


def spread_cells(board: Board, cells: list[int], count: int, rng: random.Random) -> list[int]:
    """``count`` of ``cells`` chosen far apart (greedy farthest point, random start)."""

    def distance(a: int, b: int) -> int:
        return max(abs(board.column(a) - board.column(b)), abs(board.row(a) - board.row(b)))

    pool = sorted(cells)
    chosen = [rng.choice(pool)]
    while len(chosen) < min(count, len(pool)):
        rest = [c for c in pool if c not in chosen]
        best = max(min(distance(c, o) for o in chosen) for c in rest)
        chosen.append(rng.choice([c for c in rest if min(distance(c, o) for o in chosen) == best]))
    return sorted(chosen)


def slug(text: str) -> str:
    """A scenario id from a name: ``"The Salt Flats"`` -> ``"the-salt-flats"``."""
    text = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return (text or "scenario")[:40].strip("-") or "scenario"


def generate(
    size: str,
    seed: int,
    difficulty: Difficulty | str = Difficulty.MEDIUM,
    givens: int | None = None,
    name: str | None = None,
    id: str | None = None,
    author: str | None = None,
    notes: str | None = None,
    max_attempts: int = 400,
    tried: Callable[[int, int], None] | None = None,
) -> Generated:
    """Generate a valid, unique scenario at exactly ``difficulty``, reproducible from ``seed``.

    ``givens`` asks for exactly that many start cells (long scenarios need at
    least 5): the minimal set is topped up with cells that keep the grade. Raises :class:`GenerationError` if no scenario fits in
    ``max_attempts`` minimisations, or ``ValueError`` for a bad request.
    ``tried(attempts, max_attempts)`` hears of each minimisation.
    """
    board = board_for(size)
    target = Difficulty(difficulty)
    if target is Difficulty.NEEDS_GUESSING:
        raise ValueError(
            "the generator makes scenarios the techniques can finish: easy, medium, hard or expert"
        )
    floor = OTOMA_CELLS if size == "long" else 1
    if givens is not None and not floor <= givens <= board.cell_count:
        raise ValueError(
            f"--givens must be between {floor} and {board.cell_count} for a {size} scenario"
        )
    rng = random.Random(f"pachaprint/{size}/{seed}")
    attempts = 0
    while attempts < max_attempts:
        terrain = random_terrain(board, rng)
        solver = CropSolver(board, terrain)
        solution = random_crops(solver, rng)
        if solution is None:
            continue
        pos = Position(board, terrain, solver.regions)
        for _ in range(3):  # a few orders of removal per crop layer
            attempts += 1
            if tried is not None:
                tried(attempts, max_attempts)
            chosen = minimise_givens(pos, solution, rng, target, floor)
            if grade_position(pos, chosen) is not target:
                continue
            if givens is not None and len(chosen) != givens:
                topped = (
                    top_up_givens(pos, solution, chosen, givens, target, rng)
                    if len(chosen) < givens
                    else None
                )
                if topped is None:
                    continue
                chosen = topped
            if solver.count(chosen, 2) != 1:  # belt and braces: the techniques are sound
                continue
            scenario = _scenario(
                board, terrain, solution, chosen, rng, size, seed, target, name, id, author, notes
            )
            return Generated(scenario, target, attempts)
    raise GenerationError(
        f"no {size} scenario at difficulty {target.value}"
        + (f" with {plural(givens, 'start cell')}" if givens is not None else "")
        + f" found in {max_attempts} attempts (seed {seed})"
    )


def _scenario(
    board: Board,
    terrain: str,
    solution: tuple[int, ...],
    chosen: dict[int, int],
    rng: random.Random,
    size: str,
    seed: int,
    target: Difficulty,
    name: str | None,
    id: str | None,
    author: str | None,
    notes: str | None,
) -> Scenario:
    rows = [terrain[r * board.width : (r + 1) * board.width] for r in range(board.height)]
    start = sorted(chosen)
    data: dict[str, Any] = {"$schema": SCHEMA_REF, "format": FORMAT}
    name = name or f"{size.capitalize()} disc {seed}"
    data["id"] = id or slug(name)
    data["name"] = name
    if author:
        data["author"] = author
    data["size"] = size
    data["terrain"] = rows
    data["crops"] = crops_to_rows(board, solution)
    data["start"] = [board.name(c) for c in start]
    if size == "long":
        data["solo"] = {
            "otoma": [board.name(c) for c in spread_cells(board, start, OTOMA_CELLS, rng)]
        }
    data["notes"] = (
        notes
        if notes is not None
        else (f"Generated by pachaprint new --size {size} --seed {seed} --grade {target.value}.")
    )
    return Scenario.from_dict(data)
