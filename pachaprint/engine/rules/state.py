"""The game state of every mode, in the spirit of OpenSpiel.

One :class:`GameState` plays the competitive game, solo and co-op: the mode's
:class:`~pachaprint.engine.rules.config.Rules` switch the rulings that differ, its
:class:`~pachaprint.engine.rules.config.Seating` gives each seat a pawn side and a
score account, and the parts a mode adds are composed in: the
:class:`~pachaprint.engine.rules.otoma.Otoma` and the
:class:`~pachaprint.engine.rules.tiles.TileTable`. Start one with
:func:`pachaprint.engine.rules.game.new_game`; drive it with :meth:`legal_actions`,
:meth:`apply`, :meth:`is_terminal`, :meth:`is_chance_node`,
:meth:`chance_outcomes` and :meth:`outcome`; :attr:`current_player` is the
seat to decide.

**Chance** is explicit: when a tile turns up the state is at a chance node
whose outcomes are the unseen tiles. The game's :attr:`deck` (the real, seeded
order of the tiles) answers it at once; without one the caller applies an
outcome (a search bot samples one from a :meth:`clone`). The hidden map is
reached only through the :class:`~pachaprint.engine.rules.oracle.WheelOracle`; a bot
sees a :class:`~pachaprint.engine.rules.view.PlayerView`.

Decisions without a choice are taken by the state itself, never recorded: a
seat with no legal Explore nor Divine skips, one without tokens skips the
Offer, an end-phase seat without eligible pawn passes, an empty hand spends nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind, LegalActions
from pachaprint.engine.rules.config import GameConfig
from pachaprint.engine.rules.events import Ending, EventKind, Phase
from pachaprint.engine.rules.legal import decision_actions, shut_out, turn_actions
from pachaprint.engine.rules.movement import cells_of
from pachaprint.engine.rules.oracle import Wheel
from pachaprint.engine.rules.otoma import Otoma
from pachaprint.engine.rules.table import UNKNOWN, Table
from pachaprint.engine.rules.tiles import Deck, TileTable
from pachaprint.engine.rules.trails import reaction_order, trails_for
from pachaprint.engine.rules.view import PlayerView

__all__ = ["UNKNOWN", "GameState"]
_fields = A.fields
_ENTER, _MOVE, _RETRIEVE, _DIVINE = (
    int(Kind.ENTER),
    int(Kind.MOVE),
    int(Kind.RETRIEVE),
    int(Kind.DIVINE),
)
_OFFER, _OTOMA, _SPEND, _TILE = int(Kind.OFFER), int(Kind.OTOMA), int(Kind.SPEND), int(Kind.TILE)
_OVER, _TURN = Phase.OVER, Phase.TURN


class GameState(Table):
    """A game in progress (see the module documentation)."""

    def __init__(
        self,
        oracle: Wheel,
        config: GameConfig,
        *,
        first_player: int = 0,
        otoma_cells: Sequence[int] = (),
        deck: Deck | None = None,
        tiles_seed: int | None = None,
        record_events: bool = False,
    ):
        if config.mode.has_otoma and oracle.board.size != "long":
            raise ValueError("solo and co-op use long scenarios only")
        super().__init__(oracle, config, first_player, record_events)
        rules, cells = self.rules, self.board.cell_count
        if rules.arrows:  # solo: one shuffled stack per terrain, drawn from the start
            self.deck = deck or Deck.seeded(self.supply, tiles_seed)
            self.tiles = TileTable.stacked(cells, self.supply, self.deck)
        for cell in oracle.start_cells():
            self.reveal(cell, crop=True)
        if rules.spend:  # co-op: the tiles left are dealt out as hands, top tiles visible
            self.deck = deck or Deck.seeded(self.supply, tiles_seed, self.players)
            self.tiles = TileTable.dealt(cells, self.supply, self.players, self.deck)
            self.chance += self.tiles.top_nodes()
            self.phase = Phase.SPEND
        if self.trigger is not None and rules.end_phase:
            self.phase = Phase.END_DIVINE
        if config.mode.has_otoma:
            self.otoma = Otoma.seated(self.seating, trails_for(self.board), rules.shared)
            self.otoma.setup(self, otoma_cells[: len(self.otoma.colours)])
        self._settle()

    # -- the OpenSpiel-style interface ----------------------------------------------
    def legal_actions(self) -> LegalActions:
        """Legal codes for :attr:`current_player`, or the outcomes at a chance node
        (empty when the game is over). A read-only sequence of ints."""
        return self._legal

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def is_chance_node(self) -> bool:
        """True when a tile is about to turn up and no :attr:`deck` answers it."""
        return bool(self.chance) and self.phase is not Phase.OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(code, probability)`` of every tile that may turn up now (none off a chance node)."""
        if not self.is_chance_node() or self.tiles is None:
            return []
        t = self.chance[0].terrain
        unseen = self.tiles.unseen[t]
        return [(A.tile(t, i), 1.0 / unseen.bit_count()) for i in cells_of(unseen)]

    def apply(self, action: int) -> None:
        """Play ``action`` for the current seat, or a chance outcome; ``ValueError`` if not legal."""
        if not self._legal.allows(action):
            raise ValueError(
                f"illegal action {self.action_text(action)!r} in phase {self.phase.name}"
            )
        self.history.append(action)
        kind, a, b = _fields(action)
        seat = self.current_player
        if kind in (_ENTER, _MOVE):
            self._explore(seat, kind == _ENTER, a, b)
        elif kind == _DIVINE:
            self._divine(seat, a, b)
        elif kind == _OFFER:
            self._offer(b)
        elif kind == _RETRIEVE:
            self.lift(seat, a)
            self.reserve[seat] += 1
            self.note(EventKind.RETRIEVE, seat, a)
            self._to_offer(seat)
        elif kind == _TILE:
            self._turn_up(a, b)
        elif kind == _SPEND:
            self._spend(seat, b)
        elif kind == _OTOMA:
            assert (
                self.otoma is not None and self.tiles is not None and self.tiles.pending is not None
            )
            direction, self.tiles.pending = self.tiles.pending, None
            self.otoma.move(self, b, direction)
            self._end_turn()
        else:
            self._pass(seat)
        self._settle()

    def view(self, seat: int | None = None) -> PlayerView:
        """What ``seat`` (default: the current one) sees: a :class:`~pachaprint.engine.rules.view.PlayerView`."""
        return PlayerView.of(self, self.current_player if seat is None else seat)

    def refresh(self) -> None:
        """Recompute the legal actions after a setup change (positions set by hand)."""
        self._settle()

    # -- the turn -------------------------------------------------------------------------
    def _explore(self, seat: int, enter: bool, frm: int, to: int) -> None:
        side = self.side_of[seat]
        if enter:
            self.reserve[side] -= 1
        else:
            self.lift(side, frm)
        self.place(side, to)
        if self.events is None:
            pass
        elif enter:
            self.note(EventKind.ENTER, seat, to)
        else:
            self.note(EventKind.MOVE, seat, to, frm)
        rules = self.rules
        if not self.revealed >> to & 1:
            self.discover(self.account_of[seat], to, rules.arrows)
            if rules.arrows:
                return  # the Otoma answer the arrow once the drawn tile turns up (_turn_up)
        if rules.arrows:
            self._arrow(seat, to)
            return
        if rules.lines:
            assert self.otoma is not None
            for pawn, direction in reaction_order(self.board, to, self.otoma.pawns):
                self.otoma.move(self, pawn, direction)
        if self.tokens[self.account_of[seat]]:  # the optional Offer step (see _to_offer)
            self.phase = Phase.OFFER
        else:
            self._end_turn()

    def _arrow(self, seat: int, cell: int) -> None:
        """Solo: the arrow of the tile under the pawn that ended an Explore moves an Otoma pawn."""
        tiles, otoma = self.tiles, self.otoma
        assert tiles is not None and otoma is not None
        tile = tiles.tile_at[cell]
        if not self.crop_mask >> cell & 1 and tile is not None:
            if tile.colour == self.seating.colours[self.side_of[seat]]:
                self.note(EventKind.OWN_ARROW, seat, cell, int(tile.direction))
                if self.rules.choose_on_own_arrow:
                    if self.hidden_left:
                        tiles.pending = tile.direction
                        self.phase = Phase.CHOOSE_OTOMA
                    else:
                        self._end_turn()
                    return
            else:
                otoma.move(self, otoma.colours.index(tile.colour), tile.direction)
        self._to_offer(seat)

    def _turn_up(self, terrain: int, index: int) -> None:
        """A chance outcome: the unseen tile ``index`` of ``terrain`` turns up where the node says."""
        tiles = self.tiles
        assert tiles is not None
        node = self.chance.pop(0)
        tile = tiles.box[terrain][index]
        tiles.unseen[terrain] &= ~(1 << index)
        if node.seat >= 0:
            tiles.tops[node.seat][terrain] = tile
            return
        tiles.tile_at[node.cell] = tile
        if node.react:
            self._arrow(self.current_player, node.cell)

    def _spend(self, seat: int, terrain: int) -> None:
        tiles = self.tiles
        assert tiles is not None
        tile = self.take_top(seat, terrain)
        tiles.columns[terrain].append(tile)
        tiles.arrow = tile.direction
        self._skips_in_row = 0
        self.note(EventKind.SPEND, seat, -1, terrain)
        self.phase = Phase.TURN

    def _divine(self, seat: int, cell: int, level: int) -> None:
        right = self.score_divination(self.account_of[seat], cell, level)
        if self.rules.divine_all:  # solo: every eligible pawn divines, mistakes stop nothing
            if self.eligible(seat):
                self.phase = Phase.DIVINING
            else:
                self._to_offer(seat)
        elif self.phase is Phase.END_DIVINE:
            if not right:
                self.passed[seat] = True
            self._next_end_player()
        elif right:
            self.phase = Phase.DIVINING
        else:
            self._end_turn()

    def _offer(self, mask: int) -> None:
        acc = self.account_of[self.current_player]
        self.offer(acc, mask)
        if self.rules.shared:  # co-op: the Otoma offer every token they hold with the group
            otoma = self.seating.otoma_account
            if self.tokens[otoma]:
                self.offer(otoma, self.tokens[otoma])
        if self.phase is Phase.FINAL_OFFER:
            self._next_final_offer()
        else:
            self._end_turn()

    def _pass(self, seat: int) -> None:
        phase = self.phase
        if phase is Phase.SPEND:  # forced: an empty hand spends nothing
            assert self.tiles is not None
            self.note(EventKind.NO_TILE, seat)
            self.tiles.arrow = None
            self.phase = Phase.TURN
            return
        self.note(EventKind.PASS, seat)
        if phase is Phase.DIVINING:
            self._to_offer(seat)
        elif phase is Phase.OFFER:
            self._end_turn()
        elif phase is Phase.END_DIVINE:
            self.passed[seat] = True
            self._next_end_player()
        elif phase is Phase.FINAL_OFFER:
            self._next_final_offer()

    def _to_offer(self, seat: int) -> None:
        """The optional Offer step; skipped at once without tokens."""
        if self.tokens[self.account_of[seat]]:
            self.phase = Phase.OFFER
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        rules = self.rules
        if rules.spend:
            assert self.tiles is not None
            self.tiles.arrow = None
            if not self.tiles.in_hands:
                self.note(EventKind.END_PHASE, self.current_player)
                self.phase = Phase.FINAL_OFFER
                self._final_left = 1
                if not self.tokens[0]:
                    self._next_final_offer()
                return
        elif self.trigger is not None:
            if not rules.end_phase:
                self._over()
                return
            self.phase = Phase.END_DIVINE
            self.current_player = self.trigger
            self.note(EventKind.END_PHASE, self.trigger)
            if self.passed[self.trigger]:
                self._next_end_player()
            return
        self.current_player = (self.current_player + 1) % self.players
        self.phase = Phase.SPEND if rules.spend else Phase.TURN
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
        if self._final_left > 0:
            self.current_player = (self.current_player + 1) % self.players
            return
        if self.rules.shared:  # co-op: the Otoma offer, then score the cells without terrain
            otoma = self.seating.otoma_account
            if self.tokens[otoma]:
                self.offer(otoma, self.tokens[otoma])
            self.empty_points = self.hidden_left
            self.score[otoma] += self.empty_points
            self.note(EventKind.OTOMA_EMPTY, otoma, -1, self.empty_points, self.empty_points)
        self._over()

    def _over(self, ending: Ending = Ending.FINISHED) -> None:
        self.phase = Phase.OVER
        self.ending = ending
        self.note(EventKind.OVER, -1)

    # -- legal actions and forced decisions ------------------------------------------------
    def _settle(self) -> None:
        """Turn up tiles the deck answers, take every forced decision, then cache the
        legal actions of the next real one (or of a chance node)."""
        while True:
            phase = self.phase
            if phase is _OVER:
                self.chance.clear()  # tiles nobody will look at
                self._legal = A.NO_ACTIONS
                return
            if self.chance:
                tiles = self.tiles
                assert tiles is not None
                t = self.chance[0].terrain
                if self.deck is None:
                    self._legal = LegalActions([(A.base(Kind.TILE, t), tiles.unseen[t], 0)], [])
                    return
                index = self.deck.outcome(self.chance[0], tiles.box[t], tiles.unseen[t])
                self.history.append(A.tile(t, index))
                self._turn_up(t, index)
                continue
            seat = self.current_player
            if phase is not _TURN:
                legal = decision_actions(self)
                if legal:
                    self._legal = legal
                    return
                self._pass(seat)
                continue
            legal = turn_actions(self, seat)
            if legal and not (self.rules.arrows and shut_out(self, legal)):
                self._skips_in_row = 0
                self._legal = legal
                return
            if legal:  # solo: the table can never change again (see shut_out)
                self.note(EventKind.BLOCKED, seat)
                self._over(Ending.SHUT_OUT)
                continue
            self.skips += 1
            self._skips_in_row += 1
            self.note(EventKind.SKIP, seat)
            if self._skips_in_row > self.players:
                if self.rules.arrows:  # solo: nothing can ever change either
                    self.note(EventKind.BLOCKED, seat)
                    self.phase, self.ending = Phase.OVER, Ending.SHUT_OUT
                else:
                    self.phase, self.ending = Phase.OVER, Ending.STALLED
                continue
            self._end_turn()
