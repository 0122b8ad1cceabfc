"""The turning error each wheel forgives, measured on the rasterised PDF (issue 21).

:mod:`tests.wheel_raster` draws the disc with a colour per cell area and the
windows' carrier, both through the kit's PDF writer, rasterises them without
antialiasing at 600 dpi and looks up every window pixel. ``volvelle45`` must
show the right cell at every setting with the disc 2 degrees off either way,
and keep every window edge at least 1 mm inside its cell when set true (retail:
its template's 0.6 mm). The
retail template keeps the retail disc's geometry; within it the windows give
the same 2 degrees, with the slider anywhere in its 0.2 mm of play.

What a person reads (issue 35): at 2 degrees off either way, ``volvelle45``
shows at least 80 % of every cell's letter and digit (its windows are wider
than a cell's colour, with blank card between cells). The retail strip cannot
be wider without showing the next sector on ring 1, so its figures per ring
are held where they are (docs/wheel-geometry.md section 2).
"""

from __future__ import annotations

import pytest

from pachaprint.render.wheel_templates import load_wheel
from tests.wheel_raster import clearance, coverage, shows, tolerance

CELLS = [(c, r) for r in range(5) for c in range(9)]


@pytest.mark.slow
@pytest.mark.parametrize("template", ["volvelle45", "retail"])
def test_every_setting_forgives_two_degrees(template):
    play = 0.0
    if load_wheel(template).has_slider:
        play = float(load_wheel(template).raw["cover"]["slit_play_mm"]) / 2
        assert play <= 0.1
    for column, row in CELLS:
        for error in (2.0, -2.0):
            for dx in {-play, play}:
                assert shows(template, column, row, error, (dx, 0.0)), (column, row, error, dx)


@pytest.mark.slow
@pytest.mark.parametrize("template", ["volvelle45", "retail"])
def test_set_true_every_window_edge_keeps_the_templates_clearance(template):
    """volvelle45 keeps 1 mm; retail 0.6 mm (its windows fill what the retail disc's rings allow)."""
    room = float(load_wheel(template).raw["windows"]["min_clearance_mm"])
    assert room >= (1.0 if template == "volvelle45" else 0.6)
    for column, row in CELLS:
        assert clearance(template, column, row, room), (column, row)


@pytest.mark.slow
def test_the_tolerance_ends_where_the_next_cell_begins():
    """The measure is sharp: a little past the geometric limit (half a slot minus half a
    window, 8 / 2 - 1.75 = 2.25 degrees) the neighbour shows."""
    found = tolerance("volvelle45", 3, 2, 1)
    assert 2.1 <= found <= 2.25
    assert not shows("volvelle45", 3, 2, 2.4)


@pytest.mark.slow
def test_volvelle45_two_degrees_off_shows_most_of_every_letter_and_digit():
    for column, row in CELLS:
        for error in (2.0, -2.0):
            seen = coverage("volvelle45", column, row, error)
            assert seen["letter"] >= 0.8 and seen["digit"] >= 0.8, (column, row, error, seen)


RETAIL_LEAST = {0: (1.0, 1.0), 1: (1.0, 1.0), 2: (0.94, 1.0), 3: (0.72, 0.95), 4: (0.61, 0.79)}
"""Per ring (row): the least share of the letter and of the digit the retail windows show
at 2 degrees off, with the strip anywhere in its play."""


@pytest.mark.slow
def test_retail_two_degrees_off_shows_the_letter_and_digit_per_ring():
    play = float(load_wheel("retail").raw["cover"]["slit_play_mm"]) / 2
    for row, (letter, digit) in RETAIL_LEAST.items():
        seen = [
            coverage("retail", column, row, error, (dx, 0.0))
            for column in range(9)
            for error in (2.0, -2.0)
            for dx in (-play, play)
        ]
        assert min(s["letter"] for s in seen) >= letter, row
        assert min(s["digit"] for s in seen) >= digit, row


def test_coverage_counts_what_the_window_shows():
    """Set true every mark shows whole; turned half a slot, the letter is gone."""
    assert coverage("volvelle45", 3, 2, 0.0) == {
        "letter": 1.0,
        "terrain-symbol": 1.0,
        "digit": 1.0,
        "crop-symbol": 1.0,
    }
    assert coverage("volvelle45", 3, 2, 4.0)["letter"] < 0.2
