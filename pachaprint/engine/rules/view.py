"""What a player (or bot) sees of a game: the table, never the wheel.

A :class:`PlayerView` is an immutable snapshot of the public information of
any mode: revealed terrain and crop tiles, pawns, scores, diversity stones,
offering tokens, the terrain supply still beside the board, whose turn it is,
and where the mode has them the Otoma pawns and the tiles with arrows (the
arrows on the board, stack sizes, co-op hands and their visible top tiles, and
which tiles are still unseen). It holds no reference to the game state, its
oracle or its deck, so a bot cannot peek at the hidden map or the order of the
tiles. It is the information state a search bot samples from: every hidden
map consistent with it, and every order of the unseen tiles, is possible.
"""

from __future__ import annotations

from typing import NamedTuple

from pachaprint.engine.rules.config import Mode, Seating
from pachaprint.engine.rules.events import Phase
from pachaprint.engine.rules.movement import Geometry
from pachaprint.engine.rules.table import Table
from pachaprint.engine.rules.tiles import ArrowTile, TileTable
from pachaprint.engine.rules.trails import Trails
from pachaprint.model.board import Board


class TileView(NamedTuple):
    """The open tiles of a solo or co-op table (see :class:`~pachaprint.engine.rules.tiles.TileTable`)."""

    arrows: tuple[tuple[str, int] | None, ...] = ()
    """Per cell: (arrow colour, direction index) of the tile lying there, ``None`` for none."""
    box: tuple[tuple[ArrowTile, ...], ...] = ()
    """Per terrain: the tiles this game may show."""
    unseen: tuple[int, ...] = ()
    """Per terrain: mask of the ``box`` tiles nobody has seen yet (what may turn up next)."""
    pending: int = -1
    """Hard solo: direction index of an own-colour arrow waiting for the choice of an Otoma pawn."""
    top_arrows: tuple[tuple[int, ...], ...] = ()
    """Co-op: direction index of each seat's top tile per terrain, -1 for an empty stack."""
    columns: tuple[int, ...] = ()
    """Co-op: spent tiles waiting on each diversity board column."""
    arrow: int = -1
    """Co-op: direction index of the tile spent this turn, -1 for none."""
    hands: tuple[tuple[int, ...], ...] = ()
    """Co-op: tiles in each seat's hand, per terrain (how high each stack is shows)."""
    top_colours: tuple[tuple[str, ...], ...] = ()
    """Co-op: arrow colour of each seat's top tile per terrain, ``""`` for an empty stack."""

    @classmethod
    def of(cls, tiles: TileTable) -> TileView:
        """The open tiles of a table."""
        return cls(
            tuple([None if t is None else t.arrow for t in tiles.tile_at]),
            tiles.box,
            tuple(tiles.unseen),
            -1 if tiles.pending is None else int(tiles.pending),
            tuple(tuple([-1 if t is None else t.arrow[1] for t in tops]) for tops in tiles.tops),
            tuple(map(len, tiles.columns)),
            -1 if tiles.arrow is None else int(tiles.arrow),
            tuple(tuple(sizes) for sizes in tiles.hands),
            tuple(tuple("" if t is None else t.colour for t in tops) for tops in tiles.tops),
        )


class PlayerView(NamedTuple):
    """Public information of one moment of a game, seen by ``seat``."""

    board: Board
    geo: Geometry
    """The board's bit-mask tables."""
    mode: Mode
    """The mode's name (for screens and reports: a bot reads the rules, not the name)."""
    difficulty: str | None
    """The difficulty played (for screens and reports, as :attr:`mode`)."""
    seat: int
    account: int
    """The seat's score account (``score``, ``stones``, ``tokens``): the group's in co-op."""
    side: int
    """The seat's pawn side (``pawn_mask``, ``reserve``)."""
    players: int
    current_player: int
    phase: Phase
    turn: int
    terrain: tuple[int, ...]
    """Terrain index per cell, or ``UNKNOWN`` (-1) where no tile lies yet."""
    crop: tuple[int, ...]
    """Crop level per cell, 0 where no crop tile lies."""
    owner: tuple[int, ...]
    """Pawn side on each cell, -1 for none."""
    supply: tuple[int, ...]
    """Terrain tiles left beside the board, per terrain index (= hidden cells of each terrain)."""
    revealed: int
    crop_mask: int
    pawn_mask: tuple[int, ...]
    all_pawns: int
    score: tuple[int, ...]
    stones: tuple[tuple[int, ...], ...]
    tokens: tuple[int, ...]
    reserve: tuple[int, ...]
    passed: tuple[bool, ...]
    end_phase: bool
    """True once the last terrain tile is placed (competitive end phase)."""
    otoma_account: int = -1
    otoma_pawns: tuple[int, ...] = ()
    """Cell of each Otoma pawn, in setup order."""
    otoma_colours: tuple[str, ...] = ()
    colour: str = ""
    """The seat's pawn colour."""
    tiles: TileView | None = None
    """Solo and co-op: the tiles with arrows."""
    trails: Trails | None = None
    """Solo and co-op: where the Otoma pawns go (the trails printed around the board)."""
    seating: Seating | None = None
    """Who plays which pawn colour and score account (the Otoma's last)."""
    arrow_pawns: dict[str, tuple[int, ...]] | None = None
    """Solo: per arrow colour, the Otoma pawns an arrow of that colour moves when an
    Explore ends on its tile (the rules' answer,
    :meth:`~pachaprint.engine.rules.state.GameState.arrow_pawns`: more than one, the
    player chooses); ``None`` where arrows move nothing."""

    @classmethod
    def of(
        cls, state: Table, seat: int, arrow_pawns: dict[str, tuple[int, ...]] | None = None
    ) -> PlayerView:
        """The view of ``state`` for ``seat`` (``arrow_pawns``: what the arrows move, as the
        state's mode says)."""
        otoma = state.otoma
        side = state.side_of[seat]
        tiles = state.tiles
        return cls(  # positional, in field order: the hot path of every bot's decision
            state.board,
            state.geo,
            state.game.mode,
            state.level,
            seat,
            state.account_of[seat],
            side,
            state.players,
            state.current_player,
            state.phase,
            state.turn,
            tuple(state.terrain),
            tuple(state.crop),
            tuple(state.owner),
            tuple(state.supply),
            state.revealed,
            state.crop_mask,
            tuple(state.pawn_mask),
            state.all_pawns,
            tuple(state.score),
            tuple(map(tuple, state.stones)),
            tuple(state.tokens),
            tuple(state.reserve),
            tuple(state.passed),
            state.trigger is not None,
            otoma.account if otoma else -1,
            tuple(otoma.pawns) if otoma else (),
            otoma.colours if otoma else (),
            state.seating.colours[side],
            TileView.of(tiles) if tiles else None,
            state.game.trails,
            state.seating,
            arrow_pawns,
        )

    @property
    def own(self) -> int:
        """Mask of this seat's pawns."""
        return self.pawn_mask[self.side]

    @property
    def eligible(self) -> int:
        """Mask of this seat's pawns on terrain without crop (they may divine)."""
        return self.pawn_mask[self.side] & self.revealed & ~self.crop_mask
