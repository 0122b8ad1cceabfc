"""The discs PDF of one wheel template: a contents page, then every disc front with its back.

One file per template (docs/outputs.md section 1): ``pachaprint-discs-<paper>.pdf`` for
``retail``, ``pachaprint-discs-<paper>-<template>.pdf`` for any other, so a fan
prints the discs of the wheel they build and nothing else. The first page lists
every scenario with its size, difficulty and page, names the pages to print on
card, and says which wheel the discs fit; the PDF outline has a bookmark per
scenario on its front page. Every page footer names the template and the
pachaprint version. Pages keep the duplex rhythm of :func:`pachaprint.render.sheets.document`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pachaprint import __version__
from pachaprint.model.disc import Disc
from pachaprint.model.printing import PrintSettings

from . import draw as d
from .components.disc_back import disc_back
from .components.disc_front import disc_front
from .fonts import wrap
from .pdf import write_pdf
from .shapes import paragraph, rule
from .sheets import Paper, Sheet, body_area, document, first_pages, impose, paper
from .symbols import palette
from .texts import texts, wheel_texts
from .wheel_templates import load_wheel


def discs_file_name(paper_key: str, wheel_name: str, volume: str = "") -> str:
    """``pachaprint-discs-a4.pdf`` (retail) or ``pachaprint-discs-a4-volvelle45.pdf``, plus a volume."""
    suffix = "" if wheel_name == "retail" else f"-{wheel_name}"
    return f"pachaprint-discs-{paper_key}{suffix}{volume}.pdf"


def disc_sheets(disc: Disc, p: Paper, wheel: str, settings: PrintSettings) -> list[Sheet]:
    """One disc: its front for ``wheel`` on a front page, its back behind it."""
    piece = d.Piece(
        front=disc_front(disc, wheel, settings),
        back=disc_back(disc, wheel, settings),
        cut="circle",
    )
    return impose([piece], p, settings, label=disc.title, duplex=True)


SIZE_PT = 9.0
LEAD_MM = SIZE_PT * d.PT_MM * 1.3
WIDTHS = (0.52, 0.16, 0.22, 0.10)


def _intro(
    p: Paper, settings: PrintSettings, wheel: str, card: tuple[int, int]
) -> tuple[list[d.Element], float]:
    """The first page's title and paragraphs; returns them and where the table starts."""
    c = texts(settings.lang)["discs"]
    pal = palette(settings.ink)
    area = body_area(p)
    items: list[d.Element] = [
        d.Text(
            x=area.x,
            y=area.y + 8,
            text=c["title"].format(wheel=wheel),
            size_pt=16,
            bold=True,
            colour=pal["ink"],
        )
    ]
    y = area.y + 17
    for para in (c["card"].format(first=card[0], last=card[1]), c["use"].format(wheel=wheel)):
        lines, y = paragraph(para, area.x, y, area.w, SIZE_PT, pal["ink"])
        items += lines
        y += 2.0
    return items, y + 4.0


def _row_lines(p: Paper, disc: Disc) -> list[str]:
    return wrap(disc.title, WIDTHS[0] * body_area(p).w - 3, SIZE_PT)


def _split(
    p: Paper, settings: PrintSettings, wheel: str, discs: Sequence[Disc]
) -> list[list[Disc]]:
    """The discs of each contents page (the first page also holds the introduction)."""
    area = body_area(p)
    _, top = _intro(p, settings, wheel, (100, 999))
    pages: list[list[Disc]] = [[]]
    y = top + LEAD_MM + 1.5
    for disc in discs:
        height = len(_row_lines(p, disc)) * LEAD_MM + 1.0
        if y + height > area.y + area.h and pages[-1]:
            pages.append([])
            y = area.y + LEAD_MM + 1.5
        pages[-1].append(disc)
        y += height
    return pages


def contents_sheets(
    p: Paper,
    settings: PrintSettings,
    wheel: str,
    pages: dict[str, int],
    card: tuple[int, int],
    split: list[list[Disc]],
) -> list[Sheet]:
    """The contents pages: which pages go on card, which wheel, every disc with its grade
    and its page (``pages``: disc id -> page; ``0`` while the pages are counted).

    Two contents pages share a sheet (front and back), so the discs start on a new sheet.
    """
    c = texts(settings.lang)["discs"]
    t = wheel_texts(settings.lang)
    pal = palette(settings.ink)
    area = body_area(p)
    cols = [area.x + sum(WIDTHS[:k]) * area.w for k in range(len(WIDTHS))]
    found: list[Sheet] = []
    for n, chunk in enumerate(split):
        items, y = _intro(p, settings, wheel, card) if n == 0 else ([], area.y + LEAD_MM)
        items.append(
            d.Rect(
                x=area.x,
                y=y - LEAD_MM + 0.6,
                w=area.w,
                h=LEAD_MM + 1.2,
                style=d.fill(pal["table_head"]),
            )
        )
        for k, text in enumerate(c["head"]):
            items.append(d.Text(x=cols[k] + 1.5, y=y, text=text, size_pt=SIZE_PT, bold=True))
        y += LEAD_MM + 1.5
        for disc in chunk:
            page = pages[disc.id]
            difficulty = disc.grade if page else None  # (the placeholders show no grade)
            shown = t["difficulties"].get(difficulty, difficulty) if difficulty else ""
            cells = [t[f"size_{disc.scenario.size}"].split(" (")[0], shown, str(page)]
            names = _row_lines(p, disc)
            for k, line in enumerate(names):
                items.append(d.Text(x=cols[0] + 1.5, y=y + k * LEAD_MM, text=line, size_pt=SIZE_PT))
            for k, text in enumerate(cells, 1):
                items.append(d.Text(x=cols[k] + 1.5, y=y, text=text, size_pt=SIZE_PT))
            y += len(names) * LEAD_MM + 1.0
            items.append(rule(area.x, area.x + area.w, y - LEAD_MM + 1.0, pal["guide"]))
        side = (
            "single" if n == len(split) - 1 and n % 2 == 0 else ("front" if n % 2 == 0 else "back")
        )
        label = c["label"] + (f" ({n + 1}/{len(split)})" if len(split) > 1 else "")
        found.append(Sheet(p, tuple(items), label, side))
    return found


def discs_document(
    discs: Sequence[Disc], paper_key: str, wheel: str, settings: PrintSettings
) -> tuple[list[d.Drawing], list[tuple[str, int]]]:
    """The pages of one template's discs PDF and its outline (``(disc, page index)``)."""
    if not discs:
        raise ValueError("no scenarios to print")
    p = paper(paper_key)
    words = texts(settings.lang)
    name = load_wheel(wheel).name
    groups = [disc_sheets(disc, p, wheel, settings) for disc in discs]
    split = _split(p, settings, name, discs)
    placeholders = contents_sheets(p, settings, name, dict.fromkeys(_ids(discs), 0), (0, 0), split)
    starts = first_pages([placeholders, *groups])
    last = starts[-1] + len(groups[-1]) - 1
    pages = dict(zip(_ids(discs), starts[1:], strict=True))
    contents = contents_sheets(p, settings, name, pages, (starts[1], last), split)
    drawn = document(
        [*contents, *(sheet for group in groups for sheet in group)],
        words["discs"]["doc_title"].format(version=__version__, wheel=name),
        settings,
        duplex=True,
    )
    outline = [(disc.title, pages[disc.id] - 1) for disc in discs]
    return drawn, outline


def _ids(discs: Sequence[Disc]) -> list[str]:
    return [disc.id for disc in discs]


def render_discs(
    discs: Sequence[Disc], out_path: str | Path, paper_key: str, wheel: str, settings: PrintSettings
) -> Path:
    """Write one template's duplex-ready discs PDF on ``paper_key``, with its outline; returns
    its path."""
    pages, outline = discs_document(discs, paper_key, wheel, settings)
    title = texts(settings.lang)["discs"]["title"].format(wheel=load_wheel(wheel).name)
    return write_pdf(pages, out_path, title=title, duplex=True, outline=outline)
