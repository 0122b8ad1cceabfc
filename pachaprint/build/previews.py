"""PNG previews of rendered PDFs for the gallery (pypdfium2 + Pillow, no system libraries)."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2

PREVIEW_WIDTH_PX = 360


def pdf_preview_png(pdf: Path, width_px: int = PREVIEW_WIDTH_PX, page: int = 0) -> bytes:
    """The first page of ``pdf`` as PNG bytes, ``width_px`` wide. Deterministic."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        sheet = document[page]
        scale = width_px / sheet.get_width()
        image = sheet.render(scale=scale).to_pil()
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", optimize=True)
        return buffer.getvalue()
    finally:
        document.close()
