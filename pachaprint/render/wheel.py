"""Wheel geometry: the frame, the shapes and the interface every wheel template offers.

Pure maths over a wheel template (``templates/wheel/<name>.json``, docs/wheel-geometry.md);
the components in :mod:`pachaprint.render.components` draw what the wheels compute,
and the tests prove on the rendered files that every setting shows exactly one cell.

The frame is shared by disc and cover: millimetres from the pin, angles in
degrees counter-clockwise as seen on the printed face, 0 = the cover's window
axis (up on the sheet). Straight pieces (the retail slider and its windows) use
the *axis frame*: ``x`` across the axis (positive = clockwise side, to the
right as seen) and ``u`` along the axis, outwards from the pin.

A template becomes a :class:`Wheel`: disc, pin, rim and cover radii, where each
cell lives on the disc (:meth:`Wheel.places`), how to set the wheel for a cell
(:meth:`Wheel.setting`), where the windows are (:meth:`Wheel.windows`), the
marks that line up when a setting is exact (:meth:`Wheel.alignment_ticks`) and
the checks that refuse a template that could show the wrong cell
(:meth:`Wheel.problems`). Each kind fills in the abstract parts in a module of
its own: :class:`~pachaprint.render.wheel_sectors.SectorWheel` (``retail``: 9
sectors x 5 rings and a slider strip with both windows) and
:class:`~pachaprint.render.wheel_slots.SlotWheel` (``volvelle45``: 45 slots of
8 degrees, fixed windows in the cover); :mod:`pachaprint.render.wheel_templates`
reads a template and makes the wheel of its kind. Callers never ask which kind
they hold.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any


class WheelTemplateError(ValueError):
    """A wheel template is unreadable or its geometry does not work."""


# --------------------------------------------------------------------------- shapes


def to_polar(x: float, u: float) -> tuple[float, float]:
    """Axis-frame point -> (radius mm, angle degrees counter-clockwise from the axis)."""
    return math.hypot(x, u), math.degrees(math.atan2(-x, u))


def from_polar(radius: float, angle: float) -> tuple[float, float]:
    """(radius, angle) -> axis-frame point ``(x, u)``."""
    a = math.radians(angle)
    return -radius * math.sin(a), radius * math.cos(a)


def page_point(cx: float, cy: float, x: float, u: float) -> tuple[float, float]:
    """Axis-frame point -> drawing coordinates (mm, y down) for a wheel centred at (cx, cy)."""
    return cx + x, cy - u


def page_angle(angle: float) -> float:
    """Wheel angle (0 = axis) -> drawing-model angle (0 = +x), both counter-clockwise as seen."""
    return 90.0 + angle


@dataclass(frozen=True)
class Sector:
    """An annular sector: radii ``r_in``..``r_out`` and angles ``start``..``end`` (end > start)."""

    r_in: float
    r_out: float
    start: float
    end: float

    @property
    def middle(self) -> float:
        return (self.start + self.end) / 2

    def rotated(self, degrees: float) -> Sector:
        """The same sector turned counter-clockwise by ``degrees``."""
        return Sector(self.r_in, self.r_out, self.start + degrees, self.end + degrees)

    def contains(self, x: float, u: float) -> bool:
        radius, angle = to_polar(x, u)
        offset = (angle - self.start) % 360.0
        return self.r_in <= radius <= self.r_out and offset <= self.end - self.start

    def clearance_of(self, inner: Shape) -> float:
        """Smallest distance (mm) from ``inner`` to this sector's edge; negative if it sticks out."""
        if isinstance(inner, Sector):
            span = min(inner.start - self.start, self.end - inner.end)
            return min(
                inner.r_in - self.r_in,
                self.r_out - inner.r_out,
                inner.r_in * math.sin(math.radians(span)) if span < 90 else inner.r_in,
            )
        corners = inner.corners()
        far = max(math.hypot(x, u) for x, u in corners)
        near = inner.distance_from_pin()
        sides = []
        for angle, sign in ((self.start, 1.0), (self.end, -1.0)):
            # signed distance to the line through the pin at ``angle``: positive inside
            dx, du = from_polar(1.0, angle)
            sides.append(min(sign * (dx * cu - du * cx) for cx, cu in corners))
        return min(near - self.r_in, self.r_out - far, *sides)


@dataclass(frozen=True)
class Box:
    """A rectangle of the axis frame: ``x0..x1`` across the axis, ``u0..u1`` along it."""

    x0: float
    x1: float
    u0: float
    u1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.u1 - self.u0

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x0 + self.x1) / 2, (self.u0 + self.u1) / 2

    def shifted(self, du: float) -> Box:
        """The box moved ``du`` mm outwards along the axis."""
        return Box(self.x0, self.x1, self.u0 + du, self.u1 + du)

    def corners(self) -> list[tuple[float, float]]:
        return [(self.x0, self.u0), (self.x1, self.u0), (self.x1, self.u1), (self.x0, self.u1)]

    def contains(self, x: float, u: float) -> bool:
        return self.x0 <= x <= self.x1 and self.u0 <= u <= self.u1

    def encloses(self, other: Box) -> bool:
        return (
            self.x0 <= other.x0
            and other.x1 <= self.x1
            and self.u0 <= other.u0
            and other.u1 <= self.u1
        )

    def polygon(self) -> Polygon:
        return Polygon(tuple(self.corners()))

    def distance_from_pin(self) -> float:
        dx = max(self.x0, 0.0, -self.x1)
        du = max(self.u0, 0.0, -self.u1)
        return math.hypot(dx, du)


@dataclass(frozen=True)
class Polygon:
    """A convex polygon of the axis frame, its corners in order: a slider window
    narrowed by the slot it looks through."""

    points: tuple[tuple[float, float], ...]

    def corners(self) -> list[tuple[float, float]]:
        return list(self.points)

    def edges(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Each side as ``(from, to)``, the last back to the first corner."""
        return list(zip(self.points, self.points[1:] + self.points[:1], strict=True))

    def distance_from_pin(self) -> float:
        """Distance from the pin to the nearest point of the polygon (0 if it holds the pin)."""
        # the pin is inside a convex polygon when it lies on the same side of every edge
        sides = [ax * bu - au * bx for (ax, au), (bx, bu) in self.edges()]
        if all(side >= 0 for side in sides) or all(side <= 0 for side in sides):
            return 0.0
        return min(_distance_to_segment(a, b) for a, b in self.edges())

    def clipped(self, nx: float, nu: float, limit: float) -> Polygon:
        """The part where ``nx * x + nu * u <= limit`` (one half-plane, Sutherland-Hodgman)."""
        kept: list[tuple[float, float]] = []
        for a, b in self.edges():
            da, db = nx * a[0] + nu * a[1] - limit, nx * b[0] + nu * b[1] - limit
            if da <= 0:
                kept.append(a)
            if da * db < 0:
                t = da / (da - db)
                kept.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
        return Polygon(tuple(kept))

    def span_at(self, u: float) -> tuple[float, float]:
        """The polygon's extent across the axis (``x`` from, to) at distance ``u`` along it."""
        xs = []
        for (ax, au), (bx, bu) in self.edges():
            if min(au, bu) <= u <= max(au, bu) and au != bu:
                xs.append(ax + (u - au) / (bu - au) * (bx - ax))
        return min(xs), max(xs)


def _distance_to_segment(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Distance from the pin to the segment ``a``-``b``."""
    (ax, au), (bx, bu) = a, b
    dx, du = bx - ax, bu - au
    length = dx * dx + du * du
    t = 0.0 if length == 0 else max(0.0, min(1.0, -(ax * dx + au * du) / length))
    return math.hypot(ax + t * dx, au + t * du)


Shape = Sector | Box | Polygon


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class Setting:
    """How to show one cell: turn the disc, then (retail) set the slider.

    ``rotation_deg`` is the disc's counter-clockwise turn as seen, in [0, 360);
    ``slider_mm`` how far the slider sits outwards from its first stop (``None``
    on a wheel without slider).
    """

    column: int
    row: int
    rotation_deg: float
    slider_mm: float | None


@dataclass(frozen=True)
class CellPlace:
    """Where one board cell lives on the disc (disc frame, disc not turned).

    ``terrain`` and ``crop`` are the two areas; ``turn`` is the angle that
    brings the cell to the window axis (the cell's content is laid out upright
    in the axis frame and turned by ``turn``); ``terrain_anchor`` and
    ``crop_anchor`` are the centres of the windows over the cell, in that
    upright axis frame, where its letter and number go.
    """

    column: int
    row: int
    terrain: Sector
    crop: Sector
    turn: float
    terrain_anchor: tuple[float, float]
    crop_anchor: tuple[float, float]
    slot: int | None = None


def template_pair(data: dict[str, Any], key: str, where: str) -> tuple[float, float]:
    """Two numbers (an inner and an outer radius) from template data."""
    value = data.get(key)
    if not isinstance(value, list) or len(value) != 2:
        raise WheelTemplateError(f"{where}.{key} must list two numbers")
    low, high = (float(v) for v in value)
    return low, high


def template_number(
    data: dict[str, Any], key: str, where: str, default: float | None = None
) -> float:
    """A number from template data (``default`` when the key is absent and one is given)."""
    value = data.get(key, default)
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise WheelTemplateError(f"{where}.{key} must be a number")
    return float(value)


# --------------------------------------------------------------------------- the interface


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
    def areas_touch(self) -> bool:
        """True when neighbouring cells' areas meet (a divider line separates them); a slot
        wheel with ``slots.area_deg`` below its slot leaves blank card between them."""
        return True

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
