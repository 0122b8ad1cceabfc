"""The build's first stage: every scenario file of the folder, checked or known unchanged.

A file whose very bytes built a scenario whose outputs are still intact is
``unchanged`` without being checked again: the input hash covers its bytes,
the options and the code (:mod:`pachaprint.build.manifest`), so its verdict is
the one it had when it was built. The checker (solver and all) loads only for a
file that did not build before, so a rebuild with nothing changed costs a read
and a hash per file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pachaprint.build.manifest import Manifest, input_hash
from pachaprint.build.options import BuildOptions, Progress
from pachaprint.build.verdicts import gallery_record
from pachaprint.check.load import other_format, parse_bytes, read_file, skipped_note
from pachaprint.model.text import display_path

if TYPE_CHECKING:
    from pachaprint.check.problems import Report


@dataclass
class ScenarioOutcome:
    """What happened to one scenario file."""

    file: str
    id: str | None
    status: str  # "built", "unchanged", "invalid", "failed"
    problems: list[str] = field(default_factory=list)
    report: dict[str, Any] | None = None
    data: dict[str, Any] | None = field(default=None, repr=False)
    """The scenario mapping built from (dots solved), for the PnP discs."""

    @property
    def ok(self) -> bool:
        return self.status in ("built", "unchanged")


Pending = list[tuple[ScenarioOutcome, dict[str, Any], dict[str, Any], str]]
"""Scenarios still to build: outcome, mapping, validation report, input digest."""


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


def _unchanged_report(out_dir: Path, manifest: Manifest, scenario_id: str) -> dict[str, Any] | None:
    """The gallery record of a scenario whose outputs are current: as the manifest keeps it,
    else read from its ``report.json``; ``None`` for a report this version cannot read."""
    card = manifest.card(f"scenario:{scenario_id}")
    if card is not None:
        return card
    try:
        loaded = json.loads(
            (out_dir / "scenarios" / scenario_id / "report.json").read_text(encoding="utf-8")
        )
    except (OSError, ValueError):
        return None
    try:
        return gallery_record(loaded) if isinstance(loaded, dict) else None
    except (KeyError, TypeError, AttributeError):
        return None  # not a report this version wrote: the scenario is built again


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
            built = _built_before(path, raw, out_dir, options, manifest, seen_ids)
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
        if not report.valid or report.id is None or raw is None:
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
        validation = report.to_dict()
        validation["warnings"] += [{"rule": "incomplete", "cells": [], "message": n} for n in notes]
        digest = input_hash(raw, options.key(), "scenario")
        if manifest.is_current(out_dir, f"scenario:{report.id}", digest):
            outcome.report = _unchanged_report(out_dir, manifest, report.id)
            if outcome.report is not None:
                outcome.status = "unchanged"
                continue
        pending.append((outcome, data, validation, digest))
    return outcomes, pending


def _built_before(
    path: Path,
    raw: bytes,
    out_dir: Path,
    options: BuildOptions,
    manifest: Manifest,
    seen_ids: dict[str, str],
) -> ScenarioOutcome | None:
    """The outcome of a file whose very bytes built a scenario whose outputs are intact, or
    ``None`` to check the file as usual.

    The file's verdict is the one it had when it was built (valid): it is not
    checked again. A crop layer with dots (built from the solved layer, with a
    warning the check gives), or an id met before, takes the usual way.
    """
    digest = input_hash(raw, options.key(), "scenario")
    unit = manifest.unit_built_from(digest)
    if unit is None or not unit.startswith("scenario:"):
        return None
    scenario_id = unit.removeprefix("scenario:")
    data, problems = parse_bytes(raw)
    crops = data.get("crops") if not problems and isinstance(data, dict) else None
    if (
        not isinstance(data, dict)
        or not isinstance(crops, list)
        or any(not isinstance(row, str) or "." in row for row in crops)
        or data.get("id") != scenario_id
        or scenario_id in seen_ids
        or not manifest.is_current(out_dir, unit, digest)
    ):
        return None
    report = _unchanged_report(out_dir, manifest, scenario_id)
    if report is None:
        return None
    shown = display_path(path)
    seen_ids[scenario_id] = shown
    return ScenarioOutcome(shown, scenario_id, "unchanged", report=report, data=data)
