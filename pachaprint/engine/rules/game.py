"""A game's fixed part (OpenSpiel's ``Game``): what never changes while it is played.

A :class:`Game` is made once per play from a scenario's wheel and a
:class:`~pachaprint.engine.rules.config.GameConfig`, by the mode's class
(:func:`pachaprint.engine.rules.modes.setup_game`): the board and its bit-mask
tables, the difficulty played, the seating, the first player, the Otoma's
start cells and trails, and the real order of the tiles with arrows (the
deck, or the seed that shuffles them). Every
:class:`~pachaprint.engine.rules.state.GameState` of that play, and every copy
a search makes of one, refers to the same Game and holds only what changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from pachaprint.engine.rules.config import GameConfig, Mode, Seating
from pachaprint.engine.rules.movement import Geometry
from pachaprint.engine.rules.oracle import Wheel
from pachaprint.engine.rules.tiles import Deck
from pachaprint.engine.rules.trails import Trails
from pachaprint.model.board import Board


class Game:
    """The fixed part of one play (see the module documentation).

    ``wheel`` answers for the hidden map; ``config`` is what the game was set up with,
    ``level`` the difficulty played (the mode's default when the configuration names
    none) and ``seating`` who plays what, as the mode's class worked them out;
    ``first_player`` starts; the Otoma stand on ``otoma_cells`` at setup.
    """

    def __init__(
        self,
        wheel: Wheel,
        config: GameConfig,
        level: str | None,
        seating: Seating,
        *,
        first_player: int = 0,
        otoma_cells: Sequence[int] = (),
        deck: Deck | None = None,
        tiles_seed: int | None = None,
    ) -> None:
        board = wheel.board
        otoma = bool(seating.otoma_colours)
        if otoma and board.size != "long":
            raise ValueError("solo and co-op use long scenarios only")
        self.wheel = wheel
        self.board: Board = board
        self.geo = Geometry.of(board)
        self.config = config
        self.mode: Mode = config.mode
        self.level = level
        """The difficulty played (the mode's default when the configuration names none)."""
        self.seating: Seating = seating
        self.players = config.players
        self.side_of, self.account_of = self.seating.side_of, self.seating.account_of
        self.first_player = first_player
        self.otoma_cells = tuple(otoma_cells[: len(self.seating.otoma_colours)])
        self.trails: Trails | None = Trails.of(board) if otoma else None
        self.deck = deck
        """The real order of the tiles, when given (a scripted game)."""
        self.tiles_seed = tiles_seed
        """Shuffles the tiles when no deck is given (:meth:`Deck.shuffled`); with neither,
        every tile that turns up is a chance node for the caller to answer."""
