"""Symbols and colours of the digital wheel page, taken from the print's data.

The page shows the same element, animal, terrain and crop symbols and the same
colours as the printed components: the symbols come from
:mod:`pachaprint.render.symbols` (``templates/symbols/``), the names of the
column elements and row animals from ``templates/board.json``, the colours
from ``templates/palette.json``. This module writes them as inline SVG
``<symbol>`` definitions, used by the page with ``<use href="#sym-...">``, and
as CSS rules.

A symbol's ``ink`` becomes ``currentColor`` and its ``paper`` (cut-outs) the
CSS variable ``--paper``, so one definition serves on every background: the
page sets ``color`` and ``--paper`` wherever it places a symbol.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pachaprint.model.rules import CROP_LEVELS, TERRAIN_LETTERS
from pachaprint.render import draw as d
from pachaprint.render import symbols
from pachaprint.render.svg import num, path_data
from pachaprint.resources import load_template

INK = "currentColor"
PAPER = "var(--paper)"


def element_id(column: int) -> str:
    """Page id of the element symbol of a column (0-based)."""
    return f"sym-element-{column}"


def animal_id(row: int) -> str:
    """Page id of the animal symbol of a row (0-based)."""
    return f"sym-animal-{row}"


def terrain_id(letter: str) -> str:
    return f"sym-terrain-{letter}"


def crop_id(level: int) -> str:
    return f"sym-crop-{level}"


@dataclass(frozen=True)
class PageArt:
    """What the page needs from the print's art."""

    element_names: tuple[str, ...]
    """Element of each board column, a-i."""
    animal_names: tuple[str, ...]
    """Animal of each board row, 1-5."""
    symbols: dict[str, d.Symbol]
    """Page symbol id -> the print's symbol, ink and paper as CSS roles."""
    css: str
    """Colour rules: ``:root`` band colours, ``.t-V`` terrain and ``.c-1`` crop classes."""


# -- inline SVG ------------------------------------------------------------------
def _paint(name: str, colour: str | None) -> str:
    """``fill="..."``, or a ``style`` declaration when the colour is a CSS variable."""
    if colour is None:
        return f'{name}="none"'
    if colour.startswith("var("):
        return f'style="{name}:{colour}"'
    return f'{name}="{html.escape(colour)}"'


def _style(style: d.Style) -> str:
    paints = [_paint("fill", style.fill)]
    if style.stroke:
        paints.append(_paint("stroke", style.stroke))
        paints.append(f'stroke-width="{num(style.stroke_width)}"')
        if style.cap != "butt":
            paints.append(f'stroke-linecap="{style.cap}"')
        if style.join != "miter":
            paints.append(f'stroke-linejoin="{style.join}"')
        if style.dash:
            paints.append(f'stroke-dasharray="{" ".join(num(v) for v in style.dash)}"')
    if style.opacity != 1.0:
        paints.append(f'opacity="{num(style.opacity)}"')
    # two CSS-variable paints would give two style attributes: merge them
    styles = [p[7:-1] for p in paints if p.startswith('style="')]
    rest = [p for p in paints if not p.startswith('style="')]
    if styles:
        rest.append(f'style="{";".join(styles)}"')
    return " ".join(rest)


def svg_markup(item: d.Element) -> str:
    """Inline SVG for one drawing-model item of a symbol (shapes, text, groups)."""
    if isinstance(item, d.Path):
        rule = ' fill-rule="evenodd"' if item.evenodd else ""
        return f'<path d="{path_data(item.segments)}"{rule} {_style(item.style)}/>'
    if isinstance(item, d.Circle):
        return f'<circle cx="{num(item.cx)}" cy="{num(item.cy)}" r="{num(item.r)}" {_style(item.style)}/>'
    if isinstance(item, d.Rect):
        rx = f' rx="{num(item.rx)}"' if item.rx else ""
        return (
            f'<rect x="{num(item.x)}" y="{num(item.y)}" width="{num(item.w)}" height="{num(item.h)}"{rx} '
            f"{_style(item.style)}/>"
        )
    if isinstance(item, d.Polygon):
        tag = "polygon" if item.closed else "polyline"
        points = " ".join(f"{num(x)},{num(y)}" for x, y in item.points)
        return f'<{tag} points="{points}" {_style(item.style)}/>'
    if isinstance(item, d.Line):
        return (
            f'<line x1="{num(item.x1)}" y1="{num(item.y1)}" x2="{num(item.x2)}" y2="{num(item.y2)}" '
            f"{_style(item.style)}/>"
        )
    if isinstance(item, d.Text):
        anchor = f' text-anchor="{item.anchor}"' if item.anchor != "start" else ""
        weight = ' font-weight="bold"' if item.bold else ""
        return (
            f'<text x="{num(item.x)}" y="{num(item.baseline())}" font-size="{num(item.size_pt * d.PT_MM)}"'
            f"{anchor}{weight} {_paint('fill', item.colour)}>{html.escape(item.text)}</text>"
        )
    if isinstance(item, d.Group):
        transform = ""
        if item.transform != d.IDENTITY:
            transform = ' transform="matrix(' + " ".join(num(v) for v in item.transform) + ')"'
        return f"<g{transform}>" + "".join(svg_markup(child) for child in item.items) + "</g>"
    raise TypeError(f"a page symbol cannot hold {type(item).__name__}")


def symbol_element(page_id: str, symbol: d.Symbol) -> str:
    """One ``<symbol>`` definition for the page."""
    body = "".join(svg_markup(item) for item in symbol.items)
    return f'<symbol id="{page_id}" viewBox="0 0 {num(symbol.width)} {num(symbol.height)}">{body}</symbol>'


# -- the art of the page ------------------------------------------------------------
def _css(palette: dict[str, Any]) -> str:
    rules = [
        f":root {{ --ink: {palette['ink']}; --element-bg: {palette['element_band']}; --element-fg: #FFFFFF; "
        f"--animal-bg: {palette['animal_band']}; --animal-fg: {palette['ink']}; --board: {palette['board']}; }}"
    ]
    for letter in TERRAIN_LETTERS:
        t = palette["terrains"][letter]
        rules.append(
            f".t-{letter} {{ --bg: {t['colour']}; --fg: {t['ink']}; --edge: {palette['ink']}; "
            f"--tint: {t['tint']}; --paper: {t['colour']}; }}"
        )
    for level in CROP_LEVELS:
        c = palette["crops"][str(level)]
        rules.append(
            f".c-{level} {{ --crop-bg: {c['colour']}; --crop-fg: {c['ink']}; --crop-edge: {palette['ink']}; "
            f"--paper: {c['colour']}; }}"
        )
    return "\n".join(rules) + "\n"


@lru_cache(maxsize=1)
def page_art() -> PageArt:
    """The page art from the shared templates (cached)."""
    board = load_template("board.json")
    palette = symbols.palette()
    elements = tuple(board["elements"])
    animals = tuple(board["animals"])
    found: dict[str, d.Symbol] = {}

    def take(page_id: str, name: str) -> None:
        found[page_id] = symbols.symbol(name, ink=INK, paper=PAPER, accent=INK)

    for column, name in enumerate(elements):
        take(element_id(column), symbols.element_symbol(name))
    for row, name in enumerate(animals):
        take(animal_id(row), name)
    for letter in TERRAIN_LETTERS:
        take(terrain_id(letter), symbols.terrain(letter).symbol or "")
    for level in CROP_LEVELS:
        take(crop_id(level), symbols.crop(level).symbol or "")
    return PageArt(elements, animals, found, _css(palette))


def symbol_defs() -> str:
    """Inline ``<symbol>`` elements for every page symbol."""
    return "\n".join(
        symbol_element(page_id, symbol) for page_id, symbol in page_art().symbols.items()
    )


def palette_css() -> str:
    """CSS colour rules for the page."""
    return page_art().css
