"""The grader on known cases: the grade is the hardest tier the techniques need."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pachaprint.check.grade import deductions, grade, grade_givens, grade_position, solves_within
from pachaprint.check.solver import CropSolver, givens_of, solve_scenario
from pachaprint.check.techniques import Difficulty, is_solved, position_for
from pachaprint.model.board import board_for
from pachaprint.model.scenario import Scenario
from tests.helpers import LAKE_TERRAIN, example
from tests.test_library import library

TINY = board_for("tiny")
# the hand-made map of test_techniques; it admits no crop layer at all (checked below)
TERRAIN = "VVDDDVFFFDMMFMMMDVVMDDVVF"


def scenario(name: str) -> Scenario:
    return Scenario.from_dict(example(name))


def test_every_crop_given_is_easy():
    s = scenario("lake-shore")
    solution = solve_scenario(s).solution
    givens = {c: solution[c] for c in s.board.cells}
    assert grade_givens(s.board, s.terrain_flat, givens) is Difficulty.EASY


def test_lake_shore_needs_pointing_so_it_is_medium():
    s = scenario("lake-shore")
    pos = position_for(s.board, s.terrain_flat)
    givens = givens_of(s)
    assert not solves_within(pos, givens, Difficulty.EASY)
    assert solves_within(pos, givens, Difficulty.MEDIUM)
    assert grade(s) is Difficulty.MEDIUM


def test_high_valley_needs_a_contradiction_so_it_is_expert():
    s = scenario("high-valley")
    pos = position_for(s.board, s.terrain_flat)
    givens = givens_of(s)
    assert not solves_within(pos, givens, Difficulty.HARD)
    assert grade(s) is Difficulty.EXPERT


def test_an_ambiguous_map_needs_guessing():
    terrain = "".join(LAKE_TERRAIN)
    assert CropSolver(TINY, terrain).count({}, 3) >= 2
    assert grade_givens(TINY, terrain, {}) is Difficulty.NEEDS_GUESSING


def test_a_map_without_any_crop_layer_needs_guessing():
    assert CropSolver(TINY, TERRAIN).count({}, 1) == 0
    assert grade_givens(TINY, TERRAIN, {}) is Difficulty.NEEDS_GUESSING


def test_contradictory_givens_need_guessing_rather_than_crash():
    # a1 and b1 share the Valley region: both 1 is impossible
    assert grade_givens(TINY, TERRAIN, {0: 1, 1: 1}) is Difficulty.NEEDS_GUESSING
    # a level larger than the region
    assert grade_givens(TINY, TERRAIN, {0: 5}) is Difficulty.NEEDS_GUESSING


def test_an_oversized_region_needs_guessing():
    terrain = "VVVVVVDDDDMMFMMMDVVMDDVVF"
    assert grade_givens(TINY, terrain, {}) is Difficulty.NEEDS_GUESSING


def test_grade_and_grade_givens_agree():
    s = scenario("high-valley")
    assert grade(s) is grade_givens(s.board, s.terrain_flat, givens_of(s))


LIBRARY_GRADES = {
    "akapana-mound": "expert",
    "altiplano-crossing": "easy",
    "colca-canyon": "easy",
    "cordillera-real": "medium",
    "edge-of-atacama": "hard",
    "illimani-shadow": "hard",
    "inti-raymi": "expert",
    "kalasasaya-courtyard": "hard",
    "manu-headwaters": "expert",
    "maras-salt-pans": "hard",
    "misti-at-dawn": "expert",
    "moray-terraces": "medium",
    "reed-isles": "medium",
    "road-to-copacabana": "medium",
    "sacred-valley": "medium",
    "stones-of-pumapunku": "medium",
    "sun-gate": "easy",
    "titicaca-shoreline": "easy",
    "uyuni-after-rain": "expert",
    "yungas-cloud-forest": "hard",
}
"""The shipped library's grades, as the retired compiled closure gave them."""


def test_shipped_library_keeps_its_grades():
    assert {s.id: grade(s).value for s in library()} == LIBRARY_GRADES


def test_one_step_at_a_time_or_in_batches_the_grade_is_the_same():
    """Batches (the grader) and single steps (explain, hints) take the same techniques."""
    for s in library():
        pos = position_for(s.board, s.terrain_flat)
        dom, placed = pos.start(givens_of(s))
        tiers = [step.tier for step in deductions(pos, dom, placed)]
        assert is_solved(dom), s.id
        assert max(tiers).value == LIBRARY_GRADES[s.id], s.id


def test_shipped_library_grades_match_their_techniques():
    """A disc graded t is finished by tiers up to t but not by the tier below."""
    tiers = [Difficulty.EASY, Difficulty.MEDIUM, Difficulty.HARD, Difficulty.EXPERT]
    for s in library():
        level = grade(s)
        assert level in tiers, s.id
        pos = position_for(s.board, s.terrain_flat)
        assert solves_within(pos, givens_of(s), level)
        if level is not Difficulty.EASY:
            assert not solves_within(pos, givens_of(s), tiers[tiers.index(level) - 1])


@settings(max_examples=25, deadline=None)
@given(
    st.integers(min_value=0, max_value=19),
    st.integers(min_value=0, max_value=2**32),
    st.integers(1, 12),
)
def test_more_givens_never_make_a_disc_harder(index, seed, extra):
    s = library()[index]
    pos = position_for(s.board, s.terrain_flat)
    solution = solve_scenario(s).solution
    givens = givens_of(s)
    rng = random.Random(seed)
    free = [c for c in s.board.cells if c not in givens]
    more = dict(givens)
    for cell in rng.sample(free, min(extra, len(free))):
        more[cell] = solution[cell]
    assert grade_position(pos, more) <= grade_position(pos, givens)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=0, max_value=19),
    st.integers(min_value=0, max_value=2**32),
    st.integers(0, 12),
)
def test_a_finished_grade_means_a_unique_layer(index, seed, count):
    """Techniques are sound: whenever they finish, the solver finds exactly one layer."""
    s = library()[index]
    solution = solve_scenario(s).solution
    rng = random.Random(seed)
    givens = {c: solution[c] for c in rng.sample(list(s.board.cells), count)}
    level = grade_givens(s.board, s.terrain_flat, givens)
    solutions = CropSolver(s.board, s.terrain_flat).count(givens, 2)
    if level is not Difficulty.NEEDS_GUESSING:
        assert solutions == 1
    if solutions > 1:
        assert level is Difficulty.NEEDS_GUESSING
