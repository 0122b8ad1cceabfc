"""Symbols and colours of the digital wheel page, taken from the print's data.

The page must show the same element, animal, terrain and crop symbols and the
same colours as the printed components. This module turns the shared symbol
data and palette into inline SVG ``<symbol>`` definitions (referenced by the
page with ``<use href="#sym-...">``) and CSS rules.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import lru_cache

from pachaprint.model.rules import CROP_NAMES, TERRAIN_LETTERS

VIEWBOX = 100
"""Every page symbol is drawn in a ``0 0 100 100`` box."""

_ELEMENTS = ("water", "leaf", "mountain", "fire", "sun", "rainbow", "cloud", "moon", "star")
_ANIMALS = ("condor", "lizard", "puma", "snake", "turtle")


def element_id(column: int) -> str:
    return f"sym-element-{column}"


def animal_id(row: int) -> str:
    return f"sym-animal-{row}"


def terrain_id(letter: str) -> str:
    return f"sym-terrain-{letter}"


def crop_id(level: int) -> str:
    return f"sym-crop-{level}"


@dataclass(frozen=True)
class PageArt:
    """What the page needs from the print's art."""

    element_names: tuple[str, ...]
    animal_names: tuple[str, ...]
    symbols: dict[str, str]
    """Symbol id -> SVG markup drawn in the 100 x 100 box."""
    css: str
    """Colour rules: ``:root`` rim colours, ``.t-V`` terrain and ``.c-1`` crop classes."""


def _letter(text: str) -> str:
    return (
        f'<text x="50" y="68" text-anchor="middle" font-size="56" font-weight="700" '
        f'font-family="sans-serif" fill="currentColor">{html.escape(text)}</text>'
    )


@lru_cache(maxsize=1)
def page_art() -> PageArt:
    """The page art (cached)."""
    symbols: dict[str, str] = {}
    for column, name in enumerate(_ELEMENTS):
        symbols[element_id(column)] = _letter(name[:2].capitalize())
    for row, name in enumerate(_ANIMALS):
        symbols[animal_id(row)] = _letter(name[:2].capitalize())
    for letter in TERRAIN_LETTERS:
        symbols[terrain_id(letter)] = _letter(letter)
    for level in CROP_NAMES:
        symbols[crop_id(level)] = _letter(str(level))
    terrain = {"V": ("#b9d98a", "#1d2b0c"), "D": ("#ecd08a", "#3a2a05"), "F": ("#2f6b3a", "#ffffff"), "M": ("#9a9a9a", "#111111")}
    crop = {1: ("#8a5a2b", "#ffffff"), 2: ("#3f8f3a", "#ffffff"), 3: ("#c8322a", "#ffffff"), 4: ("#f2c81d", "#1d1a16"), 5: ("#7a4ea3", "#ffffff")}
    rules = [":root { --element-bg: #a8322d; --element-fg: #ffffff; --animal-bg: #e8d9b8; --animal-fg: #3b2b16; }"]
    for letter, (bg, fg) in terrain.items():
        rules.append(f".t-{letter} {{ --bg: {bg}; --fg: {fg}; --edge: {fg}; }}")
    for level, (bg, fg) in crop.items():
        rules.append(f".c-{level} {{ --crop-bg: {bg}; --crop-fg: {fg}; --crop-edge: #1d1a16; }}")
    return PageArt(tuple(_ELEMENTS), tuple(_ANIMALS), symbols, "\n".join(rules) + "\n")


def symbol_defs() -> str:
    """Inline ``<symbol>`` elements for every page symbol."""
    art = page_art()
    return "\n".join(
        f'<symbol id="{sid}" viewBox="0 0 {VIEWBOX} {VIEWBOX}">{markup}</symbol>' for sid, markup in art.symbols.items()
    )


def palette_css() -> str:
    """CSS colour rules for the page."""
    return page_art().css
