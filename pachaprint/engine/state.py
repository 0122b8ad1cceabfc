"""The competitive game state (RULES.md section 3), in the spirit of OpenSpiel.

:class:`GameState` is driven through a handful of methods: :meth:`legal_actions`,
:meth:`apply`, :meth:`is_terminal`, :meth:`returns` and :meth:`ranking`, with
:attr:`current_player` saying whose decision it is. Actions are the integer
codes of :mod:`pachaprint.engine.actions`. The hidden map is reached only
through a :class:`~pachaprint.engine.oracle.WheelOracle`; a player or bot gets
a :class:`~pachaprint.engine.view.PlayerView` of the public information.

Decisions without a choice are taken by the state itself and never appear in
the action history: a player with no legal Explore and no legal Divine skips;
a player with no token skips the Offer step; in the end phase a player without
an eligible pawn passes. Every other decision, including declining to divine
again or to offer (:data:`~pachaprint.engine.actions.PASS`), is an action.

The state is kept general for the solo and co-op modes: pawns belong to
*sides* (players first; further sides such as the Otoma may follow), every
pawn of another side blocks a mover, and the turn steps are methods a mode
can override.
"""

from __future__ import annotations

import copy
from enum import IntEnum
from typing import NamedTuple

from pachaprint.engine import actions as A
from pachaprint.engine.actions import (
    ANY_LEVEL,
    DIVINE_BASE,
    ENTER_BASE,
    MOVE_BASE,
    OFFER_BASE,
    RETRIEVE_BASE,
    LegalActions,
)
from pachaprint.engine.movement import cells_of, enter_ends, geometry, move_ends, player_move_ends
from pachaprint.engine.oracle import WheelOracle
from pachaprint.model.rules import (
    DIVERSITY_TOP_LEVEL,
    OFFERING_POINTS,
    PLAYER_COUNTS,
    TERRAIN_LETTERS,
    explorer_pawns,
)
from pachaprint.model.scenario import Scenario

UNKNOWN = -1
"""Terrain of a cell not yet discovered."""


class Phase(IntEnum):
    """Which decision the current player faces."""

    TURN = 0
    """Start of a turn: Explore (enter, move, retrieve) or Divine."""
    DIVINING = 1
    """After a correct divination: divine again with another pawn, or pass."""
    OFFER = 2
    """After an Explore or a Divine turn without mistake: offer tokens, or pass."""
    END_DIVINE = 3
    """End phase: exactly one divination, or pass (final)."""
    FINAL_OFFER = 4
    """After every player passed: one last offer each, or pass."""
    OVER = 5


class Source(IntEnum):
    """Where points came from; the five add up to the score."""

    DISCOVERY = 0
    DIVINATION = 1
    DIVINATION_LOST = 2
    """Negative: the true levels of wrong divinations."""
    CLAMPED = 3
    """Positive: what the floor at 0 gave back of those losses."""
    OFFERING = 4


SOURCE_NAMES = tuple(s.name.lower() for s in Source)


class Event(NamedTuple):
    """Something that happened, for people reading a game (see ``GameState.events``)."""

    what: str
    """``enter``, ``move``, ``retrieve``, ``discover``, ``divine``, ``wrong``, ``offer``,
    ``pass``, ``skip``, ``end-phase``, ``over``."""
    player: int
    cell: int = -1
    value: int = 0
    """Terrain index (discover), true level (divine, wrong), token mask (offer), start cell (move)."""
    points: int = 0


class GameState:
    """A competitive game in progress.

    Build with :meth:`new` (from a scenario) or directly from an oracle. All
    public fields are readable; tests and modes may set up positions with
    :meth:`put_pawn` and :meth:`reveal`.
    """

    def __init__(
        self, oracle: WheelOracle, players: int, first_player: int = 0, record_events: bool = False
    ):
        if players not in PLAYER_COUNTS:
            raise ValueError(f"the competitive game is for 2 to 4 players, not {players}")
        if not 0 <= first_player < players:
            raise ValueError(f"first player {first_player} is not a seat of {players} players")
        board = oracle.board
        self.board = board
        self.geo = geometry(board)
        self._oracle = oracle
        self.players = players
        self.sides = players
        n = board.cell_count
        self.terrain: list[int] = [UNKNOWN] * n
        self.crop: list[int] = [0] * n
        self.owner: list[int] = [-1] * n
        self.revealed = 0
        self.crop_mask = 0
        self.pawn_mask: list[int] = [0] * self.sides
        self.all_pawns = 0
        self.supply: list[int] = list(oracle.terrain_supply())
        self.score = [0] * players
        self.stones = [[0] * len(TERRAIN_LETTERS) for _ in range(players)]
        self.tokens = [0] * players
        self.reserve = [explorer_pawns(players)] * players
        self.points = [[0] * len(Source) for _ in range(players)]
        self.wrong = [0] * players
        self.correct = [0] * players
        self.first_player = first_player
        self.current_player = first_player
        self.phase = Phase.TURN
        self.turn = 1
        self.end_turns = 0
        self.skips = 0
        self.trigger: int | None = None
        self.passed = [False] * players
        self.history: list[int] = []
        self.events: list[Event] | None = [] if record_events else None
        self._legal: LegalActions = A.NO_ACTIONS
        self._skips_in_row = 0
        self._final_left = 0
        self.stalled = False
        for cell in oracle.start_cells():
            self.reveal(cell, crop=True)
        if self.trigger is not None:
            self.phase = Phase.END_DIVINE
        self._settle()

    @classmethod
    def new(
        cls, scenario: Scenario, players: int, first_player: int = 0, record_events: bool = False
    ) -> GameState:
        """A fresh game of ``scenario`` for ``players`` players, ``first_player`` (0-based) to start."""
        return cls(WheelOracle(scenario), players, first_player, record_events)

    # -- setup helpers ---------------------------------------------------------
    def reveal(self, cell: int, crop: bool = False) -> None:
        """Place the terrain tile (and with ``crop`` the crop tile) of ``cell``, scoring nothing.

        Placing the last terrain tile makes the current player the one who
        triggered the end of the game."""
        bit = 1 << cell
        if not self.revealed & bit:
            t = self._oracle.discover(cell)
            self.terrain[cell] = t
            self.revealed |= bit
            self.supply[t] -= 1
        if crop and not self.crop_mask & bit:
            self.crop[cell] = self._oracle.divine(cell)
            self.crop_mask |= bit
        if self.revealed == self.geo.all and self.trigger is None:
            self.trigger = self.current_player

    def put_pawn(self, side: int, cell: int, from_reserve: bool = True) -> None:
        """Place a pawn of ``side`` on an empty cell without moving or discovering (setup)."""
        if self.owner[cell] != -1:
            raise ValueError(f"{self.board.name(cell)} already holds a pawn")
        if side < self.players and from_reserve:
            if not self.reserve[side]:
                raise ValueError(f"player {side + 1} has no pawn left in supply")
            self.reserve[side] -= 1
        self._place(side, cell)

    def add_side(self) -> int:
        """A new side that is no player (the Otoma of solo and co-op): its pawns block
        every player's moves like an opponent's. Returns the side's index."""
        self.pawn_mask.append(0)
        self.sides += 1
        return self.sides - 1

    def refresh(self) -> None:
        """Recompute the legal actions after a setup change (positions set by hand)."""
        self._settle()

    # -- the OpenSpiel-style interface -------------------------------------------
    def legal_actions(self) -> LegalActions:
        """Legal action codes for :attr:`current_player` (empty when the game is over).

        A read-only sequence of ints (see :class:`~pachaprint.engine.actions.LegalActions`).
        """
        return self._legal

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def apply(self, action: int) -> None:
        """Play ``action`` for the current player; ``ValueError`` if it is not legal."""
        if action not in self._legal:
            raise ValueError(
                f"illegal action {A.format_action(self.board, action)!r} in phase {self.phase.name}"
            )
        self.history.append(action)
        kind = action >> 12
        p = self.current_player
        if kind == A.Kind.ENTER:
            to = action & 63
            self.reserve[p] -= 1
            self._place(p, to)
            self._note("enter", p, to)
            self._after_explore(p, to)
        elif kind == A.Kind.MOVE:
            frm, to = action >> 6 & 63, action & 63
            self._lift(p, frm)
            self._place(p, to)
            self._note("move", p, to, frm)
            self._after_explore(p, to)
        elif kind == A.Kind.RETRIEVE:
            cell = action >> 6 & 63
            self._lift(p, cell)
            self.reserve[p] += 1
            self._note("retrieve", p, cell)
            self._to_offer(p)
        elif kind == A.Kind.DIVINE:
            self._divine(p, action >> 6 & 63, action & 63)
        elif kind == A.Kind.OFFER:
            self._offer(p, action & 63)
            self._next_after_offer()
        else:
            self._pass(p)
        self._settle()

    def returns(self) -> list[float]:
        """Win shares at the end: 1 for a sole winner, 1/k each for k sharing the victory, else 0."""
        if not self.is_terminal():
            return [0.0] * self.players
        winners = self.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.players)]

    def tie_break(self, player: int) -> int:
        """Total levels advanced on the diversity board."""
        return sum(self.stones[player])

    def ranking(self) -> list[int]:
        """Place of each player (1 = best): score, then diversity levels; equal keys share a place."""
        keys = [(self.score[p], self.tie_break(p)) for p in range(self.players)]
        return [1 + sum(1 for other in keys if other > keys[p]) for p in range(self.players)]

    def winners(self) -> list[int]:
        """The players in first place (several when the victory is shared)."""
        ranking = self.ranking()
        return [p for p in range(self.players) if ranking[p] == 1]

    def clone(self) -> GameState:
        """An independent copy sharing the (read-only) oracle."""
        oracle = self._oracle
        self._oracle = None  # type: ignore[assignment]
        try:
            twin = copy.deepcopy(self)
        finally:
            self._oracle = oracle
        twin._oracle = oracle
        return twin

    def view(self, player: int):
        """What ``player`` sees: a :class:`~pachaprint.engine.view.PlayerView`."""
        from pachaprint.engine.view import PlayerView

        return PlayerView.of(self, player)

    # -- queries -------------------------------------------------------------------
    def pawns_of(self, side: int) -> tuple[int, ...]:
        """Cells of the pawns of ``side``, ascending."""
        return cells_of(self.pawn_mask[side])

    def eligible(self, player: int) -> int:
        """Mask of the player's pawns standing on terrain without crop."""
        return self.pawn_mask[player] & self.revealed & ~self.crop_mask

    def move_ends(self, player: int, start: int) -> int:
        """Mask of the cells where the pawn on ``start`` may end a move."""
        return move_ends(self.geo, start, self.pawn_mask[player], self.all_pawns, self.crop_mask)

    def enter_ends(self, player: int, entries: int | None = None) -> int:
        """Mask of the cells where a pawn entering from supply may end (optionally from ``entries`` only)."""
        return enter_ends(self.geo, self.pawn_mask[player], self.all_pawns, self.crop_mask, entries)

    @property
    def hidden_left(self) -> int:
        """Cells without terrain."""
        return sum(self.supply)

    # -- steps (a mode may override) -------------------------------------------------
    def _place(self, side: int, cell: int) -> None:
        bit = 1 << cell
        self.owner[cell] = side
        self.pawn_mask[side] |= bit
        self.all_pawns |= bit

    def _lift(self, side: int, cell: int) -> None:
        bit = ~(1 << cell)
        self.owner[cell] = -1
        self.pawn_mask[side] &= bit
        self.all_pawns &= bit

    def _note(
        self, what: str, player: int, cell: int = -1, value: int = 0, points: int = 0
    ) -> None:
        if self.events is not None:
            self.events.append(Event(what, player, cell, value, points))

    def _after_explore(self, p: int, cell: int) -> None:
        if not self.revealed >> cell & 1:
            self._discover(p, cell)
        self._to_offer(p)

    def _to_offer(self, p: int) -> None:
        """The optional Offer step; skipped at once by a player without tokens."""
        if self.tokens[p]:
            self.phase = Phase.OFFER
        else:
            self._end_turn()

    def _discover(self, p: int, cell: int) -> None:
        """Reveal the terrain under the pawn and score the diversity board."""
        self.reveal(cell)
        t = self.terrain[cell]
        stones = self.stones[p]
        if stones[t] >= DIVERSITY_TOP_LEVEL:
            points = 1
        else:
            stones[t] += 1
            points = stones.count(stones[t])
        self.score[p] += points
        self.points[p][Source.DISCOVERY] += points
        self._note("discover", p, cell, t, points)

    def _score_divination(self, p: int, cell: int, level: int) -> bool:
        """Reveal the crop under ``cell``, place it, and score the guess ``level``.

        Right: + the level and its offering token; wrong: - the true level,
        the score never below 0. Returns whether the guess was right.
        """
        truth = self._oracle.divine(cell)
        self.crop[cell] = truth
        self.crop_mask |= 1 << cell
        if level == truth:
            self.correct[p] += 1
            self.score[p] += truth
            self.points[p][Source.DIVINATION] += truth
            self.tokens[p] |= 1 << (truth - 1)
            self._note("divine", p, cell, truth, truth)
            return True
        self.wrong[p] += 1
        loss = min(self.score[p], truth)
        self.score[p] -= loss
        self.points[p][Source.DIVINATION_LOST] -= truth
        self.points[p][Source.CLAMPED] += truth - loss
        self._note("wrong", p, cell, truth, -loss)
        return False

    def _divine(self, p: int, cell: int, level: int) -> None:
        right = self._score_divination(p, cell, level)
        if self.phase is Phase.END_DIVINE:
            if not right:
                self.passed[p] = True
            self._next_end_player()
        elif right:
            self.phase = Phase.DIVINING
        else:
            self._end_turn()

    def _offer(self, p: int, mask: int) -> None:
        count = bin(mask).count("1")
        points = OFFERING_POINTS[count]
        self.tokens[p] &= ~mask
        self.score[p] += points
        self.points[p][Source.OFFERING] += points
        self._note("offer", p, -1, mask, points)

    def _pass(self, p: int) -> None:
        phase = self.phase
        self._note("pass", p)
        if phase is Phase.DIVINING:
            self._to_offer(p)
        elif phase is Phase.OFFER:
            self._end_turn()
        elif phase is Phase.END_DIVINE:
            self.passed[p] = True
            self._next_end_player()
        elif phase is Phase.FINAL_OFFER:
            self._next_final_offer()

    def _next_after_offer(self) -> None:
        if self.phase is Phase.FINAL_OFFER:
            self._next_final_offer()
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        if self.trigger is not None:
            self.phase = Phase.END_DIVINE
            self.current_player = self.trigger
            self._note("end-phase", self.trigger)
            if self.passed[self.trigger]:
                self._next_end_player()
            return
        self.current_player = (self.current_player + 1) % self.players
        self.phase = Phase.TURN
        self.turn += 1

    def _next_end_player(self) -> None:
        self.end_turns += 1
        n = self.players
        for step in range(1, n + 1):
            q = (self.current_player + step) % n
            if not self.passed[q]:
                self.current_player = q
                self.phase = Phase.END_DIVINE
                return
        self.phase = Phase.FINAL_OFFER
        self.current_player = self.trigger if self.trigger is not None else self.first_player
        self._final_left = n

    def _next_final_offer(self) -> None:
        self._final_left -= 1
        if self._final_left <= 0:
            self.phase = Phase.OVER
            self._note("over", -1)
            return
        self.current_player = (self.current_player + 1) % self.players

    # -- legal actions and forced decisions --------------------------------------------
    def _turn_actions(self, p: int) -> LegalActions:
        """Explore and Divine actions at the start of a turn."""
        geo = self.geo
        own = self.pawn_mask[p]
        pawns = self.all_pawns
        crops = self.crop_mask
        groups: list[tuple[int, int, int]] = []
        append = groups.append
        if self.reserve[p]:
            ends = enter_ends(geo, own, pawns, crops)
            if ends:
                append((ENTER_BASE, ends, 0))
        if own:
            for group, ends in player_move_ends(geo, own, pawns, crops):
                if ends:
                    for start in cells_of(group):
                        append((MOVE_BASE | start << 6, ends, 0))
            append((RETRIEVE_BASE, own, 6))
            eligible = own & self.revealed & ~crops
            if eligible:
                for cell in cells_of(eligible):
                    append((DIVINE_BASE | cell << 6, ANY_LEVEL, 0))
        return LegalActions(groups, [])

    def _divine_groups(self, p: int) -> list[tuple[int, int, int]]:
        return [
            (DIVINE_BASE | cell << 6, ANY_LEVEL, 0)
            for cell in cells_of(self.pawn_mask[p] & self.revealed & ~self.crop_mask)
        ]

    def _offer_codes(self, p: int) -> list[int]:
        held = self.tokens[p]
        out = []
        sub = held
        while sub:
            out.append(OFFER_BASE | sub)
            sub = (sub - 1) & held
        return out

    def _compute_legal(self) -> LegalActions:
        phase = self.phase
        p = self.current_player
        if phase is Phase.TURN:
            return self._turn_actions(p)
        if phase is Phase.DIVINING or phase is Phase.END_DIVINE:
            groups = self._divine_groups(p)
            return LegalActions(groups, [A.PASS]) if groups else A.NO_ACTIONS
        if phase is Phase.OFFER or phase is Phase.FINAL_OFFER:
            codes = self._offer_codes(p)
            return LegalActions([], [*codes, A.PASS]) if codes else A.NO_ACTIONS
        return A.NO_ACTIONS

    def _settle(self) -> None:
        """Take every forced decision, then cache the legal actions of the next real one."""
        while True:
            if self.phase is Phase.OVER:
                self._legal = A.NO_ACTIONS
                return
            legal = self._compute_legal()
            if legal:
                if self.phase is Phase.TURN:
                    self._skips_in_row = 0
                self._legal = legal
                return
            p = self.current_player
            if self.phase is Phase.TURN:
                self.skips += 1
                self._skips_in_row += 1
                self._note("skip", p)
                if self._skips_in_row > self.players:
                    self.stalled = True
                    self.phase = Phase.OVER
                    continue
                self._end_turn()
            else:
                self._pass(p)
