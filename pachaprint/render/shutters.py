"""Shutter geometry: the hinged doors that keep both wheel windows closed.

Each wheel template has a ``shutters`` section. One printed piece carries a
glue spine and two flaps (doors), one per window, separated by a cut: the
spine is glued beside the windows on their carrier (the slider strip for
``retail``, the cover for ``volvelle45``), the crease between spine and flap
is the hinge. A flap lies flat over its window, so both windows are closed
until a player lifts one flap on purpose; the other stays down. Every number
comes from the template; this module does the maths in the carrier's axis
frame (:mod:`pachaprint.render.wheel`; ``retail``: the slider at its first
stop, ``volvelle45``: the cover).

* ``hinge: "inner"`` puts the spine on the pin side of the windows (the
  flaps lift outwards), ``"left"`` on their counter-clockwise side.
* Each flap is its window's bounding box grown by ``margin_mm``; where two
  flaps would overlap they split half-way between the windows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .wheel import Box, Wheel, WheelTemplateError

KEYS = ("discovery", "divination")
"""The two windows, in drawing order."""


@dataclass(frozen=True)
class Shutters:
    """The shutter piece of one wheel, in the carrier's axis frame (closed)."""

    windows: dict[str, Box]
    """Bounding boxes of the windows."""
    flaps: dict[str, Box]
    spine: Box
    hinge: str
    colour: str
    min_margin: float

    def margin(self, key: str) -> float:
        """Smallest distance from window ``key``'s bounding box to its flap's edge (mm)."""
        w, f = self.windows[key], self.flaps[key]
        return min(w.x0 - f.x0, f.x1 - w.x1, w.u0 - f.u0, f.u1 - w.u1)

    @property
    def outline(self) -> Box:
        """Bounding box of the whole piece."""
        boxes = [*self.flaps.values(), self.spine]
        return Box(
            min(b.x0 for b in boxes),
            max(b.x1 for b in boxes),
            min(b.u0 for b in boxes),
            max(b.u1 for b in boxes),
        )


def _number(raw: dict[str, Any], key: str) -> float:
    value = raw.get(key)
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise WheelTemplateError(f"shutters.{key} must be a number")
    return float(value)


def _grow(b: Box, m: float) -> Box:
    return Box(b.x0 - m, b.x1 + m, b.u0 - m, b.u1 + m)


def _overlap(a: Box, b: Box) -> bool:
    return a.x0 < b.x1 - 1e-9 and b.x0 < a.x1 - 1e-9 and a.u0 < b.u1 - 1e-9 and b.u0 < a.u1 - 1e-9


def shutters(wheel: Wheel) -> Shutters:
    """The shutter piece of ``wheel`` (template section ``shutters``)."""
    raw = wheel.raw["shutters"]
    margin = _number(raw, "margin_mm")
    glue = _number(raw, "glue_mm")
    hinge = str(raw["hinge"])
    windows = wheel.window_bounds()
    d, c = (_grow(windows[k], margin) for k in KEYS)
    if _overlap(d, c):
        wd, wc = windows["discovery"], windows["divination"]
        if wd.x1 <= wc.x0 or wc.x1 <= wd.x0:  # side by side: split across the gap
            left, right = (d, c) if wd.x1 <= wc.x0 else (c, d)
            mid = (min(wd.x1, wc.x1) + max(wd.x0, wc.x0)) / 2
            left, right = (
                Box(left.x0, mid, left.u0, left.u1),
                Box(mid, right.x1, right.u0, right.u1),
            )
            d, c = (left, right) if wd.x1 <= wc.x0 else (right, left)
        else:  # stacked along the axis: split between them
            low, high = (d, c) if wd.u1 <= wc.u0 else (c, d)
            mid = (min(wd.u1, wc.u1) + max(wd.u0, wc.u0)) / 2
            low, high = Box(low.x0, low.x1, low.u0, mid), Box(high.x0, high.x1, mid, high.u1)
            d, c = (low, high) if wd.u1 <= wc.u0 else (high, low)
    if hinge == "inner":
        base = min(d.u0, c.u0)
        d, c = Box(d.x0, d.x1, base, d.u1), Box(c.x0, c.x1, base, c.u1)
        spine = Box(min(d.x0, c.x0), max(d.x1, c.x1), base - glue, base)
    elif hinge == "left":
        edge = min(d.x0, c.x0)
        d, c = Box(edge, d.x1, d.u0, d.u1), Box(edge, c.x1, c.u0, c.u1)
        spine = Box(edge - glue, edge, min(d.u0, c.u0), max(d.u1, c.u1))
    else:
        raise WheelTemplateError(f"shutters.hinge must be 'inner' or 'left', not {hinge!r}")
    return Shutters(
        windows=windows,
        flaps={"discovery": d, "divination": c},
        spine=spine,
        hinge=hinge,
        colour=str(raw["colour"]),
        min_margin=_number(raw, "min_margin_mm"),
    )


def shutter_problems(wheel: Wheel) -> list[str]:
    """Template geometry that would let a closed shutter leave a window uncovered, or foul the wheel."""
    try:
        s = shutters(wheel)
    except (KeyError, TypeError, ValueError) as exc:
        return [f"shutters: {exc}"]
    found = []
    for key in KEYS:
        room = s.margin(key)
        if room < s.min_margin - 1e-9:
            found.append(
                f"the {key} shutter covers its window with {room:.2f} mm to spare "
                f"(needs {s.min_margin:g} mm)"
            )
    if _overlap(s.flaps["discovery"], s.flaps["divination"]):
        found.append("the two shutter flaps overlap, so lifting one would lift the other")
    for key in KEYS:
        for other in KEYS:
            if key != other and _overlap(s.flaps[key], s.windows[other]):
                found.append(f"the {key} shutter would reach over the {other} window")
    found += wheel.shutter_problems([*s.flaps.values(), s.spine])
    return found
