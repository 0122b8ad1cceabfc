"""The wheel oracle: the game's only access to the hidden map.

Like the Pachamama wheel on the table, it answers two questions about one cell
at a time: its terrain (Discovery window) and its crop (Divination window). The
game state asks it when a pawn discovers or divines; bots never hold it. It
also gives what the back of the disc shows: the terrain supply and the start
cells with their tiles.

A :class:`SealedWheel` answers only for cells whose tiles lie open: it is the
wheel of an information state (``GameState.information_state``), where a
search bot puts a map it samples (``WheelOracle.of_map``) in its place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pachaprint.check.solver import SolveStatus, solve_scenario
from pachaprint.model.board import Board
from pachaprint.model.rules import TERRAIN_LETTERS
from pachaprint.model.scenario import Scenario


class HiddenInformation(LookupError):
    """A question only the hidden map can answer, asked of a wheel that does not know it."""


class Wheel(Protocol):
    """What a game state asks of a wheel (:class:`WheelOracle`, :class:`SealedWheel`)."""

    board: Board

    def terrain_supply(self) -> tuple[int, ...]: ...
    def start_cells(self) -> tuple[int, ...]: ...
    def discover(self, cell: int) -> int: ...
    def divine(self, cell: int) -> int: ...


class MapWheel:
    """A wheel of a whole map given cell by cell: terrain indexes into
    :data:`~pachaprint.model.rules.TERRAIN_LETTERS` (0 valley, 1 desert, 2 forest,
    3 mountain) and crop levels (a scenario's, or a map a search samples).
    ``consulted_terrain`` and ``consulted_crops`` are the cells asked about."""

    def __init__(
        self,
        board: Board,
        terrain: Sequence[int],
        crops: Sequence[int],
        start: Sequence[int],
        scenario_id: str = "sampled",
    ):
        self.board = board
        self.scenario_id = scenario_id
        self._terrain, self._crops, self._start = tuple(terrain), tuple(crops), tuple(start)
        self._supply = tuple(list(terrain).count(t) for t in range(len(TERRAIN_LETTERS)))
        self.consulted_terrain: set[int] = set()
        self.consulted_crops: set[int] = set()

    # -- the back of the disc (public) ---------------------------------------
    def terrain_supply(self) -> tuple[int, ...]:
        """Terrain tiles of the scenario per terrain index (the whole supply)."""
        return self._supply

    def start_cells(self) -> tuple[int, ...]:
        """The start cells, whose terrain and crop are placed face up at setup."""
        return self._start

    # -- the windows ----------------------------------------------------------
    def discover(self, cell: int) -> int:
        """The terrain index of ``cell`` (Discovery window)."""
        self.consulted_terrain.add(cell)
        return self._terrain[cell]

    def divine(self, cell: int) -> int:
        """The crop level of ``cell`` (Divination window)."""
        self.consulted_crops.add(cell)
        return self._crops[cell]


class WheelOracle(MapWheel):
    """Answers terrain and crop questions about a scenario's hidden map.

    A scenario with dots in its crop layer is solved first; it must have a
    unique solution (``ValueError`` otherwise).
    """

    def __init__(self, scenario: Scenario):
        if scenario.is_complete:
            crops: Sequence[int] = tuple(int(c) for c in scenario.crops_flat)
        else:
            result = solve_scenario(scenario)
            if result.status is not SolveStatus.UNIQUE or result.solution is None:
                raise ValueError(
                    f"scenario {scenario.id}: the crop layer is not unique ({result.status.value})"
                )
            crops = result.solution
        terrain = [TERRAIN_LETTERS.index(t) for t in scenario.terrain_flat]
        super().__init__(scenario.board, terrain, crops, scenario.start_cells, scenario.id)

    @staticmethod
    def of_map(
        board: Board, terrain: Sequence[int], crops: Sequence[int], start: Sequence[int]
    ) -> MapWheel:
        """A wheel of any map: terrain indexes and crop levels per cell (a map a search samples)."""
        return MapWheel(board, terrain, crops, start)


class SealedWheel:
    """A wheel that knows only the open tiles of one table (see the module documentation)."""

    def __init__(self, board: Board, terrain: Sequence[int], crop: Sequence[int], wheel: Wheel):
        self.board = board
        self._terrain, self._crop = tuple(terrain), tuple(crop)
        self._supply, self._start = wheel.terrain_supply(), wheel.start_cells()

    def terrain_supply(self) -> tuple[int, ...]:
        return self._supply

    def start_cells(self) -> tuple[int, ...]:
        return self._start

    def discover(self, cell: int) -> int:
        if self._terrain[cell] < 0:
            raise HiddenInformation(f"the terrain of {self.board.name(cell)} is hidden")
        return self._terrain[cell]

    def divine(self, cell: int) -> int:
        if not self._crop[cell]:
            raise HiddenInformation(f"the crop of {self.board.name(cell)} is hidden")
        return self._crop[cell]
