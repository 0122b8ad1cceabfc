"""The turning error each wheel forgives, measured on the rasterised PDF (issue 21).

:mod:`tests.wheel_raster` draws the disc with a colour per cell area and the
windows' carrier, both through the kit's PDF writer, rasterises them without
antialiasing at 600 dpi and looks up every window pixel. ``volvelle45`` must
show the right cell at every setting with the disc 2 degrees off either way,
and keep every window edge at least 1 mm inside its cell when set true. The
retail template keeps the retail disc's geometry; within it the windows give
the same 2 degrees, with the slider anywhere in its 0.2 mm of play.
"""

from __future__ import annotations

import pytest

from pachaprint.render.wheel_templates import load_wheel
from tests.wheel_raster import clearance, shows, tolerance

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
def test_set_true_every_window_edge_is_a_millimetre_inside_its_cell(template):
    for column, row in CELLS:
        assert clearance(template, column, row, 1.0), (column, row)


@pytest.mark.slow
def test_the_tolerance_ends_where_the_next_cell_begins():
    """The measure is sharp: a little past the geometric limit (half a slot minus half a
    window, 8 / 2 - 1.75 = 2.25 degrees) the neighbour shows."""
    found = tolerance("volvelle45", 3, 2, 1)
    assert 2.1 <= found <= 2.25
    assert not shows("volvelle45", 3, 2, 2.4)
