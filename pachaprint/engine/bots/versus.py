"""Playing against the Otoma (solo and co-op): the competitive bots, aware of the Otoma.

:class:`VersusBot` wraps ``greedy`` or ``logician`` (``random`` stays uniform
over the legal actions, which already include the new decisions). The base bot
keeps its own divination and offering policy and gains what the new modes need:

* Explore choices weigh the bot's own expected gain (discovery points, a crop
  it can prove) against the **Otoma's expected gain** the Explore provokes: in
  solo, the arrow under the end cell (known for a tile already placed, one in
  six per colour for a tile still in its stack); in co-op, the Otoma in the end
  cell's row and column. An Otoma pawn that would find no cell without terrain
  costs nothing.
* Solo, hard, own-colour arrow: move the Otoma pawn whose move gains them least.
* Solo divination must go on with every pawn: an unproven crop is named with the
  best expectation.
* Co-op: spend the tile whose arrow opens the best Explore; offer only when the
  group gains more than the Otoma's forced offer gives them.

Everything is computed from the player's view (public information only); what
the mode's rules are (which pawn an arrow moves, whether every pawn divines, who
offers with whom) the bot reads from the mode's class and the view, never from
the mode's name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from pachaprint.engine.bots.base import (
    Bot,
    diversity_gain,
    divination_value,
    expected_discovery,
)
from pachaprint.engine.bots.logic import Knowledge
from pachaprint.engine.bots.logician import LogicianBot
from pachaprint.engine.bots.proofs import prove
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind, LegalActions
from pachaprint.engine.rules.events import Phase
from pachaprint.engine.rules.movement import (
    Direction,
    cells_of,
    coop_enter_ends,
    coop_move_ends,
)
from pachaprint.engine.rules.state import GameState
from pachaprint.engine.rules.trails import otoma_stop, reaction_stops
from pachaprint.engine.rules.view import PlayerView, TileView
from pachaprint.model.rules import CROP_LEVELS, OFFERING_POINTS

# Enum members read in hot code, bound once: a compiled module reads a Final
# constant directly, where ``Phase.TURN`` costs a lookup through the enum's class.
_DIVINE: Final = int(Kind.DIVINE)
_ENTER: Final = int(Kind.ENTER)
_MOVE: Final = int(Kind.MOVE)
_PHASE_CHOOSE_OTOMA: Final = Phase.CHOOSE_OTOMA
_PHASE_DIVINING: Final = Phase.DIVINING
_PHASE_FINAL_OFFER: Final = Phase.FINAL_OFFER
_PHASE_OFFER: Final = Phase.OFFER
_PHASE_SPEND: Final = Phase.SPEND
_PHASE_TURN: Final = Phase.TURN

MEAN_CROP: Final = sum(CROP_LEVELS) / len(CROP_LEVELS)
"""The bots' estimate of an unknown crop level."""
OTOMA_WEIGHT: Final = 0.5
"""How much of the Otoma's expected gain an Explore is charged with: every hidden
cell gets revealed by someone before the end, so only part of it is really lost."""
TOKEN_VALUE: Final = 0.5
"""The bots' estimate of an offering token taken by the Otoma (co-op)."""
STALL: Final = 1.0
"""The cost of an Explore that reveals nothing; it grows with every turn in a row
in which no tile was placed, so a bot never dawdles for ever."""


class VersusBot(Bot):
    """A competitive bot playing solo or co-op against the Otoma (see the module documentation)."""

    def __init__(self, base: Bot, rng: random.Random, rules: type[GameState]):
        super().__init__(rng)
        self.base = base
        self.rules = rules
        """The mode's class: its rulings decide what the bot weighs."""
        self.name = base.name
        self.proves = isinstance(base, LogicianBot)
        self.idle = 0
        """Turns in a row that placed no tile (counted at the bot's turn starts)."""
        self._progress = -1
        self._gains_view: PlayerView | None = None
        self._gains: dict[int, float] = {}

    def proofs_known(self) -> int:
        return self.base.proofs_known()

    def knowledge(self, view: PlayerView) -> Knowledge | None:
        return self.base.knowledge(view)

    # -- shared reckoning -----------------------------------------------------------------
    def _gains_of(self, view: PlayerView) -> dict[int, float]:
        """The Otoma gains reckoned on this view so far (one decision weighs many moves)."""
        if view is not self._gains_view:
            self._gains_view, self._gains = view, {}
        return self._gains

    def _stop_gain(self, view: PlayerView, stop: int | None) -> float:
        """Expected Otoma points of a discovery on ``stop``, over the terrains it may still hold."""
        if stop is None:
            return 0.0
        gains = self._gains_of(view)
        gain = gains.get(stop)
        if gain is None:
            know = self.knowledge(view)
            supply = list(view.supply)
            if know is not None:
                narrowed = [
                    count if know.possible[t] >> stop & 1 else 0 for t, count in enumerate(supply)
                ]
                if any(narrowed):
                    supply = narrowed
            gain = gains[stop] = diversity_gain(view.stones[view.otoma_account], supply) + MEAN_CROP
        return gain

    def _solo_cost(self, view: PlayerView, tiles: TileView, to: int) -> float:
        """Expected Otoma points provoked by ending an Explore on ``to`` (an arrow moves
        them: the pawns :attr:`~PlayerView.arrow_pawns` names, the cheapest when the player
        chooses)."""
        bit = 1 << to
        if view.crop_mask & bit:
            return 0.0
        trails, moved = view.trails, view.arrow_pawns
        assert trails is not None and moved is not None
        revealed = view.revealed | bit

        def cost(colour: str, direction: int) -> float:
            d = Direction(direction)
            pawns = moved[colour]
            if not pawns:
                return 0.0
            return min(
                self._stop_gain(view, otoma_stop(trails, view.otoma_pawns[pawn], d, revealed))
                for pawn in pawns
            )

        if view.revealed & bit:
            arrow = tiles.arrows[to]
            return cost(*arrow) if arrow else 0.0
        # a tile still in its stack: any colour and direction; with a cell left
        # to discover every Otoma move stops somewhere
        if revealed == view.geo.all:
            return 0.0
        gains = self._gains_of(view)
        gain = gains.get(-1)  # anywhere (the stop is not known yet)
        if gain is None:
            gain = gains[-1] = (
                diversity_gain(view.stones[view.otoma_account], view.supply) + MEAN_CROP
            )
        own = gain if moved[view.colour] else 0.0
        return (len(view.otoma_colours) * gain + own) / (len(view.otoma_colours) + 1)

    def _coop_cost(self, view: PlayerView, to: int) -> float:
        """Expected Otoma points of the reactions to an Explore ending on ``to`` (co-op)."""
        revealed = view.revealed | (1 << to)
        if revealed == view.geo.all:
            return 0.0
        total = 0.0
        assert view.trails is not None
        for stop in reaction_stops(view.trails, to, view.otoma_pawns, revealed):
            total += self._stop_gain(view, stop) + TOKEN_VALUE
        return total

    def _cell_value(
        self, view: PlayerView, to: int, know: Knowledge | None, discover: float
    ) -> float:
        """The bot's own gain for ending on ``to``. Against the Otoma an Explore that
        reveals nothing is a lost turn (the game only moves on with discoveries),
        more so when it ends on a crop (no arrow, no Otoma move: nothing changes)."""
        if view.terrain[to] < 0:
            return discover
        stall = STALL * (1 + self.idle)
        if view.crop[to]:
            return -2 * stall
        certain = know.certain(to) if (know and self.proves) else None
        return (0.8 * certain if certain else 0.0) - stall

    def _best_explore(
        self,
        view: PlayerView,
        legal: LegalActions,
        cost: Callable[[int], float],
        divine_all: bool,
    ) -> tuple[float, int]:
        know = self.knowledge(view)
        discover = expected_discovery(view)
        eligible = view.eligible
        unsure = 0
        if divine_all:
            # Every pawn on a cropless tile divines together (solo): a pawn on a
            # crop the bot cannot name for sure is better moved on than left to a guess.
            proven = prove(know, cells_of(eligible)) if know and self.proves else {}
            unsure = sum(1 << c for c in cells_of(eligible) if c not in proven)
        best, choices = float("-inf"), []
        for group in legal.groups:
            kind = A.kind_of(group[0])
            if kind != _ENTER and kind != _MOVE:
                continue
            start = A.cell_of(group[0])
            if kind == _ENTER:
                bonus = 0.3
            elif unsure >> start & 1:
                bonus = 0.5
            elif eligible >> start & 1:
                bonus = -0.5
            else:
                bonus = 0.0
            for to in cells_of(group[1]):
                value = self._cell_value(view, to, know, discover) - OTOMA_WEIGHT * cost(to) + bonus
                if value > best + 1e-9:
                    best, choices = value, [A.group_code(group, to)]
                elif value > best - 1e-9:
                    choices.append(A.group_code(group, to))
        if not choices:
            return float("-inf"), A.PASS
        return best, choices[self.rng.randrange(len(choices))] if len(choices) > 1 else choices[0]

    def _best_guess(self, view: PlayerView, legal: LegalActions) -> int:
        self.guessed += 1
        know = self.knowledge(view)
        scored = []
        for group in legal.groups:
            if A.kind_of(group[0]) == _DIVINE:
                domain = know.domains[A.cell_of(group[0])] if know else A.ANY_LEVEL
                for level in cells_of(group[1]):
                    scored.append((divination_value(domain, level), A.group_code(group, level)))
        best = max(score for score, _ in scored)
        choices = [code for score, code in scored if score >= best - 1e-9]
        return choices[self.rng.randrange(len(choices))]

    def _divine_all_value(self, view: PlayerView) -> float:
        """Expected points of divining with every eligible pawn, each with its best level."""
        know = self.knowledge(view)
        values = []
        for cell in cells_of(view.eligible):
            domain = know.domains[cell] if know else A.ANY_LEVEL
            values.append(max(divination_value(domain, level) for level in CROP_LEVELS))
        return sum(values) if values else float("-inf")

    # -- decisions ------------------------------------------------------------------------------
    def act(self, view: PlayerView | None, legal: LegalActions) -> int:
        assert view is not None
        rules, phase = self.rules, view.phase
        if phase is _PHASE_CHOOSE_OTOMA:
            return self._choose_otoma(view, legal)
        if phase is _PHASE_SPEND:
            return self._spend(view, legal)
        if phase is _PHASE_DIVINING and rules.divine_all:
            code = self.base.act(view, legal)
            return self._chosen(code) if code in legal else self._best_guess(view, legal)
        if phase is _PHASE_TURN and rules.arrows:
            tiles = view.tiles
            assert tiles is not None
            return self._turn(
                view, legal, lambda to: self._solo_cost(view, tiles, to), rules.divine_all
            )
        if phase is _PHASE_TURN and rules.lines:
            return self._turn(view, legal, lambda to: self._coop_cost(view, to), rules.divine_all)
        if (phase is _PHASE_OFFER or phase is _PHASE_FINAL_OFFER) and rules.shared:
            return self._offer(view, legal)
        return self._chosen(self.base.act(view, legal))

    def _choose_otoma(self, view: PlayerView, legal: LegalActions) -> int:
        """The Otoma pawn the player moves: the one whose move gains the Otoma least."""
        tiles, trails = view.tiles, view.trails
        assert tiles is not None and trails is not None
        d = Direction(tiles.pending)
        scored = [
            (round(self._stop_gain(view, otoma_stop(trails, cell, d, view.revealed)), 9), i)
            for i, cell in enumerate(view.otoma_pawns)
        ]
        best = min(s for s, _ in scored)
        choices = [i for s, i in scored if s == best]
        return legal[choices[self.rng.randrange(len(choices))]]

    def _turn(
        self,
        view: PlayerView,
        legal: LegalActions,
        cost: Callable[[int], float],
        divine_all: bool = False,
    ) -> int:
        progress = view.revealed.bit_count() + view.crop_mask.bit_count()
        self.idle = self.idle + 1 if progress == self._progress else 0
        self._progress = progress
        code = self.base.act(view, legal)
        explore_value, explore = self._best_explore(view, legal, cost, divine_all)
        if A.kind_of(code) == _DIVINE and code in legal:
            # The base bot chose to divine. In solo every eligible pawn divines
            # then: count the guesses too.
            value = self._divine_all_value(view) if divine_all else float(A.to_of(code))
            if explore == A.PASS or value >= explore_value:
                return self._chosen(code)
        elif any(A.kind_of(group[0]) == _DIVINE for group in legal.groups) and (
            explore == A.PASS or (divine_all and self._divine_all_value(view) > explore_value)
        ):
            # Divining without proof: only when exploring is impossible, or in solo
            # worse still (a long run of turns without progress; in co-op every
            # turn spends a tile, so the game moves on anyway).
            return self._best_guess(view, legal)
        if explore != A.PASS:
            return explore
        return code if code in legal else legal[0]

    def _chosen(self, code: int) -> int:
        if A.kind_of(code) == _DIVINE and self.proves:
            self.proved += 1
        return code

    def _offer(self, view: PlayerView, legal: LegalActions) -> int:
        """Where the Otoma offer with the group: offer only when the group gains more than
        the Otoma's forced offer gives them (and always at the final offer)."""
        held = view.tokens[view.account]
        gain = OFFERING_POINTS[held.bit_count()]
        otoma = OFFERING_POINTS[view.tokens[view.otoma_account].bit_count()]
        if view.phase is _PHASE_FINAL_OFFER:
            return A.offer(held) if gain > 0 else A.PASS
        code = self.base.act(view, legal)
        if code != A.PASS and gain <= otoma:
            return A.PASS
        return code if code in legal else A.PASS

    def _spend(self, view: PlayerView, legal: LegalActions) -> int:
        assert view.tiles is not None
        geo = view.geo
        own, pawns, crops = view.own, view.all_pawns, view.crop_mask
        know = self.knowledge(view)
        discover = expected_discovery(view)
        enter = coop_enter_ends(geo, own, pawns, crops) if view.reserve[view.side] else 0
        scored = []
        for code in legal:
            direction = Direction(view.tiles.top_arrows[view.seat][A.to_of(code)])
            ends = enter
            for start in cells_of(own):
                ends |= coop_move_ends(geo, start, direction, own, pawns, crops)
            best = float("-inf")
            for to in cells_of(ends):
                value = self._cell_value(view, to, know, discover)
                best = max(best, value - OTOMA_WEIGHT * self._coop_cost(view, to))
            scored.append((best, code))
        top = max(s for s, _ in scored)
        choices = [code for s, code in scored if s >= top - 1e-9]
        return choices[self.rng.randrange(len(choices))]
