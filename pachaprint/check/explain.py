"""Explained solving: the deduction chain, step by step, and the next hint.

``explain`` runs the grader's solver (:func:`pachaprint.check.grade.deductions`)
one deduction at a time from the start cells' crops, always the easiest
available, so the chain reads like a person solving the disc: placements ("c3
must be 1: ...") and the eliminations that lead to them ("ruling out 3 at c2:
..."). The hardest tier in the chain is the grade.
"""

from __future__ import annotations

from itertools import islice

from pachaprint.check.deduction import Deduction
from pachaprint.check.difficulty import Difficulty
from pachaprint.check.grade import deductions
from pachaprint.check.position import Position, broken, position_for
from pachaprint.check.solver import SolveStatus, givens_of
from pachaprint.model.scenario import Scenario
from pachaprint.model.text import plural

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
    return list(islice(deductions(pos, dom, placed), _MAX_STEPS))


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
    """The next hint: the steps that lead to the next placement, each one needed.

    The solver runs from the revealed crops to its next placement (silent
    "placed-level" steps left out). Of the steps before it, only those it
    needs are kept: with any one of them left out, propagation (placed-level
    eliminations and singles) would no longer make the placement. So the list
    is one placement, or steps that rule levels out followed by the placement
    that follows from them; the first item is :func:`next_hint`. When the
    techniques stop before any placement, the list is their first step only.
    Empty when every crop is known or no technique applies.
    """
    pos = position_for(scenario.board, scenario.terrain_flat)
    dom, placed = _revealed_position(pos, scenario, revealed)
    found_in = dom.copy()
    chain: list[Deduction] = []
    for step in islice(deductions(pos, dom, placed), _MAX_STEPS):
        if step.technique.id == "placed-level":
            if not chain:
                step.apply(found_in)
            continue
        chain.append(step)
        if step.is_placement:
            break
    if broken(pos, dom):
        raise HintError("the revealed crops cannot all be right: no crop layer fits them")
    if not chain or not chain[-1].is_placement:
        return chain[:1]
    return [*needed_steps(pos, found_in, chain[:-1], chain[-1]), chain[-1]]


def needed_steps(
    pos: Position, dom: list[int], steps: list[Deduction], placement: Deduction
) -> list[Deduction]:
    """The fewest of ``steps`` (eliminations, in order) that ``placement`` follows from.

    Deletion, as an unsatisfiable core is shrunk: drop each step in turn while
    propagation (:meth:`~pachaprint.check.position.Position.easy_fixpoint`)
    from ``dom`` with the remaining steps still makes the placement.
    """
    kept = list(steps)
    for step in steps:
        trial = [s for s in kept if s is not step]
        if follows(pos, dom, trial, placement):
            kept = trial
    return kept


def follows(pos: Position, dom: list[int], steps: list[Deduction], placement: Deduction) -> bool:
    """True when propagation from ``dom`` with ``steps`` applied makes ``placement``."""
    trial = dom.copy()
    for step in steps:
        step.apply(trial)
    if pos.easy_fixpoint(trial) is not None:
        return False
    return all(trial[cell] == 1 << level for cell, level in placement.placed)


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
            f"{board.name(cell)} cannot hold {known[cell]}: its region has only {plural(size, 'cell')}"
        )
    for cell in sorted(known):
        for peer in pos.peers[cell]:
            if peer in known and known[peer] == known[cell] and peer > cell:
                raise HintError(
                    f"{board.name(cell)} and {board.name(peer)} both hold {known[cell]} "
                    "and share a region or touch"
                )
    return started
