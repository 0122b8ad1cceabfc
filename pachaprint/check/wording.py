"""The words of each technique's steps: the cells that justify a step and the sentence.

:mod:`pachaprint.check.techniques` finds the steps on bit masks and hands each
one a ``partial`` of the function here that says it, called only when a
person is shown the step (``solve --explain``, ``hint``, the studio).
"""

from __future__ import annotations

from pachaprint.check.deduction import Words, join, levels_text
from pachaprint.check.position import Position
from pachaprint.check.propagate import Conflict, levels_of
from pachaprint.model.regions import Region
from pachaprint.model.rules import Terrain


def placed_level(pos: Position, cell: int, level: int, hit: list[int]) -> Words:
    mates = [p for p in hit if pos.region_of[p] == pos.region_of[cell]]
    near = [p for p in hit if pos.region_of[p] != pos.region_of[cell]]
    parts = []
    if mates:
        parts.append(f"{join(pos.names(mates))} {'is' if len(mates) == 1 else 'are'} in its region")
    if near:
        parts.append(f"{join(pos.names(near))} {'touches' if len(near) == 1 else 'touch'} it")
    name = pos.board.name(cell)
    return (
        (cell,),
        f"ruling out {level} at {join(pos.names(hit))}: {name} holds {level}; {' and '.join(parts)}",
    )


def single_cell_region(pos: Position, cell: int) -> Words:
    terrain = Terrain(pos.terrain[cell]).label
    return (
        (cell,),
        f"{pos.board.name(cell)} must be 1: it is the only cell of its 1-cell {terrain} region",
    )


def naked_single(pos: Position, cell: int, level: int, held: list[int]) -> Words:
    others = [v for v in range(1, pos.size_of[cell] + 1) if v != level]
    holders = [held[v] for v in others if held[v] >= 0]
    why = ""
    if holders:
        rest = "" if len(holders) == len(others) else "; the rest by earlier steps"
        named = join([f"{pos.board.name(h)} holds {held.index(h)}" for h in holders])
        why = f" ({named}{rest})"
    return (
        (cell, *holders),
        f"{pos.board.name(cell)} must be {level}: {levels_text(others)} "
        f"{'is' if len(others) == 1 else 'are'} ruled out there{why}",
    )


def hidden_single(pos: Position, cell: int, level: int, region: Region) -> Words:
    return (
        tuple(region.cells),
        f"{pos.board.name(cell)} must be {level}: it is the only place left for the "
        f"{level} of {pos.region_label(region)}",
    )


def region_shadow(pos: Position, cell: int, levels: tuple[int, ...], region: Region) -> Words:
    return (
        tuple(region.cells),
        f"ruling out {levels_text(levels)} at {pos.board.name(cell)}: it touches every cell "
        f"of {pos.region_label(region)}, which holds {levels_text(range(1, region.size + 1))}",
    )


def pointing(pos: Position, level: int, region: Region, spots: list[int], hit: list[int]) -> Words:
    both = "both" if len(spots) == 2 else "all"
    return (
        tuple(spots),
        f"ruling out {level} at {join(pos.names(hit))}: the {level} of {pos.region_label(region)} "
        f"must be in {join(pos.names(spots), 'or')}, which {both} touch "
        f"{pos.board.name(hit[0]) if len(hit) == 1 else 'them'}",
    )


def naked_subset(
    pos: Position,
    group: tuple[int, ...],
    union: int,
    hit: list[int],
    ruled: tuple[tuple[int, int], ...],
) -> Words:
    return (
        tuple(group),
        f"ruling out {levels_text(sorted({v for _, v in ruled}))} at {join(pos.names(hit))}: "
        f"{join(pos.names(group))} can only hold {levels_text(levels_of(union), 'or')}, so between "
        f"them they hold {'both' if len(group) == 2 else 'all three'}, and {join(pos.names(hit))} "
        f"{pos.link_text(hit, group)} each of them",
    )


def hidden_subset(
    pos: Position,
    region: Region,
    levels: tuple[int, ...],
    cells: list[int],
    ruled: tuple[tuple[int, int], ...],
) -> Words:
    return (
        tuple(region.cells),
        f"ruling out {levels_text(sorted({v for _, v in ruled}))} at "
        f"{join(pos.names(sorted({c for c, _ in ruled})))}: in {pos.region_label(region)} "
        f"the levels {levels_text(levels)} fit only {join(pos.names(cells))}, "
        f"so those cells hold them and nothing else",
    )


def contradiction(pos: Position, cell: int, level: int, dead_end: Conflict) -> Words:
    name = pos.board.name(cell)
    return (
        (cell,),
        f"ruling out {level} at {name}: if {name} held {level}, then after the easy "
        f"steps {pos.dead_end_text(dead_end)}",
    )
