"""The scenario: one disc's terrain map, crop layer, start cells and metadata.

A :class:`Scenario` is built from an already schema-valid mapping
(:meth:`Scenario.from_dict`); reading files and reporting bad input is the job
of :mod:`pachaprint.check`. Grids are kept both as the file's row strings and
flat (one character per cell in reading order) for fast lookups.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from pachaprint.model.board import Board, board_for
from pachaprint.model.regions import Region, find_regions, region_of_cell

FORMAT = "pachaprint-scenario/1"
UNKNOWN_CROP = "."


@dataclass(frozen=True)
class Scenario:
    """A scenario disc. ``terrain`` and ``crops`` are the 5 row strings of the file.

    Not slotted: its derived grids are cached on the instance (``cached_property``).
    """

    id: str
    name: str
    size: str
    terrain: tuple[str, ...]
    crops: tuple[str, ...]
    start: tuple[str, ...]
    author: str | None = None
    notes: str | None = None
    otoma: tuple[str, ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """The file's mapping as read, so writing it back keeps key order and ``$schema``."""

    # -- construction -----------------------------------------------------
    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Scenario:
        """Build from a schema-valid mapping (see ``schemas/scenario.schema.json``)."""
        solo = data.get("solo")
        return cls(
            id=data["id"],
            name=data["name"],
            size=data["size"],
            terrain=tuple(data["terrain"]),
            crops=tuple(data["crops"]),
            start=tuple(data["start"]),
            author=data.get("author"),
            notes=data.get("notes"),
            otoma=tuple(solo["otoma"]) if solo and "otoma" in solo else None,
            extra=dict(data),
        )

    def to_dict(self) -> dict[str, Any]:
        """The file mapping, keeping the key order of the file it came from."""
        data: dict[str, Any] = dict(self.extra) if self.extra else {}
        data.setdefault("format", FORMAT)
        values: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "author": self.author,
            "size": self.size,
            "terrain": list(self.terrain),
            "crops": list(self.crops),
            "start": list(self.start),
            "solo": {"otoma": list(self.otoma)} if self.otoma else None,
            "notes": self.notes,
        }
        for key, value in values.items():
            if value is None:
                data.pop(key, None)
            else:
                data[key] = value
        return data

    def dumps(self) -> str:
        """Readable JSON text: two-space indent, one grid row per line, newline at the end."""
        return dumps_scenario(self.to_dict())

    def with_crops(self, crops: list[str] | tuple[str, ...]) -> Scenario:
        """A copy with another crop layer (row strings)."""
        return replace(self, crops=tuple(crops))

    # -- geometry ---------------------------------------------------------
    @property
    def board(self) -> Board:
        return board_for(self.size)

    @cached_property
    def terrain_flat(self) -> str:
        """Terrain letters of all cells in reading order."""
        return "".join(self.terrain)

    @cached_property
    def crops_flat(self) -> str:
        """Crop characters (``1``-``5`` or ``.``) of all cells in reading order."""
        return "".join(self.crops)

    @cached_property
    def crop_levels(self) -> tuple[int, ...]:
        """Written crop level of every cell in reading order, ``0`` for a dot."""
        return tuple(0 if ch == UNKNOWN_CROP else int(ch) for ch in self.crops_flat)

    @cached_property
    def regions(self) -> list[Region]:
        return find_regions(self.board, self.terrain_flat)

    @cached_property
    def region_of(self) -> list[int]:
        """Cell index -> region index."""
        return region_of_cell(self.board, self.regions)

    @cached_property
    def start_cells(self) -> tuple[int, ...]:
        """Start cells as indexes (only those on this board, first occurrence kept)."""
        board = self.board
        seen: list[int] = []
        for name in self.start:
            if board.has(name) and board.index(name) not in seen:
                seen.append(board.index(name))
        return tuple(seen)

    @cached_property
    def otoma_cells(self) -> tuple[int, ...]:
        board = self.board
        return tuple(board.index(n) for n in (self.otoma or ()) if board.has(n))

    def terrain_at(self, cell: int) -> str:
        return self.terrain_flat[cell]

    def crop_at(self, cell: int) -> int | None:
        """The written crop level of a cell, or ``None`` for a dot."""
        return self.crop_levels[cell] or None

    @property
    def is_complete(self) -> bool:
        """True when the crop layer has no dots."""
        return UNKNOWN_CROP not in self.crops_flat

    def terrain_counts(self) -> dict[str, int]:
        """Terrain letter -> number of cells (the disc's terrain supply)."""
        flat = self.terrain_flat
        return {letter: flat.count(letter) for letter in "VDFM"}

    def crop_tile_counts(self) -> dict[int, int]:
        """Crop level -> crop tiles needed (one per region of size >= level)."""
        sizes = [len(r.cells) for r in self.regions]
        return {level: sum(1 for n in sizes if n >= level) for level in range(1, 6)}


def crops_to_rows(board: Board, crops: list[int] | tuple[int, ...]) -> list[str]:
    """A flat list of crop levels (0 = unknown) -> the file's row strings."""
    chars = [str(v) if v else UNKNOWN_CROP for v in crops]
    return ["".join(chars[r * board.width : (r + 1) * board.width]) for r in range(board.height)]


def dumps_scenario(data: dict[str, Any]) -> str:
    """Format a scenario mapping as readable JSON (rows one per line)."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
