"""``pachaprint build``: the whole pipeline, with progress and a summary."""

from __future__ import annotations

import json
import os
from pathlib import Path

import typer

from pachaprint.build.pipeline import PAPERS, WHEELS, BuildOptions, OutDirError, run_build
from pachaprint.check.load import scenario_files
from pachaprint.cli.application import UsageError, command
from pachaprint.cli.options import (
    Ink,
    Lang,
    OutputFormat,
    PaperChoice,
    WheelChoice,
    check_share_url,
    parse_back_offset,
)
from pachaprint.cli.progress import Bars
from pachaprint.model.text import display_path

DEFAULT_JOBS = max(1, min(4, os.cpu_count() or 1))


@command()
def build(
    scenarios_dir: Path = typer.Argument(
        ..., metavar="DIR", help="Folder of scenario files (*.json)."
    ),
    out: Path = typer.Option(
        ..., "--out", metavar="DIR", help="Output folder (created if missing)."
    ),
    paper: PaperChoice = typer.Option(
        PaperChoice.both, "--paper", help="Paper size of the print-and-play PDFs."
    ),
    games: int = typer.Option(
        200,
        "--games",
        min=1,
        metavar="N",
        help="Games simulated per scenario and mode, in total (solo and co-op share them out "
        "over their difficulties).",
    ),
    strongest: str = typer.Option(
        "logician",
        "--strongest",
        metavar="BOT",
        help="The bot whose solo and co-op win rates the balance report and its flags "
        "give (logician: fast; expert: the strongest fair bot, about 1 s of CPU a solo game). "
        "Each run stops once its win rate decides every flag.",
    ),
    modes: str = typer.Option(
        "competitive,solo,coop",
        "--modes",
        metavar="MODE,MODE",
        help="Modes the balance report plays (competitive is always played; solo and "
        "co-op need long scenarios and cost about three times as much).",
    ),
    jobs: int = typer.Option(
        DEFAULT_JOBS,
        "--jobs",
        metavar="N",
        min=1,
        show_default="cores, at most 4",
        help="Scenarios built in parallel processes (the output is the same for any number).",
    ),
    lang: Lang = typer.Option(
        Lang.en, "--lang", help="Language of the reference card and sheet texts."
    ),
    wheel: WheelChoice = typer.Option(
        WheelChoice.both,
        "--wheel",
        help="Wheel template(s) to print discs for (one discs PDF per template and paper).",
    ),
    ink: Ink = typer.Option(
        Ink.full,
        "--ink",
        help="full colour, or saver: light backgrounds and areas with outlines, for home printers.",
    ),
    summary: OutputFormat = typer.Option(
        OutputFormat.text, "--summary", help="Summary format on standard output."
    ),
    quiet: bool = typer.Option(
        False, "--quiet", "-q", help="No progress display and no text summary."
    ),
    force: bool = typer.Option(
        False, "--force", help="Redo every step, ignoring the previous build."
    ),
    back_offset: str = typer.Option(
        None,
        "--back-offset",
        metavar="X,Y",
        help="Shift every back page of the print-and-play PDFs by X,Y mm (right, down as seen "
        "on the back); read X,Y on the print test's back.",
    ),
    share_url: str = typer.Option(
        None,
        "--share-url",
        metavar="BASE",
        help="The disc backs' QR codes hold BASE#CODE (a hosted digital wheel page, "
        "'pachaprint wheel -o wheel.html') instead of the share code alone.",
    ),
) -> None:
    """Validate, simulate and render a folder of scenarios into a print kit.

    Every scenario gets its report, disc files and digital wheel; the core
    components and the print-and-play PDFs are made once.

    Exit code 0 when everything was built, 1 when a scenario (or a shared part)
    failed or the previous build's records named a file outside the output
    folder (refused and listed; nothing outside is touched), 2 for bad options.
    A second build into a folder that a build is writing waits for it.
    """
    if not scenarios_dir.is_dir():
        raise UsageError(f"no such folder: {display_path(scenarios_dir)}")
    if not scenario_files(scenarios_dir):
        raise UsageError(f"no scenario files (*.json) in {display_path(scenarios_dir)}")
    try:
        offset = parse_back_offset(back_offset)
        base = check_share_url(share_url) if share_url is not None else None
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    played = _played_modes(modes, strongest)
    options = BuildOptions(
        back_offset=offset,
        papers=PAPERS if paper is PaperChoice.both else (paper.value,),
        wheels=WHEELS if wheel is WheelChoice.both else (wheel.value,),
        games=games,
        strongest=strongest,
        modes=played,
        lang=lang.value,
        share_url=base,
        ink=ink.value,
    )
    with Bars(not quiet and summary is OutputFormat.text) as progress:
        try:
            result = run_build(
                scenarios_dir,
                out,
                options,
                jobs=jobs,
                force=force,
                progress=progress,
                waiting=lambda why: progress.say(f"pachaprint: {why}"),
            )
        except OutDirError as error:
            raise UsageError(str(error)) from None
    if summary is OutputFormat.json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
    elif not quiet:
        for outcome in result.scenarios:
            label = outcome.id or outcome.file
            line = f"{label}: {outcome.status}"
            if outcome.report and outcome.report.get("difficulty"):
                line += f" ({outcome.report['difficulty']})"
            typer.echo(line)
            for problem in outcome.problems:
                typer.echo(f"  {outcome.file}: {problem}")
        for problem in result.problems:
            typer.echo(f"error: {problem}")
        built = sum(1 for s in result.scenarios if s.ok)
        typer.echo(
            f"{built} of {len(result.scenarios)} scenarios built; core {result.core}; "
            f"print sheets {', '.join(f'{k} {v}' for k, v in result.pnp.items()) or 'none'}; output in {result.out_dir}/"
        )
    raise typer.Exit(0 if result.ok else 1)


PLAIN_MODES = ("competitive", "solo", "coop")
"""The modes in the engine's order (a test compares them)."""


def _played_modes(modes: str, strongest: str) -> tuple[str, ...]:
    """The modes to play (competitive always), in order; a usage error for an unknown mode
    or bot. Plain mode names with the default bot need no engine to check them (a
    rebuild with nothing changed loads none)."""
    words = {word.strip() for word in modes.split(",") if word.strip()}
    if strongest == "logician" and words <= set(PLAIN_MODES):
        return tuple(m for m in PLAIN_MODES if m == "competitive" or m in words)
    from pachaprint.engine.bots import check_bot
    from pachaprint.engine.rules.config import ConfigError, Mode

    try:
        check_bot(strongest, "strongest")
        chosen = {Mode.parse(m).value for m in modes.split(",") if m.strip()}
    except ConfigError as exc:
        raise UsageError(
            f"--{exc.setting if exc.setting == 'strongest' else 'modes'}: {exc}"
        ) from None
    return tuple(m.value for m in Mode if m is Mode.COMPETITIVE or m.value in chosen)
