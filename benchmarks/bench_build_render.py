"""Build rendering benchmark: the CPU seconds of each stage of a build that is not the simulation.

    python benchmarks/bench_build_render.py OUT [--runs 3] [--scenarios scenarios/]

OUT is a built folder (``pachaprint build scenarios/ --out OUT``). Its
``report.json`` files are the recorded balance reports: nothing is simulated.
Each run renders, into a fresh temporary folder and through the build's own
functions (:mod:`pachaprint.pipeline.build`), everything a build makes per
scenario (disc SVG+PDF, ``wheel.html``, the two PNG previews, the charts, the
report pages) and once (the core set, the discs PDFs of every paper and wheel,
``index.html``). The stages inside ``_render_disc`` and the charts are
timed by wrapping the functions the pipeline calls, so the figures are those
of the code a build runs.

Prints the median CPU time of each stage over the runs (``time.process_time``,
steadier than wall time on a shared machine), the load, the one-off import
cost of the first run, and how many files came out byte-identical to OUT's
(a change that is meant to keep the outputs keeps every one).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

STAGES = (
    "discs SVG+PDF",
    "wheel.html",
    "2 previews",
    "scenario, rest",
    "chart seat",
    "chart score",
    "chart otoma",
    "chart length",
    "charts, rest",
    "report json/md/html",
    "core set",
    "discs PDFs",
    "index.html",
)
TIMES: dict[str, float] = defaultdict(float)
"""CPU seconds per stage in the current run."""


def timed(module: Any, name: str, stage: str) -> None:
    """Wrap ``module.name`` so that its CPU time adds to ``stage`` (outermost call only)."""
    inner = getattr(module, name)
    depth = [0]

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        depth[0] += 1
        start = time.process_time()
        try:
            return inner(*args, **kwargs)
        finally:
            depth[0] -= 1
            if depth[0] == 0:
                TIMES[stage] += time.process_time() - start

    setattr(module, name, wrapper)


def clock(stage: str, work: Callable[..., Any], *args: Any) -> Any:
    """``work(*args)``, its CPU time added to ``stage``."""
    start = time.process_time()
    try:
        return work(*args)
    finally:
        TIMES[stage] += time.process_time() - start


def instrument() -> float:
    """Import what a build's workers import and wrap the stages; returns the import CPU seconds."""
    start = time.process_time()
    import matplotlib.backends.backend_svg
    import matplotlib.figure  # noqa: F401

    import pachaprint.pipeline.previews as previews
    import pachaprint.render.charts as charts
    import pachaprint.render.disc_files as disc_files
    import pachaprint.render.webwheel as webwheel

    imported = time.process_time() - start
    timed(disc_files, "write_disc_files", "discs SVG+PDF")
    timed(webwheel, "write_webwheel", "wheel.html")
    timed(previews, "pdf_preview_png", "2 previews")
    for chart in ("seat_chart", "score_chart", "otoma_chart", "length_chart"):
        timed(charts, chart, f"chart {chart.split('_')[0]}")
    return imported


def write_reports(report: dict[str, Any], folder: Path, wheels: tuple[str, ...]) -> None:
    """``report.json``, ``report.md`` and ``report.html``, as :func:`build_scenario` writes them."""
    from pachaprint.pipeline.report_page import report_html
    from pachaprint.pipeline.reports import report_json, report_markdown

    (folder / "report.json").write_text(report_json(report), encoding="utf-8")
    (folder / "report.md").write_text(report_markdown(report), encoding="utf-8")
    files = sorted(p.name for p in folder.iterdir())
    (folder / "report.html").write_text(report_html(report, files, wheels), encoding="utf-8")


def one_run(
    out: Path, scenarios: Path, folders: list[Path], target: Path
) -> dict[str, list[bytes]]:
    """Every rendering stage of a build into ``target``; returns the bytes of each file by
    its path relative to OUT."""
    from pachaprint.model.disc import checked_disc
    from pachaprint.model.scenario import Scenario
    from pachaprint.pipeline.build import _render_disc, build_core
    from pachaprint.pipeline.gallery import gallery_html
    from pachaprint.pipeline.options import BuildOptions
    from pachaprint.pipeline.printfiles import read_print_files
    from pachaprint.pipeline.reports import write_charts
    from pachaprint.pipeline.verdicts import gallery_record
    from pachaprint.pipeline.volumes import BuiltScenario, build_discs_pnp, plan_discs

    options = BuildOptions()
    built: list[BuiltScenario] = []
    entries: list[dict[str, Any]] = []
    names: list[tuple[str, str]] = []
    for source in folders:
        report = json.loads((source / "report.json").read_text(encoding="utf-8"))
        data = json.loads((scenarios.parent / report["file"]).read_text(encoding="utf-8"))
        model = Scenario.from_dict(data)
        folder = target / "scenarios" / model.id
        folder.mkdir(parents=True)
        disc = checked_disc(model, report["difficulty"])  # (the report's grade: not graded again)
        clock("scenario, rest", _render_disc, disc, folder, options)
        clock("charts, rest", write_charts, report, folder)
        clock("report json/md/html", write_reports, report, folder, options.printing.wheels)
        built.append(BuiltScenario(model.id, data, disc, report["difficulty"]))
        entries.append({"id": model.id, "file": report["file"], "report": gallery_record(report)})
        names.append((model.id, model.name))
    clock("core set", build_core, str(target), options)
    files, planned = plan_discs(built, options)
    by_id = {b.id: b for b in built}
    for paper, volumes in planned.items():
        for volume, _digest in volumes:
            clock(
                "discs PDFs",
                build_discs_pnp,
                [by_id[i].disc() for i in volume.ids],
                str(target),
                paper,
                options,
                volume.name,
                volume.wheel,
            )

    def index() -> None:
        read = read_print_files(target, files, options.printing.lang, names)
        page = gallery_html(entries, prints=read, wheels=options.printing.wheels)
        (target / "index.html").write_text(page, encoding="utf-8")

    clock("index.html", index)
    return {
        p.relative_to(target).as_posix(): [p.read_bytes()]
        for p in sorted(target.rglob("*"))
        if p.is_file() and not p.name.startswith(".")
    }


def _pixels(png: bytes) -> tuple[str, tuple[int, int], bytes]:
    """A PNG's mode, size and pixels (a file written with other settings may hold the same)."""
    import io

    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        return image.mode, image.size, image.tobytes()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scenarios", type=Path, default=Path("scenarios"))
    args = parser.parse_args()
    folders = sorted(p for p in (args.out / "scenarios").iterdir() if p.is_dir())
    imported = instrument()
    figures: dict[str, list[float]] = defaultdict(list)
    totals: list[float] = []
    outputs: dict[str, set[bytes]] = defaultdict(set)
    for _ in range(args.runs):
        TIMES.clear()
        start = time.process_time()
        with tempfile.TemporaryDirectory(prefix="bench-render-") as tmp:
            for name, (data,) in one_run(args.out, args.scenarios, folders, Path(tmp)).items():
                outputs[name].add(data)
        totals.append(time.process_time() - start)
        # the wrapped stages ran inside the "rest" clocks: take them out
        TIMES["scenario, rest"] -= sum(
            TIMES[s] for s in ("discs SVG+PDF", "wheel.html", "2 previews")
        )
        TIMES["charts, rest"] -= sum(v for k, v in TIMES.items() if k.startswith("chart "))
        for stage in STAGES:
            figures[stage].append(TIMES[stage])
    load = os.getloadavg()
    print(
        f"{len(folders)} scenarios, {args.runs} runs; load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; "
        f"imports (once per worker) {imported:.2f} s CPU"
    )
    for stage, values in figures.items():
        print(
            f"  {stage:22} {statistics.median(values):7.2f} s CPU   (runs: "
            + " ".join(f"{v:.2f}" for v in values)
            + ")"
        )
    print(f"  {'total':22} {statistics.median(totals):7.2f} s CPU")
    same = pixels = changed = missing = 0
    differ: list[str] = []
    for name, seen in sorted(outputs.items()):
        recorded = args.out / name
        if not recorded.is_file():
            missing += 1
        elif seen == {recorded.read_bytes()}:
            same += 1
        elif name.endswith(".png") and all(
            _pixels(data) == _pixels(recorded.read_bytes()) for data in seen
        ):
            pixels += 1
        else:
            changed += 1
            differ.append(name)
    varied = [name for name, seen in outputs.items() if len(seen) > 1]
    print(
        f"  files identical to OUT: {same}, PNGs with the same pixels: {pixels}, "
        f"different: {changed}, not in OUT: {missing}; "
        f"different between runs: {len(varied)}"
    )
    for name in differ[:12]:
        print(f"    differs: {name}")


if __name__ == "__main__":
    main()
