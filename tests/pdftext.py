"""The text on a PDF's pages as a reader sees it, read with pdfium (Chromium's PDF engine).

Each page's text comes line by line, top to bottom; the words of a line come left to
right, one space between runs of text (a table's row is one line: its cells in order).
pypdf reads the same pages too, but its text extraction runs in Python and took some
thirty times as long for the core kit's 36 pages (1.03 against 0.03 CPU seconds); the
tests still use pypdf for the files' structure (outline, boxes, fonts, resources).
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2


def page_texts(pdf: Path) -> tuple[str, ...]:
    """Each page's text (lines joined by ``\\n``) of the PDF file ``pdf``."""
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        texts = []
        for index in range(len(document)):
            page = document[index]
            text_page = page.get_textpage()
            texts.append(text_page.get_text_range().replace("\r\n", "\n"))
            text_page.close()
            page.close()
        return tuple(texts)
    finally:
        document.close()


def row(text: str, start: str) -> str:
    """The line of ``text`` (a page's) that starts with the cell ``start``: exactly one."""
    found = [line for line in text.split("\n") if line == start or line.startswith(start + " ")]
    assert len(found) == 1, (start, found)
    return found[0]
