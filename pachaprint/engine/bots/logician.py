"""``logician``: divines only crops proven by :mod:`pachaprint.engine.bots.proofs`, so it never
divines wrong; explores for points and for cells it can prove; offers five tokens at
once, or what it has at the very end."""

from __future__ import annotations

import random
from typing import Final

from pachaprint.engine.bots.base import Bot, expected_discovery
from pachaprint.engine.bots.proofs import prove
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind, LegalActions
from pachaprint.engine.rules.events import Phase
from pachaprint.engine.rules.movement import cells_of, nth_cell
from pachaprint.engine.rules.view import PlayerView
from pachaprint.model.rules import OFFERING_POINTS

# Enum members read in hot code, bound once: a compiled module reads a Final
# constant directly, where ``Phase.TURN`` costs a lookup through the enum's class.
_PHASE_DIVINING: Final = Phase.DIVINING
_PHASE_END_DIVINE: Final = Phase.END_DIVINE
_PHASE_FINAL_OFFER: Final = Phase.FINAL_OFFER
_PHASE_OFFER: Final = Phase.OFFER

_DIVINE: Final = int(Kind.DIVINE)
_RETRIEVE: Final = int(Kind.RETRIEVE)
_ENTER: Final = int(Kind.ENTER)


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
        self.known: dict[int, int] = {}
        """Crops proven so far: cell -> level."""
        self._stale: dict[int, tuple[int, int, int]] = {}
        self._known_count = self._known_mask = 0

    def proofs_known(self) -> int:
        return len(self.known)

    def act(self, view: PlayerView | None, legal: LegalActions) -> int:
        assert view is not None
        phase = view.phase
        held = view.tokens[view.account]
        count = held.bit_count()
        if phase is _PHASE_FINAL_OFFER:
            return A.offer(held) if OFFERING_POINTS[count] > 0 else A.PASS
        if phase is _PHASE_OFFER:
            if count == 5 or (view.end_phase and OFFERING_POINTS[count] > 0):
                return A.offer(held)
            return A.PASS
        proofs = self.proofs(view)
        if proofs:
            cell, level = max(
                proofs.items(), key=lambda item: (not held >> (item[1] - 1) & 1, item[1], -item[0])
            )
            divine_value = sum(proofs.values()) + sum(
                1 for v in set(proofs.values()) if not held >> (v - 1) & 1
            )
        else:
            cell, level, divine_value = -1, 0, 0
        if phase is _PHASE_DIVINING or phase is _PHASE_END_DIVINE:
            if proofs:
                self.proved += 1
                return A.divine(cell, level)
            return A.PASS
        # start of a turn: divine what is proven, or explore
        explore = self.explore_choice(view, legal)
        if proofs and divine_value >= explore[0]:
            self.proved += 1
            return A.divine(cell, level)
        return explore[1]

    def proofs(self, view: PlayerView) -> dict[int, int]:
        """Proven crops under this seat's pawns that may divine."""
        known, stale = self.known, self._stale
        proofs: dict[int, int] = {}
        eligible = view.eligible
        if not eligible:
            return proofs
        # a cell's fingerprint: the table within two cells of it, and which terrain
        # stacks are empty (a failed proof is tried again only when it changes)
        boxes = view.geo.within2
        empty = sum(1 << t for t, count in enumerate(view.supply) if not count)
        revealed, crop_mask = view.revealed, view.crop_mask
        todo = []
        for cell in cells_of(eligible):
            if cell in known:
                proofs[cell] = known[cell]
            elif stale.get(cell) != (revealed & boxes[cell], crop_mask & boxes[cell], empty):
                todo.append(cell)
        if todo:
            know = self.knowledge(view)
            if know is not None:
                found = prove(know, todo, self.node_limit)
                proofs.update(found)
                known.update(found)
                known.update(know.certain_levels(revealed & ~crop_mask))
                for cell in todo:
                    if cell not in found:
                        stale[cell] = (revealed & boxes[cell], crop_mask & boxes[cell], empty)
        return proofs

    def explore_choice(self, view: PlayerView, legal: LegalActions) -> tuple[float, int]:
        """The best Explore and its value: discovery points expected, a cell whose crop
        is certain to divine next, a small bonus for a new pawn, a small cost for
        leaving a cell still to divine, a larger one for retrieving."""
        discover = expected_discovery(view)
        full = (1 << view.board.cell_count) - 1
        hidden = full & ~view.revealed
        crops = view.crop_mask
        cropless = view.revealed & ~crops & ~view.all_pawns
        eligible = view.eligible
        known = self.known
        if len(known) != self._known_count:
            self._known_count, self._known_mask = len(known), sum(1 << c for c in known)
        # the spots: cells without crop and pawn, by the value of ending there (0.8 x a
        # proven crop, else 0.1), each value in the order of its lowest cell
        unknown = cropless & ~self._known_mask
        first = unknown & -unknown
        spots: dict[float, int] = {}
        for cell in cells_of(cropless & self._known_mask):
            if first and first < 1 << cell:
                spots[0.1], first = unknown, 0
            value = 0.8 * known[cell]
            spots[value] = spots.get(value, 0) | 1 << cell
        if first:
            spots[0.1] = unknown
        tiers = [(discover, hidden), (-0.2, crops), *spots.items()]
        retrieve = [(-1.0, full)]
        best = float("-inf")
        choices: list[tuple[tuple[int, int, int], int]] = []
        """Groups and the masks of their members that share the best value (the first
        value within 1e-9 of the best stands for it)."""
        for group in legal.groups:
            kind, mask = A.kind_of(group[0]), group[1]
            if kind == _DIVINE:
                continue
            if kind == _RETRIEVE:
                bonus, group_tiers = 0.0, retrieve
            else:
                start_eligible = kind != _ENTER and eligible >> A.cell_of(group[0]) & 1
                bonus = 0.3 if kind == _ENTER else -0.5 if start_eligible else 0.0
                group_tiers = tiers
            for value, where in group_tiers:
                where &= mask
                if where:
                    value += bonus
                    if value > best + 1e-9:
                        best, choices = value, [(group, where)]
                    elif value >= best - 1e-9:
                        choices.append((group, where))
        count = sum(mask.bit_count() for _, mask in choices)
        if not count:
            return (float("-inf"), A.PASS)
        index = self.rng.randrange(count) if count > 1 else 0
        for group, mask in choices:
            if index < mask.bit_count():
                return (best, A.group_code(group, nth_cell(mask, index)))
            index -= mask.bit_count()
        raise AssertionError("unreachable: the index is below the count")
