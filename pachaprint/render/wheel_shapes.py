"""Wheel shapes: the frame, sectors and boxes of a wheel template, and its errors.

The frame (docs/wheel-geometry.md section 1): millimetres from the pin, angles in degrees
counter-clockwise as seen on the printed face, 0 = the cover's window axis.
:mod:`pachaprint.render.wheel` builds the two kinds of wheel from these shapes.
"""

from __future__ import annotations

import math
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

    def distance_from_pin(self) -> float:
        dx = max(self.x0, 0.0, -self.x1)
        du = max(self.u0, 0.0, -self.u1)
        return math.hypot(dx, du)


Shape = Sector | Box


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
