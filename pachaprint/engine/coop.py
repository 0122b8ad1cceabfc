"""The co-operative variant (RULES.md section 5): 2-4 players together against the Otoma.

The publisher marks this mode "design in progress"; pachaprint plays it behind
``--mode coop`` with the rulings of RULES.md section 5. :class:`CoopState` is a
:class:`~pachaprint.engine.state.GameState` where:

* account 0 is the **group** (one shared score, one set of diversity stones, one
  shared pool of offering tokens) and account 1 the **Otoma**;
* each seat plays one pawn colour (side); at four players two pairs share a
  colour each and the colours alternate round the table; the Otoma pawns are
  the last side;
* the terrain supply (after the start cells) is dealt out as hands: per player
  one stack per terrain, shuffled, arrow side up; only the top tiles show;
* a turn is: spend the top tile of one of your stacks onto the diversity board
  column of its terrain (skipped with an empty hand; action kind
  :data:`SPEND_KIND`), then Explore or Divine, then optionally Offer;
* Explore: a pawn already on the board first steps one cell in the spent tile's
  arrow direction, then moves as usual, never passing a cell twice and never
  stopping on a crop; a pawn from supply enters normally (no crop stop either);
  no retrieval. Discovery takes the tile from the diversity board column, else
  from the hand holding most tiles of that terrain (our stand-in for "by
  agreement"), else from the box;
* after an Explore, every Otoma pawn in the moved pawn's row or column moves
  away from it, nearest first (row before column, then reading order); Otoma
  that discover score diversity and crop and take an offering token they do not
  hold; an Otoma discovery takes its tile from the diversity board column if one
  is there, otherwise from the box;
* when the group offers, the Otoma offer every token they hold;
* the game ends after the turn at whose end no player holds a terrain tile: one
  final Offer each side, then the Otoma score 1 per cell without terrain. The
  group wins with strictly more points.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from enum import IntEnum

from pachaprint.engine import actions as A
from pachaprint.engine.actions import ANY_LEVEL, DIVINE_BASE, ENTER_BASE, MOVE_BASE, LegalActions
from pachaprint.engine.movement import cells_of, coop_enter_ends, coop_move_ends
from pachaprint.engine.oracle import WheelOracle
from pachaprint.engine.otoma import OtomaPeople, reaction_order
from pachaprint.engine.solo import OTOMA_PAWNS, solo_otoma_cells
from pachaprint.engine.state import GameState, Phase
from pachaprint.engine.tiles import PLAYER_COLOURS, ArrowTile, Direction, TileStacks
from pachaprint.engine.view import PlayerView
from pachaprint.model.rules import PLAYER_COUNTS, TERRAIN_LETTERS
from pachaprint.model.scenario import Scenario

GROUP = 0
OTOMA = 1
"""Accounts (indexes into ``score``, ``stones``, ``tokens``, ``points``)."""
LEVELS = ("easy", "normal", "expert")
SPEND_KIND = 7
"""Action kind: spend the top tile of one's stack of terrain ``b``."""


class CoopPhase(IntEnum):
    """The decision the co-op mode adds to :class:`~pachaprint.engine.state.Phase`."""

    SPEND = 7
    """Start of a turn: spend the top tile of one of your stacks."""


def spend(terrain: int) -> int:
    """The action code "spend the top tile of my stack of terrain ``terrain``"."""
    return SPEND_KIND << 12 | terrain


def pawns_per_colour(players: int, level: str) -> int:
    """Explorer pawns per player (per pair at four): 2p 4 (expert 3), 3p 3 (expert 2), 4p 4 (expert 3)."""
    if players not in PLAYER_COUNTS:
        raise ValueError(f"the co-operative game is for 2 to 4 players, not {players}")
    if level not in LEVELS:
        raise ValueError(f"level must be easy, normal or expert, not {level!r}")
    normal = {2: 4, 3: 3, 4: 4}[players]
    return normal - 1 if level == "expert" else normal


def colour_count(players: int) -> int:
    """Pawn colours in play: one per player, one per pair at four players."""
    return 2 if players == 4 else players


def otoma_count(level: str) -> int:
    """Otoma pawns: 4 on easy, 5 on normal and expert."""
    return OTOMA_PAWNS - 1 if level == "easy" else OTOMA_PAWNS


def deal_hands(counts, players: int, rng: random.Random) -> list[list[list[ArrowTile]]]:
    """Deal a terrain supply as evenly as possible: ``hands[seat][terrain]`` stacks, top last.

    The tiles are shuffled per terrain, then dealt one at a time round the table,
    terrain after terrain, continuing the rotation, so hands differ by at most one
    tile in all and per terrain.
    """
    stacks = TileStacks(counts, rng)
    hands: list[list[list[ArrowTile]]] = [[[] for _ in TERRAIN_LETTERS] for _ in range(players)]
    seat = 0
    for t, stack in enumerate(stacks.stacks):
        for tile in stack:
            hands[seat][t].append(tile)
            seat = (seat + 1) % players
    return hands


class CoopState(OtomaPeople, GameState):
    """A co-operative game in progress (see the module documentation).

    ``current_player`` is the seat; :meth:`side_of` gives its pawn colour side.
    """

    otoma_account = OTOMA
    otoma_takes_tokens = True

    def __init__(
        self,
        oracle: WheelOracle,
        otoma_cells,
        players: int = 2,
        level: str = "normal",
        seed: int = 0,
        first_player: int = 0,
        hands=None,
        record_events: bool = False,
    ):
        if oracle.board.size != "long":
            raise ValueError("solo and co-op use long scenarios only")
        per_colour = pawns_per_colour(players, level)
        if not 0 <= first_player < players:
            raise ValueError(f"first player {first_player} is not a seat of {players} players")
        self.level = level
        self.colours = colour_count(players)
        self.otoma_side = self.colours
        unused = [c for c in PLAYER_COLOURS[self.colours :]] or ["blue"]
        self.seat_colours = tuple(PLAYER_COLOURS[s % self.colours] for s in range(players))
        self._setting_up = True
        self._discoverer = GROUP
        super().__init__(oracle, 2, 0, record_events)
        cells = tuple(otoma_cells)[: otoma_count(level)]
        self.otoma_colours = tuple(unused[0] for _ in cells)
        self.players = players
        self.sides = self.colours + 1
        self.pawn_mask = [0] * self.sides
        self.reserve = [per_colour] * self.colours + [0]
        self.first_player = first_player
        self.current_player = first_player
        self.passed = [False] * players
        self.tile_at: list[ArrowTile | None] = [None] * self.board.cell_count
        rng = random.Random(seed)
        self.hands: list[list[list[ArrowTile]]] = (
            [[list(stack) for stack in hand] for hand in hands]
            if hands is not None
            else deal_hands(self.supply, players, rng)
        )
        self.columns: list[list[ArrowTile]] = [[] for _ in TERRAIN_LETTERS]
        """The diversity board columns: spent tiles per terrain, top last."""
        self.arrow: Direction | None = None
        """The arrow of the tile spent this turn (``None`` before spending or with an empty hand)."""
        self.box_tiles = 0
        """Terrain tiles placed from the box (a discovery with no tile in a column or hand)."""
        self.empty_points = 0
        """The Otoma's final points for cells without terrain."""
        self.final_offers = 0
        for cell in cells:
            if not self.crop_mask >> cell & 1:
                raise ValueError(f"{self.board.name(cell)} is not a starting crop cell")
        self._place_otoma(cells)
        self.phase = CoopPhase.SPEND  # type: ignore[assignment]
        self._setting_up = False
        self._settle()

    @classmethod
    def new(
        cls,
        scenario: Scenario,
        players: int = 2,
        level: str = "normal",
        otoma=None,
        seed: int = 0,
        first_player: int = 0,
        record_events: bool = False,
    ) -> CoopState:  # type: ignore[override]
        """A co-op game of ``scenario``; Otoma on ``otoma`` (names) or ``solo.otoma`` (the first 4 on easy)."""
        cells = solo_otoma_cells(scenario, otoma)
        return cls(
            WheelOracle(scenario),
            cells,
            players,
            level,
            seed,
            first_player,
            record_events=record_events,
        )

    # -- seats and results ----------------------------------------------------------------
    def side_of(self, seat: int) -> int:
        """The pawn colour side a seat plays."""
        return seat % self.colours

    def hand_size(self, seat: int) -> int:
        return sum(len(stack) for stack in self.hands[seat])

    @property
    def tiles_in_hands(self) -> int:
        return sum(self.hand_size(s) for s in range(self.players))

    def winners(self) -> list[int]:
        """Every seat when the group has strictly more points than the Otoma, else none."""
        if self.is_terminal() and self.score[GROUP] > self.score[OTOMA]:
            return list(range(self.players))
        return []

    @property
    def otoma_won(self) -> bool:
        return self.is_terminal() and not self.winners()

    def ranking(self) -> list[int]:
        place = 1 if self.score[GROUP] > self.score[OTOMA] else 2
        return [place] * self.players

    def returns(self) -> list[float]:
        won = 1.0 if self.winners() else 0.0
        return [won] * self.players

    def tie_break(self, player: int) -> int:
        return sum(self.stones[GROUP])

    def eligible(self, player: int) -> int:
        """Mask of the seat's pawns on terrain without crop."""
        return self.pawn_mask[self.side_of(player)] & self.revealed & ~self.crop_mask

    def move_ends(self, player: int, start: int) -> int:
        return coop_move_ends(
            self.geo,
            start,
            self.arrow,
            self.pawn_mask[self.side_of(player)],
            self.all_pawns,
            self.crop_mask,
        )

    def enter_ends(self, player: int, entries: int | None = None) -> int:
        ends = coop_enter_ends(
            self.geo, self.pawn_mask[self.side_of(player)], self.all_pawns, self.crop_mask
        )
        return ends if entries is None else ends & entries

    def view(self, player: int) -> CoopView:
        return CoopView.of(self, player)

    # -- tiles --------------------------------------------------------------------------------
    def reveal(self, cell: int, crop: bool = False) -> None:
        """Place a cell's terrain tile, taken from a diversity board column, a hand or the box."""
        new = not self.revealed >> cell & 1
        super().reveal(cell, crop)
        if new and not getattr(self, "_setting_up", True):
            self.tile_at[cell] = self._take_tile(self.terrain[cell], self._discoverer)

    def _take_tile(self, terrain: int, who: int) -> ArrowTile | None:
        column = self.columns[terrain]
        if column:
            return column.pop()
        if who == GROUP:
            seats = sorted(
                range(self.players),
                key=lambda s: (
                    -len(self.hands[s][terrain]),
                    (s - self.current_player) % self.players,
                ),
            )
            if self.hands[seats[0]][terrain]:
                return self.hands[seats[0]][terrain].pop()
        self.box_tiles += 1
        return None

    def top_tiles(self, seat: int) -> list[ArrowTile | None]:
        """The visible top tile of each of a seat's stacks (``None`` for an empty stack)."""
        return [stack[-1] if stack else None for stack in self.hands[seat]]

    # -- the turn ---------------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        if action not in self._legal:
            raise ValueError(
                f"illegal action {format_coop_action(self.board, action)!r} in phase {self.phase!r}"
            )
        kind = action >> 12
        seat = self.current_player
        if kind == SPEND_KIND:
            self.history.append(action)
            t = action & 63
            tile = self.hands[seat][t].pop()
            self.columns[t].append(tile)
            self.arrow = tile.direction
            self._skips_in_row = 0
            self._note("spend", seat, -1, t)
            self.phase = Phase.TURN
            self._settle()
            return
        if kind == A.Kind.ENTER or kind == A.Kind.MOVE:
            self.history.append(action)
            side = self.side_of(seat)
            to = action & 63
            if kind == A.Kind.ENTER:
                self.reserve[side] -= 1
                self._place(side, to)
                self._note("enter", seat, to)
            else:
                frm = action >> 6 & 63
                self._lift(side, frm)
                self._place(side, to)
                self._note("move", seat, to, frm)
            if not self.revealed >> to & 1:
                self._discoverer = GROUP
                self._discover(GROUP, to)
            for pawn, direction in reaction_order(self.board, to, self.otoma_pawns):
                self._discoverer = OTOMA
                self._move_otoma(pawn, direction)
            self._discoverer = GROUP
            self._to_offer(seat)
            self._settle()
            return
        if kind == A.Kind.DIVINE:
            self.history.append(action)
            self._divine(GROUP, action >> 6 & 63, action & 63)
            self._settle()
            return
        if kind == A.Kind.OFFER:
            self.history.append(action)
            self._group_offer(action & 63)
            if self.phase is Phase.FINAL_OFFER:
                self._finish()
            else:
                self._end_turn()
            self._settle()
            return
        super().apply(action)  # PASS

    def _group_offer(self, mask: int) -> None:
        self._offer(GROUP, mask)
        held = self.tokens[OTOMA]
        if held:
            self._offer(OTOMA, held)

    def _to_offer(self, p: int) -> None:
        if self.tokens[GROUP]:
            self.phase = Phase.OFFER
        else:
            self._end_turn()

    def _pass(self, p: int) -> None:
        phase = self.phase
        if phase == CoopPhase.SPEND:
            self._note("no-tile", p)
            self.arrow = None
            self.phase = Phase.TURN
            return
        self._note("pass", p)
        if phase is Phase.DIVINING:
            self._to_offer(p)
        elif phase is Phase.OFFER:
            self._end_turn()
        elif phase is Phase.FINAL_OFFER:
            self._finish()

    def _end_turn(self) -> None:
        self.arrow = None
        if not self.tiles_in_hands:
            self._note("end-phase", self.current_player)
            self.phase = Phase.FINAL_OFFER
            if not self.tokens[GROUP]:
                self._finish()
            return
        self.current_player = (self.current_player + 1) % self.players
        self.phase = CoopPhase.SPEND  # type: ignore[assignment]
        self.turn += 1

    def _finish(self) -> None:
        """After the group's final Offer: the Otoma offer, then score the cells without terrain."""
        held = self.tokens[OTOMA]
        if held:
            self._offer(OTOMA, held)
        self.empty_points = self.hidden_left
        self.score[OTOMA] += self.empty_points
        self._note("otoma-empty", OTOMA, -1, self.empty_points, self.empty_points)
        self.phase = Phase.OVER
        self._note("over", -1)

    def _settle(self) -> None:
        if not getattr(self, "_setting_up", False):
            super()._settle()

    def _compute_legal(self) -> LegalActions:
        phase = self.phase
        seat = self.current_player
        if phase == CoopPhase.SPEND:
            return LegalActions([], [spend(t) for t, stack in enumerate(self.hands[seat]) if stack])
        if phase is Phase.TURN:
            return self._turn_actions(seat)
        if phase is Phase.DIVINING:
            groups = [(DIVINE_BASE | c << 6, ANY_LEVEL, 0) for c in cells_of(self.eligible(seat))]
            return LegalActions(groups, [A.PASS]) if groups else A.NO_ACTIONS
        if phase is Phase.OFFER or phase is Phase.FINAL_OFFER:
            codes = self._offer_codes(GROUP)
            return LegalActions([], [*codes, A.PASS]) if codes else A.NO_ACTIONS
        return A.NO_ACTIONS

    def _turn_actions(self, seat: int) -> LegalActions:
        side = self.side_of(seat)
        own = self.pawn_mask[side]
        groups: list[tuple[int, int, int]] = []
        if self.reserve[side]:
            ends = coop_enter_ends(self.geo, own, self.all_pawns, self.crop_mask)
            if ends:
                groups.append((ENTER_BASE, ends, 0))
        for start in cells_of(own):
            ends = coop_move_ends(self.geo, start, self.arrow, own, self.all_pawns, self.crop_mask)
            if ends:
                groups.append((MOVE_BASE | start << 6, ends, 0))
        for cell in cells_of(own & self.revealed & ~self.crop_mask):
            groups.append((DIVINE_BASE | cell << 6, ANY_LEVEL, 0))
        return LegalActions(groups, [])


def format_coop_action(board, code: int) -> str:
    """Command text of a co-op action: ``spend valley``, else as usual."""
    if code >> 12 == SPEND_KIND:
        return f"spend {_TERRAIN_WORDS[code & 63]}"
    return A.format_action(board, code)


_TERRAIN_WORDS = ("valley", "desert", "forest", "mountain")


def parse_coop_action(board, text: str) -> int:
    """The code of a co-op command (``spend forest`` or ``spend F``), else as usual."""
    words = text.strip().lower().split()
    if words and words[0] == "spend":
        if len(words) != 2:
            raise ValueError("usage: spend TERRAIN (valley, desert, forest or mountain)")
        word = words[1]
        for t, name in enumerate(_TERRAIN_WORDS):
            if word in (name, TERRAIN_LETTERS[t].lower()):
                return spend(t)
        raise ValueError(f"unknown terrain {word!r}")
    return A.parse_action(board, text)


@dataclass(frozen=True)
class CoopView(PlayerView):
    """A co-op table seen from one seat.

    ``player`` is the group's account (0) so that code written for the
    competitive game reads the group's score, stones and tokens; ``seat`` and
    ``side`` name the seat and its pawn colour, and :attr:`own` and
    :attr:`eligible` use the seat's pawns.
    """

    seat: int = 0
    side: int = 0
    level: str = "normal"
    otoma_pawns: tuple[int, ...] = ()
    hand_counts: tuple[tuple[int, ...], ...] = ()
    """Tiles per terrain stack, per seat (stack sizes are known; tiles beneath the top are not)."""
    top_arrows: tuple[tuple[int, ...], ...] = ()
    """Direction index of each seat's top tile per terrain, -1 for an empty stack."""
    columns: tuple[int, ...] = ()
    """Spent tiles waiting on each diversity board column."""
    arrow: int = -1
    """Direction index of the tile spent this turn, -1 for none."""

    @classmethod
    def of(cls, state: CoopState, player: int) -> CoopView:  # type: ignore[override]
        base = PlayerView.of(state, GROUP)
        values = {f.name: getattr(base, f.name) for f in fields(PlayerView)}
        return cls(
            **values,
            seat=player,
            side=state.side_of(player),
            level=state.level,
            otoma_pawns=tuple(state.otoma_pawns),
            hand_counts=tuple(tuple(len(s) for s in hand) for hand in state.hands),
            top_arrows=tuple(
                tuple(int(t.direction) if t else -1 for t in state.top_tiles(s))
                for s in range(state.players)
            ),
            columns=tuple(len(c) for c in state.columns),
            arrow=int(state.arrow) if state.arrow is not None else -1,
        )

    @property
    def own(self) -> int:
        return self.pawn_mask[self.side]

    @property
    def eligible(self) -> int:
        return self.pawn_mask[self.side] & self.revealed & ~self.crop_mask
