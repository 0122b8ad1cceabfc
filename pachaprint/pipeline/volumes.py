"""The discs PDFs: one per wheel template and paper, split into volumes when large.

A build with at most :data:`SCENARIOS_PER_VOLUME` scenarios makes one file
per template, ``pnp/pachaprint-discs-<paper>.pdf`` for ``retail`` and
``pnp/pachaprint-discs-<paper>-<template>.pdf`` for any other (docs/outputs.md section 1),
so a fan prints the discs of the wheel they build and no other. A larger
build makes ``...-vol01.pdf``, ``-vol02.pdf`` and so on, each with the discs
of that many scenarios in file order. Each volume is its own unit of the
incremental build: adding a scenario at the end rebuilds only the last volume.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pachaprint.pipeline.jobs import Submit, failure
from pachaprint.pipeline.manifest import Manifest, input_hash
from pachaprint.pipeline.options import SCENARIOS_PER_VOLUME, BuildOptions, Progress
from pachaprint.pipeline.staging import Stage
from pachaprint.resources import load_template, shipped_wheels

if TYPE_CHECKING:  # (concurrent.futures loads only where a build runs workers)
    from concurrent.futures import Future

    from pachaprint.model.disc import Disc


@dataclass(frozen=True, slots=True)
class Volume:
    """One discs PDF: which scenarios it holds and where it goes. ``number`` is 1-based,
    0 for the single file of a build that needs one volume; ``count`` how many volumes
    this paper has; ``wheel`` the wheel template's name (``template`` in its file)."""

    paper: str
    number: int
    count: int
    ids: tuple[str, ...]
    wheel: str = "retail"

    @property
    def stem(self) -> str:
        """``pnp/pachaprint-discs-a4`` (retail) or ``pnp/pachaprint-discs-a4-volvelle45``."""
        suffix = "" if self.wheel == "retail" else f"-{self.wheel}"
        return f"pnp/pachaprint-discs-{self.paper}{suffix}"

    @property
    def name(self) -> str:
        """The output path relative to OUT."""
        if self.number == 0:
            return f"{self.stem}.pdf"
        width = max(2, len(str(self.count)))
        return f"{self.stem}-vol{self.number:0{width}d}.pdf"

    @property
    def unit(self) -> str:
        """The manifest unit (``pnp:a4`` for retail's single file, as before volumes existed)."""
        base = f"pnp:{self.paper}" + ("" if self.wheel == "retail" else f":{self.wheel}")
        return base if self.number == 0 else f"{base}:{self.number}"

    @property
    def label(self) -> str:
        """How people see it, e.g. ``Discs, A4, volume 2 of 20`` or ``Discs, A4, volvelle45``."""
        base = f"Discs, {paper_label(self.paper)}"
        if self.wheel != "retail":
            base += f", {self.wheel}"
        return base if self.number == 0 else f"{base}, volume {self.number} of {self.count}"


def plan_volumes(
    paper: str, ids: list[str], per_volume: int = SCENARIOS_PER_VOLUME, wheel: str = "retail"
) -> list[Volume]:
    """The volumes of one wheel template for the scenario ``ids`` (in build order) on ``paper``;
    none without scenarios."""
    if per_volume < 1:
        raise ValueError("a volume holds at least one scenario")
    chunks = [tuple(ids[i : i + per_volume]) for i in range(0, len(ids), per_volume)]
    if len(chunks) == 1:
        return [Volume(paper, 0, 1, chunks[0], wheel)]
    return [Volume(paper, n, len(chunks), chunk, wheel) for n, chunk in enumerate(chunks, start=1)]


def is_discs_unit(unit: str, paper: str) -> bool:
    """True for the manifest units of ``paper``'s discs PDFs (single file or volumes)."""
    return unit == f"pnp:{paper}" or unit.startswith(f"pnp:{paper}:")


def build_discs_pnp(
    discs: list[Disc],
    out_dir: str,
    paper: str,
    options: BuildOptions,
    name: str | None = None,
    wheel: str = "retail",
) -> dict[str, str]:
    """One wheel template's duplex-ready discs PDF of the given discs (one volume).

    ``name`` is the output path relative to OUT (default: the single-volume name);
    ``wheel`` the template (a shipped name or a template file).
    """
    from pachaprint.render.discs import render_discs

    out = Path(out_dir)
    with Stage(out) as stage:
        target = stage.path(name or f"pnp/pachaprint-discs-{paper}.pdf")
        render_discs(discs, target, paper, wheel, options.printing)
        return stage.commit()


@dataclass(frozen=True, slots=True)
class BuiltScenario:
    """A scenario that made it into the build: its mapping (what its volume's digest covers)
    and the checked disc its discs are drawn from; an unchanged scenario, not checked
    again, has its disc made from the mapping and its recorded grade (:meth:`disc`)."""

    id: str
    data: dict[str, Any]
    _disc: Disc | None
    grade: str | None

    def disc(self) -> Disc:
        """The checked disc: this build's, or the one its record describes."""
        if self._disc is None:
            from pachaprint.model.disc import checked_disc
            from pachaprint.model.scenario import Scenario

            scenario = Scenario.from_dict(self.data)
            grade = self.grade
            if grade is None:  # a record without its grade: grade the disc again
                from pachaprint.check.grade import grade as grade_of

                grade = grade_of(scenario).value
            object.__setattr__(self, "_disc", checked_disc(scenario, grade))
        assert self._disc is not None
        return self._disc


PrintFile = tuple[str, str, tuple[str, ...]]
"""A print-and-play PDF: ``(file relative to OUT, label, scenario ids)``."""


def plan_discs(
    built: list[BuiltScenario], options: BuildOptions
) -> tuple[list[PrintFile], dict[str, list[tuple[Volume, str]]]]:
    """Every print-and-play PDF of a build (the core PDFs first), and per paper its discs
    volumes, each with its input digest (what its manifest unit must have been built from)."""
    by_id = {scenario.id: scenario for scenario in built}
    ids = list(by_id)
    files: list[PrintFile] = [
        (f"pnp/pachaprint-core-{paper}.pdf", f"Core set, {paper_label(paper)}", ())
        for paper in options.printing.papers
    ]
    templates = [_template_name(ref) for ref in options.printing.wheels]
    dumped = {i: json.dumps(scenario.data, sort_keys=True) for i, scenario in by_id.items()}
    # (one line of JSON per scenario, fed as bytes: not escaped into a JSON list again)
    planned: dict[str, list[tuple[Volume, str]]] = {}
    for paper in options.printing.papers:
        volumes = [
            volume
            for name in dict.fromkeys(templates)
            for volume in plan_volumes(paper, ids, options.scenarios_per_volume, name)
        ]
        planned[paper] = []
        for volume in volumes:
            digest = input_hash(
                options.key(),
                paper,
                volume.name,
                "\n".join(dumped[i] for i in volume.ids).encode(),
            )
            files.append((volume.name, volume.label, volume.ids))
            planned[paper].append((volume, digest))
    return files, planned


def stale_discs(manifest: Manifest, paper: str, volumes: list[Volume]) -> list[str]:
    """The recorded discs units of ``paper`` that this build no longer makes (none when it
    makes no volume: a build whose scenarios all failed leaves the last good PDFs alone)."""
    wanted = {volume.unit for volume in volumes}
    return [
        unit
        for unit in (manifest.units_named(f"pnp:{paper}") if volumes else ())
        if is_discs_unit(unit, paper) and unit not in wanted
    ]


def discs_unchanged(
    built: list[BuiltScenario], out_dir: Path, options: BuildOptions, manifest: Manifest
) -> list[PrintFile] | None:
    """The print-and-play PDFs when :func:`build_volumes` has nothing to do (no volume to
    make, none to remove), else ``None``."""
    files, planned = plan_discs(built, options)
    for paper, volumes in planned.items():
        shown = [volume for volume, _digest in volumes]
        if stale_discs(manifest, paper, shown):
            return None
        for volume, digest in volumes:
            if not manifest.is_current(out_dir, volume.unit, digest):
                return None
    return files


def build_volumes(
    built: list[BuiltScenario],
    out_dir: Path,
    options: BuildOptions,
    manifest: Manifest,
    submit: Submit,
    problems: list[str],
    progress: Progress,
) -> tuple[dict[str, str], list[PrintFile]]:
    """The discs PDFs, volume by volume and paper by paper; stale volumes are removed.

    Returns the status per paper and ``(file, label, scenario ids)`` for every
    print-and-play PDF (the core PDFs first).
    """
    by_id = {scenario.id: scenario for scenario in built}
    files, planned = plan_discs(built, options)
    templates = {_template_name(ref): ref for ref in options.printing.wheels}
    todo: list[tuple[Volume, str]] = []
    status: dict[str, str] = {}
    for paper, volumes in planned.items():
        shown = [volume for volume, _digest in volumes]
        for unit in stale_discs(manifest, paper, shown):
            problems.extend(manifest.remove_outputs(out_dir, unit))
        status[paper] = "unchanged" if volumes else "skipped"
        todo += [
            (v, digest) for v, digest in volumes if not manifest.is_current(out_dir, v.unit, digest)
        ]
    if todo:
        progress("print sheets", 0, len(todo))
    jobs: list[tuple[Volume, str, Future[dict[str, str]]]] = []
    for volume, digest in todo:
        future = submit(
            build_discs_pnp,
            [by_id[i].disc() for i in volume.ids],
            str(out_dir),
            volume.paper,
            options,
            volume.name,
            templates[volume.wheel],
        )
        jobs.append((volume, digest, future))
    for number, (volume, digest, future) in enumerate(jobs, start=1):
        try:
            manifest.record(volume.unit, digest, future.result())
            if status[volume.paper] != "failed":
                status[volume.paper] = "built"
        except Exception as exc:
            status[volume.paper] = "failed"
            manifest.forget(volume.unit)
            problems.append(failure(f"print sheets ({volume.name}) failed", exc))
        progress("print sheets", number, len(jobs))
    return status, files


def _template_name(ref: str) -> str:
    """The name of the wheel template ``ref`` (a shipped name or a template file): a shipped
    one's is read from its file without the renderer (a rebuild with nothing changed)."""
    if ref in shipped_wheels():
        return str(load_template(f"wheel/{ref}.json").get("template", "wheel"))
    from pachaprint.render.wheel_templates import load_wheel

    return load_wheel(ref).name


def paper_label(paper: str) -> str:
    """``A4`` or ``Letter``."""
    return "A4" if paper == "a4" else paper.capitalize()
