"""The generator: valid, unique, in the box, at the requested difficulty, reproducible."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pachaprint.check.generate import (
    GenerationError,
    blocks_can_differ,
    colour_regions,
    generate,
    random_partition,
    slug,
    spread_cells,
)
from pachaprint.check.grade import grade, solves_within
from pachaprint.check.solver import CropSolver, givens_of
from pachaprint.check.techniques import Difficulty, position_for
from pachaprint.check.validate import validate_text
from pachaprint.cli import app
from pachaprint.model.board import board_for
from pachaprint.model.regions import find_regions

REPO = Path(__file__).resolve().parent.parent
LEVELS = ["easy", "medium", "hard", "expert"]
TIERS = [Difficulty(v) for v in LEVELS]


def check_generated(text: str, size: str, level: str, minimal: bool = True) -> None:
    report = validate_text(text, "generated")
    assert report.valid, [p.message for p in report.errors]
    s = report.scenario
    assert s.size == size and s.is_complete
    assert grade(s) is Difficulty(level)
    solver = CropSolver(s.board, s.terrain_flat)
    assert solver.count(givens_of(s), 2) == 1
    if size == "long":
        assert len(s.start_cells) >= 5
        assert len(set(s.otoma)) == 5 and set(s.otoma) <= set(s.start)
    else:
        assert s.otoma is None
    # minimal: every start cell is needed at this level (unless long keeps 5 for the Otoma)
    if minimal and (size == "tiny" or len(s.start_cells) > 5):
        pos = position_for(s.board, s.terrain_flat)
        givens = givens_of(s)
        for cell in givens:
            fewer = {c: v for c, v in givens.items() if c != cell}
            assert not solves_within(pos, fewer, Difficulty(level)), s.board.name(cell)


@pytest.mark.parametrize(
    "level,seed",
    [
        ("easy", 1),
        ("easy", 2),
        ("easy", 3),
        ("medium", 1),
        ("medium", 2),
        ("medium", 3),
        ("hard", 1),
        ("hard", 2),
        ("expert", 1),
        ("expert", 2),
    ],
)
def test_tiny_at_every_difficulty(level, seed):
    check_generated(generate("tiny", seed, level).scenario.dumps(), "tiny", level)


@pytest.mark.parametrize(
    "level,seed",
    [
        ("easy", 1),
        ("easy", 2),
        ("medium", 1),
        ("medium", 2),
        ("medium", 3),
        ("hard", 1),
        ("hard", 2),
        ("expert", 1),
        ("expert", 2),
    ],
)
def test_long_at_every_difficulty(level, seed):
    check_generated(generate("long", seed, level).scenario.dumps(), "long", level)


def test_same_seed_same_file_and_different_seed_different_file():
    a = generate("long", 7, "medium").scenario.dumps()
    b = generate("long", 7, "medium").scenario.dumps()
    c = generate("long", 8, "medium").scenario.dumps()
    assert a == b
    assert a != c


def test_same_seed_same_file_across_processes():
    """No hash-order or global state: a fresh interpreter with another hash seed agrees."""
    code = "from pachaprint.check.generate import generate; print(generate('tiny', 9, 'medium').scenario.dumps(), end='')"
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(REPO)}
    other = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert other.stdout == generate("tiny", 9, "medium").scenario.dumps()


def test_requested_number_of_givens():
    made = generate("long", 4, "easy", givens=9).scenario
    assert len(made.start) == 9
    check_generated(made.dumps(), "long", "easy", minimal=False)
    # more start cells than the minimum: topped up while the grade holds
    harder = generate("long", 1, "hard", givens=12).scenario
    assert len(harder.start) == 12
    check_generated(harder.dumps(), "long", "hard", minimal=False)


def test_bad_requests():
    with pytest.raises(ValueError):
        generate("long", 1, "easy", givens=4)  # long discs keep 5 start cells for the Otoma
    with pytest.raises(ValueError):
        generate("tiny", 1, "needs-guessing")
    with pytest.raises(ValueError):
        generate("huge", 1, "easy")
    with pytest.raises(GenerationError):
        generate("tiny", 1, "expert", givens=25, max_attempts=3)  # all given is always easy


def test_metadata_and_slug():
    made = generate("tiny", 5, "easy", name="Lake of the Condor", author="A. Fan").scenario
    data = json.loads(made.dumps())
    assert list(data)[:4] == ["$schema", "format", "id", "name"]
    assert data["id"] == "lake-of-the-condor" and data["author"] == "A. Fan"
    assert "--seed 5" in data["notes"]
    assert slug("  Ñandú's Plain!  ") == "and-s-plain"
    assert slug("!!!") == "scenario"


def test_terrain_maps_keep_same_terrain_regions_apart():
    board = board_for("long")
    rng = random.Random(3)
    made = 0
    while made < 20:
        regions = random_partition(board, rng)
        assert sorted(c for r in regions for c in r) == list(board.cells)
        assert all(1 <= len(r) <= 5 for r in regions)
        if not blocks_can_differ(board, regions):
            continue
        flat = colour_regions(board, regions, rng)
        if flat is None:
            continue
        made += 1
        found = find_regions(board, flat)
        assert len(found) == len(regions)
        owner = {c: r.index for r in found for c in r.cells}
        for c in board.cells:
            for n in board.neighbours8[c]:
                if flat[c] == flat[n]:
                    assert owner[c] == owner[n]


def test_otoma_cells_are_spread_apart():
    board = board_for("long")
    cells = [board.index(n) for n in ("a1", "b1", "c1", "i1", "a5", "i5", "e3", "b2")]
    chosen = spread_cells(board, cells, 5, random.Random(1))
    names = set(board.names(chosen))
    assert len(names) == 5
    assert {"a1", "i1", "a5", "i5"} <= names or {"c1", "i1", "a5", "i5"} <= names


def test_new_command_prints_and_writes(tmp_path):
    runner = CliRunner()
    printed = runner.invoke(app, ["new", "--size", "tiny", "--seed", "11", "--grade", "hard"])
    assert printed.exit_code == 0, printed.output
    check_generated(printed.output, "tiny", "hard")
    out = tmp_path / "disc.json"
    written = runner.invoke(
        app, ["new", "--size", "tiny", "--seed", "11", "--grade", "hard", "--out", str(out)]
    )
    assert written.exit_code == 0
    # printed, the scenario has no $schema (no folder to point from); written, it points
    # from the file's own folder at this install's schema
    assert "$schema" not in json.loads(printed.output)
    schema = (Path(__file__).resolve().parent.parent / "schemas" / "scenario.schema.json").resolve()
    reference = Path(os.path.relpath(schema, tmp_path.resolve())).as_posix()
    text = out.read_text(encoding="utf-8")
    assert text == printed.output.replace("{\n", f'{{\n  "$schema": "{reference}",\n', 1)
    assert (tmp_path / reference).resolve() == schema
    again = runner.invoke(app, ["new", "--size", "tiny", "--seed", "12", "--out", str(out)])
    assert again.exit_code == 2 and out.read_text(encoding="utf-8") == text
    assert f"{out} exists already; give --force to replace it" in again.stderr
    forced = runner.invoke(
        app, ["new", "--size", "tiny", "--seed", "12", "-o", str(out), "--force"]
    )
    assert forced.exit_code == 0 and out.read_text(encoding="utf-8") != text
    deeper = tmp_path / "a" / "b"
    deeper.mkdir(parents=True)
    folder = runner.invoke(app, ["new", "--size", "tiny", "--seed", "12", "-o", str(deeper)])
    assert folder.exit_code == 2 and "is a folder; give a file name" in folder.stderr
    inside = runner.invoke(
        app, ["new", "--size", "tiny", "--seed", "12", "-o", str(deeper / "d.json")]
    )
    assert inside.exit_code == 0
    data = json.loads((deeper / "d.json").read_text(encoding="utf-8"))
    assert data["$schema"] == "../../" + reference
    bad = runner.invoke(app, ["new", "--size", "long", "--seed", "1", "--givens", "3"])
    assert bad.exit_code == 2
