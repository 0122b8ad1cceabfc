"""The rule checker: every rule of docs/rules.md sections 1-2 on a schema-valid scenario.

:func:`check_scenario` reports all independent problems at once, each under
one rule id with the exact cells (docs/formats/validation-report.md). Reading files and the
``json``/``schema`` stages live in :mod:`pachaprint.check.load`; the whole
pipeline for one file is :mod:`pachaprint.check.validate`.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from typing import Any

from pachaprint.check.problems import Problem, Rule
from pachaprint.check.solver import (
    SUGGEST_CAP,
    CropSolver,
    SolveResult,
    SolveStatus,
    givens_of,
    solver_for,
)
from pachaprint.model.board import ROWS, Board, board_for, join_names
from pachaprint.model.regions import Region
from pachaprint.model.rules import (
    BOX_CROP_TILES,
    BOX_TERRAIN_TILES,
    MAX_REGION_SIZE,
    OTOMA_START_CELLS,
    TERRAIN_LETTERS,
    Terrain,
)
from pachaprint.model.scenario import Scenario
from pachaprint.model.text import plural

NOT_UNIQUE_COUNT_CAP = 100
"""Solutions of an ambiguous map are counted up to this many."""
MANY_GIVENS = {"tiny": 8, "long": 15}
"""More start cells than this gets a warning: the disc leans on its givens."""


def terrain_name(letter: str) -> str:
    return Terrain(letter).label


def dimension_problems(data: dict[str, Any]) -> list[Problem]:
    """Row count and row length of ``terrain`` and ``crops`` against ``size``."""
    board = board_for(data["size"])
    problems = []
    for key in ("terrain", "crops"):
        rows = data[key]
        if len(rows) != ROWS:
            problems.append(
                Problem(
                    Rule.DIMENSIONS,
                    f"{key} has {len(rows)} rows; a {board.size} board has {ROWS}",
                    pointer=f"/{key}",
                )
            )
        for number, row in enumerate(rows[:ROWS], start=1):
            if len(row) != board.width:
                problems.append(
                    Problem(
                        Rule.DIMENSIONS,
                        f"{key} row {number} has {len(row)} columns; a {board.size} board has {board.width} (a-{'abcdefghi'[board.width - 1]})",
                        pointer=f"/{key}/{number - 1}",
                    )
                )
    return problems


def _region_label(scenario: Scenario, region: Region) -> str:
    names = scenario.board.names(region.cells)
    return f"the {region.size}-cell {terrain_name(region.terrain)} region {join_names(names)}"


def _levels_phrase(size: int) -> str:
    return "only level 1" if size == 1 else f"the levels 1-{size} once each"


def region_problems(scenario: Scenario) -> list[Problem]:
    """``region-size`` and ``region-separation``."""
    board = scenario.board
    problems = []
    for region in scenario.regions:
        if region.size > MAX_REGION_SIZE:
            problems.append(
                Problem(
                    Rule.REGION_SIZE,
                    f"{_region_label(scenario, region)} has more than {MAX_REGION_SIZE} cells",
                    tuple(board.names(region.cells)),
                )
            )
    owner = scenario.region_of
    terrain = scenario.terrain_flat
    touching: dict[tuple[int, int], set[int]] = {}
    for cell in board.cells:
        for near in board.neighbours8[cell]:
            if near > cell and terrain[cell] == terrain[near] and owner[cell] != owner[near]:
                a, b = sorted((owner[cell], owner[near]))
                touching.setdefault((a, b), set()).update((cell, near))
    for (a, b), cells in sorted(touching.items()):
        names = board.names(cells)
        problems.append(
            Problem(
                Rule.REGION_SEPARATION,
                f"two {terrain_name(scenario.regions[a].terrain)} regions touch at a corner at {join_names(names)}:"
                f" {{{', '.join(board.names(scenario.regions[a].cells))}}} and {{{', '.join(board.names(scenario.regions[b].cells))}}}",
                tuple(names),
            )
        )
    return problems


def crop_problems(scenario: Scenario) -> list[Problem]:
    """``crop-range`` (per region) and ``crop-separation`` (per pair of touching cells)."""
    board = scenario.board
    levels = scenario.crop_levels
    problems = []
    for region in scenario.regions:
        if region.size > MAX_REGION_SIZE:
            continue  # reported as region-size; it cannot hold 1..n at all
        digits = [(c, levels[c]) for c in region.cells if levels[c]]
        counts = Counter(level for _, level in digits)
        repeated = sorted(level for level, n in counts.items() if n > 1)
        too_high = sorted({level for _, level in digits if level > region.size})
        if repeated or too_high:
            parts = []
            if repeated:
                parts.append(
                    f"{join_names(str(v) for v in repeated)} appear{'s' if len(repeated) == 1 else ''} more than once"
                )
            if too_high:
                parts.append(
                    f"{join_names(str(v) for v in too_high)} exceed{'s' if len(too_high) == 1 else ''} its size"
                )
            problems.append(
                Problem(
                    Rule.CROP_RANGE,
                    f"{_region_label(scenario, region)} must hold {_levels_phrase(region.size)}, but "
                    + " and ".join(parts),
                    tuple(board.names(region.cells)),
                )
            )
    levels = scenario.crop_levels
    for cell in board.cells:
        level = levels[cell]
        if not level:
            continue
        for near in board.neighbours8[cell]:
            if near > cell and levels[near] == level:
                how = (
                    "diagonally"
                    if board.row(near) != board.row(cell)
                    and board.column(near) != board.column(cell)
                    else "side by side"
                )
                problems.append(
                    Problem(
                        Rule.CROP_SEPARATION,
                        f"{board.name(cell)} and {board.name(near)} both hold crop {level} and touch {how}",
                        (board.name(cell), board.name(near)),
                    )
                )
    return problems


def start_problems(scenario: Scenario) -> list[Problem]:
    """``start``: start cells on the board, distinct, with a digit; Otoma cells among them."""
    board = scenario.board
    problems = []
    seen: set[str] = set()
    for name in scenario.start:
        if name in seen:
            continue
        if scenario.start.count(name) > 1:
            problems.append(
                Problem(
                    Rule.START,
                    f"start cell {name} is listed {scenario.start.count(name)} times",
                    (name,),
                )
            )
        seen.add(name)
        if not board.has(name):
            problems.append(
                Problem(
                    Rule.START,
                    f"start cell {name} is off the {board.size} board (columns a-{'abcdefghi'[board.width - 1]})",
                    (name,),
                )
            )
        elif scenario.crop_at(board.index(name)) is None:
            problems.append(Problem(Rule.START, no_digit_words(name), (name,)))
    if scenario.otoma is not None:
        if scenario.size != "long":
            problems.append(
                Problem(
                    Rule.START,
                    'solo/co-op Otoma cells are only for long scenarios; remove "solo" from this tiny one',
                    tuple(scenario.otoma),
                )
            )
        else:
            counted = Counter(scenario.otoma)
            for name in dict.fromkeys(scenario.otoma):
                if counted[name] > 1:
                    problems.append(
                        Problem(
                            Rule.START,
                            f"Otoma cell {name} is listed {counted[name]} times",
                            (name,),
                        )
                    )
                if name not in scenario.start:
                    problems.append(
                        Problem(Rule.START, f"Otoma cell {name} is not a start cell", (name,))
                    )
    return problems


def no_digit_words(name: str) -> str:
    """The ``start`` problem of a start cell without a crop digit."""
    return f"start cell {name} has no crop digit; every start cell needs one"


def box_problems(scenario: Scenario, crops: bool = True) -> list[Problem]:
    """``box-limit``: terrain tiles and (with ``crops``) crop tiles needed against the retail box."""
    board = scenario.board
    problems = []
    for letter, count in scenario.terrain_counts().items():
        if count > BOX_TERRAIN_TILES[letter]:
            cells = [c for c in board.cells if scenario.terrain_flat[c] == letter]
            problems.append(
                Problem(
                    Rule.BOX_LIMIT,
                    f"needs {count} {terrain_name(letter)} tiles; the box has {BOX_TERRAIN_TILES[letter]}",
                    tuple(board.names(cells)),
                )
            )
    for level, count in scenario.crop_tile_counts().items() if crops else ():
        if count > BOX_CROP_TILES[level]:
            problems.append(
                Problem(
                    Rule.BOX_LIMIT,
                    f"needs {count} level-{level} crop tiles (one per region of {level}+ cells); the box has {BOX_CROP_TILES[level]}",
                )
            )
    return problems


def solution_problems(
    scenario: Scenario, solver: CropSolver, givens: dict[int, int]
) -> tuple[list[Problem], SolveResult]:
    """``unsolvable``, ``not-unique`` and ``crops-mismatch``. Returns the problems and the
    solver's verdict (the solution, or the two that differ)."""
    board = scenario.board
    # One search serves the verdict, the count, the two differing solutions and
    # the first round of suggestions: its first solutions are those a shorter
    # search would find.
    found = solver.solutions(givens, SUGGEST_CAP)
    result = solver.result_of(givens, found)
    if result.status is SolveStatus.NONE:
        from pachaprint.check.conflict import why_no_layer  # loaded for an unsolvable map only

        why = why_no_layer(solver, givens)
        return [Problem(Rule.UNSOLVABLE, why.message, tuple(board.names(why.cells)))], result
    if result.status is SolveStatus.MULTIPLE:
        count = min(len(found), NOT_UNIQUE_COUNT_CAP)
        counted = f"at least {count}" if count >= NOT_UNIQUE_COUNT_CAP else str(count)
        extra, target = _settling(scenario, solver, givens, found)
        names = board.names(result.differing)
        suggestion = join_names(f"{board.name(c)} ({target[c]})" for c in extra)
        message = (
            f"{counted} crop layers fit the terrain and the start crops; two of them differ at {join_names(names)}. "
            f"Adding {'start cell' if len(extra) == 1 else 'start cells'} {suggestion} would make it unique"
        )
        return [Problem(Rule.NOT_UNIQUE, message, tuple(names))], result
    solution = found[0]
    wrong = [
        c for c in board.cells if c not in givens and scenario.crop_at(c) not in (None, solution[c])
    ]
    if wrong:
        detail = join_names(
            f"{board.name(c)} is {scenario.crop_at(c)}, must be {solution[c]}" for c in wrong
        )
        return [
            Problem(
                Rule.CROPS_MISMATCH,
                f"the start cells force a different crop layer: {detail}",
                tuple(board.names(wrong)),
            )
        ], result
    return [], result


_Settled = tuple[list[int], tuple[int, ...]]
_SETTLED: OrderedDict[tuple[object, ...], _Settled] = OrderedDict()
_SETTLED_LOCK = threading.Lock()


def _settling_key(scenario: Scenario, givens: dict[int, int]) -> tuple[object, ...]:
    complete = scenario.crops_flat if scenario.is_complete else None
    return (scenario.size, scenario.terrain_flat, tuple(sorted(givens.items())), complete)


def _settling(
    scenario: Scenario, solver: CropSolver, givens: dict[int, int], found: list[tuple[int, ...]]
) -> _Settled:
    """Cells to add as start cells and the crop layer their levels come from.

    ``found`` are the solutions of one search (at least two). The layer is the
    author's own when it is complete and fits the rules, else the first found.
    The last few answers are kept, so :func:`settling_start_cells` right after
    a validation (as the studio asks) does not search again.
    """
    key = _settling_key(scenario, givens)
    with _SETTLED_LOCK:
        if key in _SETTLED:
            _SETTLED.move_to_end(key)
            return _SETTLED[key]
    target = _author_layer(scenario, solver) or found[0]
    settled = solver.suggest_givens(givens, target, SUGGEST_CAP, found), target
    with _SETTLED_LOCK:
        _SETTLED[key] = settled
        while len(_SETTLED) > 8:
            _SETTLED.popitem(last=False)
    return settled


def settling_start_cells(scenario: Scenario) -> dict[str, int]:
    """Start cells to add, with their crop levels, that make a not-unique scenario unique.

    The same cells the ``not-unique`` message names (cell name -> level, in
    reading order); empty when the scenario has no crop layer or exactly one.
    """
    board = scenario.board
    givens = givens_of(scenario)
    with _SETTLED_LOCK:
        known = _SETTLED.get(_settling_key(scenario, givens))
    if known is None:
        solver = solver_for(board, scenario.terrain_flat)
        found = solver.solutions(givens, SUGGEST_CAP)
        if len(found) < 2:
            return {}
        known = _settling(scenario, solver, givens, found)
    extra, target = known
    return {board.name(c): target[c] for c in sorted(extra)}


def _author_layer(scenario: Scenario, solver: CropSolver) -> tuple[int, ...] | None:
    """The author's complete crop layer if it obeys every rule (used to phrase suggestions)."""
    if not scenario.is_complete:
        return None
    layer = tuple(int(ch) for ch in scenario.crops_flat)
    found = solver.solutions({c: v for c, v in enumerate(layer)}, 1)
    return layer if found else None


def check_scenario(
    scenario: Scenario, box: str = "retail"
) -> tuple[list[Problem], list[Problem], SolveResult]:
    """All rule problems of a scenario whose dimensions are right.

    Returns ``(errors, warnings, solved)``; ``solved`` is the solver's verdict: a
    ``UNIQUE`` status and the crop layer (flat levels) when the start cells fix one.
    """
    board = scenario.board
    errors = region_problems(scenario) + crop_problems(scenario) + start_problems(scenario)
    solver = solver_for(board, scenario.terrain_flat)
    found, solved = solution_problems(scenario, solver, givens_of(scenario))
    solution = solved.solution if solved.status is SolveStatus.UNIQUE else None
    errors += found
    if box == "retail":
        errors += box_problems(scenario)
    warnings = []
    if solution is not None:
        dots = [c for c in board.cells if scenario.crop_at(c) is None]
        if dots:
            warnings.append(
                Problem(
                    Rule.INCOMPLETE,
                    incomplete_words(len(dots)) + solve_advice(len(dots)),
                    tuple(board.names(dots)),
                )
            )
        if len(scenario.start_cells) > MANY_GIVENS[scenario.size]:
            warnings.append(
                Problem(
                    Rule.GIVENS,
                    f"{len(scenario.start_cells)} start cells: the disc is unique only thanks to many givens, which leaves little to deduce",
                )
            )
    if scenario.size == "long" and len(scenario.start_cells) < OTOMA_START_CELLS:
        warnings.append(
            Problem(
                Rule.SOLO,
                f"only {plural(len(scenario.start_cells), 'start cell')}: solo and co-op need 5 Otoma start cells, so this disc cannot be set up for them",
            )
        )
    sort_problems(board, errors)
    return errors, warnings, solved


def sort_problems(board: Board, problems: list[Problem]) -> None:
    """Put problems in report order: by rule, then by their cells in reading order."""
    problems.sort(
        key=lambda p: (
            p.rule.order,
            sorted(board.index(c) for c in p.cells if board.has(c)),
            p.message,
        )
    )


def incomplete_words(dots: int) -> str:
    """The ``incomplete`` warning's finding, without the advice of a command."""
    return (
        f"{plural(dots, 'crop')} left as '.'; the start cells fix {'it' if dots == 1 else 'them'}"
    )


def solve_advice(dots: int) -> str:
    """What the ``incomplete`` warning tells a person at the command line to do."""
    return f", run `pachaprint solve FILE --write` to fill {'it' if dots == 1 else 'them'} in"


def standing_problems(scenario: Scenario, box: str = "retail") -> list[Problem]:
    """The problems a map has whatever its start cells, in report order.

    ``region-size``, ``region-separation``, ``crop-range``, ``crop-separation``
    and, with ``box="retail"``, ``box-limit``: what :func:`check_scenario`
    reports before it looks at the start cells. A cell whose letter is no
    terrain (the studio's ``.`` for a cell not painted yet) may still become any
    terrain; then only what no painting of those cells can mend is reported: a
    region of more than five cells, two regions of one terrain that touch at a
    corner and can no longer join through unpainted cells, two equal crops that
    touch, more tiles of a terrain than the box holds. (Regions can still grow
    or merge, so their digits and the crop tiles they need are judged once every
    cell is painted.)
    """
    board = scenario.board
    painted = all(letter in TERRAIN_LETTERS for letter in scenario.terrain_flat)
    found = region_problems(scenario) + crop_problems(scenario)
    if box == "retail":
        found += box_problems(scenario, crops=painted)
    if not painted:
        joined = _joinable(scenario)
        found = [
            p
            for p in found
            if p.rule in (Rule.REGION_SIZE, Rule.CROP_SEPARATION, Rule.BOX_LIMIT)
            or (
                p.rule is Rule.REGION_SEPARATION
                and len(
                    {joined[scenario.terrain_at(board.index(c))][board.index(c)] for c in p.cells}
                )
                > 1
            )
        ]
    sort_problems(board, found)
    return found


def _joinable(scenario: Scenario) -> dict[str, list[int]]:
    """Per terrain letter, a component number for every cell: cells of that terrain or not
    painted yet that join up orthogonally share one (-1 for the other cells). Two regions of
    a terrain can still merge only when they share a component."""
    board = scenario.board
    flat = scenario.terrain_flat
    found: dict[str, list[int]] = {}
    for letter in TERRAIN_LETTERS:
        component = [-1] * board.cell_count
        count = 0
        for start in board.cells:
            if component[start] >= 0 or flat[start] != letter:
                continue
            component[start] = count
            stack = [start]
            while stack:
                cell = stack.pop()
                for near in board.neighbours4[cell]:
                    if component[near] < 0 and flat[near] in (letter, "."):
                        component[near] = count
                        stack.append(near)
            count += 1
        found[letter] = component
    return found


def start_candidates(scenario: Scenario) -> dict[str, list[int]]:
    """The crop levels each start cell without a digit can still take: those with which some
    crop layer fits the terrain and the start crops given (cell name -> levels, in the
    order of ``start``; an empty list where no level fits)."""
    board = scenario.board
    missing = [c for c in scenario.start_cells if scenario.crop_at(c) is None]
    if not missing:
        return {}
    solver = solver_for(board, scenario.terrain_flat)
    givens = givens_of(scenario)
    size = {c: len(r.cells) for r in scenario.regions for c in r.cells}
    return {
        board.name(cell): [
            level
            for level in range(1, min(size.get(cell, 0), MAX_REGION_SIZE) + 1)
            if solver.has_layer({**givens, cell: level})
        ]
        for cell in missing
    }
