"""The crop solver: constraint propagation plus depth-first search.

The crop layer is a Suguru/Tectonic puzzle. Each cell's domain is a bit mask
(bit ``1 << level``); assigning a level removes it from the cell's *peers* (the
other cells of its region and its eight neighbours), and a level that fits only
one cell of a region is placed there (hidden single). Search branches on the
cell with the fewest candidates. This one solver serves uniqueness checks,
``pachaprint solve``, the generator and the validation report.

Propagation and search also exist compiled (``_ckernel.c``), used when the
extension was built at install time; this module's Python code is the
reference and the fallback, and both give the same domains and the same
solutions in the same order. ``PACHAPRINT_PURE_PYTHON=1`` forces the fallback.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from pachaprint.model.board import Board, join_names
from pachaprint.model.regions import Region, find_regions
from pachaprint.model.rules import MAX_REGION_SIZE
from pachaprint.model.scenario import Scenario

if TYPE_CHECKING:
    from pachaprint.check._ckernel import Kernel

FULL = {n: sum(1 << v for v in range(1, n + 1)) for n in range(0, MAX_REGION_SIZE + 1)}
"""Region size -> mask of the levels 1..n it must hold."""
POPCOUNT = [bin(m).count("1") for m in range(64)]
LEVEL_OF_BIT = {1 << v: v for v in range(1, 6)}
SUGGEST_CAP = 200
"""Solutions enumerated to choose the start cells that would make a map unique."""


def _compiled_kernel() -> type[Kernel] | None:
    if os.environ.get("PACHAPRINT_PURE_PYTHON"):
        return None
    try:
        from pachaprint.check._ckernel import Kernel
    except ImportError:  # built without a C compiler: the Python code below does it all
        return None
    return Kernel


_Kernel = _compiled_kernel()
COMPILED = _Kernel is not None
"""True when propagation and search run in the compiled kernel."""

_LEVELS = tuple(tuple(v for v in range(1, 6) if mask >> v & 1) for mask in range(64))


def levels_of(mask: int) -> tuple[int, ...]:
    """The levels in a domain mask, ascending."""
    return _LEVELS[mask]


class SolveStatus(str, Enum):
    UNIQUE = "unique"
    NONE = "none"
    MULTIPLE = "multiple"


@dataclass(frozen=True)
class SolveResult:
    """Outcome of :meth:`CropSolver.solve`.

    ``solution`` is a flat tuple of levels (reading order) when there is at
    least one; ``other`` a second, different one when the status is
    ``MULTIPLE``, and ``differing`` the cells where the two disagree.
    ``count`` is the number of solutions found, up to the limit asked for.
    """

    status: SolveStatus
    solution: tuple[int, ...] | None = None
    other: tuple[int, ...] | None = None
    differing: tuple[int, ...] = ()
    count: int = 0
    reason: str | None = None
    nodes: int = field(default=0, compare=False)


EMPTY_CELL, MISSING_LEVEL, TWO_LEVELS_ONE_CELL = (
    "empty-cell",
    "missing-level",
    "two-levels-one-cell",
)


Unit = tuple[Sequence[int], int]
"""A region of 2-5 cells as (its cells, the mask of the levels it holds once each)."""
Conflict = tuple[str, int, int, int]
"""How propagation failed: (kind, cell or -1, unit or -1, levels mask)."""


def settle(
    dom: list[int],
    queue: list[int],
    peers: Sequence[Sequence[int]],
    units: Sequence[Unit],
    unit_of: Sequence[int],
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


class CropSolver:
    """Solver for one terrain map. Build once, solve many givens.

    ``compiled=False`` keeps to the pure-Python reference even where the
    compiled kernel is built (the tests compare the two).
    """

    def __init__(
        self,
        board: Board,
        terrain: str,
        regions: list[Region] | None = None,
        compiled: bool = True,
    ):
        self.board = board
        self.terrain = terrain
        self.regions = regions if regions is not None else find_regions(board, terrain)
        self.oversize = [r for r in self.regions if r.size > MAX_REGION_SIZE]
        owner = [-1] * board.cell_count
        for region in self.regions:
            for cell in region.cells:
                owner[cell] = region.index
        self.region_of = owner
        sizes = [len(r.cells) for r in self.regions]
        self.initial = [FULL[min(sizes[owner[c]], MAX_REGION_SIZE)] for c in board.cells]
        near = _near_masks(board)
        self._region_masks = [sum(1 << c for c in r.cells) for r in self.regions]
        self.peers = [
            _cells_in((near[c] | self._region_masks[owner[c]]) & ~(1 << c)) for c in board.cells
        ]
        self.units = [
            (r.cells, FULL[r.size]) for r in self.regions if 1 < r.size <= MAX_REGION_SIZE
        ]
        self.unit_of = [-1] * board.cell_count
        for index, (cells, _) in enumerate(self.units):
            for cell in cells:
                self.unit_of[cell] = index
        # Pointing: cells outside a region that touch a set of its cells.
        self.pointing = []
        for region in self.regions:
            if not 1 < region.size <= MAX_REGION_SIZE:
                continue
            inside = self._region_masks[region.index]
            self.pointing.append(
                (region.cells, [near[c] & ~inside for c in region.cells], FULL[region.size])
            )
        self.nodes = 0
        self._kernel = (
            _Kernel(self.peers, self.units, self.unit_of, self.pointing)
            if compiled and _Kernel is not None and not self.oversize
            else None
        )

    @cached_property
    def shadows(self) -> tuple[tuple[int, Region], ...]:
        """(cell, region) pairs where the cell touches every cell of another region.

        Such a cell can hold none of the levels 1..n of that n-cell region
        ("region shadow"), whatever the givens.
        """
        board, owner, masks = self.board, self.region_of, self._region_masks
        near = _near_masks(board)
        found = []
        for cell in board.cells:
            # only a region with a cell among the eight neighbours can lie inside them
            for index in sorted({owner[n] for n in board.neighbours8[cell]} - {owner[cell]}):
                if not masks[index] & ~near[cell]:
                    found.append((cell, self.regions[index]))
        return tuple(found)

    @cached_property
    def shadowed(self) -> tuple[int, ...]:
        """Initial domains with every region-shadow elimination made."""
        dom = list(self.initial)
        for cell, region in self.shadows:
            dom[cell] &= ~FULL[min(region.size, MAX_REGION_SIZE)]
        return tuple(dom)

    def fixpoint(self, givens: dict[int, int], pointing: bool) -> list[int] | None:
        """Domains after region shadows, the givens and propagation without search.

        Without ``pointing`` these are exactly the "easy" deductions (placed-level
        eliminations, naked and hidden singles, region shadows); with it, the
        "medium" ones too. ``None`` on a contradiction.
        """
        dom = self.shadowed_start(givens)
        if dom is None:
            return None
        queue = [c for c, d in enumerate(dom) if not d & (d - 1)]
        return dom if self.propagate(dom, queue, pointing, every_unit=True) else None

    def shadowed_start(self, givens: dict[int, int]) -> list[int] | None:
        """Domains with the region shadows made and ``givens`` placed, before any
        propagation; ``None`` when a given or a cell has no level left."""
        if self.oversize:
            return None
        dom = list(self.shadowed)
        for cell, level in givens.items():
            if not dom[cell] >> level & 1:
                return None
            dom[cell] = 1 << level
        return dom if all(dom) else None

    @property
    def compiled(self) -> bool:
        """True when this map's propagation and search run in the compiled kernel."""
        return self._kernel is not None

    def closure(self, dom: list[int], tier: int) -> list[int] | None:
        """Domains after every technique of tiers 0 (easy) to ``tier`` (3, expert), to
        a fixpoint; ``None`` on a contradiction. Compiled kernel only (see :attr:`compiled`):
        the technique engine in :mod:`~pachaprint.check.techniques` is the reference."""
        if self._kernel is None:
            raise RuntimeError("closure() needs the compiled kernel")
        closed: list[int] | None = self._kernel.closure(dom, tier)
        return closed

    # -- propagation --------------------------------------------------------
    def start_domains(self, givens: dict[int, int]) -> list[int] | None:
        """Domains after placing ``givens`` and propagating; ``None`` on contradiction."""
        if self.oversize:
            return None
        dom = list(self.initial)
        queue = []
        for cell, level in givens.items():
            bit = 1 << level
            if not dom[cell] & bit:
                return None
            dom[cell] = bit
            queue.append(cell)
        queue += [c for c in self.board.cells if dom[c] == 2 and c not in givens]
        return dom if self.propagate(dom, queue) else None

    def propagate(
        self, dom: list[int], queue: list[int], pointing: bool = True, every_unit: bool = False
    ) -> bool:
        """Eliminations, hidden singles and (optionally) pointing to a fixpoint, in place.

        ``every_unit``: check every region for hidden singles at once (needed
        when domains were narrowed outside ``queue``). False on contradiction.
        """
        if self._kernel is not None:
            settled = self._kernel.propagate(dom, queue, pointing, every_unit)
            if settled is None:
                return False
            dom[:] = settled
            return True
        touched = set(range(len(self.units))) if every_unit else None
        while True:
            if settle(dom, queue, self.peers, self.units, self.unit_of, touched) is not None:
                return False
            if not pointing:
                return True
            narrowed = self._pointing(dom)
            if narrowed is None:
                return False
            if not narrowed:
                return True
            queue = [c for c in narrowed if not dom[c] & (dom[c] - 1)]
            touched = {self.unit_of[c] for c in narrowed if self.unit_of[c] >= 0}

    def _pointing(self, dom: list[int]) -> list[int] | None:
        """One pass of pointing: if every place left for a level of a region
        touches a cell outside it, that cell cannot take the level. Returns the
        cells narrowed, or ``None`` when a cell is left with no level."""
        narrowed = []
        for cells, touches, full in self.pointing:
            for level in (1, 2, 3, 4, 5):
                bit = 1 << level
                if not full & bit:
                    break
                common = -1
                for cell, touch in zip(cells, touches, strict=False):
                    if dom[cell] & bit:
                        if dom[cell] == bit:
                            common = 0
                            break
                        common &= touch
                if common > 0:
                    keep = ~bit
                    while common:
                        low = common & -common
                        peer = low.bit_length() - 1
                        common ^= low
                        d = dom[peer]
                        if d & bit:
                            d &= keep
                            if not d:
                                return None
                            dom[peer] = d
                            narrowed.append(peer)
        return narrowed

    # -- search ---------------------------------------------------------------
    def _search(self, dom: list[int], found: list[tuple[int, ...]], limit: int) -> None:
        self.nodes += 1
        best = -1
        best_count = 6
        for cell, d in enumerate(dom):
            if d & (d - 1):
                count = POPCOUNT[d]
                if count < best_count:
                    best, best_count = cell, count
                    if count == 2:
                        break
        if best < 0:
            found.append(tuple(LEVEL_OF_BIT[d] for d in dom))
            return
        d = dom[best]
        for level in range(1, 6):
            bit = 1 << level
            if d & bit:
                child = dom.copy()
                child[best] = bit
                if self.propagate(child, [best]):
                    self._search(child, found, limit)
                    if len(found) >= limit:
                        return

    def solutions(self, givens: dict[int, int], limit: int = 2) -> list[tuple[int, ...]]:
        """Up to ``limit`` solutions (flat tuples of levels) fitting ``givens``."""
        dom = self.start_domains(givens)
        if dom is None:
            return []
        if self._kernel is not None:
            solutions, nodes = self._kernel.solutions(dom, limit)
            self.nodes += nodes
            return solutions
        found: list[tuple[int, ...]] = []
        self._search(dom, found, limit)
        return found

    def count(self, givens: dict[int, int], cap: int = 1000) -> int:
        """Number of solutions, counted up to ``cap``."""
        return len(self.solutions(givens, cap))

    def solve(self, givens: dict[int, int], limit: int = 2) -> SolveResult:
        """Solve for ``givens`` (cell -> level): unique, none, or two different solutions."""
        self.nodes = 0
        return self.result_of(givens, self.solutions(givens, max(limit, 2)))

    def result_of(self, givens: dict[int, int], found: list[tuple[int, ...]]) -> SolveResult:
        """The :class:`SolveResult` of ``found = solutions(givens, limit)`` (limit 2 or more)."""
        if not found:
            return SolveResult(SolveStatus.NONE, reason=self.explain_none(givens), nodes=self.nodes)
        if len(found) == 1:
            return SolveResult(SolveStatus.UNIQUE, solution=found[0], count=1, nodes=self.nodes)
        first, second = found[0], found[1]
        differing = tuple(c for c in self.board.cells if first[c] != second[c])
        return SolveResult(
            SolveStatus.MULTIPLE,
            solution=first,
            other=second,
            differing=differing,
            count=len(found),
            nodes=self.nodes,
        )

    # -- explanations -------------------------------------------------------
    def explain_none(self, givens: dict[int, int]) -> str:
        """A plain reason why no crop layer fits, as simple as can be found."""
        board = self.board
        if self.oversize:
            region = self.oversize[0]
            return (
                f"the {region.size}-cell {_terrain_name(region.terrain)} region "
                f"({join_names(board.names(region.cells))}) cannot hold each level once: "
                f"there are only {MAX_REGION_SIZE} crop levels"
            )
        for cell in board.cells:
            own = self.initial[cell]
            blocked = 0
            blockers = []
            for region in self.regions:
                if region.index == self.region_of[cell]:
                    continue
                if all(c in board.neighbours8[cell] for c in region.cells):
                    blocked |= FULL[region.size]
                    blockers.append(region)
            if blockers and not own & ~blocked:
                region = max(blockers, key=lambda r: r.size)
                return (
                    f"{board.name(cell)} touches every cell of the {region.size}-cell "
                    f"{_terrain_name(region.terrain)} region ({join_names(board.names(region.cells))}), "
                    f"which {'must hold level 1' if region.size == 1 else f'holds levels 1-{region.size}'}, "
                    f"so no level fits {board.name(cell)}"
                )
        for cell, level in givens.items():
            if not self.initial[cell] >> level & 1:
                size = POPCOUNT[self.initial[cell]]
                return f"start cell {board.name(cell)} holds {level} but its region has only {size} cells"
        dom = list(self.initial)
        for cell, level in givens.items():
            dom[cell] = 1 << level
        for cell, level in sorted(givens.items()):
            for peer in self.peers[cell]:
                if peer in givens and givens[peer] == level:
                    return (
                        f"start cells {board.name(min(cell, peer))} and {board.name(max(cell, peer))} "
                        f"both hold {level} and are in one region or touch"
                    )
        # Plain eliminations from the start crops (no hidden singles): the first cell left empty.
        conflict = settle(dom, list(givens), self.peers, (), [-1] * board.cell_count)
        if conflict is not None and conflict[0] == EMPTY_CELL:
            return f"after placing the start crops no level is left for {board.name(conflict[1])}"
        return "no crop layer fits the terrain and the start crops (search exhausted every choice)"

    def suggest_givens(
        self,
        givens: dict[int, int],
        target: tuple[int, ...],
        cap: int = SUGGEST_CAP,
        found: list[tuple[int, ...]] | None = None,
    ) -> list[int]:
        """Cells whose crops (taken from ``target``) added as start cells make the layer unique.

        Greedy: among the first ``cap`` solutions, pick the cell that keeps the
        fewest of them agreeing with ``target``; repeat. ``found`` may pass
        ``solutions(givens, cap)`` when the caller has it already. Once fewer
        than ``cap`` solutions are left they are all known, so the next rounds
        filter them instead of searching again. Returns ``[]`` if ``target`` is
        already unique.
        """
        givens = dict(givens)
        chosen: list[int] = []
        sols = found if found is not None else self.solutions(givens, cap)
        while len(sols) > 1:
            # Transposed, each cell's levels across the solutions count at C speed.
            columns = list(zip(*sols, strict=True))
            best, best_left = -1, cap + 1
            for cell in self.board.cells:
                if cell not in givens:
                    left = columns[cell].count(target[cell])
                    if left < best_left:
                        best, best_left = cell, left
            givens[best] = target[best]
            chosen.append(best)
            if len(sols) < cap:
                sols = [s for s in sols if s[best] == target[best]]
            else:
                sols = self.solutions(givens, cap)
        return chosen


@lru_cache(maxsize=4)
def _near_masks(board: Board) -> tuple[int, ...]:
    """Each cell's eight neighbours as a bit mask of cells."""
    return tuple(sum(1 << n for n in board.neighbours8[c]) for c in board.cells)


def _cells_in(mask: int) -> tuple[int, ...]:
    """The cells of a bit mask, ascending."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return tuple(cells)


@lru_cache(maxsize=64)
def solver_for(board: Board, terrain: str) -> CropSolver:
    """The solver of a terrain map, built once: the checker and the grader share it."""
    return CropSolver(board, terrain)


def _terrain_name(letter: str) -> str:
    return {"V": "Valley", "D": "Desert", "F": "Forest", "M": "Mountain"}[letter]


def givens_of(scenario: Scenario) -> dict[int, int]:
    """The start cells' crop levels of a scenario (cells without a digit are skipped)."""
    givens = {}
    for cell in scenario.start_cells:
        level = scenario.crop_at(cell)
        if level is not None:
            givens[cell] = level
    return givens


def solve_scenario(scenario: Scenario, limit: int = 2) -> SolveResult:
    """Solve a :class:`~pachaprint.model.Scenario` from its start cells' crops."""
    solver = CropSolver(scenario.board, scenario.terrain_flat, scenario.regions)
    return solver.solve(givens_of(scenario), limit)
