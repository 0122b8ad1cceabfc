"""Regions: maximal orthogonally connected groups of cells of one terrain."""

from __future__ import annotations

from pachaprint.model.board import Board

TYPE_CHECKING = False  # typing is not loaded at run time (start-up time)
if TYPE_CHECKING:
    from typing import Final


class Region:
    """One region of a terrain map. ``cells`` are sorted cell indexes.

    A value (equal and hashed by its fields, never changed), written out rather
    than a dataclass for the start-up time of ``validate``.
    """

    __slots__ = ("cells", "index", "terrain")

    def __init__(self, index: int, terrain: str, cells: tuple[int, ...]) -> None:
        self.index: Final = index
        self.terrain: Final = terrain
        self.cells: Final = cells

    def __eq__(self, other: object) -> bool:
        if type(other) is not Region:
            return NotImplemented
        return (self.index, self.terrain, self.cells) == (other.index, other.terrain, other.cells)

    def __hash__(self) -> int:
        return hash((self.index, self.terrain, self.cells))

    def __repr__(self) -> str:
        return f"Region(index={self.index!r}, terrain={self.terrain!r}, cells={self.cells!r})"

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
