"""The discs PDF: one file per wheel template, a contents page, an outline, named pages (issue 21)."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from pachaprint import __version__
from pachaprint.model.printing import PrintSettings
from pachaprint.model.scenario import Scenario
from pachaprint.render.discs import discs_file_name, render_discs
from pachaprint.render.wheel import WheelTemplateError
from tests.helpers import REPO, disc_of
from tests.pdftext import page_texts, row

NAMES = ("high-valley", "lake-shore")


def _scenarios() -> list[Scenario]:
    return [
        Scenario.from_dict(json.loads((REPO / "tests" / "fixtures" / f"{n}.json").read_text()))
        for n in NAMES
    ]


def _discs():
    return [disc_of(scenario) for scenario in _scenarios()]


@pytest.fixture(scope="module")
def discs(tmp_path_factory):
    out = tmp_path_factory.mktemp("discs")
    found = {}
    for wheel in ("retail", "volvelle45"):
        for lang in ("en", "de"):
            path = out / lang / discs_file_name("a4", wheel)
            render_discs(_discs(), path, "a4", wheel, PrintSettings(lang=lang))
            found[wheel, lang] = PdfReader(path), page_texts(path)
    return found


def test_one_file_per_template():
    assert discs_file_name("a4", "retail") == "pachaprint-discs-a4.pdf"
    assert discs_file_name("letter", "volvelle45") == "pachaprint-discs-letter-volvelle45.pdf"
    with pytest.raises(WheelTemplateError):  # a discs file is one template's
        render_discs(_discs(), "unused.pdf", "a4", "both", PrintSettings())


@pytest.mark.parametrize("wheel", ["retail", "volvelle45"])
def test_an_outline_entry_per_scenario_on_its_front_page(discs, wheel):
    reader, texts = discs[wheel, "en"]
    entries = [(item.title, reader.get_destination_page_number(item)) for item in reader.outline]
    assert [title for title, _ in entries] == [f"{s.name} ({s.id})" for s in _scenarios()]
    for title, page in entries:
        text = texts[page]
        assert title in text  # the page's footer names the disc
        assert "fronts" in text


@pytest.mark.parametrize("wheel", ["retail", "volvelle45"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_footer_names_the_template_and_the_version(discs, wheel, lang):
    _, texts = discs[wheel, lang]
    for text in texts:
        assert f"pachaprint {__version__}" in text
        assert wheel in text


def test_the_contents_page_lists_every_disc_and_the_pages_for_card(discs):
    reader, texts = discs["retail", "en"]
    first = texts[0]
    assert "Scenario discs for the retail wheel" in first
    assert f"Print pages 3 to {len(reader.pages)} on thin card" in first
    pages = [reader.get_destination_page_number(item) + 1 for item in reader.outline]
    for disc, page in zip(_discs(), pages, strict=True):
        title = f"{disc.scenario.name} ({disc.scenario.id})"
        # the row's cells: the disc, its size, its difficulty and the page of its front
        assert row(first, title) == f"{title} {disc.scenario.size} {disc.grade} {page}"
    assert len(reader.pages) == 2 + 2 * len(NAMES)


def test_nothing_english_in_a_german_discs_file(discs):
    for wheel in ("retail", "volvelle45"):
        text = "\n".join(discs[wheel, "de"][1])
        for word in ("fronts", "backs", "page ", "Scenario discs", "Contents", "wheel", "print"):
            assert word not in text.replace("pachaprint", "").replace(wheel, ""), word
        assert "Vorderseiten" in text and "Rückseiten" in text


def test_the_discs_pdf_is_the_same_bytes_every_time(tmp_path):
    first = render_discs(_discs(), tmp_path / "a.pdf", "letter", "volvelle45", PrintSettings())
    second = render_discs(_discs(), tmp_path / "b.pdf", "letter", "volvelle45", PrintSettings())
    assert first.read_bytes() == second.read_bytes()
