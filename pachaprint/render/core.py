"""The shared (core) components: one file per component plus the print-and-play PDF.

:func:`render_core` writes, under ``out_dir`` (docs/outputs.md section 1)::

    core/board.svg, diversity-board.svg, tiles-terrain.svg, tiles-crops.svg,
         tokens.svg, reference-card.svg, score-track.svg (+ .pdf of each)
    pnp/pachaprint-core-<paper>.pdf

The component files show each component once (pieces trimmed, fronts above
backs); the PnP file imposes everything for a home printer, duplex-ready.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from . import draw as d
from . import symbols
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
from .components.print_test import alignment_sheets
from .pdf import write_pdf
from .sheets import Paper, Sheet, catalogue, document, fit_or_tile, impose, paper
from .sheets import first_pages as sheets_first_pages
from .svg import write_svg
from .texts import texts


@dataclass(frozen=True)
class CoreComponent:
    """A core component: its file stem and how to draw it."""

    stem: str
    key: str
    """Key of its name in the texts (``components``)."""
    drawing: Callable[[str, float | None], d.Drawing]
    """``drawing(lang, tile_mm)``; ``tile_mm`` None = the board template's cell size."""


def _catalogue(
    stem: str, key: str, make: Callable[..., list[d.Piece]], columns: int
) -> Callable[[str, float | None], d.Drawing]:
    def build(lang: str, tile_mm: float | None) -> d.Drawing:
        pieces = make(lang, tile_mm) if make is terrain_tiles.pieces else make(lang)
        return catalogue(pieces, name=stem, columns=columns, title=texts(lang)["components"][key])

    return build


PIECES = CoreComponent("pieces", "pieces", _catalogue("pieces", "pieces", pieces.pieces, 10))
"""Pawns, stones and markers: ``core/pieces.svg``, beside the files docs/outputs.md section 1 lists."""
SCREENS = CoreComponent("screens", "screens", _catalogue("screens", "screens", screens.pieces, 1))
"""The four co-op screens: ``core/screens.svg``."""

COMPONENTS: tuple[CoreComponent, ...] = (
    CoreComponent("board", "board", lambda lang, tile_mm: board.board(lang, tile_mm)),
    CoreComponent(
        "diversity-board", "diversity", lambda lang, tile_mm: diversity.diversity_board(lang)
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
        "score-track", "score_track", lambda lang, tile_mm: score_track.score_track(lang)
    ),
)


def core_sheets(
    paper_key: str = "a4",
    lang: str = "en",
    tile_mm: float | None = None,
    wheels: str | Sequence[str] | None = "both",
) -> list[Sheet]:
    """Every core component imposed on pages of one paper size, in print order.

    ``tile_mm`` sets the terrain tile size and with it the board's cell pitch
    (default: ``cell_mm`` of ``templates/board.json``). ``wheels`` adds the
    wheel cover sheet of each template (``"retail"``, ``"volvelle45"``,
    ``"both"`` or a list) and the calibration disc; ``None`` leaves them out.
    """
    p = paper(paper_key)
    words = texts(lang)
    names = words["components"]
    tiling = words["sheets"]
    groups: list[tuple[str, list[Sheet]]] = [
        ("print_test", alignment_sheets(p, words["alignment"])),
        ("board", fit_or_tile(board.board(lang, tile_mm), p, label=names["board"], texts=tiling)),
        (
            "diversity",
            fit_or_tile(diversity.diversity_board(lang), p, label=names["diversity"], texts=tiling),
        ),
        (
            "score_track",
            fit_or_tile(score_track.score_track(lang), p, label=names["score_track"], texts=tiling),
        ),
        (
            "terrain_tiles",
            impose(
                terrain_tiles.pieces(lang, tile_mm), p, label=names["terrain_tiles"], texts=tiling
            ),
        ),
        (
            "crop_tiles",
            impose(
                crop_tiles.pieces(lang) + tokens.pieces(lang),
                p,
                label=f"{names['crop_tiles']} + {names['tokens']}",
                texts=tiling,
            ),
        ),
        (
            "pieces",
            impose(
                pieces.pieces(lang) + screens.pieces(lang),
                p,
                label=f"{names['pieces']} + {names['screens']}",
                texts=tiling,
            ),
        ),
        (
            "reference",
            impose(reference_card.pieces(lang), p, label=names["reference"], texts=tiling),
        ),
    ]
    wheel_list: list[str] = []
    if wheels:
        from .scenario import wheel_core_groups

        wheel_groups = wheel_core_groups(paper_key, lang, wheels)
        wheel_list = [key.split(":", 1)[1] for key, _ in wheel_groups if key.startswith("wheel:")]
        groups += wheel_groups
    listed = contents.rows(words, wheel_list)
    first = sheets_first_pages([[contents_placeholder(p)], *(g for _, g in groups)])
    page_of = {key: n for (key, _), n in zip(groups, first[1:], strict=True)}
    page_of["tokens"] = page_of["crop_tiles"]
    for kind in (*pieces.KINDS, "screens"):
        page_of[kind] = page_of["pieces"]
    entries = [(name, count, page_of[key]) for key, name, count in listed if key in page_of]
    return [contents.contents_sheet(p, words, entries)] + [s for _, g in groups for s in g]


def contents_placeholder(p: Paper) -> Sheet:
    """A stand-in for the contents page while page numbers are counted (it is one single page)."""
    return Sheet(p, (), "contents", "single")


def core_pages(
    paper_key: str = "a4",
    lang: str = "en",
    tile_mm: float | None = None,
    wheels: str | Sequence[str] | None = "both",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> list[d.Drawing]:
    """The numbered pages of the core PnP PDF (duplex rhythm kept, backs shifted by ``back_offset``)."""
    words = texts(lang)
    return document(
        core_sheets(paper_key, lang, tile_mm, wheels),
        words["core_title"],
        duplex=True,
        texts=words["sheets"],
        back_offset=back_offset,
    )


def render_core(
    out_dir: str | Path,
    paper: str | Sequence[str] = "a4",
    lang: str = "en",
    tile_mm: float | None = None,
    wheels: str | Sequence[str] | None = "both",
    back_offset: tuple[float, float] = (0.0, 0.0),
    ink: str = "full",
) -> list[Path]:
    """Write the core component files and the PnP PDF(s); returns the paths written.

    ``paper`` is ``"a4"``, ``"letter"``, ``"both"`` or a list of those; ``tile_mm``
    the terrain tile size = board cell pitch (default 25 mm from the template).
    A board too large for the paper is tiled over pages with glue marks.
    ``wheels`` (``"retail"``, ``"volvelle45"``, ``"both"``, a list, or ``None``)
    also writes ``core/wheel-cover*.svg|pdf`` and ``core/calibration-disc.svg|pdf``
    and puts those sheets into the PnP file. Those files are pages: on the first
    paper under the names docs/outputs.md section 1 gives, and on every further paper with
    ``-<paper>`` added (``wheel-cover-letter.svg``). ``back_offset`` shifts every
    back page of the PnP files (see :func:`pachaprint.render.sheets.document`).
    ``ink`` is ``full`` or ``saver`` (light backgrounds and areas, with outlines).
    """
    with symbols.ink(ink):
        return _render_core(out_dir, paper, lang, tile_mm, wheels, back_offset)


def _render_core(
    out_dir: str | Path,
    paper: str | Sequence[str],
    lang: str,
    tile_mm: float | None,
    wheels: str | Sequence[str] | None,
    back_offset: tuple[float, float],
) -> list[Path]:
    out = Path(out_dir)
    papers = (
        ["a4", "letter"] if paper == "both" else [paper] if isinstance(paper, str) else list(paper)
    )
    words = texts(lang)
    written: list[Path] = []
    for component in (*COMPONENTS, PIECES, SCREENS):
        drawing = component.drawing(lang, tile_mm)
        written.append(write_svg(drawing, out / "core" / f"{component.stem}.svg"))
        written.append(
            write_pdf(
                drawing,
                out / "core" / f"{component.stem}.pdf",
                title=f"{words['core_title']}: {words['components'][component.key]}",
            )
        )
    if wheels:
        from .scenario import render_wheel_core

        for n, key in enumerate(papers):
            written += render_wheel_core(
                out, paper=key, lang=lang, wheel=wheels, suffix="" if n == 0 else f"-{key}"
            )
    for key in papers:
        pages = core_pages(key, lang, tile_mm, wheels, back_offset)
        written.append(
            write_pdf(
                pages,
                out / "pnp" / f"pachaprint-core-{key}.pdf",
                title=words["core_title"],
                duplex=True,
            )
        )
    return written
