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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from pachaprint.engine import actions as A
from pachaprint.engine.actions import Kind
from pachaprint.engine.bots.belief import Belief
from pachaprint.engine.bots.evaluate import Evaluator
from pachaprint.engine.events import Phase
from pachaprint.engine.state import GameState


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


class Model(Protocol):
    """How the search plays a branch (see the module documentation)."""

    def outcomes(self, state: GameState, action: int) -> list[tuple[float, GameState]]:
        """The tables ``action`` may lead to, with their probabilities (a copy each)."""
        ...

    def belief(self, state: GameState) -> Belief:
        """What the seat would believe at ``state`` (for the evaluation)."""
        ...


Prior = Callable[[GameState, Belief], list[tuple[float, int]]]
"""Quick scores of the legal actions of a decision, best first: which to search."""


class TurnSearch:
    """Chooses ``seat``'s actions by expectimax to the end of its turn (module documentation)."""

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
        self.nodes = 0
        """Tables evaluated so far (the work done, for benchmarks)."""

    def choose(self, state: GameState) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self._turn = (state.current_player, state.turn, state.end_turns)
        belief = self.model.belief(state)
        scored = self.prior(state, belief)[: self.budget.width]
        if len(scored) == 1:
            return scored[0][1]
        best, choices = float("-inf"), []
        for _, action in scored:
            value = self._q(state, action, self.budget.depth)
            if value > best + 1e-9:
                best, choices = value, [action]
            elif value > best - 1e-9:
                choices.append(action)
        return choices[0] if len(choices) == 1 else choices[self.rng.randrange(len(choices))]

    def _q(self, state: GameState, action: int, depth: int) -> float:
        return sum(p * self._v(child, depth - 1) for p, child in self.model.outcomes(state, action))

    def _v(self, state: GameState, depth: int) -> float:
        if depth <= 0 or self._over(state):
            self.nodes += 1
            return self.evaluator.value(state, self.model.belief(state))
        legal = state.legal_actions()
        if len(legal) == 1:
            return self._q(state, legal[0], depth)
        scored = self.prior(state, self.model.belief(state))[: self.budget.inner]
        return max(self._q(state, action, depth) for _, action in scored)

    def _over(self, state: GameState) -> bool:
        """True once the seat's turn is over (or the game)."""
        if state.is_terminal() or state.is_chance_node():
            return True
        return (state.current_player, state.turn, state.end_turns) != self._turn


def turn_phase(state: GameState) -> bool:
    """True at the start of a turn (Explore or Divine; co-op: spend first)."""
    return state.phase is Phase.TURN or state.phase is Phase.SPEND


def is_explore(code: int) -> bool:
    kind = A.kind_of(code)
    return kind == Kind.ENTER or kind == Kind.MOVE
