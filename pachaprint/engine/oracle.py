"""The wheel oracle: the game's only access to the hidden map.

Like the Pachamama wheel on the table, it answers two questions about one cell
at a time: its terrain (Discovery window) and its crop (Divination window). The
game state asks it when a pawn discovers or divines; bots never hold it. It
also gives what the back of the disc shows: the terrain supply and the start
cells with their tiles.
"""

from __future__ import annotations

from pachaprint.check.solver import SolveStatus, solve_scenario
from pachaprint.model.rules import TERRAIN_LETTERS
from pachaprint.model.scenario import Scenario


class WheelOracle:
    """Answers terrain and crop questions about a scenario's hidden map.

    A scenario with dots in its crop layer is solved first; it must have a
    unique solution (``ValueError`` otherwise). Terrain is given as an index
    into :data:`~pachaprint.model.rules.TERRAIN_LETTERS` (0 valley, 1 desert,
    2 forest, 3 mountain).
    """

    def __init__(self, scenario: Scenario):
        self.board = scenario.board
        self.scenario_id = scenario.id
        if scenario.is_complete:
            crops = tuple(int(c) for c in scenario.crops_flat)
        else:
            result = solve_scenario(scenario)
            if result.status is not SolveStatus.UNIQUE or result.solution is None:
                raise ValueError(
                    f"scenario {scenario.id}: the crop layer is not unique ({result.status.value})"
                )
            crops = result.solution
        self._terrain = tuple(TERRAIN_LETTERS.index(t) for t in scenario.terrain_flat)
        self._crops = crops
        self._supply = tuple(scenario.terrain_flat.count(t) for t in TERRAIN_LETTERS)
        self._start = tuple(scenario.start_cells)
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
