"""Bots: ``random``, ``greedy`` and ``logician``.

A bot sees a :class:`~pachaprint.engine.view.PlayerView` (public information
only) and the legal actions, and returns one of them. Each bot owns a
``random.Random`` handed over by whoever runs the game, so one seed fixes every
choice.

* ``random``: a uniform legal action.
* ``greedy``: the action with the best immediate expected points. It reckons
  discovery points over the terrain supply and divination points over the
  crop levels the public information leaves possible, so it also gambles on
  divinations with a positive expectation, and offers as soon as an offer
  scores.
* ``logician``: divines only crops proven by :mod:`pachaprint.engine.logic`,
  so it never divines wrong; explores for points and for cells it can prove;
  offers five tokens at once, or what it has at the very end.
"""

from __future__ import annotations

import random
from collections import OrderedDict

from pachaprint.engine import actions as A
from pachaprint.engine.actions import LegalActions
from pachaprint.engine.logic import Inconsistent, Knowledge, analyse, prove
from pachaprint.engine.movement import cells_of
from pachaprint.engine.state import Phase
from pachaprint.engine.view import PlayerView
from pachaprint.model.rules import DIVERSITY_TOP_LEVEL, OFFERING_POINTS

BOT_NAMES = ("random", "greedy", "logician")
HUMAN = "human"


class Bot:
    """Base class: ``act(view, legal) -> action code``."""

    name = "bot"
    needs_view = True
    """False for bots that decide without looking (the simulator then skips building a view)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def act(self, view: PlayerView | None, legal: LegalActions) -> int:
        raise NotImplementedError


class RandomBot(Bot):
    """A uniform legal action."""

    name = "random"
    needs_view = False

    def act(self, view, legal):
        return legal[self.rng.randrange(len(legal))]


# -- shared reckoning ------------------------------------------------------------
_CACHE: OrderedDict[tuple, Knowledge | None] = OrderedDict()
_CACHE_SIZE = 128


def knowledge_of(view: PlayerView) -> Knowledge | None:
    """The sound knowledge of a view's table (cached; ``None`` if the table breaks the rules)."""
    key = (view.board.size, view.terrain, view.crop, view.supply)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    try:
        found: Knowledge | None = analyse(view.board, view.terrain, view.crop, view.supply)
    except Inconsistent:
        found = None
    _CACHE[key] = found
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return found


def discovery_points(stones, terrain: int) -> int:
    """Points a discovery of ``terrain`` would score with these diversity stones."""
    level = stones[terrain]
    if level >= DIVERSITY_TOP_LEVEL:
        return 1
    return 1 + sum(1 for t, s in enumerate(stones) if t != terrain and s == level + 1)


def expected_discovery(view: PlayerView) -> float:
    """Expected discovery points of the viewer for a hidden cell, over the terrain supply."""
    total = sum(view.supply)
    if not total:
        return 0.0
    stones = view.stones[view.player]
    return (
        sum(count * discovery_points(stones, t) for t, count in enumerate(view.supply) if count)
        / total
    )


def divination_value(domain: int, level: int) -> float:
    """Expected points of naming ``level`` when the crop is uniform over ``domain``."""
    levels = [v for v in range(1, 6) if domain >> v & 1]
    if not levels:
        return 0.0
    gain = level if level in levels else 0
    loss = sum(v for v in levels if v != level)
    return (gain - loss) / len(levels)


def token_count(mask: int) -> int:
    return mask.bit_count()


def _pick(rng: random.Random, scored: list[tuple[float, int]]) -> int:
    best = max(score for score, _ in scored)
    choices = [code for score, code in scored if score >= best - 1e-9]
    return choices[rng.randrange(len(choices))] if len(choices) > 1 else choices[0]


class GreedyBot(Bot):
    """Best immediate expected points; ties broken at random."""

    name = "greedy"

    def act(self, view, legal):
        phase = view.phase
        if phase is Phase.OFFER or phase is Phase.FINAL_OFFER:
            held = view.tokens[view.player]
            return A.offer(held) if OFFERING_POINTS[token_count(held)] > 0 else A.PASS
        know = knowledge_of(view)
        discover = expected_discovery(view)
        scored: list[tuple[float, int]] = []
        for code in legal:
            kind = code >> 12
            if kind == A.Kind.ENTER or kind == A.Kind.MOVE:
                value = discover if view.terrain[code & 63] < 0 else 0.0
            elif kind == A.Kind.DIVINE:
                cell = code >> 6 & 63
                domain = know.domains[cell] if know else A.ANY_LEVEL
                value = divination_value(domain, code & 63)
            else:
                value = 0.0
            scored.append((value, code))
        if A.PASS in legal:
            best = max(score for score, _ in scored)
            if best <= 0:
                return A.PASS
        return _pick(self.rng, scored)


class LogicianBot(Bot):
    """Divines only proven crops; explores for points and provable cells.

    Proven crops are facts about the hidden map, so the bot remembers them for
    the rest of the game (:attr:`known`). A cell it failed to prove is not tried
    again until the table around it (two cells each way) or the set of
    exhausted terrain stacks changes: skipping a proof is always safe.
    """

    name = "logician"

    def __init__(self, rng: random.Random, node_limit: int = 200):
        super().__init__(rng)
        self.node_limit = node_limit
        self.proved = 0
        """Divinations made (each one proven before it was named)."""
        self.known: dict[int, int] = {}
        """Crops proven so far: cell -> level."""
        self._stale: dict[int, tuple[int, int, int]] = {}

    def act(self, view, legal):
        phase = view.phase
        me = view.player
        held = view.tokens[me]
        if phase is Phase.FINAL_OFFER:
            return A.offer(held) if OFFERING_POINTS[token_count(held)] > 0 else A.PASS
        if phase is Phase.OFFER:
            if token_count(held) == 5 or (
                view.end_phase and OFFERING_POINTS[token_count(held)] > 0
            ):
                return A.offer(held)
            return A.PASS
        proofs = self._proofs(view)
        if proofs:
            cell, level = max(
                proofs.items(), key=lambda item: (not held >> (item[1] - 1) & 1, item[1], -item[0])
            )
            divine_value = sum(proofs.values()) + sum(
                1 for v in set(proofs.values()) if not held >> (v - 1) & 1
            )
        else:
            cell, level, divine_value = -1, 0, 0.0
        if phase is Phase.DIVINING or phase is Phase.END_DIVINE:
            if proofs:
                self.proved += 1
                return A.divine(cell, level)
            return A.PASS
        # start of a turn: divine what is proven, or explore
        explore = self._explore_choice(view, legal)
        if proofs and divine_value >= explore[0]:
            self.proved += 1
            return A.divine(cell, level)
        return explore[1]

    def _proofs(self, view: PlayerView) -> dict[int, int]:
        """Proven crops under this player's pawns that may divine."""
        known = self.known
        proofs = {}
        todo = []
        for cell in cells_of(view.eligible):
            if cell in known:
                proofs[cell] = known[cell]
            elif self._stale.get(cell) != _fingerprint(view, cell):
                todo.append(cell)
        if todo:
            know = knowledge_of(view)
            if know is not None:
                found = prove(know, todo, self.node_limit)
                proofs.update(found)
                known.update(found)
                for cell in cells_of(view.revealed & ~view.crop_mask):
                    level = know.certain(cell)
                    if level:
                        known[cell] = level
                for cell in todo:
                    if cell not in found:
                        self._stale[cell] = _fingerprint(view, cell)
        return proofs

    def _explore_choice(self, view: PlayerView, legal: LegalActions) -> tuple[float, int]:
        """The best Explore and its value: discovery points expected, a cell whose crop
        is certain to divine next, a small bonus for a new pawn, a small cost for
        leaving a cell still to divine, a larger one for retrieving."""
        discover = expected_discovery(view)
        full = (1 << view.board.cell_count) - 1
        hidden = full & ~view.revealed
        crops = view.crop_mask
        cropless = view.revealed & ~crops & ~view.all_pawns
        eligible = view.eligible
        spots: dict[float, int] = {}
        for cell in cells_of(cropless):
            certain = self.known.get(cell)
            value = 0.8 * certain if certain else 0.1
            spots[value] = spots.get(value, 0) | 1 << cell
        best = float("-inf")
        choices: list[int] = []

        def consider(value: float, base: int, mask: int, shift: int) -> None:
            nonlocal best, choices
            if not mask or value < best - 1e-9:
                return
            codes = [base | c << shift for c in cells_of(mask)]
            if value > best + 1e-9:
                best, choices = value, codes
            else:
                choices += codes

        for base, mask, shift in legal.groups:
            kind = base >> 12
            if kind == A.Kind.DIVINE:
                continue
            if kind == A.Kind.RETRIEVE:
                consider(-1.0, base, mask, shift)
                continue
            if kind == A.Kind.ENTER:
                bonus = 0.3
            else:
                bonus = -0.5 if eligible >> (base >> 6 & 63) & 1 else 0.0
            consider(discover + bonus, base, mask & hidden, shift)
            consider(bonus - 0.2, base, mask & crops, shift)
            for value, where in spots.items():
                consider(value + bonus, base, mask & where, shift)
        if not choices:
            return (float("-inf"), A.PASS)
        code = choices[self.rng.randrange(len(choices))] if len(choices) > 1 else choices[0]
        return (best, code)


_BOXES: dict[str, list[int]] = {}


def _fingerprint(view: PlayerView, cell: int) -> tuple[int, int, int]:
    """The table within two cells of ``cell``, and which terrain stacks are empty."""
    board = view.board
    boxes = _BOXES.get(board.size)
    if boxes is None:
        boxes = [
            sum(
                1 << board.cell(x, y)
                for x in range(board.column(c) - 2, board.column(c) + 3)
                for y in range(board.row(c) - 2, board.row(c) + 3)
                if board.contains(x, y)
            )
            for c in board.cells
        ]
        _BOXES[board.size] = boxes
    box = boxes[cell]
    empty = sum(1 << t for t, count in enumerate(view.supply) if not count)
    return (view.revealed & box, view.crop_mask & box, empty)


def make_bot(name: str, rng: random.Random) -> Bot:
    """A bot by name (``random``, ``greedy``, ``logician``); ``ValueError`` for others."""
    if name == "random":
        return RandomBot(rng)
    if name == "greedy":
        return GreedyBot(rng)
    if name == "logician":
        return LogicianBot(rng)
    raise ValueError(f"unknown bot {name!r} (choose from {', '.join(BOT_NAMES)})")
