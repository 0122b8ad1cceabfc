"""Imposition: put drawn pieces on printable pages (kept apart from drawing).

A :class:`Sheet` is one page's body before page numbering. :func:`impose`
packs :class:`~pachaprint.render.draw.Piece` objects on pages with cut guides
(crop marks for rectangles, a cut circle for discs) and, for pieces with
backs, emits each front page followed by its back page with every piece at
the mirrored position, so fronts and backs register on long-edge duplex.
:func:`fit_or_tile` puts a large drawing on one page or tiles it over several
with overlap and glue marks. :func:`document` numbers the pages, adds the
footer (label, page number, paper, 50 mm calibration bar) and keeps the
front/back rhythm by inserting blank backs, so the whole file prints duplex.

All geometry comes from ``templates/sheets.json``. Pages are portrait.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..resources import load_template
from ..textfit import fit_lines
from . import draw as d
from .fonts import fit_size, text_width
from .symbols import palette


@dataclass(frozen=True)
class Paper:
    """A paper size, portrait, in millimetres."""

    key: str
    name: str
    width: float
    height: float


def settings() -> dict[str, Any]:
    """The parsed ``templates/sheets.json``."""
    found: dict[str, Any] = load_template("sheets.json")
    return found


def paper(key: str) -> Paper:
    """``paper("a4")`` or ``paper("letter")``."""
    papers = settings()["papers"]
    if key not in papers:
        raise ValueError(f"unknown paper {key!r} (choose {' or '.join(papers)})")
    p = papers[key]
    return Paper(key, p["name"], p["width_mm"], p["height_mm"])


@dataclass(frozen=True)
class Area:
    """The printable body of a page: inside the margins, above the footer."""

    x: float
    y: float
    w: float
    h: float


def body_area(p: Paper) -> Area:
    s = settings()
    m = s["margin_mm"]
    return Area(m, m, p.width - 2 * m, p.height - 2 * m - s["footer_mm"])


def marked_area(p: Paper, reach: float) -> Area:
    """The body, shrunk so that marks reaching ``reach`` mm beyond a piece's bleed stay
    at least ``min_edge_mm`` from the paper's edge."""
    s = settings()
    area = body_area(p)
    inset = max(0.0, s["min_edge_mm"] + reach - s["margin_mm"])
    return Area(area.x + inset, area.y + inset, area.w - 2 * inset, area.h - 2 * inset)


@dataclass(frozen=True)
class Sheet:
    """One page's body: items in page millimetres, a label, and its side.

    ``side`` is ``"front"`` (may be followed by its ``"back"``), ``"back"``
    (the reverse of the sheet before it) or ``"single"`` (nothing on its back).
    """

    paper: Paper
    items: tuple[d.Element, ...]
    label: str
    side: str = "single"


# --------------------------------------------------------------------------- pieces


def _outer(piece: d.Piece) -> tuple[float, float]:
    return piece.front.media_width, piece.front.media_height


def _layout(
    pieces: Sequence[d.Piece], area: Area, gap: float
) -> list[list[tuple[d.Piece, float, float]]]:
    """Shelf packing in the given order; returns pages of (piece, x, y) at outer corners."""
    pages: list[list[tuple[d.Piece, float, float]]] = []
    page: list[tuple[d.Piece, float, float]] = []
    x, y, shelf = area.x, area.y, 0.0
    for piece in pieces:
        w, h = _outer(piece)
        if w > area.w + 1e-6 or h > area.h + 1e-6:
            raise ValueError(
                f"{piece.front.name} ({w:.1f} x {h:.1f} mm) is larger than a page body "
                f"({area.w:.1f} x {area.h:.1f} mm)"
            )
        if x + w > area.x + area.w + 1e-6:
            x, y, shelf = area.x, y + shelf + gap, 0.0
        if y + h > area.y + area.h + 1e-6:
            pages.append(page)
            page, x, y, shelf = [], area.x, area.y, 0.0
        page.append((piece, x, y))
        x += w + gap
        shelf = max(shelf, h)
    if page:
        pages.append(page)
    return pages


def _centre(
    rows: list[tuple[d.Piece, float, float]], area: Area
) -> list[tuple[d.Piece, float, float]]:
    """Centre a page's block of pieces in the body (balanced margins help duplex)."""
    right = max(x + _outer(p)[0] for p, x, _ in rows)
    bottom = max(y + _outer(p)[1] for p, _, y in rows)
    dx = (area.x + area.w - right) / 2
    dy = (area.y + area.h - bottom) / 2
    return [(p, x + dx, y + dy) for p, x, y in rows]


def _placed(face: d.Drawing, x: float, y: float, id_suffix: str = "") -> d.Group:
    b = face.bleed_mm
    return d.Group(
        items=face.items,
        transform=d.translate(x + b, y + b),
        clip=d.Rect(x=-b, y=-b, w=face.media_width, h=face.media_height),
        id=f"{face.name}{id_suffix}",
        data=face.metadata,
    )


def _cut_guides(piece: d.Piece, x: float, y: float, mark: float) -> list[d.Element]:
    """Crop marks outside the bleed for rectangles; a thin cut circle for discs."""
    f = piece.front
    b = f.bleed_mm
    left, top = x + b, y + b
    right, bottom = left + f.width_mm, top + f.height_mm
    style = d.stroke(palette()["cut"], settings()["cut_line_mm"])
    if piece.cut == "circle":
        r = f.width_mm / 2
        return [d.Circle(cx=left + r, cy=top + r, r=r, style=style)]
    return list(
        d.corner_marks(left, top, right, bottom, b + settings()["crop_mark_offset_mm"], mark, style)
    )


def impose(
    pieces: Sequence[d.Piece],
    p: Paper | str,
    *,
    label: str,
    duplex: bool | None = None,
    texts: dict[str, str] | None = None,
) -> list[Sheet]:
    """Pages holding ``pieces`` in order, with cut guides; backs follow fronts.

    ``duplex`` defaults to "some piece has a back". On a back page every
    piece's back sits at the mirror image (left-right) of its front's place, so
    a long-edge duplex print puts each back exactly behind its front. Pieces
    without a back leave their place empty on the back page. ``texts`` are the
    ``sheets`` texts of a language (default English) for the page labels.
    """
    p = paper(p) if isinstance(p, str) else p
    texts = texts or load_template("reference/en.json")["sheets"]
    s = settings()
    gap = s["gap_mm"]
    # crop marks stay in the gap between two pieces' bleeds
    mark = min(s["crop_mark_mm"], gap - s["crop_mark_offset_mm"])
    if duplex is None:
        duplex = any(pc.back is not None for pc in pieces)
    area = marked_area(p, s["crop_mark_offset_mm"] + mark)
    layouts = _layout(pieces, area, gap)
    sheets: list[Sheet] = []
    for n, rows in enumerate(layouts, 1):
        rows = _centre(rows, area)
        part = f" ({n}/{len(layouts)})" if len(layouts) > 1 else ""
        front_items: list[d.Element] = []
        for piece, x, y in rows:
            front_items.append(_placed(piece.front, x, y))
        for piece, x, y in rows:
            front_items.extend(_cut_guides(piece, x, y, mark))
        sheets.append(
            Sheet(
                p,
                tuple(front_items),
                f"{label}{part}" + (f", {texts['fronts']}" if duplex else ""),
                "front" if duplex else "single",
            )
        )
        if duplex:
            back_items = []
            for piece, x, y in rows:
                if piece.back is not None:
                    w, _ = _outer(piece)
                    back_items.append(_placed(piece.back, p.width - x - w, y))
            sheets.append(Sheet(p, tuple(back_items), f"{label}{part}, {texts['backs']}", "back"))
    return sheets


def catalogue(
    pieces: Sequence[d.Piece],
    *,
    name: str,
    columns: int,
    gap: float = 4.0,
    title: str | None = None,
) -> d.Drawing:
    """One drawing showing every front and, below, every back (component files)."""
    if not pieces:
        raise ValueError("a catalogue needs pieces")
    columns = max(1, min(columns, len(pieces)))
    cell_w = max(pc.front.width_mm for pc in pieces) + gap
    cell_h = max(pc.front.height_mm for pc in pieces) + gap
    rows = math.ceil(len(pieces) / columns)
    head = 10.0 if title else 0.0
    items: list[d.Element] = []
    if title:
        items.append(d.Text(x=gap, y=7, text=title, size_pt=11, bold=True))
    has_backs = any(pc.back is not None for pc in pieces)
    for side, faces in (("", [pc.front for pc in pieces]), ("-back", [pc.back for pc in pieces])):
        if side and not has_backs:
            break
        top = head + (rows * cell_h + 6.0 if side else 0.0)
        for i, face in enumerate(faces):
            if face is None:
                continue
            x = gap + (i % columns) * cell_w + (cell_w - gap - face.width_mm) / 2
            y = top + gap + (i // columns) * cell_h
            trim = (
                d.Circle(cx=face.width_mm / 2, cy=face.height_mm / 2, r=face.width_mm / 2)
                if pieces[i].cut == "circle"
                else d.Rect(x=0, y=0, w=face.width_mm, h=face.height_mm)
            )
            items.append(
                d.Group(
                    items=face.items,
                    transform=d.translate(x, y),
                    clip=trim,
                    id=face.name if not side or face.name.endswith("back") else face.name + side,
                    data=face.metadata,
                )
            )
    height = head + (2 if has_backs else 1) * (rows * cell_h) + (6.0 if has_backs else 0) + gap
    return d.Drawing(columns * cell_w + gap, height, tuple(items), name=name)


# --------------------------------------------------------------------------- large drawings


def quarter_turn(drawing: d.Drawing) -> d.Drawing:
    """The drawing turned 90 degrees clockwise (to fit a portrait page)."""
    h = drawing.height_mm
    turned = d.Group(items=drawing.items, transform=(0.0, 1.0, -1.0, 0.0, h, 0.0))
    return d.Drawing(
        drawing.height_mm,
        drawing.width_mm,
        (turned,),
        name=drawing.name,
        bleed_mm=drawing.bleed_mm,
        metadata=drawing.metadata,
    )


def fit_or_tile(
    drawing: d.Drawing, p: Paper | str, *, label: str, texts: dict[str, str] | None = None
) -> list[Sheet]:
    """The drawing on one page (turned if that helps), else tiled with overlap.

    Tiles overlap by ``overlap_mm``: on each page the band the next page
    covers is hatched and marked "glue"; the next page's art starts with a
    dashed cut line, so cutting along it and laying it on the glue band joins
    the art seamlessly.
    """
    p = paper(p) if isinstance(p, str) else p
    area = body_area(p)
    options = [drawing, quarter_turn(drawing)]
    s = settings()
    ext = s["crop_mark_offset_mm"] + s["crop_mark_mm"]
    for option in options:
        if (
            option.media_width + 2 * ext <= area.w + 1e-6
            and option.media_height + 2 * ext <= area.h + 1e-6
        ):
            x = area.x + (area.w - option.media_width) / 2
            y = area.y + (area.h - option.media_height) / 2
            marks = _cut_guides(d.Piece(option), x, y, s["crop_mark_mm"])
            return [Sheet(p, (_placed(option, x, y), *marks), label)]
    area = Area(area.x + ext, area.y + ext, area.w - 2 * ext, area.h - 2 * ext)
    overlap = settings()["overlap_mm"]

    def grid(o: d.Drawing) -> tuple[int, int]:
        return (
            max(1, math.ceil((o.media_width - overlap) / (area.w - overlap))),
            max(1, math.ceil((o.media_height - overlap) / (area.h - overlap))),
        )

    best = min(options, key=lambda o: (grid(o)[0] * grid(o)[1], options.index(o)))
    cols, rows = grid(best)
    texts = texts or load_template("reference/en.json")["sheets"]
    return _tiles(best, p, area, cols, rows, overlap, label, texts)


def _tiles(
    o: d.Drawing,
    p: Paper,
    area: Area,
    cols: int,
    rows: int,
    overlap: float,
    label: str,
    texts: dict[str, str],
) -> list[Sheet]:
    b = o.bleed_mm
    # split the media box evenly so every part is the same size
    step_x = (o.media_width - overlap) / cols
    step_y = (o.media_height - overlap) / rows
    part_w, part_h = step_x + overlap, step_y + overlap
    pal = palette()
    sheets = []
    for r in range(rows):
        for c in range(cols):
            x0, y0 = -b + c * step_x, -b + r * step_y  # drawing coordinates of the part's corner
            ox, oy = area.x + (area.w - part_w) / 2, area.y + (area.h - part_h) / 2
            art = d.Group(
                items=(d.Group(items=o.items, transform=d.translate(-x0, -y0)),),
                transform=d.translate(ox, oy),
                clip=d.Rect(x=0, y=0, w=part_w, h=part_h),
                id=f"{o.name}-part-{r + 1}-{c + 1}",
            )
            items: list[d.Element] = [art]
            glue = []
            if c < cols - 1:
                glue.append((ox + part_w - overlap, oy, overlap, part_h, 90))
            if r < rows - 1:
                glue.append((ox, oy + part_h - overlap, part_w, overlap, 0))
            for gx, gy, gw, gh, angle in glue:
                items.extend(_glue_band(gx, gy, gw, gh, angle, pal, texts["glue"]))
            cut = d.stroke(pal["cut"], 0.3, dash=(2.0, 1.5))
            if c > 0:
                items.append(d.Line(x1=ox, y1=oy - 3, x2=ox, y2=oy + part_h + 3, style=cut))
                items.append(_small(ox + 1.5, oy - 1.5, texts["cut"]))
            if r > 0:
                items.append(d.Line(x1=ox - 3, y1=oy, x2=ox + part_w + 3, y2=oy, style=cut))
                items.append(_small(ox + 1.5, oy - 1.5, texts["cut"]))
            items.append(d.Rect(x=ox, y=oy, w=part_w, h=part_h, style=d.stroke(pal["guide"], 0.15)))
            items.extend(_trim_marks(o, x0, y0, ox, oy, part_w, part_h))
            name = texts["part"].format(
                part=r * cols + c + 1, parts=rows * cols, row=r + 1, column=c + 1
            )
            sheets.append(Sheet(p, tuple(items), f"{label}, {name}"))
    return sheets


def _trim_marks(
    o: d.Drawing, x0: float, y0: float, ox: float, oy: float, pw: float, ph: float
) -> list[d.Element]:
    """Crop marks outside a tiled part, extending the trim lines that cross it."""
    s = settings()
    off, length = s["crop_mark_offset_mm"], s["crop_mark_mm"]
    style = d.stroke(palette()["cut"], s["cut_line_mm"])
    marks: list[d.Element] = []
    for tx in (0.0, o.width_mm):
        if x0 <= tx <= x0 + pw:
            px = ox + tx - x0
            marks.append(d.Line(x1=px, y1=oy - off, x2=px, y2=oy - off - length, style=style))
            marks.append(
                d.Line(x1=px, y1=oy + ph + off, x2=px, y2=oy + ph + off + length, style=style)
            )
    for ty in (0.0, o.height_mm):
        if y0 <= ty <= y0 + ph:
            py = oy + ty - y0
            marks.append(d.Line(x1=ox - off, y1=py, x2=ox - off - length, y2=py, style=style))
            marks.append(
                d.Line(x1=ox + pw + off, y1=py, x2=ox + pw + off + length, y2=py, style=style)
            )
    return marks


def _small(x: float, y: float, text: str) -> d.Text:
    return d.Text(x=x, y=y, text=text, size_pt=6.5, colour=palette()["ink"])


def _glue_band(
    x: float, y: float, w: float, h: float, angle: float, pal: dict[str, Any], label: str
) -> list[d.Element]:
    hatch = d.hatch(x, y, w, h, 4.0, d.stroke(pal["guide"], 0.3))
    cx, cy = x + w / 2, y + h / 2
    tag_w = text_width(label, 7, bold=True) + 4
    tag = d.group(
        d.Rect(
            x=cx - tag_w / 2,
            y=cy - 2.6,
            w=tag_w,
            h=5.2,
            rx=1,
            style=d.both(pal["paper"], pal["ink"], 0.2),
        ),
        d.Text(x=cx, y=cy, text=label, size_pt=7, bold=True, anchor="middle", valign="middle"),
        transform=d.rotate(angle, cx, cy),
    )
    return [d.Rect(x=x, y=y, w=w, h=h, style=d.Style(fill=pal["paper"], opacity=0.55)), hatch, tag]


# --------------------------------------------------------------------------- pages


def calibration_bar(x: float, y: float, label: str) -> list[d.Element]:
    """A 50 mm bar (length from the template) with 10 mm divisions and its label."""
    length = settings()["calibration_mm"]
    ink = palette()["ink"]
    items: list[d.Element] = []
    for k in range(int(length // 10)):
        items.append(
            d.Rect(
                x=x + k * 10,
                y=y,
                w=10,
                h=1.6,
                style=d.fill(ink if k % 2 == 0 else palette()["paper"]),
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
    p: Paper, title: str, label: str, number: int, total: int, texts: dict[str, str]
) -> list[d.Element]:
    """Page label, page number, paper and the calibration bar at the page foot."""
    s = settings()
    m = s["margin_mm"]
    y = p.height - m - s["footer_mm"] + 4.5
    items = calibration_bar(m, y, texts["calibration"].format(mm=f"{s['calibration_mm']:g}"))
    right = p.width - m
    bar_label = items[-1]
    assert isinstance(bar_label, d.Text)
    room = right - (m + s["calibration_mm"] + 4 + text_width(bar_label.text, 6.5))
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
    sheets: Sequence[Sheet],
    title: str,
    *,
    duplex: bool = True,
    texts: dict[str, str] | None = None,
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> list[d.Drawing]:
    """Final pages: numbered, with footers; blank backs keep fronts on odd pages.

    With ``duplex`` every ``"front"`` or ``"single"`` sheet starts an odd page
    and a ``"back"`` always follows its front, so printing the whole file
    double-sided (flip on long edge) registers every back behind its front.
    ``back_offset`` (x right, y down, mm, as seen on the back) moves the art of
    every back page, for a printer whose duplex is off by a measured amount
    (the print test tells how to read it); footers stay where they are.
    """
    texts = texts or load_template("reference/en.json")["sheets"]
    ordered = [
        sheet if sheet is not None else Sheet(before.paper, (), texts["blank_label"], "blank")
        for sheet, before in page_plan(sheets, duplex)
    ]
    pages = []
    total = len(ordered)
    limit = settings()["max_back_offset_mm"]
    if max(abs(v) for v in back_offset) > limit:
        raise ValueError(f"a back offset of more than {limit:g} mm is a setup problem, not a shift")
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
                    colour=palette()["guide"],
                )
            )
        items += footer(sheet.paper, title, sheet.label, n, total, texts)
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
