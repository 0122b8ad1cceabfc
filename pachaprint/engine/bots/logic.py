"""The logician's proofs: which crops follow from public information alone.

Public information is what lies on the table: the revealed terrain and crop
tiles, the terrain tiles left in the supply, and the rules of Pachamama. Every
step below is *sound*: it only removes a level when no complete map that fits
the table and the rules could hold it there. The logician divines a crop only
when it is proven, so it never divines wrong.

Steps (``analyse``):

1. **Known parts of regions.** Revealed cells of one terrain that touch
   orthogonally belong to one region; each such group is a *component*.
2. **Where a terrain may still lie.** A hidden cell cannot hold terrain ``t``
   when no ``t`` tile is left, when the ``t`` components touching it (also at a
   corner) would make a region of more than 5 cells with it, or when it touches
   a ``t`` component whose region is already complete (two regions of one
   terrain never touch, and a complete region does not grow). When exactly as
   many hidden cells may hold ``t`` as ``t`` tiles are left, they all hold
   ``t`` and no other terrain.
3. **Region size bounds.** A component's region lies inside the cells reachable
   from it through hidden cells that may be ``t`` and other ``t`` components;
   with the supply and the 5-cell limit this bounds its size. A component is
   *complete* (the whole region) when the bound equals its size. Steps 2 and 3
   repeat until nothing changes.
4. **Crop domains** of revealed cells: levels 1..bound, minus levels placed in
   the same component or on a touching cell (separation); in a complete region
   every level 1..n lies exactly once, so a level with one place left goes there.
5. **Proof by refutation** (:func:`pachaprint.engine.bots.proofs.prove`): a level is
   proven for a cell when every other level of its domain leads to a
   contradiction of the constraints among revealed cells.

The constraints used are a subset of the true ones, so the real crop layer
always satisfies them: whatever holds in every solution of this relaxed
problem holds on the hidden map.
"""

from __future__ import annotations

from collections.abc import Sequence

from pachaprint.engine.bots.knowledge import (
    FULL,
    LEVEL_OF_BIT,
    Component,
    Inconsistent,
    Knowledge,
    Links,
    propagate,
)
from pachaprint.engine.rules.movement import Geometry, cell_count, cells_of, flood
from pachaprint.model.rules import MAX_REGION_SIZE, TERRAIN_LETTERS
from pachaprint.model.text import plural

__all__ = [
    "FULL",
    "LEVEL_OF_BIT",
    "Component",
    "Inconsistent",
    "Knowledge",
    "Links",
    "analyse",
    "propagate",
]


def analyse(
    geo: Geometry,
    table_terrain: Sequence[int],
    table_crop: Sequence[int],
    table_supply: Sequence[int],
) -> Knowledge:
    """Sound knowledge from a table: its terrain per cell (-1 hidden), crop per
    cell (0 none), and supply of terrain tiles left per terrain index.

    Raises :class:`Inconsistent` if the table breaks the rules.

    Written for the compiler (mypyc): plain loops over local ints, no augmented
    assignment to list items, no generator or ``zip``: this runs at every search
    node that discovers a tile.
    """
    # lists index fastest once compiled; the tables are only read, so lists need no copy
    terrain = table_terrain if isinstance(table_terrain, list) else list(table_terrain)
    crop = table_crop if isinstance(table_crop, list) else list(table_crop)
    supply = table_supply if isinstance(table_supply, list) else list(table_supply)
    board = geo.board
    n = board.cell_count
    kinds = len(supply)
    by_terrain, by_level, hidden = _masks(n, kinds, terrain, crop)
    revealed = geo.all & ~hidden
    open_cells = by_level[0] & revealed
    near8 = geo.near8
    w, nf, nl, full = geo.width, geo.not_first_column, geo.not_last_column, geo.all

    # 1. components: the orthogonally connected parts of each terrain's cells, and the
    # hidden cells around each (its halo)
    components: list[Component] = []
    component_of = [-1] * n
    halos: list[int] = []
    for t in range(kinds):
        mine = by_terrain[t]
        left = mine
        while left:
            mask = flood(geo, left & -left, mine)
            left &= ~mask
            cells = cells_of(mask)
            halo = 0
            for c in cells:
                halo |= near8[c]
            top = 5
            while top and not by_level[top] & mask:
                top -= 1
            size = len(cells)
            index = len(components)
            for c in cells:
                component_of[c] = index
            components.append(
                Component(t, mask, cells, size, MAX_REGION_SIZE, size if size > top else top)
            )
            halos.append(halo & hidden & ~mask)
    count_components = len(components)

    # 2 + 3. where terrains may lie, region bounds, to a fixpoint
    possible = [hidden if supply[t] > 0 else 0 for t in range(kinds)]
    touch = [0] * (kinds * n)  # terrain t, cell u -> cells of t components around u (t * n + u)
    crowded = [0] * kinds
    for k in range(count_components):
        comp = components[k]
        t = comp.terrain
        base = t * n
        size = comp.size
        for u in cells_of(halos[k]):
            total = touch[base + u] + size
            touch[base + u] = total
            if total >= MAX_REGION_SIZE:
                crowded[t] = crowded[t] | 1 << u
    for t in range(kinds):
        possible[t] = possible[t] & ~crowded[t]
    dirty = (1 << kinds) - 1  # terrains (bit 1 << t) whose possible cells changed
    while dirty:
        changed = 0
        for k in range(count_components):
            comp = components[k]
            t = comp.terrain
            if not dirty >> t & 1 or comp.upper == comp.size:
                continue
            mine = by_terrain[t]
            grow = flood(geo, comp.mask, possible[t] | mine)
            # min(MAX_REGION_SIZE, cells grown, cells and tiles left), spelt out: compiled,
            # a call of min with three arguments is a call into the interpreter
            upper = cell_count(grow)
            if upper > MAX_REGION_SIZE:
                upper = MAX_REGION_SIZE
            bound = comp.size + supply[t] + cell_count(grow & mine & ~comp.mask)
            if bound < upper:
                upper = bound
            if upper < comp.lower:
                raise Inconsistent(
                    f"region at {board.name(comp.cells[0])} cannot reach its needed size"
                )
            if upper < comp.upper:
                comp.upper = upper
                halo = halos[k]
                if upper == comp.size and possible[t] & halo:
                    possible[t] = possible[t] & ~halo
                    changed |= 1 << t
        # the supply count: when exactly as many hidden cells may hold t as there
        # are t tiles left, those cells all hold t, and no other terrain lies there
        for t in range(kinds):
            here = possible[t]
            count = cell_count(here)
            if count < supply[t]:
                raise Inconsistent(
                    f"{plural(supply[t], TERRAIN_LETTERS[t] + ' tile')} left for {plural(count, 'cell')}"
                )
            if count and count == supply[t]:
                for other in range(kinds):
                    if other != t and possible[other] & here:
                        possible[other] = possible[other] & ~here
                        changed |= 1 << other
        dirty = changed
    lost = hidden & ~(possible[0] | possible[1] | possible[2] | possible[3]) if kinds == 4 else 0
    if lost:
        raise Inconsistent(f"no terrain fits {board.name(cells_of(lost)[0])}")

    # 4. domains and constraints. Peers link undecided cells only: a placed crop
    # is taken out of its peers' domains here, once, and never changes again.
    domains = [0] * n
    peers: list[tuple[int, ...]] = [()] * n
    for cell in cells_of(open_cells):
        domains[cell] = FULL[components[component_of[cell]].upper]
    for level in range(1, 6):
        placed = by_level[level]
        if not placed:
            continue
        bit = 1 << level
        keep = ~bit
        block = placed | ((placed << 1) & nf) | ((placed >> 1) & nl)
        block = (block | (block << w) | (block >> w)) & full
        for comp in components:
            if comp.mask & placed:
                block |= comp.mask
        for cell in cells_of(placed):
            domains[cell] = bit
            if (near8[cell] | components[component_of[cell]].mask) & placed & ~(1 << cell):
                raise Inconsistent(
                    f"{board.name(cell)} holds {level} next to or in one region with another {level}"
                )
        for cell in cells_of(block & open_cells):
            domains[cell] = domains[cell] & keep
    for cell in cells_of(open_cells):
        peers[cell] = cells_of(
            (near8[cell] | components[component_of[cell]].mask) & open_cells & ~(1 << cell)
        )
    units: list[tuple[tuple[int, ...], int]] = []
    for comp in components:
        if comp.upper == comp.size and comp.size > 1 and comp.mask & open_cells:
            units.append((comp.cells, FULL[comp.size]))
    knowledge = Knowledge(
        board, domains, possible, components, component_of, (peers, units, _unit_index(units, n))
    )
    queue: list[int] = []
    for cell in cells_of(open_cells):
        d = domains[cell]
        if not d:
            raise Inconsistent(f"no level fits {board.name(cell)}")
        if not d & (d - 1):
            queue.append(cell)
    if not propagate(knowledge, domains, queue, every_unit=True):
        raise Inconsistent("the revealed crops break the rules")
    # units whose cells are all decided can give nothing more
    undecided: list[tuple[tuple[int, ...], int]] = []
    for unit in units:
        for c in unit[0]:
            d = domains[c]
            if d & (d - 1):
                undecided.append(unit)
                break
    if len(undecided) < len(units):  # (else the links made above hold them all already)
        knowledge.links = (peers, undecided, _unit_index(undecided, n))
    return knowledge


def _masks(
    n: int, kinds: int, terrain: list[int], crop: list[int]
) -> tuple[list[int], list[int], int]:
    """The cells of each terrain and of each crop level (0: none yet) among the revealed
    cells, and the hidden cells, as masks."""
    hidden = 0
    by_terrain = [0] * kinds
    by_level = [0] * 6
    for cell in range(n):
        t = terrain[cell]
        if t < 0:
            hidden |= 1 << cell
        else:
            by_terrain[t] = by_terrain[t] | 1 << cell
            by_level[crop[cell]] = by_level[crop[cell]] | 1 << cell
    return by_terrain, by_level, hidden


def _unit_index(units: list[tuple[tuple[int, ...], int]], cells: int) -> list[int]:
    unit_of = [-1] * cells
    for index, (members, _) in enumerate(units):
        for c in members:
            unit_of[c] = index
    return unit_of
