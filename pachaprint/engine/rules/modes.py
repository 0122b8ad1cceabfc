"""The three modes: what each changes of the shared game (docs/rules.md sections 3-5).

Each mode is a :class:`~pachaprint.engine.rules.state.GameState` that overrides
a few hooks, as python-chess variants override a few methods of ``Board``:

* :class:`CompetitiveState`: a pawn may go back to supply as the whole Explore;
  the last terrain tile starts the end phase (one divination each, then the
  final offers);
* :class:`SoloState` (and :class:`OtomaState`, what it shares with co-op): the
  tiles come from one shuffled stack per terrain; an Explore ending on a tile
  without crop moves the Otoma pawn of its arrow's colour (on hard, an
  own-colour arrow lets the player choose one); a Divine turn divines with every
  eligible pawn; the game ends after the turn of the last terrain tile;
* :class:`CoopState`: a turn starts by spending a tile, whose arrow forces a
  pawn's first step; moves never pass a cell twice nor stop on a crop; after an
  Explore the Otoma in the pawn's row and column move away; the seats share one
  account, the Otoma take tokens, offer with the group and score the cells left
  without terrain; the game ends when no one holds a tile.

:func:`start` sets a :class:`~pachaprint.engine.rules.game.Game` up in its
mode's state; :func:`new_game` does it from a scenario and a configuration.
"""

from __future__ import annotations

from typing import Final

from pachaprint.engine.rules import legal
from pachaprint.engine.rules.actions import LegalActions
from pachaprint.engine.rules.config import GameConfig, Mode
from pachaprint.engine.rules.events import Ending, EventKind, Phase
from pachaprint.engine.rules.game import Game
from pachaprint.engine.rules.movement import cells_of
from pachaprint.engine.rules.oracle import Wheel
from pachaprint.engine.rules.otoma import Otoma
from pachaprint.engine.rules.state import GameState
from pachaprint.engine.rules.tiles import ArrowTile, ChanceNode, Deck, TileTable
from pachaprint.engine.rules.trails import otoma_stop, reaction_order
from pachaprint.model.scenario import Scenario

# Enum members read in hot code, bound once: a compiled module reads a Final
# constant directly, where ``Phase.TURN`` costs a lookup through the enum's class.
_ENDING_SHUT_OUT: Final = Ending.SHUT_OUT
_EVENT_BLOCKED: Final = EventKind.BLOCKED
_EVENT_END_PHASE: Final = EventKind.END_PHASE
_EVENT_OTOMA_EMPTY: Final = EventKind.OTOMA_EMPTY
_EVENT_OWN_ARROW: Final = EventKind.OWN_ARROW
_EVENT_SPEND: Final = EventKind.SPEND
_MODE_COMPETITIVE: Final = Mode.COMPETITIVE
_MODE_COOP: Final = Mode.COOP
_MODE_SOLO: Final = Mode.SOLO
_PHASE_CHOOSE_OTOMA: Final = Phase.CHOOSE_OTOMA
_PHASE_DIVINING: Final = Phase.DIVINING
_PHASE_END_DIVINE: Final = Phase.END_DIVINE
_PHASE_OVER: Final = Phase.OVER
_PHASE_SPEND: Final = Phase.SPEND
_PHASE_TURN: Final = Phase.TURN


class CompetitiveState(GameState):
    """The competitive game (docs/rules.md section 3)."""

    def _blank(self) -> CompetitiveState:
        return CompetitiveState(self.game, copy=True)

    def set_up(self) -> None:
        super().set_up()
        if self.trigger is not None:  # every cell a start cell: straight to the end phase
            self.phase = _PHASE_END_DIVINE

    def turn_actions(self, seat: int) -> LegalActions:
        return legal.turn_actions(
            self.geo,
            self.pawn_mask[seat],
            self.all_pawns,
            self.crop_mask,
            self.revealed,
            self.reserve[seat] > 0,
            retrieve=True,
        )

    def after_divine(self, seat: int, right: bool) -> None:
        if self.phase is not _PHASE_END_DIVINE:
            super().after_divine(seat, right)
            return
        if not right:  # a wrong end-phase divination is the seat's last
            self.passed[seat] = True
        self.next_end_player()

    def game_ends_here(self) -> bool:
        """The last terrain tile starts the end phase, from the seat that placed it."""
        trigger = self.trigger
        if trigger is None:
            return False
        self.phase = _PHASE_END_DIVINE
        self.current_player = trigger
        self.note(_EVENT_END_PHASE, trigger)
        if self.passed[trigger]:
            self.next_end_player()
        return True


class OtomaState(GameState):
    """What solo and co-op share: the Otoma, and who wins against them."""

    def _blank(self) -> OtomaState:
        return OtomaState(self.game, copy=True)

    def set_up_otoma(self) -> None:
        """Place the Otoma on their start cells (after the tiles are laid)."""
        game = self.game
        assert game.trails is not None
        self.otoma = Otoma.seated(game.seating, game.trails, self.takes_tokens())
        self.otoma.setup(self, game.otoma_cells)

    def takes_tokens(self) -> bool:
        """Whether the Otoma take the offering token of a crop they find."""
        return False

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

    def _blank(self) -> SoloState:
        return SoloState(self.game, copy=True)

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
        """The arrow of the tile under the pawn that ended an Explore moves an Otoma pawn;
        an own-colour arrow ends the turn (on hard, the player chooses the pawn)."""
        tiles, otoma, seat = self.tiles, self.otoma, self.current_player
        assert tiles is not None and otoma is not None
        tile = tiles.tile_at[cell]
        if not self.crop_mask >> cell & 1 and tile is not None:
            if tile.colour == self.seating.colours[self.side_of[seat]]:
                self.note(_EVENT_OWN_ARROW, seat, cell, int(tile.direction))
                if self.rules.choose_on_own_arrow:
                    if self.hidden_left:
                        tiles.pending = tile.direction
                        self.phase = _PHASE_CHOOSE_OTOMA
                    else:
                        self.end_turn()
                    return
            else:
                otoma.move(self, otoma.colours.index(tile.colour), tile.direction)
        self.to_offer(seat)

    def choose_otoma(self, pawn: int) -> None:
        assert self.otoma is not None and self.tiles is not None
        direction, self.tiles.pending = self.tiles.pending, None
        assert direction is not None
        self.otoma.move(self, pawn, direction)
        self.end_turn()

    def after_divine(self, seat: int, right: bool) -> None:
        """Every eligible pawn divines, and a mistake stops nothing."""
        if self.eligible(seat):
            self.phase = _PHASE_DIVINING
        else:
            self.to_offer(seat)

    def may_stop_divining(self) -> bool:
        return False

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
        trails, revealed = otoma.trails, self.revealed
        if tile.colour == self.seating.colours[self.side_of[self.current_player]]:
            pawns = otoma.pawns if self.rules.choose_on_own_arrow else []
        else:
            pawns = [otoma.pawns[otoma.colours.index(tile.colour)]]
        return any(otoma_stop(trails, p, tile.direction, revealed) is not None for p in pawns)

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

    def _blank(self) -> CoopState:
        return CoopState(self.game, copy=True)

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

    def takes_tokens(self) -> bool:
        return True

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

    def turn_phase(self) -> Phase:
        return _PHASE_SPEND

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
            tiles.tile_at[cell] = self._take_tile(terrain, account)

    def _take_tile(self, terrain: int, account: int) -> ArrowTile | None:
        """The tile a discovery places: from the diversity board column of its terrain,
        else (the group only) the top of the hand holding most tiles of it (our stand-in
        for "by agreement": docs/rules.md, ruling R21), else none (from the box)."""
        tiles = self.tiles
        assert tiles is not None
        column = tiles.columns[terrain]
        if column:
            return column.pop()
        if account == 0:
            current, players = self.current_player, self.players
            seat = min(
                range(players),
                key=lambda s: (-tiles.hands[s][terrain], (s - current) % players),
            )
            if tiles.hands[seat][terrain]:
                return self.take_top(seat, terrain)
        tiles.box_tiles += 1
        return None

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


STATES: dict[Mode, type[GameState]] = {
    _MODE_COMPETITIVE: CompetitiveState,
    _MODE_SOLO: SoloState,
    _MODE_COOP: CoopState,
}
"""The state of each mode."""


def start(game: Game, record_events: bool = False) -> GameState:
    """The first state of a play: its mode's state, set up, at its first decision
    (``record_events``: keep :attr:`~pachaprint.engine.rules.table.Table.events` for
    people reading the game)."""
    state = STATES[game.mode](game, record_events)
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
    """A game of ``scenario`` set up by ``config`` (see :meth:`Game.new`): the first
    player drawn and the tiles shuffled or dealt by its seed, the Otoma on their
    start cells. ``oracle``: the scenario's wheel, when the caller already has one.
    ``ValueError`` for a scenario the mode cannot use."""
    return start(Game.new(scenario, config, oracle), record_events)
