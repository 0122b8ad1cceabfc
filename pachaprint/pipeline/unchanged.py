"""A build with nothing to do, found without building: the one place that decides it.

A build has nothing to do when every file of the folder is a scenario whose
very bytes built outputs that are still intact
(:func:`~pachaprint.pipeline.sources.built_before`), the core set, every discs
volume (:func:`~pachaprint.pipeline.volumes.discs_unchanged`) and ``index.html``
are current for these options and this code, and the previous build's records
named nothing outside OUT. Anything else (a new, changed, invalid or skipped
file, a missing or damaged output, other options, another code fingerprint)
is work, and the whole pipeline runs.

:func:`pachaprint.pipeline.build.run_build` asks :func:`nothing_to_do` first.
Nothing here needs the checker, the engine or the renderer, so a rebuild with
nothing changed loads none of them (``tests/test_build_rebuild.py``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pachaprint.check.files import read_file, scenario_files
from pachaprint.model.text import display_path
from pachaprint.pipeline.jobs import failure
from pachaprint.pipeline.manifest import Manifest, input_hash
from pachaprint.pipeline.options import BuildOptions, Progress
from pachaprint.pipeline.outcome import BuildResult, ScenarioOutcome
from pachaprint.pipeline.volumes import BuiltScenario, PrintFile, discs_unchanged


def _no_progress(stage: str, done: int, total: int) -> None:
    pass


def scenario_digest(raw: bytes, options: BuildOptions) -> str:
    """What a scenario's manifest unit is built from: the file's bytes, the options and the
    code (:func:`~pachaprint.pipeline.manifest.input_hash`)."""
    return input_hash(raw, options.key(), "scenario")


def built_before(
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
    digest = scenario_digest(raw, options)
    unit = manifest.unit_built_from(digest)
    if unit is None or not unit.startswith("scenario:"):
        return None
    scenario_id = unit.removeprefix("scenario:")
    try:  # (bytes the strict parser read when they were built: json reads them alike)
        data = json.loads(raw)
    except ValueError:
        return None
    crops = data.get("crops") if isinstance(data, dict) else None
    if (
        not isinstance(data, dict)
        or not isinstance(crops, list)
        or any(not isinstance(row, str) or "." in row for row in crops)
        or data.get("id") != scenario_id
        or scenario_id in seen_ids
        or not manifest.is_current(out_dir, unit, digest)
    ):
        return None
    report = unchanged_report(out_dir, manifest, scenario_id)
    if report is None:
        return None
    shown = display_path(path)
    seen_ids[scenario_id] = shown
    return ScenarioOutcome(shown, scenario_id, "unchanged", report=report, data=data)


def unchanged_report(out_dir: Path, manifest: Manifest, scenario_id: str) -> dict[str, Any] | None:
    """The gallery record of a scenario whose outputs are current: as the manifest keeps it,
    else read from its ``report.json``; ``None`` for a report this version cannot read."""
    card = manifest.card(f"scenario:{scenario_id}")
    if card is not None:
        return card
    from pachaprint.pipeline.verdicts import gallery_record

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


def core_digest(options: BuildOptions) -> str:
    """What the core set's manifest unit is built from: the options and the code."""
    return input_hash(options.key(), "core")


def index_inputs(
    outcomes: list[ScenarioOutcome],
    pnp_files: list[PrintFile],
    options: BuildOptions,
    manifest: Manifest,
) -> tuple[str, list[dict[str, Any]], list[tuple[str, str]]]:
    """What ``index.html`` shows, and so is made from: its input digest, a gallery entry
    per scenario, and ``(id, name)`` of the scenarios built. The print files count by
    their recorded content."""
    names = [(o.id, o.report["name"]) for o in outcomes if o.ok and o.id and o.report]
    entries = [gallery_entry(o) for o in outcomes]
    recorded = {
        name: digest for unit in manifest.units.values() for name, digest in unit["outputs"].items()
    }
    prints = [[name, label, list(ids), recorded.get(name)] for name, label, ids in pnp_files]
    printing = options.printing
    site = [options.site]  # the cards link to the site's pages only when it is written
    digest = input_hash(
        entries, names, prints, printing.lang, list(printing.wheels), *site, "index"
    )
    return digest, entries, names


def site_input(options: BuildOptions) -> str:
    """What the site's manifest unit is built from (:func:`pachaprint.site.pages.site_digest`
    and the code); ``SiteError`` for a runtime the site cannot use."""
    from pachaprint.site.runtime import runtime_of, site_digest

    return input_hash(site_digest(runtime_of(options.pyodide)), "site")


def gallery_entry(outcome: ScenarioOutcome) -> dict[str, Any]:
    """A scenario's card in ``index.html``: its gallery record, or why it failed."""
    if not outcome.ok or outcome.report is None:
        return {
            "id": outcome.id or Path(outcome.file).stem,
            "file": outcome.file,
            "failed": True,
            "invalid": outcome.status == "invalid",
            "problems": outcome.problems,
        }
    return {"id": outcome.id, "file": outcome.file, "report": outcome.report}


def nothing_to_do(
    scenarios_dir: Path,
    out_dir: Path,
    options: BuildOptions,
    manifest: Manifest,
    progress: Progress = _no_progress,
) -> BuildResult | None:
    """The result of a build of ``scenarios_dir`` (a folder or one scenario file) into
    ``out_dir`` when it has nothing to do (every scenario ``unchanged``), else ``None``.

    Reads and changes nothing but the manifest in memory (outputs it had to read
    again to confirm are remembered there, as the build does).
    """
    if manifest.refused:
        return None
    files = [scenarios_dir] if os.path.isfile(scenarios_dir) else scenario_files(scenarios_dir)
    outcomes: list[ScenarioOutcome] = []
    seen_ids: dict[str, str] = {}
    for done, path in enumerate(files, start=1):
        try:
            raw = read_file(path)
        except OSError:
            return None
        outcome = built_before(path, raw, out_dir, options, manifest, seen_ids)
        if outcome is None:
            return None
        outcomes.append(outcome)
        progress("validate", done, len(files))
    if not outcomes or not manifest.is_current(out_dir, "core", core_digest(options)):
        return None
    built = [
        BuiltScenario(o.id, o.data, None, (o.report or {}).get("difficulty"))
        for o in outcomes
        if o.id is not None and o.data is not None
    ]
    pnp_files = discs_unchanged(built, out_dir, options, manifest)
    if pnp_files is None:
        return None
    if not manifest.is_current(
        out_dir, "index", index_inputs(outcomes, pnp_files, options, manifest)[0]
    ):
        return None
    if options.site and not manifest.is_current(out_dir, "site", site_input(options)):
        return None
    return BuildResult(
        out_dir=display_path(out_dir),
        scenarios=outcomes,
        core="unchanged",
        pnp=dict(sorted((paper, "unchanged") for paper in options.printing.papers)),
        pnp_files=[name for name, _label, _ids in pnp_files],
    )


def save_manifest(manifest: Manifest, out_dir: Path, result: BuildResult) -> BuildResult:
    """Write the manifest at the end of a build (a problem of ``result`` if that fails)."""
    try:
        manifest.save(out_dir)
    except OSError as exc:
        result.problems.append(failure("writing the build manifest failed", exc))
    return result
