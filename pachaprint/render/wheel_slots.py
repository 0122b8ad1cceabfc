"""The slider-free ``volvelle45`` wheel: 45 slots, fixed windows in the cover.

Slot s = 9 * row + column is centred at ``s * slot_deg`` on the disc, with
a terrain ring and a crop ring. The row's animal sits on the disc's rim at
the angle of slot 9 * row; element c is printed on the cover c * slot_deg
clockwise from the window axis. Turning the disc until the row's animal
points at the column's element brings the cell's slot under both windows.
A fine tick on the rim at every slot's angle meets the cover's element
pointers when a setting is exact.
"""

from __future__ import annotations

import math
from typing import Any

from .wheel import (
    Box,
    CellPlace,
    Sector,
    Setting,
    Shape,
    Wheel,
    WheelTemplateError,
    from_polar,
    template_number,
    template_pair,
)

PT_MM = 25.4 / 72
CAP_HEIGHT = 0.729


class SlotWheel(Wheel):
    """The slider-free ``volvelle45`` wheel: 45 slots, fixed windows."""

    kind = "slots"

    def __init__(self, raw: dict[str, Any]):
        super().__init__(raw, "slots")
        slots = raw["slots"]
        self.count = int(slots["count"])
        self.slot_deg = template_number(slots, "slot_deg", "slots")
        self.columns = int(slots["columns"])
        if self.count != self.columns * self.rows:
            raise WheelTemplateError("slots.count must be columns x 5 rows")
        self.terrain_ring = template_pair(slots, "terrain_ring_mm", "slots")
        self.crop_ring = template_pair(slots, "crop_ring_mm", "slots")
        self.hub_radius = min(self.terrain_ring[0], self.crop_ring[0])
        self.cell_radius_max = max(self.terrain_ring[1], self.crop_ring[1])
        w = raw["windows"]
        self.window_half = template_number(w, "half_angle_deg", "windows")
        self.discovery_ring = template_pair(w, "discovery_mm", "windows")
        self.divination_ring = template_pair(w, "divination_mm", "windows")
        cover = raw["cover"]
        self.element_radius = template_number(cover, "element_radius_mm", "cover")
        self.element_symbol = template_number(cover, "element_symbol_mm", "cover")
        self.band_inset = template_number(cover, "band_inset_mm", "cover")
        self.letter_inset = template_number(cover, "letter_inset_mm", "cover")
        self.letter_pt = template_number(cover, "letter_pt", "cover")

    def slot_of(self, column: int, row: int) -> int:
        """Slot number of a cell: ``columns * row + column``."""
        return self.columns * row + column

    def slot_centre(self, slot: int) -> float:
        return slot * self.slot_deg

    def animal_angle(self, row: int) -> float:
        """Disc angle of row ``row``'s animal on the rim (the angle of slot 9 * row)."""
        return self.slot_centre(self.slot_of(0, row))

    def element_angle(self, column: int) -> float:
        """Cover angle of column ``column``'s element: ``column * slot_deg`` clockwise."""
        return -column * self.slot_deg

    @property
    def band_inner(self) -> float:
        """Inner radius of the cover's red element band."""
        return self.element_radius - self.element_symbol / 2 - self.band_inset

    def places(self, width: int = 9) -> list[CellPlace]:
        half = self.slot_deg / 2
        found = []
        for row in range(self.rows):
            for column in range(width):
                slot = self.slot_of(column, row)
                centre = self.slot_centre(slot)
                found.append(
                    CellPlace(
                        column=column,
                        row=row,
                        terrain=Sector(*self.terrain_ring, centre - half, centre + half),
                        crop=Sector(*self.crop_ring, centre - half, centre + half),
                        turn=centre,
                        terrain_anchor=(0.0, sum(self.discovery_ring) / 2),
                        crop_anchor=(0.0, sum(self.divination_ring) / 2),
                        slot=slot,
                    )
                )
        return found

    def blank_slots(self, width: int) -> list[int]:
        """Slots left blank on a disc ``width`` columns wide (tiny: columns f-i)."""
        return [self.slot_of(c, r) for r in range(self.rows) for c in range(width, self.columns)]

    def alignment_ticks(self) -> list[float]:
        """One tick per slot: at an exact setting the ticks meet every element pointer."""
        return [self.slot_centre(s) for s in range(self.count)]

    def setting(self, column: int, row: int) -> Setting:
        return Setting(column, row, (-self.slot_centre(self.slot_of(column, row))) % 360.0, None)

    def fixed_windows(self) -> dict[str, Sector]:
        """The cover's two windows, centred on the window axis."""
        h = self.window_half
        return {
            "discovery": Sector(*self.discovery_ring, -h, h),
            "divination": Sector(*self.divination_ring, -h, h),
        }

    def windows(self, setting: Setting | None = None) -> dict[str, Shape]:
        """The cover's two windows (fixed; the same at every setting)."""
        return dict(self.fixed_windows())

    def window_bounds(self) -> dict[str, Box]:
        h = self.window_half
        found = {}
        for key, (low, high) in (
            ("discovery", self.discovery_ring),
            ("divination", self.divination_ring),
        ):
            x = high * math.sin(math.radians(h))
            found[key] = Box(-x, x, low * math.cos(math.radians(h)), high)
        return found

    def cuts(self) -> list[tuple[str, list[tuple[float, float]]]]:
        h = self.window_half
        found = []
        for key, (low, high) in (
            ("Discovery window", self.discovery_ring),
            ("Divination window", self.divination_ring),
        ):
            found.append(
                (key, [from_polar(r, a) for r in (low, high) for a in (-h, h)]),
            )
        return found

    def problems(self) -> list[str]:
        found = super().problems()
        top = max(self.discovery_ring[1], self.divination_ring[1], self.cell_radius_max)
        if not top < self.element_radius < self.cover_radius:
            found.append("the element scale must lie between the windows and the cover's edge")
        if self.window_half * 2 >= self.slot_deg:
            found.append("windows.half_angle_deg must be less than half a slot")
        return found

    def shutter_problems(self, pieces: list[Box]) -> list[str]:
        found = []
        letter_r = self.letter_pt * PT_MM * CAP_HEIGHT / 2  # half a capital
        radius = self.band_inner + self.letter_inset
        for column in range(self.columns):
            x, u = from_polar(radius, self.element_angle(column))
            near = min(_distance(b, x, u) for b in pieces)
            if near < letter_r + 0.3:
                found.append(
                    f"the shutters come within {near:.1f} mm of column {column + 1}'s letter "
                    "on the element scale"
                )
        far = max(math.hypot(x, u) for b in pieces for x, u in b.corners())
        if far > self.cover_radius - 1.0:
            found.append("the shutter piece reaches past the cover's edge")
        return found


def _distance(b: Box, x: float, u: float) -> float:
    """Distance from a point to a box (0 inside)."""
    dx = max(b.x0 - x, 0.0, x - b.x1)
    du = max(b.u0 - u, 0.0, u - b.u1)
    return math.hypot(dx, du)
