"""What ``pachaprint build`` checks and prints (:mod:`pachaprint.cli.build` declares the
options): the source folder's check, the modes to play, the papers and wheel
templates asked for, and the lines of the summary.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from pachaprint.check.files import scenario_files
from pachaprint.model.printing import papers
from pachaprint.model.text import display_path
from pachaprint.pipeline.options import BuildOptions
from pachaprint.pipeline.outcome import BuildResult
from pachaprint.resources import shipped_wheels

PLAIN_MODES = ("competitive", "solo", "coop")
"""The modes in the engine's order (a test compares them)."""

BOTH = "both"
"""``--paper both`` and ``--wheel both``: every paper, every shipped wheel template."""


def source_problem(scenarios: Path) -> str | None:
    """Why ``scenarios`` cannot be built from (a usage error), or ``None`` for a folder with
    scenario files in it, or a file."""
    shown = display_path(scenarios)
    if os.path.isfile(scenarios):
        return None
    if not os.path.exists(scenarios):
        from pachaprint.check.load import unusable_path

        reason = unusable_path(scenarios)
        if reason is not None and reason != "no such file or folder":
            return f"{reason}: {shown}"
        return f"no such folder or file: {shown}"
    if not os.path.isdir(scenarios):
        return f"not a folder or a file (a device or a pipe?): {shown}"
    if not scenario_files(scenarios):
        return f"no scenario files (*.json) in {shown}"
    return None


def plain_modes(modes: str, bots: str) -> tuple[str, ...] | None:
    """The modes to play (competitive always), in order, when ``modes`` are plain mode names
    and ``bots`` the default bot: no engine is needed to check them (a rebuild with
    nothing changed loads none); ``None`` for anything else (the engine checks it)."""
    words = {word.strip() for word in modes.split(",") if word.strip()}
    if bots != BuildOptions().strongest or not words <= set(PLAIN_MODES):
        return None
    return tuple(m for m in PLAIN_MODES if m == "competitive" or m in words)


def papers_for(paper: str) -> tuple[str, ...]:
    """``--paper``: ``both`` or one paper."""
    return papers() if paper == BOTH else (paper,)


def wheels_for(wheel: str) -> tuple[str, ...]:
    """``--wheel``: ``both`` (every shipped template) or one template."""
    return shipped_wheels() if wheel == BOTH else (wheel,)


def result_lines(result: BuildResult, output_format: str, quiet: bool) -> list[str]:
    """What ``build`` prints on standard output: the JSON summary, or a line per scenario
    that was built, refused or failed (and per problem) and the summary line. A scenario
    whose files were up to date gets no line of its own: the summary counts it. With
    ``quiet`` in the text format, only what went wrong: the scenarios that failed with
    their problems, the build's own problems and the summary line; nothing at all for a
    build that went well."""
    if output_format == "json":
        return [json.dumps(result.to_dict(), indent=2)]
    if quiet and result.ok:
        return []
    lines = []
    for outcome in result.scenarios:
        if (quiet and outcome.ok) or (outcome.status == "unchanged" and not outcome.problems):
            continue
        line = f"{outcome.id or outcome.file}: {outcome.status}"
        if outcome.report and outcome.report.get("difficulty"):
            line += f" ({outcome.report['difficulty']})"
        lines.append(line)
        lines += [f"  {outcome.file}: {problem}" for problem in outcome.problems]
    lines += [f"error: {problem}" for problem in result.problems]
    count = len(result.scenarios)
    current = sum(1 for s in result.scenarios if s.status == "unchanged")
    if not lines and current == count and result.core == "unchanged" and _sheets_current(result):
        noun = "scenario is" if count == 1 else "scenarios are"
        lines.append(
            f"nothing changed: the {count} {noun} up to date, and so are the core "
            f"components and the print sheets; output in {result.out_dir}/"
        )
        return lines
    built = sum(1 for s in result.scenarios if s.ok)
    made = f" ({built - current} now, {current} up to date)" if current else ""
    sheets = ", ".join(f"{paper} {status}" for paper, status in result.pnp.items()) or "none"
    lines.append(
        f"{built} of {count} scenarios built{made}; core {result.core}; "
        f"print sheets {sheets}; output in {result.out_dir}/"
    )
    return lines


def _sheets_current(result: BuildResult) -> bool:
    return all(status in ("unchanged", "skipped") for status in result.pnp.values())
