"""SVG back end: writes a :class:`~pachaprint.render.draw.Drawing` with svgwrite.

User units are millimetres (``viewBox`` in mm, ``width``/``height`` with a
``mm`` suffix), the viewBox origin is the trim corner, bleed lies at negative
coordinates. Text stays real ``<text>``; symbols are written once in
``<defs>`` (``id="sym-<name>"``) and placed with ``<use>``; clip ids are
numbered in drawing order, so the same drawing always gives the same bytes.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable
from pathlib import Path as FilePath
from typing import Any

import svgwrite
import svgwrite.base

from ..textfit import printable
from . import draw as d
from .fonts import SVG_FAMILY


def num(v: float) -> str:
    """A coordinate with at most 3 decimals, no trailing zeros, never ``-0``."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _matrix(m: d.Matrix) -> str:
    if m[:4] == (1.0, 0.0, 0.0, 1.0):
        return f"translate({num(m[4])} {num(m[5])})"
    return "matrix(" + " ".join(num(v) for v in m) + ")"


def _style(el: Any, style: d.Style) -> None:
    a = el.attribs
    a["fill"] = style.fill or "none"
    if style.stroke:
        a["stroke"] = style.stroke
        a["stroke-width"] = num(style.stroke_width)
        if style.dash:
            a["stroke-dasharray"] = " ".join(num(v) for v in style.dash)
        if style.cap != "butt":
            a["stroke-linecap"] = style.cap
        if style.join != "miter":
            a["stroke-linejoin"] = style.join
    if style.opacity != 1.0:
        a["opacity"] = num(style.opacity)


def _ident(el: Any, item: d.Item) -> None:
    if item.id:
        el.attribs["id"] = item.id
    for key, value in item.data:
        el.attribs[f"data-{key}"] = value


def path_data(segments: Iterable[d.Segment]) -> str:
    """The ``d`` attribute for a sequence of path segments."""
    out = []
    for op in d.path_ops(segments, curves=False):
        if op[0] == "A":
            _, r, x, y, sweep = op
            out.append(f"A{num(r)} {num(r)} 0 0 {sweep} {num(x)} {num(y)}")
        else:
            out.append(op[0] + " ".join(num(v) for v in op[1:]))
    return "".join(out)


def _raw(name: str, dwg: Any) -> Any:
    """An SVG element written exactly with the attributes we set (svgwrite's own
    polygon rewrites ``points`` from its list when it is written)."""
    el = svgwrite.base.BaseElement(factory=dwg)
    el.elementname = name
    return el


class _Writer:
    def __init__(self, dwg: Any):
        self.dwg = dwg
        self.clips = 0
        self.symbols: dict[str, d.Symbol] = {}

    def element(self, item: d.Element) -> Any:
        dwg = self.dwg
        if isinstance(item, d.Rect):
            el = dwg.rect()
            a = el.attribs
            a.update(x=num(item.x), y=num(item.y), width=num(item.w), height=num(item.h))
            if item.rx:
                a["rx"] = num(item.rx)
            _style(el, item.style)
        elif isinstance(item, d.Circle):
            el = dwg.circle()
            el.attribs.update(cx=num(item.cx), cy=num(item.cy), r=num(item.r))
            _style(el, item.style)
        elif isinstance(item, d.Line):
            el = dwg.line()
            el.attribs.update(x1=num(item.x1), y1=num(item.y1), x2=num(item.x2), y2=num(item.y2))
            _style(el, item.style)
        elif isinstance(item, d.Polygon):
            # svgwrite's own polygon rewrites "points" from its list; write the attribute ourselves
            el = _raw("polygon" if item.closed else "polyline", dwg)
            el.attribs["points"] = " ".join(f"{num(x)},{num(y)}" for x, y in item.points)
            _style(el, item.style)
        elif isinstance(item, d.Path):
            el = dwg.path(d=path_data(item.segments))
            if item.evenodd:
                el.attribs["fill-rule"] = "evenodd"
            _style(el, item.style)
        elif isinstance(item, d.Text):
            el = dwg.text(printable(item.text))
            a = el.attribs
            a.update(x=num(item.x), y=num(item.baseline()))
            a["font-size"] = num(item.size_pt * d.PT_MM)
            if item.anchor != "start":
                a["text-anchor"] = item.anchor
            if item.bold:
                a["font-weight"] = "bold"
            a["fill"] = item.colour
        elif isinstance(item, d.Use):
            self._define(item.symbol)
            el = dwg.use(f"#sym-{item.symbol.name}")
            el.attribs["transform"] = _matrix(item.matrix())
        elif isinstance(item, d.Group):
            el = dwg.g()
            if item.transform != d.IDENTITY:
                el.attribs["transform"] = _matrix(item.transform)
            if item.clip is not None:
                self.clips += 1
                clip_id = f"clip-{self.clips}"
                clip = dwg.clipPath(id=clip_id)
                shape = self.element(item.clip)
                shape.attribs.pop("id", None)
                clip.add(shape)
                dwg.defs.add(clip)
                el.attribs["clip-path"] = f"url(#{clip_id})"
            for child in item.items:
                el.add(self.element(child))
        else:
            raise TypeError(f"cannot draw {type(item).__name__}")
        _ident(el, item)
        return el

    def _define(self, symbol: d.Symbol) -> None:
        known = self.symbols.get(symbol.name)
        if known is not None:
            if known != symbol:
                raise ValueError(f"two different symbols are both named {symbol.name!r}")
            return
        self.symbols[symbol.name] = symbol
        g = self.dwg.g(id=f"sym-{symbol.name}")
        for child in symbol.items:
            g.add(self.element(child))
        self.dwg.defs.add(g)


def svg_string(drawing: d.Drawing, pretty: bool = True) -> str:
    """The SVG document for ``drawing`` as text: indented one element a line, or (``pretty``
    false, four times faster) all on one line, as a page drawn anew after each move wants it."""
    b = drawing.bleed_mm
    w, h = drawing.media_width, drawing.media_height
    dwg = svgwrite.Drawing(size=(f"{num(w)}mm", f"{num(h)}mm"), profile="full", debug=False)
    a = dwg.attribs
    a["viewBox"] = f"{num(-b)} {num(-b)} {num(w)} {num(h)}"
    a["id"] = drawing.name
    a["font-family"] = SVG_FAMILY
    a["data-trim"] = f"0 0 {num(drawing.width_mm)} {num(drawing.height_mm)}"
    a["data-bleed"] = num(b)
    for key, value in drawing.metadata:
        a[f"data-{key}"] = value
    dwg.set_desc(title=drawing.name)
    writer = _Writer(dwg)
    for item in drawing.items:
        dwg.add(writer.element(item))
    buf = io.StringIO()
    dwg.write(buf, pretty=pretty, indent=1)
    return buf.getvalue() + "\n"


def write_svg(drawing: d.Drawing, path: str | os.PathLike[str]) -> FilePath:
    """Write ``drawing`` to ``path`` atomically (temporary file, then rename)."""
    target = FilePath(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.tmp")
    tmp.write_text(svg_string(drawing), encoding="utf-8")
    os.replace(tmp, target)
    return target
