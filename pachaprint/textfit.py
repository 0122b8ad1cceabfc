"""Measuring and fitting printed text without the PDF library.

The embedded typeface's advance widths and the characters it covers are data
(``templates/fonts/metrics.json``, generated from the shipped TTF files by
``python -m pachaprint.render.fonts``; a test proves the table matches the
fonts). So the renderer and the checker's warnings (``validate`` must start
fast and never import reportlab) measure text with one set of numbers:

* :func:`printable` replaces characters the fonts lack with a visible stand-in
  (the base letter of an accented one, else ``?``), so nothing prints as an
  empty box; :func:`missing_characters` names what was replaced.
* :func:`text_width` is the advance width in millimetres, exactly as reportlab
  computes it for the embedded font.
* :func:`fit_lines` fits a name into a box: one line at the nominal size, else
  two lines, else two lines at a smaller size, never below the minimum.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Any

from pachaprint.model.text import printable as escaped
from pachaprint.resources import load_template

PT_MM = 25.4 / 72.0
"""One typographic point in millimetres."""

REPLACEMENT = "?"
"""What a character without any printable form becomes."""

LINE_HEIGHT = 1.18
"""Baseline-to-baseline distance of wrapped lines, as a multiple of the size."""


@dataclass(frozen=True, slots=True)
class FontMetrics:
    """Advance widths (1/1000 em) of one font, by code point."""

    name: str
    widths: dict[int, float]
    default: float


@cache
def metrics(bold: bool = False) -> FontMetrics:
    """The regular or bold face's metrics from ``templates/fonts/metrics.json``."""
    table: dict[str, Any] = load_template("fonts/metrics.json")
    face = table["fonts"]["bold" if bold else "regular"]
    codes = [code for first, last in face["codes"] for code in range(first, last + 1)]
    widths = dict(zip(codes, map(float, face["widths"].split()), strict=True))
    return FontMetrics(str(face["name"]), widths, float(face["default_width"]))


@cache
def _covered() -> frozenset[str]:
    """The characters both embedded faces have a glyph for."""
    return frozenset(map(chr, frozenset(metrics(False).widths) & frozenset(metrics(True).widths)))


def covers(char: str) -> bool:
    """Whether both embedded faces have a glyph for ``char``."""
    return char in _covered()


def _stand_in(char: str) -> str:
    """A visible replacement for a character the fonts lack."""
    if unicodedata.category(char) in ("Mn", "Me", "Cf") or char in "\ufe0e\ufe0f":
        return ""  # combining marks, joiners, variation selectors: nothing to print
    for form in ("NFKC", "NFKD"):
        folded = unicodedata.normalize(form, char)
        base = "".join(c for c in folded if unicodedata.category(c) not in ("Mn", "Me"))
        if base and base != char and all(covers(c) for c in base):
            return base
    return REPLACEMENT


def printable(text: str) -> str:
    """``text`` with every character the fonts lack replaced (see :func:`missing_characters`)."""
    if _covered().issuperset(text):  # (every character, in one call: the renderers' hot path)
        return text
    return "".join(c if covers(c) else _stand_in(c) for c in text)


def missing_characters(text: str) -> list[tuple[str, str]]:
    """``(character, printed as)`` for each distinct character of ``text`` the fonts lack."""
    seen: dict[str, str] = {}
    for c in text:
        if not covers(c) and c not in seen and c not in "\n":
            seen[c] = _stand_in(c)
    return list(seen.items())


def describe(char: str) -> str:
    """``'🦙' (U+1F999 LLAMA)`` for messages."""
    name = unicodedata.name(char, "unnamed character")
    return f"'{escaped(char)}' (U+{ord(char):04X} {name})"  # no raw tab or bidi mark


def text_width(text: str, size_pt: float, bold: bool = False) -> float:
    """Advance width of ``text`` as printed (after :func:`printable`), in millimetres."""
    face = metrics(bold)
    get, default = face.widths.get, face.default
    return 0.001 * size_pt * sum([get(ord(c), default) for c in printable(text)]) * PT_MM


def _break_word(word: str, width_mm: float, size_pt: float, bold: bool) -> list[str]:
    """A word too long for a line, cut into pieces that fit (last resort)."""
    pieces: list[str] = []
    piece = ""
    for c in word:
        if piece and text_width(piece + c, size_pt, bold) > width_mm:
            pieces.append(piece)
            piece = c
        else:
            piece += c
    pieces.append(piece)
    return pieces


def wrap(text: str, width_mm: float, size_pt: float, bold: bool = False) -> list[str]:
    """Break ``text`` into lines no wider than ``width_mm``.

    Lines break at plain spaces (a no-break space keeps "100 %" together) and
    at newlines; a single word wider than the line is cut between characters.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in (w for w in paragraph.split(" ") if w):
            trial = f"{line} {word}" if line else word
            if not line or text_width(trial, size_pt, bold) <= width_mm:
                line = trial
                continue
            lines.append(line)
            line = word
        if text_width(line, size_pt, bold) > width_mm and " " not in line:
            *head, line = _break_word(line, width_mm, size_pt, bold)
            lines.extend(head)
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


@dataclass(frozen=True, slots=True)
class Fitted:
    """How a text was set into its box: the lines, their size, and what it took."""

    lines: tuple[str, ...]
    size_pt: float
    nominal_pt: float
    fits: bool
    """False only when even the minimum size overflows (the caller must say so)."""

    @property
    def wrapped(self) -> bool:
        return len(self.lines) > 1

    @property
    def shrunk(self) -> bool:
        return self.size_pt < self.nominal_pt

    @property
    def line_height_mm(self) -> float:
        return self.size_pt * PT_MM * LINE_HEIGHT

    def widths(self, bold: bool = False) -> list[float]:
        return [text_width(line, self.size_pt, bold) for line in self.lines]


def _two_lines(text: str, width_mm: float, size_pt: float, bold: bool) -> tuple[str, ...] | None:
    """The most balanced break of ``text`` into two lines that both fit, if any."""
    words = [w for w in text.split(" ") if w]
    best: tuple[float, tuple[str, str]] | None = None
    for k in range(1, len(words)):
        first, second = " ".join(words[:k]), " ".join(words[k:])
        wide = max(text_width(first, size_pt, bold), text_width(second, size_pt, bold))
        if wide <= width_mm and (best is None or wide < best[0]):
            best = (wide, (first, second))
    if best is not None:
        return best[1]
    lines = wrap(text, width_mm, size_pt, bold)  # one long word: cut it
    return tuple(lines) if len(lines) == 2 else None


def fit_lines(
    text: str,
    width_mm: float,
    height_mm: float,
    size_pt: float,
    minimum_pt: float = 6.0,
    bold: bool = False,
    step_pt: float = 0.25,
) -> Fitted:
    """Set ``text`` in a box: one line, else two lines, then smaller, never below ``minimum_pt``.

    ``height_mm`` bounds the lines' total height (``lines x size x``
    :data:`LINE_HEIGHT`). The result at ``minimum_pt`` is returned with
    ``fits=False`` when nothing fits (only text far beyond the 60-character
    limit gets there).
    """
    text = " ".join(text.split())
    size = size_pt
    while True:
        line_h = size * PT_MM * LINE_HEIGHT
        if text_width(text, size, bold) <= width_mm and line_h <= height_mm:
            return Fitted((text,), size, size_pt, True)
        if 2 * line_h <= height_mm:
            two = _two_lines(text, width_mm, size, bold)
            if two is not None:
                return Fitted(two, size, size_pt, True)
        if size - step_pt < minimum_pt - 1e-9:
            return Fitted(tuple(wrap(text, width_mm, size, bold)), size, size_pt, False)
        size = round(size - step_pt, 2)


# --------------------------------------------------------------------------- the disc back


@dataclass(frozen=True, slots=True)
class TextBox:
    """A centred block of text on the disc back: its centre below the pin, width and height (mm).

    ``safe_radius`` is the circle no line may cross; a line's width is bounded
    by that circle's chord at the line's edge farther from the pin.
    """

    key: str
    centre_y: float
    width: float
    height: float
    size_pt: float
    minimum_pt: float
    bold: bool
    safe_radius: float

    def chord(self, far: float) -> float:
        """Usable width at ``far`` mm from the pin (never more than the layout's text width)."""
        room = max(self.safe_radius**2 - far * far, 0.0) ** 0.5
        return min(self.width, 2.0 * float(room))


def disc_back_box(key: str, radius_mm: float) -> TextBox:
    """The box a disc-back text line (``name``, ``meta`` or ``author``) must stay inside.

    From ``templates/wheel/layout.json``: its centre at ``y_ratio * radius``,
    its height, and the layout's text width, narrowed wherever the printed
    ring (``radius - inner_ring_mm - edge_mm``) is narrower, so no line can
    reach the cut circle.
    """
    lay: dict[str, Any] = load_template("wheel/layout.json")["disc_back"]
    spec: dict[str, Any] = lay[key]
    return TextBox(
        key,
        float(spec["y_ratio"]) * radius_mm,
        float(lay["text_width_ratio"]) * radius_mm,
        float(spec["height_mm"]),
        float(spec["pt"]),
        float(spec["min_pt"]),
        key == "name",
        radius_mm - float(lay["inner_ring_mm"]) - float(lay["edge_mm"]),
    )


def fit_in(box: TextBox, text: str) -> Fitted:
    """Set ``text`` in a disc-back box: one line if it fits at full size, else :func:`fit_lines`.

    One line is measured against the chord at its own edge; wrapped lines
    against the chord at the box's far edge (the narrower one).
    """
    text = " ".join(text.split())
    one_line = box.size_pt * PT_MM * LINE_HEIGHT
    if text_width(text, box.size_pt, box.bold) <= box.chord(abs(box.centre_y) + one_line / 2):
        return Fitted((text,), box.size_pt, box.size_pt, True)
    width = box.chord(abs(box.centre_y) + box.height / 2)
    return fit_lines(text, width, box.height, box.size_pt, box.minimum_pt, box.bold)
