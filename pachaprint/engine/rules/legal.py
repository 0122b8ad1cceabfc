"""The legal actions of each decision, in every mode (RULES.md sections 3-5).

Functions of a :class:`~pachaprint.engine.rules.table.Table`: the state caches their
result after each action. The order of the actions is part of the engine's
behaviour (bots choose among them by index, so a reordering changes games):
entries first, then the moves of each pawn, retrievals, divinations.
"""

from __future__ import annotations

from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import ANY_LEVEL, Kind, LegalActions
from pachaprint.engine.rules.events import Phase
from pachaprint.engine.rules.movement import (
    cells_of,
    coop_enter_ends,
    coop_move_ends,
    enter_ends,
    player_move_ends,
)
from pachaprint.engine.rules.table import Table

_ENTER = A.base(Kind.ENTER)
_MOVE_FROM, _DIVINE_AT = A.MOVE_FROM, A.DIVINE_AT
_RETRIEVE, _, _A_FIELD = A.cells_group(Kind.RETRIEVE, 0)


def _offers(held: int) -> tuple[int, ...]:
    """Every offer of some of the tokens ``held`` (largest submask first), then pass."""
    codes = []
    sub = held
    while sub:
        codes.append(A.offer(sub))
        sub = (sub - 1) & held
    return (*codes, A.PASS)


_OFFERS = tuple(_offers(held) for held in range(32))


def decision_actions(table: Table) -> LegalActions:
    """The legal actions of the decision at hand (empty for a decision without a choice)."""
    phase = table.phase
    seat = table.current_player
    if phase is Phase.TURN:
        return turn_actions(table, seat)
    if phase is Phase.DIVINING or phase is Phase.END_DIVINE:
        groups = [(_DIVINE_AT[c], ANY_LEVEL, 0) for c in cells_of(table.eligible(seat))]
        if not groups:
            return A.NO_ACTIONS
        return LegalActions(groups, [] if table.rules.divine_all else [A.PASS])
    if phase is Phase.OFFER or phase is Phase.FINAL_OFFER:
        held = table.tokens[table.account_of[seat]]
        return LegalActions([], list(_OFFERS[held])) if held else A.NO_ACTIONS
    if phase is Phase.SPEND:
        assert table.tiles is not None
        hand = table.tiles.hands[seat]
        return LegalActions([], [A.spend(t) for t, size in enumerate(hand) if size])
    if phase is Phase.CHOOSE_OTOMA:
        assert table.otoma is not None
        return LegalActions([], [A.choose_otoma(i) for i in range(len(table.otoma.pawns))])
    return A.NO_ACTIONS


def turn_actions(table: Table, seat: int) -> LegalActions:
    """Explore and Divine actions at the start of a turn."""
    geo, rules = table.geo, table.rules
    side = table.side_of[seat]
    own, pawns, crops = table.pawn_mask[side], table.all_pawns, table.crop_mask
    groups: list[tuple[int, int, int]] = []
    append = groups.append
    if rules.spend:
        arrow = table.tiles.arrow if table.tiles else None
        if table.reserve[side]:
            ends = coop_enter_ends(geo, own, pawns, crops)
            if ends:
                append((_ENTER, ends, 0))
        for start in cells_of(own):
            ends = coop_move_ends(geo, start, arrow, own, pawns, crops)
            if ends:
                append((_MOVE_FROM[start], ends, 0))
    else:
        if table.reserve[side]:
            ends = enter_ends(geo, own, pawns, crops)
            if ends:
                append((_ENTER, ends, 0))
        if own:
            for group, ends in player_move_ends(geo, own, pawns, crops):
                if ends:
                    for start in cells_of(group):
                        append((_MOVE_FROM[start], ends, 0))
            if rules.retrieve:
                append((_RETRIEVE, own, _A_FIELD))
    eligible = own & table.revealed & ~crops
    if eligible:
        for cell in cells_of(eligible):
            append((_DIVINE_AT[cell], ANY_LEVEL, 0))
    return LegalActions(groups, [])


def shut_out(table: Table, legal: LegalActions) -> bool:
    """Solo: True when the table can never change again (RULES.md is silent; our ruling).

    Without retrieval the player can be shut out: every Explore ends on a crop
    (no arrow, so no Otoma move) and no pawn may divine. Pawns standing on
    crops do not change where the others can go (crops and own pawns are both
    crossed), so the position is final and the game ends; cells still
    without terrain score for no one.
    """
    crops = table.crop_mask
    for group_base, mask, _ in legal.groups:
        kind = A.kind_of(group_base)
        if kind == Kind.DIVINE or ((kind == Kind.ENTER or kind == Kind.MOVE) and mask & ~crops):
            return False
    return not any(A.kind_of(code) != Kind.PASS for code in legal.extra)
