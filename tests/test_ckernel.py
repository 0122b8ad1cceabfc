"""The compiled crop kernel and the pure-Python reference agree exactly.

Same domains after propagation, the same solutions in the same order, and the
same grade as the named-technique engine, on shipped maps, corpus maps with
their start cells, with too few start cells (many solutions), with random
start cells and with contradictory ones.
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from pachaprint.check import solver as solver_module
from pachaprint.check.grade import closure_grade, grade_position
from pachaprint.check.solver import CropSolver, givens_of
from pachaprint.check.techniques import position_for
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

CORPUS = REPO / "benchmarks" / "corpus" / "long.jsonl"


@cache
def maps() -> list[Scenario]:
    shipped = [
        Scenario.from_dict(json.loads(p.read_text(encoding="utf-8")))
        for p in sorted((REPO / "scenarios").glob("*.json"))
    ]
    lines = CORPUS.read_text(encoding="utf-8").splitlines()[:60]
    return shipped + [Scenario.from_dict(json.loads(line)) for line in lines]


def givens_variants(scenario: Scenario, seed: int) -> list[dict[int, int]]:
    """The start cells, the first two of them, a random handful, and a contradiction."""
    rng = random.Random(seed)
    layer = [int(ch) for ch in scenario.crops_flat]
    start = givens_of(scenario)
    cells = rng.sample(list(scenario.board.cells), rng.randint(2, 7))
    wrong_cell = scenario.start_cells[0]
    wrong = dict(start)
    wrong[wrong_cell] = layer[wrong_cell] % 2 + 1
    return [
        start,
        dict(list(start.items())[:2]),
        {c: layer[c] for c in cells},
        wrong,
    ]


def test_the_kernel_is_built() -> None:
    assert solver_module.COMPILED, (
        "pachaprint.check._ckernel was not built: install with a C compiler "
        "(pip install .) to get the fast checker; the pure-Python fallback still works"
    )


@pytest.mark.parametrize("index", range(80))
def test_same_domains_and_solutions_in_the_same_order(index: int) -> None:
    scenario = maps()[index]
    fast = CropSolver(scenario.board, scenario.terrain_flat)
    reference = CropSolver(scenario.board, scenario.terrain_flat, compiled=False)
    assert fast.compiled and not reference.compiled
    for givens in givens_variants(scenario, index):
        for pointing in (False, True):
            assert fast.fixpoint(givens, pointing) == reference.fixpoint(givens, pointing)
        assert fast.start_domains(givens) == reference.start_domains(givens)
        assert fast.solutions(givens, 60) == reference.solutions(givens, 60)


@pytest.mark.parametrize("index", range(80))
def test_closure_grade_is_the_technique_engine_grade(index: int) -> None:
    scenario = maps()[index]
    fast = CropSolver(scenario.board, scenario.terrain_flat)
    position = position_for(scenario.board, scenario.terrain_flat)
    for givens in givens_variants(scenario, index)[::2]:
        assert closure_grade(fast, givens) is grade_position(position, givens)


@pytest.mark.slow
def test_suggestions_reuse_the_search_and_match_the_reference() -> None:
    for index, scenario in enumerate(maps()[20:32]):
        givens = dict(list(givens_of(scenario).items())[:2])
        target = tuple(int(ch) for ch in scenario.crops_flat)
        fast = CropSolver(scenario.board, scenario.terrain_flat)
        reference = CropSolver(scenario.board, scenario.terrain_flat, compiled=False)
        found = fast.solutions(givens, solver_module.SUGGEST_CAP)
        chosen = fast.suggest_givens(givens, target, found=found)
        assert chosen == reference.suggest_givens(givens, target), index
        final = dict(givens) | {c: target[c] for c in chosen}
        assert len(reference.solutions(final, 2)) == 1
