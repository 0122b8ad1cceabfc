"""Why no crop layer fits: the smallest part of a disc that admits none.

When the solver finds no crop layer, the fault lies either in the terrain
alone (no layer fits it, whatever the start crops) or in the start crops.
Either way this module names a *minimal conflict*: a set of regions whose
rules alone admit no layer, or a set of start crops that no layer of the
terrain holds together, each as small as deletion can make it (drop one
member at a time and keep it out while the rest still admit nothing, as
SAT solvers shrink an unsatisfiable core). Every member is needed: without
any one of them a layer fits.

:func:`terrain_conflict` answers for a bare terrain (the studio asks it before
any start cell exists); :func:`why_no_layer` for a disc with its start crops
(the ``unsolvable`` problem of ``validate`` and ``solve``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pachaprint.check.propagate import FULL, settle
from pachaprint.check.solver import CropSolver, solver_for
from pachaprint.model.board import SIZES, Board, board_for, join_names
from pachaprint.model.regions import Region
from pachaprint.model.rules import MAX_REGION_SIZE, TERRAIN_LETTERS, Terrain
from pachaprint.model.text import plural

__all__ = ["NoLayer", "terrain_conflict", "why_no_layer"]


@dataclass(frozen=True, slots=True)
class NoLayer:
    """Why no crop layer fits, pointing at a smallest conflict.

    ``cells``: the cells of the conflict (indexes, ascending); ``terrain``:
    True when the terrain alone admits no layer (``cells`` are then whole
    regions), False when the start crops do not fit it (``cells`` are start
    cells); ``message``: one sentence in plain words naming them.
    """

    cells: tuple[int, ...]
    terrain: bool
    message: str


def terrain_conflict(terrain: Sequence[str]) -> NoLayer | None:
    """``None`` when some crop layer fits the terrain, else a smallest conflict.

    ``terrain``: the rows of a scenario's ``terrain``, top to bottom (5 rows
    of 5 or 9 letters from ``VDFM``). Raises ``ValueError`` on any other
    shape. No start crop is needed: this is the question a designer asks
    while painting terrain.
    """
    rows = list(terrain)
    widths = {len(row) for row in rows}
    sizes = {width: size for size, width in SIZES.items()}
    if len(rows) != 5 or len(widths) != 1 or next(iter(widths)) not in sizes:
        raise ValueError("terrain: 5 rows of 5 (tiny) or 9 (long) letters")
    flat = "".join(rows)
    if set(flat) - set(TERRAIN_LETTERS):
        raise ValueError(f"terrain: letters from {''.join(TERRAIN_LETTERS)} only")
    board = board_for(sizes[next(iter(widths))])
    return map_conflict(solver_for(board, flat))


def map_conflict(solver: CropSolver) -> NoLayer | None:
    """:func:`terrain_conflict` for a prepared solver."""
    if solver.has_layer({}):
        return None
    core = _region_core(solver)
    cells = tuple(sorted(c for index in core for c in solver.regions[index].cells))
    return NoLayer(cells, True, _terrain_sentence(solver, core))


def why_no_layer(solver: CropSolver, givens: dict[int, int]) -> NoLayer:
    """Why no crop layer fits ``givens`` (cell -> level) on this map: the terrain, or
    a smallest set of start crops that no layer holds together."""
    conflict = map_conflict(solver)
    if conflict is not None:
        return conflict
    core = _givens_core(solver, givens)
    return NoLayer(tuple(sorted(core)), False, _givens_sentence(solver, core))


# -- shrinking -------------------------------------------------------------------


def _region_core(solver: CropSolver) -> list[int]:
    """A smallest set of regions whose rules alone admit no crop layer (region indexes).

    A smallest conflict is connected (regions that never touch cannot clash),
    so connected groups of up to :data:`SMALL` regions are tried first, fewest
    first: one found there is a smallest. Beyond that, deletion shrinks the
    whole map to a conflict from which no region can be dropped.
    """
    if solver.oversize:
        return [solver.oversize[0].index]
    shadow = _shadow_core(solver)
    if shadow is not None:
        return shadow
    for group in _connected_groups(solver, SMALL):
        if not _admits_layer(solver, group):
            return sorted(group)
    best: list[int] | None = None
    count = len(solver.regions)
    # Deletion from both ends gives two irreducible conflicts; keep the smaller.
    for order in (list(range(count)), list(reversed(range(count)))):
        core = set(order)
        for index in order:
            if not _admits_layer(solver, frozenset(core - {index})):
                core.discard(index)
        if best is None or len(core) < len(best):
            best = sorted(core)
    assert best is not None
    return best


SMALL = 3
"""Conflicts of up to this many regions are found by trying every connected group."""


def _admits_layer(solver: CropSolver, regions: frozenset[int]) -> bool:
    """True when some crop layer fits the rules of these regions alone."""
    keep = CropSolver(solver.board, solver.terrain, solver.regions, keep=regions)
    return keep.has_layer({})


def _connected_groups(solver: CropSolver, most: int) -> list[frozenset[int]]:
    """Groups of 2 to ``most`` regions linked by touching (eight neighbours), fewest first."""
    board, owner = solver.board, solver.region_of
    touching: list[set[int]] = [set() for _ in solver.regions]
    for cell in board.cells:
        for near in board.neighbours8[cell]:
            if owner[near] != owner[cell]:
                touching[owner[cell]].add(owner[near])
    layer = {frozenset([index]) for index in range(len(solver.regions))}
    groups: list[frozenset[int]] = []
    for _ in range(most - 1):
        layer = {group | {n} for group in layer for r in group for n in touching[r] - group}
        groups += sorted(layer, key=sorted)
    return groups


def _shadow_core(solver: CropSolver) -> list[int] | None:
    """A cell that touches whole regions holding every level its own region allows:
    that cell's region and the regions around it (the simplest conflict there is)."""
    for cell in solver.board.cells:
        own = solver.initial[cell]
        blocked, around = 0, []
        for shadow_cell, region in solver.shadows:
            if shadow_cell == cell:
                blocked |= FULL[min(region.size, MAX_REGION_SIZE)]
                around.append(region.index)
        if around and not own & ~blocked:
            return sorted({solver.region_of[cell], *_fewest(solver, cell, around)})
    return None


def _fewest(solver: CropSolver, cell: int, around: list[int]) -> list[int]:
    """The fewest of the regions ``around`` a cell whose levels cover all of its own."""
    own = solver.initial[cell]
    ranked = sorted(around, key=lambda index: -solver.regions[index].size)
    chosen, covered = [], 0
    for index in ranked:
        if own & ~covered:
            chosen.append(index)
            covered |= FULL[min(solver.regions[index].size, MAX_REGION_SIZE)]
    return chosen


def _givens_core(solver: CropSolver, givens: dict[int, int]) -> dict[int, int]:
    """A minimal set of start crops (cell -> level) that no layer of the map holds together."""
    core = dict(givens)
    for cell in sorted(givens):
        trial = {c: v for c, v in core.items() if c != cell}
        if not solver.has_layer(trial):
            del core[cell]
    return core


# -- words -----------------------------------------------------------------------


def _region_text(board: Board, region: Region) -> str:
    terrain = Terrain(region.terrain).label
    if region.size == 1:
        return f"the 1-cell {terrain} region {board.name(region.cells[0])}"
    return f"the {region.size}-cell {terrain} region {'-'.join(board.names(region.cells))}"


def _levels_held(size: int) -> str:
    return "level 1" if size == 1 else f"levels 1-{size}"


def _terrain_sentence(solver: CropSolver, core: list[int]) -> str:
    board, regions = solver.board, solver.regions
    lead = "the terrain alone admits no crop layer, whatever the start crops"
    if len(core) == 1 and regions[core[0]].size > MAX_REGION_SIZE:
        region = regions[core[0]]
        return (
            f"{lead}: {_region_text(board, region)} cannot hold each level once: "
            f"there are only {MAX_REGION_SIZE} crop levels"
        )
    for cell in board.cells:
        if solver.region_of[cell] not in core:
            continue
        around = [r for c, r in solver.shadows if c == cell and r.index in core]
        covered = 0
        for region in around:
            covered |= FULL[min(region.size, MAX_REGION_SIZE)]
        if around and len(around) == len(core) - 1 and not solver.initial[cell] & ~covered:
            name = board.name(cell)
            touched = join_names(
                f"{_region_text(board, r)} ({_levels_held(r.size)})" for r in around
            )
            return (
                f"{lead}: {name} touches every cell of {touched}, "
                f"so no level its own region allows is left for {name}"
            )
    named = join_names(
        f"the {Terrain(regions[index].terrain).label} region "
        f"{'-'.join(board.names(regions[index].cells))} ({_levels_held(regions[index].size)})"
        for index in core
    )
    every = "both" if len(core) == 2 else "all"
    return f"{lead}: {named} cannot {every} hold their levels without two equal crops touching"


def _givens_sentence(solver: CropSolver, levels: dict[int, int]) -> str:
    board = solver.board
    core = sorted(levels)
    if len(core) == 1:
        cell = core[0]
        size = solver.regions[solver.region_of[cell]].size
        if levels[cell] > size:
            return (
                f"start cell {board.name(cell)} holds {levels[cell]} "
                f"but its region has only {plural(size, 'cell')}"
            )
        sentence = (
            f"start cell {board.name(cell)} holds {levels[cell]}, "
            f"but no crop layer of this terrain has {levels[cell]} there"
        )
    elif len(core) == 2 and core[1] in solver.peers[core[0]] and levels[core[0]] == levels[core[1]]:
        return (
            f"start cells {board.name(core[0])} and {board.name(core[1])} "
            f"both hold {levels[core[0]]} and are in one region or touch"
        )
    else:
        named = join_names(f"{board.name(c)} ({levels[c]})" for c in core)
        sentence = f"no crop layer of this terrain holds the start crops {named} together"
    dom = list(solver.initial)
    for cell in core:
        dom[cell] = 1 << levels[cell]
    emptied = settle(dom, list(core), solver.peers, [], [-1] * board.cell_count)
    if emptied is not None:
        sentence += (
            f": placing {'it' if len(core) == 1 else 'them'} leaves no level for "
            f"{board.name(emptied[1])}"
        )
    return sentence
