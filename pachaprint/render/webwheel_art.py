"""Symbols and colours of the digital wheel page, taken from the print's data.

The page shows the same element, animal, terrain and crop symbols and the same
colours as the printed components: the symbols come from
:mod:`pachaprint.render.symbols` (``templates/symbols/``), the names of the
column elements and row animals from ``templates/board.json``, the colours
from ``templates/palette.json``. This module writes them as inline SVG
``<symbol>`` definitions (written by the one SVG writer,
:mod:`pachaprint.render.svg`), used by the page with ``<use href="#sym-...">``,
and as CSS rules.

A symbol's ``ink`` becomes ``currentColor`` and its ``paper`` (cut-outs) the
CSS variable ``--paper``, so one definition serves on every background: the
page sets ``color`` and ``--paper`` wherever it places a symbol.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pachaprint.model.rules import CROP_LEVELS, TERRAIN_LETTERS
from pachaprint.render import draw as d
from pachaprint.render import symbols
from pachaprint.render.svg import symbol_markup
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


def symbol_element(page_id: str, symbol: d.Symbol) -> str:
    """One ``<symbol>`` definition for the page (written by :mod:`pachaprint.render.svg`)."""
    return symbol_markup(page_id, symbol)


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
    palette = symbols.palette("full")  # a screen, whatever the print's ink
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
        take(terrain_id(letter), symbols.terrain(letter, palette).symbol or "")
    for level in CROP_LEVELS:
        take(crop_id(level), symbols.crop(level, palette).symbol or "")
    return PageArt(elements, animals, found, _css(palette))


def symbol_defs() -> str:
    """Inline ``<symbol>`` elements for every page symbol."""
    return "\n".join(
        symbol_element(page_id, symbol) for page_id, symbol in page_art().symbols.items()
    )


def palette_css() -> str:
    """CSS colour rules for the page."""
    return page_art().css
