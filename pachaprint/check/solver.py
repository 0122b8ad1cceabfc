"""The crop solver: constraint propagation plus depth-first search.

The crop layer is a Suguru/Tectonic puzzle. Each cell's domain is a bit mask
(bit ``1 << level``); assigning a level removes it from the cell's *peers* (the
other cells of its region and its eight neighbours), and a level that fits only
one cell of a region is placed there (hidden single). Search branches on the
cell with the fewest candidates. This one solver serves uniqueness checks,
``pachaprint solve``, the generator and the validation report; why no layer
fits is :mod:`pachaprint.check.conflict`'s job.

The hot loops work on plain ints (domain masks, cell indices) and concrete
lists and tuples so that mypyc compiles them to native code where the package
is built with it (``setup.py``); interpreted, the same code gives the same
answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

from pachaprint.check.propagate import FULL, POPCOUNT, Unit, settle
from pachaprint.model.board import Board
from pachaprint.model.regions import Region, find_regions
from pachaprint.model.rules import MAX_REGION_SIZE
from pachaprint.model.scenario import Scenario

SUGGEST_CAP = 200
"""Solutions enumerated to choose the start cells that would make a map unique."""


class SolveStatus(str, Enum):
    UNIQUE = "unique"
    NONE = "none"
    MULTIPLE = "multiple"


@dataclass(frozen=True, slots=True)
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
    nodes: int = field(default=0, compare=False)
    """The search's work (nodes visited)."""


class CropSolver:
    """Solver for one terrain map. Build once, solve many givens.

    ``keep``: the indices of the regions whose rules count (default: all).
    Cells of the other regions are left out of the puzzle (they take no part
    in any rule), which is how :mod:`~pachaprint.check.conflict` tries a part
    of a map on its own.
    """

    def __init__(
        self,
        board: Board,
        terrain: str,
        regions: list[Region] | None = None,
        keep: frozenset[int] | None = None,
    ) -> None:
        self.board = board
        self.terrain = terrain
        self.regions: list[Region] = (
            regions if regions is not None else find_regions(board, terrain)
        )
        kept = [r for r in self.regions if keep is None or r.index in keep]
        self.oversize: list[Region] = [r for r in kept if r.size > MAX_REGION_SIZE]
        owner = [-1] * board.cell_count
        for region in self.regions:
            for cell in region.cells:
                owner[cell] = region.index
        self.region_of: list[int] = owner
        inside = 0
        for region in kept:
            for cell in region.cells:
                inside |= 1 << cell
        self.inside = inside
        """The cells whose rules count, as a bit mask (every cell unless ``keep``)."""
        self.initial: list[int] = [
            FULL[min(self.regions[owner[c]].size, MAX_REGION_SIZE)] if inside >> c & 1 else 2
            for c in board.cells
        ]
        near = _near_masks(board)
        masks = [sum(1 << c for c in r.cells) for r in self.regions]
        self._region_masks = masks
        self.peers: list[tuple[int, ...]] = [
            _cells_in((near[c] | masks[owner[c]]) & ~(1 << c) & inside) if inside >> c & 1 else ()
            for c in board.cells
        ]
        self.units: list[Unit] = [
            (tuple(r.cells), FULL[r.size]) for r in kept if 1 < r.size <= MAX_REGION_SIZE
        ]
        self.unit_of: list[int] = [-1] * board.cell_count
        for index, (cells, _) in enumerate(self.units):
            for cell in cells:
                self.unit_of[cell] = index
        # Pointing: cells outside a region that touch a set of its cells.
        self.pointing: list[tuple[tuple[int, ...], list[int], int]] = []
        for region in kept:
            if not 1 < region.size <= MAX_REGION_SIZE:
                continue
            mask = masks[region.index]
            self.pointing.append(
                (
                    tuple(region.cells),
                    [near[c] & ~mask & inside for c in region.cells],
                    FULL[region.size],
                )
            )
        self.nodes = 0
        self.shadows: tuple[tuple[int, Region], ...] = self._find_shadows(near, kept)
        """(cell, region) pairs where the cell touches every cell of another region.

        Such a cell can hold none of the levels 1..n of that n-cell region
        ("region shadow"), whatever the givens."""
        shadowed = list(self.initial)
        for cell, region in self.shadows:
            shadowed[cell] &= ~FULL[min(region.size, MAX_REGION_SIZE)]
        self.shadowed: tuple[int, ...] = tuple(shadowed)
        """Initial domains with every region-shadow elimination made."""

    def _find_shadows(
        self, near: tuple[int, ...], kept: list[Region]
    ) -> tuple[tuple[int, Region], ...]:
        owner, masks, inside = self.region_of, self._region_masks, self.inside
        kept_indices = {r.index for r in kept}
        found = []
        for cell in self.board.cells:
            if not inside >> cell & 1:
                continue
            # only a region with a cell among the eight neighbours can lie inside them
            for index in sorted({owner[n] for n in self.board.neighbours8[cell]} - {owner[cell]}):
                if index in kept_indices and not masks[index] & ~near[cell]:
                    found.append((cell, self.regions[index]))
        return tuple(found)

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
        touched: set[int] | None = set(range(len(self.units))) if every_unit else None
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
        narrowed: list[int] = []
        for cells, touches, full in self.pointing:
            for level in range(1, 6):
                bit = 1 << level
                if not full & bit:
                    break
                common = -1
                for i in range(len(cells)):
                    d = dom[cells[i]]
                    if d & bit:
                        if d == bit:
                            common = 0
                            break
                        common &= touches[i]
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
        for cell in range(len(dom)):
            d = dom[cell]
            if d & (d - 1):
                count = POPCOUNT[d]
                if count < best_count:
                    best, best_count = cell, count
                    if count == 2:
                        break
        if best < 0:
            found.append(tuple([d.bit_length() - 1 for d in dom]))
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
        found: list[tuple[int, ...]] = []
        if dom is not None and limit > 0:
            self._search(dom, found, limit)
        return found

    def has_layer(self, givens: dict[int, int]) -> bool:
        """True when at least one crop layer fits ``givens``."""
        return bool(self.solutions(givens, 1))

    def count(self, givens: dict[int, int], cap: int = 1000) -> int:
        """Number of solutions, counted up to ``cap``."""
        return len(self.solutions(givens, cap))

    def solve(self, givens: dict[int, int], limit: int = 2) -> SolveResult:
        """Solve for ``givens`` (cell -> level): unique, none, or two different solutions.

        Why none fits, in words, is :func:`pachaprint.check.conflict.why_no_layer`.
        """
        self.nodes = 0
        return self.result_of(givens, self.solutions(givens, max(limit, 2)))

    def result_of(self, givens: dict[int, int], found: list[tuple[int, ...]]) -> SolveResult:
        """The :class:`SolveResult` of ``found = solutions(givens, limit)`` (limit 2 or more)."""
        if not found:
            return SolveResult(SolveStatus.NONE, nodes=self.nodes)
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
