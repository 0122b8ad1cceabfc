"""``build``: validate, simulate and render every scenario of a folder, plus the core set.

Stages: validate (in this process, fast), then per scenario simulate + render
(in worker processes with ``jobs > 1``), the core components once, the
print-and-play PDFs (the discs in volumes, :mod:`pachaprint.pipeline.volumes`),
and the gallery. Every output is staged and moved into place atomically,
never outside OUT (:mod:`pachaprint.pipeline.staging`); a manifest of content
hashes, journalled as each unit finishes, makes rebuilds incremental and
keeps the work of a killed build (:mod:`pachaprint.pipeline.manifest`).
A file that cannot be read or is invalid, or a scenario that fails, is
reported and skipped; the others are still built.

A build with nothing changed checks no scenario again, reads no output it saw
unchanged, rewrites nothing (``index.html`` is a unit of its own) and loads
neither the engine nor the renderer: the modules that simulate, draw and read
PDFs back are imported where they are used.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pachaprint.check.files import scenario_files
from pachaprint.model.text import display_path
from pachaprint.pipeline.jobs import Submit, failure, pool_submit, run_now, worker_pool
from pachaprint.pipeline.lock import BuildLock, BuildLockError
from pachaprint.pipeline.manifest import Manifest
from pachaprint.pipeline.options import BuildOptions, Progress
from pachaprint.pipeline.outcome import BuildResult, ScenarioOutcome
from pachaprint.pipeline.outdir import OutDirError, prepare_out_dir
from pachaprint.pipeline.sources import Pending, check_files
from pachaprint.pipeline.staging import PlacementError, Stage, clean_stale_stages, replace_file
from pachaprint.pipeline.unchanged import (
    core_digest,
    index_inputs,
    nothing_to_do,
    save_manifest,
    site_input,
)
from pachaprint.pipeline.verdicts import gallery_record
from pachaprint.pipeline.volumes import BuiltScenario, PrintFile, build_volumes

if TYPE_CHECKING:  # multiprocessing loads only when a build runs workers
    from concurrent.futures import Future, ProcessPoolExecutor

    from pachaprint.engine.analysis.cluster import Cluster

__all__ = [
    "BuildLockError",
    "BuildOptions",
    "BuildResult",
    "OutDirError",
    "run_build",
]


def _no_progress(stage: str, done: int, total: int) -> None:
    pass


# -- the orchestration (main process) -----------------------------------------------
def _scenario_results(
    pending: Pending,
    out_dir: str,
    options: BuildOptions,
    executor: ProcessPoolExecutor | None,
    balances: list[dict[str, Any]] | None = None,
) -> Iterator[tuple[ScenarioOutcome, str, dict[str, Any]]]:
    """``(outcome, digest, result)`` as each scenario finishes (one at a time without workers,
    so that each is recorded before the next starts); ``balances``: the balance report of
    each pending scenario, in order, when a cluster played their games."""

    def result_of(future: Future[dict[str, Any]]) -> dict[str, Any]:
        try:
            return future.result()
        except Exception as exc:  # a worker process that died (killed, out of memory)
            return {"status": "failed", "problems": [failure("the worker failed", exc)]}

    from pachaprint.pipeline.units import build_scenario

    played: list[dict[str, Any] | None] = list(balances) if balances else [None] * len(pending)
    if executor is None:
        for (outcome, disc, validation, digest), balanced in zip(pending, played, strict=True):
            yield (
                outcome,
                digest,
                result_of(run_now(build_scenario, disc, validation, out_dir, options, balanced)),
            )
        return
    from concurrent.futures import as_completed

    # the longest first, so that no worker is left alone with a long scenario at the end
    heaviest = sorted(
        zip(pending, played, strict=True),
        key=lambda item: _weight(item[0][0].data or {}),
        reverse=True,
    )
    submit = pool_submit(executor)
    futures = {
        submit(build_scenario, disc, validation, out_dir, options, balanced): (
            outcome,
            digest,
        )
        for (outcome, disc, validation, digest), balanced in heaviest
    }
    for future in as_completed(futures):
        outcome, digest = futures[future]
        yield outcome, digest, result_of(future)


def _played_on(
    cluster: Cluster, pending: Pending, options: BuildOptions, progress: Progress
) -> list[dict[str, Any]] | str:
    """The balance report of every pending scenario, its games played on ``cluster`` (all
    the scenarios' at once), or what went wrong (then no scenario is built)."""
    from pachaprint.pipeline.reports import build_balances

    scenarios = [disc.scenario for _, disc, _, _ in pending]
    try:
        return build_balances(
            scenarios,
            options,
            cluster.executor,
            cluster.workers,
            lambda done, total: progress("games", done, total),
        )
    except Exception as exc:  # a game that crashed, or the cluster that went away
        return failure("simulation on the cluster failed", exc)


def share_code(data: dict[str, Any]) -> str | None:
    """The share code of a built scenario's (complete) mapping, for the gallery's links to the
    site's pages (``None`` if it has none)."""
    from pachaprint.model.scenario import Scenario
    from pachaprint.model.sharecode import ShareCodeError, code_of

    try:
        return code_of(Scenario.from_dict(data))
    except (ShareCodeError, ValueError):
        return None


def _weight(data: dict[str, Any]) -> int:
    """How much simulating a scenario costs, roughly: long ones play solo and co-op too
    (when they have the Otoma's five start cells), and more cells take longer."""
    from pachaprint.engine.rules.config import OTOMA_PAWNS

    cells = sum(len(str(row)) for row in data.get("terrain", []))
    otoma = data.get("size") == "long" and len(data.get("start", [])) >= OTOMA_PAWNS
    return cells * (10 if otoma else 1)


def run_build(
    scenarios_dir: Path,
    out_dir: Path,
    options: BuildOptions = BuildOptions(),
    jobs: int = 1,
    force: bool = False,
    progress: Progress = _no_progress,
    waiting: Callable[[str], None] | None = None,
    cluster: Cluster | None = None,
) -> BuildResult:
    """Build everything for the ``*.json`` scenarios in ``scenarios_dir`` (or for the one
    scenario file it names) into ``out_dir``. With a ``cluster``
    (:func:`pachaprint.engine.analysis.cluster.connect`) the games of every scenario to
    build are played there first, all at once, and the rest is done here with ``jobs``
    processes: the same files as a build that plays them here.

    Hidden files are skipped, and so are the folder's files whose ``format`` names
    another kind of file (a saved game), each with a note (``BuildResult.skipped``). Raises :class:`OutDirError` (before any work)
    when ``out_dir`` is a file or cannot be created or written. While another
    build writes to ``out_dir`` this one waits (``waiting`` is told why, once)
    and then starts (:mod:`pachaprint.pipeline.lock`).
    """
    prepare_out_dir(out_dir)
    try:
        with BuildLock(out_dir, waiting=waiting):
            clean_stale_stages(out_dir)
            if force:
                return _locked_build(
                    scenarios_dir,
                    out_dir,
                    options,
                    jobs,
                    Manifest.fresh(out_dir),
                    progress,
                    cluster,
                )
            manifest = Manifest.load(out_dir)
            unchanged = nothing_to_do(scenarios_dir, out_dir, options, manifest, progress)
            if unchanged is not None:
                return save_manifest(manifest, out_dir, unchanged)
            return _locked_build(scenarios_dir, out_dir, options, jobs, manifest, progress, cluster)
    except BuildLockError as error:
        raise OutDirError(str(error)) from None


def _locked_build(
    scenarios_dir: Path,
    out_dir: Path,
    options: BuildOptions,
    jobs: int,
    manifest: Manifest,
    progress: Progress,
    cluster: Cluster | None = None,
) -> BuildResult:
    """Every stage, each skipping the units that are current (:mod:`pachaprint.pipeline.unchanged`
    found that not all are); the games on ``cluster`` if there is one."""
    problems: list[str] = list(manifest.refused)
    one_file = os.path.isfile(scenarios_dir)
    files = [scenarios_dir] if one_file else scenario_files(scenarios_dir)
    skipped: list[str] = []
    outcomes, pending = check_files(
        files, out_dir, options, manifest, progress, None if one_file else skipped
    )
    core_input = core_digest(options)
    core_needed = not manifest.is_current(out_dir, "core", core_input)
    balances = (
        _played_on(cluster, pending, options, progress) if cluster is not None and pending else None
    )
    if isinstance(balances, str):  # no scenario can be built: each says why
        for outcome, _data, _validation, _digest in pending:
            outcome.status, outcome.problems = "failed", [balances]
            manifest.forget(f"scenario:{outcome.id}")
        pending, balances = [], None
    executor = None
    if pending or core_needed:
        from pachaprint.pipeline import units  # (loaded before the workers fork: they share it)

        if jobs > 1:  # (a discs PDF alone is made in this process)
            if pending:  # (only a scenario's report draws charts)
                units.load_for_workers()
            executor = worker_pool(jobs)
    with executor or nullcontext():
        submit: Submit = pool_submit(executor) if executor else run_now
        core_told = False
        if core_needed:
            progress("core", 0, 1)
        core_future = submit(units.build_core, str(out_dir), options) if core_needed else None
        if core_future is not None and core_future.done():  # made here, without workers
            progress("core", 1, 1)
            core_told = True
        if pending:
            progress("scenarios", 0, len(pending))
        for done, (outcome, digest, result) in enumerate(
            _scenario_results(pending, str(out_dir), options, executor, balances), start=1
        ):
            outcome.status = result["status"]
            outcome.problems = result.get("problems", [])
            report = result.get("report")
            outcome.report = gallery_record(report) if report is not None else None
            if outcome.report is not None and outcome.data is not None:
                outcome.report["code"] = share_code(outcome.data)
            if outcome.status == "built":
                unit = f"scenario:{outcome.id}"
                problems.extend(manifest.remove_dropped(out_dir, unit, result["outputs"]))
                manifest.record(unit, digest, result["outputs"], card=outcome.report)
            else:
                manifest.forget(f"scenario:{outcome.id}")
            progress("scenarios", done, len(pending))
            if core_future is not None and core_future.done() and not core_told:
                progress("core", 1, 1)  # (it ran beside the scenarios)
                core_told = True
        core_status = "unchanged"
        if core_future is not None:
            try:
                made = core_future.result()
                problems.extend(manifest.remove_dropped(out_dir, "core", made))
                manifest.record("core", core_input, made)
                core_status = "built"
            except Exception as exc:
                core_status = "failed"
                manifest.forget("core")
                problems.append(failure("core components failed", exc))
            if not core_told:
                progress("core", 1, 1)
        built = [
            BuiltScenario(o.id, o.data, o.disc, (o.report or {}).get("difficulty"))
            for o in outcomes
            if o.ok and o.id is not None and o.data is not None
        ]
        pnp_status, pnp_files = build_volumes(
            built, out_dir, options, manifest, submit, problems, progress
        )

    try:
        _write_index(outcomes, pnp_files, out_dir, options, manifest)
    except (OSError, PlacementError) as exc:
        manifest.forget("index")
        problems.append(failure("writing index.html failed", exc))
    if options.site:
        try:
            problems.extend(_write_site(out_dir, options, manifest))
        except (OSError, PlacementError) as exc:
            manifest.forget("site")
            problems.append(failure("writing the site failed", exc))
    elif "site" in manifest.units:  # --no-site: the pages an earlier build wrote go
        problems.extend(manifest.remove_outputs(out_dir, "site"))
    built_result = BuildResult(
        out_dir=display_path(out_dir),
        scenarios=outcomes,
        core=core_status,
        pnp=dict(sorted(pnp_status.items())),
        problems=problems,
        pnp_files=[name for name, _label, _ids in pnp_files],
        skipped=skipped,
    )
    return save_manifest(manifest, out_dir, built_result)


def _write_index(
    outcomes: list[ScenarioOutcome],
    pnp_files: list[PrintFile],
    out_dir: Path,
    options: BuildOptions,
    manifest: Manifest,
) -> None:
    """``index.html``, a unit of its own: made (reading every print file back) only when
    what it shows changed: the scenarios' cards, or a print file's recorded content."""
    digest, entries, names = index_inputs(outcomes, pnp_files, options, manifest)
    if manifest.is_current(out_dir, "index", digest):
        return
    from pachaprint.pipeline.gallery import gallery_html
    from pachaprint.pipeline.printfiles import read_print_files

    read = read_print_files(out_dir, pnp_files, options.printing.lang, names)
    index = gallery_html(entries, prints=read, wheels=options.printing.wheels, site=options.site)
    data = index.encode("utf-8")
    replace_file(out_dir, "index.html", data)
    manifest.record("index", digest, {"index.html": hashlib.sha256(data).hexdigest()})


def _write_site(out_dir: Path, options: BuildOptions, manifest: Manifest) -> list[str]:
    """The site (``studio.html``, ``table.html``, ``site/``: :mod:`pachaprint.site.pages`),
    a unit of its own: written only when what it is made from changed; the files of the
    last site it no longer has (a runtime copied by ``--pyodide DIR`` before) go. Returns
    a message per such file kept."""
    digest = site_input(options)
    if manifest.is_current(out_dir, "site", digest):
        return []
    from pachaprint.site.pages import site_files
    from pachaprint.site.runtime import runtime_of

    with Stage(out_dir) as stage:
        for name, data in site_files(runtime_of(options.pyodide)).items():
            stage.path(name).write_bytes(data)
        made = stage.commit()
    kept = manifest.remove_dropped(out_dir, "site", made)
    manifest.record("site", digest, made)
    return kept
