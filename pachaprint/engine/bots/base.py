"""What every bot shares: the interface, the uniform random bot, and the reckoning of points.

A bot sees a :class:`~pachaprint.engine.rules.view.PlayerView` (public information
only) and the legal actions, and returns one of them. Each bot owns a
``random.Random`` handed over by whoever runs the game, so one seed fixes
every choice.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Sequence
from typing import Final, NamedTuple

from pachaprint.engine.bots.logic import Inconsistent, Knowledge, analyse
from pachaprint.engine.bots.repeats import Positions
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind, LegalActions
from pachaprint.engine.rules.state import GameState
from pachaprint.engine.rules.view import PlayerView
from pachaprint.model.rules import DIVERSITY_TOP_LEVEL

# Enum members read in hot code, bound once: a compiled module reads a Final
# constant directly, where ``Phase.TURN`` costs a lookup through the enum's class.
_DIVINE: Final = int(Kind.DIVINE)

KNOWN: Final = 128
"""Tables whose knowledge a bot remembers (the latest)."""


class Bot:
    """Base class: ``decide(state) -> action code``; most bots only need ``act(view, legal)``.

    ``proved`` counts divinations the bot made after proving the crop,
    ``guessed`` those it made without a proof (bots that prove crops count them);
    :meth:`proofs_known` is how many crops it proved during the game;
    :attr:`divinations` lists every divination it made, proven or not, forced or not.
    """

    name = "bot"
    needs_view = True
    """False for bots that decide without looking (drivers then skip building a view)."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.proved = 0
        self.guessed = 0
        self.divinations: list[Divination] = []
        """Every divination the bot made, in order."""
        self.positions = Positions()
        """Positions met since the last progress (a bot never walks back to one)."""
        self._known: OrderedDict[tuple[object, ...], Knowledge | None] = OrderedDict()

    def decide(self, state: GameState) -> int:
        """The action of the seat to play in ``state``: what drivers call (:meth:`pick`
        chooses it; a divination is noted in :attr:`divinations`). A choice the rules leave
        to the players' agreement (where the Otoma start, which hand gives a co-op tile)
        every bot makes by the rules' stated rule (:meth:`GameState.rule_choice`)."""
        agreed = state.rule_choice()
        if agreed is not None:
            return agreed
        proved = self.proved
        code = self.pick(state)
        if A.kind_of(code) == _DIVINE:
            legal = state.legal_actions()
            forced = not legal.extra and all(A.kind_of(g[0]) == _DIVINE for g in legal.groups)
            self.divinations.append(Divination(code, self.proved > proved, forced))
        return code

    def pick(self, state: GameState) -> int:
        """The bot's choice at ``state``.

        This base version shows the bot only the seat's :class:`PlayerView` and the
        legal actions (:meth:`act`), less the Explores back to a position met since
        the last progress (:class:`~pachaprint.engine.bots.repeats.Positions`). A
        search bot overrides it to play on from the state: the ``expert`` only ever
        looks at ``state.information_state()`` (what the players know), the
        ``oracle-cheat`` at the real game.
        """
        legal = self.positions.fresh(state, state.legal_actions())
        code = self.act(state.view() if self.needs_view else None, legal)
        self.positions.chose(state, code)
        return code

    def act(self, view: PlayerView | None, legal: LegalActions) -> int:
        raise NotImplementedError

    def proofs_known(self) -> int:
        return 0

    def knowledge(self, view: PlayerView) -> Knowledge | None:
        """The sound knowledge of a view's table (``None`` if the table breaks the rules),
        remembered for the latest :data:`KNOWN` tables."""
        key = (view.terrain, view.crop, view.supply)
        known = self._known
        if key in known:
            known.move_to_end(key)
            return known[key]
        try:
            found: Knowledge | None = analyse(view.geo, view.terrain, view.crop, view.supply)
        except Inconsistent:
            found = None
        known[key] = found
        if len(known) > KNOWN:
            known.popitem(last=False)
        return found


class Divination(NamedTuple):
    """A divination a bot made: its action code, whether the bot had proved the crop,
    and whether the rules forced it (every legal action was a divination: in solo a
    Divine turn divines with every pawn, or nothing else was left)."""

    code: int
    proven: bool
    forced: bool

    def wrong(self, crops: Sequence[int]) -> bool:
        """Whether the level named was not the crop (``crops``: the table's, once placed)."""
        return crops[A.cell_of(self.code)] != A.to_of(self.code)


class RandomBot(Bot):
    """A uniform legal action."""

    name = "random"
    needs_view = False

    def act(self, view: PlayerView | None, legal: LegalActions) -> int:
        return legal[self.rng.randrange(len(legal))]


def discovery_points(stones: Sequence[int], terrain: int) -> int:
    """Points a discovery of ``terrain`` would score with these diversity stones."""
    level = stones[terrain]
    if level >= DIVERSITY_TOP_LEVEL:
        return 1
    return 1 + sum(1 for t, s in enumerate(stones) if t != terrain and s == level + 1)


def diversity_gain(stones: Sequence[int], supply: Sequence[int]) -> float:
    """Expected diversity points of one discovery with ``stones``, over the terrain ``supply``."""
    total = sum(supply)
    if not total:
        return 0.0
    return (
        sum(count * discovery_points(stones, t) for t, count in enumerate(supply) if count) / total
    )


def expected_discovery(view: PlayerView) -> float:
    """Expected discovery points of the viewer's account for a hidden cell, over the terrain supply."""
    return diversity_gain(view.stones[view.account], view.supply)


def divination_value(domain: int, level: int) -> float:
    """Expected points of naming ``level`` when the crop is uniform over ``domain``."""
    levels = [v for v in range(1, 6) if domain >> v & 1]
    if not levels:
        return 0.0
    gain = level if level in levels else 0
    loss = sum(v for v in levels if v != level)
    return (gain - loss) / len(levels)


def pick(rng: random.Random, scored: list[tuple[float, int]]) -> int:
    """The best-scored code; ties broken at random (no draw when there is one best)."""
    best = max(score for score, _ in scored)
    choices = [code for score, code in scored if score >= best - 1e-9]
    return choices[rng.randrange(len(choices))] if len(choices) > 1 else choices[0]
