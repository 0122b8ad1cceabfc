"""PDF back end: writes drawings as pages with the reportlab canvas.

Each page's MediaBox = BleedBox is the drawing plus its bleed; the TrimBox is
the drawing's trim size. One transform per page maps the drawing model's
millimetres (origin at the trim corner, y down) to PDF points, so every item
is written in the same numbers the SVG writer uses. Fonts (Vera) are embedded
as TrueType subsets; invariant mode keeps the bytes identical across runs; the
viewer preference ``PrintScaling /None`` asks for printing at 100 %.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path as FilePath
from typing import Any, Protocol

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas

from ..textfit import printable
from . import draw as d
from .fonts import font_name
from .shapes import outline


class Press(Protocol):
    """How a print-shop file paints (:class:`pachaprint.render.printshop.Separations`):
    reportlab colours for a fill, a line of a width, text, and the die lines' spot colour."""

    def fill(self, colour: str) -> Color: ...

    def stroke(self, colour: str, width_mm: float) -> Color: ...

    def text(self, colour: str) -> Color: ...

    def cut(self) -> Color: ...


PDF_VERSION = (1, 7)
"""The header version: the files use TrimBox/BleedBox (1.3), transparency (1.4),
the viewer preference PrintScaling (1.6) and Duplex (1.7)."""

_CAP = {"butt": 0, "round": 1, "square": 2}
_JOIN = {"miter": 0, "round": 1, "bevel": 2}


@cache
def _colour(value: str) -> Color:
    """reportlab's colour for ``#rrggbb``, parsed once (a page sets tens of thousands)."""
    found: Color = HexColor(value)
    return found


def _paint(c: Canvas, style: d.Style, press: Press | None) -> tuple[int, int]:
    """Set the graphics state for ``style``; returns (stroke, fill) flags."""
    if press is not None and style.cut:
        # a die line: the cut contour's spot colour, overprinting (it prints nothing)
        c.setStrokeColor(press.cut())
        c.setStrokeOverprint(True)
        c.setLineWidth(style.stroke_width)
        return (1, 0)
    if style.fill:
        c.setFillColor(_colour(style.fill) if press is None else press.fill(style.fill))
    if style.stroke:
        c.setStrokeColor(
            _colour(style.stroke)
            if press is None
            else press.stroke(style.stroke, style.stroke_width)
        )
        c.setLineWidth(style.stroke_width)
        c.setLineCap(_CAP[style.cap])
        c.setLineJoin(_JOIN[style.join])
        if style.dash:
            c.setDash(list(style.dash), 0)
    if style.opacity != 1.0:
        c.setFillAlpha(style.opacity)
        c.setStrokeAlpha(style.opacity)
    return (1 if style.stroke else 0, 1 if style.fill else 0)


def _path(c: Canvas, segments: Iterable[d.Segment]) -> Any:
    p = c.beginPath()
    for op in d.path_ops(segments, curves=True):
        kind = op[0]
        if kind == "M":
            p.moveTo(op[1], op[2])
        elif kind == "L":
            p.lineTo(op[1], op[2])
        elif kind == "C":
            p.curveTo(*op[1:])
        else:
            p.close()
    return p


def _draw(c: Canvas, item: d.Element, press: Press | None = None) -> None:
    if isinstance(item, d.Group):
        c.saveState()
        if item.transform != d.IDENTITY:
            c.transform(*item.transform)
        if item.clip is not None:
            segments, evenodd = outline(item.clip)
            c.clipPath(
                _path(c, segments),
                stroke=0,
                fill=0,
                fillMode=FILL_EVEN_ODD if evenodd else FILL_NON_ZERO,
            )
        for child in item.items:
            _draw(c, child, press)
        c.restoreState()
        return
    if isinstance(item, d.Use):
        c.saveState()
        c.transform(*item.matrix())
        c.doForm(_form_name(item.symbol))
        c.restoreState()
        return
    if isinstance(item, d.Text):
        c.saveState()
        c.setFillColor(_colour(item.colour) if press is None else press.text(item.colour))
        c.translate(item.x, item.baseline())
        c.scale(1, -1)
        c.setFont(font_name(item.bold), item.size_pt * d.PT_MM)
        draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[
            item.anchor
        ]
        draw(0, 0, printable(item.text))
        c.restoreState()
        return
    style = item.style
    if not style.fill and not style.stroke:
        return
    if style.cut == "die" and press is None:
        return  # a die line alone: only print-shop files draw it
    c.saveState()
    stroke, fill = _paint(c, style, press)
    if isinstance(item, d.Line):
        if stroke:
            c.line(item.x1, item.y1, item.x2, item.y2)
    elif isinstance(item, d.Rect) and not item.rx:
        c.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
    elif isinstance(item, d.Circle):
        c.circle(item.cx, item.cy, item.r, stroke=stroke, fill=fill)
    elif isinstance(item, (d.Rect, d.Polygon, d.Path)):
        segments, evenodd = outline(item)
        c.drawPath(
            _path(c, segments),
            stroke=stroke,
            fill=fill,
            fillMode=FILL_EVEN_ODD if evenodd else FILL_NON_ZERO,
        )
    else:
        raise TypeError(f"cannot draw {type(item).__name__}")
    c.restoreState()


def _form_name(symbol: d.Symbol) -> str:
    return f"sym-{symbol.name}"


def _define_forms(c: Canvas, pages: Sequence[d.Drawing], press: Press | None) -> None:
    """Each symbol once as a Form XObject (drawn in its own box units), in first-use order."""
    seen: dict[str, d.Symbol] = {}
    for page in pages:
        for item, _ in d.walk(page.items):
            if isinstance(item, d.Use):
                known = seen.get(item.symbol.name)
                if known is None:
                    seen[item.symbol.name] = item.symbol
                elif known != item.symbol:
                    raise ValueError(f"two different symbols are both named {item.symbol.name!r}")
    for symbol in seen.values():
        # generous box: strokes and round caps may reach past the drawing box
        pad_w, pad_h = symbol.width * 0.25, symbol.height * 0.25
        c.beginForm(_form_name(symbol), -pad_w, -pad_h, symbol.width + pad_w, symbol.height + pad_h)
        for child in symbol.items:
            _draw(c, child, press)
        c.endForm()


def page_outline(pages: Sequence[d.Drawing], title: str) -> list[tuple[str, int]]:
    """An outline for pages that have none: an entry for each page that starts a printed
    sheet (its footer label; backs and blank pages are left out), or ``title`` for the first
    page of a file without sheet labels."""
    found: list[tuple[str, int]] = []
    for index, page in enumerate(pages):
        meta = dict(page.metadata)
        label = meta.get("label")
        printed = label and meta.get("side") not in ("back", "blank")
        if printed and (not found or found[-1][0] != label):
            found.append((str(label), index))
    return found or [(title, 0)]


def pdf_bytes(
    pages: Sequence[d.Drawing],
    title: str | None = None,
    duplex: bool = False,
    outline: Sequence[tuple[str, int]] = (),
    press: Press | None = None,
) -> bytes:
    """A PDF with one page per drawing. ``duplex`` asks for long-edge flipping.

    ``outline`` is the PDF outline (bookmarks): ``(title, page index)`` entries,
    in order; a viewer opens with the outline shown. Without one, every PDF still
    gets an outline (:func:`page_outline`): an entry per printed sheet's label. ``press`` writes every colour
    in CMYK and die lines in a spot colour, for a print-shop file
    (:mod:`pachaprint.render.printshop`, which makes the result PDF/X); ``None``
    writes the home files' RGB.
    """
    if not pages:
        raise ValueError("a PDF needs at least one page")
    if not outline:
        outline = page_outline(pages, title or pages[0].name)
    buf = io.BytesIO()
    first = pages[0]
    c = Canvas(
        buf,
        pagesize=(first.media_width * mm, first.media_height * mm),
        invariant=1,
        pageCompression=1,
        pdfVersion=PDF_VERSION,
        initialFontName=font_name(False),
        initialFontSize=9,
        enforceColorSpace=None if press is None else "sep_cmyk",
    )
    c.setTitle(title or first.name)
    c.setAuthor("pachaprint")
    c.setCreator("pachaprint")
    c.setSubject("print at 100 % (actual size)")
    c.setViewerPreference("PrintScaling", "None")
    if duplex:
        c.setViewerPreference("Duplex", "DuplexFlipLongEdge")
    _define_forms(c, pages, press)
    marks: dict[int, list[str]] = {}
    for n, (_, index) in enumerate(outline):
        if not 0 <= index < len(pages):
            raise ValueError(f"outline entry {n} points at page {index + 1} of {len(pages)}")
        marks.setdefault(index, []).append(f"entry-{n}")
    for index, page in enumerate(pages):
        for key in marks.get(index, ()):
            c.bookmarkPage(key)
        b, w, h = page.bleed_mm, page.width_mm, page.height_mm
        c.setPageSize((page.media_width * mm, page.media_height * mm))
        c.setBleedBox((0, 0, page.media_width * mm, page.media_height * mm))
        c.setTrimBox((b * mm, b * mm, (b + w) * mm, (b + h) * mm))
        c.saveState()
        # model (x mm, y mm down from the trim corner) -> PDF points, y up
        c.transform(mm, 0, 0, -mm, b * mm, (b + h) * mm)
        for item in page.items:
            _draw(c, item, press)
        c.restoreState()
        c.showPage()
    for n, (entry, _) in enumerate(outline):
        c.addOutlineEntry(printable(entry), f"entry-{n}", level=0)
    if outline:
        c.showOutline()
    c.save()
    return buf.getvalue()


def write_pdf(
    pages: d.Drawing | Sequence[d.Drawing],
    path: str | os.PathLike[str],
    title: str | None = None,
    duplex: bool = False,
    outline: Sequence[tuple[str, int]] = (),
) -> FilePath:
    """Write one drawing or a list of pages to ``path`` atomically."""
    if isinstance(pages, d.Drawing):
        pages = [pages]
    target = FilePath(path)
    write_bytes(target, pdf_bytes(pages, title=title, duplex=duplex, outline=outline))
    return target


def write_bytes(target: FilePath, data: bytes) -> None:
    """Write ``data`` to ``target`` atomically (a temporary name, then a rename)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, target)
