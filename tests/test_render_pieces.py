"""Every piece of the box in the kit, and the contents page that lists it (docs/outputs.md sections 2 and 3)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from pachaprint.render.components import crop_tiles, pieces, screens
from pachaprint.render.core import render_core
from pachaprint.render.fonts import text_width
from pachaprint.render.svg import svg_string
from tests.helpers import both_wheels
from tests.pdftext import page_texts, row
from tests.test_render_wheel_svgread import Document, apply

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
    render_core(folder, both_wheels(lang=request.param))
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
    labels = page_texts(folder / "pnp" / "pachaprint-core-a4.pdf")
    first = labels[0]
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
    pieces_page = next(
        i
        for i, t in enumerate(labels)
        if i > 0 and ("Pawns, stones" in t or "Figuren, Vielfalt-Scheiben" in t)
    )
    cells = row(first, "Quechua pawns" if lang == "en" else "Quechua-Figuren").split(" ")
    assert cells[-1] == str(pieces_page + 1)


def _footprint(face: ET.Element) -> tuple[float, float]:
    width, depth = (float(v) for v in face.get("data-footprint-mm").split())
    return width, depth


def test_every_piece_carries_the_footprint_it_rests_on(out):
    """docs/outputs.md section 3: data-footprint-mm on every piece's SVG element, equal to what rests on
    the board: the token's own trim (read from the clip of its placed group)."""
    _lang, folder = out
    svg = (folder / "core" / "pieces.svg").read_text(encoding="utf-8")
    doc = Document(svg)
    faces = [
        el for el in doc.root.iter() if el.get("data-piece") and el.get("data-side") == "front"
    ]
    assert len(faces) == sum(BOX.values())
    for face in faces:
        width, depth = _footprint(face)
        kind = face.get("data-piece")
        clip = doc.clip_of(face)
        x0, y0, x1, y1 = clip.bbox
        assert (x1 - x0, y1 - y0) == pytest.approx((width, depth), abs=0.01), face.get("id")
        if kind in ("quechua", "otoma"):
            assert width <= 10 and depth <= 10


def test_four_coop_screens_each_with_the_turn_inside(out):
    lang, folder = out
    svg = (folder / "core" / "screens.svg").read_text(encoding="utf-8")
    fronts = [el for el in ET.fromstring(svg).iter() if el.get("data-piece") == "screen"]
    sides = Counter((el.get("data-colour"), el.get("data-side")) for el in fronts)
    assert sides == {
        (c, s): 1 for c in ("brown", "white", "green", "blue") for s in ("front", "back")
    }
    title = {"en": "Your co-op turn", "de": "Dein Zug im Koop-Spiel"}[lang]
    for face in fronts:
        width, depth = _footprint(face)
        assert (width, depth) == screens.footprint()
        words = " ".join("".join(t.itertext()) for t in face.iter() if t.tag.endswith("text"))
        if face.get("data-side") == "back":
            assert title in words and "Otoma" in words
        else:
            assert LETTERS[lang][face.get("data-colour")] in words


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_a_pawn_on_a_crop_tile_leaves_its_level_and_symbol_in_view(level):
    """The pawn (its footprint, centred on the tile) covers none of the tile's level digits
    and symbols, read back from the tile's SVG; every mark stays inside the tile."""
    doc = Document(svg_string(crop_tiles.face(level, 1, both_wheels())))
    size = crop_tiles.diameter(level)
    r = size / 2
    pawn = max(pieces.footprint("quechua")) / 2
    marks = {"level": 0, "symbol": 0}
    for group in doc.root.iter():
        kind = group.get("data-mark")
        if kind is None:
            continue
        marks[kind] += 1
        for el in group.iter():
            if el.tag.endswith("text"):
                m = doc.matrix[id(el)]
                size_mm = float(el.get("font-size"))
                half_w = text_width(el.text, size_mm / 0.3528, bold=True) / 2
                x, y = float(el.get("x")), float(el.get("y"))
                box = [(x - half_w, y - size_mm * 0.73), (x + half_w, y)]
            elif el.tag.endswith("use"):
                m = doc.matrix[id(el)]
                box = [(0.0, 0.0), (100.0, 100.0)]  # a symbol's own box
            else:
                continue
            corners = [
                apply(m, bx, by) for bx in (box[0][0], box[1][0]) for by in (box[0][1], box[1][1])
            ]
            xs = [c[0] for c in corners]
            ys = [c[1] for c in corners]
            # nearest point of the mark's box to the tile's centre lies outside the pawn
            nx = min(max(r, min(xs)), max(xs))
            ny = min(max(r, min(ys)), max(ys))
            assert ((nx - r) ** 2 + (ny - r) ** 2) ** 0.5 >= pawn, (kind, corners)
            for cx, cy in corners:  # and the mark lies on the tile
                assert ((cx - r) ** 2 + (cy - r) ** 2) ** 0.5 <= r + 0.01
    assert marks == {"level": 2, "symbol": 2}
