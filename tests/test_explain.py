"""Explained solving and hints: sound steps, the same grade as the grader, a playable hint loop."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pachaprint.check.explain import (
    HintError,
    chain_difficulty,
    explain,
    explain_givens,
    hint_steps,
    next_hint,
)
from pachaprint.check.grade import grade
from pachaprint.check.solver import CropSolver, givens_of, solve_scenario
from pachaprint.check.techniques import position_for
from pachaprint.cli import app
from tests.helpers import REPO
from tests.test_library import FILES, library

runner = CliRunner()


@pytest.mark.parametrize("index", range(20))
def test_chain_is_sound_complete_and_graded_like_the_grader(index):
    s = library()[index]
    solution = solve_scenario(s).solution
    chain = explain(s)
    placed = dict(givens_of(s))
    for step in chain:
        for cell, level in step.ruled_out:
            assert solution[cell] != level, step.text  # never rules out the true crop
        for cell, level in step.placed:
            assert solution[cell] == level, step.text
            placed[cell] = level
        assert step.text and step.cells
    assert len(placed) == s.board.cell_count  # every cell placed or given
    assert chain_difficulty(chain) is grade(s)


def test_chain_reads_cell_by_cell_in_plain_words():
    s = next(d for d in library() if d.id == "sun-gate")
    texts = [step.text for step in explain(s)]
    placements = [t for t in texts if " must be " in t]
    assert len(placements) == s.board.cell_count - len(s.start_cells)
    for text in placements:
        name, rest = text.split(" must be ", 1)
        assert s.board.has(name) and rest[0] in "12345" and rest[1] == ":"


def test_hints_lead_a_player_to_the_full_layer():
    """Follow the hints, revealing each placement, until every crop is known."""
    s = next(d for d in library() if d.id == "uyuni-after-rain")
    solution = solve_scenario(s).solution
    revealed: dict[int, int] = {}
    for _ in range(s.board.cell_count):
        steps = hint_steps(s, revealed)
        if not steps:
            break
        assert steps[0] == next_hint(s, revealed)
        assert steps[0].technique.id != "placed-level"
        assert steps[-1].is_placement and all(not x.is_placement for x in steps[:-1])
        ((cell, level),) = steps[-1].placed
        assert solution[cell] == level
        revealed[cell] = level
    assert len(set(revealed) | set(s.start_cells)) == s.board.cell_count
    assert next_hint(s, revealed) is None


def test_hint_rejects_crops_that_do_not_fit():
    s = next(d for d in library() if d.id == "sun-gate")
    solution = solve_scenario(s).solution
    start = s.start_cells[0]
    free = next(c for c in s.board.cells if c not in s.start_cells)
    with pytest.raises(HintError, match="start cell"):
        next_hint(s, {start: solution[start] % 5 + 1})
    wrong = next(v for v in range(1, 6) if v != solution[free])
    with pytest.raises(HintError, match=f"{s.board.name(free)} holds {solution[free]}"):
        next_hint(s, {free: wrong})


def test_hint_command_prints_one_deduction():
    path = next(p for p in FILES if p.stem == "uyuni-after-rain")
    result = runner.invoke(app, ["hint", str(path)])
    assert result.exit_code == 0, result.output
    first = next_hint(library()[FILES.index(path)], {})
    assert (
        result.output.splitlines()[0]
        == f"{first.technique.title} ({first.tier.value}): {first.text}"
    )


def test_hint_command_with_revealed_and_json():
    path = next(p for p in FILES if p.stem == "sacred-valley")
    s = library()[FILES.index(path)]
    solution = solve_scenario(s).solution
    free = [c for c in s.board.cells if c not in s.start_cells][:2]
    arg = ",".join(f"{s.board.name(c)}={solution[c]}" for c in free)
    result = runner.invoke(app, ["hint", str(path), "--revealed", arg, "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    expected = next_hint(s, {c: solution[c] for c in free})
    assert data["hint"] == expected.to_dict(s.board)


def test_hint_command_errors():
    path = next(p for p in FILES if p.stem == "sacred-valley")
    # a level the cell's region cannot hold is a usage error (2), worded by the region
    for item, size in (("c3=9", 5), ("g3=3", 2), ("g3=0", 2)):
        bad = runner.invoke(app, ["hint", str(path), "--revealed", item])
        assert bad.exit_code == 2, (item, bad.output)
        assert bad.stderr == (
            f"pachaprint: error: --revealed {item}: {item[:2]} lies in a region of "
            f"{size} cells, so its crop is a level from 1 to {size}\n"
        )
    shape = runner.invoke(app, ["hint", str(path), "--revealed", "c3"])
    assert shape.exit_code == 2 and "'c3' is not CELL=LEVEL (for example c3=2)" in shape.stderr
    off = runner.invoke(
        app, ["hint", str(next(p for p in FILES if p.stem == "sun-gate")), "-r", "g1=2"]
    )
    assert off.exit_code == 2
    assert "--revealed g1=2: g1 is off the tiny board (a1 to e5)" in off.stderr
    # a level in range that this disc's crop layer does not have: the crops do not fit (1)
    wrong = runner.invoke(app, ["hint", str(path), "--revealed", "g3=1,g4=1"])
    assert wrong.exit_code == 1 and "revealed crops do not fit" in wrong.stderr
    missing = runner.invoke(app, ["hint", "no-such-file.json"])
    assert missing.exit_code == 2


@settings(max_examples=30, deadline=None)
@given(
    st.integers(min_value=0, max_value=19),
    st.integers(min_value=0, max_value=2**32),
    st.integers(0, 10),
)
def test_no_technique_ever_rules_out_the_true_layer(index, seed, count):
    """From any subset of a disc's true crops, every step (of every tier) agrees with that layer."""
    s = library()[index]
    truth = solve_scenario(s).solution
    rng = random.Random(seed)
    givens = {c: truth[c] for c in rng.sample(list(s.board.cells), count)}
    chain = explain_givens(position_for(s.board, s.terrain_flat), givens)
    for step in chain:
        assert all(truth[c] != v for c, v in step.ruled_out), step.text
        assert all(truth[c] == v for c, v in step.placed), step.text


def _propagated(s, known: dict[int, int], steps) -> list[int] | None:
    """Domains after the known crops, the steps' eliminations and propagation alone
    (placed-level eliminations and singles: the solver's settle, no technique engine)."""
    solver = CropSolver(s.board, s.terrain_flat)
    dom = list(solver.initial)
    for cell, level in known.items():
        dom[cell] = 1 << level
    for step in steps:
        for cell, level in step.ruled_out:
            dom[cell] &= ~(1 << level)
    queue = [c for c, d in enumerate(dom) if d and not d & (d - 1)]
    return dom if solver.propagate(dom, queue, pointing=False, every_unit=True) else None


def _makes(dom: list[int] | None, placement) -> bool:
    return dom is not None and all(dom[c] == 1 << v for c, v in placement.placed)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(20))
def test_every_consequence_a_hint_prints_follows_from_the_steps_it_shows(index):
    """Issue 20: 'this leads to' once named a placement the step shown had nothing to do with."""
    s = library()[index]
    truth = solve_scenario(s).solution
    rng = random.Random(index)
    for _ in range(6):
        free = [c for c in s.board.cells if c not in s.start_cells]
        revealed = {c: truth[c] for c in rng.sample(free, rng.randint(0, 8))}
        steps = hint_steps(s, revealed)
        if len(steps) < 2:
            continue
        *shown, placement = steps
        assert placement.is_placement and not any(x.is_placement for x in shown)
        known = {**givens_of(s), **revealed}
        assert _makes(_propagated(s, known, shown), placement), placement.text
        assert not _makes(_propagated(s, known, []), placement), placement.text
        for left_out in shown:
            rest = [x for x in shown if x is not left_out]
            assert not _makes(_propagated(s, known, rest), placement), left_out.text


def test_the_hint_of_the_readme_disc_leads_to_a_placement_it_explains():
    """The disc of issue 20 (``pachaprint new --size long --seed 7``)."""
    path = REPO / "tests" / "fixtures" / "hint-long-disc-7.json"
    result = runner.invoke(app, ["hint", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "region shadow (easy): ruling out 1 and 3 at h2: it touches every cell of the "
        "Mountain region g1-h1-i1-i2, which holds 1, 2, 3 and 4",
        "this leads to: h2 must be 5: 1, 2, 3 and 4 are ruled out there (i3 holds 2 and "
        "i2 holds 4; the rest by earlier steps)",
    ]
