"""The scenario disc's front: every cell's terrain and crop, laid out by a wheel template.

``retail``: one sector per column, one ring per row, each cell split into a
terrain area (counter-clockwise half) and a crop area (clockwise half); the
rim carries each column's element symbol and letter. ``volvelle45``: one slot
per cell on a terrain ring and a crop ring; the rim carries each row's animal.
Every area shows its colour plus a letter or number where the window falls,
and its symbol where there is room, so colour never carries meaning alone.

SVG ids (SPEC section 7): ``cell-c3`` (retail) or ``slot-22`` (volvelle45),
each a group with ``data-cell``, ``data-terrain`` and ``data-crop``; its two
areas carry ``data-area="terrain"`` and ``data-area="crop"``.
"""

from __future__ import annotations

import math

from pachaprint.model.scenario import Scenario

from .. import draw as d
from .. import symbols
from ..fonts import wrap
from ..texts import wheel_texts as texts
from ..wheel import AnyWheel, Box, CellPlace, Sector, SectorWheel, SlotWheel, from_polar
from ..wheel_templates import load_wheel
from . import wheelparts as wp


def disc_front(scenario: Scenario, wheel: AnyWheel | str = "retail", lang: str = "en") -> d.Drawing:
    """The disc front of ``scenario`` for a wheel template (name or loaded wheel).

    The scenario's crop layer must be complete (no dots): solve it first.
    """
    if isinstance(wheel, str):
        wheel = load_wheel(wheel)
    if not scenario.is_complete:
        raise ValueError(
            f"{scenario.id}: the crop layer has dots; solve the scenario before rendering its disc"
        )
    pal = symbols.palette()
    r = wheel.disc_radius
    cx = cy = r
    band = pal["element_band"] if isinstance(wheel, SectorWheel) else pal["animal_band"]
    items: list[d.Element] = [
        d.Circle(cx=cx, cy=cy, r=r + wheel.disc_bleed, style=d.fill(band)),
        d.Circle(cx=cx, cy=cy, r=wheel.rim_inner, style=d.fill(pal["board"])),
    ]
    width = scenario.board.width
    items.append(d.group(*_cells(scenario, wheel, cx, cy), id="cells"))
    if isinstance(wheel, SlotWheel):
        items.append(d.group(*_blank_slots(wheel, width, cx, cy), id="blank-slots"))
        items.append(d.group(*_animal_rim(wheel, cx, cy), id="rim"))
    else:
        items.append(d.group(*_blank_sectors(wheel, width, cx, cy), id="blank-sectors"))
        items.append(d.group(*_element_rim(wheel, width, cx, cy), id="rim"))
    items.append(_hub(scenario, wheel, cx, cy, texts(lang)["disc_label"].format(wheel=wheel.name)))
    return d.Drawing(
        width_mm=2 * r,
        height_mm=2 * r,
        bleed_mm=wheel.disc_bleed,
        items=tuple(items),
        name="disc-front",
        metadata=d.data(
            scenario=scenario.id,
            wheel=wheel.name,
            size=scenario.size,
            centre=f"{cx:g} {cy:g}",
            radius_mm=f"{r:g}",
        ),
    )


# --------------------------------------------------------------------------- cells


def _cells(scenario: Scenario, wheel: AnyWheel, cx: float, cy: float) -> list[d.Element]:
    board = scenario.board
    out: list[d.Element] = []
    for place in wheel.places(board.width):
        cell = board.cell(place.column, place.row)
        name = board.name(cell)
        letter = scenario.terrain_at(cell)
        level = scenario.crop_at(cell)
        assert level is not None
        t, c = symbols.terrain(letter), symbols.crop(level)
        divider = d.Style(stroke=symbols.palette()["paper"], stroke_width=_divider(wheel))
        areas = [
            wp.sector(
                cx, cy, place.terrain, divider.with_(fill=t.colour), data=d.data(area="terrain")
            ),
            wp.sector(cx, cy, place.crop, divider.with_(fill=c.colour), data=d.data(area="crop")),
        ]
        marks = _marks(wheel, place, t, c, cx, cy)
        extra: tuple[tuple[str, str], ...] = ()
        if place.slot is None:
            ident = f"cell-{name}"
        else:
            ident, extra = f"slot-{place.slot}", d.data(slot=place.slot)
        out.append(
            d.group(
                *areas,
                wp.turned(cx, cy, place.turn, *marks),
                id=ident,
                data=d.data(cell=name, terrain=letter, crop=level) + extra,
            )
        )
    return out


def _divider(wheel: AnyWheel) -> float:
    raw = wheel.raw["sectors" if isinstance(wheel, SectorWheel) else "slots"]
    return float(raw["divider_mm"])


def _cell_sizes(wheel: AnyWheel) -> tuple[float, float, float]:
    raw = wheel.raw["sectors" if isinstance(wheel, SectorWheel) else "slots"]
    return float(raw["cell_letter_pt"]), float(raw["cell_digit_pt"]), float(raw["cell_symbol_mm"])


def _marks(
    wheel: AnyWheel, place: CellPlace, t: symbols.Swatch, c: symbols.Swatch, cx: float, cy: float
) -> list[d.Element]:
    """Letter, number and symbols of one cell, upright in the axis frame."""
    letter_pt, digit_pt, symbol_mm = _cell_sizes(wheel)
    marks: list[d.Element] = []
    if isinstance(wheel, SectorWheel):
        # letter and number exactly where the windows fall; symbols beside them where they fit
        for anchor, text, size, sw, area, side in (
            (place.terrain_anchor, t.letter, letter_pt, t, place.terrain, -1.0),
            (place.crop_anchor, c.letter, digit_pt, c, place.crop, 1.0),
        ):
            marks.append(wp.label(cx, cy, *anchor, text, size, sw.ink, bold=True))
            window = (
                wheel.discovery_window(place.row)
                if side < 0
                else wheel.divination_window(place.row)
            )
            upright = area.rotated(-place.turn)
            spot = _symbol_spot(upright, window, side, symbol_mm)
            if spot is not None and sw.symbol:
                x, u, size_mm = spot
                marks.append(
                    wp.glyph(sw.symbol, cx, cy, x, u, size_mm, ink=sw.ink, paper=sw.colour)
                )
    else:
        for ring, text, size, sw in (
            (wheel.discovery_ring, t.letter, letter_pt, t),
            (wheel.divination_ring, c.letter, digit_pt, c),
        ):
            lo, hi = ring
            text_u = hi - (hi - lo) * 0.25
            marks.append(wp.label(cx, cy, 0.0, text_u, text, size, sw.ink, bold=True))
            slot_spot = _symbol_in_window(
                wheel.window_half, lo, text_u - (hi - lo) * 0.2, symbol_mm
            )
            if slot_spot is not None and sw.symbol:
                u, size_mm = slot_spot
                marks.append(
                    wp.glyph(sw.symbol, cx, cy, 0.0, u, size_mm, ink=sw.ink, paper=sw.colour)
                )
    return marks


def _symbol_spot(
    area: Sector, window: Box, side: float, largest: float
) -> tuple[float, float, float] | None:
    """Room for a symbol in ``area`` beside ``window`` (outwards across the axis), or ``None``."""
    gap, margin = 0.8, 0.5
    size = largest
    u = window.centre[1]
    while size >= 3.0:
        x_near = window.x0 - gap if side < 0 else window.x1 + gap
        x_far = x_near + side * size
        spot = Box(min(x_near, x_far), max(x_near, x_far), u - size / 2, u + size / 2)
        if area.clearance_of(spot) >= margin:
            return spot.centre[0], u, size
        size -= 0.5
    return None


def _symbol_in_window(
    half_angle: float, low: float, top: float, largest: float
) -> tuple[float, float] | None:
    """Largest symbol (<= ``largest``) that fits in a slot window between ``low`` and ``top``."""
    size = largest
    while size >= 2.4:
        u = top - size / 2
        bottom = u - size / 2
        room = 2 * bottom * math.tan(math.radians(half_angle)) - 0.4
        if bottom >= low + 0.4 and size <= room:
            return u, size
        size -= 0.2
    return None


def _blank_sectors(wheel: SectorWheel, width: int, cx: float, cy: float) -> list[d.Element]:
    """Sectors of columns a tiny disc does not use: plain, with a dash in each window spot."""
    pal = symbols.palette()
    out: list[d.Element] = []
    style = d.both(pal["paper"], pal["guide"], 0.2)
    for column in range(width, wheel.columns):
        centre = wheel.sector_centre(column)
        half = wheel.sector_deg / 2
        for row in range(wheel.rows):
            low, high = wheel.ring(row)
            out.append(wp.sector(cx, cy, Sector(low, high, centre - half, centre + half), style))
    return out


def _blank_slots(wheel: SlotWheel, width: int, cx: float, cy: float) -> list[d.Element]:
    pal = symbols.palette()
    style = d.both(pal["paper"], pal["guide"], 0.2)
    half = wheel.slot_deg / 2
    out: list[d.Element] = []
    for slot in wheel.blank_slots(width):
        centre = wheel.slot_centre(slot)
        for ring in (wheel.terrain_ring, wheel.crop_ring):
            out.append(wp.sector(cx, cy, Sector(*ring, centre - half, centre + half), style))
    return out


# --------------------------------------------------------------------------- rim and hub


def _element_rim(wheel: SectorWheel, width: int, cx: float, cy: float) -> list[d.Element]:
    """Retail rim: each column's element symbol and letter on the red band, sector ticks."""
    pal = symbols.palette()
    rim = wheel.raw["rim"]
    mid = (wheel.rim_inner + wheel.disc_radius) / 2
    white = pal["paper"]
    out: list[d.Element] = []
    half = wheel.sector_deg / 2
    tick = d.stroke(white, 0.4)
    for column in range(wheel.columns):
        centre = wheel.sector_centre(column)
        for edge in (centre - half, centre + half):
            x1, u1 = from_polar(wheel.rim_inner, edge)
            x2, u2 = from_polar(wheel.rim_inner + float(rim["tick_mm"]), edge)
            out.append(d.Line(x1=cx + x1, y1=cy - u1, x2=cx + x2, y2=cy - u2, style=tick))
        if column >= width:
            continue
        out.append(
            wp.turned(
                cx,
                cy,
                centre + wheel.element_offset,
                wp.glyph(
                    symbols.element_symbol(wp.element_name(column)),
                    cx,
                    cy,
                    0.0,
                    mid,
                    float(rim["element_symbol_mm"]),
                    ink=white,
                    paper=pal["element_band"],
                ),
                id=f"rim-element-{wp.column_letter(column)}",
            )
        )
        out.append(
            wp.turned(
                cx,
                cy,
                centre + wheel.letter_offset,
                wp.label(
                    cx,
                    cy,
                    0.0,
                    mid,
                    wp.column_letter(column),
                    float(rim["letter_pt"]),
                    white,
                    bold=True,
                ),
            )
        )
    return out


def _animal_rim(wheel: SlotWheel, cx: float, cy: float) -> list[d.Element]:
    """Volvelle rim: each row's animal at the angle of slot 9 * row, with its number and a pointer."""
    pal = symbols.palette()
    rim = wheel.raw["rim"]
    tick = float(rim["tick_mm"])
    # the animal sits between the pointer and the disc's edge
    size = min(
        float(rim["animal_symbol_mm"]),
        wheel.disc_radius - float(rim["edge_margin_mm"]) - wheel.rim_inner - tick,
    )
    mid = wheel.rim_inner + tick + size / 2
    out: list[d.Element] = []
    for row in range(wheel.rows):
        angle = wheel.animal_angle(row)
        base = wheel.rim_inner
        pointer = wp.poly(
            (
                wp.page_point(cx, cy, 0.0, base),
                wp.page_point(cx, cy, -1.2, base + tick),
                wp.page_point(cx, cy, 1.2, base + tick),
            ),
            style=d.fill(pal["ink"]),
        )
        number = wp.label(
            cx,
            cy,
            -size / 2 - 2.2,
            mid,
            str(row + 1),
            float(rim["row_number_pt"]),
            pal["ink"],
            bold=True,
        )
        out.append(
            wp.turned(
                cx,
                cy,
                angle,
                pointer,
                wp.glyph(wp.animal_name(row), cx, cy, 0.0, mid, size),
                number,
                id=f"rim-animal-{row + 1}",
            )
        )
    return out


def _hub(scenario: Scenario, wheel: AnyWheel, cx: float, cy: float, label: str) -> d.Group:
    """The hub: the scenario id above the pin (broken at hyphens if long), the template below."""
    pal = symbols.palette()
    size = wheel.hub_label_pt
    hub = wheel.hub_radius
    lead = size * d.PT_MM * 1.2
    room = 2 * math.sqrt(hub**2 - (hub * 0.62) ** 2) - 2.0  # chord at the top line, with a margin
    lines = [scenario.id]
    if not wp.fits(scenario.id, size, room):
        lines = [
            line.replace("- ", "-") for line in wrap(scenario.id.replace("-", "- "), room, size)
        ]
    items: list[d.Element] = [
        d.Circle(cx=cx, cy=cy, r=hub, style=d.both(pal["paper"], pal["guide"], 0.2))
    ]
    bottom = cy - hub * 0.3
    for k, line in enumerate(reversed(lines)):
        items.append(
            d.Text(
                x=cx,
                y=bottom - k * lead,
                text=line,
                size_pt=size,
                anchor="middle",
                valign="middle",
                colour=pal["ink"],
            )
        )
    items.append(
        d.Text(
            x=cx,
            y=cy + hub * 0.45,
            text=label,
            size_pt=size,
            anchor="middle",
            valign="middle",
            colour=pal["guide"],
        )
    )
    items.append(wp.pin_mark(cx, cy, wheel.pin_hole))
    return d.group(*items, id="hub")
