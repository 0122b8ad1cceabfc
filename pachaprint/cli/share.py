"""``pachaprint share``: a disc as a short code a friend can import."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import command
from pachaprint.cli.loading import load_disc
from pachaprint.cli.options import BoxLimit, OutputFormat
from pachaprint.model.sharecode import NAME_MARK, code_of, field_bits, shared_disc
from pachaprint.model.text import display_path


@command()
def share(
    path: Path = typer.Argument(..., metavar="FILE", help="A scenario file."),
    no_name: bool = typer.Option(
        False, "--no-name", help="Leave the name out: the code is then the disc alone."
    ),
    format: OutputFormat = v.format(
        "text: the code alone; json: the code, its parts and the bits of each field."
    ),
    box: BoxLimit = v.box(),
) -> None:
    """Print a short share code of a disc: terrain, crops, start and Otoma cells, name.

    The code ignores case and dashes and has no look-alike symbols; its last
    three symbols are a check, so a typo is caught. The disc's name follows
    after a '.'; the code before it reads on its own. `pachaprint import CODE`
    writes the disc back, and the digital wheel opens it as wheel.html#CODE.
    The scenario must be valid (a crop layer with dots is solved first).
    Exit 0 with the code printed, 1 for an invalid scenario, 2 for usage errors.
    """
    scenario = load_disc(
        path,
        "invalid scenario, no share code",
        box.value,
        dots_note="the crop layer has dots; the code carries the unique solution",
    ).scenario
    code = code_of(scenario, with_name=not no_name)
    if format is OutputFormat.text:
        typer.echo(code)
        return
    core, _, name_part = code.partition(NAME_MARK)
    bits = field_bits(shared_disc(scenario))
    typer.echo(
        json.dumps(
            {
                "file": display_path(path),
                "id": scenario.id,
                "code": code,
                "disc": core,
                "name_part": name_part or None,
                "symbols": len(code.replace("-", "").replace(NAME_MARK, "")),
                "disc_symbols": len(core.replace("-", "")),
                "bits": {key: round(value, 2) for key, value in bits.items()},
            },
            indent=2,
            ensure_ascii=False,
        )
    )
