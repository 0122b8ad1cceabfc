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
from pachaprint.model.scenario import Scenario

from . import draw as d
from .components.disc_back import disc_back, scenario_difficulty
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


def scenario_sheets(
    scenario: Scenario,
    p: Paper,
    wheel: str,
    lang: str,
    difficulty: str | None,
    share_url: str | None = None,
) -> list[Sheet]:
    """One disc: its front for ``wheel`` on a front page, its back behind it (its QR
    code holding the share code, or ``share_url#CODE``)."""
    piece = d.Piece(
        front=disc_front(scenario, wheel, lang),
        back=disc_back(scenario, wheel, lang, difficulty, share_url),
        cut="circle",
    )
    tiling = texts(lang)["sheets"]
    return impose([piece], p, label=f"{scenario.name} ({scenario.id})", duplex=True, texts=tiling)


SIZE_PT = 9.0
LEAD_MM = SIZE_PT * d.PT_MM * 1.3
WIDTHS = (0.52, 0.16, 0.22, 0.10)


def _intro(p: Paper, lang: str, wheel: str, card: tuple[int, int]) -> tuple[list[d.Element], float]:
    """The first page's title and paragraphs; returns them and where the table starts."""
    c = texts(lang)["discs"]
    pal = palette()
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


def _row_lines(p: Paper, scenario: Scenario) -> list[str]:
    return wrap(f"{scenario.name} ({scenario.id})", WIDTHS[0] * body_area(p).w - 3, SIZE_PT)


def _split(p: Paper, lang: str, wheel: str, scenarios: Sequence[Scenario]) -> list[list[Scenario]]:
    """The scenarios of each contents page (the first page also holds the introduction)."""
    area = body_area(p)
    _, top = _intro(p, lang, wheel, (100, 999))
    pages: list[list[Scenario]] = [[]]
    y = top + LEAD_MM + 1.5
    for scenario in scenarios:
        height = len(_row_lines(p, scenario)) * LEAD_MM + 1.0
        if y + height > area.y + area.h and pages[-1]:
            pages.append([])
            y = area.y + LEAD_MM + 1.5
        pages[-1].append(scenario)
        y += height
    return pages


def contents_sheets(
    p: Paper,
    lang: str,
    wheel: str,
    rows: Sequence[tuple[Scenario, str | None, int]],
    card: tuple[int, int],
    split: list[list[Scenario]],
) -> list[Sheet]:
    """The contents pages: which pages go on card, which wheel, every scenario with its page.

    Two contents pages share a sheet (front and back), so the discs start on a new sheet.
    """
    c = texts(lang)["discs"]
    t = wheel_texts(lang)
    pal = palette()
    area = body_area(p)
    cols = [area.x + sum(WIDTHS[:k]) * area.w for k in range(len(WIDTHS))]
    by_id = {scenario.id: (difficulty, page) for scenario, difficulty, page in rows}
    found: list[Sheet] = []
    for n, chunk in enumerate(split):
        items, y = _intro(p, lang, wheel, card) if n == 0 else ([], area.y + LEAD_MM)
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
        for scenario in chunk:
            difficulty, page = by_id[scenario.id]
            shown = t["difficulties"].get(difficulty, difficulty) if difficulty else ""
            cells = [t[f"size_{scenario.size}"].split(" (")[0], shown, str(page)]
            names = _row_lines(p, scenario)
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
    scenarios: Sequence[Scenario],
    paper_key: str = "a4",
    wheel: str = "retail",
    lang: str = "en",
    difficulties: dict[str, str | None] | None = None,
    back_offset: tuple[float, float] = (0.0, 0.0),
    share_url: str | None = None,
) -> tuple[list[d.Drawing], list[tuple[str, int]]]:
    """The pages of one template's discs PDF and its outline (``(scenario, page index)``)."""
    if not scenarios:
        raise ValueError("no scenarios to print")
    p = paper(paper_key)
    words = texts(lang)
    name = load_wheel(wheel).name
    found: dict[str, str | None] = {}
    for scenario in scenarios:
        given = (difficulties or {}).get(scenario.id, "")
        found[scenario.id] = scenario_difficulty(scenario) if given == "" else given
    groups = [
        scenario_sheets(scenario, p, wheel, lang, found[scenario.id], share_url)
        for scenario in scenarios
    ]
    split = _split(p, lang, name, scenarios)
    placeholders = contents_sheets(p, lang, name, [(s, None, 0) for s in scenarios], (0, 0), split)
    starts = first_pages([placeholders, *groups])
    last = starts[-1] + len(groups[-1]) - 1
    rows = [(s, found[s.id], n) for s, n in zip(scenarios, starts[1:], strict=True)]
    contents = contents_sheets(p, lang, name, rows, (starts[1], last), split)
    pages = document(
        [*contents, *(sheet for group in groups for sheet in group)],
        words["discs"]["doc_title"].format(version=__version__, wheel=name),
        duplex=True,
        texts=words["sheets"],
        back_offset=back_offset,
    )
    outline = [(f"{s.name} ({s.id})", n - 1) for s, _, n in rows]
    return pages, outline


def render_discs(
    scenarios: Sequence[Scenario],
    out_path: str | Path,
    paper_key: str = "a4",
    wheel: str = "retail",
    lang: str = "en",
    difficulties: dict[str, str | None] | None = None,
    back_offset: tuple[float, float] = (0.0, 0.0),
    share_url: str | None = None,
) -> Path:
    """Write one template's duplex-ready discs PDF, with its outline; returns its path."""
    pages, outline = discs_document(
        scenarios, paper_key, wheel, lang, difficulties, back_offset, share_url
    )
    title = texts(lang)["discs"]["title"].format(wheel=load_wheel(wheel).name)
    return write_pdf(pages, out_path, title=title, duplex=True, outline=outline)
