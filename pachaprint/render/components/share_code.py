"""The disc back's share code: the code as text, and as a QR code of real vector modules.

The text is the disc's code without its name (the name is printed on the
back already), in dash-separated groups, on the left of the pin; the QR code
on the right holds the same code, or ``BASE#CODE`` with a share URL (the
digital wheel's hosted page, which opens the disc from it). The QR modules
are filled rectangles of one path, one rectangle per run of dark modules in
a row, on a white square with the quiet zone the standard asks for; segno
makes the matrix. Sizes and positions: ``templates/wheel/share.json``; the caption's words:
``share_caption`` in ``templates/wheel/texts.json``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import segno

from pachaprint.model.disc import Disc
from pachaprint.model.printing import PrintSettings
from pachaprint.resources import load_template

from .. import draw as d
from .. import symbols
from ..texts import wheel_texts

GROUPS_JOIN = "-"


def share_layout() -> dict[str, Any]:
    """``templates/wheel/share.json``."""
    found: dict[str, Any] = load_template("wheel/share.json")
    return found


def qr_content(code: str, share_url: str | None = None) -> str:
    """What the QR code holds: the code, or ``BASE#CODE`` with a share URL."""
    return f"{share_url}#{code}" if share_url else code


def qr_matrix(content: str, error: str = "m") -> list[list[bool]]:
    """The QR code's modules (``True`` dark), without the quiet zone."""
    return [list(row) for row in _modules(content, error)]


@lru_cache(maxsize=1024)
def _modules(content: str, error: str) -> tuple[tuple[bool, ...], ...]:
    """:func:`qr_matrix`, remembered: a build draws each disc back up to five times (its
    own files, then the discs PDF of each paper and wheel), and segno's search for the
    best mask is most of the time of a back."""
    qr = segno.make(content, error=error, micro=False)
    return tuple(tuple(bool(v) for v in row) for row in qr.matrix)


def qr_path(
    matrix: Sequence[Sequence[bool]], x: float, y: float, module: float, ink: str
) -> d.Path:
    """The dark modules as one filled path: a rectangle per horizontal run in each row."""
    segments: list[d.Segment] = []
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            end = c
            while end < len(row) and row[end]:
                end += 1
            left, right = x + c * module, x + end * module
            top, bottom = y + r * module, y + (r + 1) * module
            segments += [
                d.MoveTo(left, top),
                d.LineTo(right, top),
                d.LineTo(right, bottom),
                d.LineTo(left, bottom),
                d.Close(),
            ]
            c = end
    return d.Path(segments=tuple(segments), style=d.fill(ink))


def share_block(
    disc: Disc, cx: float, cy: float, r: float, settings: PrintSettings
) -> list[d.Element]:
    """The disc's code as text and as a QR code (``BASE#CODE`` with ``settings.share_url``)
    for a disc back of radius ``r`` centred at (cx, cy); nothing for a disc without a code."""
    lay = share_layout()["layout"]
    ink = symbols.palette(settings.ink)["ink"]
    code = disc.share_code
    if code is None:
        return []
    content = qr_content(code, settings.share_url)
    qr = lay["qr"]
    matrix = qr_matrix(content, qr["error"])
    side = qr["size_ratio"] * r
    modules = len(matrix) + 2 * qr["quiet_modules"]
    module = side / modules
    left = cx + qr["x_ratio"] * r - side / 2
    top = cy + qr["y_ratio"] * r - side / 2
    quiet = qr["quiet_modules"] * module
    qr_group = d.group(
        d.Rect(x=left, y=top, w=side, h=side, style=d.fill("#FFFFFF")),
        qr_path(matrix, left + quiet, top + quiet, module, ink),
        id="share-qr",
        data=d.data(
            content=content,
            modules=len(matrix),
            module_mm=f"{module:.4f}",
            x_mm=f"{left + quiet:.4f}",
            y_mm=f"{top + quiet:.4f}",
        ),
    )
    block = lay["code"]
    groups = code.split(GROUPS_JOIN)
    per = block["groups_per_line"]
    lines = [GROUPS_JOIN.join(groups[i : i + per]) for i in range(0, len(groups), per)]
    x = cx + block["x_ratio"] * r
    step = block["line_mm"]
    first = cy + block["y_ratio"] * r - step * len(lines) / 2
    texts: list[d.Element] = [
        d.Text(
            x=x,
            y=first,
            text=wheel_texts(settings.lang)["share_caption"],
            size_pt=block["caption_pt"],
            anchor="middle",
            valign="middle",
            bold=True,
            colour=ink,
        )
    ]
    texts += [
        d.Text(
            x=x,
            y=first + (k + 1) * step,
            text=line,
            size_pt=block["code_pt"],
            anchor="middle",
            valign="middle",
            colour=ink,
        )
        for k, line in enumerate(lines)
    ]
    return [d.group(*texts, id="share-code", data=d.data(code=code)), qr_group]
