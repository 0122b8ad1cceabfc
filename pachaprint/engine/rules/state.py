"""The game state of every mode, in the spirit of OpenSpiel: the turn, and the hooks a mode fills.

A :class:`GameState` is what changes during a play of a
:class:`~pachaprint.engine.rules.game.Game` (what does not): the
:class:`~pachaprint.engine.rules.table.Table` and whose decision it is. This
module holds the flow every mode shares; each mode
(:mod:`~pachaprint.engine.rules.modes`: competitive, solo, co-op) is a subclass,
as a python-chess variant is a ``Board`` with its flags beside its hooks: the
class says what the mode is (its name, difficulties and seats, and its rulings,
one class attribute each) and overrides the hooks where its rulings need play
of their own. The flow here reads the rulings that are switches (a pawn may be
retrieved, an end phase, every pawn divines, a turn starts by spending a tile);
the hooks are how the game is set up (:meth:`set_up`), the Explore and Divine
actions of a turn (:meth:`turn_actions`), what follows an Explore, a divination
or an offer, when a turn ends the game, and who wins. Bots and screens read a
mode's rulings from the state's class, and ask its hooks (which Otoma pawn an
arrow moves: :meth:`arrow_pawns`). Start a play with
:func:`~pachaprint.engine.rules.modes.new_game`; drive it with
:meth:`legal_actions`, :meth:`apply`, :meth:`is_terminal`,
:meth:`is_chance_node`, :meth:`chance_outcomes`, :meth:`returns` and
:meth:`outcome`; :attr:`current_player` is the seat to decide; :meth:`clone`
copies it and :meth:`view` (or :meth:`information_state`) is what a seat knows.

**Chance** is explicit: when a tile turns up the state is at a chance node
whose outcomes are the unseen tiles. The game's :attr:`deck` (the real, seeded
order of the tiles) answers it at once; without one the caller applies an
outcome (a search bot samples one from a :meth:`clone`). The hidden map is
reached only through the :attr:`wheel`; a bot sees a
:class:`~pachaprint.engine.rules.view.PlayerView`.

Decisions without a choice are taken by the state itself, never recorded: a
seat with no legal Explore nor Divine skips, one without tokens skips the
Offer, an end-phase seat without eligible pawn passes, an empty hand spends nothing.
A choice the rules leave to the players (where the Otoma start on a disc that
names no cells, which hand gives a co-op tile) is a decision of the seat to
play like any other; :meth:`rule_choice` is the rule every bot answers it by,
and a state with :attr:`by_rule` answers it so itself (an old log's game, a
search's lookahead).
"""

from __future__ import annotations

from typing import ClassVar, Final

from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules import legal
from pachaprint.engine.rules.actions import Kind, LegalActions
from pachaprint.engine.rules.config import PAWN_COLOURS, ConfigError, GameConfig, Mode, Seating
from pachaprint.engine.rules.events import Ending, EventKind, Phase
from pachaprint.engine.rules.movement import cell_count, cells_of
from pachaprint.engine.rules.table import UNKNOWN, Table
from pachaprint.engine.rules.tiles import ChanceNode
from pachaprint.engine.rules.view import PlayerView
from pachaprint.model.rules import PLAYER_COUNTS

# Enum members read in hot code, bound once: a compiled module reads a Final
# constant directly, where ``Phase.TURN`` costs a lookup through the enum's class.
_ENTER: Final = int(Kind.ENTER)
_MOVE: Final = int(Kind.MOVE)
_RETRIEVE: Final = int(Kind.RETRIEVE)
_DIVINE: Final = int(Kind.DIVINE)
_OFFER: Final = int(Kind.OFFER)
_OTOMA: Final = int(Kind.OTOMA)
_SPEND: Final = int(Kind.SPEND)
_TILE: Final = int(Kind.TILE)
_PLACE: Final = int(Kind.PLACE)
_HAND: Final = int(Kind.HAND)
_ENDING_FINISHED: Final = Ending.FINISHED
_ENDING_STALLED: Final = Ending.STALLED
_EVENT_END_PHASE: Final = EventKind.END_PHASE
_EVENT_ENTER: Final = EventKind.ENTER
_EVENT_MOVE: Final = EventKind.MOVE
_EVENT_NO_TILE: Final = EventKind.NO_TILE
_EVENT_OVER: Final = EventKind.OVER
_EVENT_PASS: Final = EventKind.PASS
_EVENT_RETRIEVE: Final = EventKind.RETRIEVE
_EVENT_SKIP: Final = EventKind.SKIP
_PHASE_CHOOSE_OTOMA: Final = Phase.CHOOSE_OTOMA
_PHASE_DIVINING: Final = Phase.DIVINING
_PHASE_END_DIVINE: Final = Phase.END_DIVINE
_PHASE_FINAL_OFFER: Final = Phase.FINAL_OFFER
_PHASE_GIVE_TILE: Final = Phase.GIVE_TILE
_PHASE_PLACE_OTOMA: Final = Phase.PLACE_OTOMA
_PHASE_OFFER: Final = Phase.OFFER
_PHASE_OVER: Final = Phase.OVER
_PHASE_SPEND: Final = Phase.SPEND
_PHASE_TURN: Final = Phase.TURN

__all__ = ["UNKNOWN", "GameState"]
_fields = A.fields


class GameState(Table):
    """A game in progress: the flow every mode shares (see the module documentation).

    The class attributes say what a mode is; each mode's class
    (:mod:`~pachaprint.engine.rules.modes`) sets those that differ from these
    defaults, and :meth:`seating_for` is its own.
    """

    mode: ClassVar[Mode]
    """The mode's name (what a configuration, a log and a report carry)."""
    title: ClassVar[str] = ""
    """The mode in a sentence's words (``the competitive game``, ``solo``, ``co-op``)."""
    heading: ClassVar[str] = ""
    """The mode as a choice of a form names it (``Solo against the Otoma``)."""
    difficulties: ClassVar[tuple[str, ...]] = ()
    """The difficulties a game of this mode may be played at, easiest first."""
    default_difficulty: ClassVar[str | None] = None
    seat_counts: ClassVar[tuple[int, ...]] = PLAYER_COUNTS
    """How many seats a game of this mode may have."""
    has_otoma: ClassVar[bool] = False
    """The seats play against the Otoma (long scenarios with five start cells only)."""
    chooses_colour: ClassVar[bool] = False
    """The seat chooses its pawn colour (solo); the other colours go to the Otoma."""
    retrieve: ClassVar[bool] = False
    """A pawn may go back to supply as the whole Explore (:meth:`turn_actions`)."""
    end_phase: ClassVar[bool] = False
    """The last terrain tile starts the end-phase divinations (:meth:`game_ends_here`);
    otherwise the game ends after that turn."""
    divine_all: ClassVar[bool] = False
    """A Divine turn divines with every eligible pawn and a mistake stops nothing
    (:meth:`after_divine`)."""
    arrows: ClassVar[bool] = False
    """An Explore ending on a tile without crop moves the Otoma pawn its arrow names
    (:meth:`arrow_pawns`, :meth:`arrow_turned_up`)."""
    spends: ClassVar[bool] = False
    """A turn starts by spending a tile from one's hand, whose arrow forces a pawn's
    first step; moves never pass a cell twice nor stop on a crop (:meth:`turn_phase`,
    :meth:`spend`, :meth:`turn_actions`)."""
    lines: ClassVar[bool] = False
    """After an Explore the Otoma in the moved pawn's row and column move away from it
    (:meth:`after_explore`, :func:`~pachaprint.engine.rules.trails.reaction_stops`)."""
    shared: ClassVar[bool] = False
    """The seats share one account; the Otoma take tokens, offer with the group and score
    the cells left without terrain (:meth:`takes_tokens`, :meth:`after_offer`,
    :meth:`after_final_offers`)."""

    def _blank(self) -> GameState:
        return GameState(self.game, copy=True)

    # -- what a mode is -------------------------------------------------------------------
    @classmethod
    def level_of(cls, config: GameConfig) -> str | None:
        """The difficulty a configuration plays: the one it names, else the mode's default."""
        return config.difficulty or cls.default_difficulty

    @classmethod
    def seating_for(cls, players: int, level: str | None, colour: str) -> Seating:
        """Who plays what in a game of ``players`` seats at ``level`` (see :class:`Seating`);
        ``colour``: the seat's pawn colour where the mode lets it choose."""
        raise NotImplementedError

    @classmethod
    def check_seats(cls, seats: int) -> int:
        """``seats`` if this mode has that many, else :class:`ConfigError` (setting ``players``)."""
        if seats not in cls.seat_counts:
            if len(cls.seat_counts) == 1:
                raise ConfigError(
                    "players", f"{cls.title} has one seat (human or a bot), not {seats}"
                )
            low, high = cls.seat_counts[0], cls.seat_counts[-1]
            raise ConfigError("players", f"{cls.title} has {low} to {high} seats, not {seats}")
        return seats

    @classmethod
    def check_difficulty(cls, difficulty: str) -> str:
        """``difficulty`` if this mode has it, else :class:`ConfigError` (setting ``difficulty``;
        a mode without difficulties: see :func:`~pachaprint.engine.rules.modes.check_difficulty`)."""
        if difficulty not in cls.difficulties:
            raise ConfigError(
                "difficulty",
                f"for {cls.mode.value} must be {', '.join(cls.difficulties)}, not {difficulty!r}",
            )
        return difficulty

    # -- the OpenSpiel-style interface ----------------------------------------------
    def legal_actions(self) -> LegalActions:
        """Legal codes for :attr:`current_player`, or the outcomes at a chance node
        (empty when the game is over). A read-only sequence of ints."""
        return self._legal

    def is_terminal(self) -> bool:
        return self.phase is _PHASE_OVER

    def is_chance_node(self) -> bool:
        """True when a tile is about to turn up and no :attr:`deck` answers it."""
        return bool(self.chance) and self.phase is not _PHASE_OVER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(code, probability)`` of every tile that may turn up now (none off a chance node)."""
        if not self.is_chance_node() or self.tiles is None:
            return []
        t = self.chance[0].terrain
        unseen = self.tiles.unseen[t]
        if not unseen:
            return []
        p = 1.0 / cell_count(unseen)
        return [(A.tile(t, i), p) for i in cells_of(unseen)]

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
            self.after_divine(seat, self.score_divination(self.account_of[seat], a, b))
        elif kind == _OFFER:
            self._offer(b)
        elif kind == _RETRIEVE:
            self.lift(seat, a)
            self.reserve[seat] += 1
            self.note(_EVENT_RETRIEVE, seat, a)
            self.to_offer(seat)
        elif kind == _TILE:
            self._turn_up(a, b)
        elif kind == _SPEND:
            self.spend(seat, b)
        elif kind == _OTOMA:
            self.choose_otoma(b)
        elif kind == _PLACE:
            self.place_otoma(a, b)
        elif kind == _HAND:
            self.give_tile(b)
        else:
            self._pass(seat)
        self._settle()

    def view(self, seat: int | None = None) -> PlayerView:
        """What ``seat`` (default: the current one) sees: a :class:`~pachaprint.engine.rules.view.PlayerView`."""
        arrows = None
        if self.arrows:
            arrows = {colour: self.arrow_pawns(colour) for colour in PAWN_COLOURS}
        return PlayerView.of(self, self.current_player if seat is None else seat, arrows)

    def refresh(self) -> None:
        """Recompute the legal actions after a setup change (positions set by hand)."""
        self._settle()

    # -- the hooks a mode overrides -------------------------------------------------------
    def set_up(self) -> None:
        """Lay the start cells' terrain and crop tiles face up (a mode adds its own setup);
        with an end phase, a board of start cells only goes straight to it."""
        for cell in self.wheel.start_cells():
            self.reveal(cell, crop=True)
        if self.end_phase and self.trigger is not None:
            self.phase = _PHASE_END_DIVINE

    def turn_actions(self, seat: int) -> LegalActions:
        """The Explore and Divine actions at the start of ``seat``'s turn."""
        side = self.side_of[seat]
        return legal.turn_actions(
            self.geo,
            self.pawn_mask[side],
            self.all_pawns,
            self.crop_mask,
            self.revealed,
            self.reserve[side] > 0,
            self.retrieve,
        )

    def after_explore(self, seat: int, cell: int, discovered: bool) -> None:
        """What follows an Explore that ended on ``cell`` (``discovered``: on a new tile)."""
        self.to_offer(seat)

    def after_divine(self, seat: int, right: bool) -> None:
        """What follows a divination: in the end phase, the next seat's (a wrong one is the
        seat's last); where every pawn divines, the next pawn's while one is left, a
        mistake stopping nothing; otherwise a right one lets the seat divine again, a
        wrong one ends the turn."""
        if self.phase is _PHASE_END_DIVINE:
            if not right:
                self.passed[seat] = True
            self.next_end_player()
        elif self.divine_all:
            if self.eligible(seat):
                self.phase = _PHASE_DIVINING
            else:
                self.to_offer(seat)
        elif right:
            self.phase = _PHASE_DIVINING
        else:
            self.end_turn()

    def may_stop_divining(self) -> bool:
        """Whether a seat that divined may pass instead of divining again."""
        return not self.divine_all

    def after_offer(self) -> None:
        """What follows an offering (nothing, but in co-op)."""

    def game_ends_here(self) -> bool:
        """At the end of a turn: True when the game is over or moves on to its end (then
        the state is set for it). Here: the turn that placed the last terrain tile starts
        the end phase, from the seat that placed it; without one, it ends the game."""
        trigger = self.trigger
        if trigger is None:
            return False
        if not self.end_phase:
            self.over()
            return True
        self.phase = _PHASE_END_DIVINE
        self.current_player = trigger
        self.note(_EVENT_END_PHASE, trigger)
        if self.passed[trigger]:
            self.next_end_player()
        return True

    def turn_phase(self) -> Phase:
        """The decision a turn starts with: spending a tile where the mode has it."""
        return _PHASE_SPEND if self.spends else _PHASE_TURN

    def after_final_offers(self) -> None:
        """What follows the final offers, before the game is over (nothing, but in co-op)."""

    def arrow_turned_up(self, cell: int) -> None:
        """The tile of a cell a player discovered has turned up (solo: its arrow acts)."""

    def chooses_otoma(self) -> bool:
        """Whether an own-colour arrow lets the player choose the Otoma pawn it moves (hard
        solo; see :meth:`arrow_pawns`)."""
        return False

    def arrow_pawns(self, colour: str) -> tuple[int, ...]:
        """The Otoma pawns an arrow of ``colour`` moves when an Explore ends on its tile, a
        tile without crop: none (solo: see there); more than one, the player chooses."""
        return ()

    def sealed(self) -> bool:
        """At the start of a turn: True when no Explore can ever reveal a tile again (solo;
        see :meth:`close`). Nowhere else: every competitive player may take pawns back and
        enter them anywhere, and a co-op game ends when the hands are empty, whatever
        is left without terrain."""
        return False

    def close(self, seat: int) -> None:
        """The game moves to its end because no tile can be revealed any more (solo)."""
        raise ValueError("this mode never closes early")

    def arrow_reveals(self, cell: int) -> bool:
        """Whether an Explore ending on ``cell``, a tile without crop, makes the Otoma
        reveal a tile (solo: the tile's arrow moves a pawn that finds one)."""
        return False

    def stall(self, seat: int) -> None:
        """No seat could act in a whole round: the game stops."""
        self.phase, self.ending = _PHASE_OVER, _ENDING_STALLED

    def spend(self, seat: int, terrain: int) -> None:
        """Co-op: the seat spends a tile (no other mode has this action)."""
        raise ValueError("this mode has no tiles to spend")

    def choose_otoma(self, pawn: int) -> None:
        """Hard solo: the Otoma pawn an own-colour arrow moves (no other mode has this action)."""
        raise ValueError("this mode has no Otoma pawn to choose")

    def place_otoma(self, pawn: int, cell: int) -> None:
        """Against the Otoma, on a disc that names no Otoma start cells: the players place
        an Otoma pawn (no other mode has this action)."""
        raise ValueError("this mode has no Otoma pawn to place")

    def give_tile(self, seat: int) -> None:
        """Co-op: the hand of ``seat`` gives the tile of the group's discovery (no other mode
        has this action)."""
        raise ValueError("this mode has no hands to take a tile from")

    def choices(self) -> LegalActions:
        """The legal actions of a decision the rules leave to the players' agreement
        (where the Otoma start, which hand gives a tile), or none."""
        return A.NO_ACTIONS

    def rule_choice(self) -> int | None:
        """The bots' choice at a decision the rules leave to the players (see the mode's
        rule), ``None`` at any other decision. A bot makes these choices so; a state with
        :attr:`by_rule` makes them itself."""
        return None

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
            self.note(_EVENT_ENTER, seat, to)
        else:
            self.note(_EVENT_MOVE, seat, to, frm)
        discovered = not self.revealed >> to & 1
        if discovered:
            self.discover(self.account_of[seat], to, react=True)
        self.after_explore(seat, to, discovered)

    def _turn_up(self, terrain: int, index: int) -> None:
        """A chance outcome: the unseen tile ``index`` of ``terrain`` turns up where the node says."""
        tiles = self.tiles
        assert tiles is not None
        node: ChanceNode = self.chance.pop(0)
        tile = tiles.box[terrain][index]
        tiles.unseen[terrain] &= ~(1 << index)
        if node.seat >= 0:
            tiles.tops[node.seat][terrain] = tile
            return
        tiles.tile_at[node.cell] = tile
        if node.react:
            self.arrow_turned_up(node.cell)

    def _offer(self, mask: int) -> None:
        self.offer(self.account_of[self.current_player], mask)
        self.after_offer()
        if self.phase is _PHASE_FINAL_OFFER:
            self.next_final_offer()
        else:
            self.end_turn()

    def _pass(self, seat: int) -> None:
        phase = self.phase
        if phase is _PHASE_SPEND:  # forced: an empty hand spends nothing
            assert self.tiles is not None
            self.note(_EVENT_NO_TILE, seat)
            self.tiles.arrow = None
            self.phase = _PHASE_TURN
            return
        self.note(_EVENT_PASS, seat)
        if phase is _PHASE_DIVINING:
            self.to_offer(seat)
        elif phase is _PHASE_OFFER:
            self.end_turn()
        elif phase is _PHASE_END_DIVINE:
            self.passed[seat] = True
            self.next_end_player()
        elif phase is _PHASE_FINAL_OFFER:
            self.next_final_offer()

    def to_offer(self, seat: int) -> None:
        """The optional Offer step; skipped at once without tokens."""
        if self.tokens[self.account_of[seat]]:
            self.phase = _PHASE_OFFER
        else:
            self.end_turn()

    def end_turn(self) -> None:
        if self.game_ends_here():
            return
        self.current_player = (self.current_player + 1) % self.players
        self.phase = self.turn_phase()
        self.turn += 1

    def next_end_player(self) -> None:
        """The end phase goes on with the next seat that has not passed, or to the final offers."""
        self.end_turns += 1
        n = self.players
        for step in range(1, n + 1):
            q = (self.current_player + step) % n
            if not self.passed[q]:
                self.current_player = q
                self.phase = _PHASE_END_DIVINE
                return
        self.phase = _PHASE_FINAL_OFFER
        self.current_player = self.trigger if self.trigger is not None else self.first_player
        self._final_left = n

    def final_offers(self, seats: int) -> None:
        """The last offers of ``seats`` seats, from the current one on."""
        self.phase = _PHASE_FINAL_OFFER
        self._final_left = seats

    def next_final_offer(self) -> None:
        self._final_left -= 1
        if self._final_left > 0:
            self.current_player = (self.current_player + 1) % self.players
            return
        self.after_final_offers()
        self.over()

    def over(self, ending: Ending = _ENDING_FINISHED) -> None:
        self.phase = _PHASE_OVER
        self.ending = ending
        self.note(_EVENT_OVER, -1)

    # -- legal actions and forced decisions ------------------------------------------------
    def decision_actions(self) -> LegalActions:
        """The legal actions of the decision at hand (empty for a decision without a choice)."""
        phase, seat = self.phase, self.current_player
        if phase is _PHASE_TURN:
            return self.turn_actions(seat)
        if phase is _PHASE_DIVINING or phase is _PHASE_END_DIVINE:
            return legal.divinations(self.eligible(seat), self.may_stop_divining())
        if phase is _PHASE_OFFER or phase is _PHASE_FINAL_OFFER:
            return legal.offers(self.tokens[self.account_of[seat]])
        if phase is _PHASE_SPEND:
            assert self.tiles is not None
            return legal.spending(self.tiles.hands[seat])
        if phase is _PHASE_CHOOSE_OTOMA:
            assert self.otoma is not None
            return legal.otoma_choices(len(self.otoma.pawns))
        if phase is _PHASE_PLACE_OTOMA or phase is _PHASE_GIVE_TILE:
            return self.choices()
        return A.NO_ACTIONS

    def _settle(self) -> None:
        """Turn up tiles the deck answers, take every forced decision, then cache the
        legal actions of the next real one (or of a chance node)."""
        while True:
            phase = self.phase
            if phase is _PHASE_OVER:
                self.chance.clear()  # tiles nobody will look at
                self._legal = A.NO_ACTIONS
                return
            if self.chance:
                tiles = self.tiles
                assert tiles is not None
                t = self.chance[0].terrain
                if self.deck is None:
                    self._legal = LegalActions([(A.base(_TILE, t), tiles.unseen[t], 0)], [])
                    return
                index = self.deck.outcome(self.chance[0], tiles.box[t], tiles.unseen[t])
                self.history.append(A.tile(t, index))
                self._turn_up(t, index)
                continue
            seat = self.current_player
            if phase is not _PHASE_TURN:
                found = self.decision_actions()
                if found:
                    self._legal = found
                    return
                self._pass(seat)
                continue
            if self.sealed():  # no tile can ever be revealed: the end (see close)
                self.close(seat)
                continue
            found = self.turn_actions(seat)
            if found:
                self._skips_in_row = 0
                self._legal = found
                return
            self.skips += 1
            self._skips_in_row += 1
            self.note(_EVENT_SKIP, seat)
            if self._skips_in_row > self.players:
                self.stall(seat)
                continue
            self.end_turn()
