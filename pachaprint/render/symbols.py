"""Our vector symbols (``templates/symbols/*.json``) and the palette.

Symbols are data (see ``templates/symbols/README.md``); this module turns them
into :class:`~pachaprint.render.draw.Symbol` objects with their colour roles
filled (``ink``, ``paper``, ``accent``) and places them. The palette
(``templates/palette.json``) pairs every colour with a symbol or letter.

>>> place("water", 10, 10, 8).symbol.name
'water'
"""

from __future__ import annotations

import copy
import math
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..model.printing import INKS
from ..resources import load_template, templates_dir
from . import draw as d

GROUPS = ("terrains", "crops", "elements", "animals", "marks")

Palette = dict[str, Any]
"""The parsed ``templates/palette.json`` of one ink (:func:`palette`)."""


def _merged(base: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merged(out[key], value)
        elif key != "about":
            out[key] = value
    return out


@cache
def palette(ink: str = "full") -> Palette:
    """The parsed ``templates/palette.json`` for ``ink`` (:data:`~pachaprint.model.printing.INKS`:
    ``full``, or ``saver`` with the ``ink_saver`` section's colours)."""
    if ink not in INKS:
        raise ValueError(f"unknown ink {ink!r} (choose {' or '.join(INKS)})")
    found: Palette = load_template("palette.json")
    if ink == "saver":
        found = _merged(found, found["ink_saver"])
    return found


@cache
def _definitions() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for group in GROUPS:
        for spec in load_template(f"symbols/{group}.json")["symbols"]:
            name = spec["name"]
            if name in found:
                # the element "mountain" and the terrain "mountain" are different drawings
                name = f"{group[:-1]}-{name}"
            found[name] = dict(spec, group=group)
    return found


def names(group: str | None = None) -> list[str]:
    """Symbol names, optionally of one group (``"elements"``...), in file order."""
    return [n for n, s in _definitions().items() if group is None or s["group"] == group]


def element_symbol(name: str) -> str:
    """Symbol name of an element (``"mountain"`` -> ``"element-mountain"``)."""
    return name if _definitions().get(name, {}).get("group") == "elements" else f"element-{name}"


# --------------------------------------------------------------------------- path data

_TOKEN = re.compile(r"[MmLlHhVvCcQqZz]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?")


def parse_path(text: str) -> tuple[d.Segment, ...]:
    """SVG path data (M L H V C Q Z, absolute or relative) -> draw segments."""
    tokens = _TOKEN.findall(text)
    segments: list[d.Segment] = []
    x = y = sx = sy = 0.0
    i = 0
    command = ""

    def take(n: int) -> list[float]:
        nonlocal i
        values = [float(v) for v in tokens[i : i + n]]
        if len(values) != n:
            raise ValueError(f"path data ends early: {text!r}")
        i += n
        return values

    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                segments.append(d.Close())
                x, y = sx, sy
                continue
        elif not command:
            raise ValueError(f"path data must start with a command: {text!r}")
        rel = command.islower()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        c = command.upper()
        if c == "M":
            px, py = take(2)
            x, y = sx, sy = px + ox, py + oy
            segments.append(d.MoveTo(x, y))
            command = "l" if rel else "L"  # further pairs are line-tos
        elif c == "L":
            px, py = take(2)
            x, y = px + ox, py + oy
            segments.append(d.LineTo(x, y))
        elif c == "H":
            (px,) = take(1)
            x = px + ox
            segments.append(d.LineTo(x, y))
        elif c == "V":
            (py,) = take(1)
            y = py + oy
            segments.append(d.LineTo(x, y))
        elif c == "C":
            v = take(6)
            x1, y1, x2, y2, x3, y3 = (
                v[0] + ox,
                v[1] + oy,
                v[2] + ox,
                v[3] + oy,
                v[4] + ox,
                v[5] + oy,
            )
            segments.append(d.CurveTo(x1, y1, x2, y2, x3, y3))
            x, y = x3, y3
        elif c == "Q":
            qx, qy, px, py = take(4)
            qx, qy, px, py = qx + ox, qy + oy, px + ox, py + oy
            segments.append(
                d.CurveTo(
                    x + 2 / 3 * (qx - x),
                    y + 2 / 3 * (qy - y),
                    px + 2 / 3 * (qx - px),
                    py + 2 / 3 * (qy - py),
                    px,
                    py,
                )
            )
            x, y = px, py
        else:
            raise ValueError(f"unsupported path command {command!r} in {text!r}")
    return tuple(segments)


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> tuple[d.Segment, ...]:
    k = 4 / 3 * (math.sqrt(2) - 1)
    return (
        d.MoveTo(cx + rx, cy),
        d.CurveTo(cx + rx, cy - k * ry, cx + k * rx, cy - ry, cx, cy - ry),
        d.CurveTo(cx - k * rx, cy - ry, cx - rx, cy - k * ry, cx - rx, cy),
        d.CurveTo(cx - rx, cy + k * ry, cx - k * rx, cy + ry, cx, cy + ry),
        d.CurveTo(cx + k * rx, cy + ry, cx + rx, cy + k * ry, cx + rx, cy),
        d.Close(),
    )


# --------------------------------------------------------------------------- building


def _colour(value: str | None, roles: dict[str, str]) -> str | None:
    if value is None or value == "none":
        return None
    return roles.get(value, value)


def _shape(spec: dict[str, Any], roles: dict[str, str], box_centre: d.Point) -> d.Element:
    style = d.Style(
        fill=_colour(spec.get("fill"), roles),
        stroke=_colour(spec.get("stroke"), roles),
        stroke_width=spec.get("width", 1.0),
        cap=spec.get("cap", "butt"),
        join=spec.get("join", "miter"),
    )
    centre = box_centre
    if "path" in spec:
        item: d.Element = d.Path(
            segments=parse_path(spec["path"]), evenodd=spec.get("evenodd", False), style=style
        )
    elif "circle" in spec:
        cx, cy, r = spec["circle"]
        item, centre = d.Circle(cx=cx, cy=cy, r=r, style=style), (cx, cy)
    elif "ellipse" in spec:
        cx, cy, rx, ry = spec["ellipse"]
        item, centre = d.Path(segments=_ellipse(cx, cy, rx, ry), style=style), (cx, cy)
    elif "rect" in spec:
        x, y, w, h = spec["rect"]
        item, centre = (
            d.Rect(x=x, y=y, w=w, h=h, rx=spec.get("rx", 0.0), style=style),
            (x + w / 2, y + h / 2),
        )
    elif "polygon" in spec or "polyline" in spec:
        pts = tuple(tuple(p) for p in spec.get("polygon") or spec["polyline"])
        item = d.Polygon(points=pts, closed="polygon" in spec, style=style)
    elif "line" in spec:
        x1, y1, x2, y2 = spec["line"]
        item = d.Line(x1=x1, y1=y1, x2=x2, y2=y2, style=style)
    elif "arc" in spec:
        cx, cy, r, a0, a1 = spec["arc"]
        item = d.Path(segments=(d.ArcTo(cx, cy, r, a0, a1),), style=style)
    elif "text" in spec:
        item = d.Text(
            x=spec["x"],
            y=spec["y"],
            text=spec["text"],
            size_pt=spec["size"] / d.PT_MM,
            anchor=spec.get("anchor", "middle"),
            valign=spec.get("valign", "middle"),
            bold=spec.get("bold", False),
            colour=_colour(spec.get("fill", "ink"), roles) or "#000000",
        )
    else:
        raise ValueError(f"symbol shape has no known kind: {sorted(spec)}")
    if "rotate" in spec:
        r = spec["rotate"]
        degrees, cx, cy = (r, *centre) if not isinstance(r, list) else r
        item = d.group(item, transform=d.rotate(degrees, cx, cy))
    return item


def symbol(
    name: str, ink: str | None = None, paper: str | None = None, accent: str | None = None
) -> d.Symbol:
    """The symbol ``name`` with its colour roles filled.

    Defaults: ``ink`` = palette ink, ``paper`` = palette paper (the same in every
    ink mode: the ``ink_saver`` section keeps them), ``accent`` = ink. The
    symbol's name in the output carries any non-default colours so that two
    colourings never share one SVG definition.
    """
    return _symbol(name, ink, paper, accent)


@cache
def _symbol(name: str, ink: str | None, paper: str | None, accent: str | None) -> d.Symbol:
    spec = _definitions().get(name)
    if spec is None:
        raise KeyError(
            f"no symbol {name!r} in {templates_dir() / 'symbols'} (known: {', '.join(names())})"
        )
    pal = palette()
    roles = {
        "ink": ink or pal["ink"],
        "paper": paper or pal["paper"],
        "accent": accent or ink or pal["ink"],
    }
    suffix = "".join(f"-{v[1:].lower()}" for v in (ink, paper, accent) if v)
    w, h = spec["size"]
    return d.Symbol(
        f"{name}{suffix}", w, h, tuple(_shape(s, roles, (w / 2, h / 2)) for s in spec["shapes"])
    )


def place(
    name: str,
    cx: float,
    cy: float,
    size: float,
    ink: str | None = None,
    paper: str | None = None,
    accent: str | None = None,
    id: str | None = None,
) -> d.Use:
    """The symbol fitted in a ``size`` mm square centred on (cx, cy)."""
    return d.Use(
        symbol=symbol(name, ink, paper, accent),
        x=cx - size / 2,
        y=cy - size / 2,
        w=size,
        h=size,
        id=id,
    )


# --------------------------------------------------------------------------- palette helpers


@dataclass(frozen=True)
class Swatch:
    """A colour with the symbol and letter that carry the same meaning."""

    colour: str
    ink: str
    symbol: str
    letter: str
    name: str


def terrain(letter: str, pal: Palette) -> Swatch:
    """Swatch of a terrain letter (V D F M) in the palette ``pal``."""
    t = pal["terrains"][letter]
    return Swatch(t["colour"], t["ink"], t["symbol"], t["letter"], t["name"])


def crop(level: int, pal: Palette) -> Swatch:
    """Swatch of a crop level (1-5) in the palette ``pal``; its letter is the level number."""
    c = pal["crops"][str(level)]
    return Swatch(c["colour"], c["ink"], c["symbol"], str(level), c["name"])


def pawn(colour: str, pal: Palette) -> Swatch:
    """Swatch of a pawn colour (brown white green blue purple yellow) in the palette ``pal``."""
    p = pal["pawns"][colour]
    return Swatch(p["colour"], p["ink"], "pawn", p["letter"], colour)


def pawn_badge(
    colour: str, cx: float, cy: float, size: float, pal: Palette, letter: str | None = None
) -> d.Group:
    """A pawn in ``colour`` (of the palette ``pal``) with its letter on the body: colour plus
    letter.

    ``letter`` defaults to the palette's (English) letter; components pass the
    letter of their language.
    """
    sw = pawn(colour, pal)
    letter_pt = size * 0.25 / d.PT_MM
    return d.group(
        place("pawn", cx, cy, size, accent=sw.colour),
        d.Text(
            x=cx,
            y=cy + size * 0.22,
            text=letter or sw.letter,
            size_pt=letter_pt,
            anchor="middle",
            valign="middle",
            bold=True,
            colour=sw.ink,
        ),
    )
