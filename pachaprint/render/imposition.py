"""Imposition: put drawn pieces on printable pages (kept apart from drawing).

:func:`impose` packs :class:`~pachaprint.render.draw.Piece` objects on pages
with cut guides (crop marks for rectangles, a cut circle for discs) and, for
pieces with backs, emits each front page followed by its back page with every
piece at the mirrored position, so fronts and backs register on long-edge
duplex. :func:`catalogue` shows every piece once in one drawing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..model.printing import PrintSettings
from . import draw as d
from .paper import Area, Paper, Sheet, geometry, marked_area, paper
from .shapes import corner_marks
from .symbols import Palette, palette
from .texts import texts as texts_of


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


def placed(face: d.Drawing, x: float, y: float, id_suffix: str = "") -> d.Group:
    b = face.bleed_mm
    return d.Group(
        items=face.items,
        transform=d.translate(x + b, y + b),
        clip=d.Rect(x=-b, y=-b, w=face.media_width, h=face.media_height),
        id=f"{face.name}{id_suffix}",
        data=face.metadata,
    )


def cut_guides(piece: d.Piece, x: float, y: float, mark: float, pal: Palette) -> list[d.Element]:
    """Crop marks outside the bleed for rectangles; a thin cut circle for discs."""
    f = piece.front
    b = f.bleed_mm
    left, top = x + b, y + b
    right, bottom = left + f.width_mm, top + f.height_mm
    style = d.stroke(pal["cut"], geometry()["cut_line_mm"])
    if piece.cut == "circle":
        r = f.width_mm / 2
        return [d.Circle(cx=left + r, cy=top + r, r=r, style=style)]
    return list(
        corner_marks(left, top, right, bottom, b + geometry()["crop_mark_offset_mm"], mark, style)
    )


def impose(
    pieces: Sequence[d.Piece],
    p: Paper | str,
    settings: PrintSettings,
    *,
    label: str,
    duplex: bool | None = None,
) -> list[Sheet]:
    """Pages holding ``pieces`` in order, with cut guides; backs follow fronts.

    ``duplex`` defaults to "some piece has a back". On a back page every
    piece's back sits at the mirror image (left-right) of its front's place, so
    a long-edge duplex print puts each back exactly behind its front. Pieces
    without a back leave their place empty on the back page. The page labels are in
    the language of ``settings``, the cut guides in its ink.
    """
    p = paper(p) if isinstance(p, str) else p
    texts = texts_of(settings.lang)["sheets"]
    pal = palette(settings.ink)
    s = geometry()
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
            front_items.append(placed(piece.front, x, y))
        for piece, x, y in rows:
            front_items.extend(cut_guides(piece, x, y, mark, pal))
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
                    back_items.append(placed(piece.back, p.width - x - w, y))
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
