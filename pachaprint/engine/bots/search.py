"""Expectimax over the rest of a turn: the search behind ``expert`` and ``oracle-cheat``.

At each decision the search weighs its candidate actions by the value of the
table at the end of the seat's turn (:mod:`~pachaprint.engine.bots.evaluate`),
in expectation over what the action may reveal:

* the **decisions** left in the turn (divine again or stop, offer or keep the
  tokens, which Otoma pawn an own-colour arrow moves) are searched too, up to
  :attr:`Budget.depth` decisions, each over its :attr:`Budget.inner` best
  candidates;
* the **chance** an action meets first is enumerated with its probabilities
  (the terrain a discovery reveals, the crop a divination reveals); later
  chance (the arrow of a tile, what an Otoma pawn finds) is drawn in
  :attr:`Budget.samples` worlds, the same worlds for every candidate (common
  random numbers, so candidates are compared on equal luck).

A :class:`Model` says how a branch is played: from public information
(:class:`~pachaprint.engine.bots.expert.PublicModel`: an information state
whose hidden cells are drawn from the belief) or from the real game
(:class:`~pachaprint.engine.bots.cheat.TrueModel`).

Every action in a branch is decided at a state that holds only what the seat
would know then (the outcomes drawn so far are on its table, nothing more is),
so the search never plans on hidden facts: no strategy fusion. The work is
counted in decisions and worlds, never in seconds, so a seed gives the same
game on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

import pachaprint.engine.bots.prior as priors
from pachaprint.engine.bots.base import Bot
from pachaprint.engine.bots.belief import Belief
from pachaprint.engine.bots.evaluate import DEFAULT_WEIGHTS, Evaluator, Weights
from pachaprint.engine.bots.repeats import Position, position, progress
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import LegalActions
from pachaprint.engine.rules.events import Phase
from pachaprint.engine.rules.state import GameState
from pachaprint.engine.rules.view import PlayerView
from pachaprint.model.rules import OFFERING_POINTS

# Enum members read in hot code, bound once: a compiled module reads a Final
# constant directly, where ``Phase.TURN`` costs a lookup through the enum's class.
_PHASE_DIVINING: Final = Phase.DIVINING
_PHASE_FINAL_OFFER: Final = Phase.FINAL_OFFER
_PHASE_SPEND: Final = Phase.SPEND
_PHASE_TURN: Final = Phase.TURN


@dataclass(frozen=True)
class Budget:
    """The work one decision may take (counted in candidates and worlds, never in time)."""

    width: int = 6
    """Candidates searched in full at the decision taken."""
    inner: int = 3
    """Candidates searched at each later decision of the same turn."""
    depth: int = 4
    """Decisions of the turn looked ahead (the first included)."""
    samples: int = 2
    """Worlds drawn for the chance an action does not enumerate."""
    spread: int = 2
    """Decisions of the turn (the first included) whose first chance is enumerated;
    later ones draw it in their world."""
    setups: int = 2
    """Solo: candidates at the decision taken that only set up a later turn."""
    stall: float = 0.25
    """Solo: what a turn that changes nothing on the table costs (see :class:`TurnSearch`)."""
    idle: float = 3.0
    """Co-op: what a turn that changes nothing on the table costs (its tile is spent).
    With the exact crop odds, 3 against 2: easy 59.5 % [56-63] against 53.5 % of 600
    held-out games (seed 2; chosen on seed 1 among 2, 3, 4 and 6), normal 26.0 % against
    26.3 % (``benchmarks/bench_expert.py``)."""
    exact: bool = False
    """Crop odds from every solution around a cell, weighed by how likely its regions are
    (:class:`~pachaprint.engine.bots.belief.Refinements`), where they are few enough to
    list; else (and with ``False``) from sampled solutions. Against the Otoma
    (:meth:`for_mode`) guesses come out as often right as the odds say
    (``benchmarks/calibrate_expert.py``, co-op easy: 47.7 % right where the odds said
    46.7 %; sampled, 33.8 % where they said 42.4 %)."""

    @classmethod
    def for_mode(cls, rules: type[GameState]) -> Budget:
        """The budget the search bots play a mode with, from its rulings (its class), as
        ``benchmarks/bench_bots.py`` measured it (same strength, less work): head to head,
        2 candidates at the later decisions of a turn are as strong as 3; against the
        Otoma one world is enough (in solo the only chance a turn draws after its first is
        where the Otoma's arrows point; in co-op one world and 2 later candidates win as
        often as two worlds and 3, 22.5 % of the same 200 two-seat games on normal, for
        37 % of the work); where every pawn divines (solo), one set-up candidate,
        searching the turn after it, is as strong as two.

        Where every pawn divines, 14 candidates at the decision taken, not 6
        (``benchmarks/bench_expert.py``, 150 games a line over the 15 shipped long discs,
        the same seeds): solo easy 50.0 % against 28.0 %, hard 22.0 % against 8.7 %. In
        solo a turn's first choice decides most (one Explore, then the Otoma react);
        the wider choice did not help co-op (39.3 % against 41.3 % on easy).

        Against the Otoma, exact crop odds (:attr:`exact`): on 300 solo and 600 co-op
        games a line (held-out seeds, interleaved), solo easy 61.3 % against 47.7 %, hard
        27.3 % against 22.3 %, co-op easy 53.5 % against 43.5 %, normal 26.3 % against
        20.2 %, at the same CPU or 0.02 s more. Not in the competitive game: against the
        logician 88.2 % against 90.6 % of 400 games, at three times the CPU (its tables
        hold many more undecided crops)."""
        default = cls()
        return cls(
            width=SOLO_WIDTH if rules.divine_all else default.width,
            inner=2,
            samples=1 if rules.has_otoma else default.samples,
            setups=1 if rules.divine_all else default.setups,
            exact=rules.has_otoma,
        )


SOLO_WIDTH: Final = 14
"""Candidates at the decision taken where every pawn divines (see :meth:`Budget.for_mode`)."""


class Model(Protocol):
    """How the search plays a branch (see the module documentation)."""

    def outcomes(
        self, state: GameState, action: int, worlds: Sequence[int], spread: bool, depth: int
    ) -> list[tuple[float, GameState, int]]:
        """The tables ``action`` may lead to, ``(probability, table, world)``, a copy each:
        in each of ``worlds``, every outcome of the action's own chance if ``spread``,
        else one drawn in that world. ``depth`` tells the draws of one decision apart."""
        ...

    def belief(self, state: GameState) -> Belief:
        """What the seat would believe at ``state`` (for the evaluation)."""
        ...


class Prior(Protocol):
    """The candidates of a decision, best first (see :class:`~pachaprint.engine.bots.prior.Prior`)."""

    def __call__(
        self,
        state: GameState,
        belief: Belief,
        width: int,
        setups: int,
        legal: LegalActions | None = None,
    ) -> list[int]: ...


class TurnSearch:
    """Chooses ``seat``'s actions by expectimax to the end of its turn (module documentation).

    In solo nothing moves the game on but the player's discoveries and
    divinations: a turn that changes nothing on the table (a pawn moved from
    crop to crop, or onto its own arrow) is worth only what the best turn after
    it is worth, less :attr:`Budget.stall`, so the player repositions only to
    gain, and never dawdles for ever. In co-op such a turn still spends a tile:
    it costs :attr:`Budget.idle`.
    """

    def __init__(
        self,
        seat: int,
        model: Model,
        evaluator: Evaluator,
        prior: Prior,
        budget: Budget,
        rng: random.Random,
    ):
        self.seat, self.model, self.evaluator = seat, model, evaluator
        self.prior, self.budget, self.rng = prior, budget, rng
        self._turn = (0, 0, 0)
        self._table = (0, 0)
        self._nested = False
        self._setups: dict[tuple[Position, tuple[object, ...], int], float] = {}
        self.nodes = 0
        """Tables evaluated so far (the work done, for benchmarks)."""

    def choose(
        self,
        state: GameState,
        setups: int | None = None,
        legal: LegalActions | None = None,
        start: tuple[int, int] | None = None,
    ) -> int:
        """The action to take among ``legal`` (by default every legal action); ``setups``
        overrides :attr:`Budget.setups` (a :class:`StallGuard` takes them away from a
        player who has dawdled); ``start``: the table (revealed, crop masks) when the
        seat's turn began, if this decision comes later in the turn (a turn that
        discovered or divined before it has changed the table, whatever is chosen now)."""
        legal = state.legal_actions() if legal is None else legal
        if len(legal) == 1:
            return legal[0]
        self._turn = (state.current_player, state.turn, state.end_turns)
        self._table = (state.revealed, state.crop_mask) if start is None else start
        self._nested = False
        self._setups = {}
        belief = self.model.belief(state)
        setups = self.budget.setups if setups is None else setups
        scored = self.prior(state, belief, self.budget.width, setups, legal)
        # Every candidate the next turn would weigh is weighed now too: a set-up's
        # value is the best next turn, and a move that turn would find must not be
        # put off turn after turn because the set-ups took its place here.
        later = self.prior(state, belief, self._inner(state), 0, legal)
        scored += [code for code in later if code not in scored]
        if len(scored) == 1:
            return scored[0]
        worlds = range(self.budget.samples)
        values = [self._q(state, action, self.budget.depth, worlds) for action in scored]
        best, choices = float("-inf"), [scored[0]]
        for action, value in zip(scored, values, strict=True):
            if value > best + 1e-9:
                best, choices = value, [action]
            elif value > best - 1e-9 and value > float("-inf"):
                choices.append(action)
        return choices[0] if len(choices) == 1 else choices[self.rng.randrange(len(choices))]

    def _q(self, state: GameState, action: int, depth: int, worlds: Sequence[int]) -> float:
        """Expected value of ``action``: its first chance enumerated in the first
        :attr:`Budget.spread` decisions of the turn, drawn in each world after."""
        spread = depth > self.budget.depth - self.budget.spread
        total = 0.0
        for p, child, world in self.model.outcomes(state, action, worlds, spread, depth):
            total += p * self._v(child, depth - 1, world)
        return total

    def _v(self, state: GameState, depth: int, world: int) -> float:
        if self._over(state):
            if self._stalled(state):
                if state.spends:  # co-op: the turn's tile is spent for nothing
                    self.nodes += 1
                    value = self.evaluator.value(state, self.model.belief(state))
                    return value - self.budget.idle
                if self._nested:  # solo: dawdling twice in a row is never the plan
                    return float("-inf")
                return self._after_setup(state, world) - self.budget.stall
            self.nodes += 1
            return self.evaluator.value(state, self.model.belief(state))
        if depth <= 0:
            self.nodes += 1
            return self.evaluator.value(state, self.model.belief(state))
        legal = state.legal_actions()
        if len(legal) == 1:
            return self._q(state, legal[0], depth, (world,))
        width = self._inner(state)
        setups = 0 if self._nested else min(1, self.budget.setups)
        scored = self.prior(state, self.model.belief(state), width, setups)
        # the best value as max() finds it (the first of equal ones), in a loop: compiled,
        # a generator handed to max is a call into the interpreter at every node
        best = self._q(state, scored[0], depth, (world,))
        for k in range(1, len(scored)):
            value = self._q(state, scored[k], depth, (world,))
            if value > best:
                best = value
        return best

    def _inner(self, state: GameState) -> int:
        """Candidates at a later decision of the turn: solo divinations are all made anyway
        (the best level of the likeliest cell is enough)."""
        if state.phase is _PHASE_DIVINING and state.divine_all:
            return 1
        return self.budget.inner

    def _stalled(self, state: GameState) -> bool:
        """Against the Otoma: True when the turn just searched left the table as it found it."""
        return (
            state.otoma is not None
            and not state.is_terminal()
            and (state.revealed, state.crop_mask) == self._table
        )

    def _after_setup(self, state: GameState, world: int) -> float:
        """The value of the turn after a set-up in ``world`` (searched once: several
        paths of the turn may set up the same table)."""
        key = (position(state), progress(state), world)
        found = self._setups.get(key)
        if found is None:
            found = self._setups[key] = self._next_turn(state, world)
        return found

    def _next_turn(self, state: GameState, world: int) -> float:
        """The value of the best next turn (searched once: a stall after a stall is a leaf)."""
        turn, self._turn = self._turn, (state.current_player, state.turn, state.end_turns)
        self._nested = True
        try:
            return self._v(state, self.budget.depth, world)
        finally:
            self._turn, self._nested = turn, False

    def _over(self, state: GameState) -> bool:
        """True once the seat's turn is over (or the game)."""
        if state.is_terminal() or state.is_chance_node():
            return True
        return (state.current_player, state.turn, state.end_turns) != self._turn


class StallGuard:
    """Against the Otoma, a turn that changes nothing on the table is legal and the
    Otoma do not move, so a search that always finds "set up now, act next turn"
    the better plan would never act. The guard counts a seat's turns in a row that
    began on the same table; after :attr:`patience` of them the seat's next turn
    weighs no set-up, only moves that change the table and divinations."""

    def __init__(self, patience: int = 2):
        self.patience = patience
        self._table: tuple[int, int] | None = None
        self._turn = -1
        self._quiet = 0

    def setups(self, state: GameState, budget: Budget) -> int:
        """The set-ups the search may weigh at ``state``."""
        if state.otoma is None or not turn_phase(state):
            return budget.setups
        if state.turn != self._turn:
            table = (state.revealed, state.crop_mask)
            self._quiet = self._quiet + 1 if table == self._table else 0
            self._table, self._turn = table, state.turn
        return 0 if self._quiet >= self.patience else budget.setups


class SearchBot(Bot):
    """What the search bots share: a budget, the evaluation's weights, a stall guard,
    and a count of the work done. They read the game state (``decide``), not a view."""

    def __init__(
        self,
        rng: random.Random,
        budget: Budget | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
    ):
        super().__init__(rng)
        self.budget = budget or Budget()
        self.weights = weights
        self.guard = StallGuard()
        self._turn = (-1, -1, -1)
        self._start = (0, 0)
        """The table when the seat's current turn began (see :meth:`TurnSearch.choose`)."""
        self.nodes = 0
        """Tables evaluated by all searches so far (the work done)."""

    def decide(self, state: GameState) -> int:
        turn = (state.current_player, state.turn, state.end_turns)
        # the seat's turn begins (or began before the bot was asked: an undo, a loaded
        # game): note the table it begins with
        if turn_phase(state) or turn != self._turn:
            self._turn, self._start = turn, (state.revealed, state.crop_mask)
        return super().decide(state)

    def act(self, view: PlayerView | None, legal: LegalActions) -> int:
        raise TypeError(f"the {self.name} searches from the game state: call decide(state)")

    def forced(self, state: GameState) -> int | None:
        """The decisions that need no search, else ``None``: the final offer (every
        token held, when they score) and a decision with one legal action."""
        if state.phase is _PHASE_FINAL_OFFER:
            held = state.tokens[state.account_of[state.current_player]]
            return A.offer(held) if OFFERING_POINTS[held.bit_count()] > 0 else A.PASS
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def search(self, state: GameState, model: Model) -> int:
        """The action a :class:`TurnSearch` through ``model`` chooses at ``state``."""
        seat = state.current_player
        search = TurnSearch(
            seat,
            model,
            Evaluator(seat, self.weights),
            priors.Prior(self.weights),
            self.budget,
            self.rng,
        )
        legal = self.positions.fresh(state, state.legal_actions())
        code = search.choose(state, self.guard.setups(state, self.budget), legal, self._start)
        self.positions.chose(state, code)
        self.nodes += search.nodes
        return code


def turn_phase(state: GameState) -> bool:
    """True at the start of a turn (Explore or Divine; co-op: spend first)."""
    return state.phase is _PHASE_TURN or state.phase is _PHASE_SPEND
