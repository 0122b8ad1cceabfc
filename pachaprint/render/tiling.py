"""Large drawings: on one page (turned if that helps), or tiled over pages with glue marks."""

from __future__ import annotations

import math

from ..model.printing import PrintSettings
from . import draw as d
from .fonts import text_width
from .imposition import cut_guides, placed
from .paper import Area, Paper, Sheet, body_area, geometry, paper
from .shapes import hatch
from .symbols import Palette, palette
from .texts import texts as texts_of


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
    drawing: d.Drawing, p: Paper | str, settings: PrintSettings, *, label: str
) -> list[Sheet]:
    """The drawing on one page (turned if that helps), else tiled with overlap.

    Tiles overlap by ``overlap_mm``: on each page the band the next page
    covers is hatched and marked "glue"; the next page's art starts with a
    dashed cut line, so cutting along it and laying it on the glue band joins
    the art seamlessly. Marks and words in the ink and language of ``settings``.
    """
    p = paper(p) if isinstance(p, str) else p
    pal = palette(settings.ink)
    area = body_area(p)
    options = [drawing, quarter_turn(drawing)]
    s = geometry()
    ext = s["crop_mark_offset_mm"] + s["crop_mark_mm"]
    for option in options:
        if (
            option.media_width + 2 * ext <= area.w + 1e-6
            and option.media_height + 2 * ext <= area.h + 1e-6
        ):
            x = area.x + (area.w - option.media_width) / 2
            y = area.y + (area.h - option.media_height) / 2
            marks = cut_guides(d.Piece(option), x, y, s["crop_mark_mm"], pal)
            return [Sheet(p, (placed(option, x, y), *marks), label)]
    area = Area(area.x + ext, area.y + ext, area.w - 2 * ext, area.h - 2 * ext)
    overlap = geometry()["overlap_mm"]

    def grid(o: d.Drawing) -> tuple[int, int]:
        return (
            max(1, math.ceil((o.media_width - overlap) / (area.w - overlap))),
            max(1, math.ceil((o.media_height - overlap) / (area.h - overlap))),
        )

    best = min(options, key=lambda o: (grid(o)[0] * grid(o)[1], options.index(o)))
    cols, rows = grid(best)
    texts = texts_of(settings.lang)["sheets"]
    return _tiles(best, p, area, cols, rows, overlap, label, texts, pal)


def _tiles(
    o: d.Drawing,
    p: Paper,
    area: Area,
    cols: int,
    rows: int,
    overlap: float,
    label: str,
    texts: dict[str, str],
    pal: Palette,
) -> list[Sheet]:
    b = o.bleed_mm
    # split the media box evenly so every part is the same size
    step_x = (o.media_width - overlap) / cols
    step_y = (o.media_height - overlap) / rows
    part_w, part_h = step_x + overlap, step_y + overlap
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
                items.append(_small(ox + 1.5, oy - 1.5, texts["cut"], pal))
            if r > 0:
                items.append(d.Line(x1=ox - 3, y1=oy, x2=ox + part_w + 3, y2=oy, style=cut))
                items.append(_small(ox + 1.5, oy - 1.5, texts["cut"], pal))
            items.append(d.Rect(x=ox, y=oy, w=part_w, h=part_h, style=d.stroke(pal["guide"], 0.15)))
            items.extend(_trim_marks(o, x0, y0, ox, oy, part_w, part_h, pal))
            name = texts["part"].format(
                part=r * cols + c + 1, parts=rows * cols, row=r + 1, column=c + 1
            )
            sheets.append(Sheet(p, tuple(items), f"{label}, {name}"))
    return sheets


def _trim_marks(
    o: d.Drawing, x0: float, y0: float, ox: float, oy: float, pw: float, ph: float, pal: Palette
) -> list[d.Element]:
    """Crop marks outside a tiled part, extending the trim lines that cross it."""
    s = geometry()
    off, length = s["crop_mark_offset_mm"], s["crop_mark_mm"]
    style = d.stroke(pal["cut"], s["cut_line_mm"])
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


def _small(x: float, y: float, text: str, pal: Palette) -> d.Text:
    return d.Text(x=x, y=y, text=text, size_pt=6.5, colour=pal["ink"])


def _glue_band(
    x: float, y: float, w: float, h: float, angle: float, pal: Palette, label: str
) -> list[d.Element]:
    lines = hatch(x, y, w, h, 4.0, d.stroke(pal["guide"], 0.3))
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
    return [d.Rect(x=x, y=y, w=w, h=h, style=d.Style(fill=pal["paper"], opacity=0.55)), lines, tag]
