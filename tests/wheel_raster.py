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
from typing import Any

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


@dataclass
class Holes:
    """The window carrier rasterised at its first place: its white pixels, each white
    pixel's row and column, and its axis-frame point (mm)."""

    white: np.ndarray
    ys: np.ndarray
    xs: np.ndarray
    x_mm: np.ndarray
    u_mm: np.ndarray
    origin: tuple[float, float]
    """The axis frame's origin (the pin), in pixels (x, y)."""

    def inside(self, box: Any) -> np.ndarray:
        """Which white pixels lie in a window's box (with half a millimetre round it): the
        holes; the white margin round the carrier's outline is left out."""
        found = (self.x_mm >= box.x0 - 0.5) & (self.x_mm <= box.x1 + 0.5)
        return found & (self.u_mm >= box.u0 - 0.5) & (self.u_mm <= box.u1 + 0.5)


@cache
def holes(template: str) -> Holes:
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
    return Holes(white, ys, xs, x_mm, u_mm, ((b + ox) * MM, (b + oy) * MM))


@dataclass
class Opening:
    """Where the cover of a slider wheel is cut open (its slot), as an image in the axis
    frame: a slider window shows the disc only where it lies over the opening."""

    white: np.ndarray
    origin: tuple[float, float]
    """The pin, in pixels (x, y)."""

    def open_at(self, xs: np.ndarray, us: np.ndarray) -> np.ndarray:
        """Which axis-frame points (mm) lie over the cover's opening."""
        return white_at(self.white, self.origin, xs, us)


def white_at(
    white: np.ndarray, origin: tuple[float, float], xs: np.ndarray, us: np.ndarray
) -> np.ndarray:
    """Which axis-frame points (mm) fall on a true pixel of ``white``, an image whose axis
    frame has its origin at pixel ``origin`` (outside the image: false)."""
    ox, oy = origin
    px = np.rint(ox + xs * MM - 0.5).astype(int)
    py = np.rint(oy - us * MM - 0.5).astype(int)
    h, w = white.shape
    inside = (px >= 0) & (px < w) & (py >= 0) & (py < h)
    found = np.zeros(px.shape, dtype=bool)
    found[inside] = white[py[inside], px[inside]]
    return found


@cache
def opening(template: str) -> Opening | None:
    """The cover's opening of a slider wheel (``None`` where the windows are the cover's own)."""
    wheel = load_wheel(template)
    if not wheel.has_slider:
        return None
    cover = cover_drawing(wheel, PrintSettings())
    cx, cy = (float(v) for v in dict(cover.metadata)["centre"].split())
    b = cover.bleed_mm
    white = _holes(cover)
    # the white outside the cover's circle is no opening
    ys, xs = np.indices(white.shape)
    radius = np.hypot((xs + 0.5) / MM - b - cx, (ys + 0.5) / MM - b - cy)
    return Opening(white & (radius < wheel.cover_radius), ((b + cx) * MM, (b + cy) * MM))


def _over_opening(
    template: str, xs: np.ndarray, us: np.ndarray, cover_shift: tuple[float, float]
) -> np.ndarray:
    """Which window points (axis frame, mm) the cover leaves open (all, without a slider)."""
    found = opening(template)
    if found is None:
        return np.ones(xs.shape, dtype=bool)
    return found.open_at(xs - cover_shift[0], us - cover_shift[1])


@cache
def windows(template: str) -> Windows:
    found = holes(template)
    windows = {}
    for key, box in load_wheel(template).window_bounds().items():
        inside = found.inside(box)
        windows[key] = (found.x_mm[inside], found.u_mm[inside])
    return Windows(windows)


AREAS = {"discovery": "terrain", "divination": "crop"}


def shows(
    template: str,
    column: int,
    row: int,
    error_deg: float,
    shift: tuple[float, float] = (0, 0),
    cover_shift: tuple[float, float] = (0, 0),
    cover: bool = True,
) -> bool:
    """True when the wheel set to (column, row), the disc turned ``error_deg`` further
    (counter-clockwise) and the windows moved by ``shift`` (x, u mm), shows only its cell.

    On a slider wheel the windows show the disc only where the cover's slot is open;
    the cover stays put (``cover_shift`` moves it too, for the clearance; ``cover=False``
    leaves it out)."""
    wheel = load_wheel(template)
    disc = coded_disc(template)
    setting = wheel.setting(column, row)
    cell = "abcdefghi"[column] + str(row + 1)
    turn = -math.radians(setting.rotation_deg + error_deg)  # the window sees the disc turned back
    for key, (xs, us) in windows(template).points.items():
        x = xs + shift[0]
        u = us + (setting.slider_mm or 0.0) + shift[1]
        if cover:
            seen_through = _over_opening(template, x, u, cover_shift)
            x, u = x[seen_through], u[seen_through]
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
    moves = [
        (mm * math.cos(2 * math.pi * k / directions), mm * math.sin(2 * math.pi * k / directions))
        for k in range(directions)
    ]
    return all(shows(template, column, row, 0.0, move, move) for move in moves)


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


# --------------------------------------------------------------------------- marks
# How much of a cell's letter, digit and symbols a window shows (issue 35): the
# disc is drawn with every cell's marks alone, each in a code colour of its own
# (a symbol as its silhouette), and every mark pixel is turned into the window's
# frame and looked up in the window's raster. The share of a mark's pixels that
# fall inside its window is what a person sees of it.

MARKS = ("letter", "terrain-symbol", "digit", "crop-symbol")
"""A cell's marks: the terrain letter and symbol (Discovery), the crop digit and
symbol (Divination)."""
WINDOW_OF = {
    "letter": "discovery",
    "terrain-symbol": "discovery",
    "digit": "divination",
    "crop-symbol": "divination",
}


def _silhouette(item: d.Element, colour: str) -> d.Element:
    """``item`` (and everything in it) painted in one colour: its ink and its paper."""
    if isinstance(item, d.Group):
        return replace(item, items=tuple(_silhouette(c, colour) for c in item.items))
    if isinstance(item, d.Text):
        return replace(item, colour=colour)
    if isinstance(item, d.Use):
        sym = item.symbol
        items = tuple(_silhouette(c, colour) for c in sym.items)
        return replace(item, symbol=replace(sym, name=f"{sym.name}-{colour[1:]}", items=items))
    style = item.style
    return replace(
        item,
        style=replace(
            style,
            fill=colour if style.fill else None,
            stroke=colour if style.stroke else None,
        ),
    )


def _marks_of(cell_group: d.Group) -> list[tuple[str, d.Element]]:
    """The marks of one cell group, named: its text and symbol per area, in the order
    the art draws them (terrain first)."""
    found: list[tuple[str, d.Element]] = []
    area = "terrain"
    for item, _ in d.walk(cell_group.items):
        if isinstance(item, d.Text):
            area = "crop" if item.text.isdigit() else "terrain"
            found.append(("digit" if area == "crop" else "letter", item))
        elif isinstance(item, d.Use):
            found.append((f"{area}-symbol", item))
    return found


def _marks_only(item: d.Element, codes: dict[str, int]) -> d.Element | None:
    """The disc with only its cells' marks, each in its code colour (areas left out)."""
    if isinstance(item, d.Group):
        cell = dict(item.data).get("cell") if item.id else None
        if cell is not None:
            kept: list[d.Element] = []
            for kind, mark in _marks_of(item):
                key = f"{cell}:{kind}"
                codes.setdefault(key, len(codes))
                kept.append(_silhouette(mark, code_colour(codes[key])))
            # the marks sit in a turned group: keep the cell group's transforms
            inner = [c for c in item.items if isinstance(c, d.Group)]
            turn = inner[0].transform if inner else d.IDENTITY
            return replace(item, items=(d.Group(items=tuple(kept), transform=turn),))
        children = [c for c in (_marks_only(child, codes) for child in item.items) if c is not None]
        return replace(item, items=tuple(children)) if children else None
    return None


@cache
def marks_disc(template: str) -> Disc:
    """The disc's marks raster: which (cell, mark) each pixel shows."""
    scenario = Scenario.from_dict(json.loads(SCENARIO.read_text(encoding="utf-8")))
    drawing = disc_front(disc_of(scenario, "easy"), template, PrintSettings())
    codes: dict[str, int] = {}
    items = tuple(i for i in (_marks_only(it, codes) for it in drawing.items) if i is not None)
    image = _raster(replace(drawing, items=items))
    r, b = drawing.width_mm / 2, drawing.bleed_mm
    return Disc(image, ((b + r) * MM, (b + r) * MM), {v: k for k, v in codes.items()})


@dataclass
class MarkPixels:
    """Every mark's pixels as disc-frame points (mm: x right, u up from the pin)."""

    points: dict[str, tuple[np.ndarray, np.ndarray]]


@cache
def mark_pixels(template: str) -> MarkPixels:
    disc = marks_disc(template)
    rgb = disc.image
    ys, xs = np.nonzero(rgb[..., 0] == 0x0B)
    codes = rgb[ys, xs, 1].astype(int) * 256 + rgb[ys, xs, 2].astype(int)
    cx, cy = disc.centre
    x_mm = (xs + 0.5 - cx) / MM
    u_mm = (cy - ys - 0.5) / MM
    found: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for code, key in disc.index.items():
        here = codes == code
        if here.any():
            found[key] = (x_mm[here], u_mm[here])
    return MarkPixels(found)


@dataclass
class WindowMask:
    """A carrier's window pixels as an image in the axis frame."""

    white: np.ndarray
    origin: tuple[float, float]
    """The axis frame's origin (the pin at the carrier's first place), in pixels (x, y)."""


@cache
def window_mask(template: str) -> WindowMask:
    found = holes(template)
    keep = np.zeros(found.white.shape, dtype=bool)
    for box in load_wheel(template).window_bounds().values():
        inside = found.inside(box)
        keep[found.ys[inside], found.xs[inside]] = True
    return WindowMask(keep, found.origin)


def coverage(
    template: str,
    column: int,
    row: int,
    error_deg: float,
    shift: tuple[float, float] = (0.0, 0.0),
) -> dict[str, float]:
    """The share (0-1) of each of the cell's marks that its window shows, with the wheel set
    to (column, row), the disc turned ``error_deg`` further counter-clockwise and the
    windows moved by ``shift`` (x, u mm). A mark the cell does not have is left out."""
    wheel = load_wheel(template)
    setting = wheel.setting(column, row)
    mask = window_mask(template)
    pixels = mark_pixels(template)
    cell = "abcdefghi"[column] + str(row + 1)
    turn = math.radians(setting.rotation_deg + error_deg)
    found: dict[str, float] = {}
    for kind in MARKS:
        key = f"{cell}:{kind}"
        if key not in pixels.points:
            continue
        xs, us = pixels.points[key]
        # a disc point turned with the disc, then seen from the (moved) windows
        x = xs * math.cos(turn) - us * math.sin(turn) - shift[0]
        u = xs * math.sin(turn) + us * math.cos(turn) - (setting.slider_mm or 0.0) - shift[1]
        seen = white_at(mask.white, mask.origin, x, u)
        # ... and where the cover's slot is open (the cover does not move)
        seen &= _over_opening(
            template,
            x + shift[0],
            u + (setting.slider_mm or 0.0) + shift[1],
            (0.0, 0.0),
        )
        found[kind] = float(seen.mean())
    return found


def mark_figures(template: str, error_deg: float = 2.0) -> dict[str, float]:
    """The least share of each mark shown over all 45 settings, at ``error_deg`` either way
    (and, for a slider, with its play either way)."""
    wheel = load_wheel(template)
    play = float(wheel.raw["cover"].get("slit_play_mm", 0.0)) / 2 if wheel.has_slider else 0.0
    least: dict[str, float] = {}
    for r in range(wheel.rows):
        for c in range(9):
            for e in (error_deg, -error_deg):
                for dx in {-play, play}:
                    for kind, share in coverage(template, c, r, e, (dx, 0.0)).items():
                        least[kind] = min(least.get(kind, 1.0), share)
    return least


if __name__ == "__main__":
    for name in ("volvelle45", "retail"):
        print(name, {k: round(v, 2) for k, v in figures(name).items()})
        print(name, "marks at 2 degrees", {k: round(v, 3) for k, v in mark_figures(name).items()})
