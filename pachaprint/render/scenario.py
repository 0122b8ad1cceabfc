"""Render scenario discs and the wheel parts: the library calls behind ``pachaprint render``.

Files (docs/outputs.md section 1), per scenario folder::

    disc-front.svg / .pdf              retail template
    disc-front-volvelle45.svg / .pdf   volvelle45 template
    disc-back.svg / .pdf
    disc-print-<paper>.pdf             (with ``printable``) this disc ready to print, duplex

and for the core folder (:func:`render_wheel_core`)::

    wheel-cover.svg / .pdf, wheel-cover-volvelle45.svg / .pdf, calibration-disc.svg / .pdf

Every file's bytes are made in memory before the first one is written, and
each is written atomically (temporary file, then rename), so a failure never
leaves a half-written file or a half-replaced set.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from pachaprint.model.scenario import Scenario, crops_to_rows

from . import draw as d
from .components.calibration import calibration_page, calibration_sheet
from .components.disc_back import disc_back, scenario_difficulty
from .components.disc_front import disc_front
from .components.wheel_cover import (
    cover_file_stem,
    finished_pages,
    wheel_cover_sheet,
    wheel_mask_sheet,
)
from .components.wheel_steps import assembly_sheet
from .pdf import pdf_bytes
from .sheets import Sheet, document, impose
from .svg import svg_string
from .symbols import ink as ink_mode
from .texts import texts as texts_for
from .texts import wheel_texts as texts
from .wheel_templates import load_wheel, wheel_names

WheelChoice = str | Sequence[str]
"""A template name or path, ``"both"``, or a sequence of those."""


def front_file_stem(wheel_name: str) -> str:
    """``disc-front`` for the retail template, ``disc-front-<name>`` for any other."""
    return "disc-front" if wheel_name == "retail" else f"disc-front-{wheel_name}"


def completed(scenario: Scenario) -> Scenario:
    """The scenario with its dots filled by the solver (unchanged when complete).

    Raises ``ValueError`` when the terrain and start crops do not fix one crop layer.
    """
    if scenario.is_complete:
        return scenario
    from pachaprint.check.solver import SolveStatus, solve_scenario

    result = solve_scenario(scenario)
    if result.status != SolveStatus.UNIQUE or result.solution is None:
        raise ValueError(
            f"{scenario.id}: the crop layer cannot be completed ({result.status.value})"
        )
    return scenario.with_crops(crops_to_rows(scenario.board, result.solution))


def disc_drawings(
    scenario: Scenario,
    wheel: WheelChoice = "retail",
    lang: str = "en",
    difficulty: str | None = None,
    share_url: str | None = None,
) -> list[tuple[str, d.Drawing]]:
    """``(file stem, drawing)`` for every disc face of ``scenario``: fronts per template, then the back.

    The back's QR code holds the share code, or ``share_url#CODE``.
    """
    scenario = completed(scenario)
    names = wheel_names(wheel)
    out = [(front_file_stem(load_wheel(n).name), disc_front(scenario, n, lang)) for n in names]
    if difficulty is None:
        difficulty = scenario_difficulty(scenario)
    out.append(("disc-back", disc_back(scenario, names[0], lang, difficulty, share_url)))
    return out


def disc_pieces(
    scenario: Scenario,
    wheel: WheelChoice = "retail",
    lang: str = "en",
    difficulty: str | None = None,
    share_url: str | None = None,
) -> list[d.Piece]:
    """One round piece per template: that template's front, the scenario's back behind it."""
    scenario = completed(scenario)
    if difficulty is None:
        difficulty = scenario_difficulty(scenario)
    return [
        d.Piece(
            front=disc_front(scenario, n, lang),
            back=disc_back(scenario, n, lang, difficulty, share_url),
            cut="circle",
        )
        for n in wheel_names(wheel)
    ]


def render_scenario(
    scenario: Scenario,
    out_dir: str | Path,
    wheel: WheelChoice = "retail",
    paper: str = "a4",
    lang: str = "en",
    difficulty: str | None = None,
    printable: bool = False,
    back_offset: tuple[float, float] = (0.0, 0.0),
    share_url: str | None = None,
    ink: str = "full",
    by_id: bool = False,
) -> list[Path]:
    """Write one scenario's disc files into ``out_dir``; returns the paths written.

    ``wheel`` is ``retail``, ``volvelle45``, ``both``, a template file path or
    a list of those. ``difficulty`` defaults to the grader's verdict. With
    ``printable`` also writes ``disc-print-<paper>.pdf``: the fronts and the
    back imposed on ``paper`` (``a4``/``letter``), ready for duplex printing.
    ``ink`` is ``full`` or ``saver`` (see :func:`pachaprint.render.symbols.ink`).
    With ``by_id`` every file name starts with the scenario's id
    (``ID-disc-front.svg``, ``ID-disc-print-a4.pdf``), so that the discs of
    several scenarios share one folder without replacing each other's files.
    """
    with ink_mode(ink):
        return _render_scenario(
            scenario,
            Path(out_dir),
            wheel,
            paper,
            lang,
            difficulty,
            printable,
            back_offset,
            share_url,
            f"{scenario.id}-" if by_id else "",
        )


def _render_scenario(
    scenario: Scenario,
    out: Path,
    wheel: WheelChoice,
    paper: str,
    lang: str,
    difficulty: str | None,
    printable: bool,
    back_offset: tuple[float, float],
    share_url: str | None,
    prefix: str,
) -> list[Path]:
    scenario = completed(scenario)
    if difficulty is None:
        difficulty = scenario_difficulty(scenario)
    faces = disc_drawings(scenario, wheel, lang, difficulty, share_url)
    title = f"{scenario.name} ({scenario.id})"
    rendered = [
        (stem, svg_string(drawing).encode("utf-8"), pdf_bytes([drawing], title=f"{title}: {stem}"))
        for stem, drawing in faces
    ]
    print_pdf = None
    if printable:
        pages = disc_print_pages(
            [scenario], paper, wheel, lang, {scenario.id: difficulty}, back_offset, share_url
        )
        print_pdf = pdf_bytes(pages, title=title, duplex=True)
    written: list[Path] = []
    for stem, svg, pdf in rendered:
        written.append(_write_bytes(out / f"{prefix}{stem}.svg", svg))
        written.append(_write_bytes(out / f"{prefix}{stem}.pdf", pdf))
    if print_pdf is not None:
        written.append(_write_bytes(out / f"{prefix}disc-print-{paper}.pdf", print_pdf))
    return written


def _write_bytes(target: Path, data: bytes) -> Path:
    import os

    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, target)
    return target


def disc_print_pages(
    scenarios: Iterable[Scenario],
    paper: str = "a4",
    wheel: WheelChoice = "retail",
    lang: str = "en",
    difficulties: dict[str, str | None] | None = None,
    back_offset: tuple[float, float] = (0.0, 0.0),
    share_url: str | None = None,
) -> list[d.Drawing]:
    """Numbered pages with every disc front and, behind each, its back (long-edge duplex).

    For a scenario's own print file (``disc-print-<paper>.pdf``, the studio's print):
    every chosen template's front. The kit's discs PDF has one file per template
    (:func:`pachaprint.render.discs.discs_document`).
    """
    difficulties = difficulties or {}
    words = texts_for(lang)
    found: list[Sheet] = []
    for scenario in scenarios:
        pieces = disc_pieces(scenario, wheel, lang, difficulties.get(scenario.id), share_url)
        found += impose(
            pieces,
            paper,
            label=f"{scenario.name} ({scenario.id})",
            duplex=True,
            texts=words["sheets"],
        )
    if not found:
        raise ValueError("no scenarios to print")
    return document(
        found,
        words["discs"]["title"].format(wheel=", ".join(wheel_names(wheel))),
        duplex=True,
        texts=words["sheets"],
        back_offset=back_offset,
    )


def render_discs_pnp(
    scenarios: Sequence[Scenario],
    out_path: str | Path,
    paper: str = "a4",
    wheel: str = "retail",
    lang: str = "en",
    difficulties: dict[str, str | None] | None = None,
    back_offset: tuple[float, float] = (0.0, 0.0),
    share_url: str | None = None,
    ink: str = "full",
) -> Path:
    """Write one wheel template's discs PDF (``pnp/pachaprint-discs-<paper>[-<template>].pdf``).

    A contents page (pages for card, the wheel, every scenario's page), then each
    disc's front on a front page and its back at the mirrored place on the next,
    so long-edge duplex printing puts it behind; a PDF outline entry per scenario.
    """
    from .discs import render_discs

    names = wheel_names(wheel)
    if len(names) != 1:
        raise ValueError(f"one discs file per wheel template, not {len(names)} in one")
    with ink_mode(ink):
        return render_discs(
            scenarios, out_path, paper, names[0], lang, difficulties, back_offset, share_url
        )


# --------------------------------------------------------------------------- core wheel parts


def wheel_sheets(wheel: str, paper: str = "a4", lang: str = "en") -> list[Sheet]:
    """One wheel's sheets: the cover sheet, its masked back, and how to build the wheel."""
    return [
        wheel_cover_sheet(wheel, paper, lang),
        wheel_mask_sheet(wheel, paper, lang),
        assembly_sheet(wheel, paper, lang),
    ]


def wheel_core_groups(
    paper: str = "a4", lang: str = "en", wheel: WheelChoice = "both"
) -> list[tuple[str, list[Sheet]]]:
    """Page bodies for the core PnP PDF: ``("wheel:<name>", sheets)`` per template, then
    ``("calibration", [the calibration sheet])``."""
    groups = [
        (f"wheel:{load_wheel(name).name}", wheel_sheets(name, paper, lang))
        for name in wheel_names(wheel)
    ]
    groups.append(("calibration", [calibration_sheet(paper, lang)]))
    return groups


def render_wheel_core(
    out_dir: str | Path,
    paper: str = "a4",
    lang: str = "en",
    wheel: WheelChoice = "both",
    suffix: str = "",
) -> list[Path]:
    """Write ``core/wheel-cover*.svg|pdf`` and ``core/calibration-disc.svg|pdf`` under ``out_dir``
    (in the ink of the caller's :func:`pachaprint.render.symbols.ink` block).

    A cover's SVG is the sheet's front; its PDF holds every page of the wheel
    (front, masked back, how to build it), duplex-ready. ``suffix`` goes after
    each file stem (``"-letter"`` for a second paper size).
    """
    core = Path(out_dir) / "core"
    words = texts(lang)
    files: list[tuple[Path, bytes]] = []
    for name in wheel_names(wheel):
        stem = cover_file_stem(load_wheel(name).name)
        pages = finished_pages(wheel_sheets(name, paper, lang), stem, lang)
        files.append((core / f"{stem}{suffix}.svg", svg_string(pages[0]).encode("utf-8")))
        title = "pachaprint: " + words["cover_title"].format(wheel=load_wheel(name).name)
        files.append((core / f"{stem}{suffix}.pdf", pdf_bytes(pages, title=title, duplex=True)))
    page = calibration_page(paper, lang)
    title = words["calibration_title"].format(wheel="retail")
    stem = f"{page.name}{suffix}"
    files.append((core / f"{stem}.svg", svg_string(page).encode("utf-8")))
    files.append((core / f"{stem}.pdf", pdf_bytes([page], title=f"pachaprint: {title}")))
    return [_write_bytes(path, data) for path, data in files]


def render_calibration(
    out_dir: str | Path, paper: str = "a4", lang: str = "en", wheel: str = "retail"
) -> list[Path]:
    """Write ``calibration-disc.svg`` and ``.pdf`` (the page of ``pachaprint calibrate``) into ``out_dir``."""
    page = calibration_page(paper, lang, wheel)
    out = Path(out_dir)
    svg = svg_string(page).encode("utf-8")
    pdf = pdf_bytes([page], title="pachaprint: calibration disc")
    return [
        _write_bytes(out / "calibration-disc.svg", svg),
        _write_bytes(out / "calibration-disc.pdf", pdf),
    ]


__all__ = [
    "completed",
    "cover_file_stem",
    "disc_drawings",
    "disc_pieces",
    "disc_print_pages",
    "front_file_stem",
    "render_calibration",
    "render_discs_pnp",
    "render_scenario",
    "render_wheel_core",
    "wheel_core_groups",
    "wheel_sheets",
]
