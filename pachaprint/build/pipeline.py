"""``build``: validate, simulate and render every scenario of a folder, plus the core set.

Stages: validate (in this process, fast), then per scenario simulate + render
(in worker processes with ``jobs > 1``), the core components once, the
print-and-play PDFs, and the gallery. Every output is staged and moved into
place atomically; a manifest of content hashes makes rebuilds incremental.
A scenario that fails is reported and skipped; the others are still built.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import nullcontext
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pachaprint.build.gallery import gallery_html
from pachaprint.build.manifest import Manifest, input_hash
from pachaprint.build.previews import pdf_preview_png
from pachaprint.build.reports import (
    build_balance,
    report_json,
    report_markdown,
    scenario_report,
    unfinished_games,
    write_charts,
)
from pachaprint.build.staging import Stage, clean_stale_stages
from pachaprint.check.load import read_file
from pachaprint.check.problems import Report
from pachaprint.check.validate import validate_bytes
from pachaprint.fileio import atomic_write_text
from pachaprint.model.scenario import Scenario, crops_to_rows
from pachaprint.render.charts import CAPTIONS, chart_files
from pachaprint.render.scenario import front_file_stem

PAPERS = ("a4", "letter")
WHEELS = ("retail", "volvelle45")


@dataclass(frozen=True)
class BuildOptions:
    """Everything that changes what a build produces (and so its content hashes)."""

    papers: tuple[str, ...] = PAPERS
    wheels: tuple[str, ...] = WHEELS
    games: int = 200
    players: int = 2
    bots: tuple[str, ...] = ("logician", "greedy")
    strongest: str = "logician"
    """The bot whose solo and co-op win rates the balance report gives (fast by default)."""
    modes: tuple[str, ...] = ("competitive", "solo", "coop")
    seed: int = 1
    lang: str = "en"
    box: str = "retail"
    back_offset: tuple[float, float] = (0.0, 0.0)


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


@dataclass
class BuildResult:
    out_dir: str
    scenarios: list[ScenarioOutcome]
    core: str = "unchanged"
    pnp: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    """Failures outside a scenario (core components, print sheets)."""

    @property
    def ok(self) -> bool:
        return (
            all(s.ok for s in self.scenarios)
            and self.core != "failed"
            and "failed" not in self.pnp.values()
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "out": self.out_dir,
            "ok": self.ok,
            "scenarios": [
                {
                    "file": s.file,
                    "id": s.id,
                    "status": s.status,
                    "problems": s.problems,
                    "difficulty": (s.report or {}).get("difficulty"),
                    "flags": (s.report or {}).get("flags", []),
                }
                for s in self.scenarios
            ],
            "core": self.core,
            "pnp": self.pnp,
            "problems": self.problems,
        }


Progress = Callable[[str, int, int], None]
"""Callback ``(stage, done, total)``; the CLI draws it with rich."""


def _no_progress(stage: str, done: int, total: int) -> None:
    pass


# -- per-scenario work (runs in a worker process) ---------------------------------
def _render_scenario(
    scenario: Scenario, folder: Path, options: BuildOptions, difficulty: str | None
) -> None:
    from pachaprint.render.scenario import render_scenario
    from pachaprint.render.webwheel import write_webwheel

    render_scenario(
        scenario,
        folder,
        wheel=list(options.wheels),
        paper=options.papers[0],
        lang=options.lang,
        difficulty=difficulty,
    )
    write_webwheel(scenario, folder / "wheel.html", lang=options.lang)
    (folder / "preview-back.png").write_bytes(pdf_preview_png(folder / "disc-back.pdf"))
    front = folder / f"{front_file_stem(options.wheels[0])}.pdf"
    (folder / "preview-front.png").write_bytes(pdf_preview_png(front))


def build_scenario(
    scenario_data: dict[str, Any], validation: dict[str, Any], out_dir: str, options: BuildOptions
) -> dict[str, Any]:
    """Simulate and render one valid scenario into ``OUT/scenarios/<id>/``; returns an outcome dict."""
    scenario = Scenario.from_dict(scenario_data)
    out = Path(out_dir)
    try:
        balanced = build_balance(scenario, options)
    except Exception as exc:  # a crash in the engine must not stop the build
        return {
            "status": "failed",
            "problems": [f"simulation crashed: {type(exc).__name__}: {exc}"],
        }
    unfinished = unfinished_games(balanced)
    if unfinished:
        return {"status": "failed", "problems": unfinished}
    report = scenario_report(validation, balanced, scenario)
    relative = Path("scenarios") / scenario.id
    with Stage(out) as stage:
        folder = stage.path(relative / "report.json").parent
        try:
            _render_scenario(scenario, folder, options, report["difficulty"])
            write_charts(report, folder)
        except Exception as exc:
            return {
                "status": "failed",
                "problems": [f"rendering failed: {type(exc).__name__}: {exc}"],
            }
        stage.path(relative / "report.json").write_text(report_json(report), encoding="utf-8")
        stage.path(relative / "report.md").write_text(report_markdown(report), encoding="utf-8")
        outputs = stage.commit()
    return {"status": "built", "report": report, "outputs": [str(p) for p in outputs]}


def build_core(out_dir: str, options: BuildOptions) -> list[str]:
    """Render the shared components and the core PnP PDF for each paper."""
    from pachaprint.render.core import render_core

    out = Path(out_dir)
    with Stage(out) as stage:
        render_core(
            stage.root,
            paper=list(options.papers),
            lang=options.lang,
            wheels=options.wheels,
            back_offset=options.back_offset,
        )
        return [str(p) for p in stage.commit()]


def build_discs_pnp(
    scenarios: list[dict[str, Any]],
    difficulties: dict[str, str | None],
    out_dir: str,
    paper: str,
    options: BuildOptions,
) -> list[str]:
    """The duplex-ready PDF of every built scenario's disc fronts and backs."""
    from pachaprint.render.scenario import render_discs_pnp

    out = Path(out_dir)
    with Stage(out) as stage:
        models = [Scenario.from_dict(data) for data in scenarios]
        render_discs_pnp(
            models,
            stage.path(f"pnp/pachaprint-discs-{paper}.pdf"),
            paper=paper,
            wheel=list(options.wheels),
            lang=options.lang,
            difficulties=difficulties,
            back_offset=options.back_offset,
        )
        return [str(p) for p in stage.commit()]


# -- the orchestration (main process) -----------------------------------------------
def _complete_data(report: Report, raw: bytes) -> tuple[dict[str, Any], list[str]]:
    """The scenario mapping to build from; dots are solved in memory (with a warning)."""
    data = json.loads(raw.decode("utf-8-sig"))
    warnings = []
    if not report.scenario.is_complete and report.solution is not None:
        data["crops"] = crops_to_rows(report.scenario.board, report.solution)
        warnings.append(
            "crops had dots; built with the solved layer (run `pachaprint solve --write`)"
        )
    return data, warnings


def run_build(
    scenarios_dir: Path,
    out_dir: Path,
    options: BuildOptions = BuildOptions(),
    jobs: int = 1,
    force: bool = False,
    progress: Progress = _no_progress,
) -> BuildResult:
    """Build everything for the ``*.json`` scenarios in ``scenarios_dir`` into ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    clean_stale_stages(out_dir)
    manifest = Manifest() if force else Manifest.load(out_dir)
    files = sorted(p for p in scenarios_dir.glob("*.json") if p.is_file())
    outcomes: list[ScenarioOutcome] = []
    pending: list[tuple[ScenarioOutcome, dict, dict, str]] = []
    seen_ids: dict[str, str] = {}

    for done, path in enumerate(files, start=1):
        raw = read_file(path)
        report = validate_bytes(raw, str(path), options.box)
        outcome = ScenarioOutcome(file=str(path), id=report.id, status="invalid")
        outcomes.append(outcome)
        progress("validate", done, len(files))
        if not report.valid:
            outcome.problems = [f"{p.rule.value}: {p.message}" for p in report.errors]
            continue
        if report.id in seen_ids:
            outcome.problems = [
                f"duplicate id {report.id!r}: {seen_ids[report.id]} already uses it"
            ]
            continue
        seen_ids[report.id] = str(path)
        data, notes = _complete_data(report, raw)
        outcome.data = data
        validation = report.to_dict()
        validation["warnings"] += [{"rule": "incomplete", "cells": [], "message": n} for n in notes]
        digest = input_hash(raw, asdict(options), "scenario")
        if manifest.is_current(out_dir, f"scenario:{report.id}", digest):
            outcome.status = "unchanged"
            outcome.report = json.loads(
                (out_dir / "scenarios" / report.id / "report.json").read_text(encoding="utf-8")
            )
            continue
        pending.append((outcome, data, validation, digest))

    core_digest = input_hash(asdict(options), "core")
    core_needed = not manifest.is_current(out_dir, "core", core_digest)
    executor = ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else None
    with executor or nullcontext():
        submit = executor.submit if executor else _run_now
        core_future = submit(build_core, str(out_dir), options) if core_needed else None
        futures = {
            submit(build_scenario, data, validation, str(out_dir), options): (outcome, digest)
            for outcome, data, validation, digest in pending
        }
        for done, future in enumerate(as_completed(futures) if executor else futures, start=1):
            outcome, digest = futures[future]
            result = future.result()
            outcome.status = result["status"]
            outcome.problems = result.get("problems", [])
            outcome.report = result.get("report")
            if outcome.status == "built":
                manifest.record(
                    out_dir, f"scenario:{outcome.id}", digest, [Path(p) for p in result["outputs"]]
                )
            else:
                manifest.forget(f"scenario:{outcome.id}")
            progress("scenarios", done, len(futures))
        core_status = "unchanged"
        problems: list[str] = []
        if core_future is not None:
            try:
                manifest.record(
                    out_dir, "core", core_digest, [Path(p) for p in core_future.result()]
                )
                core_status = "built"
            except Exception as exc:
                core_status = "failed"
                manifest.forget("core")
                problems.append(f"core components failed: {type(exc).__name__}: {exc}")
            progress("core", 1, 1)

        built_data = [o.data for o in outcomes if o.ok]
        difficulties = {o.id: (o.report or {}).get("difficulty") for o in outcomes if o.ok}
        pnp_status: dict[str, str] = {}
        pnp_jobs = {}
        for paper in options.papers:
            digest = input_hash(
                asdict(options),
                paper,
                sorted((d["id"], json.dumps(d, sort_keys=True)) for d in built_data),
            )
            if built_data and not manifest.is_current(out_dir, f"pnp:{paper}", digest):
                pnp_jobs[paper] = (
                    submit(build_discs_pnp, built_data, difficulties, str(out_dir), paper, options),
                    digest,
                )
            else:
                pnp_status[paper] = "unchanged" if built_data else "skipped"
        for number, (paper, (future, digest)) in enumerate(sorted(pnp_jobs.items()), start=1):
            try:
                manifest.record(out_dir, f"pnp:{paper}", digest, [Path(p) for p in future.result()])
                pnp_status[paper] = "built"
            except Exception as exc:
                pnp_status[paper] = "failed"
                manifest.forget(f"pnp:{paper}")
                problems.append(f"print sheets ({paper}) failed: {type(exc).__name__}: {exc}")
            progress("print sheets", number, len(pnp_jobs))

    atomic_write_text(
        out_dir / "index.html",
        gallery_html([_gallery_entry(o, options.wheels[0]) for o in outcomes]),
    )
    manifest.save(out_dir)
    return BuildResult(
        out_dir=str(out_dir),
        scenarios=outcomes,
        core=core_status,
        pnp=dict(sorted(pnp_status.items())),
        problems=problems,
    )


class _Done:
    """A finished result with the ``Future`` interface, for ``jobs == 1``."""

    def __init__(self, function, args):
        try:
            self._value, self._error = function(*args), None
        except Exception as exc:  # re-raised by result(), as a Future would
            self._value, self._error = None, exc

    def result(self):
        if self._error is not None:
            raise self._error
        return self._value


def _run_now(function, *args) -> _Done:
    return _Done(function, args)


def _gallery_entry(outcome: ScenarioOutcome, wheel: str) -> dict[str, Any]:
    if not outcome.ok:
        return {
            "id": outcome.id or Path(outcome.file).stem,
            "file": outcome.file,
            "failed": True,
            "problems": outcome.problems,
        }
    base = f"scenarios/{outcome.id}/"
    links = [
        ("report", base + "report.md"),
        ("disc back PDF", base + "disc-back.pdf"),
        ("disc front PDF", base + f"{front_file_stem(wheel)}.pdf"),
        ("digital wheel", base + "wheel.html"),
    ]
    balance = (outcome.report or {}).get("balance") or {}
    charts = [(base + name, CAPTIONS[name]) for name in chart_files(balance)]
    return {
        "id": outcome.id,
        "file": outcome.file,
        "report": outcome.report,
        "charts": charts,
        "links": links,
        "preview_back": base + "preview-back.png",
        "preview_front": base + "preview-front.png",
    }
