"""Text measurement from the shipped width table, and names that always fit."""

from __future__ import annotations

import pytest
from reportlab.pdfbase import pdfmetrics

from pachaprint import textfit
from pachaprint.render import fonts
from tests.helpers import REPO

SAMPLES = [
    "Salt Flats",
    "Wüste, Ödland & Straße",
    "Ñandú ¿por qué? ¡sí!",
    "WWWW MMMM",
    "œuvre — «x»",
]


def test_width_table_matches_the_font_files():
    shipped = (REPO / "templates" / "fonts" / "metrics.json").read_text(encoding="utf-8")
    assert shipped == fonts.metrics_json(), "regenerate: python -m pachaprint.render.fonts"


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("text", SAMPLES)
def test_widths_equal_what_the_pdf_library_measures(text, bold):
    expected = pdfmetrics.stringWidth(text, fonts.font_name(bold), 9.5) * textfit.PT_MM
    assert textfit.text_width(text, 9.5, bold) == pytest.approx(expected, abs=1e-12)


def test_characters_the_fonts_lack_get_a_visible_stand_in():
    assert textfit.printable("Salt Flats") == "Salt Flats"
    assert textfit.printable("Llama \U0001f999 Land") == "Llama ? Land"
    assert textfit.printable("\uff21ndes") == "Andes"  # full-width letter folded
    assert textfit.printable("Ẁind") == "Wind"  # accent dropped when the base letter exists
    assert textfit.printable("a\u0301b") == "ab"  # a lone combining mark prints nothing
    missing = textfit.missing_characters("\U0001f999 and \U0001f999 and 中")
    assert missing == [("\U0001f999", "?"), ("中", "?")]
    for text in ("Llama \U0001f999", "中文", "Ẁ"):
        assert all(textfit.covers(c) for c in textfit.printable(text))


def test_a_long_name_wraps_before_it_shrinks():
    name = "The Long Road Over The Salt Flats Of The Southern Altiplano"
    assert len(name) <= 60
    fitted = textfit.fit_lines(name, 100, 12, 14, 6, bold=True)
    assert fitted.fits and len(fitted.lines) == 2
    assert " ".join(fitted.lines) == name
    assert max(fitted.widths(bold=True)) <= 100
    assert 2 * fitted.line_height_mm <= 12


def test_the_worst_sixty_characters_fit_at_six_points_or_more():
    for name in ("W" * 60, "W " * 30, "%" * 60, "\U0001f999" * 60):
        fitted = textfit.fit_lines(name, 88, 12, 14, 6, bold=True)
        assert fitted.fits, name
        assert fitted.size_pt >= 6
        assert len(fitted.lines) <= 2
        assert max(fitted.widths(bold=True)) <= 88


def test_a_short_name_stays_on_one_line_at_full_size():
    fitted = textfit.fit_lines("Salt Flats", 100, 12, 14, 6, bold=True)
    assert fitted.lines == ("Salt Flats",)
    assert not fitted.wrapped and not fitted.shrunk
