"""Board geometry, the game's constants and the scenario model (the bottom layer)."""

from pachaprint.model.board import Board, board_for
from pachaprint.model.regions import Region, find_regions
from pachaprint.model.scenario import FORMAT, Scenario

__all__ = ["FORMAT", "Board", "Region", "Scenario", "board_for", "find_regions"]
