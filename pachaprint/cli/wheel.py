"""``pachaprint wheel``: the digital wheel page of one scenario."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from pachaprint.check.validate import validate_file
from pachaprint.cli.app import UsageError, app
from pachaprint.cli.options import BoxLimit, Lang
from pachaprint.model.scenario import crops_to_rows
from pachaprint.render.webwheel import render_webwheel, write_webwheel


@app.command()
def wheel(
    path: Path = typer.Argument(..., help="A scenario file."),
    out: str = typer.Option(None, "--out", "-o", help="The HTML file to write ('-' for standard output). Default: <id>-wheel.html."),
    box: BoxLimit = typer.Option(BoxLimit.retail, "--box", help="retail: tile counts must fit the retail box; unlimited: skip that check."),
    lang: Lang = typer.Option(Lang.en, "--lang", help="Language of the page's texts."),
) -> None:
    """Write the digital wheel: one offline HTML page that reveals terrains and crops.

    The scenario must be valid; a crop layer with dots is solved first. Exit 0
    when written, 1 for an invalid scenario, 2 for usage errors.
    """
    if not path.is_file():
        raise UsageError(f"no such file: {path}")
    try:
        report = validate_file(path, box.value)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}")
    if not report.valid or report.scenario is None:
        for problem in report.errors:
            typer.echo(f"{path}: {problem.rule.value}: {problem.message}", err=True)
        typer.echo(f"{path}: invalid scenario, no wheel written", err=True)
        raise typer.Exit(1)
    scenario = report.scenario
    if not scenario.is_complete and report.solution is not None:
        scenario = scenario.with_crops(crops_to_rows(scenario.board, report.solution))
        typer.echo(f"{path}: warning: the crop layer has dots; the page uses the unique solution", err=True)
    if out == "-":
        sys.stdout.write(render_webwheel(scenario, lang.value))
        return
    target = Path(out) if out else Path(f"{scenario.id}-wheel.html")
    if target.is_dir():
        raise UsageError(f"--out {target} is a folder; give a file name such as {target / 'wheel.html'}")
    try:
        written = write_webwheel(scenario, target, lang.value)
    except OSError as exc:
        raise UsageError(f"cannot write {target}: {exc.strerror or exc}")
    typer.echo(f"{path}: wrote {written} ({written.stat().st_size // 1024} KB)")
