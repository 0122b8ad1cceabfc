"""The shipped library in scenarios/: 20 original discs, all valid, unique and within the box."""

from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from pachaprint.check.grade import grade
from pachaprint.check.solver import CropSolver, givens_of
from pachaprint.check.validate import validate_file
from pachaprint.model.rules import BOX_CROP_TILES, BOX_TERRAIN_TILES
from pachaprint.model.scenario import Scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"))


@lru_cache(maxsize=1)
def library() -> list[Scenario]:
    """Every shipped scenario, in file-name order."""
    return [Scenario.from_dict(json.loads(path.read_text(encoding="utf-8"))) for path in FILES]


def test_twenty_discs_five_tiny_fifteen_long():
    sizes = Counter(s.size for s in library())
    assert len(FILES) == 20
    assert sizes == {"tiny": 5, "long": 15}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_disc_is_valid_without_warnings(path):
    report = validate_file(path)
    assert report.valid, [p.message for p in report.errors]
    assert report.warnings == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_disc_file_shape(path):
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert next(iter(data)) == "$schema" and data["$schema"] == "../schemas/scenario.schema.json"
    assert data["format"] == "pachaprint-scenario/1"
    assert data["id"] == path.stem
    assert data["name"] and data["notes"] and len(data["notes"]) <= 300
    assert all("." not in row for row in data["crops"])  # complete: no dots
    assert text.endswith("\n")
    lines = [line.strip().rstrip(",") for line in text.splitlines()]
    for row in data["terrain"] + data["crops"]:  # readable: one grid row per line
        assert f'"{row}"' in lines


@pytest.mark.parametrize("index", range(20))
def test_disc_is_unique_and_complete(index):
    s = library()[index]
    solver = CropSolver(s.board, s.terrain_flat, s.regions)
    found = solver.solutions(givens_of(s), limit=2)
    assert len(found) == 1
    assert "".join(map(str, found[0])) == s.crops_flat


@pytest.mark.parametrize("index", range(20))
def test_disc_fits_the_retail_box(index):
    s = library()[index]
    for letter, count in s.terrain_counts().items():
        assert count <= BOX_TERRAIN_TILES[letter]
    sizes = [r.size for r in s.regions]
    for level, limit in BOX_CROP_TILES.items():
        assert sum(1 for n in sizes if n >= level) <= limit
        assert s.crops_flat.count(str(level)) == sum(1 for n in sizes if n >= level)
    # separation, checked here independently of the checker
    board = s.board
    for cell in board.cells:
        for near in board.neighbours8[cell]:
            if s.terrain_flat[cell] == s.terrain_flat[near]:
                assert s.region_of[cell] == s.region_of[near]
            assert s.crops_flat[cell] != s.crops_flat[near]
    assert all(1 <= r.size <= 5 for r in s.regions)


@pytest.mark.parametrize("index", range(20))
def test_long_discs_have_solo_otoma_start_cells(index):
    s = library()[index]
    if s.size == "tiny":
        assert s.otoma is None
        return
    assert len(s.start_cells) >= 5
    assert len(set(s.otoma)) == 5 and set(s.otoma) <= set(s.start)


def test_discs_are_distinct_and_varied():
    discs = library()
    assert len({s.terrain for s in discs}) == 20
    assert len({s.name for s in discs}) == 20
    # terrain balance varies: every terrain leads on some disc
    leaders = {max(s.terrain_counts().items(), key=lambda kv: kv[1])[0] for s in discs}
    assert leaders == set("VDFM")
    # region shapes vary: at least 1-cell, 2-cell and 5-cell regions appear across the library
    sizes = {r.size for s in discs for r in s.regions}
    assert {1, 2, 3, 4, 5} <= sizes


def test_a_spread_of_difficulties():
    grades = Counter(grade(s).value for s in library())
    assert set(grades) == {"easy", "medium", "hard", "expert"}
    assert min(grades.values()) >= 4
