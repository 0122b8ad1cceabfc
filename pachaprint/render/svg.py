"""SVG back end: the one writer of the drawing model as SVG markup, built on svgwrite.

:func:`svg_string` writes a whole :class:`~pachaprint.render.draw.Drawing`
as a document; :func:`element_markup` and :func:`symbol_markup` write single
items and ``<symbol>`` definitions for pages that inline them (the digital
wheel, the studio). Both go through :class:`SvgWriter`, which builds svgwrite
elements, and one serializer (:func:`_markup`, ElementTree as in svgwrite), so
every item is written one way and every text is escaped one way.

Documents: user units are millimetres (``viewBox`` in mm, ``width``/``height``
with a ``mm`` suffix), the viewBox origin is the trim corner, bleed lies at
negative coordinates. Text stays real ``<text>``; symbols are written once in
``<defs>`` (``id="sym-<name>"``) and placed with ``<use>``; clip ids are
numbered in drawing order; svgwrite sorts the attributes; so the same drawing
always gives the same bytes.

A colour may be ``#rrggbb``, ``currentColor`` or a CSS variable
(``var(--paper)``); a variable is written as a ``style`` declaration, since
presentation attributes cannot hold one.

svgwrite has no type hints: its elements stay behind this module's typed
functions (``_El`` below is one of them), and nothing here subclasses them.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path as FilePath
from typing import Any

import svgwrite
import svgwrite.base

from ..textfit import printable
from . import draw as d
from .fonts import SVG_FAMILY

_El = Any
"""An svgwrite element (svgwrite is untyped)."""


def num(v: float) -> str:
    """A coordinate with at most 3 decimals, no trailing zeros, never ``-0``."""
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def matrix(m: d.Matrix) -> str:
    """A ``transform`` value: ``translate(...)`` when it only moves, else ``matrix(...)``."""
    if m[:4] == (1.0, 0.0, 0.0, 1.0):
        return f"translate({num(m[4])} {num(m[5])})"
    return "matrix(" + " ".join(num(v) for v in m) + ")"


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


# --------------------------------------------------------------------------- serializing


def _markup(element: ET.Element, indent: str | None = None) -> str:
    """svgwrite's element tree as markup: one line, or one element a line indented by ``indent``.

    ElementTree (svgwrite's serializer) escapes ``& < >`` in text and also ``"`` in
    attributes; apostrophes are escaped too (the font list holds some), and empty
    elements close with ``/>``, so every file keeps the bytes it had.
    """
    if indent is not None:
        ET.indent(element, space=indent)
    text = ET.tostring(element, encoding="unicode")
    # ">" is always escaped inside values and text: " />" only closes an empty element
    return text.replace(" />", "/>").replace("'", "&#x27;")


# --------------------------------------------------------------------------- elements


def _paint(el: _El, styles: list[str], name: str, colour: str | None) -> None:
    if colour is None:
        el.attribs[name] = "none"
    elif colour.startswith("var("):
        styles.append(f"{name}:{colour}")
    else:
        el.attribs[name] = colour


def _styled(el: _El, style: d.Style) -> _El:
    a = el.attribs
    styles: list[str] = []
    _paint(el, styles, "fill", style.fill)
    if style.stroke:
        _paint(el, styles, "stroke", style.stroke)
        a["stroke-width"] = num(style.stroke_width)
        if style.dash:
            a["stroke-dasharray"] = " ".join(num(v) for v in style.dash)
        if style.cap != "butt":
            a["stroke-linecap"] = style.cap
        if style.join != "miter":
            a["stroke-linejoin"] = style.join
    if style.opacity != 1.0:
        a["opacity"] = num(style.opacity)
    if styles:
        a["style"] = ";".join(styles)
    return el


def _factory() -> _El:
    """An svgwrite drawing: the element factory (validation off, we write final strings)."""
    return svgwrite.Drawing(profile="full", debug=False)


class SvgWriter:
    """Turns drawing-model items into svgwrite elements.

    Symbols placed with :class:`~pachaprint.render.draw.Use` and clip paths
    are collected in :attr:`defs` (each symbol once, clips numbered in order).
    """

    def __init__(self, factory: _El) -> None:
        self.factory = factory
        self.defs: list[_El] = []
        self.clips = 0
        self.symbols: dict[str, d.Symbol] = {}

    def element(self, item: d.Element) -> _El:
        """The svgwrite element of one item (groups with their children)."""
        f = self.factory
        if isinstance(item, d.Rect):
            el = f.rect()
            el.attribs.update(x=num(item.x), y=num(item.y), width=num(item.w), height=num(item.h))
            if item.rx:
                el.attribs["rx"] = num(item.rx)
            _styled(el, item.style)
        elif isinstance(item, d.Circle):
            el = _styled(f.circle(), item.style)
            el.attribs.update(cx=num(item.cx), cy=num(item.cy), r=num(item.r))
        elif isinstance(item, d.Line):
            el = _styled(f.line(), item.style)
            el.attribs.update(x1=num(item.x1), y1=num(item.y1), x2=num(item.x2), y2=num(item.y2))
        elif isinstance(item, d.Polygon):
            # svgwrite's polygon rewrites "points" from its own list when written
            # (and empties ours): a plain element of that name keeps the attribute
            el = svgwrite.base.BaseElement(factory=f)
            el.elementname = "polygon" if item.closed else "polyline"
            el.attribs["points"] = " ".join(f"{num(x)},{num(y)}" for x, y in item.points)
            _styled(el, item.style)
        elif isinstance(item, d.Path):
            el = _styled(f.path(d=path_data(item.segments)), item.style)
            if item.evenodd:
                el.attribs["fill-rule"] = "evenodd"
        elif isinstance(item, d.Text):
            el = self._text(item)
        elif isinstance(item, d.Use):
            self._define(item.symbol)
            el = f.use(f"#sym-{item.symbol.name}")
            el.attribs["transform"] = matrix(item.matrix())
        elif isinstance(item, d.Group):
            el = self._group(item)
        else:
            raise TypeError(f"cannot draw {type(item).__name__}")
        if item.id:
            el.attribs["id"] = item.id
        for key, value in item.data:
            el.attribs[f"data-{key}"] = value
        return el

    def _group(self, item: d.Group) -> _El:
        el = self.factory.g()
        if item.transform != d.IDENTITY:
            el.attribs["transform"] = matrix(item.transform)
        if item.clip is not None:
            self.clips += 1
            clip_id = f"clip-{self.clips}"
            clip = self.factory.clipPath(id=clip_id)
            shape = self.element(item.clip)
            shape.attribs.pop("id", None)
            clip.add(shape)
            self.defs.append(clip)
            el.attribs["clip-path"] = f"url(#{clip_id})"
        for child in item.items:
            if _shown(child):
                el.add(self.element(child))
        return el

    def _text(self, item: d.Text) -> _El:
        el = self.factory.text(printable(item.text))
        a = el.attribs
        a.update(x=num(item.x), y=num(item.baseline()))
        a["font-size"] = num(item.size_pt * d.PT_MM)
        if item.anchor != "start":
            a["text-anchor"] = item.anchor
        if item.bold:
            a["font-weight"] = "bold"
        styles: list[str] = []
        _paint(el, styles, "fill", item.colour)
        if styles:
            a["style"] = ";".join(styles)
        return el

    def _define(self, symbol: d.Symbol) -> None:
        known = self.symbols.get(symbol.name)
        if known is not None:
            if known != symbol:
                raise ValueError(f"two different symbols are both named {symbol.name!r}")
            return
        self.symbols[symbol.name] = symbol
        g = self.factory.g(id=f"sym-{symbol.name}")
        for child in symbol.items:
            if _shown(child):
                g.add(self.element(child))
        self.defs.append(g)


def _shown(item: d.Element) -> bool:
    """False for a die line alone (``Style.cut == "die"``): only print-shop PDFs draw it."""
    style = getattr(item, "style", None)
    return style is None or style.cut != "die"


# --------------------------------------------------------------------------- inline markup


def _standalone(writer: SvgWriter, item: d.Element) -> _El:
    el = writer.element(item)
    if writer.defs:
        raise TypeError(f"inline markup cannot hold symbols or clips ({type(item).__name__})")
    return el


def element_markup(item: d.Element) -> str:
    """One item as inline SVG on a single line (no symbols or clips inside)."""
    return _markup(_standalone(SvgWriter(_factory()), item).get_xml())


def symbol_markup(symbol_id: str, symbol: d.Symbol) -> str:
    """A ``<symbol>`` definition with its own ``viewBox``, for a page to ``<use>``."""
    writer = SvgWriter(_factory())
    box = f"0 0 {num(symbol.width)} {num(symbol.height)}"
    el = writer.factory.symbol(id=symbol_id)
    el.attribs["viewBox"] = box
    for item in symbol.items:
        el.add(_standalone(writer, item))
    return _markup(el.get_xml())


# --------------------------------------------------------------------------- documents


def svg_string(drawing: d.Drawing, pretty: bool = True) -> str:
    """The SVG document for ``drawing`` as text: indented one element a line, or (``pretty``
    false) all on one line, as a page drawn anew after each move wants it."""
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
    writer = SvgWriter(dwg)
    for item in drawing.items:
        if _shown(item):
            dwg.add(writer.element(item))
    for definition in writer.defs:
        dwg.defs.add(definition)
    if not writer.defs:
        dwg.elements.remove(dwg.defs)
    root = dwg.get_xml()
    # svgwrite's drawing always declares these; our files are plain SVG 1.1
    for name in ("baseProfile", "xmlns:ev"):
        del root.attrib[name]
    return (
        '<?xml version="1.0" encoding="utf-8" ?>\n'
        + _markup(root, indent=" " if pretty else None)
        + "\n"
    )


def write_svg(drawing: d.Drawing, path: str | os.PathLike[str]) -> FilePath:
    """Write ``drawing`` to ``path`` atomically (temporary file, then rename)."""
    target = FilePath(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.tmp")
    tmp.write_text(svg_string(drawing), encoding="utf-8")
    os.replace(tmp, target)
    return target
