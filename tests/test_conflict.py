"""When no crop layer fits: the terrain or the start crops, and a smallest conflict by name."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from pachaprint.check.conflict import terrain_conflict, why_no_layer
from pachaprint.check.solver import CropSolver
from pachaprint.check.validate import validate_data
from pachaprint.model.board import board_for
from tests.helpers import LAKE_CROPS, LAKE_TERRAIN, REPO, scenario_dict

# Issue 20: a new user's terrain that admits no crop layer, whatever the start crop.
NO_LAYER = ["VVVVD", "FFFVD", "MMFDD", "VMMMF", "VVDFF"]
TINY = board_for("tiny")


def admits_layer(terrain: str, regions: frozenset[int]) -> bool:
    return CropSolver(TINY, terrain, keep=regions).has_layer({})


def test_a_terrain_without_any_layer_names_its_smallest_conflict():
    conflict = terrain_conflict(NO_LAYER)
    assert conflict is not None and conflict.terrain
    assert TINY.names(conflict.cells) == [
        "a2", "b2", "c2",
        "a3", "b3", "c3",
        "a4", "b4", "c4", "d4", "e4",
        "a5", "b5", "d5", "e5",
    ]  # fmt: skip
    assert conflict.message == (
        "the terrain alone admits no crop layer, whatever the start crops: "
        "the Forest region a2-b2-c2-c3 (levels 1-4), the Mountain region a3-b3-b4-c4-d4 "
        "(levels 1-5), the Valley region a4-a5-b5 (levels 1-3) and the Forest region "
        "e4-d5-e5 (levels 1-3) cannot all hold their levels without two equal crops touching"
    )


def test_the_conflict_is_irreducible_and_no_smaller_one_exists():
    terrain = "".join(NO_LAYER)
    solver = CropSolver(TINY, terrain)
    conflict = terrain_conflict(NO_LAYER)
    assert conflict is not None
    core = {solver.region_of[c] for c in conflict.cells}
    assert len(core) == 4
    assert not admits_layer(terrain, frozenset(core))
    for region in core:
        assert admits_layer(terrain, frozenset(core - {region}))
    for size in (1, 2, 3):
        for group in combinations(range(len(solver.regions)), size):
            assert admits_layer(terrain, frozenset(group)), group


def test_a_cell_touching_a_whole_region_is_the_simplest_conflict():
    conflict = terrain_conflict(["MVVVM", "MDDDM", "VDFDV", "VMVMV", "FFMFF"])
    assert conflict is not None
    assert TINY.names(conflict.cells) == ["b2", "c2", "d2", "b3", "c3", "d3"]
    assert conflict.message == (
        "the terrain alone admits no crop layer, whatever the start crops: c3 touches every "
        "cell of the 5-cell Desert region b2-c2-d2-b3-d3 (levels 1-5), so no level its own "
        "region allows is left for c3"
    )


def test_a_terrain_with_a_layer_has_no_conflict():
    assert terrain_conflict(LAKE_TERRAIN) is None
    for path in sorted((REPO / "scenarios").glob("*.json")):
        assert terrain_conflict(json.loads(path.read_text(encoding="utf-8"))["terrain"]) is None


@pytest.mark.parametrize(
    "rows",
    [["VVVVD"] * 4, ["VVVV"] * 5, ["VVVVDD"] * 5, ["VVVVX"] * 5, ["VVVVD"] * 4 + ["VVVV"]],
)
def test_terrain_conflict_refuses_a_shape_that_is_no_terrain(rows):
    with pytest.raises(ValueError, match="terrain"):
        terrain_conflict(rows)


@pytest.mark.parametrize("start,level", [("a1", 1), ("c3", 2), ("e5", 3)])
def test_validate_blames_the_terrain_not_the_start_crops(start, level):
    crops = ["....."] * 5
    row, column = int(start[1]) - 1, ord(start[0]) - ord("a")
    crops[row] = crops[row][:column] + str(level) + crops[row][column + 1 :]
    report = validate_data(scenario_dict(NO_LAYER, crops, [start]))
    (problem,) = [p for p in report.errors if p.rule.value == "unsolvable"]
    assert problem.message == terrain_conflict(NO_LAYER).message  # type: ignore[union-attr]
    assert problem.cells == tuple(TINY.names(terrain_conflict(NO_LAYER).cells))  # type: ignore[union-attr]
    assert problem.message.count("no crop layer") == 1


def test_start_crops_that_no_layer_holds_are_shrunk_to_the_fewest():
    terrain = "".join(LAKE_TERRAIN)
    solver = CropSolver(board_for("tiny"), terrain)
    layer = [int(ch) for ch in "".join(LAKE_CROPS)]
    givens = {c: layer[c] for c in (0, 7, 12, 24)}
    givens[TINY.index("d1")] = 1  # e2, a 1-cell region touching d1, must hold 1 too
    why = why_no_layer(solver, givens)
    assert not why.terrain
    assert TINY.names(why.cells) == ["d1"]
    assert why.message == (
        "start cell d1 holds 1, but no crop layer of this terrain has 1 there: "
        "placing it leaves no level for e2"
    )
