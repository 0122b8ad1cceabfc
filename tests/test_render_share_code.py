"""The disc back's share code: real text, and a QR code of vector modules that a reader decodes."""

from __future__ import annotations

import io
import json
import math
import re
import xml.etree.ElementTree as ET

import cairosvg
import pypdfium2 as pdfium
import pytest
import zxingcpp
from PIL import Image
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.model.printing import PrintSettings
from pachaprint.model.scenario import Scenario
from pachaprint.model.sharecode import code_of, decode
from pachaprint.render.components.share_code import qr_matrix, share_layout
from pachaprint.resources import LANGUAGES
from tests.helpers import REPO, write_disc
from tests.pdftext import page_texts

pytestmark = pytest.mark.slow  # renders and rasterises whole discs

SVG = "{http://www.w3.org/2000/svg}"
DPI = 300
BASE = "https://example.org/pachaprint/wheel.html"


def load(name: str) -> Scenario:
    return Scenario.from_dict(json.loads((REPO / "scenarios" / f"{name}.json").read_text()))


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    out = tmp_path_factory.mktemp("discs")
    for name in ("sun-gate", "titicaca-shoreline"):
        write_disc(load(name), out / name, print_sheet=True)
    write_disc(load("sun-gate"), out / "linked", PrintSettings(share_url=BASE), print_sheet=True)
    return out


def qr_texts(image: Image.Image) -> list[str]:
    return [found.text for found in zxingcpp.read_barcodes(image)]


def pdf_image(path, page: int = 0) -> Image.Image:
    return pdfium.PdfDocument(str(path))[page].render(scale=DPI / 72).to_pil()


def svg_image(path) -> Image.Image:
    return Image.open(io.BytesIO(cairosvg.svg2png(url=str(path), dpi=DPI)))


def group(path, item_id: str) -> ET.Element:
    found = ET.parse(path).getroot().find(f".//{SVG}g[@id='{item_id}']")
    assert found is not None, item_id
    return found


@pytest.mark.parametrize("name", ["sun-gate", "titicaca-shoreline"])
def test_the_qr_code_decodes_from_the_rasterised_pdf_and_svg(rendered, name):
    code = code_of(load(name), with_name=False)
    back = rendered / name / "disc-back"
    assert qr_texts(pdf_image(back.with_suffix(".pdf"))) == [code]
    assert qr_texts(svg_image(back.with_suffix(".svg"))) == [code]
    # and the code it holds gives the disc back
    assert decode(code).terrain == load(name).terrain_flat


def test_the_print_pdf_carries_the_qr_on_the_back_pages(rendered):
    pdf = rendered / "sun-gate" / "disc-print-a4.pdf"
    code = code_of(load("sun-gate"), with_name=False)
    pages = len(pdfium.PdfDocument(str(pdf)))
    found = [qr_texts(pdf_image(pdf, page)) for page in range(pages)]
    assert [bool(texts) for texts in found] == [page % 2 == 1 for page in range(pages)]
    assert {text for texts in found for text in texts} == {code}


def test_share_url_puts_base_hash_code_in_the_qr(rendered):
    code = code_of(load("sun-gate"), with_name=False)
    back = rendered / "linked" / "disc-back"
    assert qr_texts(pdf_image(back.with_suffix(".pdf"))) == [f"{BASE}#{code}"]
    assert group(back.with_suffix(".svg"), "share-code").get("data-code") == code


@pytest.mark.parametrize("name", ["sun-gate", "titicaca-shoreline"])
def test_the_modules_are_segnos_matrix(rendered, name):
    svg = rendered / name / "disc-back.svg"
    qr = group(svg, "share-qr")
    content = qr.get("data-content")
    expected = qr_matrix(content)
    size = int(qr.get("data-modules"))
    assert size == len(expected)
    module = float(qr.get("data-module-mm"))
    x0, y0 = float(qr.get("data-x-mm")), float(qr.get("data-y-mm"))
    (path,) = qr.findall(f"{SVG}path")
    found = [[False] * size for _ in range(size)]
    for sub in path.get("d").split("Z"):
        numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", sub)]
        if not numbers:
            continue
        xs, ys = numbers[0::2], numbers[1::2]
        left, right = round((min(xs) - x0) / module), round((max(xs) - x0) / module)
        top, bottom = round((min(ys) - y0) / module), round((max(ys) - y0) / module)
        assert bottom == top + 1
        for column in range(left, right):
            assert not found[top][column]
            found[top][column] = True
    assert found == expected


@pytest.mark.parametrize("name", ["sun-gate", "titicaca-shoreline"])
def test_the_qr_fits_inside_the_disc_with_its_quiet_zone(rendered, name):
    svg = rendered / name / "disc-back.svg"
    root = ET.parse(svg).getroot()
    radius = float(root.get("data-radius-mm"))
    qr = group(svg, "share-qr")
    (square,) = qr.findall(f"{SVG}rect")
    assert square.get("fill") == "#FFFFFF"
    x, y, side = (float(square.get(k)) for k in ("x", "y", "width"))
    module = float(qr.get("data-module-mm"))
    quiet = share_layout()["layout"]["qr"]["quiet_modules"]
    assert quiet >= 4  # the standard's quiet zone
    assert float(qr.get("data-x-mm")) - x == pytest.approx(quiet * module, abs=0.01)
    assert side == pytest.approx((int(qr.get("data-modules")) + 2 * quiet) * module, abs=0.01)
    assert module >= 0.5  # a phone reads 0.5 mm modules printed at 100 %
    inner = radius - 4.0  # the back's printed ring
    for cx, cy in ((x, y), (x + side, y), (x, y + side), (x + side, y + side)):
        assert math.hypot(cx - radius, cy - radius) < inner


def test_the_code_is_real_text_in_svg_and_pdf(rendered):
    code = code_of(load("titicaca-shoreline"), with_name=False)
    svg = rendered / "titicaca-shoreline" / "disc-back.svg"
    block = group(svg, "share-code")
    lines = [t.text for t in block.findall(f"{SVG}text")]
    assert lines[0] == "Share code"
    assert "-".join(lines[1:]) == code
    text = page_texts(svg.with_suffix(".pdf"))[0]
    for line in lines[1:]:
        assert line in text


def test_render_and_build_refuse_a_share_url_that_is_no_address(tmp_path):
    runner = CliRunner()
    scenario = str(REPO / "scenarios" / "sun-gate.json")
    for args in (
        ["render", scenario, "--out", str(tmp_path), "--share-url", "wheel.html"],
        ["render", scenario, "--out", str(tmp_path), "--share-url", f"{BASE}#x"],
        ["build", str(REPO / "scenarios"), "--out", str(tmp_path), "--share-url", "ftp://x/y"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert "--share-url" in result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_block_fits_beside_the_pin_in_every_language(lang):
    """Worst cases: the widest code line (three groups of W) and the widest difficulty line."""
    from pachaprint.render.components.disc_back import layout
    from pachaprint.render.texts import wheel_texts
    from pachaprint.textfit import missing_characters, text_width

    radius, em = 75.0, 25.4 / 72  # mm per point
    spec = share_layout()
    block, qr = spec["layout"]["code"], spec["layout"]["qr"]
    words = wheel_texts(lang)
    caption = words["share_caption"]
    assert missing_characters(caption) == []
    difficulty_width = max(
        text_width(words["difficulty"].format(difficulty=v), layout()["difficulty"]["pt"])
        for v in words["difficulties"].values()
    )
    difficulty_y = layout()["difficulty"]["y_ratio"] * radius
    difficulty_half = layout()["difficulty"]["pt"] * em / 2
    x = block["x_ratio"] * radius
    step = block["line_mm"]
    first = block["y_ratio"] * radius - 3 * step / 2
    lines = [(caption, block["caption_pt"], True, first)] + [
        ("WWWWW-WWWWW-WWWWW", block["code_pt"], False, first + k * step) for k in (1, 2, 3)
    ]
    for text, size, bold, y in lines:
        half = text_width(text, size, bold) / 2
        top, bottom = y - size * em / 2, y + size * em / 2
        # inside the printed ring, at its outer corners
        assert math.hypot(abs(x) + half, max(abs(top), abs(bottom))) < radius - 5.5, text
        # clear of the difficulty line where the two share a height
        if top < difficulty_y + difficulty_half and bottom > difficulty_y - difficulty_half:
            assert abs(x) - half > difficulty_width / 2, text
        assert abs(x) - half > 4.0  # clear of the pin mark
    qr_left = (qr["x_ratio"] - qr["size_ratio"] / 2) * radius
    assert qr_left > difficulty_width / 2
