"""``pachaprint render``: one scenario's disc files, or the shared (core) components."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import typer

from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError, command
from pachaprint.cli.loading import load_disc
from pachaprint.cli.options import Paper
from pachaprint.cli.printing import print_options
from pachaprint.model.printing import PrintSettings


def check_wheel(choice: str) -> tuple[str, ...]:
    """``retail``, ``volvelle45``, ``both`` or a readable, working template file: the template
    names it gives; a usage error otherwise."""
    from pachaprint.render.wheel import WheelTemplateError
    from pachaprint.render.wheel_templates import load_wheel, wheel_names

    try:
        names = wheel_names(choice)
        for name in names:
            load_wheel(name)
    except WheelTemplateError as exc:
        raise UsageError(f"--wheel: {exc}") from None
    return tuple(names)


def _summary(written: list[Path], out: Path) -> str:
    size = sum(p.stat().st_size for p in written)
    return f"wrote {len(written)} files ({size / 1024:.0f} KB) to {out}"


@command()
@print_options()
def render(
    scenario: Path = typer.Argument(
        None, metavar="FILE", help="A scenario file (omit it with --core)."
    ),
    out: Path = v.out("DIR", "Folder to write into (created if missing)."),
    core: bool = typer.Option(
        False, "--core", help="Render the shared components instead of a scenario's disc."
    ),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="Paper of the print-ready PDF."),
    wheel: str = typer.Option(
        None,
        "--wheel",
        metavar="NAME|FILE",
        help="retail, volvelle45, both, or a wheel template file "
        "[default: retail for a disc, both for --core]",
    ),
    settings: PrintSettings = PrintSettings(),
) -> None:
    """Render a scenario's disc front(s) and back, or the core components.

    A scenario writes ID-disc-front.svg (retail) and/or
    ID-disc-front-volvelle45.svg, ID-disc-back.svg, a PDF of each, and
    ID-disc-print-<paper>.pdf ready for double-sided printing, where ID is the
    scenario's id, so the discs of several scenarios share a folder. --core writes the board, tiles, tokens, reference
    card, wheel covers and calibration disc plus the core print-and-play PDF, all into DIR.
    Exit 0 when written, 1 for an invalid scenario, 2 for usage errors.
    """
    if core == (scenario is not None):
        raise UsageError("give either a scenario file or --core")
    wheels = check_wheel(wheel or ("both" if core else "retail"))
    settings = replace(settings, papers=(paper.value,), wheels=wheels)
    if os.path.exists(out) and not os.path.isdir(out):
        raise UsageError(f"--out {out} is a file; give a folder")
    if core:
        from pachaprint.cli.progress import Bars
        from pachaprint.render.core import render_core

        with Bars(True, {"core": ("drawing the core components", "piece")}) as bars:
            try:
                written = list(render_core(out, settings, flat=True, progress=bars))
            except OSError as exc:
                raise UsageError(f"cannot write into {out}: {exc.strerror or exc}") from None
        typer.echo(f"core: {_summary(sorted(set(written)), out)}")
        return
    from pachaprint.render.disc_files import write_disc_files

    disc = load_disc(
        scenario,
        "invalid scenario, nothing rendered",
        dots_note="the crop layer has dots; the disc shows the unique solution",
    )
    from pachaprint.check.printing import print_warnings

    for problem in print_warnings(disc.scenario):
        typer.echo(f"{scenario}: {problem.rule.value}: warning: {problem.message}", err=True)
    try:
        written = write_disc_files(disc, settings, out, print_sheet=True, by_id=True)
    except OSError as exc:
        raise UsageError(f"cannot write into {out}: {exc.strerror or exc}") from None
    typer.echo(f"{scenario}: {_summary(written, out)}")
