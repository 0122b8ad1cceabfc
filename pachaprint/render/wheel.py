"""Wheel geometry: where every cell, window and mark of a scenario wheel lies.

Pure maths over a wheel template (``templates/wheel/<name>.json``, SPEC
section 6); the components in :mod:`pachaprint.render.components` draw what
this module computes, and the tests prove on the rendered files that every
setting shows exactly one cell.

The frame is shared by disc and cover: millimetres from the pin, angles in
degrees counter-clockwise as seen on the printed face, 0 = the cover's window
axis (up on the sheet). Straight pieces (the retail slider and its windows) use
the *axis frame*: ``x`` across the axis (positive = clockwise side, to the
right as seen) and ``u`` along the axis, outwards from the pin.

Two kinds of template ship:

* ``retail`` (:class:`SectorWheel`): 9 sectors x 5 rings; inside a sector the
  terrain half is on the counter-clockwise side, the crop half on the
  clockwise side. A slider strip with both windows runs along the axis over a
  radial slot of the cover; one stop per ring.
* ``volvelle45`` (:class:`SlotWheel`): 45 slots of 8 degrees, a terrain ring
  and a crop ring, fixed windows in the cover, no slider.
"""

from __future__ import annotations

import math
from typing import Any

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
    template_number,
    template_pair,
    to_polar,
)


class Wheel:
    """Common part of both templates: disc, pin, rim and cover radii."""

    name: str
    raw: dict[str, Any]

    def __init__(self, raw: dict[str, Any]):
        self.raw = raw
        self.name = str(raw.get("template", "wheel"))
        disc = raw["disc"]
        self.disc_radius = template_number(disc, "radius_mm", "disc")
        self.disc_bleed = template_number(disc, "bleed_mm", "disc")
        self.pin_hole = template_number(disc, "pin_hole_mm", "disc")
        self.hub_label_pt = template_number(disc, "hub_label_pt", "disc")
        self.rim_inner = template_number(raw["rim"], "inner_mm", "rim")
        self.cover_radius = template_number(raw["cover"], "radius_mm", "cover")
        self.cover_bleed = template_number(raw["cover"], "bleed_mm", "cover")
        self.min_clearance = template_number(raw["windows"], "min_clearance_mm", "windows")

    # subclasses: columns, places(width), setting(column, row), windows(setting)
    columns: int = 9
    rows: int = 5

    def settings(self, width: int = 9) -> list[Setting]:
        """Every (column, row) setting of a board ``width`` columns wide, row by row."""
        return [self.setting(c, r) for r in range(self.rows) for c in range(width)]

    def setting(self, column: int, row: int) -> Setting:  # pragma: no cover - abstract
        raise NotImplementedError

    def places(self, width: int = 9) -> list[CellPlace]:  # pragma: no cover - abstract
        raise NotImplementedError

    def place(self, column: int, row: int) -> CellPlace:
        return next(p for p in self.places() if p.column == column and p.row == row)

    def problems(self) -> list[str]:
        """Geometry that would let a neighbour show or a window miss its cell (empty = sound)."""
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
        return found

    hub_radius: float
    cell_radius_max: float

    def window_checks(
        self, place: CellPlace, setting: Setting
    ) -> list[tuple[Shape, Sector, str]]:  # pragma: no cover - abstract
        raise NotImplementedError


class SectorWheel(Wheel):
    """The retail-style wheel: sectors per column, rings per row, a slider with two windows."""

    def __init__(self, raw: dict[str, Any]):
        super().__init__(raw)
        sectors = raw["sectors"]
        self.columns = int(sectors["count"])
        self.sector_deg = template_number(sectors, "sector_deg", "sectors")
        self.ring_edges = tuple(float(v) for v in sectors["ring_edges_mm"])
        if len(self.ring_edges) != self.rows + 1 or list(self.ring_edges) != sorted(
            self.ring_edges
        ):
            raise WheelTemplateError("sectors.ring_edges_mm must list 6 growing radii (5 rings)")
        self.hub_radius = self.ring_edges[0]
        self.cell_radius_max = self.ring_edges[-1]
        w = raw["windows"]
        self.window_w = template_number(w, "width_mm", "windows")
        self.window_h = template_number(w, "height_mm", "windows")
        self.window_gap = template_number(w, "gap_mm", "windows")
        rim = raw["rim"]
        self.element_offset = template_number(rim, "element_offset_deg", "rim")
        self.letter_offset = template_number(rim, "letter_offset_deg", "rim")
        cover = raw["cover"]
        self.slot_margin = template_number(cover, "slot_margin_mm", "cover")
        self.keeper_radius = template_number(cover, "keeper_slit_radius_mm", "cover")
        self.inner_keeper_radius = template_number(cover, "inner_keeper_slit_radius_mm", "cover")
        self.keeper_extra = template_number(cover, "keeper_slit_extra_mm", "cover")
        s = raw["slider"]
        self.rail = template_number(s, "rail_mm", "slider")
        self.cover_overlap = template_number(s, "cover_overlap_mm", "slider")
        self.tuck = template_number(s, "tuck_mm", "slider")

    # -- disc --------------------------------------------------------------
    def sector_centre(self, column: int) -> float:
        """Disc angle of a column's sector centre line."""
        return column * self.sector_deg

    def ring(self, row: int) -> tuple[float, float]:
        return self.ring_edges[row], self.ring_edges[row + 1]

    def ring_middle(self, row: int) -> float:
        low, high = self.ring(row)
        return (low + high) / 2

    def places(self, width: int = 9) -> list[CellPlace]:
        half = self.sector_deg / 2
        found = []
        for row in range(self.rows):
            low, high = self.ring(row)
            for column in range(width):
                centre = self.sector_centre(column)
                found.append(
                    CellPlace(
                        column=column,
                        row=row,
                        terrain=Sector(low, high, centre, centre + half),
                        crop=Sector(low, high, centre - half, centre),
                        turn=centre,
                        terrain_anchor=self.discovery_window(row).centre,
                        crop_anchor=self.divination_window(row).centre,
                    )
                )
        return found

    # -- slider ------------------------------------------------------------
    @property
    def stops(self) -> tuple[float, ...]:
        """Slider offsets (mm outwards from the first stop), one per row."""
        first = self.ring_middle(0)
        return tuple(self.ring_middle(r) - first for r in range(self.rows))

    def discovery_window(self, row: int = 0) -> Box:
        """The terrain window (counter-clockwise side, left of the axis) at the row's stop."""
        u = self.ring_middle(row)
        g, w, h = self.window_gap / 2, self.window_w, self.window_h
        return Box(-g - w, -g, u - h / 2, u + h / 2)

    def divination_window(self, row: int = 0) -> Box:
        """The crop window (clockwise side, right of the axis) at the row's stop."""
        u = self.ring_middle(row)
        g, w, h = self.window_gap / 2, self.window_w, self.window_h
        return Box(g, g + w, u - h / 2, u + h / 2)

    @property
    def slot(self) -> Box:
        """The radial slot cut in the cover: every window position plus a margin."""
        m = self.slot_margin
        first, last = self.discovery_window(0), self.divination_window(self.rows - 1)
        return Box(first.x0 - m, last.x1 + m, first.u0 - m, last.u1 + m)

    @property
    def slider_half_width(self) -> float:
        return self.slot.x1 + self.rail

    @property
    def slider(self) -> Box:
        """The slider strip's outline at the first stop (axis frame).

        The strip lies on the cover and must hide the slot at every stop, so it
        reaches ``cover_overlap`` past both slot ends at the extreme stops. Its
        two ends run under the cover through the keeper slits (the outer one
        near the edge, the inner one beyond the pin), by at least ``tuck`` mm
        at every stop; between them it rides over the split pin's head, so it
        needs no hole of its own that could uncover the slot.
        """
        travel = self.stops[-1]
        inner = min(
            self.slot.u0 - self.cover_overlap - travel,
            -self.inner_keeper_radius - self.tuck - travel,
        )
        outer = max(self.slot.u1 + self.cover_overlap, self.keeper_radius + self.tuck)
        half = self.slider_half_width
        return Box(-half, half, inner, outer)

    @property
    def keeper_slits(self) -> tuple[tuple[float, float, float], ...]:
        """The two cover slits the strip's ends pass under: (u, x0, x1) each, outer first."""
        half = self.slider_half_width + self.keeper_extra / 2
        return (self.keeper_radius, -half, half), (-self.inner_keeper_radius, -half, half)

    # -- settings ----------------------------------------------------------
    def setting(self, column: int, row: int) -> Setting:
        return Setting(column, row, (-self.sector_centre(column)) % 360.0, self.stops[row])

    def windows(self, setting: Setting) -> dict[str, Box]:
        """Window outlines (axis frame) for a setting: ``discovery`` and ``divination``."""
        du = setting.slider_mm or 0.0
        return {
            "discovery": self.discovery_window(0).shifted(du),
            "divination": self.divination_window(0).shifted(du),
        }

    def window_checks(self, place: CellPlace, setting: Setting) -> list[tuple[Shape, Sector, str]]:
        turned = -place.turn
        wins = self.windows(setting)
        return [
            (wins["discovery"], place.terrain.rotated(turned), "Discovery"),
            (wins["divination"], place.crop.rotated(turned), "Divination"),
        ]

    def problems(self) -> list[str]:
        found = super().problems()
        slot, strip = self.slot, self.slider
        if not self.slot.u1 < self.keeper_radius < self.cover_radius:
            found.append(
                "the keeper slit must lie between the slot's outer end and the cover's edge"
            )
        if strip.u1 + self.stops[-1] > self.disc_radius + 60:
            found.append("the slider would stick out more than 60 mm past the disc")
        rim = self.raw["rim"]
        mid, half_symbol = (
            (self.rim_inner + self.disc_radius) / 2,
            float(rim["element_symbol_mm"]) / 2,
        )
        low = mid - half_symbol
        strip_angle = math.degrees(math.asin(min(1.0, self.slider_half_width / low)))
        symbol_angle = math.degrees(math.asin(min(1.0, half_symbol / low)))
        for offset in (self.element_offset, self.letter_offset):
            if abs(offset) - symbol_angle <= strip_angle:
                found.append(
                    f"the slider, sticking out over the rim, would hide the mark {offset:g} degrees "
                    "from a sector's centre"
                )
        if strip.u0 < -self.cover_radius + 1.0:
            found.append(
                "the slider's inner end would come out from under the cover at the first stop"
            )
        if not self.pin_hole / 2 + 2.0 < self.inner_keeper_radius < self.cover_radius - self.tuck:
            found.append("the inner keeper slit must lie between the pin and the cover's edge")
        for stop in self.stops:
            if not strip.shifted(stop).encloses(slot):
                found.append(f"at slider stop {stop:.1f} mm the strip does not hide the whole slot")
        return found


class SlotWheel(Wheel):
    """The slider-free ``volvelle45`` wheel: 45 slots, fixed windows."""

    def __init__(self, raw: dict[str, Any]):
        super().__init__(raw)
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
        self.element_radius = template_number(raw["cover"], "element_radius_mm", "cover")

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

    def _anchor(self, ring: tuple[float, float]) -> tuple[float, float]:
        return 0.0, (ring[0] + ring[1]) / 2

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
                        terrain_anchor=self._anchor(self.discovery_ring),
                        crop_anchor=self._anchor(self.divination_ring),
                        slot=slot,
                    )
                )
        return found

    def blank_slots(self, width: int) -> list[int]:
        """Slots left blank on a disc ``width`` columns wide (tiny: columns f-i)."""
        return [self.slot_of(c, r) for r in range(self.rows) for c in range(width, self.columns)]

    def setting(self, column: int, row: int) -> Setting:
        return Setting(column, row, (-self.slot_centre(self.slot_of(column, row))) % 360.0, None)

    def windows(self, setting: Setting | None = None) -> dict[str, Sector]:
        """The cover's two windows (fixed; the same at every setting)."""
        h = self.window_half
        return {
            "discovery": Sector(*self.discovery_ring, -h, h),
            "divination": Sector(*self.divination_ring, -h, h),
        }

    def window_checks(self, place: CellPlace, setting: Setting) -> list[tuple[Shape, Sector, str]]:
        wins = self.windows()
        return [
            (wins["discovery"], place.terrain.rotated(-place.turn), "Discovery"),
            (wins["divination"], place.crop.rotated(-place.turn), "Divination"),
        ]

    def problems(self) -> list[str]:
        found = super().problems()
        top = max(self.discovery_ring[1], self.divination_ring[1], self.cell_radius_max)
        if not top < self.element_radius < self.cover_radius:
            found.append("the element scale must lie between the windows and the cover's edge")
        return found


AnyWheel = SectorWheel | SlotWheel


__all__ = [
    "AnyWheel",
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
