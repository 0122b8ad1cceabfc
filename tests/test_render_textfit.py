"""Text measurement from the shipped width table, and names that always fit."""

from __future__ import annotations

import pytest
from reportlab.pdfbase import pdfmetrics

from pachaprint import textfit
from pachaprint.render import fonts
from tests.helpers import REPO
from tests.pdftext import page_texts

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


# --------------------------------------------------------------------------- read back from the output

WORST_NAMES = [
    "W" * 60,
    "WWWWWWWWWW " * 5 + "WWWW",
    "Mmmmmmmmmmmmmmmmmmmm Wwwwwwwwwwwwwwwwwwww Mmmmmmmmmmmmmmmmmm",
    "The Long Road Over The Salt Flats Of The Southern Altiplano",
    "%" * 60,
    "\U0001f999" * 30 + "Ü" * 30,
]


def _scenario(name: str, author: str | None = None):
    import json

    from pachaprint.model.scenario import Scenario

    data = json.loads((REPO / "tests" / "fixtures" / "high-valley.json").read_text())
    data["name"] = name
    if author is not None:
        data["author"] = author
    return Scenario.from_dict(data)


@pytest.mark.parametrize("name", WORST_NAMES)
def test_worst_names_stay_inside_the_disc_back_cut(name, tmp_path):
    import math

    from pypdf import PdfReader

    from pachaprint.render.components.disc_back import disc_back
    from pachaprint.render.pdf import write_pdf
    from tests.pdfprobe import probe

    assert len(name) <= 60
    from pachaprint.model.printing import PrintSettings
    from tests.helpers import disc_of

    back = disc_back(disc_of(_scenario(name, author="Ẅ" * 57), "medium"), "retail", PrintSettings())
    path = write_pdf(back, tmp_path / "back.pdf")
    reader = PdfReader(path)
    page = probe(reader, 0)
    widths = _pdf_widths(reader)
    r = 75.0
    cx = cy = r + 3.0  # the page is the disc plus its 3 mm bleed
    runs = [t for t in page.texts if t.size_pt > 0]
    assert runs
    boxes = []
    for run in runs:
        assert run.size_pt >= 6.0 - 1e-6, f"{run.text!r} at {run.size_pt:.2f} pt"
        first, table = widths[run.font]
        codes = [ord(c) for c in run.text]
        width = sum(table[c - first] for c in codes) / 1000 * run.size_pt * textfit.PT_MM
        top, bottom = (
            run.y - 0.93 * run.size_pt * textfit.PT_MM,
            run.y + 0.24 * run.size_pt * textfit.PT_MM,
        )
        for x in (run.x, run.x + width):
            for y in (top, bottom):
                assert math.hypot(x - cx, y - cy) < r - 1.0, f"{run.text!r} crosses the cut"
        boxes.append((run.x, top, run.x + width, bottom, run.text))
    title = [b for b in boxes if b[1] < cy - 0.5 * r]  # the block above the supply row
    for i, a in enumerate(title):
        for b in title[i + 1 :]:
            overlap = a[0] < b[2] and b[0] < a[2] and a[1] < b[3] - 0.3 and b[1] < a[3] - 0.3
            assert not overlap, f"{a[4]!r} collides with {b[4]!r}"
    printed = " ".join(run.text for run in runs)
    assert "\U0001f999" not in printed


def _pdf_widths(reader) -> dict[str, tuple[int, list[float]]]:
    """Per font resource of page 1: FirstChar and the Widths array the PDF itself declares."""
    found = {}
    fonts_ = reader.pages[0]["/Resources"]["/Font"]
    for key, ref in fonts_.items():
        font = ref.get_object()
        found[key] = (int(font["/FirstChar"]), [float(w) for w in font["/Widths"]])
    return found


def test_no_glyph_without_its_font_in_any_rendered_text(tmp_path):
    import xml.etree.ElementTree as ET

    from tests.helpers import write_disc

    scenario = _scenario("Llama \U0001f999 Lake \u4e2d", author="\u0142\u00f3d\u017a \u2603")
    written = write_disc(scenario, tmp_path, print_sheet=True)
    svgs = [p for p in written if p.suffix == ".svg"]
    assert svgs
    for path in svgs:
        for el in ET.fromstring(path.read_text(encoding="utf-8")).iter():
            if el.tag.endswith("text"):
                text = "".join(el.itertext())
                missing = [c for c in text if not textfit.covers(c)]
                assert not missing, f"{path.name}: {text!r}"
    back = page_texts(tmp_path / "disc-back.pdf")[0]
    assert "Llama ? Lake ?" in back


def test_validate_warns_when_the_name_wraps_or_a_glyph_is_missing(tmp_path):
    import json
    import subprocess
    import sys

    data = json.loads((REPO / "tests" / "fixtures" / "high-valley.json").read_text())
    data["name"] = "The Long Road Over The Salt Flats \U0001f999 Of Southern Altiplano"
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "pachaprint", "validate", "--format", "json", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    warnings = {w["rule"]: w for w in json.loads(result.stdout)[0]["warnings"]}
    assert "name-fit" in warnings and "two lines" in warnings["name-fit"]["message"]
    assert "U+1F999" in warnings["missing-glyph"]["message"]
    # and the check that validate runs does not load the PDF library
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from pachaprint.check.validate import validate_file; "
            f"validate_file({str(path)!r}); print('reportlab' in sys.modules)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert probe.stdout.strip() == "False"
