"""Bots for the solo and co-op modes: the competitive bots, aware of the Otoma.

:func:`make_versus_bot` wraps a bot of :mod:`pachaprint.engine.bots` for a game
against the Otoma. ``random`` stays uniform over the legal actions (which
already include the new decisions). ``greedy`` and ``logician`` keep their own
divination and offering policy and gain what the new modes need:

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

Everything is computed from the player's view (public information only).
"""

from __future__ import annotations

import random

from pachaprint.engine import actions as A
from pachaprint.engine.bots import (
    Bot,
    LogicianBot,
    divination_value,
    expected_discovery,
    knowledge_of,
    make_bot,
)
from pachaprint.engine.coop import SPEND_KIND, CoopView, coop_enter_ends, coop_move_ends
from pachaprint.engine.logic import prove
from pachaprint.engine.movement import cells_of, geometry
from pachaprint.engine.otoma import OTOMA_KIND, otoma_path, reaction_order, trails_for
from pachaprint.engine.solo import OTOMA, SoloView
from pachaprint.engine.state import Phase
from pachaprint.engine.tiles import Direction
from pachaprint.model.rules import CROP_LEVELS, DIVERSITY_TOP_LEVEL, OFFERING_POINTS

MEAN_CROP = sum(CROP_LEVELS) / len(CROP_LEVELS)
"""The bots' estimate of an unknown crop level."""
OTOMA_WEIGHT = 0.5
"""How much of the Otoma's expected gain an Explore is charged with: every hidden
cell gets revealed by someone before the end, so only part of it is really lost."""
TOKEN_VALUE = 0.5
"""The bots' estimate of an offering token taken by the Otoma (co-op)."""
STALL = 1.0
"""The cost of an Explore that reveals nothing; it grows with every turn in a row
in which no tile was placed, so a bot never dawdles for ever."""


def diversity_gain(stones, supply) -> float:
    """Expected diversity points of one discovery with ``stones``, over the terrain supply."""
    total = sum(supply)
    if not total:
        return 0.0
    out = 0.0
    for t, count in enumerate(supply):
        if not count:
            continue
        level = stones[t]
        points = (
            1
            if level >= DIVERSITY_TOP_LEVEL
            else 1 + sum(1 for u, s in enumerate(stones) if u != t and s == level + 1)
        )
        out += count * points
    return out / total


class VersusBot(Bot):
    """A competitive bot playing solo or co-op against the Otoma (see the module documentation)."""

    def __init__(self, base: Bot, rng: random.Random):
        super().__init__(rng)
        self.base = base
        self.name = base.name
        self.proved = 0
        self.guessed = 0
        """Divinations the rules forced on the bot without a proof (solo: all pawns; co-op: no Explore left)."""
        self.idle = 0
        """Turns in a row that placed no tile (counted at the bot's turn starts)."""
        self._progress = -1

    # -- shared reckoning -----------------------------------------------------------------
    def _otoma_stop_gain(self, view, otoma_account: int) -> float:
        """Expected Otoma points of a discovery somewhere unknown."""
        return diversity_gain(view.stones[otoma_account], view.supply) + MEAN_CROP

    def _stop_gain(self, view, otoma_account: int, stop: int | None) -> float:
        """Expected Otoma points of a discovery on ``stop``, over the terrains it may still hold."""
        if stop is None:
            return 0.0
        know = knowledge_of(view)
        supply = list(view.supply)
        if know is not None:
            narrowed = [
                count if know.possible[t] >> stop & 1 else 0 for t, count in enumerate(supply)
            ]
            if any(narrowed):
                supply = narrowed
        return diversity_gain(view.stones[otoma_account], supply) + MEAN_CROP

    def _solo_cost(self, view: SoloView, to: int) -> float:
        """Expected Otoma points provoked by ending an Explore on ``to`` (solo)."""
        bit = 1 << to
        if view.crop_mask & bit:
            return 0.0
        trails = trails_for(view.board)
        revealed = view.revealed | bit
        gain = self._otoma_stop_gain(view, OTOMA)

        def cost(colour: str, direction: int) -> float:
            d = Direction(direction)
            if colour == view.colour:
                if view.difficulty == "easy":
                    return 0.0
                return min(
                    self._stop_gain(view, OTOMA, otoma_path(trails, cell, d, revealed).stop)
                    for cell in view.otoma_pawns
                )
            pawn = view.otoma_colours.index(colour)
            return self._stop_gain(
                view, OTOMA, otoma_path(trails, view.otoma_pawns[pawn], d, revealed).stop
            )

        if view.revealed & bit:
            arrow = view.arrows[to]
            return cost(*arrow) if arrow else 0.0
        # a tile still in its stack: any colour and direction; with a cell left
        # to discover every Otoma move stops somewhere
        if revealed == geometry(view.board).all:
            return 0.0
        own = 0.0 if view.difficulty == "easy" else gain
        return (len(view.otoma_colours) * gain + own) / (len(view.otoma_colours) + 1)

    def _coop_cost(self, view: CoopView, to: int) -> float:
        """Expected Otoma points of the reactions to an Explore ending on ``to`` (co-op)."""
        trails = trails_for(view.board)
        revealed = view.revealed | (1 << to)
        if revealed == geometry(view.board).all:
            return 0.0
        pawns = list(view.otoma_pawns)
        order = reaction_order(view.board, to, pawns)
        if not order:
            return 0.0
        total = 0.0
        for pawn, direction in order:
            path = otoma_path(trails, pawns[pawn], direction, revealed)
            if path.stop is not None:
                total += self._stop_gain(view, 1, path.stop) + TOKEN_VALUE
                revealed |= 1 << path.stop
                pawns[pawn] = path.stop
        return total

    def _cell_value(self, view, to: int, know, discover: float) -> float:
        """The bot's own gain for ending on ``to``. Against the Otoma an Explore that
        reveals nothing is a lost turn (the game only moves on with discoveries),
        more so when it ends on a crop (no arrow, no Otoma move: nothing changes)."""
        if view.terrain[to] < 0:
            return discover
        stall = STALL * (1 + self.idle)
        if view.crop[to]:
            return -2 * stall
        certain = know.certain(to) if (know and isinstance(self.base, LogicianBot)) else None
        return (0.8 * certain if certain else 0.0) - stall

    def _best_explore(self, view, legal, cost, solo: bool = False) -> tuple[float, int]:
        know = knowledge_of(view)
        discover = expected_discovery(view)
        eligible = view.eligible
        if solo:
            # In solo every pawn on a cropless tile divines together: a pawn on a
            # crop the bot cannot name for sure is better moved on than left to a guess.
            proven = (
                prove(know, cells_of(eligible))
                if know and isinstance(self.base, LogicianBot)
                else {}
            )
            unsure = sum(1 << c for c in cells_of(eligible) if c not in proven)
        else:
            unsure = 0
        best, choices = float("-inf"), []
        for code in legal:
            kind = code >> 12
            if kind != A.Kind.ENTER and kind != A.Kind.MOVE:
                continue
            to = code & 63
            value = self._cell_value(view, to, know, discover) - OTOMA_WEIGHT * cost(to)
            if kind == A.Kind.ENTER:
                value += 0.3
            elif unsure >> (code >> 6 & 63) & 1:
                value += 0.5
            elif eligible >> (code >> 6 & 63) & 1:
                value -= 0.5
            if value > best + 1e-9:
                best, choices = value, [code]
            elif value > best - 1e-9:
                choices.append(code)
        if not choices:
            return float("-inf"), A.PASS
        return best, choices[self.rng.randrange(len(choices))] if len(choices) > 1 else choices[0]

    def _best_guess(self, view, legal) -> int:
        self.guessed += 1
        know = knowledge_of(view)
        scored = []
        for code in legal:
            if code >> 12 == A.Kind.DIVINE:
                cell = code >> 6 & 63
                domain = know.domains[cell] if know else A.ANY_LEVEL
                scored.append((divination_value(domain, code & 63), code))
        best = max(score for score, _ in scored)
        choices = [code for score, code in scored if score >= best - 1e-9]
        return choices[self.rng.randrange(len(choices))]

    # -- decisions ------------------------------------------------------------------------------
    def act(self, view, legal):
        if isinstance(view, SoloView):
            return self._act_solo(view, legal)
        if isinstance(view, CoopView):
            return self._act_coop(view, legal)
        return self.base.act(view, legal)

    def _act_solo(self, view: SoloView, legal) -> int:
        first = legal[0]
        if first >> 12 == OTOMA_KIND:
            trails = trails_for(view.board)
            d = Direction(view.pending)
            scored = [
                (
                    round(
                        self._stop_gain(
                            view, OTOMA, otoma_path(trails, cell, d, view.revealed).stop
                        ),
                        9,
                    ),
                    i,
                )
                for i, cell in enumerate(view.otoma_pawns)
            ]
            best = min(s for s, _ in scored)
            choices = [i for s, i in scored if s == best]
            return legal[choices[self.rng.randrange(len(choices))]]
        if view.phase is Phase.DIVINING:
            code = self._base_act(view, legal)
            return self._chosen(code) if code in legal else self._best_guess(view, legal)
        if view.phase is Phase.TURN:
            return self._turn(view, legal, lambda to: self._solo_cost(view, to), solo=True)
        return self._base_act(view, legal)

    def _turn(self, view, legal, cost, solo: bool = False) -> int:
        progress = view.revealed.bit_count() + view.crop_mask.bit_count()
        self.idle = self.idle + 1 if progress == self._progress else 0
        self._progress = progress
        code = self._base_act(view, legal)
        explore_value, explore = self._best_explore(view, legal, cost, solo)
        if code >> 12 == A.Kind.DIVINE and code in legal:
            # The base bot chose to divine. In solo every eligible pawn divines
            # then: count the guesses too.
            value = self._divine_all_value(view) if solo else float(code & 63)
            if explore == A.PASS or value >= explore_value:
                return self._chosen(code)
        elif any(group[0] >> 12 == A.Kind.DIVINE for group in legal.groups) and (
            explore == A.PASS or (solo and self._divine_all_value(view) > explore_value)
        ):
            # Divining without proof: only when exploring is impossible, or in solo
            # worse still (a long run of turns without progress; in co-op every
            # turn spends a tile, so the game moves on anyway).
            return self._best_guess(view, legal)
        if explore != A.PASS:
            return explore
        return code if code in legal else legal[0]

    def _divine_all_value(self, view, single: bool = False) -> float:
        """Expected points of divining with every eligible pawn (or the best one), each with its best level."""
        know = knowledge_of(view)
        values = []
        for cell in cells_of(view.eligible):
            domain = know.domains[cell] if know else A.ANY_LEVEL
            values.append(max(divination_value(domain, level) for level in CROP_LEVELS))
        if not values:
            return float("-inf")
        return max(values) if single else sum(values)

    def _chosen(self, code: int) -> int:
        if code >> 12 == A.Kind.DIVINE and isinstance(self.base, LogicianBot):
            self.proved += 1
        return code

    def _act_coop(self, view: CoopView, legal) -> int:
        first = legal[0]
        if first >> 12 == SPEND_KIND:
            return self._spend(view, legal)
        if view.phase is Phase.TURN:
            return self._turn(view, legal, lambda to: self._coop_cost(view, to))
        if view.phase is Phase.OFFER or view.phase is Phase.FINAL_OFFER:
            held = view.tokens[0]
            gain = OFFERING_POINTS[held.bit_count()]
            otoma = OFFERING_POINTS[view.tokens[1].bit_count()]
            if view.phase is Phase.FINAL_OFFER:
                return A.offer(held) if gain > 0 else A.PASS
            code = self._base_act(view, legal)
            if code != A.PASS and gain <= otoma:
                return A.PASS
            return code if code in legal else A.PASS
        return self._chosen(self._base_act(view, legal))

    def _spend(self, view: CoopView, legal) -> int:
        geo = geometry(view.board)
        own = view.own
        know = knowledge_of(view)
        discover = expected_discovery(view)
        enter = (
            coop_enter_ends(geo, own, view.all_pawns, view.crop_mask)
            if view.reserve[view.side]
            else 0
        )
        scored = []
        for code in legal:
            t = code & 63
            direction = Direction(view.top_arrows[view.seat][t])
            ends = enter
            for start in cells_of(own):
                ends |= coop_move_ends(geo, start, direction, own, view.all_pawns, view.crop_mask)
            best = float("-inf")
            for to in cells_of(ends):
                value = self._cell_value(view, to, know, discover) - OTOMA_WEIGHT * self._coop_cost(
                    view, to
                )
                best = max(best, value)
            scored.append((best, code))
        top = max(s for s, _ in scored)
        choices = [code for s, code in scored if s >= top - 1e-9]
        return choices[self.rng.randrange(len(choices))]

    def _base_act(self, view, legal) -> int:
        return self.base.act(view, legal)


def make_versus_bot(name: str, rng: random.Random) -> Bot:
    """A bot for solo or co-op play by name (``random``, ``greedy``, ``logician``)."""
    base = make_bot(name, rng)
    if name == "random":
        return base
    return VersusBot(base, rng)
