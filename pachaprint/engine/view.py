"""What a player (or bot) sees of a game: the table, never the wheel.

A :class:`PlayerView` is an immutable snapshot of the public information:
revealed terrain and crop tiles, pawns, scores, diversity stones, offering
tokens, the remaining terrain supply (the tiles still stacked beside the board)
and whose turn it is. It holds no reference to the game state or its oracle,
so a bot cannot peek at the hidden map.
"""

from __future__ import annotations

from dataclasses import dataclass

from pachaprint.engine.state import UNKNOWN, GameState, Phase
from pachaprint.model.board import Board


@dataclass(frozen=True)
class PlayerView:
    """Public information of one moment of a game, seen by ``player``."""

    board: Board
    player: int
    players: int
    current_player: int
    phase: Phase
    turn: int
    terrain: tuple[int, ...]
    """Terrain index per cell, or ``UNKNOWN`` (-1) where no tile lies yet."""
    crop: tuple[int, ...]
    """Crop level per cell, 0 where no crop tile lies."""
    owner: tuple[int, ...]
    """Side of the pawn on each cell, -1 for none."""
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

    @classmethod
    def of(cls, state: GameState, player: int) -> PlayerView:
        """The view of ``state`` for ``player``."""
        return cls(
            board=state.board,
            player=player,
            players=state.players,
            current_player=state.current_player,
            phase=state.phase,
            turn=state.turn,
            terrain=tuple(state.terrain),
            crop=tuple(state.crop),
            owner=tuple(state.owner),
            supply=tuple(state.supply),
            revealed=state.revealed,
            crop_mask=state.crop_mask,
            pawn_mask=tuple(state.pawn_mask),
            all_pawns=state.all_pawns,
            score=tuple(state.score),
            stones=tuple(tuple(s) for s in state.stones),
            tokens=tuple(state.tokens),
            reserve=tuple(state.reserve),
            passed=tuple(state.passed),
            end_phase=state.trigger is not None,
        )

    @property
    def own(self) -> int:
        """Mask of this player's pawns."""
        return self.pawn_mask[self.player]

    @property
    def eligible(self) -> int:
        """Mask of this player's pawns on terrain without crop (they may divine)."""
        return self.pawn_mask[self.player] & self.revealed & ~self.crop_mask

    def is_hidden(self, cell: int) -> bool:
        return self.terrain[cell] == UNKNOWN
