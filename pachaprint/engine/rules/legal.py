"""The legal actions of each decision, as :class:`~pachaprint.engine.rules.actions.LegalActions`.

Plain functions of the table's bit masks; the state
(:meth:`~pachaprint.engine.rules.state.GameState.decision_actions`) and each mode
(:meth:`~pachaprint.engine.rules.state.GameState.turn_actions`) call them and
cache the result after each action. The order of the actions is part of the
engine's behaviour (bots choose among them by index, so a reordering changes
games): entries first, then the moves of each pawn, retrievals, divinations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import ANY_LEVEL, Kind, LegalActions
from pachaprint.engine.rules.movement import (
    Direction,
    Geometry,
    cells_of,
    coop_enter_ends,
    coop_move_ends,
    enter_ends,
    flood,
    player_move_ends,
)

_ENTER: Final = A.base(Kind.ENTER)
_MOVE_FROM: Final = A.MOVE_FROM
_DIVINE_AT: Final = A.DIVINE_AT
_RETRIEVE: Final = A.cells_group(Kind.RETRIEVE, 0)[0]
_A_FIELD: Final = A.cells_group(Kind.RETRIEVE, 0)[2]
Groups = list[tuple[int, int, int]]


def _offers(held: int) -> tuple[int, ...]:
    """Every offer of some of the tokens ``held`` (largest submask first), then pass."""
    codes = []
    sub = held
    while sub:
        codes.append(A.offer(sub))
        sub = (sub - 1) & held
    return (*codes, A.PASS)


_OFFERS = tuple(_offers(held) for held in range(32))


def turn_actions(
    geo: Geometry,
    own: int,
    pawns: int,
    crops: int,
    revealed: int,
    can_enter: bool,
    retrieve: bool = False,
) -> LegalActions:
    """Explore and Divine at the start of a turn: enter a pawn from supply (``can_enter``),
    move one, retrieve one (the competitive game), or divine under one."""
    groups: Groups = []
    if can_enter:
        ends = enter_ends(geo, own, pawns, crops)
        if ends:
            groups.append((_ENTER, ends, 0))
    if own:
        for group, ends in player_move_ends(geo, own, pawns, crops):
            if ends:
                for start in cells_of(group):
                    groups.append((_MOVE_FROM[start], ends, 0))
        if retrieve:
            groups.append((_RETRIEVE, own, _A_FIELD))
    return LegalActions(_divine_groups(groups, own & revealed & ~crops), [])


def coop_turn_actions(
    geo: Geometry,
    own: int,
    pawns: int,
    crops: int,
    revealed: int,
    can_enter: bool,
    arrow: Direction | None,
) -> LegalActions:
    """Co-op Explore (the spent tile's ``arrow`` forces a pawn's first step) and Divine."""
    groups: Groups = []
    if can_enter:
        ends = coop_enter_ends(geo, own, pawns, crops)
        if ends:
            groups.append((_ENTER, ends, 0))
    for start in cells_of(own):
        ends = coop_move_ends(geo, start, arrow, own, pawns, crops)
        if ends:
            groups.append((_MOVE_FROM[start], ends, 0))
    return LegalActions(_divine_groups(groups, own & revealed & ~crops), [])


def _divine_groups(groups: Groups, eligible: int) -> Groups:
    for cell in cells_of(eligible):
        groups.append((_DIVINE_AT[cell], ANY_LEVEL, 0))
    return groups


def divinations(eligible: int, may_pass: bool) -> LegalActions:
    """Divining again (under any ``eligible`` pawn), or passing when ``may_pass``."""
    groups = _divine_groups([], eligible)
    if not groups:
        return A.NO_ACTIONS
    return LegalActions(groups, [A.PASS] if may_pass else [])


def offers(held: int) -> LegalActions:
    """Offering some of the tokens ``held``, or passing (nothing without tokens)."""
    return LegalActions([], list(_OFFERS[held])) if held else A.NO_ACTIONS


def spending(hand: Sequence[int]) -> LegalActions:
    """Co-op: spending the top tile of a stack of the hand (tiles per terrain)."""
    return LegalActions([], [A.spend(t) for t, size in enumerate(hand) if size])


def otoma_choices(pawns: int) -> LegalActions:
    """Hard solo: the Otoma pawn an own-colour arrow moves."""
    return LegalActions([], [A.choose_otoma(i) for i in range(pawns)])


def placements(unplaced: Sequence[int], free: int) -> LegalActions:
    """Placing one of the ``unplaced`` Otoma pawns on one of the ``free`` start cells (a mask)."""
    if not free:
        return A.NO_ACTIONS
    return LegalActions([(A.base(Kind.PLACE, pawn), free, 0) for pawn in unplaced], [])


def hands(holders: Sequence[int]) -> LegalActions:
    """Co-op: the seats whose hand may give the tile of a group discovery."""
    return LegalActions([], [A.hand(seat) for seat in holders])


def reach(geo: Geometry, own: int, walls: int, revealed: int, can_enter: bool) -> int:
    """Every cell a side's pawns could ever end an Explore on while the pawns of ``walls``
    stand still and no tile is placed: however the side moves and divines meanwhile.

    A pawn walks on through crops and its own pawns, and a tile without a crop it
    stops on becomes a crop once divined, so in the long run the side's pawns (and,
    with pawns in supply, every edge cell) reach every cell joined to them through
    cells with terrain, and stop next to them. The walls never let a pawn by."""
    free = geo.all & ~walls
    seeds = own | (geo.edge & free if can_enter else 0)
    through = flood(geo, seeds & revealed, revealed & free)
    return (seeds | geo.spread(through)) & free
