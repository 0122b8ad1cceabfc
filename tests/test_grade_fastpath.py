"""The grader's bit-mask fast path gives the technique engine's grade, or defers to it."""

from __future__ import annotations

import json

import pytest

from pachaprint.check.generate import generate
from pachaprint.check.grade import grade_position, quick_grade
from pachaprint.check.solver import CropSolver, givens_of
from pachaprint.check.techniques import Difficulty, position_for
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO


def cases():
    found = [
        Scenario.from_dict(json.loads(p.read_text()))
        for p in sorted((REPO / "scenarios").glob("*.json"))
    ]
    for seed in range(8):
        for level in ("easy", "medium", "hard"):
            found.append(generate("long", seed=500 + seed, difficulty=level).scenario)
    return found


@pytest.mark.parametrize("scenario", cases(), ids=lambda s: s.id)
def test_quick_grade_matches_the_technique_engine(scenario):
    givens = givens_of(scenario)
    slow = grade_position(position_for(scenario.board, scenario.terrain_flat), givens)
    quick = quick_grade(CropSolver(scenario.board, scenario.terrain_flat), givens)
    if slow in (Difficulty.EASY, Difficulty.MEDIUM):
        assert quick is slow
    else:
        assert quick is None
