"""How good a table is for one seat: the evaluation at the leaves of a search.

The search of :mod:`~pachaprint.engine.bots.search` looks ahead to the end of
the seat's turn; there a table is worth, for each score account, its score
plus what is already in hand but not yet scored:

* **offering tokens** held: a set of ``k`` distinct tokens is worth at least
  its offering now, and a little more while it can still grow
  (:attr:`Weights.tokens`);
* **crops to divine**: each pawn of the account on a terrain tile without crop
  will divine it later; a crop the table proves is counted nearly whole, an
  unproven one by its odds (it may be proven later, or must be guessed);
* **diversity to come**: the discoveries the account may still make, each
  worth the points its diversity stones would score now;
* co-op, a crop under a pawn whose colour has no turn left before the hands
  run out counts nothing: no one will divine it (:func:`stranded`);
* co-op, for the Otoma: the tokens they hold, worth more than their offering
  now while they can still grow (:attr:`Weights.otoma_tokens`: the group's
  Offer makes them offer too, and start again from none), and the cells the
  turns left cannot reveal (one point each at the end).

The seat's value is its account's worth minus the best opponent's (the
competitive game) or the Otoma's (solo and co-op); at the end of the game it
is the final score difference, plus :attr:`Weights.win` for a win.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from pachaprint.engine.bots.base import diversity_gain
from pachaprint.engine.bots.belief import Belief, Odds
from pachaprint.engine.rules.events import Phase
from pachaprint.engine.rules.movement import cell_count, cells_of
from pachaprint.engine.rules.state import GameState

# Bound once: a compiled module reads a Final constant directly.
_PHASE_SPEND: Final = Phase.SPEND
_PHASE_FINAL_OFFER: Final = Phase.FINAL_OFFER

COOP_TOKENS: tuple[float, ...] = (0.0, 0.3, 1.3, 3.5, 6.5, 9.0)
"""Co-op: worth of the group's 0..5 held offering tokens (see :meth:`Weights.for_mode`)."""
COOP_OTOMA_TOKENS: tuple[float, ...] = (0.0, 2.0, 4.0, 6.5, 8.5, 10.0)
"""Co-op: worth of the Otoma's 0..5 held offering tokens (see :attr:`Weights.otoma_tokens`)."""


@dataclass(frozen=True)
class Weights:
    """The evaluation's constants (see the module documentation)."""

    tokens: tuple[float, ...] = (0.0, 0.6, 1.9, 4.0, 7.0, 9.0)
    """Worth of holding 0..5 distinct offering tokens (five are worth less than their
    offering: while they are held no divination gains a token)."""
    proven: float = 0.95
    """Share of a proven crop's points counted before it is divined."""
    unproven: float = 0.5
    """Odds that a crop unproven now is proven before it must be divined."""
    diversity: float = 0.4
    """Share of the expected diversity points of the discoveries still to come."""
    reveals: float = 1.0
    """Co-op: cells the table expects to be revealed per turn still to play (each turn
    spends a tile; the cells left without terrain at the end score for the Otoma)."""
    win: float = 5.0
    """Bonus for a game won (added to the final score difference)."""
    forced: float = 1.0
    """Where every pawn divines at once (solo): the share of an unproven crop's guess
    counted even when the guess loses points, since the next Divine turn forces it
    (where divining is a choice a losing guess counts as none). Solo hard won 26.7 %
    of 150 games with it against 22.0 % without, easy 50.0 % both
    (``benchmarks/bench_expert.py``)."""
    guess_odds: float = 0.0
    """Co-op (:meth:`for_mode`): the least odds of the level a guess names. A cell whose
    best guess is a longer shot is not divined (the search does not weigh it): its pawn
    waits for more of the map, which often proves the crop later. Without it the
    expert made two or three such guesses a co-op game on normal, right one time in
    four: a way to spend a turn when every Explore sent the Otoma onto new cells."""
    last_turns: bool = False
    """Co-op (:meth:`for_mode`): a crop under a pawn whose colour has no turn left before
    the hands run out counts nothing (:func:`stranded`); else every crop under the
    group's pawns counts as if it could still be divined (and 0.7 proven crops a game
    were left under a pawn at the end, on normal)."""
    otoma_tokens: tuple[float, ...] = COOP_OTOMA_TOKENS
    """Co-op: worth of the 0..5 offering tokens the Otoma hold. More than their offering
    now (0, 0, 1, 3, 6, 10): they keep every token they find until the group's Offer
    makes them offer, so a group that offers early keeps the Otoma's offerings small
    (see :meth:`for_mode`)."""

    @classmethod
    def for_mode(cls, rules: type[GameState]) -> Weights:
        """The weights the search bots play a mode with, from its rulings (its class).

        Where the group shares its account against the Otoma (co-op), held tokens are
        worth less to the group (:data:`COOP_TOKENS`: it offers sooner) and the Otoma's
        more than their offering now (:attr:`otoma_tokens`), so the group's Offer, which
        empties the Otoma's hand too, counts what it spares. Against the tokens counted
        at their offering (as before) and the group's usual token weights, co-op easy
        won 52.7 % of 150 games against 41.3 % (seed 1, where they were chosen among 8
        shapes) and 46.2 % against 39.3 % of 450 held-out games (seeds 2 and 3; normal
        19.1 % against 16.0 %), ``benchmarks/bench_expert.py``. Wider searches, more
        worlds and other weights of the group's worth lost with these tokens too.

        In co-op too, no guess whose level has odds below :data:`COOP_GUESS_ODDS`
        (:attr:`guess_odds`; chosen on seed 1 among 0.2, 0.25, 0.3, 0.35, 0.4 and 0.5:
        normal 36.0 % of 150 games against 28.7 % with none, 18-32 % with the others),
        and no worth for the crops under pawns without a turn left (:attr:`last_turns`;
        seed 1, normal, with the least odds: 38.0 % against 36.0 %). Held out on seed 2,
        600 games a line, interleaved: easy 68.5 % [65-72] against 59.5 % [56-63] (+128
        -74 on the same deals), normal 31.8 % [28-36] against 26.0 % [23-30] (+88 -53),
        at 0.23 s and 0.20 s of CPU a two-seat game against 0.21 s and 0.18 s; the least
        odds alone, 65.2 % and 28.0 %."""
        if rules.shared:
            return cls(tokens=COOP_TOKENS, guess_odds=COOP_GUESS_ODDS, last_turns=True)
        return cls()

    def discoveries(self, otoma: bool, players: int, hidden: int) -> float:
        """The share of the ``hidden`` cells without terrain the seat's account will discover:
        about half against the Otoma (``otoma``), else one per player."""
        if not otoma:
            return hidden / players
        return 0.5 * hidden


COOP_GUESS_ODDS: Final = 0.3
"""Co-op: :attr:`Weights.guess_odds` (see :meth:`Weights.for_mode`)."""

DEFAULT_WEIGHTS = Weights()


def token_worth(weights: Weights, held: int, levels: Sequence[int]) -> float:
    """Worth of the tokens of mask ``held`` plus the new levels ``levels`` will add."""
    for level in levels:
        held |= 1 << (level - 1)
    return weights.tokens[cell_count(held)]


def stranded(state: GameState) -> int:
    """Co-op: the pawns (a mask) whose colour has no turn left before the game ends, so
    that no one will divine a crop under them. The game ends after the turn in which the
    hands run out; each turn from the next one on spends a tile of its seat's hand, if
    it holds one (a discovery that takes a tile from a hand may end the game sooner).
    Cheap where the hands hold more tiles than two rounds spend: every seat has a turn."""
    tiles = state.tiles
    assert tiles is not None
    left = tiles.in_hands
    players = state.players
    if left > 2 * players:
        return 0
    seat = state.current_player
    turned = [False] * players
    if state.phase is _PHASE_FINAL_OFFER:
        left = 0  # the turns are over: only the final offer is left
    elif state.phase is not _PHASE_SPEND:
        turned[seat] = True  # a turn under way: its tile is spent already
        seat = (seat + 1) % players
    hands = [sum(hand) for hand in tiles.hands]
    while left > 0:
        turned[seat] = True
        if hands[seat] > 0:
            hands[seat] -= 1
            left -= 1
        seat = (seat + 1) % players
        if all(turned):
            return 0
    playing = [False] * len(state.pawn_mask)
    for s, has in enumerate(turned):
        if has:
            playing[state.side_of[s]] = True
    out = 0
    for s in range(players):
        side = state.side_of[s]
        if not playing[side]:
            out |= state.pawn_mask[side]
    return out


class Evaluator:
    """The value of a table for ``seat`` (see the module documentation)."""

    def __init__(self, seat: int, weights: Weights = DEFAULT_WEIGHTS):
        self.seat = seat
        self.weights = weights

    def value(self, state: GameState, belief: Belief) -> float:
        acc = state.account_of[self.seat]
        if state.is_terminal():
            return self._final(state, acc)
        mine = self.worth(state, belief, acc)
        if state.otoma is not None:
            return mine - self.worth(state, belief, state.otoma.account)
        others = [self.worth(state, belief, a) for a in range(state.players) if a != acc]
        return mine - max(others)

    def _final(self, state: GameState, acc: int) -> float:
        score = state.score
        if state.otoma is not None:
            margin = score[acc] - score[state.otoma.account]
        else:
            margin = score[acc] - max(s for a, s in enumerate(score) if a != acc)
        return margin + (self.weights.win if margin > 0 else 0.0)

    def worth(self, state: GameState, belief: Belief, acc: int) -> float:
        """Score plus tokens, crops to divine and diversity to come of account ``acc``."""
        w = self.weights
        held = state.tokens[acc]
        total = float(state.score[acc])
        otoma = state.otoma
        if otoma is not None and acc == otoma.account:
            if state.shared:  # co-op: their last offer, and the cells left without terrain
                total += w.otoma_tokens[cell_count(held)]
                tiles = state.tiles
                turns = tiles.in_hands if tiles is not None else 0
                total += max(0.0, state.hidden_left - w.reveals * turns)
            return total
        pawns = 0
        passed = False
        for s in range(state.players):
            if state.account_of[s] == acc:
                pawns |= state.pawn_mask[state.side_of[s]]
                passed = passed or state.passed[s]
        if w.last_turns and state.tiles is not None:
            pawns &= ~stranded(state)
        pending = pawns & state.revealed & ~state.crop_mask
        if passed:
            pending = 0  # a pass in the end phase is final: nothing more to divine
        sure: list[int] = []
        unsure = 0.0
        for cell in cells_of(pending):
            level = belief.proven(cell)
            if level is not None:
                sure.append(level)
            else:
                unsure += self._unproven(belief.crop_odds(cell), held, state.divine_all)
        total += w.proven * sum(sure) + token_worth(w, held, sure) + unsure
        hidden = state.hidden_left
        if hidden:
            future = w.discoveries(state.has_otoma, state.players, hidden)
            total += w.diversity * future * diversity_gain(state.stones[acc], state.supply)
        return total

    def _unproven(self, odds: Odds, held: int, forced: bool = False) -> float:
        """Worth of a crop still unproven: proven later (its odds), or guessed.

        Plain loops, in the order of the sums they replace (the same floats to the last
        bit): this runs for every pending crop at every leaf of a search."""
        w = self.weights
        tokens = w.tokens
        k = cell_count(held)
        token = tokens[min(k + 1, 5)] - tokens[k]
        mean = 0.0
        for v in range(1, 6):
            mean += v * odds[v]
        later = guess = 0.0
        for v in range(1, 6):
            p = odds[v]
            gain = p * (v + (0.0 if held >> (v - 1) & 1 else token))
            later += gain
            option = gain - (mean - p * v)
            if v == 1 or option > guess:
                guess = option
        if guess < 0.0:
            guess = w.forced * guess if forced else 0.0
        return w.unproven * later + (1 - w.unproven) * guess
