"""SVG back end: the one writer of the drawing model as SVG markup.

:func:`svg_string` writes a whole :class:`~pachaprint.render.draw.Drawing`
as a document; :func:`element_markup` and :func:`symbol_markup` write single
items and ``<symbol>`` definitions for pages that inline them (the digital
wheel, the studio). Both go through :class:`SvgWriter`, so every item is
written one way and every text passes through one escaping (:func:`escape`).

Documents: user units are millimetres (``viewBox`` in mm, ``width``/``height``
with a ``mm`` suffix), the viewBox origin is the trim corner, bleed lies at
negative coordinates. Text stays real ``<text>``; symbols are written once in
``<defs>`` (``id="sym-<name>"``) and placed with ``<use>``; clip ids are
numbered in drawing order; attributes are sorted; so the same drawing always
gives the same bytes.

A colour may be ``#rrggbb``, ``currentColor`` or a CSS variable
(``var(--paper)``); a variable is written as a ``style`` declaration, since
presentation attributes cannot hold one.
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path as FilePath

from ..textfit import printable
from . import draw as d
from .fonts import SVG_FAMILY

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"


def escape(text: str) -> str:
    """Text made safe for SVG/XML content and attribute values (``& < > " '``)."""
    return html.escape(text, quote=True)


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


# --------------------------------------------------------------------------- nodes


@dataclass
class Node:
    """One SVG element before it is written: tag, attributes, text or children."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node] = field(default_factory=list)
    text: str | None = None

    def write(self, out: list[str], indent: str | None, depth: int = 0) -> None:
        """Append the markup to ``out``; ``indent`` per level, or ``None`` for one line."""
        pad = "" if indent is None else "\n" + indent * depth
        attrs = "".join(f' {k}="{escape(v)}"' for k, v in sorted(self.attrs.items()))
        if self.text is not None:
            out.append(f"{pad}<{self.tag}{attrs}>{escape(self.text)}</{self.tag}>")
        elif not self.children:
            out.append(f"{pad}<{self.tag}{attrs}/>")
        else:
            out.append(f"{pad}<{self.tag}{attrs}>")
            for child in self.children:
                child.write(out, indent, depth + 1)
            out.append(f"{pad}</{self.tag}>")

    def markup(self, indent: str | None = None) -> str:
        out: list[str] = []
        self.write(out, indent)
        return "".join(out).lstrip("\n")


def _paint(attrs: dict[str, str], styles: list[str], name: str, colour: str | None) -> None:
    if colour is None:
        attrs[name] = "none"
    elif colour.startswith("var("):
        styles.append(f"{name}:{colour}")
    else:
        attrs[name] = colour


def _styled(attrs: dict[str, str], style: d.Style) -> dict[str, str]:
    styles: list[str] = []
    _paint(attrs, styles, "fill", style.fill)
    if style.stroke:
        _paint(attrs, styles, "stroke", style.stroke)
        attrs["stroke-width"] = num(style.stroke_width)
        if style.dash:
            attrs["stroke-dasharray"] = " ".join(num(v) for v in style.dash)
        if style.cap != "butt":
            attrs["stroke-linecap"] = style.cap
        if style.join != "miter":
            attrs["stroke-linejoin"] = style.join
    if style.opacity != 1.0:
        attrs["opacity"] = num(style.opacity)
    if styles:
        attrs["style"] = ";".join(styles)
    return attrs


class SvgWriter:
    """Turns drawing-model items into :class:`Node` trees.

    Symbols placed with :class:`~pachaprint.render.draw.Use` and clip paths
    are collected in :attr:`defs` (each symbol once, clips numbered in order).
    """

    def __init__(self) -> None:
        self.defs: list[Node] = []
        self.clips = 0
        self.symbols: dict[str, d.Symbol] = {}

    def node(self, item: d.Element) -> Node:
        """The node of one item (groups with their children)."""
        if isinstance(item, d.Rect):
            attrs = {"x": num(item.x), "y": num(item.y), "width": num(item.w)}
            attrs["height"] = num(item.h)
            if item.rx:
                attrs["rx"] = num(item.rx)
            n = Node("rect", _styled(attrs, item.style))
        elif isinstance(item, d.Circle):
            attrs = {"cx": num(item.cx), "cy": num(item.cy), "r": num(item.r)}
            n = Node("circle", _styled(attrs, item.style))
        elif isinstance(item, d.Line):
            attrs = {"x1": num(item.x1), "y1": num(item.y1), "x2": num(item.x2)}
            attrs["y2"] = num(item.y2)
            n = Node("line", _styled(attrs, item.style))
        elif isinstance(item, d.Polygon):
            points = " ".join(f"{num(x)},{num(y)}" for x, y in item.points)
            tag = "polygon" if item.closed else "polyline"
            n = Node(tag, _styled({"points": points}, item.style))
        elif isinstance(item, d.Path):
            attrs = {"d": path_data(item.segments)}
            if item.evenodd:
                attrs["fill-rule"] = "evenodd"
            n = Node("path", _styled(attrs, item.style))
        elif isinstance(item, d.Text):
            n = self._text(item)
        elif isinstance(item, d.Use):
            self._define(item.symbol)
            attrs = {"xlink:href": f"#sym-{item.symbol.name}", "transform": matrix(item.matrix())}
            n = Node("use", attrs)
        elif isinstance(item, d.Group):
            n = Node("g")
            if item.transform != d.IDENTITY:
                n.attrs["transform"] = matrix(item.transform)
            if item.clip is not None:
                self.clips += 1
                clip_id = f"clip-{self.clips}"
                shape = self.node(item.clip)
                shape.attrs.pop("id", None)
                self.defs.append(Node("clipPath", {"id": clip_id}, [shape]))
                n.attrs["clip-path"] = f"url(#{clip_id})"
            n.children = [self.node(child) for child in item.items]
        else:
            raise TypeError(f"cannot draw {type(item).__name__}")
        if item.id:
            n.attrs["id"] = item.id
        for key, value in item.data:
            n.attrs[f"data-{key}"] = value
        return n

    def _text(self, item: d.Text) -> Node:
        attrs = {"x": num(item.x), "y": num(item.baseline())}
        attrs["font-size"] = num(item.size_pt * d.PT_MM)
        if item.anchor != "start":
            attrs["text-anchor"] = item.anchor
        if item.bold:
            attrs["font-weight"] = "bold"
        styles: list[str] = []
        _paint(attrs, styles, "fill", item.colour)
        if styles:
            attrs["style"] = ";".join(styles)
        return Node("text", attrs, text=printable(item.text))

    def _define(self, symbol: d.Symbol) -> None:
        known = self.symbols.get(symbol.name)
        if known is not None:
            if known != symbol:
                raise ValueError(f"two different symbols are both named {symbol.name!r}")
            return
        self.symbols[symbol.name] = symbol
        children = [self.node(child) for child in symbol.items]
        self.defs.append(Node("g", {"id": f"sym-{symbol.name}"}, children))


# --------------------------------------------------------------------------- inline markup


def _standalone(item: d.Element) -> Node:
    writer = SvgWriter()
    node = writer.node(item)
    if writer.defs:
        raise TypeError(f"inline markup cannot hold symbols or clips ({type(item).__name__})")
    return node


def element_markup(item: d.Element) -> str:
    """One item as inline SVG on a single line (no symbols or clips inside)."""
    return _standalone(item).markup()


def symbol_markup(symbol_id: str, symbol: d.Symbol) -> str:
    """A ``<symbol>`` definition with its own ``viewBox``, for a page to ``<use>``."""
    children = [_standalone(item) for item in symbol.items]
    box = f"0 0 {num(symbol.width)} {num(symbol.height)}"
    return Node("symbol", {"id": symbol_id, "viewBox": box}, children).markup()


# --------------------------------------------------------------------------- documents


def svg_string(drawing: d.Drawing, pretty: bool = True) -> str:
    """The SVG document for ``drawing`` as text: indented one element a line, or (``pretty``
    false) all on one line, as a page drawn anew after each move wants it."""
    b = drawing.bleed_mm
    w, h = drawing.media_width, drawing.media_height
    attrs = {
        "xmlns": SVG_NS,
        "xmlns:xlink": XLINK_NS,
        "version": "1.1",
        "width": f"{num(w)}mm",
        "height": f"{num(h)}mm",
        "viewBox": f"{num(-b)} {num(-b)} {num(w)} {num(h)}",
        "id": drawing.name,
        "font-family": SVG_FAMILY,
        "data-trim": f"0 0 {num(drawing.width_mm)} {num(drawing.height_mm)}",
        "data-bleed": num(b),
    }
    for key, value in drawing.metadata:
        attrs[f"data-{key}"] = value
    writer = SvgWriter()
    body = [writer.node(item) for item in drawing.items]
    children = [Node("title", text=drawing.name)]
    if writer.defs:
        children.append(Node("defs", children=writer.defs))
    root = Node("svg", attrs, children + body)
    markup = root.markup(indent=" " if pretty else None)
    return '<?xml version="1.0" encoding="utf-8" ?>\n' + markup + "\n"


def write_svg(drawing: d.Drawing, path: str | os.PathLike[str]) -> FilePath:
    """Write ``drawing`` to ``path`` atomically (temporary file, then rename)."""
    target = FilePath(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.tmp")
    tmp.write_text(svg_string(drawing), encoding="utf-8")
    os.replace(tmp, target)
    return target
