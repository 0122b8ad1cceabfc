"""Quick scores of the legal actions of a decision: which ones the search looks at.

The search (:mod:`~pachaprint.engine.bots.search`) has the work for a few
candidates only; :func:`prior` ranks every legal action by a one-step estimate
of what it gains, from the same belief the search uses, and keeps the
divinations and the explores apart so that both kinds are searched:

* an **Explore** gains what its end cell holds for the seat (a discovery's
  expected diversity points and a crop to divine later, or a crop left to
  divine on a known tile) and loses the crop its pawn leaves behind; against
  the Otoma it also costs what the Otoma are expected to gain by it;
* a **divination** gains the named level and its token at the odds of that
  level, and loses the true level otherwise (only the best level per cell; in
  co-op none whose level has odds below
  :attr:`~pachaprint.engine.bots.evaluate.Weights.guess_odds`);
* the other decisions (offer or not, which Otoma pawn, which tile to spend)
  have few choices: all of them are searched.
"""

from __future__ import annotations

from typing import Final

from pachaprint.engine.bots.base import discovery_points, diversity_gain
from pachaprint.engine.bots.belief import Belief
from pachaprint.engine.bots.evaluate import Weights
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind, LegalActions
from pachaprint.engine.rules.events import Phase
from pachaprint.engine.rules.movement import Direction, cell_count, cells_of
from pachaprint.engine.rules.state import GameState
from pachaprint.engine.rules.trails import otoma_stop, reaction_stops

# Enum members read in hot code, bound once: a compiled module reads a Final
# constant directly, where ``Phase.TURN`` costs a lookup through the enum's class.
_DIVINE: Final = int(Kind.DIVINE)
_ENTER: Final = int(Kind.ENTER)
_MOVE: Final = int(Kind.MOVE)
_RETRIEVE: Final = int(Kind.RETRIEVE)
_PHASE_CHOOSE_OTOMA: Final = Phase.CHOOSE_OTOMA
_PHASE_FINAL_OFFER: Final = Phase.FINAL_OFFER
_PHASE_OFFER: Final = Phase.OFFER
_PHASE_SPEND: Final = Phase.SPEND
_PHASE_TURN: Final = Phase.TURN

FRESH_CROP: Final = 1.8
"""Worth of the crop under a newly discovered tile, to divine later."""
MEAN_CROP: Final = 2.6
"""What the Otoma expect from the crop of a cell they discover."""
APPROACH: Final = 0.3
"""Worth of a step that brings a pawn nearer the cells still hidden: a pawn walled in
by known tiles walks out (several turns that change nothing) instead of pacing."""


class Prior:
    """Ranks legal actions for the search (see the module documentation)."""

    def __init__(self, weights: Weights, divinations: int = 2):
        self.weights = weights
        self.divinations = divinations
        """At the start of a turn, how many of the best divinations are kept among the candidates."""

    def __call__(
        self,
        state: GameState,
        belief: Belief,
        width: int,
        setups: int,
        legal: LegalActions | None = None,
    ) -> list[int]:
        """At most ``width`` candidates for the decision at ``state`` (among ``legal``, by
        default all the legal actions); in solo at most ``setups`` of them Explores that
        change nothing on the table (a pawn moved onto a crop or a known tile: setting
        up a later turn). With no set-up allowed and nothing else to do, the Explores
        onto a tile without crop come first: a pawn there divines next turn."""
        legal = state.legal_actions() if legal is None else legal
        phase = state.phase
        seat = state.current_player
        acc = state.account_of[seat]
        held = state.tokens[acc]
        if phase is _PHASE_OFFER or phase is _PHASE_FINAL_OFFER:
            return [A.offer(held), A.PASS][:width]
        if phase is _PHASE_SPEND or phase is _PHASE_CHOOSE_OTOMA:
            return list(legal)
        divines = self._best_levels(state, belief)
        divines.sort(key=lambda item: -item[0])
        if phase is not _PHASE_TURN:
            others = [code for code in legal if A.kind_of(code) != _DIVINE]
            spare = others[:1] if width > 1 else []  # one place kept for not divining
            picked = [code for _, code in divines[: width - len(spare)]] + others[: width - 1]
            return picked or others[:1]
        progress, setup = self._explores(state, belief, legal)
        if not state.divine_all:
            progress = sorted(progress + setup, key=lambda item: -item[0])
            setup = []
        # The best Explore that changes the table always stays among the candidates:
        # set-ups only fill the places left (a search offered nothing but set-ups
        # would put progress off turn after turn).
        kept = [code for _, code in divines[: self.divinations]]
        kept += [code for _, code in progress[:1]]
        kept += [code for _, code in setup[:setups]]
        kept += [code for _, code in progress[1 : max(1, width - len(kept) + 1)]]
        if kept:
            return kept[: max(width, 1)]
        pending = state.revealed & ~state.crop_mask
        toward = [code for _, code in setup if pending >> A.to_of(code) & 1]
        return (toward or [code for _, code in setup] or list(legal))[:width]

    def _explores(
        self, state: GameState, belief: Belief, legal: LegalActions
    ) -> tuple[list[tuple[float, int]], list[tuple[float, int]]]:
        """Scored Explores, best first: those that discover, and the others."""
        seat = state.current_player
        acc = state.account_of[seat]
        held = state.tokens[acc]
        explores: list[tuple[float, int]] = []
        setup: list[tuple[float, int]] = []
        stones = state.stones[acc]
        pending = state.revealed & ~state.crop_mask
        discover: dict[int, float] = {}
        near = _distances_to_hidden(state)
        otoma_cost = OtomaCost(state, belief) if state.otoma is not None else None
        for group in legal.groups:
            kind = A.kind_of(group[0])
            if kind == _DIVINE:
                continue
            start = A.cell_of(group[0])
            leave = 0.0
            if kind != _ENTER and pending >> start & 1:
                leave = self._crop_worth(state, belief, start, held)
            if kind == _RETRIEVE:
                for cell in cells_of(group[1]):
                    leave = (
                        self._crop_worth(state, belief, cell, held) if pending >> cell & 1 else 0.0
                    )
                    setup.append((-leave - 0.5, A.group_code(group, cell)))
                continue
            for to in cells_of(group[1]):
                if state.terrain[to] < 0:
                    gain = discover.get(to)
                    if gain is None:
                        odds = belief.terrain_odds(to)
                        gain = 0.0
                        for t in range(len(odds)):
                            if odds[t]:
                                gain += odds[t] * discovery_points(stones, t)
                        gain = discover[to] = gain + FRESH_CROP
                elif pending >> to & 1:
                    gain = self._crop_worth(state, belief, to, held)
                else:
                    gain = 0.0
                if otoma_cost is not None:
                    gain -= otoma_cost(to)
                if kind == _MOVE and state.terrain[to] >= 0:
                    gain += APPROACH * (near[start] - near[to])
                found = explores if state.terrain[to] < 0 else setup
                found.append((gain - leave, A.group_code(group, to)))
        explores.sort(key=lambda item: -item[0])
        setup.sort(key=lambda item: -item[0])
        return explores, setup

    # -- pieces ---------------------------------------------------------------------------
    def _best_levels(self, state: GameState, belief: Belief) -> list[tuple[float, int]]:
        """The best level to name on each cell the seat may divine, with its score: the
        named level and its token at the odds of that level, less the true level otherwise
        (the highest level among equal scores)."""
        acc = state.account_of[state.current_player]
        held = state.tokens[acc]
        tokens = self.weights.tokens
        k = cell_count(held)
        new_token = tokens[min(k + 1, 5)] - tokens[k]
        out = []
        floor = self.weights.guess_odds
        for cell in cells_of(state.eligible(state.current_player)):
            odds = belief.crop_odds(cell)
            best, best_code = 0.0, -1
            for level in range(1, 6):
                token = 0.0 if held >> (level - 1) & 1 else new_token
                miss = 0.0
                for v in range(6):
                    if v != level:
                        miss += odds[v] * v
                score = odds[level] * (level + token) - miss
                if best_code < 0 or score >= best:
                    best, best_code = score, A.divine(cell, level)
            if odds[A.to_of(best_code)] < floor:
                continue  # too long a shot (co-op): the cell waits for more of the map
            out.append((best, best_code))
        return out

    def _crop_worth(self, state: GameState, belief: Belief, cell: int, held: int) -> float:
        level = belief.proven(cell)
        if level is not None:
            return level + (0.0 if held >> (level - 1) & 1 else 1.0)
        odds = belief.crop_odds(cell)
        mean = 0.0
        for v in range(6):
            mean += odds[v] * v
        return self.weights.unproven * mean


class OtomaCost:
    """What the Otoma are expected to gain from an Explore ending on a cell, at one
    decision (what does not depend on the end cell is worked out once). Where the
    Otoma move is the rules' answer: the pawns an arrow moves
    (:meth:`~pachaprint.engine.rules.state.GameState.arrow_pawns`), the pawns an
    Explore sends away (:func:`~pachaprint.engine.rules.trails.reaction_stops`)."""

    def __init__(self, state: GameState, belief: Belief):
        otoma = state.otoma
        trails = state.game.trails
        tiles = state.tiles
        assert otoma is not None and trails is not None and tiles is not None
        self.state, self.belief, self.otoma, self.trails, self.tiles = (
            state,
            belief,
            otoma,
            trails,
            tiles,
        )
        self.gain = diversity_gain(state.stones[otoma.account], state.supply) + MEAN_CROP
        self._moves: dict[tuple[str, int], bool] = {}
        """Whether an arrow on an open tile, (colour, direction), moves its Otoma pawn."""
        # per terrain: the share of its unseen tiles whose arrow moves an Otoma pawn
        self.shares: list[float | None] = []
        if not state.arrows:
            return
        for t in range(len(tiles.box)):
            unseen = [tiles.box[t][i] for i in cells_of(tiles.unseen[t])]
            if unseen:
                still = sum(1 for tile in unseen if not state.arrow_pawns(tile.colour))
                self.shares.append(1.0 - still / len(unseen))
            else:
                self.shares.append(None)

    def __call__(self, to: int) -> float:
        state, otoma, trails, gain = self.state, self.otoma, self.trails, self.gain
        bit = 1 << to
        if state.crop_mask & bit:
            return 0.0
        revealed = state.revealed | bit
        if revealed == state.geo.all:
            return 0.0
        if state.lines:  # the Otoma in the row and column of the end cell move away
            total = 0.0
            for _ in reaction_stops(trails, to, otoma.pawns, revealed):
                total += gain
            return total
        if state.revealed & bit:
            tile = self.tiles.tile_at[to]
            if tile is None:
                return 0.0
            pawns = state.arrow_pawns(tile.colour)
            if len(pawns) != 1:  # none moves, or the player chooses one
                return gain if pawns else 0.0
            # the table does not change: where a pawn stops depends on the pawn and the arrow
            key = (tile.colour, tile.direction)
            sends = self._moves.get(key)
            if sends is None:
                stop = otoma_stop(
                    trails, otoma.pawns[pawns[0]], Direction(tile.direction), revealed
                )
                sends = self._moves[key] = stop is not None
            return gain if sends else 0.0
        # a tile still in its stack
        moves = 0.0
        shares = self.shares
        for t, p in enumerate(self.belief.terrain_odds(to)):
            if p:
                share = shares[t]
                if share is not None:
                    moves += p * share
        return moves * gain


def _distances_to_hidden(state: GameState) -> list[int]:
    """Each cell's grid distance (rows plus columns) to the nearest cell without terrain.

    On the board's full rectangle that is the number of orthogonal steps, so the
    cells at distance ``d`` are the hidden cells spread ``d`` times."""
    geo = state.geo
    hidden = 0
    for cell, terrain in enumerate(state.terrain):
        if terrain < 0:
            hidden |= 1 << cell
    near = [0] * state.board.cell_count
    if not hidden:
        return near
    reached, distance = hidden, 0
    while reached != geo.all:
        grown = reached | geo.spread(reached)
        distance += 1
        for cell in cells_of(grown & ~reached):
            near[cell] = distance
        reached = grown
    return near
