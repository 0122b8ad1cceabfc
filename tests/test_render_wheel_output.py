"""Rendered wheel files read back: ids and data attributes, sizes from the PDF,
text sizes, byte-identical re-renders, a disc back that keeps hidden cells hidden,
and the render / calibrate commands."""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pachaprint.cli.application import app
from pachaprint.model.printing import PrintSettings
from pachaprint.model.scenario import Scenario
from pachaprint.render.components.disc_back import disc_back
from pachaprint.render.core import render_calibration, wheel_core_files
from pachaprint.render.disc_files import write_disc_files
from pachaprint.render.discs import render_discs
from pachaprint.render.svg import svg_string
from pachaprint.render.wheel import WheelTemplateError
from pachaprint.render.wheel_templates import load_wheel, wheel_from_data
from pachaprint.resources import load_template
from tests.helpers import disc_of
from tests.pdfprobe import raster_difference
from tests.test_render_wheel_svgread import Document

EXAMPLES = Path(__file__).resolve().parent / "fixtures"
MM_PER_PT = 25.4 / 72


def _data(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def _scenario(name: str) -> Scenario:
    return Scenario.from_dict(_data(name))


BOTH = PrintSettings(wheels=("retail", "volvelle45"))
EN = PrintSettings()


def _write_core(root: Path, paper: str) -> list[Path]:
    """The core wheel files of both templates on ``paper``, written under ``root``."""
    files = wheel_core_files(paper, BOTH)
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return [root / name for name in files]


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    root = tmp_path_factory.mktemp("wheel-out")
    for name in ("high-valley", "lake-shore"):
        write_disc_files(disc_of(_scenario(name), "medium"), BOTH, root / name)
    _write_core(root, "letter")
    return root


# --------------------------------------------------------------------------- ids and data


@pytest.mark.parametrize("name", ["high-valley", "lake-shore"])
def test_retail_cells_carry_ids_and_data(out, name):
    scenario = _scenario(name)
    doc = Document((out / name / "disc-front.svg").read_text())
    cells = {el.get("id"): el for el in doc.root.iter() if (el.get("id") or "").startswith("cell-")}
    board = scenario.board
    assert sorted(cells) == sorted(f"cell-{board.name(c)}" for c in board.cells)
    for cell in board.cells:
        el = cells[f"cell-{board.name(cell)}"]
        assert el.get("data-cell") == board.name(cell)
        assert el.get("data-terrain") == scenario.terrain_at(cell)
        assert el.get("data-crop") == str(scenario.crop_at(cell))
        areas = sorted(child.get("data-area") for child in el.iter() if child.get("data-area"))
        assert areas == ["crop", "terrain"]
        texts = {t.text for t in el.iter() if t.tag.endswith("text")}
        assert {
            scenario.terrain_at(cell),
            str(scenario.crop_at(cell)),
        } <= texts  # colour is never alone


@pytest.mark.parametrize("name", ["high-valley", "lake-shore"])
def test_volvelle45_slots_carry_ids_and_data(out, name):
    scenario = _scenario(name)
    doc = Document((out / name / "disc-front-volvelle45.svg").read_text())
    slots = {el.get("id"): el for el in doc.root.iter() if (el.get("id") or "").startswith("slot-")}
    board = scenario.board
    expected = {f"slot-{9 * board.row(c) + board.column(c)}": c for c in board.cells}
    assert set(slots) == set(expected)
    for ident, cell in expected.items():
        el = slots[ident]
        assert el.get("data-cell") == board.name(cell)
        assert el.get("data-terrain") == scenario.terrain_at(cell)
        assert el.get("data-crop") == str(scenario.crop_at(cell))
    if board.width == 5:  # tiny: slots of columns f-i stay blank, with no cell data
        assert not any(el.get("data-cell", "")[:1] in "fghi" for el in doc.with_data("cell"))


def test_windows_have_their_ids_once(out):
    for stem in ("wheel-cover", "wheel-cover-volvelle45"):
        text = (out / "core" / f"{stem}.svg").read_text()
        assert text.count('id="window-discovery"') == 1
        assert text.count('id="window-divination"') == 1


# --------------------------------------------------------------------------- sizes, fonts, text


def _box(page, name: str) -> tuple[float, float]:
    box = getattr(page, name)
    return float(box.width) * MM_PER_PT, float(box.height) * MM_PER_PT


@pytest.mark.parametrize(
    "stem,template",
    [("disc-front", "retail"), ("disc-front-volvelle45", "volvelle45"), ("disc-back", "retail")],
)
def test_disc_size_measured_from_the_pdf(out, stem, template):
    raw = load_template(f"wheel/{template}.json")["disc"]
    reader = PdfReader(out / "high-valley" / f"{stem}.pdf")
    assert len(reader.pages) == 1
    page = reader.pages[0]
    w, h = _box(page, "trimbox")
    assert abs(w - 2 * raw["radius_mm"]) < 0.2 and abs(h - 2 * raw["radius_mm"]) < 0.2
    bw, _ = _box(page, "bleedbox")
    assert abs(bw - 2 * (raw["radius_mm"] + raw["bleed_mm"])) < 0.2
    fonts = [f for f in page["/Resources"]["/Font"].values()]
    assert fonts and all(
        "/FontFile2" in f.get_object()["/FontDescriptor"] for f in fonts
    )  # embedded TrueType


def test_cover_and_slider_sizes_read_from_the_sheet(out):
    retail = load_wheel("retail")
    doc = Document((out / "core" / "wheel-cover.svg").read_text())
    cuts = [
        float(el.get("r"))
        for el in doc.root.iter()
        if el.tag.endswith("circle") and el.get("stroke") == "#000000" and el.get("fill") == "none"
    ]
    assert any(abs(r - retail.cover_radius) < 0.01 for r in cuts)
    trim = doc.shape(doc.find("slider-trim"))
    xs = [x for x, _ in trim.rings[0]]
    ys = [y for _, y in trim.rings[0]]
    assert abs((max(xs) - min(xs)) - retail.slider.width) < 0.01
    assert abs((max(ys) - min(ys)) - retail.slider.height) < 0.01
    page = PdfReader(out / "core" / "wheel-cover.pdf").pages[0]
    assert abs(_box(page, "trimbox")[0] - 215.9) < 0.2  # US Letter, as asked


def _svg_files(out: Path) -> list[Path]:
    return sorted(out.rglob("*.svg"))


def test_no_text_under_6_pt(out):
    files = _svg_files(out)
    assert len(files) >= 9
    for path in files:
        doc = Document(path.read_text())
        for text in doc.texts():
            size_mm = float(text.get("font-size"))
            scale = (
                abs(
                    doc.matrix[id(text)][0] * doc.matrix[id(text)][3]
                    - doc.matrix[id(text)][1] * doc.matrix[id(text)][2]
                )
                ** 0.5
            )
            # 0.01 pt of slack: rotation matrices carry 3 decimals, so their scale reads 0.999..1.001
            assert size_mm * scale / MM_PER_PT >= 6.0 - 0.01, (
                f"{path.name}: {text.text!r} at {size_mm / MM_PER_PT:.2f} pt"
            )


def test_text_is_real_text(out):
    text = (out / "high-valley" / "disc-back.svg").read_text()
    assert ">High Valley<" in text


# --------------------------------------------------------------------------- determinism


@pytest.mark.slow
def test_rendering_twice_gives_identical_bytes(tmp_path):
    disc = disc_of(_scenario("lake-shore"), "easy")
    first = write_disc_files(disc, BOTH, tmp_path / "a", print_sheet=True)
    second = write_disc_files(disc, BOTH, tmp_path / "b", print_sheet=True)
    assert [p.name for p in first] == [p.name for p in second]
    for p, q in zip(first, second, strict=False):
        assert p.read_bytes() == q.read_bytes(), p.name
    one = _write_core(tmp_path / "c", "a4")
    two = _write_core(tmp_path / "d", "a4")
    for p, q in zip(one, two, strict=False):
        assert p.read_bytes() == q.read_bytes(), p.name


# --------------------------------------------------------------------------- the disc back


def _shuffled_hidden(data: dict) -> dict:
    """The same scenario with every hidden cell changed (terrain letters rotated among them, other crops)."""
    scenario = Scenario.from_dict(data)
    board = scenario.board
    hidden = [c for c in board.cells if c not in scenario.start_cells]
    terrain = list(scenario.terrain_flat)
    crops = list(scenario.crops_flat)
    letters = [terrain[c] for c in hidden]
    letters = letters[1:] + letters[:1]
    for cell, letter in zip(hidden, letters, strict=False):
        terrain[cell] = letter
        crops[cell] = str(6 - int(crops[cell]))
    changed = copy.deepcopy(data)
    w = board.width
    changed["terrain"] = ["".join(terrain[r * w : (r + 1) * w]) for r in range(5)]
    changed["crops"] = ["".join(crops[r * w : (r + 1) * w]) for r in range(5)]
    assert changed["terrain"] != data["terrain"] and changed["crops"] != data["crops"]
    return changed


def _without_share_code(drawing):
    """The disc back less its share code block: the code carries the whole disc on purpose
    (an opaque number that only ``pachaprint import`` or the digital wheel reads back)."""
    kept = tuple(
        i for i in drawing.items if getattr(i, "id", None) not in ("share-code", "share-qr")
    )
    return dataclasses.replace(drawing, items=kept)


@pytest.mark.parametrize("name", ["high-valley", "lake-shore"])
def test_disc_back_depends_on_public_facts_only(name):
    data = _data(name)
    original = disc_of(Scenario.from_dict(data), "hard")
    changed = disc_of(Scenario.from_dict(_shuffled_hidden(data)), "hard")
    assert original.stats.terrain == changed.stats.terrain
    for wheel in ("retail", "volvelle45"):
        assert svg_string(_without_share_code(disc_back(original, wheel, EN))) == (
            svg_string(_without_share_code(disc_back(changed, wheel, EN)))
        )


def test_disc_back_names_start_cells_only(out):
    scenario = _scenario("lake-shore")
    doc = Document((out / "lake-shore" / "disc-back.svg").read_text())
    named = {el.get("data-cell") for el in doc.with_data("cell")}
    assert named == {scenario.board.name(c) for c in scenario.start_cells}
    words = " ".join(t.text or "" for t in doc.texts())
    assert not re.search(r"\b[a-i][1-5]\b", words)  # no cell name in plain text either
    assert "Lake Shore" in words and "lake-shore" in words
    counts = {el.get("data-terrain"): int(el.get("data-count")) for el in doc.with_data("count")}
    assert counts == scenario.terrain_counts()


# --------------------------------------------------------------------------- pnp and templates


def test_discs_pnp_is_duplex_ready(tmp_path):
    discs = [disc_of(_scenario("high-valley"), "hard"), disc_of(_scenario("lake-shore"), "easy")]
    path = render_discs(discs, tmp_path / "discs.pdf", "a4", "retail", EN)
    reader = PdfReader(path)
    # the contents page and its blank back, then a front page and a back page per disc
    assert len(reader.pages) == 2 + 2 * 2
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    for page in reader.pages:
        w, h = _box(page, "mediabox")
        assert abs(w - 210) < 0.2 and abs(h - 297) < 0.2
    # the cut circle is on every back page (a disc is cut out from its back, issue 35) and on
    # no front page, measured from the content stream: the template's disc
    from tests.pdfprobe import probe

    diameter = 2 * load_wheel("retail").disc_radius

    def circles(index):
        return [
            s
            for s in probe(reader, index).shapes
            if s.op in ("S", "s")
            and abs((s.bbox[2] - s.bbox[0]) - diameter) < 0.2
            and abs((s.bbox[3] - s.bbox[1]) - diameter) < 0.2
        ]

    for front in range(2, 6, 2):
        assert not circles(front), f"page {front + 1}: a cut circle on a disc's front"
        back = circles(front + 1)
        assert back, f"page {front + 2}: no cut circle of {diameter} mm"
        # the back lands behind the front: the page is symmetric left-right about the centre
        x0, _, x1, _ = back[0].bbox
        assert abs((x0 + x1) / 2 - 105) < 0.2


def test_the_retail_slot_narrows_ring_1s_windows_along_its_slanted_sides():
    """The slot's sides near the pin run 17.5 degrees from the axis: ring 1's Discovery
    window shows the disc only up to that line, and its letter sits in the middle of what
    shows; from ring 2 outwards the whole window shows."""
    wheel = load_wheel("retail")
    slope = math.tan(math.radians(17.5))
    window = wheel.discovery_window(0)
    assert (window.x0, window.x1, window.u0, window.u1) == pytest.approx((-8.6, -2.2, 21.9, 25.1))
    shown = wheel.aperture(window)
    expected = [(-21.9 * slope, 21.9), (-2.2, 21.9), (-2.2, 25.1), (-25.1 * slope, 25.1)]
    flat = [v for corner in sorted(shown.corners()) for v in corner]
    assert flat == pytest.approx([v for corner in sorted(expected) for v in corner])
    assert shown.distance_from_pin() == pytest.approx(math.hypot(2.2, 21.9))
    assert wheel.place(0, 0).terrain_anchor == pytest.approx(((-23.5 * slope - 2.2) / 2, 23.5))
    for row in range(1, 5):
        assert wheel.aperture(wheel.discovery_window(row)) == wheel.discovery_window(row)
        assert wheel.place(0, row).terrain_anchor == pytest.approx(
            wheel.discovery_window(row).centre
        )
    outline = [v for corner in wheel.slot_outline()[:3] for v in corner]
    assert outline == pytest.approx([-21.5 * slope, 21.5, 21.5 * slope, 21.5, 9.0, 9.0 / slope])


def test_template_that_lets_a_neighbour_show_is_refused():
    raw = copy.deepcopy(load_template("wheel/volvelle45.json"))
    raw["windows"]["half_angle_deg"] = 5.0  # within a millimetre of the next slot's colour
    with pytest.raises(WheelTemplateError, match="Discovery window"):
        wheel_from_data(raw)
    raw = copy.deepcopy(load_template("wheel/retail.json"))
    raw["windows"]["gap_mm"] = 1.0  # within a millimetre of a cell's middle line
    with pytest.raises(WheelTemplateError, match=r"row 1 is 0\.50 mm from its area's edge"):
        wheel_from_data(raw)
    # the slot's slanted sides narrow the windows on ring 1; without them the next sector shows
    raw = copy.deepcopy(load_template("wheel/retail.json"))
    del raw["cover"]["slot_edge_deg"]
    with pytest.raises(WheelTemplateError, match=r"row 1 is -0\.59 mm from its area's edge"):
        wheel_from_data(raw)
    raw = copy.deepcopy(load_template("wheel/retail.json"))
    raw["cover"]["slot_edge_deg"] = 8.0
    with pytest.raises(WheelTemplateError, match=r"slot_edge_deg \(8\) is so small that"):
        wheel_from_data(raw)
    raw["cover"]["slot_edge_deg"] = 5.0
    with pytest.raises(
        WheelTemplateError, match=r"slot_edge_deg \(5\) leaves nothing of the windows at row 1"
    ):
        wheel_from_data(raw)
    raw = copy.deepcopy(load_template("wheel/retail.json"))
    raw["rim"]["element_offset_deg"] = 8.0  # under the slider where it sticks out over the rim
    with pytest.raises(WheelTemplateError, match="would hide the mark 8 degrees"):
        wheel_from_data(raw)


def test_every_setting_is_distinct():
    for name in ("retail", "volvelle45"):
        wheel = load_wheel(name)
        seen = {(s.rotation_deg, s.slider_mm) for s in wheel.settings()}
        assert len(seen) == 45
    volvelle = load_wheel("volvelle45")
    assert volvelle.setting(2, 3).rotation_deg == pytest.approx((-8 * 29) % 360)


# --------------------------------------------------------------------------- commands


@pytest.mark.slow
def test_render_command_names_the_files_by_id_and_keeps_other_discs(tmp_path):
    def render(name: str) -> None:
        args = [str(EXAMPLES / f"{name}.json"), "--out", str(tmp_path), "--paper", "letter"]
        args += ["--wheel", "volvelle45", "--lang", "fr"]
        result = CliRunner().invoke(app, ["render", *args])
        assert result.exit_code == 0, result.output

    render("lake-shore")
    first = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert sorted(first) == [
        "lake-shore-disc-back.pdf",
        "lake-shore-disc-back.svg",
        "lake-shore-disc-front-volvelle45.pdf",
        "lake-shore-disc-front-volvelle45.svg",
        "lake-shore-disc-print-letter.pdf",
    ]
    assert "Réserve de terrains" in (tmp_path / "lake-shore-disc-back.svg").read_text()
    render("high-valley")
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted([*first, *(n.replace("lake-shore", "high-valley") for n in first)])
    assert {name: (tmp_path / name).read_bytes() for name in first} == first
    assert 'data-cell="' in (tmp_path / "high-valley-disc-front-volvelle45.svg").read_text()


def test_render_command_refuses_an_invalid_scenario(tmp_path):
    data = _data("lake-shore")
    data["crops"][0] = "11142"  # two equal crops side by side
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["render", str(bad), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "nothing rendered" in result.output
    assert not (tmp_path / "out").exists()


def test_render_command_usage_errors(tmp_path):
    runner = CliRunner()
    assert runner.invoke(app, ["render", "--out", str(tmp_path)]).exit_code == 2
    assert (
        runner.invoke(
            app, ["render", str(tmp_path / "missing.json"), "--out", str(tmp_path)]
        ).exit_code
        == 2
    )
    result = runner.invoke(
        app,
        [
            "render",
            str(EXAMPLES / "lake-shore.json"),
            "--out",
            str(tmp_path),
            "--wheel",
            str(tmp_path / "nope.json"),
        ],
    )
    assert result.exit_code == 2


def test_calibrate_command(tmp_path):
    result = CliRunner().invoke(app, ["calibrate", "--out", str(tmp_path), "--paper", "letter"])
    assert result.exit_code == 0, result.output
    doc = Document((tmp_path / "calibration-disc.svg").read_text())
    sectors = [el for el in doc.with_data("sector")]
    assert len(sectors) == 9
    edges = sorted(float(el.get("data-ring-edge-mm")) for el in doc.with_data("ring-edge-mm"))
    assert edges == list(load_wheel("retail").ring_edges)
    written = render_calibration(tmp_path / "again", PrintSettings(lang="de"), "retail")
    assert "Kalibrierscheibe" in written[0].read_text()


@pytest.mark.slow
def test_render_core_command_includes_the_wheel_parts(tmp_path):
    result = CliRunner().invoke(
        app, ["render", "--core", "--out", str(tmp_path), "--wheel", "volvelle45"]
    )
    assert result.exit_code == 0, result.output
    # everything lands in --out itself (a build keeps its OUT/core/ and OUT/pnp/)
    assert all(p.is_file() for p in tmp_path.iterdir())
    core = {p.name for p in tmp_path.iterdir()}
    assert {
        "board.svg",
        "wheel-cover-volvelle45.svg",
        "wheel-cover-volvelle45.pdf",
        "calibration-disc.svg",
        "pachaprint-core-a4.pdf",
    } <= core
    assert "wheel-cover.svg" not in core
    assert f"core: wrote {len(core)} files" in result.output


@pytest.mark.parametrize("wheel", ["retail", "volvelle45"])
def test_assembled_preview_shows_the_cell_in_its_windows(wheel):
    from pachaprint.render.components.wheel_preview import wheel_preview

    disc = disc_of(_scenario("high-valley"), "easy")
    for column, row in ((0, 0), (8, 4), (3, 2)):
        doc = Document(svg_string(wheel_preview(disc, wheel, column, row, EN)))
        cell = f"{'abcdefghi'[column]}{row + 1}"
        group = next(
            el
            for el in doc.with_data("cell")
            if el.get("data-cell") == cell and el.get("data-terrain")
        )
        areas = {el.get("data-area"): doc.shape(el) for el in group.iter() if el.get("data-area")}
        for key, area in (("discovery", "terrain"), ("divination", "crop")):
            ring = doc.shape(doc.find(f"window-{key}")).rings[0]
            x = sum(p[0] for p in ring) / len(ring)
            y = sum(p[1] for p in ring) / len(ring)
            assert areas[area].contains(x, y), (cell, key)


def _text_corners(doc: Document, el) -> list[tuple[float, float]]:
    from pachaprint.render.fonts import text_width
    from tests.test_render_wheel_svgread import apply

    size_mm = float(el.get("font-size"))
    width = text_width(el.text or "", size_mm / MM_PER_PT, el.get("font-weight") == "bold")
    x, y = float(el.get("x")), float(el.get("y"))
    left = {"middle": x - width / 2, "end": x - width}.get(el.get("text-anchor"), x)
    m = doc.matrix[id(el)]
    return [
        apply(m, px, py)
        for px in (left, left + width)
        for py in (y - 0.73 * size_mm, y + 0.2 * size_mm)
    ]


def test_long_names_stay_on_the_disc():
    data = _data("high-valley")
    data["id"] = "a-very-long-scenario-id-of-forty-chars-x"
    data["name"] = "The Long and Winding Road to the Salt Flats of the Far South"
    data["author"] = "Somebody With A Rather Long Name, Her Friends and Her Cousins"
    disc = disc_of(Scenario.from_dict(data), "needs-guessing")
    from pachaprint.render.components.disc_front import disc_front

    for wheel in ("retail", "volvelle45"):
        radius = load_wheel(wheel).disc_radius
        hub = load_wheel(wheel).hub_radius
        for drawing in (
            disc_front(disc, wheel, EN),
            disc_back(disc, wheel, PrintSettings(lang="de")),
        ):
            doc = Document(svg_string(drawing))
            for el in doc.texts():
                for x, y in _text_corners(doc, el):
                    assert (x - radius) ** 2 + (y - radius) ** 2 < (radius - 0.5) ** 2, (
                        wheel,
                        el.text,
                    )
            for el in doc.find("hub").iter() if drawing.name == "disc-front" else ():
                if el.tag.endswith("text"):
                    for x, y in _text_corners(doc, el):
                        assert (x - radius) ** 2 + (y - radius) ** 2 < hub**2, (wheel, el.text)


def test_pdf_text_is_never_under_6_pt(out):
    from tests.pdfprobe import probe

    pdfs = sorted(out.rglob("*.pdf"))
    assert len(pdfs) >= 9
    for path in pdfs:
        reader = PdfReader(path)
        for index in range(len(reader.pages)):
            runs = probe(reader, index).texts
            assert runs, f"{path.name} page {index + 1} has no text"
            for run in runs:
                assert run.size_pt >= 6.0 - 0.01, (
                    f"{path.name} page {index + 1}: {run.text!r} at {run.size_pt:.2f} pt"
                )


@pytest.mark.parametrize(
    "relative",
    [
        "high-valley/disc-front.svg",
        "high-valley/disc-front-volvelle45.svg",
        "lake-shore/disc-back.svg",
        "core/wheel-cover.svg",
        "core/wheel-cover-volvelle45.svg",
    ],
)
def test_svg_and_pdf_look_the_same_when_rasterised(out, relative):
    """Both back ends drawn at 60 dpi and compared on 4 x 4 pixel blocks."""
    svg_path = out / relative
    differing = raster_difference(svg_path, svg_path.with_suffix(".pdf"))
    assert differing < 0.02, f"{relative}: {differing:.1%} of blocks differ between SVG and PDF"


def test_symbols_and_texts_stay_inside_the_cut(out):
    """Nothing printed on a disc reaches its edge: it would be cut in half."""
    from tests.test_render_wheel_svgread import apply

    for relative, template in (
        ("high-valley/disc-front.svg", "retail"),
        ("high-valley/disc-front-volvelle45.svg", "volvelle45"),
        ("high-valley/disc-back.svg", "retail"),
    ):
        doc = Document((out / relative).read_text())
        radius = load_wheel(template).disc_radius
        symbols_defs = {
            el.get("id"): el for el in doc.root.iter() if (el.get("id") or "").startswith("sym-")
        }
        uses = [el for el in doc.root.iter() if el.tag.endswith("use")]
        assert uses
        for use in uses:
            m = doc.matrix[id(use)]
            # every symbol is drawn in a 100 x 100 box; its picture stays inside the inscribed circle
            assert (
                symbols_defs[use.get("{http://www.w3.org/1999/xlink}href", use.get("href", ""))[1:]]
                is not None
            )
            cx, cy = apply(m, 50, 50)
            scale = (m[0] ** 2 + m[1] ** 2) ** 0.5
            assert ((cx - radius) ** 2 + (cy - radius) ** 2) ** 0.5 + 50 * scale < radius - 0.2, (
                relative
            )
        for el in doc.texts():
            for x, y in _text_corners(doc, el):
                assert (x - radius) ** 2 + (y - radius) ** 2 < (radius - 0.3) ** 2, (
                    relative,
                    el.text,
                )


def test_a_crop_layer_with_dots_is_solved_before_drawing(tmp_path):
    """The checker fills the dots of the disc it makes: the files are those of the whole layer."""
    data = _data("lake-shore")
    complete = Scenario.from_dict(data)
    board = complete.board
    starts = set(complete.start_cells)
    flat = "".join(ch if i in starts else "." for i, ch in enumerate(complete.crops_flat))
    data["crops"] = [flat[r * board.width : (r + 1) * board.width] for r in range(5)]
    dotted = Scenario.from_dict(data)
    assert not dotted.is_complete
    assert disc_of(dotted).scenario.crops == complete.crops
    write_disc_files(disc_of(complete), BOTH, tmp_path / "complete")
    write_disc_files(disc_of(dotted), BOTH, tmp_path / "dotted")
    for name in ("disc-front.svg", "disc-front-volvelle45.svg", "disc-back.svg"):
        assert (tmp_path / "complete" / name).read_bytes() == (
            tmp_path / "dotted" / name
        ).read_bytes()


def test_the_disc_back_numbers_the_otoma_start_cells_in_their_colour_order():
    """docs/rules.md, ruling R8: the list order of solo.otoma fixes the colours (purple, yellow,
    then the player colours other than yours). The back numbers the cells 1 to 5 in that
    order, 1 purple and 2 yellow, and the key shows the other colours' order."""
    from pachaprint.engine.rules.config import PLAYER_COLOURS

    library = Path(__file__).resolve().parent.parent / "scenarios"
    scenario = Scenario.from_dict(json.loads((library / "colca-canyon.json").read_text()))
    doc = Document(svg_string(disc_back(disc_of(scenario, "easy"), "volvelle45", EN)))
    numbered = {
        el.get("data-cell"): el.get("data-otoma")
        for el in doc.with_data("otoma")
        if el.get("data-otoma") != "no"
    }
    assert numbered == {cell: str(k) for k, cell in enumerate(scenario.otoma, 1)}
    fills = {}
    for el in doc.with_data("otoma-number"):
        rect = next(child for child in el if child.tag.endswith("rect"))
        fills[el.get("data-otoma-number")] = rect.get("fill")
    pawns = load_template("palette.json")["pawns"]
    assert fills["1"] == pawns["purple"]["colour"] and fills["2"] == pawns["yellow"]["colour"]
    order = [el.get("data-colour") for el in doc.with_data("order")]
    assert order == list(PLAYER_COLOURS)
