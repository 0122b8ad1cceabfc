"""The drawing model and its two back ends (SVG by render/svg.py, PDF via reportlab)."""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from pachaprint.render import draw as d
from pachaprint.render.pdf import pdf_bytes
from pachaprint.render.shapes import sector_path
from pachaprint.render.svg import path_data, svg_string

SVG = "{http://www.w3.org/2000/svg}"


def sample() -> d.Drawing:
    dot = d.Symbol("dot", 10, 10, (d.Circle(cx=5, cy=5, r=4, style=d.fill("#0072B2")),))
    return d.Drawing(
        60,
        40,
        (
            d.Rect(
                x=0,
                y=0,
                w=60,
                h=40,
                style=d.both("#F0E442", "#000000"),
                id="board-c3",
                data=d.data(cell="c3", terrain="V"),
            ),
            sector_path(30, 20, 5, 15, 10, 80, style=d.fill("#009E73"), id="cell-c3"),
            d.Text(x=30, y=20, text="Größe été œuvre", size_pt=8, anchor="middle", valign="middle"),
            d.Use(symbol=dot, x=2, y=2, w=8, h=8),
            d.group(
                d.Rect(x=0, y=0, w=20, h=5, style=d.fill("#CC79A7")),
                transform=d.rotate(30, 40, 30),
                clip=d.Circle(cx=0, cy=0, r=4),
                id="window-discovery",
            ),
        ),
        name="sample",
        bleed_mm=3,
    )


def test_svg_ids_data_and_real_text():
    root = ET.fromstring(svg_string(sample()))
    assert root.get("viewBox") == "-3 -3 66 46" and root.get("width") == "66mm"
    by_id = {el.get("id"): el for el in root.iter() if el.get("id")}
    assert (
        by_id["board-c3"].get("data-cell") == "c3" and by_id["board-c3"].get("data-terrain") == "V"
    )
    assert "cell-c3" in by_id and "window-discovery" in by_id and "sym-dot" in by_id
    texts = [el.text for el in root.iter(SVG + "text")]
    assert texts == ["Größe été œuvre"]


def test_pdf_boxes_font_and_preferences():
    reader = PdfReader(io.BytesIO(pdf_bytes([sample()])))
    page = reader.pages[0]
    mm = 72 / 25.4
    assert float(page.mediabox.width) == pytest.approx(66 * mm, abs=0.01)
    assert [float(v) for v in page.trimbox] == pytest.approx(
        [3 * mm, 3 * mm, 63 * mm, 43 * mm], abs=0.01
    )
    assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 66 * mm, 46 * mm], abs=0.01)
    fonts = page["/Resources"]["/Font"]
    for ref in fonts.values():
        font = ref.get_object()
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, f"{font['/BaseFont']} is not embedded"
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"
    assert "Größe été œuvre" in page.extract_text()


def test_output_is_byte_identical():
    assert pdf_bytes([sample()]) == pdf_bytes([sample()])
    assert svg_string(sample()) == svg_string(sample())


def test_arcs_land_on_the_circle_in_both_back_ends():
    seg = d.ArcTo(10, 10, 5, -30, 300)
    for op in d.path_ops([seg], curves=True):
        x, y = op[-2:]
        assert math.dist((x, y), (10, 10)) == pytest.approx(5, abs=1e-9)
    # counter-clockwise as seen: 90 degrees is straight up (smaller y)
    assert d.polar(0, 0, 1, 90) == pytest.approx((0, -1))
    assert path_data([d.ArcTo(0, 0, 1, 0, 90)]) == "M1 0A1 1 0 0 0 0 -1"
    # Bezier midpoints stay within 0.03 % of the radius
    for c in d.arc_beziers(0, 0, 100, 0, 90):
        mx = (c.x1 + c.x2) * 3 / 8 + (100 + c.x) / 8
        my = (c.y1 + c.y2) * 3 / 8 + (0 + c.y) / 8
        assert math.hypot(mx, my) == pytest.approx(100, abs=0.03)


def test_rotation_and_composition():
    m = d.compose(d.translate(5, 0), d.rotate(90))
    assert d.apply(m, 1, 0) == pytest.approx((5, -1))
    assert d.apply(d.mirror_x(210), 10, 3) == pytest.approx((200, 3))


def test_one_writer_writes_documents_and_inline_symbols_alike():
    """The page symbols of the digital wheel and the SVG files come from one writer:
    the same item gives the same element, with one escaping of text and attributes."""
    from pachaprint.render.svg import element_markup, symbol_markup

    text = d.Text(x=1, y=2, text="a<b & \"c\" 'd'", data=d.data(note='x<y&"z"'))
    inline = element_markup(text)
    assert inline == (
        '<text data-note="x&lt;y&amp;&quot;z&quot;" fill="#000000" font-size="3.175" x="1" y="2">'
        'a&lt;b &amp; "c" &#x27;d&#x27;</text>'
    )
    document = svg_string(d.Drawing(10, 10, (text,)))
    assert inline in document
    # plain SVG 1.1: no empty <defs>, none of svgwrite's baseProfile or xml-events
    assert "<defs" not in document and "baseProfile" not in document and "xmlns:ev" not in document
    ET.fromstring(document.encode("utf-8"))  # well-formed
    painted = d.Circle(cx=1, cy=1, r=1, style=d.both("var(--paper)", "currentColor"))
    symbol = symbol_markup("sym-x", d.Symbol("x", 2, 2, (painted,)))
    assert symbol == (
        '<symbol id="sym-x" viewBox="0 0 2 2"><circle cx="1" cy="1" r="1" '
        'stroke="currentColor" stroke-width="0.25" style="fill:var(--paper)"/></symbol>'
    )
    with pytest.raises(TypeError):
        element_markup(d.group(d.Rect(x=0, y=0, w=1, h=1), clip=d.Circle(cx=0, cy=0, r=1)))
