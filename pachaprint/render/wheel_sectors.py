"""The retail-style wheel: 9 sectors x 5 rings, a slider strip with both windows.

The disc keeps the retail disc's geometry (``sectors`` of the template), so a
custom disc still fits a real wheel. Inside a sector the terrain half lies on
the counter-clockwise side of the sector's centre line, the crop half on the
clockwise side. On the print-and-play cover a radial slot shows the disc; a
strip carrying both windows lies over the slot and slides along it, one stop
per ring. The strip's inner end runs under the cover through a slit beyond
the pin; its outer end dives under the cover through the slot's widened outer
end (the *throat*), so no cut comes near the cover's edge. Slit and throat
are the strip's width plus ``slit_play_mm``, which is all the sideways play
the strip has.

Straight pieces use the axis frame of :mod:`pachaprint.render.wheel`:
``x`` across the axis (positive = clockwise side, right as seen), ``u``
outwards along it.
"""

from __future__ import annotations

import math
from typing import Any

from .wheel import (
    Box,
    CellPlace,
    Polygon,
    Sector,
    Setting,
    Shape,
    Wheel,
    WheelTemplateError,
    template_number,
)


class SectorWheel(Wheel):
    """The retail-style wheel: sectors per column, rings per row, a slider with two windows."""

    kind = "sectors"

    def __init__(self, raw: dict[str, Any]):
        super().__init__(raw, "sectors")
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
        centres = w.get("centres_mm")
        self.window_centres = (
            tuple(float(v) for v in centres)
            if centres is not None
            else tuple(self.ring_middle(r) for r in range(self.rows))
        )
        if len(self.window_centres) != self.rows:
            raise WheelTemplateError("windows.centres_mm must list 5 radii, one per ring")
        rim = raw["rim"]
        self.element_offset = template_number(rim, "element_offset_deg", "rim")
        self.letter_offset = template_number(rim, "letter_offset_deg", "rim")
        self.element_symbol = template_number(rim, "element_symbol_mm", "rim")
        cover = raw["cover"]
        self.slot_margin = template_number(cover, "slot_margin_mm", "cover")
        self.throat_mm = template_number(cover, "throat_mm", "cover", 1.2)
        self.inner_keeper_radius = template_number(cover, "inner_keeper_slit_radius_mm", "cover")
        self.slit_play = template_number(cover, "slit_play_mm", "cover", 0.2)
        edge = cover.get("slot_edge_deg")
        self.slot_edge = None if edge is None else template_number(cover, "slot_edge_deg", "cover")
        s = raw["slider"]
        self.rail = template_number(s, "rail_mm", "slider")
        self.tuck = template_number(s, "tuck_mm", "slider")

    def slider_strip(self) -> Box | None:
        return self.slider

    @property
    def can_calibrate(self) -> bool:
        return True

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
            terrain_anchor = self.anchor(self.discovery_window(row))
            crop_anchor = self.anchor(self.divination_window(row))
            for column in range(width):
                centre = self.sector_centre(column)
                found.append(
                    CellPlace(
                        column=column,
                        row=row,
                        terrain=Sector(low, high, centre, centre + half),
                        crop=Sector(low, high, centre - half, centre),
                        turn=centre,
                        terrain_anchor=terrain_anchor,
                        crop_anchor=crop_anchor,
                    )
                )
        return found

    def alignment_ticks(self) -> list[float]:
        """A tick under each rim mark's pointer: the element and the letter of every sector."""
        return [
            self.sector_centre(c) + offset
            for c in range(self.columns)
            for offset in (self.element_offset, self.letter_offset)
        ]

    # -- slider ------------------------------------------------------------
    def window_centre(self, row: int) -> float:
        """How far from the pin the windows' centres sit at the row's stop: the template's
        ``windows.centres_mm``, or the ring's middle. Outer rings turn a window further
        across for the same turning error, so the template may set them nearer the pin."""
        return self.window_centres[row]

    @property
    def stops(self) -> tuple[float, ...]:
        """Slider offsets (mm outwards from the first stop), one per row."""
        first = self.window_centre(0)
        return tuple(self.window_centre(r) - first for r in range(self.rows))

    def discovery_window(self, row: int = 0) -> Box:
        """The terrain window (counter-clockwise side, left of the axis) at the row's stop."""
        u = self.window_centre(row)
        g, w, h = self.window_gap / 2, self.window_w, self.window_h
        return Box(-g - w, -g, u - h / 2, u + h / 2)

    def divination_window(self, row: int = 0) -> Box:
        """The crop window (clockwise side, right of the axis) at the row's stop."""
        u = self.window_centre(row)
        g, w, h = self.window_gap / 2, self.window_w, self.window_h
        return Box(g, g + w, u - h / 2, u + h / 2)

    def window_bounds(self) -> dict[str, Box]:
        return {"discovery": self.discovery_window(0), "divination": self.divination_window(0)}

    def aperture(self, window: Box) -> Shape:
        """What a slider window shows of the disc: the window, less the cover beside the slot.

        With ``cover.slot_edge_deg`` the slot's sides near the pin run along lines
        through the pin at that angle either side of the axis, parallel to the
        sectors' edges, and narrow the windows at the inner stops, where a sector
        is narrowest; further out the windows show whole.
        """
        if self.slot_edge is None:
            return window
        a = math.radians(self.slot_edge)
        if all(abs(x) <= u * math.tan(a) for x, u in window.corners()):
            return window  # wholly between the slot's sides
        shape = window.polygon()
        for side in (1.0, -1.0):
            shape = shape.clipped(side * math.cos(a), -math.sin(a), 0.0)
        return shape

    def anchor(self, window: Box) -> tuple[float, float]:
        """Where a cell's letter or digit goes: the middle of what the window shows, at
        the window's mid-height."""
        shape = self.aperture(window)
        if isinstance(shape, Polygon) and len(shape.points) >= 3:
            u = window.centre[1]
            x0, x1 = shape.span_at(u)
            return (x0 + x1) / 2, u
        return window.centre  # nothing shows: Wheel.problems says so

    @property
    def slot(self) -> Box:
        """The radial slot cut in the cover (its bounding box): every window position plus a
        margin."""
        m = self.slot_margin
        first, last = self.discovery_window(0), self.divination_window(self.rows - 1)
        return Box(first.x0 - m, last.x1 + m, first.u0 - m, last.u1 + m)

    @property
    def slot_bend(self) -> float | None:
        """How far from the pin the slot's slanted sides (``cover.slot_edge_deg``) reach the
        slot's full width; ``None`` for a straight slot."""
        if self.slot_edge is None:
            return None
        return self.slot.x1 / math.tan(math.radians(self.slot_edge))

    def slot_outline(self) -> list[tuple[float, float]]:
        """The slot's outline (axis frame): from the inner corner on the counter-clockwise
        side across to the other, out to the far end and back; the bounding box, with
        its sides near the pin along ``cover.slot_edge_deg`` if given."""
        slot, bend = self.slot, self.slot_bend
        if bend is None or bend <= slot.u0:
            return slot.corners()
        near = slot.x1 * slot.u0 / bend  # where the slanted sides meet the slot's inner end
        return [
            (-near, slot.u0),
            (near, slot.u0),
            (slot.x1, bend),
            (slot.x1, slot.u1),
            (slot.x0, slot.u1),
            (slot.x0, bend),
        ]

    @property
    def slider_half_width(self) -> float:
        return self.slot.x1 + self.rail

    @property
    def throat(self) -> Box:
        """The slot's widened outer end, where the strip dives under the cover."""
        half = self.slider_half_width + self.slit_play / 2
        return Box(-half, half, self.slot.u1, self.slot.u1 + self.throat_mm)

    @property
    def slider(self) -> Box:
        """The slider strip's outline at the first stop (axis frame).

        Over the cover the strip runs from the inner keeper slit, over the
        split pin's head, to the throat, so it hides the whole slot at every
        stop. Both ends run under the cover by at least ``tuck`` mm at every
        stop: the inner one through the slit, the outer one through the throat.
        """
        travel = self.stops[-1]
        inner = -self.inner_keeper_radius - self.tuck - travel
        outer = self.throat.u1 + self.tuck
        half = self.slider_half_width
        return Box(-half, half, inner, outer)

    @property
    def keeper_slit(self) -> tuple[float, float, float]:
        """The cover slit the strip's inner end passes under: ``(u, x0, x1)``."""
        half = self.slider_half_width + self.slit_play / 2
        return -self.inner_keeper_radius, -half, half

    def cuts(self) -> list[tuple[str, list[tuple[float, float]]]]:
        u, x0, x1 = self.keeper_slit
        return [
            ("slot", self.slot_outline()),
            ("slot's throat", self.throat.corners()),
            ("keeper slit", [(x0, u), (x1, u)]),
        ]

    # -- settings ----------------------------------------------------------
    def setting(self, column: int, row: int) -> Setting:
        return Setting(column, row, (-self.sector_centre(column)) % 360.0, self.stops[row])

    def windows(self, setting: Setting) -> dict[str, Shape]:
        """Window outlines (axis frame) for a setting: ``discovery`` and ``divination``."""
        du = setting.slider_mm or 0.0
        return {
            "discovery": self.aperture(self.discovery_window(0).shifted(du)),
            "divination": self.aperture(self.divination_window(0).shifted(du)),
        }

    def problems(self) -> list[str]:
        edge = self._slot_edge_problems()
        if edge:
            return edge
        found = super().problems()
        slot, strip = self.slot, self.slider
        if strip.u1 + self.stops[-1] > self.disc_radius + 60:
            found.append("the slider would stick out more than 60 mm past the disc")
        mid, half_symbol = (self.rim_inner + self.disc_radius) / 2, self.element_symbol / 2
        low = mid - half_symbol
        if half_symbol >= low:
            found.append("rim.element_symbol_mm is wider than the rim can hold")
        else:
            strip_angle = math.degrees(math.asin(min(1.0, self.slider_half_width / low)))
            symbol_angle = math.degrees(math.asin(half_symbol / low))
            for offset in (self.element_offset, self.letter_offset):
                if abs(offset) - symbol_angle <= strip_angle:
                    found.append(
                        f"the slider, sticking out over the rim, would hide the mark {offset:g} "
                        "degrees from a sector's centre"
                    )
        corner = math.hypot(self.slider_half_width, strip.u0)
        if corner > self.cover_radius - 1.0:
            found.append(
                "the slider's inner end would come out from under the cover at the first stop"
            )
        if not self.pin_hole / 2 + 2.0 < self.inner_keeper_radius < self.cover_radius - self.tuck:
            found.append("the inner keeper slit must lie between the pin and the cover's edge")
        for stop in self.stops:
            if not strip.shifted(stop).encloses(slot):
                found.append(f"at slider stop {stop:.1f} mm the strip does not hide the whole slot")
        return found

    def _slot_edge_problems(self) -> list[str]:
        """Slot sides (``cover.slot_edge_deg``) that would leave a window nothing to show,
        or never reach the slot's width."""
        if self.slot_edge is None:
            return []
        found = []
        bend = self.slot_bend
        if bend is not None and bend >= self.slot.u1:
            found.append(
                f"cover.slot_edge_deg ({self.slot_edge:g}) is so small that the slot's sides "
                "would not reach the windows' width before the slot ends"
            )
        for row in range(self.rows):
            for window in (self.discovery_window(row), self.divination_window(row)):
                shown = self.aperture(window)
                if isinstance(shown, Polygon) and len(shown.points) < 3:
                    found.append(
                        f"cover.slot_edge_deg ({self.slot_edge:g}) leaves nothing of the "
                        f"windows at row {row + 1}"
                    )
                    return found
        return found

    def shutter_problems(self, pieces: list[Box]) -> list[str]:
        found = []
        half = self.slider_half_width
        top = max(b.u1 for b in pieces) + self.stops[-1]
        if top > self.throat.u1 - 0.2:
            found.append(
                f"at the last slider stop the shutters reach {top:.1f} mm from the pin, so they "
                f"would catch where the strip dives under the cover ({self.throat.u1:g} mm)"
            )
        if min(b.x0 for b in pieces) < -half or max(b.x1 for b in pieces) > half:
            found.append("the shutter piece is wider than the slider strip")
        return found
