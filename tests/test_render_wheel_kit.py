"""The wheel as a fan builds it, read back from the rendered sheets (issue 21).

Every cut inside the cover keeps 5 mm from its edge and the slider has at most
0.2 mm of play; rim ticks meet the cover's pointers at every exact setting;
the back of each cover sheet masks every piece with an opaque pattern.
"""

from __future__ import annotations

import io
import math

import numpy as np
import pypdfium2
import pytest

from pachaprint.model.printing import PrintSettings
from pachaprint.render.components.wheel_cover import finished_pages
from pachaprint.render.core import wheel_sheets
from pachaprint.render.pdf import pdf_bytes
from pachaprint.render.wheel_templates import load_wheel
from tests.helpers import write_core_wheels
from tests.test_render_wheel_proof import _axis_shape, _centre, _centre_of
from tests.test_render_wheel_svgread import Document, matrix_angle

EDGE_MM = 5.0


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    out = tmp_path_factory.mktemp("kit")
    write_core_wheels(out, "a4")
    return {
        "retail": Document((out / "core" / "wheel-cover.svg").read_text()),
        "volvelle45": Document((out / "core" / "wheel-cover-volvelle45.svg").read_text()),
    }


def _cut_ids(template: str) -> list[str]:
    if template == "retail":
        return ["cover-slot", "keeper-slit"]
    return ["window-discovery", "window-divination"]


@pytest.mark.parametrize("template", ["retail", "volvelle45"])
def test_every_cut_keeps_five_millimetres_from_the_cover_edge(sheets, template):
    doc = sheets[template]
    cover = doc.find("cover")
    centre = _centre(doc, cover)
    radius = float(cover.get("data-radius-mm"))
    for ident in _cut_ids(template):
        el = doc.find(ident)
        if el.tag.endswith("line"):
            points = [
                (float(el.get("x1")), float(el.get("y1"))),
                (float(el.get("x2")), float(el.get("y2"))),
            ]
            from tests.test_render_wheel_svgread import apply

            points = [apply(doc.matrix[id(el)], x, y) for x, y in points]
        else:
            points = [p for ring in doc.shape(el).rings for p in ring]
        far = max(math.hypot(x - centre[0], y - centre[1]) for x, y in points)
        assert radius - far >= EDGE_MM - 1e-3, (ident, radius - far)


def test_the_slider_has_at_most_a_fifth_of_a_millimetre_of_play(sheets):
    doc = sheets["retail"]
    centre = _centre(doc, doc.find("cover"))
    strip = _axis_shape(
        doc, doc.find("slider-trim"), _centre_of(doc, doc.find("slider"), "data-origin")
    )
    width = max(x for ring in strip.rings for x, _ in ring) - min(
        x for ring in strip.rings for x, _ in ring
    )
    slit = doc.find("keeper-slit")
    assert float(slit.get("x2")) - float(slit.get("x1")) - width == pytest.approx(0.2, abs=1e-3)
    slot = _axis_shape(doc, doc.find("cover-slot"), centre)
    throat_u0 = float(doc.find("cover-slot").get("data-throat-u-mm").split()[0])
    throat = [x for ring in slot.rings for x, u in ring if u > throat_u0 + 0.01]
    assert max(throat) - min(throat) - width == pytest.approx(0.2, abs=1e-3)


def _disc_ticks(template: str) -> list[float]:
    return load_wheel(template).alignment_ticks()


def test_a_rim_tick_meets_a_pointer_at_every_exact_setting(sheets):
    """volvelle45: at every setting a tick lands on each element pointer; retail: on the
    element pointer and on the letter pointer."""
    for template in ("retail", "volvelle45"):
        wheel = load_wheel(template)
        doc = sheets[template]
        if template == "retail":
            pointers = [
                matrix_angle(doc.matrix[id(doc.find(f"pointer-{k}"))])
                for k in ("element", "letter")
            ]
        else:
            pointers = [
                matrix_angle(doc.matrix[id(doc.find(f"scale-column-{c}"))]) for c in "abcdefghi"
            ]
        for setting in wheel.settings(9):
            landed = [(tick + setting.rotation_deg) % 360 for tick in _disc_ticks(template)]
            for pointer in pointers:
                assert min(abs((a - pointer + 180) % 360 - 180) for a in landed) < 0.06


def _raster(page) -> np.ndarray:
    pdf = pypdfium2.PdfDocument(io.BytesIO(pdf_bytes([page])))
    try:
        return np.asarray(pdf[0].render(scale=100 / 72).to_pil().convert("L"), dtype=float)
    finally:
        pdf.close()


@pytest.mark.parametrize("template", ["retail", "volvelle45"])
def test_the_back_of_the_cover_sheet_masks_every_piece(template):
    """On the back page, behind each piece (its mirrored place, bleed included) the ink
    covers at least 80 % of the paper; the piece's front and its mask register on
    long-edge duplex (the mask is the mirror image of the piece's place)."""
    sheets_ = wheel_sheets(template, "a4", PrintSettings())
    pages = finished_pages(sheets_[:2], "cover", PrintSettings())
    front, back = pages
    assert dict(back.metadata)["side"] == "back"
    grey = _raster(back)
    scale = 100 / 25.4
    masks = [item for item in back.items if item.id and item.id.startswith("mask-")]
    assert {m.id for m in masks} == {
        f"mask-{n}"
        for n in (
            ["cover", "slider", "shutters"] if template == "retail" else ["cover", "shutters"]
        )
    }
    for mask in masks:
        clip = mask.clip
        x0, y0 = (
            clip.x if hasattr(clip, "x") else clip.cx - clip.r,
            clip.y if hasattr(clip, "y") else clip.cy - clip.r,
        )
        w = clip.w if hasattr(clip, "w") else 2 * clip.r
        h = clip.h if hasattr(clip, "h") else 2 * clip.r
        # the inner 90 % of the box (a circle's inscribed square for round pieces)
        inset = 0.15 if hasattr(clip, "r") else 0.05
        box = grey[
            int((y0 + h * inset) * scale) : int((y0 + h * (1 - inset)) * scale),
            int((x0 + w * inset) * scale) : int((x0 + w * (1 - inset)) * scale),
        ]
        coverage = 1 - box.mean() / 255
        assert coverage >= 0.8, (mask.id, coverage)
        # and the front piece sits at the mirror place
        name = mask.id[len("mask-") :]
        piece = next(item for item in front.items if getattr(item, "id", None) == name)
        px = piece.transform[4] + piece.clip.x  # the piece's media box corner on the page
        assert px + w == pytest.approx(front.width_mm - x0, abs=0.01)
