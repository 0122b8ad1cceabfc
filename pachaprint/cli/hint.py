"""``pachaprint hint``: the next deduction for a disc in play."""

from __future__ import annotations

import json
import re
from pathlib import Path

import typer

from pachaprint.check.explain import HintError, hint_steps
from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError, command
from pachaprint.cli.loading import load_disc
from pachaprint.cli.options import OutputFormat
from pachaprint.model.scenario import Scenario
from pachaprint.model.text import display_path, plural

_PAIR = re.compile(r"^([a-zA-Z]+[0-9]+)=([0-9]+)$")


def parse_revealed(scenario: Scenario, texts: list[str]) -> dict[int, int]:
    """``["c3=2,d4=1", "e5=3"]`` -> {cell: level}; ``ValueError`` naming the bad item.

    Each level must be one the cell's region can hold (1 to its size): a level out of
    that range is a mistyped option, while a level in range that the disc's crop
    layer does not have is a question for :func:`~pachaprint.check.explain.hint_steps`.
    """
    board = scenario.board
    revealed: dict[int, int] = {}
    for text in texts:
        for item in re.split(r"[,\s]+", text.strip()):
            if not item:
                continue
            match = _PAIR.match(item)
            if not match:
                raise ValueError(f"--revealed: {item!r} is not CELL=LEVEL (for example c3=2)")
            name, level = match.group(1).lower(), int(match.group(2))
            if not board.has(name):
                last = board.name(board.cell_count - 1)
                raise ValueError(
                    f"--revealed {item}: {name} is off the {board.size} board (a1 to {last})"
                )
            cell = board.index(name)
            size = scenario.regions[scenario.region_of[cell]].size
            if not 1 <= level <= size:
                raise ValueError(
                    f"--revealed {item}: {name} lies in a region of {plural(size, 'cell')}, "
                    f"so its crop is a level from 1 to {size}"
                )
            if cell in revealed and revealed[cell] != level:
                raise ValueError(
                    f"--revealed: {name} is given twice, as {revealed[cell]} and {level}"
                )
            revealed[cell] = level
    return revealed


@command()
def hint(
    path: Path = typer.Argument(..., metavar="FILE", help="A valid scenario file."),
    revealed: list[str] = typer.Option(
        [],
        "--revealed",
        "-r",
        metavar="CELL=LEVEL,...",
        help="Crops already known beyond the start cells, e.g. c3=2,d4=1 (repeatable).",
    ),
    output_format: OutputFormat = v.format("text: the deduction in words; json: as data."),
    json_flag: bool = v.deprecated("--json", flag=True),
) -> None:
    """Print the next deduction only: the easiest step a player can make now.

    When that step only rules levels out, the lines after it name the other
    steps the next placement needs, if any, and the placement that follows.

    Exit 0 with a hint (or when every crop is known), 1 when the file is not a
    valid scenario, the revealed crops do not fit it, or no technique applies; 2 for
    usage errors (a --revealed cell off the board, or a level its region cannot hold).
    """
    old = OutputFormat.json if json_flag else None
    chosen = v.renamed("--json", "--format json", old, output_format, OutputFormat.text)
    json_output = chosen is OutputFormat.json
    scenario = load_disc(path, "not a valid scenario; fix it before asking for hints").scenario
    board = scenario.board
    try:
        known = parse_revealed(scenario, revealed)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    try:
        steps = hint_steps(scenario, known)
    except HintError as exc:
        typer.echo(f"{display_path(path)}: revealed crops do not fit: {exc}", err=True)
        raise typer.Exit(1) from None
    step = steps[0] if steps else None
    if step is None:
        start = set(scenario.start_cells) | set(known)
        if len(start) == board.cell_count:
            message = "every crop is already known"
            code = 0
        else:
            message = "no technique applies: the next step needs a guess"
            code = 1
        typer.echo(
            json.dumps({"hint": None, "message": message})
            if json_output
            else f"{display_path(path)}: {message}"
        )
        raise typer.Exit(code)
    leads_to = steps[-1] if len(steps) > 1 and steps[-1].is_placement else None
    between = steps[1:-1] if leads_to else []
    if json_output:
        payload = {
            "hint": step.to_dict(board),
            "then": [later.to_dict(board) for later in between],
            "leads_to": leads_to.to_dict(board) if leads_to else None,
        }
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
    else:
        typer.echo(f"{step.technique.title} ({step.tier.value}): {step.text}")
        for later in between:
            typer.echo(f"then {later.technique.title} ({later.tier.value}): {later.text}")
        if leads_to is not None:
            typer.echo(f"this leads to: {leads_to.text}")
