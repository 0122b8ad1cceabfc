"""The three modes, one class each: what the mode is, beside the hooks that play it.

As a python-chess variant is a ``Board`` subclass with its flags beside its
hooks, each mode is a :class:`~pachaprint.engine.rules.state.GameState`
subclass: its class attributes say what the mode is (its :class:`Mode` name,
difficulties and seats, and its rulings, docs/rules.md sections 3-5, one switch
each), :meth:`~GameState.seating_for` who plays what, and it overrides the hooks
whose play is its own. The flow every mode shares (:mod:`~.state`) reads the
switches; bots and screens read them from the state's class too. The modes:

* :class:`CompetitiveState`: a pawn may go back to supply as the whole Explore;
  the last terrain tile starts the end phase (one divination each, then the
  final offers). Nothing to override: its rulings are switches.
* :class:`SoloState` (and :class:`OtomaState`, what it shares with co-op: the
  Otoma, set up on the cells the disc names or placed by the players where it
  names none): the tiles come from one shuffled stack per terrain; an Explore ending on a tile
  without crop moves the Otoma pawn of its arrow's colour (:meth:`SoloState.arrow_pawns`:
  on hard, an own-colour arrow lets the player choose one); a Divine turn divines
  with every eligible pawn; the game ends after the turn of the last terrain tile;
* :class:`CoopState`: a turn starts by spending a tile, whose arrow forces a
  pawn's first step; moves never pass a cell twice nor stop on a crop; a group
  discovery takes its tile from the hand the group chooses; after an Explore
  the Otoma in the pawn's row and column move away; the seats share one
  account, the Otoma take tokens, offer with the group and score the cells left
  without terrain; the game ends when no one holds a tile.

:data:`MODES` lists the classes (in :class:`Mode`'s order) and :func:`mode_class`
finds a mode's; :func:`check_config` checks a configuration against its mode;
:func:`setup_game` makes a :class:`~pachaprint.engine.rules.game.Game` of a
scenario, :func:`start` sets it up in its mode's state and :func:`new_game`
does both.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, Final

from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules import legal
from pachaprint.engine.rules.actions import NO_ACTIONS, LegalActions
from pachaprint.engine.rules.config import (
    OTOMA_ONLY_COLOURS,
    OTOMA_PAWNS,
    PLAYER_COLOURS,
    ConfigError,
    GameConfig,
    Mode,
    Seating,
    check_otoma_disc,
    check_otoma_names,
    otoma_cells,
    otoma_colours,
    rule_otoma_cells,
)
from pachaprint.engine.rules.events import Ending, EventKind, Phase
from pachaprint.engine.rules.game import Game
from pachaprint.engine.rules.movement import cells_of
from pachaprint.engine.rules.oracle import Wheel, WheelOracle
from pachaprint.engine.rules.otoma import Otoma
from pachaprint.engine.rules.state import GameState
from pachaprint.engine.rules.tiles import ArrowTile, ChanceNode, Deck, TileTable
from pachaprint.engine.rules.trails import otoma_stop, reaction_order
from pachaprint.model.rules import explorer_pawns
from pachaprint.model.scenario import Scenario
from pachaprint.model.text import choice_words

# Enum members read in hot code, bound once: a compiled module reads a Final
# constant directly, where ``Phase.TURN`` costs a lookup through the enum's class.
_ENDING_SHUT_OUT: Final = Ending.SHUT_OUT
_EVENT_BLOCKED: Final = EventKind.BLOCKED
_EVENT_END_PHASE: Final = EventKind.END_PHASE
_EVENT_OTOMA_EMPTY: Final = EventKind.OTOMA_EMPTY
_EVENT_OWN_ARROW: Final = EventKind.OWN_ARROW
_EVENT_SPEND: Final = EventKind.SPEND
_EVENT_HAND: Final = EventKind.HAND
_PHASE_CHOOSE_OTOMA: Final = Phase.CHOOSE_OTOMA
_PHASE_DIVINING: Final = Phase.DIVINING
_PHASE_GIVE_TILE: Final = Phase.GIVE_TILE
_PHASE_PLACE_OTOMA: Final = Phase.PLACE_OTOMA
_PHASE_OVER: Final = Phase.OVER
_PHASE_SPEND: Final = Phase.SPEND
_PHASE_TURN: Final = Phase.TURN


class CompetitiveState(GameState):
    """The competitive game (docs/rules.md section 3): 2-4 seats, each for itself."""

    mode: ClassVar[Mode] = Mode.COMPETITIVE
    title: ClassVar[str] = "the competitive game"
    heading: ClassVar[str] = "Competitive"
    retrieve: ClassVar[bool] = True
    end_phase: ClassVar[bool] = True

    def _blank(self) -> CompetitiveState:
        return CompetitiveState(self.game, copy=True)

    @classmethod
    def seating_for(cls, players: int, level: str | None, colour: str) -> Seating:
        """Each seat its own colour, pawns and account (seat = side = account)."""
        seats = tuple(range(players))
        pawns = (explorer_pawns(players),) * players
        return Seating(seats, seats, PLAYER_COLOURS[:players], pawns, players)


class OtomaState(GameState):
    """What solo and co-op share: the Otoma, and who wins against them."""

    has_otoma: ClassVar[bool] = True

    def _blank(self) -> OtomaState:
        return OtomaState(self.game, copy=True)

    def set_up_otoma(self) -> None:
        """Place the Otoma on their start cells (after the tiles are laid). Without cells
        (a disc that names none, and none chosen beforehand) the players place them one by
        one before the first turn, where and in the order they choose
        (:meth:`place_otoma`); a state that takes the players' choices itself places
        them by the bots' rule (:meth:`rule_cells`)."""
        game = self.game
        assert game.trails is not None
        self.otoma = Otoma.seated(game.seating, game.trails, self.takes_tokens())
        cells = game.otoma_cells or (self.rule_cells() if self.by_rule else ())
        self.otoma.setup(self, cells)
        if not cells:
            self.phase = _PHASE_PLACE_OTOMA

    def rule_cells(self) -> tuple[int, ...]:
        """The bots' Otoma start cells on a disc that names none (:func:`rule_otoma_cells`)."""
        return rule_otoma_cells(self.wheel.start_cells(), len(self.seating.otoma_colours))

    def choices(self) -> LegalActions:
        """Before the first turn: an unplaced Otoma pawn on a free start cell."""
        otoma = self.otoma
        if self.phase is not _PHASE_PLACE_OTOMA or otoma is None:
            return NO_ACTIONS
        free = 0
        for cell in self.wheel.start_cells():
            free |= 1 << cell
        return legal.placements(otoma.unplaced(), free & ~self.pawn_mask[otoma.side])

    def place_otoma(self, pawn: int, cell: int) -> None:
        """The pawn goes on the cell and the Otoma score it at once; the first turn starts
        once every pawn is placed."""
        otoma = self.otoma
        assert otoma is not None
        otoma.place(self, pawn, cell)
        if not otoma.unplaced():
            self.phase = self.turn_phase()

    def rule_choice(self) -> int | None:
        """Placing the Otoma: the pawn of the bots' rule (:meth:`rule_cells`) whose cell
        comes first in reading order, so that the pawns score as they would on a disc that
        names those cells."""
        otoma = self.otoma
        if self.phase is not _PHASE_PLACE_OTOMA or otoma is None:
            return None
        targets = self.rule_cells()
        free = [(targets[p], p) for p in otoma.unplaced() if targets[p] not in otoma.pawns]
        if not free:  # someone else placed a pawn there: any legal placement
            return self.legal_actions()[0]
        cell, pawn = min(free)
        return A.place(pawn, cell)

    def takes_tokens(self) -> bool:
        """Whether the Otoma take the offering token of a crop they find (with a shared account)."""
        return self.shared

    def winners(self) -> list[int]:
        """Every seat when the player or group beat the Otoma, none when the Otoma win (ties too)."""
        ahead = self.phase is _PHASE_OVER and self._ahead()
        return list(range(self.players)) if ahead else []

    def ranking(self) -> list[int]:
        return [1 if self._ahead() else 2] * self.players

    def win_share(self, winners: tuple[int, ...]) -> float:
        return 1.0  # a win against the Otoma is every seat's whole

    def _ahead(self) -> bool:
        return self.score[0] > self.score[self.seating.otoma_account]


class SoloState(OtomaState):
    """Solo against the Otoma (docs/rules.md section 4)."""

    mode: ClassVar[Mode] = Mode.SOLO
    title: ClassVar[str] = "solo"
    heading: ClassVar[str] = "Solo against the Otoma"
    difficulties: ClassVar[tuple[str, ...]] = ("easy", "hard")
    default_difficulty: ClassVar[str | None] = "easy"
    seat_counts: ClassVar[tuple[int, ...]] = (1,)
    chooses_colour: ClassVar[bool] = True
    divine_all: ClassVar[bool] = True
    arrows: ClassVar[bool] = True

    def _blank(self) -> SoloState:
        return SoloState(self.game, copy=True)

    @classmethod
    def seating_for(cls, players: int, level: str | None, colour: str) -> Seating:
        """The player is side and account 0 with the pawns of two players; the Otoma side
        and account 1 with the other colours (:func:`otoma_colours`)."""
        otoma = otoma_colours(colour)
        return Seating((0,), (0,), (colour, "otoma"), (explorer_pawns(2), 0), 2, otoma)

    def chooses_otoma(self) -> bool:
        """Hard: an own-colour arrow ends the turn, and the player moves an Otoma pawn of
        their choice in its direction."""
        return self.level == "hard"

    def arrow_pawns(self, colour: str) -> tuple[int, ...]:
        """The Otoma pawn of the arrow's colour; the player's own colour (no Otoma pawn
        has it) moves none on easy, and on hard the one the player chooses."""
        otoma = self.otoma
        assert otoma is not None
        if colour != self.seating.colours[self.side_of[self.current_player]]:
            return (otoma.colours.index(colour),)
        return tuple(range(len(otoma.pawns))) if self.chooses_otoma() else ()

    def set_up(self) -> None:
        """One shuffled stack per terrain; the start cells' tiles are drawn from them too."""
        game = self.game
        deck = game.deck or Deck.seeded(self.supply, game.tiles_seed)
        self.deck = deck
        self.tiles = TileTable.stacked(game.board.cell_count, self.supply, deck)
        super().set_up()
        self.set_up_otoma()

    def lay_tile(self, cell: int, terrain: int, account: int, react: bool) -> None:
        """The top tile of the terrain's stack turns up (a chance node); ``react``: the
        player's discovery, whose arrow the Otoma answer once it is known."""
        tiles = self.tiles
        if tiles is not None:
            tiles.left[terrain] -= 1
            self.chance.append(ChanceNode(terrain, -1, tiles.left[terrain], cell, react))

    def after_explore(self, seat: int, cell: int, discovered: bool) -> None:
        if not discovered:  # a discovery's arrow acts once its tile turns up
            self.arrow_turned_up(cell)

    def arrow_turned_up(self, cell: int) -> None:
        """The arrow of the tile under the pawn that ended an Explore moves an Otoma pawn
        (:meth:`arrow_pawns`); when the player chooses the pawn, the choice ends the turn."""
        tiles, otoma, seat = self.tiles, self.otoma, self.current_player
        assert tiles is not None and otoma is not None
        tile = tiles.tile_at[cell]
        if not self.crop_mask >> cell & 1 and tile is not None:
            if tile.colour == self.seating.colours[self.side_of[seat]]:
                self.note(_EVENT_OWN_ARROW, seat, cell, int(tile.direction))
            pawns = self.arrow_pawns(tile.colour)
            if len(pawns) > 1:
                if self.hidden_left:
                    tiles.pending = tile.direction
                    self.phase = _PHASE_CHOOSE_OTOMA
                else:
                    self.end_turn()
                return
            if pawns:
                otoma.move(self, pawns[0], tile.direction)
        self.to_offer(seat)

    def choose_otoma(self, pawn: int) -> None:
        assert self.otoma is not None and self.tiles is not None
        direction, self.tiles.pending = self.tiles.pending, None
        assert direction is not None
        self.otoma.move(self, pawn, direction)
        self.end_turn()

    def sealed(self) -> bool:
        """No Explore can ever reveal a tile again (docs/rules.md, ruling R13): no
        pawn of the player can reach a cell without terrain, however it moves and
        divines meanwhile (:func:`~pachaprint.engine.rules.legal.reach`; the Otoma
        pawns stand still until a tile is revealed, and the player never takes a
        pawn back), and no tile without crop it can reach has an arrow that sends
        an Otoma pawn to such a cell."""
        hidden = self.geo.all & ~self.revealed
        otoma = self.otoma
        if not hidden or otoma is None:
            return False
        side = self.side_of[self.current_player]
        ends = legal.reach(
            self.geo,
            self.pawn_mask[side],
            self.pawn_mask[otoma.side],
            self.revealed,
            self.reserve[side] > 0,
        )
        if ends & hidden:
            return False
        return not any(self.arrow_reveals(c) for c in cells_of(ends & ~self.crop_mask))

    def arrow_reveals(self, cell: int) -> bool:
        tiles, otoma = self.tiles, self.otoma
        assert tiles is not None and otoma is not None
        tile = tiles.tile_at[cell]
        if tile is None or self.crop_mask >> cell & 1:
            return False
        trails, revealed, at = otoma.trails, self.revealed, otoma.pawns
        for pawn in self.arrow_pawns(tile.colour):
            if otoma_stop(trails, at[pawn], tile.direction, revealed) is not None:
                return True
        return False

    def close(self, seat: int) -> None:
        """The last turn: the player divines with every pawn on a tile without crop (a
        Divine turn; none, none), may offer, and the game ends. Cells without terrain
        and tiles without crop and pawn score for no one."""
        self.note(_EVENT_BLOCKED, seat, -1, self.hidden_left)
        self.closing = True
        if self.eligible(seat):
            self.phase = _PHASE_DIVINING
        else:
            self.to_offer(seat)

    def game_ends_here(self) -> bool:
        if self.closing:
            self.over(_ENDING_SHUT_OUT)
            return True
        return super().game_ends_here()

    def stall(self, seat: int) -> None:
        """No legal action at all, turn after turn: the player is shut out."""
        self.note(_EVENT_BLOCKED, seat, -1, self.hidden_left)
        self.phase, self.ending = _PHASE_OVER, _ENDING_SHUT_OUT


class CoopState(OtomaState):
    """Co-op against the Otoma (docs/rules.md section 5)."""

    mode: ClassVar[Mode] = Mode.COOP
    title: ClassVar[str] = "co-op"
    heading: ClassVar[str] = "Co-op against the Otoma"
    difficulties: ClassVar[tuple[str, ...]] = ("easy", "normal", "expert")
    default_difficulty: ClassVar[str | None] = "normal"
    spends: ClassVar[bool] = True
    lines: ClassVar[bool] = True
    shared: ClassVar[bool] = True

    def _blank(self) -> CoopState:
        return CoopState(self.game, copy=True)

    @classmethod
    def seating_for(cls, players: int, level: str | None, colour: str) -> Seating:
        """One colour per seat (at four, two pairs share a colour each, alternating round the
        table), one shared account 0, the Otoma the last side and account 1; one pawn less
        per colour on expert, one Otoma pawn less on easy."""
        colours = 2 if players == 4 else players
        level = level or cls.default_difficulty
        per_colour = {2: 4, 3: 3, 4: 4}[players] - (1 if level == "expert" else 0)
        count = OTOMA_PAWNS - 1 if level == "easy" else OTOMA_PAWNS
        unused = PLAYER_COLOURS[colours:]  # the Otoma pawns beyond purple and yellow
        return Seating(
            tuple(s % colours for s in range(players)),
            (0,) * players,
            (*PLAYER_COLOURS[:colours], "otoma"),
            (per_colour,) * colours + (0,),
            2,
            OTOMA_ONLY_COLOURS + tuple(unused[i % len(unused)] for i in range(count - 2)),
        )

    def set_up(self) -> None:
        """The tiles left once the start cells are laid are dealt out as hands (their top
        tiles turn up); every turn starts by spending one."""
        super().set_up()
        game = self.game
        deck = game.deck or Deck.seeded(self.supply, game.tiles_seed, game.players)
        self.deck = deck
        self.tiles = TileTable.dealt(game.board.cell_count, self.supply, game.players, deck)
        self.chance += self.tiles.top_nodes()
        self.phase = _PHASE_SPEND
        self.set_up_otoma()

    def turn_actions(self, seat: int) -> LegalActions:
        side = self.side_of[seat]
        tiles = self.tiles
        return legal.coop_turn_actions(
            self.geo,
            self.pawn_mask[side],
            self.all_pawns,
            self.crop_mask,
            self.revealed,
            self.reserve[side] > 0,
            tiles.arrow if tiles else None,
        )

    def spend(self, seat: int, terrain: int) -> None:
        """The top tile of a stack goes to the diversity board; its arrow forces a first step."""
        tiles = self.tiles
        assert tiles is not None
        tile = self.take_top(seat, terrain)
        tiles.columns[terrain].append(tile)
        tiles.arrow = tile.direction
        self._skips_in_row = 0
        self.note(_EVENT_SPEND, seat, -1, terrain)
        self.phase = _PHASE_TURN

    def lay_tile(self, cell: int, terrain: int, account: int, react: bool) -> None:
        """A discovery by ``account`` places a tile from a diversity board column, a hand or
        the box (the start cells' tiles have no arrow)."""
        tiles = self.tiles
        if tiles is not None and account >= 0:
            tiles.tile_at[cell] = self._take_tile(cell, terrain, account)

    def _take_tile(self, cell: int, terrain: int, account: int) -> ArrowTile | None:
        """The tile a discovery places: from the diversity board column of its terrain,
        else (the group only) from a hand that holds one, the hand the group agrees on
        (docs/rules.md, ruling R21): where several hold one the group chooses
        (:meth:`give_tile`; the cell waits in ``tiles.wanted``), else none (from the box)."""
        tiles = self.tiles
        assert tiles is not None
        column = tiles.columns[terrain]
        if column:
            return column.pop()
        if account == 0:
            holders = self.holders(terrain)
            if len(holders) > 1 and not self.by_rule:
                tiles.wanted = cell
                return None
            if holders:
                return self.take_top(self.agreed_hand(terrain), terrain)
        tiles.box_tiles += 1
        return None

    def holders(self, terrain: int) -> list[int]:
        """The seats whose hand holds a tile of ``terrain``."""
        tiles = self.tiles
        assert tiles is not None
        return [seat for seat in range(self.players) if tiles.hands[seat][terrain]]

    def agreed_hand(self, terrain: int) -> int:
        """The bots' choice of the hand that gives a tile of ``terrain``: the one holding
        most tiles of it, ties to the seat to play, then the seats after it in turn."""
        tiles = self.tiles
        assert tiles is not None
        current, players = self.current_player, self.players
        return min(
            range(players),
            key=lambda s: (-tiles.hands[s][terrain], (s - current) % players),
        )

    def choices(self) -> LegalActions:
        """The hands that may give the tile of the group's discovery (or the Otoma's
        placement before the first turn)."""
        tiles = self.tiles
        if self.phase is not _PHASE_GIVE_TILE or tiles is None:
            return super().choices()
        return legal.hands(self.holders(self.terrain[tiles.wanted]))

    def give_tile(self, seat: int) -> None:
        """The tile of the group's discovery comes from ``seat``'s hand; then the Otoma react."""
        tiles = self.tiles
        assert tiles is not None and tiles.wanted >= 0
        cell, tiles.wanted = tiles.wanted, -1
        terrain = self.terrain[cell]
        tiles.tile_at[cell] = self.take_top(seat, terrain)
        self.note(_EVENT_HAND, seat, cell, terrain)
        self._react(self.current_player, cell)

    def rule_choice(self) -> int | None:
        """The hand that gives a tile: :meth:`agreed_hand`."""
        tiles = self.tiles
        if self.phase is not _PHASE_GIVE_TILE or tiles is None:
            return super().rule_choice()
        return A.hand(self.agreed_hand(self.terrain[tiles.wanted]))

    def take_top(self, seat: int, terrain: int) -> ArrowTile:
        """Take the visible top tile of a seat's stack; the next one will turn up."""
        tiles = self.tiles
        assert tiles is not None
        tile = tiles.tops[seat][terrain]
        assert tile is not None, "the top tile has not turned up yet"
        tiles.tops[seat][terrain] = None
        tiles.hands[seat][terrain] -= 1
        if tiles.hands[seat][terrain]:
            self.chance.append(ChanceNode(terrain, seat, tiles.hands[seat][terrain] - 1))
        return tile

    def after_explore(self, seat: int, cell: int, discovered: bool) -> None:
        """The group first chooses the hand that gives a discovery's tile, where several may;
        then the Otoma react."""
        tiles = self.tiles
        assert tiles is not None
        if tiles.wanted >= 0:
            self.phase = _PHASE_GIVE_TILE
            return
        self._react(seat, cell)

    def _react(self, seat: int, cell: int) -> None:
        """The Otoma in the row and column of the moved pawn move away from it."""
        otoma = self.otoma
        assert otoma is not None
        for pawn, direction in reaction_order(self.board, cell, otoma.pawns):
            otoma.move(self, pawn, direction)
        self.to_offer(seat)

    def after_offer(self) -> None:
        """The Otoma offer every token they hold with the group."""
        self._otoma_offer()

    def game_ends_here(self) -> bool:
        """The game ends when no one holds a tile: the group's final offer."""
        tiles = self.tiles
        assert tiles is not None
        tiles.arrow = None
        if tiles.in_hands:
            return False
        self.note(_EVENT_END_PHASE, self.current_player)
        self.final_offers(1)
        if not self.tokens[0]:
            self.next_final_offer()
        return True

    def after_final_offers(self) -> None:
        """The Otoma offer, then score a point per cell without terrain."""
        self._otoma_offer()
        otoma = self.seating.otoma_account
        self.empty_points = self.hidden_left
        self.score[otoma] += self.empty_points
        self.note(_EVENT_OTOMA_EMPTY, otoma, -1, self.empty_points, self.empty_points)

    def _otoma_offer(self) -> None:
        otoma = self.seating.otoma_account
        if self.tokens[otoma]:
            self.offer(otoma, self.tokens[otoma])


MODES: Final[tuple[type[GameState], ...]] = (CompetitiveState, SoloState, CoopState)
"""The class of every mode, in :class:`Mode`'s order."""


def mode_class(mode: Mode) -> type[GameState]:
    """The class of ``mode``: what the mode is, and its state."""
    for rules in MODES:
        if rules.mode is mode:
            return rules
    raise ValueError(f"no class plays the mode {mode.value!r}")


def _modes_with(has: str) -> str:
    """``--mode solo or coop``: the modes whose class has the attribute ``has`` set."""
    return "--mode " + choice_words([rules.mode.value for rules in MODES if getattr(rules, has)])


def mode_words(described: bool = False) -> str:
    """``competitive, solo or coop``: every mode's name, for help texts; ``described``:
    ``competitive (the default), solo (one seat against the Otoma) or coop (2-4 seats
    against the Otoma)``."""
    words = []
    for rules in MODES:
        word = rules.mode.value
        if described and rules is MODES[0]:
            word += " (the default)"
        elif described and rules.has_otoma:
            seats = rules.seat_counts
            many = f"{seats[0]}-{seats[-1]} seats" if len(seats) > 1 else "one seat"
            word += f" ({many} against the Otoma)"
        words.append(word)
    return choice_words(words)


def difficulty_words(defaults: bool = False) -> str:
    """``solo: easy, hard; coop: easy, normal, expert``: every mode's difficulties, for help
    texts; ``defaults``: ``solo: easy (default) or hard; coop: easy, normal (default) or
    expert``."""
    parts = []
    for rules in MODES:
        if not rules.difficulties:
            continue
        levels = list(rules.difficulties)
        if defaults:
            levels = [f"{d} (default)" if d == rules.default_difficulty else d for d in levels]
            parts.append(f"{rules.mode.value}: {choice_words(levels)}")
        else:
            parts.append(f"{rules.mode.value}: {', '.join(levels)}")
    return "; ".join(parts)


def check_seats(mode: Mode, seats: int) -> int:
    """``seats`` if ``mode`` has that many, else :class:`ConfigError` (setting ``players``)."""
    return mode_class(mode).check_seats(seats)


def check_difficulty(mode: Mode, difficulty: str) -> str:
    """``difficulty`` if ``mode`` has it, else :class:`ConfigError` (setting ``difficulty``)."""
    rules = mode_class(mode)
    if not rules.difficulties:
        raise ConfigError("difficulty", f"applies to {_modes_with('difficulties')} only")
    return rules.check_difficulty(difficulty)


def check_config(config: GameConfig) -> type[GameState]:
    """The class of the configuration's mode, once every setting fits it;
    :class:`ConfigError` naming the first that does not."""
    rules = mode_class(config.mode)
    rules.check_seats(config.players)
    if config.difficulty is not None:
        check_difficulty(config.mode, config.difficulty)
    if config.otoma is not None and not rules.has_otoma:
        raise ConfigError("otoma", f"applies to {_modes_with('has_otoma')} only")
    if config.otoma is not None:
        check_otoma_names(config.otoma)
    if rules.chooses_colour:
        otoma_colours(config.colour)
    if config.first_player is not None and not 0 <= config.first_player < config.players:
        raise ConfigError(
            "first_player", f"{config.first_player} is not a seat of {config.players} players"
        )
    return rules


def draw_setup(config: GameConfig) -> tuple[int, int | None, random.Random]:
    """The draws one seed fixes before play, in this order: the tiles' shuffle (against the
    Otoma), the first player (where there are several seats). Returns ``(first player,
    tiles seed, rng)``; the rng goes on to seed the bots."""
    rules = mode_class(config.mode)
    rng = random.Random(config.seed)
    tiles_seed = first = None
    if rules.has_otoma and config.tiles_seed is None:
        tiles_seed = rng.getrandbits(64)
    if rules.seat_counts != (1,) and config.first_player is None:
        first = rng.randrange(config.players)
    tiles = config.tiles_seed if config.tiles_seed is not None else tiles_seed
    return first if first is not None else (config.first_player or 0), tiles, rng


def make_game(
    wheel: Wheel,
    config: GameConfig,
    *,
    first_player: int = 0,
    otoma_cells: Sequence[int] = (),
    deck: Deck | None = None,
    tiles_seed: int | None = None,
) -> Game:
    """The :class:`Game` ``config`` sets up on ``wheel``, as its mode's class seats it
    (:class:`ConfigError` for a setting that does not fit the mode); the first player,
    the Otoma's start cells and the tiles as given."""
    rules = check_config(config)
    level = rules.level_of(config)
    return Game(
        wheel,
        config,
        level,
        rules.seating_for(config.players, level, config.colour),
        first_player=first_player,
        otoma_cells=otoma_cells,
        deck=deck,
        tiles_seed=tiles_seed,
    )


def setup_game(scenario: Scenario, config: GameConfig, wheel: Wheel | None = None) -> Game:
    """A play of ``scenario`` set up by ``config``: the first player drawn and the tiles
    shuffled by its seed (:func:`draw_setup`), the Otoma on the cells it names (or the
    scenario's; on neither, the players place them in the game). ``wheel``: the scenario's, when the caller has one already (simulations
    play many games on one). ``ValueError`` for a scenario the mode cannot use,
    :class:`ConfigError` for a setting that does not fit the mode."""
    rules = check_config(config)
    first, tiles_seed, _ = draw_setup(config)
    cells: tuple[int, ...] = ()
    if rules.has_otoma:
        check_otoma_disc(scenario)
        if config.otoma is not None or scenario.otoma:  # else the players place them
            cells = otoma_cells(scenario, config.otoma)
    return make_game(
        wheel or WheelOracle(scenario),
        config,
        first_player=first,
        otoma_cells=cells,
        tiles_seed=tiles_seed,
    )


def start(game: Game, record_events: bool = False) -> GameState:
    """The first state of a play: its mode's state, set up, at its first decision
    (``record_events``: keep :attr:`~pachaprint.engine.rules.table.Table.events` for
    people reading the game)."""
    state = mode_class(game.mode)(game, record_events)
    state.set_up()
    state.refresh()
    return state


def new_game(
    scenario: Scenario,
    config: GameConfig,
    *,
    oracle: Wheel | None = None,
    record_events: bool = False,
) -> GameState:
    """A game of ``scenario`` set up by ``config`` (see :func:`setup_game`): the first
    player drawn and the tiles shuffled or dealt by its seed, the Otoma on their
    start cells. ``oracle``: the scenario's wheel, when the caller already has one.
    ``ValueError`` for a scenario the mode cannot use (:class:`ConfigError` for a
    setting that does not fit the mode)."""
    return start(setup_game(scenario, config, oracle), record_events)
