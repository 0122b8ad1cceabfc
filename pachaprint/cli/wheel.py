"""``pachaprint wheel``: the digital wheel page of one scenario."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import typer

from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError, command
from pachaprint.cli.loading import load_disc
from pachaprint.cli.options import BoxLimit
from pachaprint.cli.printing import print_options
from pachaprint.model.printing import PrintSettings
from pachaprint.render.webwheel import render_webwheel, write_webwheel


@command()
@print_options(only=("lang",))
def wheel(
    path: Path | None = typer.Argument(
        None,
        metavar="[FILE]",
        help="A scenario file; without one, the page that opens any disc from wheel.html#CODE.",
    ),
    out: str = v.out(
        "FILE",
        "The HTML file to write ('-' for standard output; default: ID-wheel.html, "
        "or wheel.html without FILE).",
        None,
    ),
    box: BoxLimit = v.box(),
    settings: PrintSettings = PrintSettings(),
) -> None:
    """Write the digital wheel: one offline HTML page that reveals the map.

    It reveals a cell's terrain (Discovery) or crop (Divination), one at a
    time, as the printed wheel does.

    Every page also opens the disc of a share code given after '#' in its
    address (wheel.html#CODE, see 'pachaprint share'). Without FILE the page
    holds no disc of its own and asks for a code: host it once and it serves
    every disc.

    The map is scrambled in the page, not encrypted: that protects against a
    glance at the page source, not against a determined reader.

    The scenario must be valid; a crop layer with dots is solved first. Exit 0
    when written, 1 for an invalid scenario, 2 for usage errors.
    """
    disc = (
        load_disc(
            path,
            "invalid scenario, no wheel written",
            box.value,
            dots_note="the crop layer has dots; the page uses the unique solution",
        )
        if path is not None
        else None
    )
    if out == "-":
        sys.stdout.write(render_webwheel(disc, settings))
        return
    target = Path(out) if out else Path(f"{disc.id}-wheel.html" if disc else "wheel.html")
    if os.path.isdir(target):
        raise UsageError(
            f"--out {target} is a folder; give a file name such as {target / 'wheel.html'}"
        )
    try:
        written = write_webwheel(disc, target, settings)
    except OSError as exc:
        raise UsageError(f"cannot write {target}: {exc.strerror or exc}") from None
    typer.echo(f"{path or 'any disc'}: wrote {written} ({written.stat().st_size // 1024} KB)")
