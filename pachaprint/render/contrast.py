"""Contrast between colours, as WCAG 2 measures it, and the outline that makes a piece stand out.

WCAG 2.1 (success criterion 1.4.11) asks 3:1 for the parts of a graphic a
person needs to see. The table's pictures (:mod:`pachaprint.table.pictures`)
put crop tiles and pawns on tiles of any colour, and some pairs are close
(corn on a desert, a brown pawn on a brown sweet potato): each such piece gets a
two-tone ring, ink and paper, and the outer ring is the one that stands out
against the tile the piece lies on. Ink and paper are 17:1 apart, and every
colour of the palette is 3:1 or more from one of them, so whatever lies under a
ring, one of its two edges is drawn at 3:1 or more.
"""

from __future__ import annotations

GRAPHICS = 3.0
"""The contrast WCAG asks of the parts of a graphic a person needs to see (1.4.11)."""


def luminance(colour: str) -> float:
    """The relative luminance of an sRGB colour ``"#rrggbb"`` (0 black, 1 white)."""
    text = colour.lstrip("#")
    if len(text) != 6:
        raise ValueError(f"not a colour #rrggbb: {colour!r}")
    channels = [int(text[k : k + 2], 16) / 255 for k in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def halo(ground: str, ink: str, paper: str) -> tuple[str, str]:
    """``(outer, inner)``: the colours of a two-tone ring round a piece lying on ``ground``,
    the outer one being whichever of ``ink`` and ``paper`` stands out more against it."""
    if contrast(ink, ground) >= contrast(paper, ground):
        return ink, paper
    return paper, ink
