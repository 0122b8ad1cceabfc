"""PNG previews of rendered PDFs for the gallery (pypdfium2 + Pillow, no system libraries)."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2

PREVIEW_WIDTH_PX = 360
PNG_LEVEL = 6


def pdf_preview_png(pdf: Path, width_px: int = PREVIEW_WIDTH_PX, page: int = 0) -> bytes:
    """The first page of ``pdf`` as PNG bytes, ``width_px`` wide. Deterministic."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        sheet = document[page]
        scale = width_px / sheet.get_width()
        image = sheet.render(scale=scale).to_pil()
        buffer = io.BytesIO()
        # zlib's default level: the same pixels as its highest (``optimize``), a file
        # 1.5 % larger, written in a quarter of the time (benchmarks/bench_build_render.py)
        image.save(buffer, format="PNG", compress_level=PNG_LEVEL)
        return buffer.getvalue()
    finally:
        document.close()
