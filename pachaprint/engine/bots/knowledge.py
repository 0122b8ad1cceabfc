"""What the public information proves: the :class:`Knowledge` of a table (see :mod:`pachaprint.engine.bots.logic`).

:func:`~pachaprint.engine.bots.logic.analyse` makes it; :func:`propagate` follows its
constraints (the crop solver's :func:`~pachaprint.check.propagate.settle`, on the
regions known so far) and :func:`~pachaprint.engine.bots.proofs.prove` refutes levels
with it.
"""

from __future__ import annotations

from typing import Final

from pachaprint.check.propagate import settle
from pachaprint.engine.rules.movement import cells_of
from pachaprint.model.board import Board
from pachaprint.model.rules import MAX_REGION_SIZE

FULL: Final = tuple(sum(1 << v for v in range(1, n + 1)) for n in range(MAX_REGION_SIZE + 1))
"""Size n -> domain mask of levels 1..n (bit ``1 << level``)."""
LEVEL_OF_BIT: Final = {1 << v: v for v in range(1, 6)}


Links = tuple[list[tuple[int, ...]], list[tuple[tuple[int, ...], int]], list[int]]
"""``(peers, units, unit_of)``: the constraints between undecided cells (see :attr:`Knowledge.links`)."""


class Inconsistent(Exception):
    """The public information contradicts the rules (a bug, or a map that breaks them)."""


class Component:
    """Revealed cells of one terrain joined orthogonally: part (or all) of one region.

    ``upper``: the largest size its region can have; ``lower``: the smallest (its cells,
    its highest crop). A plain class: :func:`~pachaprint.engine.bots.logic.analyse`
    makes thousands per game, and a compiled constructor is cheaper than a dataclass's."""

    def __init__(
        self,
        terrain: int,
        mask: int,
        cells: tuple[int, ...],
        size: int,
        upper: int = MAX_REGION_SIZE,
        lower: int = 1,
    ) -> None:
        self.terrain = terrain
        self.mask = mask
        self.cells = cells
        self.size = size
        self.upper = upper
        self.lower = lower

    def __repr__(self) -> str:
        return (
            f"Component(terrain={self.terrain}, cells={self.cells}, "
            f"upper={self.upper}, lower={self.lower})"
        )

    @property
    def complete(self) -> bool:
        """True when the component is its whole region."""
        return self.upper == self.size


class Knowledge:
    """What the table proves: components, region bounds, crop domains and the constraints
    between undecided cells (made by :func:`~pachaprint.engine.bots.logic.analyse`)."""

    def __init__(
        self,
        board: Board,
        domains: list[int],
        possible: list[int],
        components: list[Component],
        component_of: list[int],
        links: Links,
    ) -> None:
        self.board = board
        self.domains = domains
        """Cell -> domain mask (bit ``1 << level``) for revealed cells, 0 for hidden ones."""
        self.possible = possible
        """Terrain index -> mask of hidden cells that may still hold that terrain."""
        self.components = components
        """Revealed cells of one terrain joined orthogonally, terrain by terrain."""
        self.component_of = component_of
        """Cell -> component index, -1 for hidden cells."""
        self.links = links
        """``(peers, units, unit_of)``: per cell its undecided peers; the complete regions
        with undecided cells as (cells, levels mask); per cell the index of its unit or -1."""
        self.proofs: dict[int, int | None] = {}
        """Cache of proof results (:func:`pachaprint.engine.bots.proofs.prove`): cell -> level or None."""
        self.alive: dict[int, int] = {}
        """Levels known to fit a cell (seen in a solution found by the search)."""

    @property
    def peers(self) -> list[tuple[int, ...]]:
        """Per cell: the undecided cells that may not share its level."""
        return self.links[0]

    @property
    def units(self) -> list[tuple[tuple[int, ...], int]]:
        """The complete regions with undecided cells: (cells, mask of the levels they hold)."""
        return self.links[1]

    @property
    def unit_of(self) -> list[int]:
        """Cell -> index in ``units`` of its complete region, -1 if none."""
        return self.links[2]

    def levels(self, cell: int) -> list[int]:
        """The levels still possible on a revealed cell."""
        d = self.domains[cell]
        return [v for v in range(1, 6) if d >> v & 1]

    def certain(self, cell: int) -> int | None:
        """The crop level of ``cell`` if propagation alone fixes it."""
        d = self.domains[cell]
        return LEVEL_OF_BIT.get(d)

    def certain_levels(self, cells: int) -> dict[int, int]:
        """Cell -> level, for the cells of the mask ``cells`` whose crop propagation alone fixes."""
        domains, found = self.domains, {}
        for cell in cells_of(cells):
            level = LEVEL_OF_BIT.get(domains[cell])
            if level:
                found[cell] = level
        return found


def propagate(
    knowledge: Knowledge, dom: list[int], queue: list[int], every_unit: bool = False
) -> bool:
    """Singles and hidden singles to a fixpoint, in place; False on contradiction.

    Only the complete regions (units) whose cells changed are checked for
    hidden singles, unless ``every_unit``. The kernel is the solver's
    :func:`~pachaprint.check.propagate.settle`, on the regions known so far.
    """
    peers, units, unit_of = knowledge.links
    touched = set(range(len(units))) if every_unit else None
    return settle(dom, queue, peers, units, unit_of, touched) is None
