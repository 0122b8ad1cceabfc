"""What ``pachaprint validate`` prints: the files named, a line per problem, the
summary line and the exit code (the ``validate`` command's report, apart from its
options so that a test can read it line by line).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from pathlib import Path

from pachaprint.check.load import collect_files, other_format, skipped_note, unusable_path
from pachaprint.check.problems import Report
from pachaprint.check.validate import validate_path
from pachaprint.cli.vocabulary import note
from pachaprint.model.text import display_path, plural


class PathProblem(Exception):
    """A named path is missing or not a file or folder, or holds no scenario file."""


def scenario_paths(paths: list[str]) -> list[Path]:
    """The scenario files that ``paths`` name (files, and the ``*.json`` in folders)."""
    files, missing = collect_files(paths)
    reasons: dict[str, list[str]] = {}
    for name in missing:
        reason = unusable_path(name) or "no such file or folder"
        reasons.setdefault(reason, []).append(display_path(name))
    if reasons:
        raise PathProblem(
            "; ".join(f"{reason}: {', '.join(names)}" for reason, names in reasons.items())
        )
    if not files:
        raise PathProblem(
            "no scenario files (*.json) in " + ", ".join(display_path(name) for name in paths)
        )
    return files


def report_lines(report: Report) -> list[str]:
    """The text format: ``path: rule-id: message`` per problem."""
    lines = [f"{report.file}: {p.rule.value}: {p.message}" for p in report.errors]
    lines += [f"{report.file}: {p.rule.value}: warning: {p.message}" for p in report.warnings]
    if report.valid:
        stats = report.stats
        extra = f", difficulty {stats['difficulty']}" if "difficulty" in stats else ""
        lines.append(
            f"{report.file}: valid ({stats['size']}, {plural(stats['regions'], 'region')}, {plural(stats['start_cells'], 'start cell')}{extra})"
        )
    return lines


class Tally:
    """What the summary line counts, kept while the reports stream past (the reports
    themselves are dropped as soon as they are printed)."""

    def __init__(self) -> None:
        self.files = self.invalid = self.errors = self.warnings = self.skipped = 0

    def add(self, report: Report) -> None:
        self.files += 1
        self.invalid += not report.valid
        self.errors += sum(p.count for p in report.errors)
        self.warnings += sum(p.count for p in report.warnings)


def summary_line(tally: Tally) -> str:
    line = (
        f"{plural(tally.files, 'file')}: {tally.files - tally.invalid} valid, {tally.invalid} invalid "
        f"({plural(tally.errors, 'error')}, {plural(tally.warnings, 'warning')})"
    )
    if tally.skipped:
        line += (
            f"; {tally.skipped} skipped (not {'a scenario' if tally.skipped == 1 else 'scenarios'})"
        )
    return line


def validate_files(
    files: list[Path],
    format: str,
    box: str,
    echo: Callable[[str], object],
    named: Collection[str] = (),
) -> int:
    """Validate ``files`` and print the report with ``echo`` (``format``: ``text`` or
    ``json``; ``box``: ``retail`` or ``unlimited``). Returns the exit code: 0 when all
    are valid, 1 otherwise.

    A file found in a folder (not one of the ``named`` paths) whose ``format``
    names another kind of file (a saved game, a studio draft) is skipped with a
    note on standard error.

    Each report is printed as soon as it is made and then dropped, so memory stays
    flat however many files there are. The JSON list is written piece by piece:
    the same text as ``json.dumps`` of the whole list with ``indent=2``.
    """
    chosen = {Path(name) for name in named}
    tally = Tally()
    held: str | None = None  # the JSON of the last report, printed once the next one comes
    for path in files:
        report, raw = validate_path(path, box)
        kind = other_format(raw) if raw and not report.valid and path not in chosen else None
        if kind is not None:
            note(skipped_note(report.file, kind))
            tally.skipped += 1
            continue
        tally.add(report)
        if format == "text":
            for line in report_lines(report):
                echo(line)
            continue
        text = json.dumps(report.to_dict(), indent=2, ensure_ascii=False)
        echo("[" if held is None else held + ",")
        held = "  " + text.replace("\n", "\n  ")
    if format == "json":
        echo("[]" if held is None else held + "\n]")
    else:
        echo(summary_line(tally))
    return 0 if tally.invalid == 0 else 1
