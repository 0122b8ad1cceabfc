"""The expert's crop odds: every solution around a cell, listed once per group.

The map is Lake Shore (tests/helpers.py):

    terrain  VVFFF / VVVFV / MDDMM / MMVMM / MVVVM
    crops    12142 / 34531 / 21242 / 34353 / 12141     start d1 b2 a5 e5
"""

from __future__ import annotations

import itertools
import random

import pytest

from pachaprint.engine.bots import make_bot
from pachaprint.engine.bots.belief import (
    PublicBelief,
    Refinements,
    _group,
    _likelihood,
    _parts_of,
)
from pachaprint.engine.rules.config import Mode
from pachaprint.engine.rules.movement import cells_of
from tests.test_bots_choices import BOARD, LAKE, c, lake

OPEN = ("a1", "a2", "b1", "b2", "c1", "c2", "c3", "d3", "d4", "a3")
"""Ten open tiles: the valley a1 b1 a2 b2 c2 is complete (five cells, b2 a 4), the
cells around it are not; nine cells are undecided, all linked to each other."""


def table() -> PublicBelief:
    state = lake()
    for name in OPEN:
        state.reveal(c(name))
    view = state.view()
    return PublicBelief.of_table(
        view.geo, view.terrain, view.crop, view.supply, memo=Refinements(exact=True)
    )


def brute_force(belief: PublicBelief, group: list[int]) -> dict[int, list[float]]:
    """Every choice of levels for ``group`` that breaks no constraint (no two peers alike,
    every complete region holding each of its levels once), weighed as the expert
    weighs a solution; per cell, its levels' shares."""
    know = belief.know
    assert know is not None
    units = know.units
    parts = _parts_of(know, group)
    weights = {cell: [0.0] * 6 for cell in group}
    choices = [[v for v in range(1, 6) if know.domains[cell] >> v & 1] for cell in group]
    for levels in itertools.product(*choices):
        level_of = dict(zip(group, levels, strict=True))
        if any(
            level_of.get(peer) == level
            for cell, level in level_of.items()
            for peer in know.peers[cell]
        ):
            continue
        dom = list(know.domains)
        for cell, level in level_of.items():
            dom[cell] = 1 << level
        whole = True
        for cells, mask in units:
            placed = sorted(dom[x].bit_length() - 1 for x in cells)
            expected = [v for v in range(1, 6) if mask >> v & 1]
            whole = whole and placed == expected
        if not whole:
            continue
        likely = _likelihood(know, parts, dom)
        for cell, level in level_of.items():
            weights[cell][level] += likely
    return weights


def test_the_odds_of_every_cell_of_a_group_are_its_share_of_the_weighed_solutions():
    belief = table()
    know = belief.know
    assert know is not None
    group = sorted(_group(know, c("a1")))
    assert len(group) == 9 and all(set(know.peers[x]) <= set(group) for x in group)
    expected = brute_force(belief, group)
    for cell in group:  # the first cell lists the solutions; the others read them back
        total = sum(expected[cell])
        assert belief.crop_odds(cell) == pytest.approx([w / total for w in expected[cell]])
    # the valley's cells take the levels 1, 2, 3 and 5 between them (b2 holds the 4)
    valley = [c(name) for name in ("a1", "b1", "a2", "c2")]
    for v in (1, 2, 3, 5):
        assert sum(belief.crop_odds(cell)[v] for cell in valley) == pytest.approx(1.0)


def test_the_same_odds_from_a_fresh_memory_and_in_any_order():
    first, second = table(), table()
    cells = [c(name) for name in OPEN if c(name) not in (c("b2"),)]
    forward = {cell: first.crop_odds(cell) for cell in cells}
    backward = {cell: second.crop_odds(cell) for cell in reversed(cells)}
    assert forward == backward


@pytest.mark.parametrize("seed", [1, 2])
def test_the_true_crop_always_keeps_a_chance(seed):
    """The map itself is one of the solutions: an expert's odds never rule its crop out."""
    from pachaprint.engine.rules.config import GameConfig
    from pachaprint.engine.rules.modes import new_game

    rng = random.Random(seed)
    state = new_game(LAKE, GameConfig(players=2, seed=seed))
    bots = [make_bot("expert", random.Random(rng.getrandbits(64)), Mode.COMPETITIVE)]
    bots.append(make_bot("expert", random.Random(rng.getrandbits(64)), Mode.COMPETITIVE))
    checked = 0
    while not state.is_terminal():
        info = state.information_state()
        belief = PublicBelief.of_table(
            info.geo, info.terrain, info.crop, info.supply, memo=Refinements(exact=True)
        )
        for cell in cells_of(state.revealed & ~state.crop_mask):
            odds = belief.crop_odds(cell)
            assert odds[LAKE.crop_at(cell)] > 0, BOARD.name(cell)
            checked += 1
        state.apply(bots[state.current_player].decide(state))
    assert checked > 50
