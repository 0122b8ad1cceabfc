"""The scenario disc's front: every cell's terrain and crop, laid out by a wheel template.

``retail``: one sector per column, one ring per row, each cell split into a
terrain area (counter-clockwise half) and a crop area (clockwise half); the
rim carries each column's element symbol and letter. ``volvelle45``: one slot
per cell on a terrain ring and a crop ring; the rim carries each row's animal.
Every area shows its colour plus a letter or number where the window falls,
and its symbol where there is room, so colour never carries meaning alone.
What differs between the two comes from the template's art
(:mod:`pachaprint.render.components.wheel_art`).

SVG ids (docs/outputs.md section 3): ``cell-c3`` (retail) or ``slot-22`` (volvelle45),
each a group with ``data-cell``, ``data-terrain`` and ``data-crop``; its two
areas carry ``data-area="terrain"`` and ``data-area="crop"``.
"""

from __future__ import annotations

import math

from pachaprint.model.disc import Disc
from pachaprint.model.printing import PrintSettings
from pachaprint.model.scenario import Scenario

from .. import draw as d
from .. import symbols
from ..fonts import wrap
from ..wheel import Wheel
from ..wheel_templates import resolve
from . import wheelparts as wp
from .wheel_art import WheelArt
from .wheel_kinds import art_for


def disc_front(disc: Disc, wheel: Wheel | str, settings: PrintSettings) -> d.Drawing:
    """The front of ``disc`` for a wheel template (name or loaded wheel), in the ink and
    words of ``settings``."""
    wheel = resolve(wheel)
    scenario = disc.scenario
    art = art_for(wheel, settings)
    pal = art.pal
    r = wheel.disc_radius
    cx = cy = r
    items: list[d.Element] = [
        d.Circle(cx=cx, cy=cy, r=r + wheel.disc_bleed, style=d.fill(pal[art.disc_band])),
        d.Circle(cx=cx, cy=cy, r=wheel.rim_inner, style=d.fill(pal["board"])),
    ]
    width = scenario.board.width
    items.append(d.group(*_cells(scenario, art, cx, cy), id="cells"))
    items.append(d.group(*art.blank_cells(width, cx, cy), id="blank-cells"))
    items.append(d.group(*art.rim(width, cx, cy), id="rim"))
    label = art.words["disc_label"].format(wheel=wheel.name)
    items.append(_hub(scenario, wheel, cx, cy, label, pal))
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


def _cells(scenario: Scenario, art: WheelArt, cx: float, cy: float) -> list[d.Element]:
    board = scenario.board
    wheel = art.wheel
    out: list[d.Element] = []
    divider = d.Style(stroke=art.pal["divider"], stroke_width=wheel.divider_mm)
    for place in wheel.places(board.width):
        cell = board.cell(place.column, place.row)
        name = board.name(cell)
        letter = scenario.terrain_at(cell)
        level = scenario.crop_at(cell)
        assert level is not None
        t, c = symbols.terrain(letter, art.pal), symbols.crop(level, art.pal)
        areas = [
            wp.sector(
                cx, cy, place.terrain, divider.with_(fill=t.colour), data=d.data(area="terrain")
            ),
            wp.sector(cx, cy, place.crop, divider.with_(fill=c.colour), data=d.data(area="crop")),
        ]
        marks = art.cell_marks(place, t, c, cx, cy)
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


# --------------------------------------------------------------------------- hub


def _hub(
    scenario: Scenario, wheel: Wheel, cx: float, cy: float, label: str, pal: symbols.Palette
) -> d.Group:
    """The hub: the scenario id above the pin (broken at hyphens if long), the template below."""
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
    items.append(wp.pin_mark(cx, cy, wheel.pin_hole, pal))
    return d.group(*items, id="hub")
