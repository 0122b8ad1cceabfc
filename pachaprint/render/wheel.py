"""Wheel geometry: where every cell, window and mark of a scenario wheel lies.

Pure maths over a wheel template (``templates/wheel/<name>.json``, SPEC
section 6); the components in :mod:`pachaprint.render.components` draw what
these modules compute, and the tests prove on the rendered files that every
setting shows exactly one cell.

The frame is shared by disc and cover: millimetres from the pin, angles in
degrees counter-clockwise as seen on the printed face, 0 = the cover's window
axis (up on the sheet). Straight pieces (the retail slider and its windows) use
the *axis frame*: ``x`` across the axis (positive = clockwise side, to the
right as seen) and ``u`` along the axis, outwards from the pin.

A template is a :class:`Wheel` (:mod:`pachaprint.render.wheel_base`); two
kinds ship:

* ``retail`` (:class:`SectorWheel`, :mod:`pachaprint.render.wheel_sectors`):
  9 sectors x 5 rings and a slider strip with both windows.
* ``volvelle45`` (:class:`SlotWheel`, :mod:`pachaprint.render.wheel_slots`):
  45 slots of 8 degrees, fixed windows in the cover, no slider.
"""

from __future__ import annotations

from .wheel_base import Wheel
from .wheel_sectors import SectorWheel
from .wheel_shapes import (
    Box,
    CellPlace,
    Sector,
    Setting,
    Shape,
    WheelTemplateError,
    from_polar,
    page_angle,
    page_point,
    to_polar,
)
from .wheel_slots import SlotWheel

KINDS: dict[str, type[SectorWheel] | type[SlotWheel]] = {"sectors": SectorWheel, "slots": SlotWheel}
"""The template ``kind`` of each wheel class."""

__all__ = [
    "KINDS",
    "Box",
    "CellPlace",
    "Sector",
    "SectorWheel",
    "Setting",
    "Shape",
    "SlotWheel",
    "Wheel",
    "WheelTemplateError",
    "from_polar",
    "page_angle",
    "page_point",
    "to_polar",
]
