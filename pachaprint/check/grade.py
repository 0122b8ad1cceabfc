"""The one solver by named techniques, and the grade it gives.

As in Simon Tatham's puzzles, the solver tries :data:`~pachaprint.check.techniques.TECHNIQUES`
easiest first; the first technique that finds something is applied and the
search starts again from the easiest. The grade is the tier of the hardest
technique the solver needed; ``needs-guessing`` when the techniques stop
short of the full crop layer (which is also the grade of a scenario with no
solution or several: check validity first). The same loop, one step at a
time, writes the explained chain, the hints and the studio's step-through
(:mod:`pachaprint.check.explain`).
"""

from __future__ import annotations

from collections.abc import Iterator

from pachaprint.check.deduction import Deduction
from pachaprint.check.difficulty import TECHNIQUE_TIERS, Difficulty
from pachaprint.check.position import Position, broken, is_solved, position_for
from pachaprint.check.solver import givens_of
from pachaprint.check.techniques import TECHNIQUES
from pachaprint.model.board import Board
from pachaprint.model.scenario import Scenario

__all__ = ["Difficulty", "deductions", "grade", "grade_givens", "grade_position", "solves_within"]


def deductions(
    pos: Position,
    dom: list[int],
    placed: set[int],
    ceiling: Difficulty = Difficulty.EXPERT,
    batch: bool = False,
) -> Iterator[Deduction]:
    """The solver's steps from a position, each applied (in place) before it is yielded.

    Tries the techniques up to ``ceiling`` easiest first, applies the first
    deduction found and starts again from the easiest. With ``batch`` (the
    grader) it applies everything the techniques of that tier find, each in
    turn, before starting again: each deduction stays valid after the others
    (the techniques are monotone), so the grade is the same in fewer rounds.
    Ends when no technique finds anything or the position breaks (a cell, or
    a level of a region, has no place left).
    """
    top = ceiling.rank
    while not broken(pos, dom):
        tier = -1
        for technique in TECHNIQUES:
            if technique.rank > top or (tier >= 0 and technique.rank > tier):
                break
            if batch:
                found = list(technique.find(pos, dom, placed))
                for step in found:
                    step.apply(dom, placed)
                    yield step
                if found:
                    tier = technique.rank
            else:
                first = next(technique.find(pos, dom, placed), None)
                if first is not None:
                    first.apply(dom, placed)
                    yield first
                    tier = technique.rank
                    break
        if tier < 0:
            return


def _run(pos: Position, givens: dict[int, int], ceiling: Difficulty) -> Difficulty:
    """Solve with techniques up to ``ceiling``: the hardest tier used, or needs-guessing."""
    started = pos.start(givens)
    if started is None or not pos.valid_map:
        return Difficulty.NEEDS_GUESSING
    dom, placed = started
    hardest = 0
    for step in deductions(pos, dom, placed, ceiling, batch=True):
        if step.technique.rank > hardest:
            hardest = step.technique.rank
    if is_solved(dom) and not broken(pos, dom):
        return TECHNIQUE_TIERS[hardest]
    return Difficulty.NEEDS_GUESSING


def solves_within(pos: Position, givens: dict[int, int], ceiling: Difficulty) -> bool:
    """True when techniques no harder than ``ceiling`` finish the crop layer from ``givens``."""
    return _run(pos, givens, ceiling) is not Difficulty.NEEDS_GUESSING


def grade_position(pos: Position, givens: dict[int, int]) -> Difficulty:
    """The grade of ``givens`` on a prepared :class:`~pachaprint.check.position.Position`."""
    return _run(pos, givens, Difficulty.EXPERT)


def grade_givens(board: Board, terrain_flat: str, givens: dict[int, int]) -> Difficulty:
    """Grade a terrain map (flat letters) with start crops ``givens`` (cell -> level)."""
    return grade_position(position_for(board, terrain_flat), givens)


def grade(scenario: Scenario) -> Difficulty:
    """The difficulty of a :class:`~pachaprint.model.Scenario` from its start cells' crops."""
    return grade_givens(scenario.board, scenario.terrain_flat, givens_of(scenario))
