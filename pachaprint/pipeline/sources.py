"""The build's first stage: every scenario file of the folder, checked or known unchanged.

A file whose very bytes built a scenario whose outputs are still intact is
``unchanged`` without being checked again: the input hash covers its bytes,
the options and the code (:func:`pachaprint.pipeline.unchanged.built_before`), so
its verdict is the one it had when it was built. The checker (solver and all)
loads only for a file that did not build before, so a rebuild with nothing
changed costs a read and a hash per file.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pachaprint.check.load import other_format, read_file, skipped_note
from pachaprint.pipeline.manifest import Manifest
from pachaprint.pipeline.options import BuildOptions, Progress
from pachaprint.pipeline.outcome import ScenarioOutcome
from pachaprint.pipeline.unchanged import built_before, scenario_digest, unchanged_report

if TYPE_CHECKING:  # (the checker loads only for a file that did not build before)
    from pachaprint.check.problems import Report
    from pachaprint.model.disc import Disc

__all__ = ["Pending", "ScenarioOutcome", "check_files"]

Pending = list[tuple[ScenarioOutcome, "Disc", dict[str, Any], str]]
"""Scenarios still to build: outcome, checked disc, validation report, input digest."""


def _complete_data(report: Report) -> tuple[dict[str, Any], list[str]]:
    """The scenario mapping to build from; dots are solved in memory (with a warning)."""
    from pachaprint.model.scenario import Scenario, crops_to_rows

    scenario: Scenario = report.scenario
    data = dict(scenario.extra)
    warnings = []
    if not scenario.is_complete and report.solution is not None:
        data["crops"] = crops_to_rows(scenario.board, report.solution)
        warnings.append(
            "crops had dots; built with the solved layer (run `pachaprint solve --write`)"
        )
    return data, warnings


def check_files(
    files: list[Path],
    out_dir: Path,
    options: BuildOptions,
    manifest: Manifest,
    progress: Progress,
    skipped: list[str] | None = None,
) -> tuple[list[ScenarioOutcome], Pending]:
    """Validate every file: the outcomes in file order, and the scenarios still to build.

    With a ``skipped`` list (the files come from a folder), a file whose ``format``
    names another kind of file is left out, with a note in that list."""
    outcomes: list[ScenarioOutcome] = []
    pending: Pending = []
    seen_ids: dict[str, str] = {}
    for done, path in enumerate(files, start=1):
        raw: bytes | None = None
        try:
            raw = read_file(path)
        except OSError:
            pass  # validate_path says why, in words
        else:
            built = built_before(path, raw, out_dir, options, manifest, seen_ids)
            if built is not None:
                outcomes.append(built)
                progress("validate", done, len(files))
                continue
        from pachaprint.check.validate import validate_bytes, validate_path

        if raw is None:
            report, raw = validate_path(path, options.box)
        else:
            report = validate_bytes(raw, str(path), options.box)
        progress("validate", done, len(files))
        kind = other_format(raw) if skipped is not None and raw and not report.valid else None
        if kind is not None and skipped is not None:
            skipped.append(skipped_note(report.file, kind))
            continue
        outcome = ScenarioOutcome(file=report.file, id=report.id, status="invalid")
        outcomes.append(outcome)
        if not report.valid or report.id is None or raw is None or report.disc is None:
            outcome.problems = [f"{p.rule.value}: {p.message}" for p in report.errors]
            continue
        if report.id in seen_ids:
            outcome.problems = [
                f"duplicate id {report.id!r}: {seen_ids[report.id]} already uses it"
            ]
            continue
        seen_ids[report.id] = report.file
        data, notes = _complete_data(report)
        outcome.data = data
        outcome.disc = report.disc
        validation = report.to_dict()
        validation["warnings"] += [{"rule": "incomplete", "cells": [], "message": n} for n in notes]
        digest = scenario_digest(raw, options)
        if manifest.is_current(out_dir, f"scenario:{report.id}", digest):
            outcome.report = unchanged_report(out_dir, manifest, report.id)
            if outcome.report is not None:
                outcome.status = "unchanged"
                continue
        pending.append((outcome, report.disc, validation, digest))
    return outcomes, pending
