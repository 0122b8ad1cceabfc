"""How much turning error a wheel forgives, measured on rasterised PDFs (test helper).

The disc front is written as a PDF with every cell area filled in a colour of
its own (same geometry, same PDF writer as the kit's disc; letters and
symbols left out), and the windows' carrier (the volvelle45 cover, the retail
slider strip) as a PDF whose body is black. pdfium draws both without
antialiasing at ``DPI``. Every pixel inside a window is then turned into the
disc's frame for a setting plus an error and looked up: the setting *shows
its cell* when every window pixel lands on that cell's area (terrain under
Discovery, crop under Divination) or on something that is no cell at all (a
white divider). The tolerance of a setting is the largest error, each way,
that still shows its cell, found by bisection to :data:`RESOLUTION_DEG`.

Run ``python -m tests.wheel_raster`` for the figures of both shipped templates.
"""

from __future__ import annotations

import io
import json
import math
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import numpy as np
import pypdfium2

from pachaprint.model.printing import PrintSettings
from pachaprint.model.scenario import Scenario
from pachaprint.render import draw as d
from pachaprint.render.components.disc_front import disc_front
from pachaprint.render.components.wheel_cover import cover_drawing, slider_drawing
from pachaprint.render.pdf import pdf_bytes
from pachaprint.render.wheel_templates import load_wheel
from tests.helpers import disc_of

DPI = 600
MM = DPI / 25.4
"""Pixels per millimetre."""
RESOLUTION_DEG = 0.02
SCENARIO = Path(__file__).resolve().parent / "fixtures" / "high-valley.json"


def code_colour(index: int) -> str:
    """A colour no component uses: #0Bxxxx, one per (cell, area)."""
    return f"#0B{index // 256:02X}{index % 256:02X}"


def _raster(drawing: d.Drawing) -> np.ndarray:
    """The drawing's single PDF page as an RGB array (no antialiasing), one pixel = 1/MM mm."""
    pdf = pypdfium2.PdfDocument(io.BytesIO(pdf_bytes([drawing])))
    try:
        bitmap = pdf[0].render(scale=DPI / 72, no_smoothpath=True, no_smoothtext=True)
        return np.asarray(bitmap.to_pil().convert("RGB"))
    finally:
        pdf.close()


def _coded(item: d.Element, codes: dict[str, int], cell: str | None) -> d.Element | None:
    """``item`` with each cell area filled in its code colour; marks inside cells dropped."""
    if isinstance(item, d.Group):
        here = (
            dict(item.data).get("cell", cell) if item.id and ("cell" in dict(item.data)) else cell
        )
        kept = [c for c in (_coded(child, codes, here) for child in item.items) if c is not None]
        return replace(item, items=tuple(kept))
    area = dict(item.data).get("area")
    if cell is not None and area is None:
        return None  # a letter or symbol inside a cell
    if area is not None and isinstance(item, d.Path):
        key = f"{cell}:{area}"
        codes.setdefault(key, len(codes))
        # no divider stroke: the areas abut, so the error found is the one that reaches the next cell
        return replace(item, style=d.fill(code_colour(codes[key])))
    return item


@dataclass
class Disc:
    """A coded disc raster: which (cell, area) each pixel shows."""

    image: np.ndarray
    centre: tuple[float, float]
    """The pin, in pixels (x, y)."""
    index: dict[int, str]
    """Code -> ``"c3:terrain"``."""

    def lookup(self, xs: np.ndarray, us: np.ndarray) -> np.ndarray:
        """Codes (-1: no cell) at axis-frame points (mm: x right, u up from the pin)."""
        cx, cy = self.centre
        px = np.clip(np.rint(cx + xs * MM).astype(int), 0, self.image.shape[1] - 1)
        py = np.clip(np.rint(cy - us * MM).astype(int), 0, self.image.shape[0] - 1)
        rgb = self.image[py, px]
        code = rgb[..., 1].astype(int) * 256 + rgb[..., 2].astype(int)
        return np.where(rgb[..., 0] == 0x0B, code, -1)


@cache
def coded_disc(template: str) -> Disc:
    scenario = Scenario.from_dict(json.loads(SCENARIO.read_text(encoding="utf-8")))
    drawing = disc_front(disc_of(scenario, "easy"), template, PrintSettings())
    codes: dict[str, int] = {}
    items = tuple(i for i in (_coded(it, codes, None) for it in drawing.items) if i is not None)
    image = _raster(replace(drawing, items=items))
    r, b = drawing.width_mm / 2, drawing.bleed_mm
    return Disc(image, ((b + r) * MM, (b + r) * MM), {v: k for k, v in codes.items()})


def _holes(drawing: d.Drawing, body_id: str | None = None) -> np.ndarray:
    """Window pixels of a carrier: the body path black, everything else left out; the holes
    inside the body's outline stay white."""
    body = next(
        item
        for item in drawing.items
        if isinstance(item, d.Path) and item.evenodd and (body_id is None or item.id == body_id)
    )
    black = replace(body, style=d.fill("#000000"))
    image = _raster(replace(drawing, items=(black,)))
    white = image.sum(axis=2) == 765
    return white


@dataclass
class Windows:
    """Window pixels as axis-frame points (mm), at the carrier's first place."""

    points: dict[str, tuple[np.ndarray, np.ndarray]]


@cache
def windows(template: str) -> Windows:
    wheel = load_wheel(template)
    if wheel.has_slider:
        carrier = slider_drawing(wheel, PrintSettings())
        ox, oy = (float(v) for v in dict(carrier.metadata)["origin"].split())
    else:
        carrier = cover_drawing(wheel, PrintSettings())
        ox, oy = (float(v) for v in dict(carrier.metadata)["centre"].split())
    white = _holes(carrier)
    b = carrier.bleed_mm
    ys, xs = np.nonzero(white)
    x_mm = (xs + 0.5) / MM - b - ox
    u_mm = oy - ((ys + 0.5) / MM - b)
    # holes are the pixels inside the carrier's outline: drop the white margin around it
    bounds = wheel.window_bounds()
    found = {}
    for key, box in bounds.items():
        inside = (x_mm >= box.x0 - 0.5) & (x_mm <= box.x1 + 0.5)
        inside &= (u_mm >= box.u0 - 0.5) & (u_mm <= box.u1 + 0.5)
        found[key] = (x_mm[inside], u_mm[inside])
    return Windows(found)


AREAS = {"discovery": "terrain", "divination": "crop"}


def shows(
    template: str, column: int, row: int, error_deg: float, shift: tuple[float, float] = (0, 0)
) -> bool:
    """True when the wheel set to (column, row), the disc turned ``error_deg`` further
    (counter-clockwise) and the windows moved by ``shift`` (x, u mm), shows only its cell."""
    wheel = load_wheel(template)
    disc = coded_disc(template)
    setting = wheel.setting(column, row)
    cell = "abcdefghi"[column] + str(row + 1)
    turn = -math.radians(setting.rotation_deg + error_deg)  # the window sees the disc turned back
    for key, (xs, us) in windows(template).points.items():
        x = xs + shift[0]
        u = us + (setting.slider_mm or 0.0) + shift[1]
        # the disc turned by ``turn``: a window point sits at the disc point turned back
        xr = x * math.cos(turn) - u * math.sin(turn)
        ur = x * math.sin(turn) + u * math.cos(turn)
        codes = disc.lookup(xr, ur)
        seen = {disc.index[c] for c in np.unique(codes) if c >= 0}
        if seen - {f"{cell}:{AREAS[key]}"}:
            return False
        if f"{cell}:{AREAS[key]}" not in seen:
            return False
    return True


def tolerance(
    template: str, column: int, row: int, sign: int, shift: tuple[float, float] = (0, 0)
) -> float:
    """The largest turning error (degrees) one way that still shows the cell (bisection)."""
    if not shows(template, column, row, 0.0, shift):
        return 0.0
    low, high = 0.0, 6.0
    while high - low > RESOLUTION_DEG:
        mid = (low + high) / 2
        if shows(template, column, row, sign * mid, shift):
            low = mid
        else:
            high = mid
    return low


def radial_tolerance(template: str, column: int, row: int, sign: int) -> float:
    """How far (mm) the slider may sit off its stop, one way, still showing the cell."""
    low, high = 0.0, 6.0
    while high - low > 0.02:
        mid = (low + high) / 2
        if shows(template, column, row, 0.0, (0.0, sign * mid)):
            low = mid
        else:
            high = mid
    return low


def clearance(template: str, column: int, row: int, mm: float, directions: int = 16) -> bool:
    """True when the windows, moved ``mm`` in any of ``directions`` directions from an exact
    setting, still show only its cell: every window edge is at least ``mm`` inside its area."""
    return all(
        shows(
            template,
            column,
            row,
            0.0,
            (
                mm * math.cos(2 * math.pi * k / directions),
                mm * math.sin(2 * math.pi * k / directions),
            ),
        )
        for k in range(directions)
    )


def figures(template: str) -> dict[str, float]:
    """The smallest tolerances over all 45 settings (and, for a slider, with its play)."""
    wheel = load_wheel(template)
    cells = [(c, r) for r in range(wheel.rows) for c in range(9)]
    found = {
        "turn_deg": min(tolerance(template, c, r, s) for c, r in cells for s in (1, -1)),
        "clearance_1mm": float(all(clearance(template, c, r, 1.0) for c, r in cells)),
    }
    if wheel.has_slider:
        play = float(wheel.raw["cover"].get("slit_play_mm", 0.2)) / 2
        found["turn_with_play_deg"] = min(
            tolerance(template, c, r, s, (dx, 0.0))
            for c, r in cells
            for s in (1, -1)
            for dx in (-play, play)
        )
        found["slider_mm"] = min(
            radial_tolerance(template, 0, r, s) for r in range(5) for s in (1, -1)
        )
    return found


if __name__ == "__main__":
    for name in ("volvelle45", "retail"):
        print(name, {k: round(v, 2) for k, v in figures(name).items()})
