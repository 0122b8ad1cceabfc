"""The calibration disc: measure a retail wheel and write a template that fits it.

A disc of the template's size carrying millimetre circles (every mm, labelled
every 5 mm along each sector's centre line), degree marks around the rim
(every degree, labelled every 10), the template's sector boundaries with
sector numbers, and its ring edges dashed with ring numbers. Put it in the
wheel in place of a scenario disc and read, through each window, which
circles and degree marks its edges fall on.
"""

from __future__ import annotations

import math

from pachaprint.model.printing import PrintSettings
from pachaprint.resources import load_template

from .. import draw as d
from .. import sheets, symbols
from ..texts import wheel_texts as texts
from ..wheel import Wheel, from_polar
from ..wheel_sectors import SectorWheel
from ..wheel_templates import resolve
from . import wheelparts as wp
from .wheel_cover import finished_page, instructions, placed_at


def calibration_drawing(wheel: Wheel | str, settings: PrintSettings) -> d.Drawing:
    """The calibration disc for a sector template (such as the shipped ``retail``)."""
    wheel = resolve(wheel)
    if not isinstance(wheel, SectorWheel):  # its scales are the sector template's own
        raise ValueError("the calibration disc measures a sector (retail-style) wheel")
    pal = symbols.palette(settings.ink)
    t = texts(settings.lang)
    lay = load_template("wheel/layout.json")["calibration"]
    ticks = {int(k): v for k, v in lay["degree_ticks_mm"].items()}
    label_pt = lay["label_pt"]
    r = wheel.disc_radius
    cx = cy = r
    ink, guide = pal["ink"], pal["guide"]
    items: list[d.Element] = [
        d.Circle(cx=cx, cy=cy, r=r + wheel.disc_bleed, style=d.fill(pal["paper"]))
    ]
    # millimetre circles
    first = max(2, math.ceil(wheel.pin_hole))
    for mm in range(first, int(r)):
        strong = mm % 5 == 0
        items.append(
            d.Circle(
                cx=cx,
                cy=cy,
                r=mm,
                style=d.stroke(ink if strong else guide, 0.18 if strong else 0.08),
            )
        )
    # degree marks inside the rim
    for deg in range(360):
        length = next(ticks[step] for step in sorted(ticks, reverse=True) if deg % step == 0)
        x1, u1 = from_polar(r, deg)
        x2, u2 = from_polar(r - length, deg)
        items.append(
            d.Line(x1=cx + x1, y1=cy - u1, x2=cx + x2, y2=cy - u2, style=d.stroke(ink, 0.15))
        )
        if deg % 10 == 0:
            items.append(
                wp.turned(
                    cx,
                    cy,
                    deg,
                    wp.label(
                        cx, cy, 0.0, r - lay["degree_label_inset_mm"], str(deg), label_pt, ink
                    ),
                )
            )
    # sector boundaries and numbers; mm labels along each sector's centre line
    half = wheel.sector_deg / 2
    for column in range(wheel.columns):
        centre = wheel.sector_centre(column)
        x1, u1 = from_polar(wheel.ring_edges[0], centre + half)
        x2, u2 = from_polar(r - lay["boundary_inset_mm"], centre + half)
        items.append(
            d.Line(
                x1=cx + x1,
                y1=cy - u1,
                x2=cx + x2,
                y2=cy - u2,
                style=d.stroke(pal["highlight"], 0.35),
            )
        )
        sector_inset = lay["sector_label_inset_mm"]
        marks: list[d.Element] = [
            wp.label(
                cx,
                cy,
                0.0,
                r - sector_inset,
                f"{t['sector']} {column + 1}",
                lay["sector_label_pt"],
                pal["highlight"],
                bold=True,
            )
        ]
        for mm in range(lay["mm_labels_from"], int(r - sector_inset) - 1, lay["mm_label_step"]):
            # a paper patch under each number keeps it readable over the circles
            h = label_pt * d.PT_MM
            marks.append(
                d.Rect(x=cx - h, y=cy - mm - h / 2, w=2 * h, h=h, style=d.fill(pal["paper"]))
            )
            marks.append(wp.label(cx, cy, 0.0, mm, str(mm), label_pt, ink))
        items.append(
            wp.turned(
                cx,
                cy,
                centre,
                *marks,
                id=f"calibration-sector-{column + 1}",
                data=d.data(sector=column + 1, angle_deg=f"{centre:g}"),
            )
        )
    # the template's rings, dashed, numbered along the boundary of sector 1 and 2
    for _k, edge in enumerate(wheel.ring_edges):
        items.append(
            d.Circle(
                cx=cx,
                cy=cy,
                r=edge,
                style=d.stroke(pal["highlight"], 0.25, dash=(1.2, 0.8)),
                data=d.data(ring_edge_mm=f"{edge:g}"),
            )
        )
    for row in range(wheel.rows):
        u = wheel.ring_middle(row)
        items.append(
            wp.turned(
                cx,
                cy,
                half + lay["ring_label_offset_deg"],
                wp.label(
                    cx,
                    cy,
                    0.0,
                    u,
                    f"{t['ring']} {row + 1}",
                    label_pt,
                    pal["highlight"],
                    bold=True,
                ),
            )
        )
    items.append(d.Circle(cx=cx, cy=cy, r=wheel.ring_edges[0] - 2, style=d.fill(pal["paper"])))
    title = t["calibration_title"].format(wheel=wheel.name).split(" (")[0]
    items.append(
        wp.label(cx, cy, 0.0, (wheel.ring_edges[0] - 2) / 2, title, lay["title_pt"], ink, bold=True)
    )
    items.append(wp.pin_mark(cx, cy, wheel.pin_hole, pal))
    return d.Drawing(
        2 * r,
        2 * r,
        tuple(items),
        name="calibration-disc",
        bleed_mm=wheel.disc_bleed,
        metadata=d.data(wheel=wheel.name, centre=f"{cx:g} {cy:g}", radius_mm=f"{r:g}"),
    )


def calibration_sheet(
    paper: str, settings: PrintSettings, wheel: Wheel | str = "retail"
) -> sheets.Sheet:
    """A page body with the calibration disc (cut circle) and how to use it."""
    wheel = resolve(wheel)
    p = sheets.paper(paper)
    area = sheets.body_area(p)
    t = texts(settings.lang)
    pal = symbols.palette(settings.ink)
    disc = calibration_drawing(wheel, settings)
    x = area.x + (area.w - disc.media_width) / 2
    items: list[d.Element] = [placed_at(disc, x, area.y)]
    b = disc.bleed_mm
    r = wheel.disc_radius
    items.append(wp.cut_circle(x + b + r, area.y + b + r, r, pal))
    title = t["calibration_title"].format(wheel=wheel.name)
    sheet = load_template("wheel/layout.json")["sheet"]
    items.extend(
        instructions(
            t["calibration_steps"],
            title,
            area.x,
            area.y + disc.media_height + sheet["gap_mm"],
            area.w,
            sheet["steps_pt"],
            pal,
        )
    )
    return sheets.Sheet(p, tuple(items), title)


def calibration_page(
    paper: str, settings: PrintSettings, wheel: SectorWheel | str = "retail"
) -> d.Drawing:
    """The calibration sheet as a finished page: the core file ``calibration-disc.svg``."""
    return finished_page(calibration_sheet(paper, settings, wheel), "calibration-disc", settings)
