"""Regions: maximal orthogonally connected groups of cells of one terrain."""

from __future__ import annotations

from dataclasses import dataclass

from pachaprint.model.board import Board


@dataclass(frozen=True, slots=True)
class Region:
    """One region of a terrain map. ``cells`` are sorted cell indexes."""

    index: int
    terrain: str
    cells: tuple[int, ...]

    def __reduce__(self) -> tuple[type[Region], tuple[int, str, tuple[int, ...]]]:
        # compiled by mypyc, a frozen slotted class cannot restore its fields one by one
        # (pickle's default): regions go to the build's worker processes with their disc
        return (Region, (self.index, self.terrain, self.cells))

    @property
    def size(self) -> int:
        return len(self.cells)


def find_regions(board: Board, terrain: str) -> list[Region]:
    """Split a flat terrain string (one letter per cell, reading order) into regions.

    Regions are numbered in reading order of their first cell. Cells whose
    letter is not a terrain (for example ``"?"`` for unknown) form no region.
    """
    seen = [False] * board.cell_count
    regions: list[Region] = []
    for start in board.cells:
        letter = terrain[start]
        if seen[start] or letter not in "VDFM":
            continue
        seen[start] = True
        stack = [start]
        members = []
        while stack:
            cell = stack.pop()
            members.append(cell)
            for near in board.neighbours4[cell]:
                if not seen[near] and terrain[near] == letter:
                    seen[near] = True
                    stack.append(near)
        regions.append(Region(len(regions), letter, tuple(sorted(members))))
    return regions


def region_of_cell(board: Board, regions: list[Region]) -> list[int]:
    """Cell index -> region index (``-1`` for cells in no region)."""
    owner = [-1] * board.cell_count
    for region in regions:
        for cell in region.cells:
            owner[cell] = region.index
    return owner
