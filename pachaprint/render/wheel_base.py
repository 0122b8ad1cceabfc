"""What every wheel template offers: the interface the components draw from.

A wheel template (``templates/wheel/<name>.json``, docs/wheel-geometry.md) becomes a
:class:`Wheel`: disc, pin, rim and cover radii, where each cell lives on the
disc (:meth:`Wheel.places`), how to set the wheel for a cell
(:meth:`Wheel.setting`), where the windows are (:meth:`Wheel.windows`), the
marks that line up when a setting is exact (:meth:`Wheel.alignment_ticks`)
and the checks that refuse a template that could show the wrong cell
(:meth:`Wheel.problems`). The two kinds, :class:`~pachaprint.render.wheel_sectors.SectorWheel`
(``retail``) and :class:`~pachaprint.render.wheel_slots.SlotWheel`
(``volvelle45``), fill in the abstract parts; callers never ask which kind
they hold.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from typing import Any

from .wheel_shapes import Box, CellPlace, Sector, Setting, Shape, template_number


class Wheel(ABC):
    """A wheel template's geometry (millimetres from the pin, degrees from the window axis)."""

    kind: str
    """``sectors`` or ``slots`` (the template's ``kind``)."""
    columns: int = 9
    rows: int = 5
    hub_radius: float
    cell_radius_max: float

    def __init__(self, raw: dict[str, Any], cells: str):
        self.raw = raw
        self.name = str(raw.get("template", "wheel"))
        disc = raw["disc"]
        self.disc_radius = template_number(disc, "radius_mm", "disc")
        self.disc_bleed = template_number(disc, "bleed_mm", "disc")
        self.pin_hole = template_number(disc, "pin_hole_mm", "disc")
        self.hub_label_pt = template_number(disc, "hub_label_pt", "disc")
        rim = raw["rim"]
        self.rim_inner = template_number(rim, "inner_mm", "rim")
        self.tick_mm = template_number(rim, "tick_mm", "rim")
        cover = raw["cover"]
        self.cover_radius = template_number(cover, "radius_mm", "cover")
        self.cover_bleed = template_number(cover, "bleed_mm", "cover")
        self.edge_clearance = template_number(cover, "edge_clearance_mm", "cover", 5.0)
        self.min_clearance = template_number(raw["windows"], "min_clearance_mm", "windows")
        section = raw[cells]
        self.divider_mm = template_number(section, "divider_mm", cells)
        self.cell_letter_pt = template_number(section, "cell_letter_pt", cells)
        self.cell_digit_pt = template_number(section, "cell_digit_pt", cells)
        self.cell_symbol_mm = template_number(section, "cell_symbol_mm", cells)

    # -- the interface -------------------------------------------------------
    @abstractmethod
    def places(self, width: int = 9) -> list[CellPlace]:
        """Where each cell of a board ``width`` columns wide lives on the disc, row by row."""

    @abstractmethod
    def setting(self, column: int, row: int) -> Setting:
        """How to set the wheel to show cell (``column``, ``row``), both 0-based."""

    @abstractmethod
    def windows(self, setting: Setting) -> dict[str, Shape]:
        """The ``discovery`` and ``divination`` windows at a setting, in the axis frame."""

    @abstractmethod
    def window_bounds(self) -> dict[str, Box]:
        """Bounding boxes of both windows on their carrier, closed (shutters cover these)."""

    @abstractmethod
    def alignment_ticks(self) -> list[float]:
        """Disc angles of the rim ticks; at every exact setting one of them meets a cover pointer."""

    @abstractmethod
    def cuts(self) -> list[tuple[str, list[tuple[float, float]]]]:
        """``(name, corner points)`` of every cut made inside the cover (axis frame)."""

    @abstractmethod
    def shutter_problems(self, pieces: list[Box]) -> list[str]:
        """Where the shutter piece (its flaps and spine, closed) would foul this wheel."""

    def slider_strip(self) -> Box | None:
        """The slider strip at its first stop (axis frame), or ``None`` for fixed windows."""
        return None

    @property
    def has_slider(self) -> bool:
        """True when the windows ride on a slider strip rather than in the cover."""
        return self.slider_strip() is not None

    @property
    def can_calibrate(self) -> bool:
        """True when the calibration disc (sectors and rings) can measure this kind of wheel."""
        return False

    # -- shared ----------------------------------------------------------------
    def settings(self, width: int = 9) -> list[Setting]:
        """Every (column, row) setting of a board ``width`` columns wide, row by row."""
        return [self.setting(c, r) for r in range(self.rows) for c in range(width)]

    def place(self, column: int, row: int) -> CellPlace:
        return next(p for p in self.places() if p.column == column and p.row == row)

    def window_checks(self, place: CellPlace, setting: Setting) -> list[tuple[Shape, Sector, str]]:
        """Each window at the setting with the area of the cell it must show (disc turned)."""
        wins = self.windows(setting)
        return [
            (wins["discovery"], place.terrain.rotated(-place.turn), "Discovery"),
            (wins["divination"], place.crop.rotated(-place.turn), "Divination"),
        ]

    def problems(self) -> list[str]:
        """Geometry that would let a neighbour show, a window miss its cell or a cut tear."""
        found = []
        if not 0 < self.pin_hole / 2 < self.hub_radius < self.cell_radius_max < self.cover_radius:
            found.append("radii must grow: pin hole < hub < cells < cover")
        if not self.cover_radius < self.rim_inner <= self.disc_radius:
            found.append("the cover must end inside the rim, the rim inside the disc")
        for place in self.places():
            setting = self.setting(place.column, place.row)
            for window, area, label in self.window_checks(place, setting):
                room = area.clearance_of(window)
                if room < self.min_clearance - 1e-9:
                    found.append(
                        f"{label} window at column {place.column + 1}, row {place.row + 1} is "
                        f"{room:.2f} mm from its area's edge (needs {self.min_clearance} mm)"
                    )
        for name, corners in self.cuts():
            far = max(math.hypot(x, u) for x, u in corners)
            if self.cover_radius - far < self.edge_clearance - 1e-9:
                found.append(
                    f"the {name} ends {self.cover_radius - far:.2f} mm from the cover's edge "
                    f"(needs cover.edge_clearance_mm = {self.edge_clearance:g} mm, or the paper "
                    "tears: move it inwards or make it narrower)"
                )
        return found
