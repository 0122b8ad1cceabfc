"""Each deduction technique on a hand-made position, with its exact effect and wording.

The map (tiny, regions named by their cells)::

      a b c d e
    1 V V D D D     Valley a1-b1-a2 (3), Desert c1-d1-e1-e2 (4)
    2 V F F F D     Forest b2-c2-d2-c3 (4)
    3 M M F M M     Mountain a3-b3-a4 (3), Mountain d3-e3-e4 (3)
    4 M D V V M     Desert b4-a5-b5 (3), Valley c4-d4-c5-d5 (4)
    5 D D V V F     Forest e5 (1)
"""

from __future__ import annotations

import pytest

from pachaprint.check import techniques as t
from pachaprint.check.techniques import Difficulty, Position, next_deduction
from pachaprint.model.board import board_for
from pachaprint.model.regions import find_regions

TERRAIN = "VVDDDVFFFDMMFMMMDVVMDDVVF"
BOARD = board_for("tiny")


def bits(*levels: int) -> int:
    return sum(1 << v for v in levels)


@pytest.fixture(scope="module")
def pos() -> Position:
    return Position(BOARD, TERRAIN)


def cell(name: str) -> int:
    return BOARD.index(name)


def named(pairs) -> set[tuple[str, int]]:
    return {(BOARD.name(c), v) for c, v in pairs}


def test_the_map_is_valid_and_has_the_documented_regions():
    regions = find_regions(BOARD, TERRAIN)
    assert sorted(tuple(BOARD.names(r.cells)) for r in regions) == sorted(
        [
            ("a1", "b1", "a2"),
            ("c1", "d1", "e1", "e2"),
            ("b2", "c2", "d2", "c3"),
            ("a3", "b3", "a4"),
            ("d3", "e3", "e4"),
            ("b4", "a5", "b5"),
            ("c4", "d4", "c5", "d5"),
            ("e5",),
        ]
    )
    # separation: cells of one terrain that touch (even at a corner) share a region
    owner = {c: r.index for r in regions for c in r.cells}
    for c in BOARD.cells:
        for n in BOARD.neighbours8[c]:
            if TERRAIN[c] == TERRAIN[n]:
                assert owner[c] == owner[n]


def test_difficulty_orders_by_tier_not_by_spelling():
    assert (
        Difficulty.EASY
        < Difficulty.MEDIUM
        < Difficulty.HARD
        < Difficulty.EXPERT
        < Difficulty.NEEDS_GUESSING
    )
    assert max(Difficulty.HARD, Difficulty.EXPERT, Difficulty.EASY) is Difficulty.EXPERT
    assert Difficulty("needs-guessing") is Difficulty.NEEDS_GUESSING


def test_one_list_of_techniques_easiest_first_each_with_its_own_finder():
    ids = [tech.id for tech in t.TECHNIQUES]
    assert ids == [
        "placed-level",
        "single-cell-region",
        "naked-single",
        "hidden-single",
        "region-shadow",
        "pointing",
        "naked-pair",
        "hidden-pair",
        "naked-triple",
        "hidden-triple",
        "contradiction",
    ]
    assert [tech.find.__name__ for tech in t.TECHNIQUES] == [
        "find_" + tid.replace("-", "_") for tid in ids
    ]
    tiers = [tech.tier for tech in t.TECHNIQUES]
    assert tiers == sorted(tiers)
    assert {tech.id: tech for tech in t.TECHNIQUES} == t.BY_ID


def test_placed_level_rules_out_the_level_in_region_and_around(pos):
    dom, placed = pos.start({cell("c3"): 2})
    (step,) = list(t.find_placed_level(pos, dom, placed))
    assert step.technique.id == "placed-level" and step.tier is Difficulty.EASY
    assert named(step.ruled_out) == {
        (n, 2) for n in ("b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4")
    }
    assert step.text == (
        "ruling out 2 at b2, c2, d2, b3, d3, b4, c4 and d4: c3 holds 2; "
        "b2, c2 and d2 are in its region and b3, d3, b4, c4 and d4 touch it"
    )
    step.apply(dom, placed)
    assert list(t.find_placed_level(pos, dom, placed)) == []


def test_single_cell_region_holds_1(pos):
    dom, placed = pos.start({})
    (step,) = list(t.find_single_cell_region(pos, dom, placed))
    assert step.placed == ((cell("e5"), 1),)
    assert step.text == "e5 must be 1: it is the only cell of its 1-cell Forest region"
    step.apply(dom, placed)
    assert cell("e5") in placed and dom[cell("e5")] == bits(1)


def test_naked_single_places_the_last_level_left(pos):
    dom, placed = pos.start({})
    dom[cell("a1")] = bits(2)
    steps = list(t.find_naked_single(pos, dom, placed))
    assert [s.placed for s in steps] == [((cell("a1"), 2),)]
    assert steps[0].text == "a1 must be 2: 1 and 3 are ruled out there"
    # placed tiles that rule levels out are named
    dom, placed = pos.start({cell("b1"): 1})
    dom[cell("a1")] = bits(2)
    (step,) = [s for s in t.find_naked_single(pos, dom, placed) if s.placed[0][0] == cell("a1")]
    assert (
        step.text
        == "a1 must be 2: 1 and 3 are ruled out there (b1 holds 1; the rest by earlier steps)"
    )
    dom[cell("a2")] = bits(3)
    placed.add(cell("a2"))
    (step,) = [s for s in t.find_naked_single(pos, dom, placed) if s.placed[0][0] == cell("a1")]
    assert step.text == "a1 must be 2: 1 and 3 are ruled out there (b1 holds 1 and a2 holds 3)"


def test_hidden_single_finds_the_only_place_for_a_level(pos):
    dom, placed = pos.start({})
    dom[cell("a1")] = bits(1, 2)
    dom[cell("b1")] = bits(1, 2)
    (step,) = list(t.find_hidden_single(pos, dom, placed))
    assert step.placed == ((cell("a2"), 3),)
    assert (
        step.text
        == "a2 must be 3: it is the only place left for the 3 of the Valley region a1-b1-a2"
    )


def test_region_shadow_rules_out_every_level_of_a_touched_region(pos):
    dom, placed = pos.start({})
    steps = list(t.find_region_shadow(pos, dom, placed))
    found = {(BOARD.name(s.ruled_out[0][0]), s.because) for s in steps}
    # b2 touches all of a1-b1-a2, d2 all of c1-d1-e1-e2, a4 all of b4-a5-b5, b4 all of
    # a3-b3-a4, d4 all of d3-e3-e4 and the 1-cell region e5; e4 and d5 touch e5
    assert found == {
        ("b2", (cell("a1"), cell("b1"), cell("a2"))),
        ("d2", (cell("c1"), cell("d1"), cell("e1"), cell("e2"))),
        ("a4", (cell("b4"), cell("a5"), cell("b5"))),
        ("b4", (cell("a3"), cell("b3"), cell("a4"))),
        ("d4", (cell("d3"), cell("e3"), cell("e4"))),
        ("d4", (cell("e5"),)),
        ("e4", (cell("e5"),)),
        ("d5", (cell("e5"),)),
    }
    shadow = next(s for s in steps if s.because == (cell("d3"), cell("e3"), cell("e4")))
    assert named(shadow.ruled_out) == {("d4", 1), ("d4", 2), ("d4", 3)}
    assert shadow.text == (
        "ruling out 1, 2 and 3 at d4: it touches every cell of the Mountain region d3-e3-e4, "
        "which holds 1, 2 and 3"
    )
    for step in steps:
        step.apply(dom)
    assert dom[cell("d4")] == bits(4)  # now a naked single


def test_pointing_rules_out_a_cell_touching_every_place_left(pos):
    dom, placed = pos.start({})
    dom[cell("a1")] = bits(1, 2)
    steps = list(t.find_pointing(pos, dom, placed))
    (step,) = [s for s in steps if s.because == (cell("b1"), cell("a2"))]
    assert named(step.ruled_out) == {("b2", 3)}
    # the other steps (other regions' levels) are sound too: every place touches every target
    for other in steps:
        for target, level in other.ruled_out:
            assert all(p in BOARD.neighbours8[target] for p in other.because)
            assert dom[target] >> level & 1
    assert step.tier is Difficulty.MEDIUM
    assert step.text == (
        "ruling out 3 at b2: the 3 of the Valley region a1-b1-a2 must be in b1 or a2, which both touch b2"
    )


def test_naked_pair_within_a_region(pos):
    dom, placed = pos.start({})
    dom[cell("c1")] = dom[cell("d1")] = bits(1, 2)
    steps = [
        s for s in t.find_naked_pair(pos, dom, placed) if s.because == (cell("c1"), cell("d1"))
    ]
    (step,) = steps
    assert named(step.ruled_out) == {(n, v) for n in ("e1", "c2", "d2", "e2") for v in (1, 2)}
    assert step.tier is Difficulty.HARD
    assert step.text == (
        "ruling out 1 and 2 at e1, c2, d2 and e2: c1 and d1 can only hold 1 or 2, so between them "
        "they hold both, and e1, c2, d2 and e2 share a region with or touch each of them"
    )


def test_naked_pair_across_two_touching_regions(pos):
    dom, placed = pos.start({})
    dom[cell("b4")] = dom[cell("c4")] = bits(1, 2)
    (step,) = list(t.find_naked_pair(pos, dom, placed))
    assert step.because == (cell("b4"), cell("c4"))
    # b3 and c3 touch both; b5 shares b4's region and touches c4; c5 the other way round
    assert named(step.ruled_out) == {(n, v) for n in ("b3", "c3", "b5", "c5") for v in (1, 2)}


def test_hidden_pair_keeps_only_the_two_levels(pos):
    dom, placed = pos.start({})
    dom[cell("e1")] = dom[cell("e2")] = bits(1, 2)
    (step,) = list(t.find_hidden_pair(pos, dom, placed))
    assert named(step.ruled_out) == {("c1", 1), ("c1", 2), ("d1", 1), ("d1", 2)}
    assert step.text == (
        "ruling out 1 and 2 at c1 and d1: in the Desert region c1-d1-e1-e2 the levels 3 and 4 "
        "fit only c1 and d1, so those cells hold them and nothing else"
    )


def test_naked_triple_in_a_region_and_the_cell_touching_all_three(pos):
    dom, placed = pos.start({})
    dom[cell("b2")], dom[cell("c2")], dom[cell("d2")] = bits(1, 2), bits(2, 3), bits(1, 3)
    steps = [
        s
        for s in t.find_naked_triple(pos, dom, placed)
        if s.because == (cell("b2"), cell("c2"), cell("d2"))
    ]
    (step,) = steps
    assert named(step.ruled_out) == {(n, v) for n in ("c1", "c3") for v in (1, 2, 3)}
    assert step.tier is Difficulty.HARD
    assert "so between them they hold all three" in step.text


def test_hidden_triple(pos):
    dom, placed = pos.start({})
    for name in ("c4", "d4", "c5"):
        dom[cell(name)] = bits(1, 2, 3, 4)
    dom[cell("d5")] = bits(4)
    steps = [s for s in t.find_hidden_triple(pos, dom, placed) if cell("c4") in s.because]
    (step,) = steps
    assert named(step.ruled_out) == {("c4", 4), ("d4", 4), ("c5", 4)}
    assert "the levels 1, 2 and 3 fit only c4, d4 and c5" in step.text


def test_contradiction_follows_easy_steps_to_a_dead_end(pos):
    dom, placed = pos.start({})
    dom[cell("a1")] = dom[cell("a2")] = bits(1, 2)
    dom[cell("b2")] = bits(1, 2, 4)
    steps = [s for s in t.find_contradiction(pos, dom, placed) if s.because == (cell("b2"),)]
    assert {s.ruled_out for s in steps} == {((cell("b2"), 1),), ((cell("b2"), 2),)}
    for step in steps:
        level = step.ruled_out[0][1]
        assert step.text.startswith(
            f"ruling out {level} at b2: if b2 held {level}, then after the easy steps "
        )
        assert step.tier is Difficulty.EXPERT
    # 4 survives the trial: it is not ruled out
    assert all(s.ruled_out != ((cell("b2"), 4),) for s in steps)


def test_easy_fixpoint_names_the_dead_end(pos):
    dom, _ = pos.start({})
    dom[cell("a1")] = dom[cell("a2")] = dom[cell("b1")] = bits(1, 2)
    why = pos.easy_fixpoint(dom)
    assert why == "the Valley region a1-b1-a2 would have no place for its 3"


def test_next_deduction_takes_the_easiest_tier_first(pos):
    dom, placed = pos.start({})
    dom[cell("a1")] = bits(1, 2)  # a pointing step is available ...
    step = next_deduction(pos, dom, placed)
    assert step.tier is Difficulty.EASY  # ... but the 1-cell region comes first
    assert step.technique.id == "single-cell-region"
    assert (
        next_deduction(
            pos, dom, placed, skip=frozenset({"single-cell-region", "region-shadow"})
        ).technique.id
        == "pointing"
    )


def test_deduction_to_dict_names_cells(pos):
    dom, placed = pos.start({cell("c3"): 2})
    (step,) = list(t.find_placed_level(pos, dom, placed))
    data = step.to_dict(BOARD)
    assert data["technique"] == "placed-level" and data["tier"] == "easy"
    assert data["because"] == ["c3"]
    assert data["ruled_out"]["b2"] == [2] and len(data["ruled_out"]) == 8
