"""``pachaprint render``: one scenario's disc files, or the shared (core) components."""

from __future__ import annotations

from pathlib import Path

import typer

from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError, command
from pachaprint.cli.loading import load_valid_scenario
from pachaprint.cli.options import Ink, Lang, Paper, check_share_url, parse_back_offset


def check_wheel(choice: str) -> str:
    """``retail``, ``volvelle45``, ``both`` or a readable, working template file; usage error otherwise."""
    from pachaprint.render.wheel_shapes import WheelTemplateError
    from pachaprint.render.wheel_templates import load_wheel, wheel_names

    try:
        for name in wheel_names(choice):
            load_wheel(name)
    except WheelTemplateError as exc:
        raise UsageError(f"--wheel: {exc}") from None
    return choice


def _summary(written: list[Path], out: Path) -> str:
    size = sum(p.stat().st_size for p in written)
    return f"wrote {len(written)} files ({size / 1024:.0f} KB) to {out}"


@command()
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
    lang: Lang = v.lang("Language of the printed words."),
    ink: Ink = v.ink(),
    back_offset: str = v.back_offset(
        "Shift every back page by X,Y mm (right, down as seen on the back) for a printer "
        "whose duplex is off; read X,Y on the print test's back."
    ),
    share_url: str = v.share_url(
        "The disc back's QR code holds BASE#CODE (a hosted digital wheel page, "
        "'pachaprint wheel -o wheel.html') instead of the share code alone."
    ),
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
    if share_url is not None:
        try:
            share_url = check_share_url(share_url)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    try:
        offset = parse_back_offset(back_offset)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    wheel = check_wheel(wheel or ("both" if core else "retail"))
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out} is a file; give a folder")
    if core:
        from pachaprint.cli.progress import Bars
        from pachaprint.render.core import render_core

        with Bars(True, {"core": ("drawing the core components", "piece")}) as bars:
            written = list(
                render_core(
                    out,
                    paper=paper.value,
                    lang=lang.value,
                    wheels=wheel,
                    back_offset=offset,
                    ink=ink.value,
                    flat=True,
                    progress=bars,
                )
            )
        typer.echo(f"core: {_summary(sorted(set(written)), out)}")
        return
    from pachaprint.render.scenario import render_scenario

    model = load_valid_scenario(
        scenario,
        "invalid scenario, nothing rendered",
        dots_note="the crop layer has dots; the disc shows the unique solution",
    )
    from pachaprint.check.printing import print_warnings

    for problem in print_warnings(model):
        typer.echo(f"{scenario}: {problem.rule.value}: warning: {problem.message}", err=True)
    try:
        written = render_scenario(
            model,
            out,
            wheel=wheel,
            paper=paper.value,
            lang=lang.value,
            printable=True,
            back_offset=offset,
            share_url=share_url,
            ink=ink.value,
            by_id=True,
        )
    except OSError as exc:
        raise UsageError(f"cannot write into {out}: {exc.strerror or exc}") from None
    typer.echo(f"{scenario}: {_summary(written, out)}")
