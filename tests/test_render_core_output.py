"""The core set as files: names, PDFs read back (sizes, fonts, boxes, text), SVG ids."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader

from pachaprint.model.board import COLUMN_LETTERS
from pachaprint.model.rules import BOX_CROP_TILES, BOX_TERRAIN_TILES
from pachaprint.render.components import board, crop_tiles
from pachaprint.render.core import COMPONENTS, render_core
from pachaprint.render.sheets import body_area, geometry, paper
from pachaprint.resources import load_template
from tests.helpers import both_wheels
from tests.pdftext import page_texts

from .pdfprobe import PT, probe, raster_difference

pytestmark = pytest.mark.slow  # end to end: the quick set (-m "not slow") skips it

STEMS = [
    "board",
    "diversity-board",
    "tiles-terrain",
    "tiles-crops",
    "tokens",
    "reference-card",
    "score-track",
]
PAPER_PT = {"a4": (595.276, 841.89), "letter": (612.0, 792.0)}


@pytest.fixture(scope="module")
def out(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("core")
    render_core(root, both_wheels(papers=("a4", "letter")))
    return root


@cache
def _reader(path: Path) -> PdfReader:
    return PdfReader(path)


@cache
def _texts(path: Path) -> tuple[str, ...]:
    return page_texts(path)


@cache
def _probe(path: Path, index: int):
    return probe(_reader(path), index)


def test_every_file_of_the_spec_layout_is_written(out):
    assert [c.stem for c in COMPONENTS] == STEMS
    for stem in STEMS:
        assert (out / "core" / f"{stem}.svg").stat().st_size > 1000
        assert (out / "core" / f"{stem}.pdf").read_bytes().startswith(b"%PDF")
    for key in PAPER_PT:
        assert (out / "pnp" / f"pachaprint-core-{key}.pdf").exists()


@pytest.mark.parametrize("key", ["a4", "letter"])
def test_pnp_pages_have_the_paper_size_and_duplex_rhythm(out, key):
    path = out / "pnp" / f"pachaprint-core-{key}.pdf"
    reader = _reader(path)
    assert len(reader.pages) % 2 == 0, "duplex file: every front has a back page"
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
            PAPER_PT[key], abs=0.01
        )
        assert [float(v) for v in page.trimbox] == [float(v) for v in page.mediabox]
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == "/DuplexFlipLongEdge"
    # terrain tiles: pages of fronts, each followed by its backs page
    area = body_area(paper(key))
    pitch = 25.0 + 2 * 3.0 + geometry()["gap_mm"]
    per_page = math.floor((area.w + geometry()["gap_mm"]) / pitch) * math.floor(
        (area.h + geometry()["gap_mm"]) / pitch
    )
    labels = _texts(path)
    fronts = [i for i, t in enumerate(labels) if "Terrain tiles" in t and "fronts" in t]
    backs = [i for i, t in enumerate(labels) if "Terrain tiles" in t and "backs" in t]
    assert len(fronts) == math.ceil(sum(BOX_TERRAIN_TILES.values()) / per_page)
    assert backs == [i + 1 for i in fronts] and all(i % 2 == 0 for i in fronts)
    for n, text in enumerate(labels, 1):
        assert f"page {n} of {len(labels)}" in text and "50 mm" in text


def _all_pdfs(out):
    return sorted((out / "core").glob("*.pdf")) + sorted((out / "pnp").glob("*.pdf"))


def test_fonts_are_embedded_and_no_text_is_under_6_pt(out):
    for path in _all_pdfs(out):
        reader = _reader(path)
        for index, page in enumerate(reader.pages):
            for ref in page["/Resources"].get("/Font", {}).values():
                font = ref.get_object()
                assert "/FontFile2" in font["/FontDescriptor"].get_object(), (
                    f"{path.name}: {font['/BaseFont']}"
                )
            for run in _probe(path, index).texts:
                assert run.size_pt >= 6.0 - 1e-6, (
                    f"{path.name} page {index + 1}: {run.size_pt:.2f} pt text"
                )


def test_component_pdfs_trim_box_is_the_template_size(out):
    g = board.geometry()
    reader = PdfReader(out / "core" / "board.pdf")
    box = [float(v) * PT for v in reader.pages[0].trimbox]
    assert box[2] - box[0] == pytest.approx(g.width, abs=0.05)
    assert box[3] - box[1] == pytest.approx(g.height, abs=0.05)
    assert box[0] == pytest.approx(3.0, abs=0.05)
    bleed = [float(v) * PT for v in reader.pages[0].bleedbox]
    assert bleed[2] - bleed[0] == pytest.approx(g.width + 6.0, abs=0.05)


def _crop_marks(shapes, length):
    marks = []
    for s in shapes:
        if s.op == "S" and len(s.points) == 2:
            (x1, y1), (x2, y2) = s.points
            if (
                abs(math.dist((x1, y1), (x2, y2)) - length) < 0.01
                and abs(s.line_width - geometry()["cut_line_mm"]) < 0.005
            ):
                marks.append(((x1 + x2) / 2, (y1 + y2) / 2, "v" if abs(x1 - x2) < 1e-6 else "h"))
    return marks


def test_terrain_tile_measured_between_crop_marks_is_the_cell_size(out):
    path = out / "pnp" / "pachaprint-core-a4.pdf"
    index = next(i for i, t in enumerate(_texts(path)) if "Terrain tiles" in t and "fronts" in t)
    marks = _crop_marks(_probe(path, index).shapes, geometry()["crop_mark_mm"])
    xs = sorted({round(x, 3) for x, _, k in marks if k == "v"})
    ys = sorted({round(y, 3) for _, y, k in marks if k == "h"})
    cell = load_template("board.json")["cell_mm"]
    assert xs[1] - xs[0] == pytest.approx(cell, abs=0.2)
    assert ys[1] - ys[0] == pytest.approx(cell, abs=0.2)
    assert xs[2] - xs[1] == pytest.approx(2 * 3.0 + geometry()["gap_mm"], abs=0.2)


def test_crop_tile_cut_circles_have_the_template_diameters(out):
    path = out / "pnp" / "pachaprint-core-letter.pdf"
    found = set()
    for index, text in enumerate(_texts(path)):
        if "Crop tiles" not in text:
            continue
        for s in _probe(path, index).shapes:
            # cut circles: 4 Bezier curves stroked at the cut line width (the art has other rings)
            if (
                s.op == "S"
                and len(s.points) == 13
                and abs(s.line_width - geometry()["cut_line_mm"]) < 0.005
            ):
                x0, y0, x1, y1 = s.bbox
                assert x1 - x0 == pytest.approx(y1 - y0, abs=0.01)
                found.add(round(x1 - x0, 1))
    assert found == {round(crop_tiles.diameter(level), 1) for level in BOX_CROP_TILES}


def test_svg_and_pdf_of_the_board_agree(out):
    root = ET.parse(out / "core" / "board.svg").getroot()
    ns = "{http://www.w3.org/2000/svg}"
    svg_cells = {}
    for g in root.iter(ns + "g"):
        if (g.get("id") or "").startswith("board-"):
            rect = g.find(ns + "rect")
            svg_cells[g.get("data-cell")] = tuple(
                float(rect.get(k)) for k in ("x", "y", "width", "height")
            )
    assert len(svg_cells) == 45
    reader = PdfReader(out / "core" / "board.pdf")
    cell = load_template("board.json")["cell_mm"]
    pdf_rects = [s.rect for s in probe(reader, 0).shapes if s.rect and abs(s.rect[2] - cell) < 0.05]
    bleed = 3.0
    pdf_cells = sorted((round(x - bleed, 3), round(y - bleed, 3), w, h) for x, y, w, h in pdf_rects)
    assert len(pdf_cells) == 45
    for (x, y, w, h), (sx, sy, sw, sh) in zip(pdf_cells, sorted(svg_cells.values()), strict=False):
        assert (x, y, w, h) == pytest.approx((sx, sy, sw, sh), abs=0.1)


def test_svg_ids_and_data_attributes(out):
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.parse(out / "core" / "board.svg").getroot()
    ids = {el.get("id"): el for el in root.iter() if el.get("id")}
    for c in COLUMN_LETTERS:
        for r in range(1, 6):
            assert ids[f"board-{c}{r}"].get("data-cell") == f"{c}{r}"
    assert ids["board-e3"].get("data-tiny") == "yes" and ids["board-f3"].get("data-tiny") == "no"
    assert "orientation-llama" in ids and "tiny-area" in ids
    assert sum(1 for i in ids if i.startswith("trail-")) == len(
        load_template("board.json")["trails"]
    )
    texts = [t.text for t in root.iter(ns + "text")]
    assert "c3" in texts and "tiny scenarios: columns a-e" in texts
    tiles = ET.parse(out / "core" / "tiles-terrain.svg").getroot()
    fronts = [
        el
        for el in tiles.iter(ns + "g")
        if (el.get("id") or "").startswith("tile-")
        and el.get("data-arrow") is None
        and el.get("data-terrain")
    ]
    backs = [el for el in tiles.iter(ns + "g") if el.get("data-arrow")]
    assert len(fronts) == len(backs) == sum(BOX_TERRAIN_TILES.values())
    assert {b.get("data-direction") for b in backs} == {"N", "E", "S", "W"}


def test_rendering_twice_gives_identical_bytes(out, tmp_path):
    render_core(tmp_path, both_wheels())
    for path in sorted(out.rglob("*.*")):
        if "letter" in path.name:
            continue
        assert (tmp_path / path.relative_to(out)).read_bytes() == path.read_bytes(), path.name


@pytest.mark.parametrize(
    "stem,limit",
    [("board", 0.01), ("diversity-board", 0.01), ("tiles-crops", 0.01), ("tiles-terrain", 0.02)],
)
def test_svg_and_pdf_look_the_same_when_rasterised(out, stem, limit):
    """Both back ends drawn at 60 dpi, compared on 4 x 4 pixel blocks (antialiasing averages out)."""
    differing = raster_difference(out / "core" / f"{stem}.svg", out / "core" / f"{stem}.pdf")
    assert differing < limit, f"{stem}: {differing:.1%} of blocks differ between SVG and PDF"
