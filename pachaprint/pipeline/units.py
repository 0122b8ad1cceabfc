"""The work a build hands to its workers: one scenario simulated and rendered into
``OUT/scenarios/<id>/``, and the core kit.

:mod:`pachaprint.pipeline.build` imports this module only when there is work to do (a
build with nothing changed loads neither the engine nor the renderer), and before it
starts its workers: forked from a process that has these modules, matplotlib among them,
the workers share them instead of each importing them again (a build of three small
scenarios with two workers: 3.1 -> 2.6 CPU s).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pachaprint.pipeline.jobs import failure
from pachaprint.pipeline.options import BuildOptions
from pachaprint.pipeline.previews import pdf_preview_png
from pachaprint.pipeline.report_page import report_html
from pachaprint.pipeline.reports import (
    build_balance,
    report_json,
    report_markdown,
    scenario_report,
    unfinished_games,
    write_charts,
)
from pachaprint.pipeline.staging import Stage
from pachaprint.render.charts import load_matplotlib
from pachaprint.render.core import render_core
from pachaprint.render.disc_files import front_file_stem, write_disc_files
from pachaprint.render.webwheel import write_webwheel
from pachaprint.render.wheel_templates import load_wheel

if TYPE_CHECKING:
    from pachaprint.model.disc import Disc


def load_for_workers() -> None:
    """Load now what the workers load only when they draw (matplotlib), so that workers
    forked after this have it."""
    load_matplotlib()


def _render_disc(disc: Disc, folder: Path, options: BuildOptions) -> None:
    """A disc's files, its digital wheel and its two previews, printed as ``options`` say."""
    settings = options.printing
    write_disc_files(disc, settings, folder)
    write_webwheel(disc, folder / "wheel.html", settings)
    (folder / "preview-back.png").write_bytes(pdf_preview_png(folder / "disc-back.pdf"))
    front = folder / f"{front_file_stem(load_wheel(settings.wheel).name)}.pdf"
    (folder / "preview-front.png").write_bytes(pdf_preview_png(front))


def build_scenario(
    disc: Disc,
    validation: dict[str, Any],
    out_dir: str,
    options: BuildOptions,
    balanced: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Simulate and render one checked disc into ``OUT/scenarios/<id>/``; returns an outcome dict.
    ``balanced``: its balance report, when its games were played elsewhere (a cluster).

    Never raises: a crash in the engine, the renderer or a write is a ``failed`` outcome.
    """
    scenario = disc.scenario
    out = Path(out_dir)
    if balanced is None:
        try:
            balanced = build_balance(scenario, options)
        except Exception as exc:  # a crash in the engine must not stop the build
            return {"status": "failed", "problems": [failure("simulation crashed", exc)]}
    unfinished = unfinished_games(balanced)
    if unfinished:
        return {"status": "failed", "problems": unfinished}
    report = scenario_report(validation, balanced, scenario)
    relative = Path("scenarios") / scenario.id
    try:
        with Stage(out) as stage:
            folder = stage.path(relative / "report.json").parent
            try:
                _render_disc(disc, folder, options)
                chart_sizes = write_charts(report, folder)
            except Exception as exc:
                return {"status": "failed", "problems": [failure("rendering failed", exc)]}
            stage.path(relative / "report.json").write_text(report_json(report), encoding="utf-8")
            stage.path(relative / "report.md").write_text(report_markdown(report), encoding="utf-8")
            files = sorted(p.name for p in folder.iterdir())
            stage.path(relative / "report.html").write_text(
                report_html(report, chart_sizes, files, options.printing.wheels), encoding="utf-8"
            )
            outputs = stage.commit()
    except Exception as exc:
        return {"status": "failed", "problems": [failure("writing the files failed", exc)]}
    return {"status": "built", "report": report, "outputs": outputs}


def build_core(out_dir: str, options: BuildOptions) -> dict[str, str]:
    """Render the shared components and the core PnP PDF for each paper; returns output hashes."""
    out = Path(out_dir)
    with Stage(out) as stage:
        render_core(stage.root, options.printing)
        return stage.commit()
