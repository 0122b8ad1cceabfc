"""No text of the kit is under 6 pt (issue 35; docs/outputs.md section 2).

Every print-and-play PDF of the kit, in every language, is read back with
pdfium: each text object's font size times the scale of everything that
places it (the page's and every enclosing form's matrix) is the size it
prints at. The core set (both wheel templates) and the discs of a long
scenario with Otoma start cells (their key on the back was 3.6 pt) and a tiny
one, with their disc files, are checked.
"""

from __future__ import annotations

import ctypes
import json
import math
from dataclasses import replace
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from pachaprint.model.disc import Disc
from pachaprint.model.scenario import Scenario
from pachaprint.render.components.disc_back import disc_back
from pachaprint.render.components.disc_front import disc_front
from pachaprint.render.core import core_pages
from pachaprint.render.disc_files import disc_print_pages
from pachaprint.render.pdf import pdf_bytes
from pachaprint.resources import LANGUAGES
from tests.helpers import both_wheels, disc_of

FIXTURES = Path(__file__).resolve().parent / "fixtures"
LIBRARY = Path(__file__).resolve().parent.parent / "scenarios"
MIN_PT = 6.0


def _scale(m: tuple[float, ...]) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _compose(inner: tuple[float, ...], outer: tuple[float, ...]) -> tuple[float, ...]:
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    )


def _matrix(obj) -> tuple[float, ...]:
    m = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, ctypes.byref(m))
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _texts(obj, outer: tuple[float, ...]):
    """(printed size in pt, text) of every text object under ``obj`` (page objects)."""
    kind = raw.FPDFPageObj_GetType(obj)
    here = _compose(_matrix(obj), outer)
    if kind == raw.FPDF_PAGEOBJ_TEXT:
        size = ctypes.c_float()
        raw.FPDFTextObj_GetFontSize(obj, ctypes.byref(size))
        yield size.value * _scale(here), obj
    elif kind == raw.FPDF_PAGEOBJ_FORM:
        for i in range(raw.FPDFFormObj_CountObjects(obj)):
            yield from _texts(raw.FPDFFormObj_GetObject(obj, i), here)


def text_sizes(pdf: bytes) -> list[tuple[int, float]]:
    """(page number, printed size in pt) of every text object of a PDF."""
    doc = pdfium.PdfDocument(pdf)
    found = []
    try:
        for n, page in enumerate(doc, 1):
            for i in range(raw.FPDFPage_CountObjects(page.raw)):
                obj = raw.FPDFPage_GetObject(page.raw, i)
                found += [(n, size) for size, _ in _texts(obj, (1, 0, 0, 1, 0, 0))]
    finally:
        doc.close()
    return found


def _disc(path: Path, grade: str) -> Disc:
    """The checked disc of a scenario file (dots filled), its back printing ``grade``."""
    found = disc_of(Scenario.from_dict(json.loads(path.read_text(encoding="utf-8"))))
    return replace(found, grade=grade)


def test_the_reader_finds_the_printed_size():
    """A 6 pt text on a page, and a 12 pt text drawn at half scale in a group, print at 6 pt;
    a 5 pt text is found as 5 pt."""
    from pachaprint.render import draw as d

    page = d.Drawing(
        50,
        50,
        (
            d.Text(x=5, y=10, text="six", size_pt=6.0),
            d.Group(items=(d.Text(x=5, y=20, text="half", size_pt=12.0),), transform=d.scale(0.5)),
            d.Text(x=5, y=30, text="five", size_pt=5.0),
        ),
    )
    sizes = sorted(round(s, 3) for _, s in text_sizes(pdf_bytes([page])))
    assert sizes == [5.0, 6.0, 6.0]


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_of_the_kit_is_under_6pt(lang):
    long_ = _disc(LIBRARY / "sacred-valley.json", "medium")
    tiny = _disc(FIXTURES / "lake-shore.json", "needs-guessing")
    assert long_.scenario.otoma_cells and tiny.scenario.size == "tiny"
    a4, letter = both_wheels(lang=lang), both_wheels(lang=lang, papers=("letter",))
    files = {
        "core": pdf_bytes(core_pages("a4", a4)),
        "discs": pdf_bytes(disc_print_pages([long_, tiny], letter)),
    }
    for wheel in ("retail", "volvelle45"):
        for disc in (replace(long_, grade="expert"), replace(tiny, grade="expert")):
            files[f"{disc.id} back {wheel}"] = pdf_bytes([disc_back(disc, wheel, a4)])
            files[f"{disc.id} front {wheel}"] = pdf_bytes([disc_front(disc, wheel, a4)])
    for name, pdf in files.items():
        sizes = text_sizes(pdf)
        assert sizes, name
        small = sorted({(page, round(size, 2)) for page, size in sizes if size < MIN_PT - 0.01})
        assert not small, f"{lang} {name}: text under {MIN_PT} pt (page, pt): {small[:10]}"
