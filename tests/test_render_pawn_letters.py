"""A pawn's letter stays inside the pawn's silhouette, in every language (issue 35).

Each Quechua and Otoma pawn token is written as a PDF twice through the kit's
PDF writer, once with only the pawn symbol and once with only the letter, each
in one code colour, and rasterised without smoothing at 1200 dpi: no pixel of
the letter may fall outside the silhouette (before, the French "Mn" spilled 36 %
of its ink onto the token's white ring).
"""

from __future__ import annotations

import io
from dataclasses import replace

import numpy as np
import pypdfium2
import pytest

from pachaprint.model.printing import PrintSettings
from pachaprint.render import draw as d
from pachaprint.render.components.pieces import face
from pachaprint.render.pdf import pdf_bytes
from pachaprint.resources import LANGUAGES
from tests.wheel_raster import _silhouette

DPI = 1200
PAWNS = [("quechua", c) for c in ("brown", "white", "green", "blue")] + [
    ("otoma", c) for c in ("purple", "yellow")
]


def _coded(drawing: d.Drawing, kind: type) -> np.ndarray:
    items = tuple(_silhouette(i, "#0B0000") for i in drawing.items if isinstance(i, kind))
    assert items
    pdf = pypdfium2.PdfDocument(io.BytesIO(pdf_bytes([replace(drawing, items=items)])))
    try:
        bitmap = pdf[0].render(scale=DPI / 72, no_smoothpath=True, no_smoothtext=True)
        rgb = np.asarray(bitmap.to_pil().convert("RGB"))
    finally:
        pdf.close()
    return rgb[..., 0] == 0x0B


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_pawn_letter_is_inside_its_pawn(lang):
    for kind, colour in PAWNS:
        token = face(kind, colour, 1, PrintSettings(lang=lang))
        body, letter = _coded(token, d.Use), _coded(token, d.Text)
        assert letter.sum() > 200, (kind, colour)
        outside = int((letter & ~body).sum())
        assert outside == 0, (lang, kind, colour, outside)
        # and the letter is readable: at least the kit's 6 pt
        (text,) = [i for i in token.items if isinstance(i, d.Text)]
        assert text.size_pt >= 6.0
