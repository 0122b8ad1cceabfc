"""One terrain map prepared for human-style solving, and what a position looks like.

A position is a list of domain masks (bit ``1 << level`` set while the level
is still possible), one per cell, plus the set of cells already *placed*
(announced). :class:`Position` holds what never changes on one map (regions,
peers, the cells touching each other, region shadows), built once and shared
by every technique of :mod:`pachaprint.check.techniques`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from pachaprint.check.deduction import levels_text
from pachaprint.check.propagate import EMPTY_CELL, FULL, MISSING_LEVEL, Conflict, levels_of, settle
from pachaprint.check.solver import CropSolver, solver_for
from pachaprint.model.board import Board
from pachaprint.model.regions import Region
from pachaprint.model.rules import Terrain


class Position:
    """One terrain map prepared for human-style solving (build once, reuse)."""

    def __init__(self, board: Board, terrain: str, regions: list[Region] | None = None) -> None:
        self.solver = CropSolver(board, terrain, regions) if regions else solver_for(board, terrain)
        self.board = board
        self.terrain = terrain
        self.regions: list[Region] = self.solver.regions
        self.region_of: list[int] = self.solver.region_of
        self.peers: list[tuple[int, ...]] = self.solver.peers
        self.peer_sets: list[frozenset[int]] = [frozenset(p) for p in self.peers]
        self.touching: list[frozenset[int]] = [frozenset(n) for n in board.neighbours8]
        self.units: list[Region] = [r for r in self.regions if 1 < r.size <= 5]
        self.shadows: tuple[tuple[int, Region], ...] = self.solver.shadows
        """(cell, region) pairs where the cell touches every cell of the region."""
        self.shadowed: tuple[int, ...] = self.solver.shadowed
        self.size_of: list[int] = [self.regions[r].size for r in self.region_of]
        """Each cell's region size."""
        self.single_cells: list[int] = [r.cells[0] for r in self.regions if r.size == 1]
        """The cells of 1-cell regions, ascending."""
        self.near_masks: list[int] = [sum(1 << n for n in near) for near in board.neighbours8]
        """Each cell's eight neighbours as a bit mask of cells."""
        self.peer_masks: list[int] = [sum(1 << p for p in peers) for peers in self.peers]
        """Each cell's peers as a bit mask of cells."""
        self.region_masks: list[int] = [sum(1 << c for c in r.cells) for r in self.regions]
        """Each region's cells as a bit mask."""
        self._cliques2: tuple[tuple[int, ...], ...] | None = None
        self._cliques3: tuple[tuple[int, ...], ...] | None = None

    @property
    def cliques2(self) -> tuple[tuple[int, ...], ...]:
        """Pairs of cells that are peers (same region or touching): naked pairs live there."""
        if self._cliques2 is None:
            self._cliques2 = tuple((a, b) for a in self.board.cells for b in self.peers[a] if b > a)
        return self._cliques2

    @property
    def cliques3(self) -> tuple[tuple[int, ...], ...]:
        """Triples of mutual peers: naked triples live there."""
        if self._cliques3 is None:
            self._cliques3 = tuple(
                (a, b, c)
                for a, b in self.cliques2
                for c in self.peers[b]
                if c > b and c in self.peer_sets[a]
            )
        return self._cliques3

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

    def start(self, givens: dict[int, int]) -> tuple[list[int], set[int]] | None:
        """Domains with ``givens`` placed (no deduction yet), or ``None`` if a given does not fit."""
        dom = self.initial()
        for cell, level in givens.items():
            bit = 1 << level
            if not dom[cell] & bit:
                return None
            dom[cell] = bit
        if not all(dom):
            return None
        return dom, set(givens)

    def easy_fixpoint(self, dom: list[int], queue: list[int] | None = None) -> str | None:
        """Apply every placed-level elimination and single to a fixpoint, in place;
        ``None`` when fine, else why it failed (words)."""
        conflict = self.dead_end(dom, queue)
        return None if conflict is None else self.dead_end_text(conflict)

    def dead_end(self, dom: list[int], queue: list[int] | None = None) -> Conflict | None:
        """Placed-level eliminations and singles to a fixpoint, in place (a short
        contradiction's trial): ``None`` when fine, else how it failed."""
        if queue is None:
            queue = [c for c, d in enumerate(dom) if d and not d & (d - 1)]
        solver = self.solver
        return settle(
            dom, queue, solver.peers, solver.units, solver.unit_of, set(range(len(solver.units)))
        )

    def dead_end_text(self, conflict: Conflict) -> str:
        """A :meth:`dead_end` in words: "c3 would have no level left"."""
        kind, cell, unit, mask = conflict
        if kind == EMPTY_CELL:
            return f"{self.board.name(cell)} would have no level left"
        region = self.units[unit]
        if kind == MISSING_LEVEL:
            return f"{self.region_label(region)} would have no place for its {levels_of(mask)[0]}"
        return (
            f"{self.board.name(cell)} would be the only place for both "
            f"{levels_text(levels_of(mask))} of {self.region_label(region)}"
        )


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
