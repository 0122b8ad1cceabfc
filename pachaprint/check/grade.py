"""Difficulty grading: the hardest technique a scenario needs.

The grader runs the techniques of :mod:`pachaprint.check.techniques` easiest
first: easy steps to a fixpoint, then the easiest tier that makes progress
(all of that tier's deductions found in one pass are applied together, which
is safe because every technique is monotone), then easy again. The grade is the
hardest tier used; ``needs-guessing`` when the techniques stop short of the
full crop layer (which is also the grade of a scenario with no solution or
several solutions: check validity first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pachaprint.check.difficulty import TECHNIQUE_TIERS, Difficulty
from pachaprint.check.solver import CropSolver, givens_of, solver_for
from pachaprint.model.board import Board
from pachaprint.model.scenario import Scenario

if TYPE_CHECKING:
    from pachaprint.check.techniques import Position

# The technique engine (pachaprint.check.techniques) is imported where it is
# used: with the compiled kernel, validating a file never needs it.

__all__ = ["Difficulty", "grade", "grade_givens", "solves_within"]


def _run(
    pos: Position, givens: dict[int, int], ceiling: Difficulty
) -> tuple[Difficulty, list[int] | None]:
    """Solve with techniques up to ``ceiling``: (hardest tier used or needs-guessing, domains)."""
    from pachaprint.check.techniques import FINDERS, is_solved

    started = pos.start(givens, shadows=True)
    if started is None or not pos.valid_map:
        return Difficulty.NEEDS_GUESSING, None
    dom, placed = started
    if pos.easy_fixpoint(dom) is not None:
        return Difficulty.NEEDS_GUESSING, None
    hardest = Difficulty.EASY
    while not is_solved(dom):
        for tier in TECHNIQUE_TIERS[1:]:
            if tier > ceiling:
                return Difficulty.NEEDS_GUESSING, dom
            found = []
            for finder in FINDERS[tier]:
                for deduction in finder(pos, dom, placed):
                    found.append(deduction)
                    if tier is Difficulty.EXPERT:
                        break  # trials are costly: take one, then go back to easy steps
                if found and tier is Difficulty.EXPERT:
                    break
            if found:
                for deduction in found:
                    deduction.apply(dom)
                hardest = max(hardest, tier)
                if pos.easy_fixpoint(dom) is not None:
                    return Difficulty.NEEDS_GUESSING, None
                break
        else:
            return Difficulty.NEEDS_GUESSING, dom
    return hardest, dom


def solves_within(pos: Position, givens: dict[int, int], ceiling: Difficulty) -> bool:
    """True when techniques no harder than ``ceiling`` finish the crop layer from ``givens``."""
    return _run(pos, givens, ceiling)[0] is not Difficulty.NEEDS_GUESSING


def grade_position(pos: Position, givens: dict[int, int]) -> Difficulty:
    """The grade of ``givens`` on a prepared :class:`Position`."""
    return _run(pos, givens, Difficulty.EXPERT)[0]


def quick_grade(solver: CropSolver, givens: dict[int, int]) -> Difficulty | None:
    """``easy`` or ``medium`` straight from the bit-mask propagation, else ``None``.

    The easy techniques and pointing are monotone eliminations, so their
    fixpoint does not depend on the order they are applied in: the solver's
    propagation without pointing reaches the easy fixpoint, with pointing the
    medium one. Harder maps go through the technique engine.
    """
    for tier, pointing in ((Difficulty.EASY, False), (Difficulty.MEDIUM, True)):
        dom = solver.fixpoint(givens, pointing)
        if dom is None:
            return None
        if all(not d & (d - 1) for d in dom):
            return tier
    return None


def closure_grade(solver: CropSolver, givens: dict[int, int]) -> Difficulty:
    """The grade from the compiled closures of each tier, easiest first.

    Every technique is a monotone elimination, so the techniques up to a tier
    reach one fixpoint whatever order they are applied in, and the grade the
    technique engine gives (the hardest tier its easiest-first run needed) is
    the easiest tier whose fixpoint is the whole crop layer. The tests hold the
    two to the same grade on every map they try.
    """
    dom = solver.shadowed_start(givens)
    for tier in TECHNIQUE_TIERS:
        if dom is None:
            break
        dom = solver.closure(dom, tier.rank)
        if dom is not None and all(not d & (d - 1) for d in dom):
            return tier
    return Difficulty.NEEDS_GUESSING


def grade_givens(board: Board, terrain_flat: str, givens: dict[int, int]) -> Difficulty:
    """Grade a terrain map (flat letters) with start crops ``givens`` (cell -> level)."""
    solver = solver_for(board, terrain_flat)
    if solver.compiled:
        return closure_grade(solver, givens)
    from pachaprint.check.techniques import position_for

    quick = quick_grade(solver, givens)
    return quick or grade_position(position_for(board, terrain_flat), givens)


def grade(scenario: Scenario) -> Difficulty:
    """The difficulty of a :class:`~pachaprint.model.Scenario` from its start cells' crops."""
    return grade_givens(scenario.board, scenario.terrain_flat, givens_of(scenario))
