"""``pachaprint calibrate``: the calibration disc for measuring a retail wheel."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import typer

from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError, command
from pachaprint.cli.options import Paper
from pachaprint.cli.printing import print_options
from pachaprint.cli.render import check_wheel
from pachaprint.model.printing import PrintSettings


@command()
@print_options(only=("lang",))
def calibrate(
    out: Path = v.out("DIR", "Folder to write into (created if missing)."),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="Paper size of the page."),
    wheel: str = typer.Option(
        "retail",
        "--wheel",
        metavar="NAME|FILE",
        help="The sector template to compare against (name or file).",
    ),
    settings: PrintSettings = PrintSettings(),
) -> None:
    """Print a calibration disc to measure a retail wheel with.

    The disc carries sector and ring numbers, millimetre circles and degree
    marks. Put it in your retail wheel, read the window edges against its scales and
    write your own wheel template from the readings (see the sheet's steps).
    """
    from pachaprint.render.core import render_calibration
    from pachaprint.render.wheel_sectors import SectorWheel
    from pachaprint.render.wheel_templates import load_wheel

    check_wheel(wheel)
    if wheel == "both" or not isinstance(load_wheel(wheel), SectorWheel):
        raise UsageError(
            f"--wheel {wheel}: the calibration disc measures a sector (retail-style) wheel"
        )
    if os.path.exists(out) and not os.path.isdir(out):
        raise UsageError(f"--out {out} is a file; give a folder")
    try:
        written = render_calibration(out, replace(settings, papers=(paper.value,)), wheel)
    except OSError as exc:
        raise UsageError(f"cannot write into {out}: {exc.strerror or exc}") from None
    typer.echo(f"wrote {', '.join(str(p) for p in written)}")
