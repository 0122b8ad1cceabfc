"""The one typeface of every component: Bitstream Vera Sans.

Vera ships inside reportlab (``reportlab/fonts``); its licence permits
embedding and it covers German, Italian and French (umlauts, accents, ß, œ,
guillemets). The PDF writer embeds it as a TrueType subset; SVG names it first
in its ``font-family`` list. Text measurement for layout uses the same metrics.
"""

from __future__ import annotations

import os
from functools import cache

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from .draw import PT_MM

REGULAR = "Vera"
BOLD = "Vera-Bold"
SVG_FAMILY = "'Bitstream Vera Sans', Vera, 'DejaVu Sans', Verdana, sans-serif"
_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf"}


def font_path(name: str) -> str:
    """Path of a shipped TTF file."""
    return os.path.join(os.path.dirname(reportlab.__file__), "fonts", _FILES[name])


@cache
def register() -> None:
    """Register the fonts with reportlab (idempotent)."""
    for name in _FILES:
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, font_path(name)))


def font_name(bold: bool) -> str:
    register()
    return BOLD if bold else REGULAR


def text_width(text: str, size_pt: float, bold: bool = False) -> float:
    """Advance width of ``text`` in millimetres."""
    return pdfmetrics.stringWidth(text, font_name(bold), size_pt) * PT_MM


def wrap(text: str, width_mm: float, size_pt: float, bold: bool = False) -> list[str]:
    """Break ``text`` into lines no wider than ``width_mm`` (words never split)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        # split on plain spaces only: no-break spaces (U+00A0) keep "100 %" or "mot :" together
        for word in (w for w in paragraph.split(" ") if w):
            trial = f"{line} {word}" if line else word
            if line and text_width(trial, size_pt, bold) > width_mm:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def fit_size(
    text: str, width_mm: float, size_pt: float, minimum_pt: float = 6.0, bold: bool = False
) -> float:
    """Largest size <= ``size_pt`` at which ``text`` fits ``width_mm`` (never below ``minimum_pt``)."""
    width = text_width(text, size_pt, bold)
    if width <= width_mm or width == 0:
        return size_pt
    return max(minimum_pt, round(size_pt * width_mm / width - 0.05, 1))
