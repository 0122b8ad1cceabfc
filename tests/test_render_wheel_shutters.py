"""The wheel's shutters, read back from the rendered cover sheets (docs/wheel-geometry.md section 6).

Each template's sheet prints a shutter piece (``shutters`` group with
``data-origin``: where the carrier's axis-frame origin falls on the piece
when it is glued and closed). For every one of the 45 settings: closed, each
flap covers its window with at least 1 mm to spare on every side, so nothing
of the disc shows; a flap never reaches over the other window, so lifting one
leaves the other closed (what the open window shows is proved cell by cell in
``test_render_wheel_proof``). The spine lands exactly on the printed glue mark.
"""

from __future__ import annotations

import math

import pytest

from pachaprint.model.printing import PrintSettings
from pachaprint.render import draw as d
from pachaprint.render.components.shutter_piece import shutter_drawing
from pachaprint.render.components.wheel_cover import finished_page
from pachaprint.render.components.wheel_steps import assembly_sheet
from pachaprint.render.shutters import shutters
from pachaprint.render.svg import svg_string
from pachaprint.render.wheel_templates import load_wheel
from tests.helpers import write_core_wheels
from tests.test_render_wheel_proof import _axis_shape, _centre, _centre_of
from tests.test_render_wheel_svgread import Document, Shape, samples

KEYS = ("discovery", "divination")
SPARE_MM = 1.0
DIRECTIONS = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(0, 360, 15)]


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    out = tmp_path_factory.mktemp("shutters")
    write_core_wheels(out, "a4")
    return {
        "retail": Document((out / "core" / "wheel-cover.svg").read_text()),
        "volvelle45": Document((out / "core" / "wheel-cover-volvelle45.svg").read_text()),
    }


def _frames(doc: Document, template: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """(carrier origin, piece origin) in sheet millimetres."""
    piece = _centre_of(doc, doc.find("shutters"), "data-origin")
    if template == "retail":
        return _centre_of(doc, doc.find("slider"), "data-origin"), piece
    return _centre(doc, doc.find("cover")), piece


def _flaps(doc: Document, piece: tuple[float, float], du: float = 0.0) -> dict[str, Shape]:
    return {k: _axis_shape(doc, doc.find(f"shutter-{k}"), piece, du) for k in KEYS}


def _windows(doc: Document, carrier: tuple[float, float], du: float = 0.0) -> dict[str, Shape]:
    return {k: _axis_shape(doc, doc.find(f"window-{k}"), carrier, du) for k in KEYS}


def _offsets(template: str) -> list[float]:
    """How far the windows (and the shutters glued beside them) sit out from their first place, per setting."""
    wheel = load_wheel(template)
    return [s.slider_mm or 0.0 for s in wheel.settings(9)]


@pytest.mark.parametrize("template", ["retail", "volvelle45"])
def test_closed_shutters_cover_both_windows_at_every_setting(sheets, template):
    doc = sheets[template]
    carrier, piece = _frames(doc, template)
    offsets = _offsets(template)
    assert len(offsets) == 45
    for du in sorted(set(offsets)):
        flaps, windows = _flaps(doc, piece, du), _windows(doc, carrier, du)
        for key in KEYS:
            points = samples(windows[key], boundary_step=0.1, interior_step=0.3)
            assert len(points) > 100
            for x, u in points:
                assert flaps[key].contains(x, u), f"{template} {key}: ({x:.2f}, {u:.2f}) shows"
                for dx, du_ in DIRECTIONS:
                    px, pu = x + dx * SPARE_MM, u + du_ * SPARE_MM
                    assert flaps[key].contains(px, pu), (
                        f"{template} {key}: less than {SPARE_MM} mm to spare at ({x:.2f}, {u:.2f})"
                    )


@pytest.mark.parametrize("template", ["retail", "volvelle45"])
def test_lifting_one_shutter_leaves_the_other_window_closed(sheets, template):
    doc = sheets[template]
    carrier, piece = _frames(doc, template)
    flaps, windows = _flaps(doc, piece), _windows(doc, carrier)
    for key, other in (KEYS, KEYS[::-1]):
        # the lifted flap never covers the other window, and the other flap never covers this one
        for x, u in samples(windows[other], boundary_step=0.1, interior_step=0.3):
            assert not flaps[key].contains(x, u), f"{template}: the {key} flap reaches over {other}"
        # the two flaps do not overlap: lifting one cannot lift the other
        for x, u in samples(flaps[key], boundary_step=0.2, interior_step=0.3):
            inside_other = flaps[other].contains(x, u)
            assert not inside_other, f"{template}: flaps overlap at ({x:.2f}, {u:.2f})"


@pytest.mark.parametrize("template", ["retail", "volvelle45"])
def test_the_spine_is_glued_on_its_printed_mark(sheets, template):
    doc = sheets[template]
    carrier, piece = _frames(doc, template)
    spine = _axis_shape(doc, doc.find("shutter-spine"), piece)
    glue = doc.find("shutter-glue")
    mark = _axis_shape(doc, next(el for el in glue if el.tag.endswith("rect")), carrier)
    assert spine.bbox == pytest.approx(mark.bbox, abs=0.01)
    # and the spine lies beside the windows, never over them
    windows = _windows(doc, carrier)
    for key in KEYS:
        for x, u in samples(windows[key], boundary_step=0.2, interior_step=0.5):
            assert not spine.contains(x, u)


@pytest.mark.parametrize("template", ["retail", "volvelle45"])
def test_each_flap_shows_its_window_and_the_sheets_say_how_to_fit_it(sheets, template):
    doc = sheets[template]
    for key in KEYS:
        assert doc.find(f"shutter-{key}").get("data-window") == key
    words = " ".join("".join(t.itertext()) for t in doc.texts())
    assert "hinge" in words and "glue" in words.lower()
    en = PrintSettings()
    steps = Document(svg_string(finished_page(assembly_sheet(template, "a4", en), "steps", en)))
    words = " ".join("".join(t.itertext()) for t in steps.texts())
    assert "Lift only the door you need" in words
    assert "Glue the shutter's spine on the hatched mark" in words


def test_the_shutter_piece_has_bleed():
    for template in ("retail", "volvelle45"):
        piece = shutter_drawing(load_wheel(template), PrintSettings())
        assert piece.bleed_mm == 3.0
        spine = shutters(load_wheel(template)).spine
        # the spine's and flaps' colours reach past the cut on every free side
        fills = [item for item in piece.items if isinstance(item, d.Path)][:3]
        xs = [p for f in fills for p in d.path_ops(f.segments, curves=True)]
        left = min(op[1] for op in xs if op[0] in "ML")
        assert left == pytest.approx(-piece.bleed_mm, abs=1e-6)
        assert spine.width > 0
