"""A picture of the assembled wheel at one setting: what a player sees.

The disc front turned by the setting's rotation, the cover on top and, for the
retail template, the slider at the row's stop, layered as assembled: the
strip's ends run under the cover at the keeper slits, and the part beyond the
cover's edge lies on the disc's rim. Useful in galleries and to check a
template by eye; the geometric proof lives in the tests.
"""

from __future__ import annotations

from pachaprint.model.board import COLUMN_LETTERS
from pachaprint.model.scenario import Scenario

from .. import draw as d
from ..wheel import AnyWheel, SectorWheel
from ..wheel_templates import load_wheel
from .disc_front import disc_front
from .wheel_cover import cover_drawing, slider_drawing


def wheel_preview(
    scenario: Scenario,
    wheel: AnyWheel | str,
    column: int,
    row: int,
    lang: str = "en",
    margin: float = 10.0,
) -> d.Drawing:
    """The assembled wheel of ``scenario`` set to show cell (``column``, ``row``), both 0-based."""
    if isinstance(wheel, str):
        wheel = load_wheel(wheel)
    if not scenario.board.contains(column, row):
        raise ValueError(
            f"no cell at column {column + 1}, row {row + 1} on a {scenario.size} board"
        )
    setting = wheel.setting(column, row)
    disc = disc_front(scenario, wheel, lang)
    cover = cover_drawing(wheel, lang)
    r = wheel.disc_radius
    reach = r
    if isinstance(wheel, SectorWheel):
        reach = max(r, wheel.slider.u1 + wheel.stops[-1])
    size = 2 * (reach + margin)
    cx = cy = size / 2
    rc = wheel.cover_radius
    items: list[d.Element] = [
        d.group(
            *disc.items,
            transform=d.compose(d.translate(cx - r, cy - r), d.rotate(setting.rotation_deg, r, r)),
            clip=d.Circle(cx=r, cy=r, r=r),
            id="preview-disc",
        ),
    ]
    cover_group = d.group(
        *cover.items,
        transform=d.translate(cx - rc, cy - rc),
        clip=d.Circle(cx=rc, cy=rc, r=rc),
        id="preview-cover",
    )
    if isinstance(wheel, SectorWheel):
        strip = slider_drawing(wheel, lang)
        ox, oy = strip.width_mm / 2, wheel.slider.u1
        place = d.translate(cx - ox, cy - oy - (setting.slider_mm or 0.0))

        def part(u0: float, u1: float, ident: str) -> d.Group:
            # the strip between two distances from the pin (axis frame), in strip coordinates
            top = oy - (u1 - (setting.slider_mm or 0.0))
            bottom = oy - (u0 - (setting.slider_mm or 0.0))
            return d.group(
                *strip.items,
                transform=place,
                id=ident,
                clip=d.Rect(
                    x=0,
                    y=max(0.0, top),
                    w=strip.width_mm,
                    h=max(0.0, min(strip.height_mm, bottom) - max(0.0, top)),
                ),
            )

        outer_slit = wheel.keeper_slits[0][0]
        inner_slit = wheel.keeper_slits[1][0]
        items.append(part(rc, reach + margin, "preview-slider-outside"))
        items.append(cover_group)
        items.append(part(inner_slit, outer_slit, "preview-slider"))
    else:
        items.append(cover_group)
    name = f"{COLUMN_LETTERS[column]}{row + 1}"
    return d.Drawing(
        size,
        size,
        tuple(items),
        name=f"wheel-preview-{name}",
        metadata=d.data(
            scenario=scenario.id,
            wheel=wheel.name,
            cell=name,
            rotation_deg=f"{setting.rotation_deg:g}",
            slider_mm="" if setting.slider_mm is None else f"{setting.slider_mm:g}",
        ),
    )
