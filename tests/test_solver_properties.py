"""Property tests: the solver's answers always obey the rules, and the checker catches tampering."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pachaprint.check.generate import random_terrain
from pachaprint.check.solver import CropSolver, SolveStatus
from pachaprint.check.validate import validate_data
from pachaprint.model.board import board_for
from pachaprint.model.scenario import crops_to_rows
from tests.helpers import REPO, example, scenario_dict

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def solvable_maps(draw, size: str = "tiny"):
    """Terrain maps with at least one crop layer: the generator's random terrain,
    taking the first map from the drawn seed on that has a solution."""
    board = board_for(size)
    seed = draw(st.integers(0, 100_000))
    while True:
        terrain = random_terrain(board, random.Random(seed))
        if CropSolver(board, terrain).solutions({}, 1):
            return [terrain[r * board.width : (r + 1) * board.width] for r in range(5)]
        seed += 1


@SETTINGS
@given(terrain=solvable_maps(), data=st.data())
def test_every_solution_satisfies_every_crop_rule(terrain, data):
    board = board_for("tiny")
    solver = CropSolver(board, "".join(terrain))
    solutions = solver.solutions({}, limit=3)
    assume(solutions)
    solution = data.draw(st.sampled_from(solutions))
    # Written out as a complete layer with every cell a start cell, the map has
    # no crop problem and exactly this one solution.
    rows = crops_to_rows(board, solution)
    report = validate_data(
        scenario_dict(terrain, rows, [board.name(c) for c in board.cells]), box="unlimited"
    )
    crop_rules = {"crop-range", "crop-separation", "unsolvable", "not-unique", "crops-mismatch"}
    assert not [p for p in report.errors if p.rule.value in crop_rules]
    assert report.solution == solution


@SETTINGS
@given(terrain=solvable_maps(), seed_cells=st.lists(st.integers(0, 24), max_size=4, unique=True))
def test_solver_verdicts_agree_with_the_solutions_it_counts(terrain, seed_cells):
    board = board_for("tiny")
    solver = CropSolver(board, "".join(terrain))
    found = solver.solutions({}, limit=2)
    assume(found)
    givens = {c: found[0][c] for c in seed_cells}
    result = solver.solve(givens)
    assert result.status in (SolveStatus.UNIQUE, SolveStatus.MULTIPLE)
    if result.status is SolveStatus.MULTIPLE:
        assert result.solution != result.other
        assert result.differing and all(
            result.solution[c] != result.other[c] for c in result.differing
        )
        assert all(result.solution[c] == result.other[c] == v for c, v in givens.items())
    else:
        assert result.solution == found[0] or solver.count(givens, 3) == 1


def _valid_maps() -> list[dict]:
    maps = [example("lake-shore"), example("high-valley")]
    for path in sorted((REPO / "scenarios").glob("*.json")):
        maps.append(json.loads(Path(path).read_text()))
    return maps


VALID = _valid_maps()


@SETTINGS
@given(index=st.integers(0, len(VALID) - 1), data=st.data())
def test_swapping_two_non_start_crops_is_always_caught(index, data):
    original = VALID[index]
    assert validate_data(original).valid
    board = board_for(original["size"])
    flat = list("".join(original["crops"]))
    start = {board.index(n) for n in original["start"]}
    free = [c for c in board.cells if c not in start]
    a = data.draw(st.sampled_from(free))
    b = data.draw(st.sampled_from([c for c in free if flat[c] != flat[a]]))
    flat[a], flat[b] = flat[b], flat[a]
    tampered = dict(
        original, crops=["".join(flat[r * board.width : (r + 1) * board.width]) for r in range(5)]
    )
    report = validate_data(tampered)
    assert not report.valid
    mismatch = [p for p in report.errors if p.rule.value == "crops-mismatch"]
    assert mismatch and set(mismatch[0].cells) == {board.name(a), board.name(b)}
