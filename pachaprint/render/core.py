"""The shared (core) components: one file per component plus the print-and-play PDF.

:func:`render_core` writes, under ``out_dir`` (docs/outputs.md section 1)::

    core/board.svg, diversity-board.svg, tiles-terrain.svg, tiles-crops.svg,
         tokens.svg, reference-card.svg, score-track.svg (+ .pdf of each)
    pnp/pachaprint-core-<paper>.pdf

The component files show each component once (pieces trimmed, fronts above
backs); the PnP file imposes everything for a home printer, duplex-ready.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pachaprint.fileio import atomic_write_bytes
from pachaprint.model.printing import PrintSettings

from . import draw as d
from .components import (
    board,
    contents,
    crop_tiles,
    diversity,
    pieces,
    reference_card,
    score_track,
    screens,
    terrain_tiles,
    tokens,
)
from .components.calibration import calibration_page, calibration_sheet
from .components.print_test import alignment_sheets
from .components.wheel_cover import (
    cover_file_stem,
    finished_pages,
    wheel_cover_sheet,
    wheel_mask_sheet,
)
from .components.wheel_steps import assembly_sheet
from .pdf import pdf_bytes, write_pdf
from .sheets import Paper, Sheet, catalogue, document, fit_or_tile, impose, paper
from .sheets import first_pages as sheets_first_pages
from .svg import svg_string, write_svg
from .texts import texts, wheel_texts
from .wheel_templates import load_wheel, wheel_names


@dataclass(frozen=True)
class CoreComponent:
    """A core component: its file stem and how to draw it."""

    stem: str
    key: str
    """Key of its name in the texts (``components``)."""
    drawing: Callable[[PrintSettings, float | None], d.Drawing]
    """``drawing(settings, tile_mm)``; ``tile_mm`` None = the board template's cell size."""


def _catalogue(
    stem: str, key: str, make: Callable[..., list[d.Piece]], columns: int
) -> Callable[[PrintSettings, float | None], d.Drawing]:
    def build(settings: PrintSettings, tile_mm: float | None) -> d.Drawing:
        made = make(settings, tile_mm) if make is terrain_tiles.pieces else make(settings)
        title = texts(settings.lang)["components"][key]
        return catalogue(made, name=stem, columns=columns, title=title)

    return build


PIECES = CoreComponent("pieces", "pieces", _catalogue("pieces", "pieces", pieces.pieces, 10))
"""Pawns, stones and markers: ``core/pieces.svg``, beside the files docs/outputs.md section 1 lists."""
SCREENS = CoreComponent("screens", "screens", _catalogue("screens", "screens", screens.pieces, 1))
"""The four co-op screens: ``core/screens.svg``."""

COMPONENTS: tuple[CoreComponent, ...] = (
    CoreComponent("board", "board", lambda settings, tile_mm: board.board(settings, tile_mm)),
    CoreComponent(
        "diversity-board",
        "diversity",
        lambda settings, tile_mm: diversity.diversity_board(settings),
    ),
    CoreComponent(
        "tiles-terrain",
        "terrain_tiles",
        _catalogue("tiles-terrain", "terrain_tiles", terrain_tiles.pieces, 8),
    ),
    CoreComponent(
        "tiles-crops", "crop_tiles", _catalogue("tiles-crops", "crop_tiles", crop_tiles.pieces, 10)
    ),
    CoreComponent("tokens", "tokens", _catalogue("tokens", "tokens", tokens.pieces, 8)),
    CoreComponent(
        "reference-card",
        "reference",
        _catalogue("reference-card", "reference", reference_card.pieces, 2),
    ),
    CoreComponent(
        "score-track",
        "score_track",
        lambda settings, tile_mm: score_track.score_track(settings),
    ),
)


# --------------------------------------------------------------------------- the wheel parts


def wheel_sheets(wheel: str, paper_key: str, settings: PrintSettings) -> list[Sheet]:
    """One wheel's sheets: the cover sheet, its masked back, and how to build the wheel."""
    return [
        wheel_cover_sheet(wheel, paper_key, settings),
        wheel_mask_sheet(wheel, paper_key, settings),
        assembly_sheet(wheel, paper_key, settings),
    ]


def wheel_core_groups(paper_key: str, settings: PrintSettings) -> list[tuple[str, list[Sheet]]]:
    """Page bodies for the core PnP PDF: ``("wheel:<name>", sheets)`` per template of
    ``settings``, then ``("calibration", [the calibration sheet])``."""
    groups = [
        (f"wheel:{load_wheel(name).name}", wheel_sheets(name, paper_key, settings))
        for name in wheel_names(settings.wheels)
    ]
    groups.append(("calibration", [calibration_sheet(paper_key, settings)]))
    return groups


def wheel_core_files(paper_key: str, settings: PrintSettings, suffix: str = "") -> dict[str, bytes]:
    """``core/wheel-cover*.svg|pdf`` per template of ``settings`` and
    ``core/calibration-disc.svg|pdf``, path relative to the output folder -> bytes.

    A cover's SVG is the sheet's front; its PDF holds every page of the wheel
    (front, masked back, how to build it), duplex-ready. ``suffix`` goes after
    each file stem (``"-letter"`` for a second paper size).
    """
    words = wheel_texts(settings.lang)
    files: dict[str, bytes] = {}
    for name in wheel_names(settings.wheels):
        stem = cover_file_stem(load_wheel(name).name)
        pages = finished_pages(wheel_sheets(name, paper_key, settings), stem, settings)
        files[f"core/{stem}{suffix}.svg"] = svg_string(pages[0]).encode("utf-8")
        title = "pachaprint: " + words["cover_title"].format(wheel=load_wheel(name).name)
        files[f"core/{stem}{suffix}.pdf"] = pdf_bytes(pages, title=title, duplex=True)
    page = calibration_page(paper_key, settings)
    title = words["calibration_title"].format(wheel="retail")
    stem = f"{page.name}{suffix}"
    files[f"core/{stem}.svg"] = svg_string(page).encode("utf-8")
    files[f"core/{stem}.pdf"] = pdf_bytes([page], title=f"pachaprint: {title}")
    return files


def render_calibration(out_dir: str | Path, settings: PrintSettings, wheel: str) -> list[Path]:
    """Write ``calibration-disc.svg`` and ``.pdf`` (the page of ``pachaprint calibrate``) for
    the sector template ``wheel`` on ``settings.paper`` into ``out_dir``."""
    page = calibration_page(settings.paper, settings, wheel)
    out = Path(out_dir)
    svg = svg_string(page).encode("utf-8")
    pdf = pdf_bytes([page], title="pachaprint: calibration disc")
    return [
        atomic_write_bytes(out / "calibration-disc.svg", svg),
        atomic_write_bytes(out / "calibration-disc.pdf", pdf),
    ]


# --------------------------------------------------------------------------- the core set


def core_sheets(
    paper_key: str, settings: PrintSettings, tile_mm: float | None = None, wheels: bool = True
) -> list[Sheet]:
    """Every core component imposed on pages of one paper size, in print order.

    ``tile_mm`` sets the terrain tile size and with it the board's cell pitch
    (default: ``cell_mm`` of ``templates/board.json``). With ``wheels`` the
    cover sheets of the templates of ``settings`` and the calibration disc come
    too.
    """
    p = paper(paper_key)
    words = texts(settings.lang)
    names = words["components"]
    groups: list[tuple[str, list[Sheet]]] = [
        ("print_test", alignment_sheets(p, settings)),
        ("board", fit_or_tile(board.board(settings, tile_mm), p, settings, label=names["board"])),
        (
            "diversity",
            fit_or_tile(diversity.diversity_board(settings), p, settings, label=names["diversity"]),
        ),
        (
            "score_track",
            fit_or_tile(score_track.score_track(settings), p, settings, label=names["score_track"]),
        ),
        (
            "terrain_tiles",
            impose(
                terrain_tiles.pieces(settings, tile_mm),
                p,
                settings,
                label=names["terrain_tiles"],
            ),
        ),
        (
            "crop_tiles",
            impose(
                crop_tiles.pieces(settings) + tokens.pieces(settings),
                p,
                settings,
                label=f"{names['crop_tiles']} + {names['tokens']}",
            ),
        ),
        (
            "pieces",
            impose(
                pieces.pieces(settings) + screens.pieces(settings),
                p,
                settings,
                label=f"{names['pieces']} + {names['screens']}",
            ),
        ),
        (
            "reference",
            impose(reference_card.pieces(settings), p, settings, label=names["reference"]),
        ),
    ]
    wheel_list: list[str] = []
    if wheels:
        wheel_groups = wheel_core_groups(paper_key, settings)
        wheel_list = [key.split(":", 1)[1] for key, _ in wheel_groups if key.startswith("wheel:")]
        groups += wheel_groups
    listed = contents.rows(words, wheel_list)
    first = sheets_first_pages([[contents_placeholder(p)], *(g for _, g in groups)])
    page_of = {key: n for (key, _), n in zip(groups, first[1:], strict=True)}
    page_of["tokens"] = page_of["crop_tiles"]
    for kind in (*pieces.KINDS, "screens"):
        page_of[kind] = page_of["pieces"]
    entries = [(name, count, page_of[key]) for key, name, count in listed if key in page_of]
    return [contents.contents_sheet(p, settings, entries)] + [s for _, g in groups for s in g]


def contents_placeholder(p: Paper) -> Sheet:
    """A stand-in for the contents page while page numbers are counted (it is one single page)."""
    return Sheet(p, (), "contents", "single")


def core_pages(
    paper_key: str, settings: PrintSettings, tile_mm: float | None = None, wheels: bool = True
) -> list[d.Drawing]:
    """The numbered pages of the core PnP PDF (duplex rhythm kept, backs shifted by
    ``settings.back_offset``)."""
    words = texts(settings.lang)
    sheets = core_sheets(paper_key, settings, tile_mm, wheels)
    return document(sheets, words["core_title"], settings, duplex=True)


def render_core(
    out_dir: str | Path,
    settings: PrintSettings,
    tile_mm: float | None = None,
    flat: bool = False,
    progress: Callable[[str, int, int], None] | None = None,
) -> list[Path]:
    """Write the core component files and the PnP PDF of each paper of ``settings``; returns
    the paths written.

    They go into ``out_dir/core/`` and ``out_dir/pnp/``, a build's layout (docs/outputs.md
    section 1), or with ``flat`` all into ``out_dir`` itself (``render --core``).
    ``progress("core", done, total)`` counts the pieces as they are written.
    ``tile_mm`` is the terrain tile size = board cell pitch (default 25 mm from the
    template). A board too large for the paper is tiled over pages with glue marks.
    The wheel templates of ``settings`` also give ``core/wheel-cover*.svg|pdf`` and
    ``core/calibration-disc.svg|pdf``, and those sheets go into the PnP file. Those
    files are pages: on the first paper under the names docs/outputs.md section 1 gives, and on
    every further paper with ``-<paper>`` added (``wheel-cover-letter.svg``).
    """
    out = Path(out_dir)
    core, pnp = (out, out) if flat else (out / "core", out / "pnp")
    words = texts(settings.lang)
    written: list[Path] = []
    components = (*COMPONENTS, PIECES, SCREENS)
    total = len(components) + 2 * len(settings.papers)
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress("core", done, total)

    if progress is not None:
        progress("core", 0, total)
    for component in components:
        drawing = component.drawing(settings, tile_mm)
        written.append(write_svg(drawing, core / f"{component.stem}.svg"))
        written.append(
            write_pdf(
                drawing,
                core / f"{component.stem}.pdf",
                title=f"{words['core_title']}: {words['components'][component.key]}",
            )
        )
        step()
    for n, key in enumerate(settings.papers):
        files = wheel_core_files(key, settings, "" if n == 0 else f"-{key}")
        written += [
            atomic_write_bytes(core / name.removeprefix("core/"), data)
            for name, data in files.items()
        ]
        step()
    for key in settings.papers:
        pages = core_pages(key, settings, tile_mm)
        written.append(
            write_pdf(
                pages,
                pnp / f"pachaprint-core-{key}.pdf",
                title=words["core_title"],
                duplex=True,
            )
        )
        step()
    return written
