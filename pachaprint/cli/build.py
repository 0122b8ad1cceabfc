"""``pachaprint build``: the whole pipeline, with progress and a summary."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import typer

from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError, command
from pachaprint.cli.building import (
    papers_for,
    plain_modes,
    result_lines,
    source_problem,
    wheels_for,
)
from pachaprint.cli.cluster import cluster_for
from pachaprint.cli.options import OutputFormat, PaperChoice, WheelChoice
from pachaprint.cli.printing import print_options
from pachaprint.cli.progress import Bars
from pachaprint.model.printing import PrintSettings
from pachaprint.pipeline.build import BuildOptions, OutDirError, run_build

DEFAULT_JOBS = max(1, min(4, os.cpu_count() or 1))
STAGES = {
    "validate": ("validating", "scenario"),
    "games": ("playing the games on the cluster", "game"),
    "scenarios": ("simulating and rendering", "scenario"),
    "core": ("core components", "set"),
    "print sheets": ("print sheets", "PDF file"),
}
"""The build's stages (:mod:`pachaprint.pipeline.build`) as its progress names them."""


@command()
@print_options()
def build(
    scenarios: Path = typer.Argument(
        ...,
        metavar="DIR|FILE",
        help="A folder of scenario files (*.json), or one scenario file.",
    ),
    out: Path = v.out("DIR", "Output folder (created if missing)."),
    games: int = v.games(
        "Games simulated per scenario and mode, in total (solo and co-op share them out "
        "over their difficulties).",
        BuildOptions().games,
    ),
    mode: str = v.mode(
        "Modes the balance report plays (competitive is always played; solo and "
        "co-op need long scenarios and cost about three times as much).",
        ",".join(BuildOptions().modes),
        several=True,
    ),
    bots: str = v.bots(
        "The bot whose solo and co-op win rates the balance report and its flags "
        "give (expert: the strongest fair bot; logician: faster and weaker). "
        "Each run stops once its win rate decides every flag. The competitive games are "
        "logician against greedy.",
        BuildOptions().strongest,
        metavar="NAME",
    ),
    jobs: int = v.jobs(
        "Scenarios built in parallel processes (the output is the same for any number).",
        DEFAULT_JOBS,
        show_default="cores, at most 4",
    ),
    paper: PaperChoice = typer.Option(
        PaperChoice.both, "--paper", help="Paper size of the print-and-play PDFs."
    ),
    wheel: WheelChoice = typer.Option(
        WheelChoice.both,
        "--wheel",
        help="Wheel template(s) to print discs for (one discs PDF per template and paper).",
    ),
    output_format: OutputFormat = v.format(
        "text: a line per scenario and a summary; json: the summary as data."
    ),
    quiet: bool = v.quiet(
        "No progress display, and no text summary unless something failed (then only what failed)."
    ),
    force: bool = v.force("Redo every step, ignoring the previous build."),
    pyodide: str = typer.Option(
        None,
        "--pyodide",
        metavar="URL|DIR",
        help="Where the site's pages load Pyodide (Python in the browser) from: an https:// "
        "address, or a folder (such as the npm package pyodide) copied into the site so that "
        "it works offline [default: the pinned release on its CDN].",
    ),
    no_site: bool = typer.Option(
        False, "--no-site", help="Leave the site (studio.html, table.html, site/) out."
    ),
    scheduler: str | None = v.scheduler(
        "Play the games on the Dask scheduler at ADDRESS (tcp://HOST:8786; needs pip install "
        "'pachaprint[cluster]' here and on the workers): every scenario's at once, the "
        "rest of the build here. The files are the same as a local build's."
    ),
    summary: OutputFormat | None = v.deprecated("--summary"),
    modes: str | None = v.deprecated("--modes"),
    strongest: str | None = v.deprecated("--strongest"),
    settings: PrintSettings = PrintSettings(),
) -> None:
    """Validate, simulate and render a folder of scenarios into a print kit.

    DIR's *.json files are the scenarios (hidden ones, and those whose format
    names another kind of file such as a saved game, are skipped, the latter
    with a note); a FILE builds that one scenario. Every scenario gets its report, disc files and digital wheel; the core
    components and the print-and-play PDFs are made once. The folder is also a static
    web site: studio.html and table.html run the studio and the table in the browser
    (Python in a Web Worker), with no server; the gallery links each disc to both.

    Exit code 0 when everything was built, 1 when a scenario (or a shared part)
    failed or the previous build's records named a file outside the output
    folder (refused and listed; nothing outside is touched), 2 for bad options.
    A second build into a folder that a build is writing waits for it.
    """
    output_format = v.renamed("--summary", "--format", summary, output_format, OutputFormat.text)
    mode = v.renamed("--modes", "--mode", modes, mode, ",".join(BuildOptions().modes))
    bots = v.renamed("--strongest", "--bots", strongest, bots, BuildOptions().strongest)
    problem = source_problem(scenarios)
    if problem is not None:
        raise UsageError(problem)
    if not no_site:
        from pachaprint.site.runtime import runtime_of

        try:
            runtime_of(pyodide)  # SiteError (a ValueError) in words for an unusable runtime
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    played = _played_modes(mode, bots)
    printing = replace(settings, papers=papers_for(paper.value), wheels=wheels_for(wheel.value))
    options = BuildOptions(
        printing,
        games=games,
        strongest=bots,
        modes=played,
        site=not no_site,
        pyodide=pyodide,
    )
    wanted = not quiet and output_format is OutputFormat.text
    with (
        cluster_for(scheduler) as cluster,
        Bars(wanted, STAGES, long_stages=frozenset({"games", "scenarios"})) as progress,
    ):
        try:
            result = run_build(
                scenarios,
                out,
                options,
                jobs=jobs,
                force=force,
                progress=progress,
                waiting=lambda why: progress.say(f"pachaprint: {why}"),
                cluster=cluster,
            )
        except OutDirError as error:
            raise UsageError(str(error)) from None
    for line in () if quiet else result.skipped:
        v.note(line)
    for line in result_lines(result, output_format.value, quiet):
        typer.echo(line)
    raise typer.Exit(0 if result.ok else 1)


def _played_modes(modes: str, bots: str) -> tuple[str, ...]:
    """The modes to play (competitive always), in order; a usage error for an unknown mode
    or bot. Plain mode names with the default bot need no engine to check them (a
    rebuild with nothing changed loads none)."""
    plain = plain_modes(modes, bots)
    if plain is not None:
        return plain
    from pachaprint.engine.bots import check_bot
    from pachaprint.engine.rules.config import ConfigError, Mode

    try:
        check_bot(bots)
        chosen = {Mode.parse(m).value for m in modes.split(",") if m.strip()}
    except ConfigError as exc:
        raise UsageError(f"{v.option_of(exc.setting)}: {exc}") from None
    return tuple(m.value for m in Mode if m is Mode.COMPETITIVE or m.value in chosen)
