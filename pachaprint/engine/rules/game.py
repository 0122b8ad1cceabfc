"""A game's fixed part (OpenSpiel's ``Game``): what never changes while it is played.

A :class:`Game` is made once per play from a scenario's wheel and a
:class:`~pachaprint.engine.rules.config.GameConfig`: the board and its bit-mask
tables, the mode's seating and rulings, the first player, the Otoma's start
cells and trails, and the real order of the tiles with arrows
(the deck, or the seed that shuffles them). Every :class:`~pachaprint.engine.rules.state.GameState` of that
play, and every copy a search makes of one, refers to the same Game and holds
only what changes. Start a play with :func:`pachaprint.engine.rules.modes.new_game`
(or ``start(Game.new(...))``); :func:`draw_setup` says what one seed draws.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from pachaprint.engine.rules.config import GameConfig, Mode, Rules, Seating, otoma_cells
from pachaprint.engine.rules.movement import Geometry
from pachaprint.engine.rules.oracle import Wheel, WheelOracle
from pachaprint.engine.rules.tiles import Deck
from pachaprint.engine.rules.trails import Trails
from pachaprint.model.board import Board
from pachaprint.model.scenario import Scenario

# Enum members read in hot code, bound once: a compiled module reads a Final
# constant directly, where ``Phase.TURN`` costs a lookup through the enum's class.
_MODE_SOLO: Final = Mode.SOLO


def draw_setup(config: GameConfig) -> tuple[int, int | None, random.Random]:
    """The draws one seed fixes before play, in this order: the tiles' shuffle (solo and
    co-op), the first player (competitive and co-op; solo has one seat). Returns
    ``(first player, tiles seed, rng)``; the rng goes on to seed the bots."""
    rng = random.Random(config.seed)
    tiles_seed = first = None
    if config.mode.has_otoma and config.tiles_seed is None:
        tiles_seed = rng.getrandbits(64)
    if config.mode is not _MODE_SOLO and config.first_player is None:
        first = rng.randrange(config.players)
    tiles = config.tiles_seed if config.tiles_seed is not None else tiles_seed
    return first if first is not None else (config.first_player or 0), tiles, rng


class Game:
    """The fixed part of one play (see the module documentation).

    ``wheel`` answers for the hidden map; ``first_player`` starts; the Otoma stand
    on ``otoma_cells`` at setup.
    """

    def __init__(
        self,
        wheel: Wheel,
        config: GameConfig,
        *,
        first_player: int = 0,
        otoma_cells: Sequence[int] = (),
        deck: Deck | None = None,
        tiles_seed: int | None = None,
    ) -> None:
        board = wheel.board
        if config.mode.has_otoma and board.size != "long":
            raise ValueError("solo and co-op use long scenarios only")
        self.wheel = wheel
        self.board: Board = board
        self.geo = Geometry.of(board)
        self.config = config
        self.mode = config.mode
        self.rules: Rules = config.rules
        """The mode's rulings, as a player would sum them up (bots and displays read them)."""
        self.seating: Seating = config.seating
        self.players = config.players
        self.side_of, self.account_of = self.seating.side_of, self.seating.account_of
        self.first_player = first_player
        self.otoma_cells = tuple(otoma_cells[: len(self.seating.otoma_colours)])
        self.trails: Trails | None = Trails.of(board) if config.mode.has_otoma else None
        self.deck = deck
        """The real order of the tiles, when given (a scripted game)."""
        self.tiles_seed = tiles_seed
        """Shuffles the tiles when no deck is given (:meth:`Deck.shuffled`); with neither,
        every tile that turns up is a chance node for the caller to answer."""

    @classmethod
    def new(cls, scenario: Scenario, config: GameConfig, wheel: Wheel | None = None) -> Game:
        """A play of ``scenario`` set up by ``config``: the first player drawn and the tiles
        shuffled by its seed (:func:`draw_setup`), the Otoma on the cells it names (or
        the scenario's). ``wheel``: the scenario's, when the caller has one already
        (simulations play many games on one). ``ValueError`` for a scenario the mode
        cannot use."""
        first, tiles_seed, _ = draw_setup(config)
        cells: tuple[int, ...] = ()
        if config.mode.has_otoma:
            cells = otoma_cells(scenario, config.otoma)
        return cls(
            wheel or WheelOracle(scenario),
            config,
            first_player=first,
            otoma_cells=cells,
            tiles_seed=tiles_seed,
        )
