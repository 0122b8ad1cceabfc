"""Read geometry and text back out of a PDF page (for render tests).

Walks a page's content stream with pypdf, tracking the graphics state (``q``,
``Q``, ``cm``) and the text matrix, and reports in millimetres from the page's
top-left corner: straight segments, rectangles, path bounding boxes and text
runs with their effective size in points.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

PT = 25.4 / 72


def _mul(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def _pt(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


@dataclass
class TextRun:
    text: str
    size_pt: float
    x: float
    y: float
    font: str


@dataclass
class Shape:
    """A painted path: its points in mm (page top-left origin, y down)."""

    points: list
    op: str
    line_width: float
    rect: tuple | None = None  # (x, y, w, h) for a single ``re``

    @property
    def bbox(self):
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return min(xs), min(ys), max(xs), max(ys)


@dataclass
class PageProbe:
    width: float
    height: float
    shapes: list
    texts: list


def probe(reader: PdfReader, index: int) -> PageProbe:
    """Geometry and text of page ``index``."""
    page = reader.pages[index]
    h_pt = float(page.mediabox.height)
    ops = ContentStream(page.get_contents(), reader).operations
    ctm = (1, 0, 0, 1, 0, 0)
    stack = []
    line_width = 1.0
    path: list = []
    rects: list = []
    shapes: list = []
    texts: list = []
    tm = (1, 0, 0, 1, 0, 0)
    font, size = "", 0.0

    def to_mm(x, y):
        px, py = _pt(ctm, x, y)
        return px * PT, (h_pt - py) * PT

    for operands, op in ops:
        op = op.decode() if isinstance(op, bytes) else op
        vals = (
            [float(v) for v in operands]
            if op in ("cm", "m", "l", "c", "v", "y", "re", "w", "Td", "Tm", "TD")
            else operands
        )
        if op == "q":
            stack.append((ctm, line_width))
        elif op == "Q":
            ctm, line_width = stack.pop()
        elif op == "cm":
            ctm = _mul(tuple(vals), ctm)
        elif op == "w":
            line_width = vals[0] * math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2])) * PT
        elif op == "m" or op == "l":
            path.append(to_mm(*vals))
        elif op in ("c", "v", "y"):
            for i in range(0, len(vals), 2):
                path.append(to_mm(vals[i], vals[i + 1]))
        elif op == "re":
            x, y, w, hh = vals
            corners = [to_mm(x, y), to_mm(x + w, y), to_mm(x + w, y + hh), to_mm(x, y + hh)]
            path.extend(corners)
            xs = [c[0] for c in corners]
            ys = [c[1] for c in corners]
            rects.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
        elif op in ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*"):
            if path:
                shapes.append(Shape(path, op, line_width, rects[0] if len(rects) == 1 else None))
            path, rects = [], []
        elif op == "n":
            path, rects = [], []
        elif op == "BT":
            tm = (1, 0, 0, 1, 0, 0)
        elif op == "Tf":
            font, size = str(operands[0]), float(operands[1])
        elif op == "Tm":
            tm = tuple(vals)
        elif op in ("Td", "TD"):
            tm = _mul((1, 0, 0, 1, vals[0], vals[1]), tm)
        elif op in ("Tj", "TJ"):
            m = _mul(tm, ctm)
            scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
            x, y = m[4] * PT, (h_pt - m[5]) * PT
            raw = operands[0]
            text = (
                "".join(str(t) for t in raw if not isinstance(t, (int, float)))
                if op == "TJ"
                else str(raw)
            )
            texts.append(TextRun(text, size * scale, x, y, font))
    return PageProbe(float(page.mediabox.width) * PT, h_pt * PT, shapes, texts)


def raster_difference(svg_path, pdf_path, dpi: int = 60) -> float:
    """Share of 4 x 4 pixel blocks that differ visibly when the SVG (cairosvg) and the
    first PDF page (pdfium) are drawn at ``dpi``; block averaging hides antialiasing."""
    import io

    import cairosvg
    import pypdfium2
    from PIL import Image, ImageChops

    svg = Image.open(
        io.BytesIO(cairosvg.svg2png(url=str(svg_path), dpi=dpi, background_color="white"))
    ).convert("L")
    pdf = pypdfium2.PdfDocument(str(pdf_path))
    page = pdf[0].render(scale=dpi / 72).to_pil().convert("L").crop((0, 0, *svg.size))
    pdf.close()
    assert abs(page.size[0] - svg.size[0]) <= 1
    diff = ImageChops.difference(svg.reduce(4), page.reduce(4))
    return sum(diff.histogram()[40:]) / (diff.size[0] * diff.size[1])
