"""Explained solving: the deduction chain, step by step, and the next hint.

``explain`` starts from the start cells' crops and applies one deduction at a
time, always the easiest available (see :mod:`pachaprint.check.techniques`), so
the chain reads like a person solving the disc: placements ("c3 must be 1: ...")
and the eliminations that lead to them ("ruling out 3 at c2: ..."). The
hardest tier in the chain equals :func:`pachaprint.check.grade.grade`.
"""

from __future__ import annotations

from pachaprint.check.difficulty import Difficulty
from pachaprint.check.solver import SolveStatus, givens_of
from pachaprint.check.techniques import (
    Deduction,
    Position,
    broken,
    next_deduction,
    position_for,
)
from pachaprint.model.scenario import Scenario

__all__ = ["HintError", "chain_difficulty", "explain", "explain_givens", "hint_steps", "next_hint"]

_MAX_STEPS = 2000


class HintError(ValueError):
    """Revealed crops that do not fit the scenario (named in the message)."""


def explain_givens(pos: Position, givens: dict[int, int]) -> list[Deduction]:
    """The full chain from ``givens``; it stops early where the techniques stop."""
    started = pos.start(givens)
    if started is None:
        return []
    dom, placed = started
    chain: list[Deduction] = []
    while len(chain) < _MAX_STEPS and not broken(pos, dom):
        step = next_deduction(pos, dom, placed)
        if step is None:
            break
        step.apply(dom, placed)
        chain.append(step)
    return chain


def explain(scenario: Scenario) -> list[Deduction]:
    """The deduction chain of a :class:`~pachaprint.model.Scenario`, from its start cells.

    Each :class:`~pachaprint.check.techniques.Deduction` has ``text`` in plain
    words. If the chain does not fill every cell the scenario needs guessing
    (or is not valid).
    """
    pos = position_for(scenario.board, scenario.terrain_flat)
    return explain_givens(pos, givens_of(scenario))


def chain_difficulty(chain: list[Deduction], complete: bool = True) -> Difficulty:
    """The hardest tier in a chain (``needs-guessing`` if it is not ``complete``)."""
    if not complete:
        return Difficulty.NEEDS_GUESSING
    return max((d.tier for d in chain), default=Difficulty.EASY)


def next_hint(scenario: Scenario, revealed: dict[int, int]) -> Deduction | None:
    """The next useful deduction once ``revealed`` crops (cell -> level) are known.

    The start cells' crops count as revealed too. Eliminations that follow
    straight from a tile on the table ("placed-level") are applied silently;
    the hint is the first other deduction, easiest first. ``None`` when every
    crop is known or no technique applies. Raises :class:`HintError` when a
    revealed crop breaks the rules or contradicts the start crops.
    """
    steps = hint_steps(scenario, revealed)
    return steps[0] if steps else None


def hint_steps(scenario: Scenario, revealed: dict[int, int]) -> list[Deduction]:
    """The deductions from the revealed crops up to and including the next placement.

    The first item is :func:`next_hint`; when it only rules levels out, the
    list goes on to the placement it leads to (silent "placed-level" steps left
    out). Empty when every crop is known or no technique applies.
    """
    pos = position_for(scenario.board, scenario.terrain_flat)
    dom, placed = _revealed_position(pos, scenario, revealed)
    board = scenario.board
    steps: list[Deduction] = []
    while len(steps) < _MAX_STEPS:
        if broken(pos, dom):
            raise HintError("the revealed crops cannot all be right: no crop layer fits them")
        if len(placed) == board.cell_count:
            break
        step = next_deduction(pos, dom, placed)
        if step is None:
            break
        step.apply(dom, placed)
        if step.technique.id == "placed-level":
            continue
        steps.append(step)
        if step.is_placement:
            break
    return steps


def _revealed_position(
    pos: Position, scenario: Scenario, revealed: dict[int, int]
) -> tuple[list[int], set[int]]:
    board = scenario.board
    givens = givens_of(scenario)
    for cell, level in revealed.items():
        if cell in givens and givens[cell] != level:
            raise HintError(
                f"{board.name(cell)} is a start cell holding {givens[cell]}, not {level}"
            )
    result = pos.solver.solve(givens)
    solution = result.solution
    if result.status is SolveStatus.UNIQUE and solution is not None:
        wrong = [c for c, v in sorted(revealed.items()) if solution[c] != v]
        if wrong:
            cell = wrong[0]
            raise HintError(
                f"{board.name(cell)} holds {solution[cell]} in this scenario's crop layer, "
                f"not {revealed[cell]}"
            )
    known = {**givens, **revealed}
    started = pos.start(known)
    if started is None:
        cell = next(c for c, v in sorted(known.items()) if not pos.initial()[c] >> v & 1)
        size = pos.regions[pos.region_of[cell]].size
        raise HintError(
            f"{board.name(cell)} cannot hold {known[cell]}: its region has only {size} cells"
        )
    for cell in sorted(known):
        for peer in pos.peers[cell]:
            if peer in known and known[peer] == known[cell] and peer > cell:
                raise HintError(
                    f"{board.name(cell)} and {board.name(peer)} both hold {known[cell]} "
                    "and share a region or touch"
                )
    return started
