"""The table of a game: cells, pawns, tiles and score accounts, and what happens on it.

:class:`Table` holds everything that lies on the table (all of it public
except the hidden map, which only its :class:`~pachaprint.engine.rules.oracle.WheelOracle`
knows) and the operations a game performs on it: place and lift pawns, reveal
terrain and crops, discover (reveal and score diversity), score points and tell
events. :class:`~pachaprint.engine.rules.state.GameState` adds the turn; the
:class:`~pachaprint.engine.rules.otoma.Otoma` play through the same operations.
"""

from __future__ import annotations

from typing import Final, TypeVar

from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import NO_ACTIONS, Kind, LegalActions
from pachaprint.engine.rules.config import GameConfig, Seating
from pachaprint.engine.rules.events import Ending, Event, EventKind, Outcome, Phase, Source
from pachaprint.engine.rules.game import Game
from pachaprint.engine.rules.movement import Geometry
from pachaprint.engine.rules.oracle import SealedWheel, Wheel
from pachaprint.engine.rules.otoma import Otoma
from pachaprint.engine.rules.tiles import ChanceNode, TileOrder, TileTable
from pachaprint.model.board import Board
from pachaprint.model.rules import DIVERSITY_TOP_LEVEL, OFFERING_POINTS, TERRAIN_LETTERS

# Enum members read in hot code, bound once: a compiled module reads a Final
# constant directly, where ``Phase.TURN`` costs a lookup through the enum's class.
_ENDING_FINISHED: Final = Ending.FINISHED
_EVENT_DISCOVER: Final = EventKind.DISCOVER
_EVENT_DIVINE: Final = EventKind.DIVINE
_EVENT_OFFER: Final = EventKind.OFFER
_EVENT_WRONG: Final = EventKind.WRONG
_TILE: Final = int(Kind.TILE)
_PHASE_OVER: Final = Phase.OVER
_PHASE_TURN: Final = Phase.TURN
_SOURCE_CLAMPED: Final = Source.CLAMPED
_SOURCE_DISCOVERY: Final = Source.DISCOVERY
_SOURCE_DIVINATION: Final = Source.DIVINATION
_SOURCE_DIVINATION_LOST: Final = Source.DIVINATION_LOST
_SOURCE_OFFERING: Final = Source.OFFERING

UNKNOWN: Final = -1
"""Terrain of a cell not yet discovered."""
T = TypeVar("T", bound="Table")


class Table:
    """Cells, pawns, tiles and accounts of one game (see the module documentation).

    Pawns belong to *sides* (one per pawn colour in play, the Otoma last) and
    points to *accounts* (one per player; the group and the Otoma in co-op);
    :attr:`side_of` and :attr:`account_of` map each seat to its own. What never
    changes in play (the board, the settings, the seating) is the :attr:`game`'s; what
    the mode is (its rulings and their hooks) is the class of the state
    (:mod:`~pachaprint.engine.rules.modes`).
    """

    def __init__(self, game: Game, record_events: bool = False, copy: bool = False):
        self.game = game
        if copy:  # clone() fills in the rest
            return
        self.wheel: Wheel = game.wheel
        """What the state asks about hidden cells (an information state's is sealed)."""
        self.deck: TileOrder | None = game.deck
        """What answers the chance nodes (``None``: the caller does)."""
        seating, n = game.seating, game.board.cell_count
        self.terrain: list[int] = [UNKNOWN] * n
        self.crop: list[int] = [0] * n
        self.owner: list[int] = [-1] * n
        """Pawn side on each cell, -1 for none."""
        self.revealed = self.crop_mask = self.all_pawns = 0
        self.pawn_mask: list[int] = [0] * len(seating.colours)
        self.reserve: list[int] = list(seating.pawns)
        self.supply: list[int] = list(game.wheel.terrain_supply())
        """Terrain tiles not yet placed, per terrain (= cells without terrain)."""
        accounts = seating.accounts
        self.score: list[int] = [0] * accounts
        self.tokens: list[int] = [0] * accounts
        self.stones = [[0] * len(TERRAIN_LETTERS) for _ in range(accounts)]
        self.points = [[0] * len(Source) for _ in range(accounts)]
        self.wrong: list[int] = [0] * accounts
        self.correct: list[int] = [0] * accounts
        self.current_player = game.first_player
        self.phase = _PHASE_TURN
        self.turn, self.end_turns, self.skips = 1, 0, 0
        self.trigger: int | None = None
        """The seat that placed the last terrain tile."""
        self.passed = [False] * game.players
        self.history: list[int] = []
        self.events: list[Event] | None = [] if record_events else None
        self.ending: Ending | None = None
        self.closing = False
        """Solo: no tile can be revealed any more; the game ends with this turn (docs/rules.md, ruling R13)."""
        self.empty_points = 0
        """Co-op: the Otoma's final points for cells without terrain."""
        self.chance: list[ChanceNode] = []
        """Tiles about to turn up, first first (see ``GameState.is_chance_node``)."""
        self.otoma: Otoma | None = None
        self.tiles: TileTable | None = None
        self.by_rule = game.config.choices_by_rule
        """The choices the rules leave to the players are taken by the bots' rule, as
        decisions without a choice (an old log's game; the lookahead of a search bot,
        which plays its group's choices as its bots would)."""
        self._legal: LegalActions = NO_ACTIONS
        self._skips_in_row = self._final_left = 0

    def _blank(self) -> Table:
        """An empty table of this class, for :meth:`clone` to fill in. Every class gives
        its own: calling a compiled class by name is far cheaper than ``type(self)(...)``."""
        return Table(self.game, copy=True)

    def clone(self: T) -> T:
        """An independent copy that shares the game and the wheel and deck it asks."""
        twin = self._blank()
        if type(twin) is not type(self):  # a class without a _blank of its own
            twin = type(self)(self.game, copy=True)
        twin.wheel, twin.deck = self.wheel, self.deck
        twin.terrain, twin.crop, twin.owner = list(self.terrain), list(self.crop), list(self.owner)
        twin.revealed, twin.crop_mask, twin.all_pawns = (
            self.revealed,
            self.crop_mask,
            self.all_pawns,
        )
        twin.pawn_mask, twin.reserve = list(self.pawn_mask), list(self.reserve)
        twin.supply, twin.score, twin.tokens = (
            list(self.supply),
            list(self.score),
            list(self.tokens),
        )
        twin.stones = [list(s) for s in self.stones]
        twin.points = [list(p) for p in self.points]
        twin.wrong, twin.correct = list(self.wrong), list(self.correct)
        twin.current_player, twin.phase = self.current_player, self.phase
        twin.turn, twin.end_turns, twin.skips = self.turn, self.end_turns, self.skips
        twin.trigger, twin.passed = self.trigger, list(self.passed)
        twin.history = list(self.history)
        twin.events = None if self.events is None else list(self.events)
        twin.ending, twin.empty_points = self.ending, self.empty_points
        twin.closing, twin.by_rule = self.closing, self.by_rule
        twin.chance = list(self.chance)
        twin.otoma = None if self.otoma is None else self.otoma.copy()
        twin.tiles = None if self.tiles is None else self.tiles.copy()
        twin._legal = self._legal
        twin._skips_in_row, twin._final_left = self._skips_in_row, self._final_left
        return twin

    def keep_no_record(self) -> None:
        """Forget the record of the game so far (the :attr:`history`, the :attr:`events`
        and the Otoma's moves) and keep no events or Otoma moves from now on; the history
        holds only the actions played from here. What a search plays its branches on: it
        reads only the table, and every branch copies the state."""
        self.history = []
        self.events = None
        if self.otoma is not None:
            self.otoma.moves = []
            self.otoma.recording = False

    def information_state(self: T) -> T:
        """What the players know, as a state: a copy whose wheel answers only for the open
        tiles and with no deck, so unseen tiles are chance. A search bot gives it a map it
        samples (:meth:`with_wheel`) and plays on; asking the sealed wheel about a hidden
        cell raises :class:`~pachaprint.engine.rules.oracle.HiddenInformation`."""
        twin = self.with_wheel(SealedWheel(self.board, self.terrain, self.crop, self.wheel))
        twin.deck = None
        return twin

    def with_wheel(self: T, wheel: Wheel) -> T:
        """A copy of this state that asks ``wheel`` about the cells still hidden."""
        twin = self.clone()
        twin.wheel = wheel
        return twin

    # -- what never changes (the game's) ---------------------------------------------
    @property
    def board(self) -> Board:
        return self.game.board

    @property
    def geo(self) -> Geometry:
        return self.game.geo

    @property
    def config(self) -> GameConfig:
        return self.game.config

    @property
    def level(self) -> str | None:
        """The difficulty played (the mode's default when the configuration names none)."""
        return self.game.level

    @property
    def seating(self) -> Seating:
        return self.game.seating

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def side_of(self) -> tuple[int, ...]:
        return self.game.side_of

    @property
    def account_of(self) -> tuple[int, ...]:
        return self.game.account_of

    @property
    def first_player(self) -> int:
        return self.game.first_player

    # -- pawns ------------------------------------------------------------------------
    def place(self, side: int, cell: int) -> None:
        bit = 1 << cell
        self.owner[cell] = side
        self.pawn_mask[side] |= bit
        self.all_pawns |= bit

    def lift(self, side: int, cell: int) -> None:
        bit = ~(1 << cell)
        self.owner[cell] = -1
        self.pawn_mask[side] &= bit
        self.all_pawns &= bit

    def put_pawn(self, side: int, cell: int, from_reserve: bool = True) -> None:
        """Place a pawn of ``side`` on an empty cell without moving or discovering (setup)."""
        if self.owner[cell] != -1:
            raise ValueError(f"{self.board.name(cell)} already holds a pawn")
        if from_reserve:
            if not self.reserve[side]:
                raise ValueError(f"side {side + 1} has no pawn left in supply")
            self.reserve[side] -= 1
        self.place(side, cell)

    # -- tiles ------------------------------------------------------------------------
    def reveal(self, cell: int, crop: bool = False, account: int = -1, react: bool = False) -> None:
        """Place the terrain tile (and with ``crop`` the crop tile) of ``cell``, scoring nothing.

        In solo the tile is drawn from its stack (a chance node; ``react``: the
        player's discovery, whose arrow the Otoma answer); in co-op a discovery
        by ``account`` takes a tile from a diversity column, a hand or the box.
        Placing the last terrain tile makes the current seat the one that
        triggered the end of the game.
        """
        bit = 1 << cell
        if not self.revealed & bit:
            t = self.wheel.discover(cell)
            self.terrain[cell] = t
            self.revealed |= bit
            self.supply[t] -= 1
            self.lay_tile(cell, t, account, react)
        if crop and not self.crop_mask & bit:
            self.place_crop(cell)
        if self.revealed == self.geo.all and self.trigger is None:
            self.trigger = self.current_player

    def lay_tile(self, cell: int, terrain: int, account: int, react: bool) -> None:
        """The tile with an arrow a newly placed terrain tile is (solo and co-op: see there)."""

    def place_crop(self, cell: int) -> int:
        """Reveal and place the crop tile of ``cell`` (the Divination window); its level."""
        level = self.crop[cell] = self.wheel.divine(cell)
        self.crop_mask |= 1 << cell
        return level

    # -- scoring ------------------------------------------------------------------------
    def discover(self, account: int, cell: int, react: bool = False) -> None:
        """Reveal the terrain under a pawn that stopped on ``cell`` and score the account's diversity.

        The account advances its stone of that terrain one level and scores 1 point
        per stone now on that level; a stone at the top stays and scores exactly 1.
        """
        self.reveal(cell, False, account, react)
        t = self.terrain[cell]
        stones = self.stones[account]
        if stones[t] >= DIVERSITY_TOP_LEVEL:
            points = 1
        else:
            stones[t] += 1
            points = stones.count(stones[t])
        self.gain(account, _SOURCE_DISCOVERY, points)
        if self.events is not None:
            self.note(_EVENT_DISCOVER, account, cell, t, points)

    def score_divination(self, account: int, cell: int, level: int) -> bool:
        """Reveal the crop under ``cell`` and score the guess ``level``: right, + the level
        and its offering token; wrong, - the true level, never below 0. Whether it was right."""
        truth = self.place_crop(cell)
        if level == truth:
            self.correct[account] += 1
            self.gain(account, _SOURCE_DIVINATION, truth)
            self.tokens[account] |= 1 << (truth - 1)
            self.note(_EVENT_DIVINE, account, cell, truth, truth)
            return True
        self.wrong[account] += 1
        loss = min(self.score[account], truth)
        self.score[account] -= loss
        self.points[account][_SOURCE_DIVINATION_LOST] -= truth
        self.points[account][_SOURCE_CLAMPED] += truth - loss
        self.note(_EVENT_WRONG, account, cell, truth, -loss)
        return False

    def offer(self, account: int, mask: int) -> None:
        """Return the tokens of ``mask`` and score the offering table for their number."""
        points = OFFERING_POINTS[mask.bit_count()]
        self.tokens[account] &= ~mask
        self.gain(account, _SOURCE_OFFERING, points)
        self.note(_EVENT_OFFER, account, -1, mask, points)

    def gain(self, account: int, source: Source, points: int) -> None:
        self.score[account] += points
        self.points[account][source] += points

    def note(
        self, what: EventKind, who: int, cell: int = -1, value: int = 0, points: int = 0
    ) -> None:
        if self.events is not None:
            self.events.append(Event(what, who, cell, value, points))

    # -- queries ------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """Win shares per seat at the end: 1/k each for k winners, else 0 (against the Otoma:
        1 each when the player or group wins)."""
        outcome = self.outcome()
        return list(outcome.returns) if outcome else [0.0] * self.players

    def outcome(self) -> Outcome | None:
        """How the game ended, the scores and the winners; ``None`` while it goes on."""
        if self.phase is not _PHASE_OVER:
            return None
        winners = tuple(self.winners())
        share = self.win_share(winners)
        returns = tuple(share if p in winners else 0.0 for p in range(self.players))
        return Outcome(self.ending or _ENDING_FINISHED, tuple(self.score), winners, returns)

    def win_share(self, winners: tuple[int, ...]) -> float:
        """What each winner's return is: a shared victory is shared."""
        return 1.0 / len(winners) if winners else 1.0

    def winners(self) -> list[int]:
        """The seats in first place (several when the victory is shared; against the
        Otoma, every seat when the player or group wins, none when the Otoma win)."""
        ranking = self.ranking()
        return [p for p in range(self.players) if ranking[p] == 1]

    def ranking(self) -> list[int]:
        """Place of each seat (1 = best): score, then diversity levels; equal keys share a place.
        Against the Otoma: 1 when the player or group beat them, else 2."""
        keys = [(self.score[p], self.tie_break(p)) for p in range(self.players)]
        return [1 + sum(1 for other in keys if other > keys[p]) for p in range(self.players)]

    def tie_break(self, seat: int) -> int:
        """Total levels the seat's account advanced on the diversity board."""
        return sum(self.stones[self.account_of[seat]])

    def action_text(self, code: int) -> str:
        """The command text of an action (``move c3 e3``, ``otoma yellow``, ``tile valley V03``)."""
        colours = self.otoma.colours if self.otoma else ()
        name = ""
        if A.kind_of(code) == _TILE and self.tiles is not None:
            box = self.tiles.box[A.cell_of(code) % len(self.tiles.box)]
            name = box[A.to_of(code)].name if A.to_of(code) < len(box) else ""
        return A.format_action(self.board, code, colours, name)

    def parse(self, text: str) -> int:
        """The code of a command in this game: ``offer`` alone offers every token held,
        ``otoma yellow`` names a pawn by colour, ``tile valley V03`` a chance outcome."""
        words = text.lower().split()
        acc = self.account_of[self.current_player]
        if words == ["offer"]:
            if not self.tokens[acc]:
                raise ValueError("you hold no offering tokens")
            return A.offer(self.tokens[acc])
        if words[:1] == ["tile"] and self.tiles is not None:
            if len(words) != 3:
                raise ValueError("usage: tile TERRAIN NAME")
            t = A.parse_terrain(words[1])
            names = [tile.name.lower() for tile in self.tiles.box[t]]
            if words[2] not in names:
                raise ValueError(f"no {A.TERRAIN_WORDS[t]} tile {words[2]!r} in this game")
            return A.tile(t, names.index(words[2]))
        return A.parse_action(self.board, text, self.otoma.colours if self.otoma else ())

    def eligible(self, seat: int) -> int:
        """Mask of the seat's pawns standing on terrain without crop."""
        return self.pawn_mask[self.side_of[seat]] & self.revealed & ~self.crop_mask

    @property
    def hidden_left(self) -> int:
        """Cells without terrain."""
        return sum(self.supply)
