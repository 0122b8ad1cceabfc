"""Numbered pages: the footer (label, page number, paper, 50 mm calibration bar) and the
duplex rhythm that keeps every front on an odd page with its back behind it."""

from __future__ import annotations

from collections.abc import Sequence

from ..model.printing import PrintSettings
from ..textfit import fit_lines
from . import draw as d
from .fonts import fit_size, text_width
from .paper import Paper, Sheet, geometry
from .symbols import Palette, palette
from .texts import texts as texts_of


def calibration_bar(x: float, y: float, label: str, pal: Palette) -> list[d.Element]:
    """A 50 mm bar (length from the template) with 10 mm divisions and its label."""
    length = geometry()["calibration_mm"]
    ink = pal["ink"]
    items: list[d.Element] = []
    for k in range(int(length // 10)):
        items.append(
            d.Rect(
                x=x + k * 10,
                y=y,
                w=10,
                h=1.6,
                style=d.fill(ink if k % 2 == 0 else pal["paper"]),
            )
        )
    items.append(
        d.Rect(
            x=x,
            y=y,
            w=length,
            h=1.6,
            style=d.stroke(ink, 0.15),
            id="calibration-bar",
            data=d.data(length_mm=f"{length:g}"),
        )
    )
    items.append(d.Text(x=x + length + 2, y=y + 0.8, text=label, size_pt=6.5, valign="middle"))
    return items


def footer(
    p: Paper,
    title: str,
    label: str,
    number: int,
    total: int,
    texts: dict[str, str],
    pal: Palette,
) -> list[d.Element]:
    """Page label, page number, paper and the calibration bar at the page foot (``texts``:
    the ``sheets`` words of a language)."""
    s = geometry()
    m = s["margin_mm"]
    y = p.height - m - s["footer_mm"] + 4.5
    # the bar sits in every printer's printable area (Letter printers keep 6.35 mm)
    left = max(m, s["printer_margin_mm"])
    items = calibration_bar(
        left, y, texts["calibration"].format(mm=f"{s['calibration_mm']:g}"), pal
    )
    right = p.width - m
    bar_label = items[-1]
    assert isinstance(bar_label, d.Text)
    room = right - (left + s["calibration_mm"] + 4 + text_width(bar_label.text, 6.5))
    head = fit_lines(f"{title} · {label}", room, s["footer_head_mm"], 7, 6, bold=True)
    step = head.line_height_mm
    for k, text in enumerate(head.lines):
        items.append(
            d.Text(
                x=right,
                y=y + 1.6 - step * (len(head.lines) - 1 - k),
                text=text,
                size_pt=head.size_pt,
                anchor="end",
                bold=True,
                id="page-label" if k == 0 else None,
            )
        )
    line = texts["page"].format(number=number, total=total, paper=p.name)
    items.append(
        d.Text(x=right, y=y + 5.4, size_pt=fit_size(line, room, 6.5), anchor="end", text=line)
    )
    return items


def page_plan(sheets: Sequence[Sheet], duplex: bool = True) -> list[tuple[Sheet | None, Sheet]]:
    """The pages in print order: ``(sheet, sheet)`` or ``(None, front)`` for a blank back.

    With ``duplex`` every ``"front"`` or ``"single"`` sheet starts an odd page
    and a ``"back"`` always follows its front (see :func:`document`).
    """
    ordered: list[tuple[Sheet | None, Sheet]] = []

    def side_of_last() -> str | None:
        if not ordered:
            return None
        sheet, _ = ordered[-1]
        return "blank" if sheet is None else sheet.side

    for sheet in sheets:
        if sheet.side == "back":
            if side_of_last() != "front":
                raise ValueError(f"back page {sheet.label!r} does not follow a front page")
            ordered.append((sheet, sheet))
            continue
        if duplex and side_of_last() in ("front", "single"):
            ordered.append((None, ordered[-1][1]))
        ordered.append((sheet, sheet))
    if duplex and side_of_last() in ("front", "single"):
        ordered.append((None, ordered[-1][1]))
    return ordered


def first_pages(groups: Sequence[Sequence[Sheet]], duplex: bool = True) -> list[int]:
    """The page number on which each group of sheets starts, once numbered by :func:`document`."""
    flat = [sheet for group in groups for sheet in group]
    plan = page_plan(flat, duplex)
    number = {id(sheet): n for n, (sheet, _) in enumerate(plan, 1) if sheet is not None}
    return [number[id(group[0])] if group else 0 for group in groups]


def document(
    sheets: Sequence[Sheet], title: str, settings: PrintSettings, *, duplex: bool = True
) -> list[d.Drawing]:
    """Final pages: numbered, with footers in the words and ink of ``settings``; blank backs
    keep fronts on odd pages.

    With ``duplex`` every ``"front"`` or ``"single"`` sheet starts an odd page
    and a ``"back"`` always follows its front, so printing the whole file
    double-sided (flip on long edge) registers every back behind its front.
    ``settings.back_offset`` (x right, y down, mm, as seen on the back) moves the art
    of every back page, for a printer whose duplex is off by a measured amount
    (the print test tells how to read it); footers stay where they are.
    """
    texts = texts_of(settings.lang)["sheets"]
    pal = palette(settings.ink)
    back_offset = settings.back_offset
    ordered = [
        sheet if sheet is not None else Sheet(before.paper, (), texts["blank_label"], "blank")
        for sheet, before in page_plan(sheets, duplex)
    ]
    pages = []
    total = len(ordered)
    for n, sheet in enumerate(ordered, 1):
        items = list(sheet.items)
        if sheet.side == "back" and back_offset != (0.0, 0.0):
            items = [
                d.Group(
                    items=tuple(items),
                    transform=d.translate(*back_offset),
                    id="back-offset",
                    data=d.data(offset_mm=f"{back_offset[0]:g} {back_offset[1]:g}"),
                )
            ]
        if sheet.side == "blank":
            p = sheet.paper
            items.append(
                d.Text(
                    x=p.width / 2,
                    y=p.height / 2,
                    text=texts["blank"].format(page=n - 1),
                    size_pt=9,
                    anchor="middle",
                    colour=pal["guide"],
                )
            )
        items += footer(sheet.paper, title, sheet.label, n, total, texts, pal)
        pages.append(
            d.Drawing(
                sheet.paper.width,
                sheet.paper.height,
                tuple(items),
                name=f"page-{n}",
                metadata=d.data(side=sheet.side, label=sheet.label),
            )
        )
    return pages
