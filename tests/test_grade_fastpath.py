"""The grader's bit-mask fast path gives the technique engine's grade, or defers to it."""

from __future__ import annotations

import json
from functools import cache

import pytest

from pachaprint.check.generate import generate
from pachaprint.check.grade import grade_position, quick_grade
from pachaprint.check.solver import CropSolver, givens_of
from pachaprint.check.techniques import Difficulty, position_for
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

SHIPPED = sorted((REPO / "scenarios").glob("*.json"))
GENERATED = [(500 + seed, level) for seed in range(8) for level in ("easy", "medium", "hard")]


@cache
def scenario_for(case: str) -> Scenario:
    """A shipped scenario by id, or ``seed-level`` generated on first use (not at collection)."""
    for path in SHIPPED:
        if path.stem == case:
            return Scenario.from_dict(json.loads(path.read_text()))
    seed, level = case.split("-")
    return generate("long", seed=int(seed), difficulty=level).scenario


CASES = [p.stem for p in SHIPPED] + [f"{seed}-{level}" for seed, level in GENERATED]


@pytest.mark.parametrize("case", CASES)
def test_quick_grade_matches_the_technique_engine(case: str) -> None:
    scenario = scenario_for(case)
    givens = givens_of(scenario)
    slow = grade_position(position_for(scenario.board, scenario.terrain_flat), givens)
    quick = quick_grade(CropSolver(scenario.board, scenario.terrain_flat), givens)
    if slow in (Difficulty.EASY, Difficulty.MEDIUM):
        assert quick is slow
    else:
        assert quick is None
