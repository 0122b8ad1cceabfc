"""``greedy``: the action with the best immediate expected points.

It reckons discovery points over the terrain supply and divination points over
the crop levels the public information leaves possible, so it also gambles on
divinations with a positive expectation, and offers as soon as an offer scores.
"""

from __future__ import annotations

from typing import Final

from pachaprint.engine.bots.base import (
    Bot,
    divination_value,
    expected_discovery,
    pick,
)
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind, LegalActions
from pachaprint.engine.rules.events import Phase
from pachaprint.engine.rules.movement import cells_of
from pachaprint.engine.rules.view import PlayerView
from pachaprint.model.rules import OFFERING_POINTS

# Enum members read in hot code, bound once: a compiled module reads a Final
# constant directly, where ``Phase.TURN`` costs a lookup through the enum's class.
_DIVINE: Final = int(Kind.DIVINE)
_ENTER: Final = int(Kind.ENTER)
_MOVE: Final = int(Kind.MOVE)
_PHASE_FINAL_OFFER: Final = Phase.FINAL_OFFER
_PHASE_OFFER: Final = Phase.OFFER


class GreedyBot(Bot):
    """Best immediate expected points; ties broken at random."""

    name = "greedy"

    def act(self, view: PlayerView | None, legal: LegalActions) -> int:
        assert view is not None
        phase = view.phase
        if phase is _PHASE_OFFER or phase is _PHASE_FINAL_OFFER:
            held = view.tokens[view.account]
            return A.offer(held) if OFFERING_POINTS[held.bit_count()] > 0 else A.PASS
        know = self.knowledge(view)
        discover = expected_discovery(view)
        terrain = view.terrain
        scored: list[tuple[float, int]] = []
        for group in legal.groups:
            kind = A.kind_of(group[0])
            values = cells_of(group[1])
            if kind in (_ENTER, _MOVE):
                scored += [
                    (discover if terrain[to] < 0 else 0.0, A.group_code(group, to)) for to in values
                ]
            elif kind == _DIVINE:
                cell = A.cell_of(group[0])
                domain = know.domains[cell] if know else A.ANY_LEVEL
                scored += [
                    (divination_value(domain, level), A.group_code(group, level))
                    for level in values
                ]
            else:
                scored += [(0.0, A.group_code(group, v)) for v in values]
        scored += [(0.0, code) for code in legal.extra]
        if A.PASS in legal:
            best = max(score for score, _ in scored)
            if best <= 0:
                return A.PASS
        return pick(self.rng, scored)
