"""Every piece of the box in the kit, and the contents page that lists it (SPEC sections 5, 7)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from pypdf import PdfReader

from pachaprint.render.core import render_core

BOX = (
    {("quechua", c): 5 for c in ("brown", "white", "green", "blue")}
    | {("otoma", "purple"): 1, ("otoma", "yellow"): 1}
    | {("diversity-stone", c): 4 for c in ("brown", "white", "green", "blue")}
    | {("score-marker", c): 1 for c in ("brown", "white", "green", "blue")}
)
LETTERS = {
    "en": {"brown": "Br", "white": "W", "green": "G", "blue": "Bl", "purple": "P", "yellow": "Y"},
    "de": {"brown": "Br", "white": "W", "green": "Gr", "blue": "Bl", "purple": "L", "yellow": "Ge"},
}


@pytest.fixture(scope="module", params=["en", "de"])
def out(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp(f"pieces-{request.param}")
    render_core(folder, paper="a4", lang=request.param, wheels="both")
    return request.param, folder


def _faces(svg: str, side: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [el for el in root.iter() if el.get("data-piece") and el.get("data-side") == side]


def test_every_piece_of_the_box_is_printed_front_and_back(out):
    _lang, folder = out
    svg = (folder / "core" / "pieces.svg").read_text(encoding="utf-8")
    for side in ("front", "back"):
        faces = _faces(svg, side)
        counts = Counter((el.get("data-piece"), el.get("data-colour")) for el in faces)
        assert counts == BOX
    assert sum(BOX.values()) == 20 + 2 + 16 + 4


def test_each_piece_shows_its_colour_letter_in_the_kit_language(out):
    lang, folder = out
    svg = (folder / "core" / "pieces.svg").read_text(encoding="utf-8")
    for face in _faces(svg, "front"):
        words = {"".join(t.itertext()) for t in face.iter() if t.tag.endswith("text")}
        assert LETTERS[lang][face.get("data-colour")] in words, face.get("id")


@pytest.mark.slow
def test_the_first_page_lists_every_component_with_its_count_and_page(out):
    lang, folder = out
    reader = PdfReader(folder / "pnp" / "pachaprint-core-a4.pdf")
    first = reader.pages[0].extract_text()
    if lang == "en":
        for line in (
            "Quechua pawns",
            "20: 5 in each of brown, white, green, blue",
            "Otoma pawns",
            "2: purple, yellow",
            "Diversity stones",
            "16: 4 in each of brown, white, green, blue",
            "Score markers",
            "4: one in each of brown, white, green, blue",
            "62: 15 valley, 17 desert, 15 forest, 15 mountain",
            "57: 13 / 12 / 12 / 10 / 10",
            "Wheel cover (retail), slider strip and shutters",
            "Calibration disc",
        ):
            assert line in first, line
    # the page named for the pieces really holds them: the row's last cell is that page's number
    labels = [p.extract_text() for p in reader.pages]
    pieces_page = next(
        i
        for i, t in enumerate(labels)
        if i > 0 and ("Pawns, stones" in t or "Figuren, Steine" in t)
    )
    lines = first.split("\n")
    row = lines.index("Quechua pawns" if lang == "en" else "Quechua-Figuren")
    assert lines[row + 2] == str(pieces_page + 1)
