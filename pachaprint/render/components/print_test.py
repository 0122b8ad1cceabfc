"""The print test: a page pair to check scale and front/back registration.

The front carries two millimetre rulers and five registration crosses; the
back carries the same crosses at the mirrored places, each with a half
millimetre offset scale, so a sheet held against the light shows at once
whether a duplex print registers and by how much it is off.
"""

from __future__ import annotations

from ...model.printing import PrintSettings
from .. import draw as d
from ..fonts import wrap
from ..sheets import Paper, Sheet, body_area, paper
from ..symbols import palette
from ..texts import texts as language_texts


def _cross(x: float, y: float, arm: float, ink: str, width: float = 0.2) -> list[d.Element]:
    """A registration cross: two arms of ``arm`` mm each side and a 2.4 mm ring."""
    style = d.stroke(ink, width)
    return [
        d.Line(x1=x - arm, y1=y, x2=x + arm, y2=y, style=style),
        d.Line(x1=x, y1=y - arm, x2=x, y2=y + arm, style=style),
        d.Circle(cx=x, cy=y, r=2.4, style=style),
    ]


def _ruler(
    x: float, y: float, length: float, ink: str, vertical: bool = False, step_label: int = 10
) -> list[d.Element]:
    """A millimetre ruler: ticks every mm, longer every 5 and 10, numbers every 10."""
    items: list[d.Element] = []
    for k in range(int(length) + 1):
        tick = 4.0 if k % 10 == 0 else 2.5 if k % 5 == 0 else 1.5
        if vertical:
            items.append(d.Line(x1=x, y1=y + k, x2=x + tick, y2=y + k, style=d.stroke(ink, 0.15)))
        else:
            items.append(d.Line(x1=x + k, y1=y, x2=x + k, y2=y + tick, style=d.stroke(ink, 0.15)))
        if k % step_label == 0:
            if vertical:
                items.append(d.Text(x=x + 5, y=y + k, text=str(k), size_pt=6, valign="middle"))
            else:
                items.append(d.Text(x=x + k, y=y + 7.2, text=str(k), size_pt=6, anchor="middle"))
    line = d.Line(
        x1=x,
        y1=y,
        x2=x if vertical else x + length,
        y2=y + length if vertical else y,
        style=d.stroke(ink, 0.2),
    )
    return [line, *items]


def _vernier(x: float, y: float, label: str, ink: str) -> list[d.Element]:
    """Offset scale around a registration cross on the back: ticks every 0.5 mm, +-5 mm."""
    items: list[d.Element] = []
    for k in range(-10, 11):
        v = k * 0.5
        tick = 2.0 if k % 2 == 0 else 1.0
        style = d.stroke(ink, 0.12)
        items.append(d.Line(x1=x + v, y1=y + 6, x2=x + v, y2=y + 6 + tick, style=style))
        items.append(d.Line(x1=x + 6, y1=y + v, x2=x + 6 + tick, y2=y + v, style=style))
    items.append(d.Text(x=x, y=y + 11, text=label, size_pt=6, anchor="middle"))
    # signs: a reading is positive to the right and downwards, as seen on the back
    minus = "\u2212"  # a true minus sign, as wide as the plus
    for tx, ty, sign in ((x - 6.2, y + 7.2, minus), (x + 6.2, y + 7.2, "+")):
        items.append(d.Text(x=tx, y=ty, text=sign, size_pt=6, anchor="middle", valign="middle"))
    for tx, ty, sign in ((x + 7.1, y - 6.2, minus), (x + 7.1, y + 6.2, "+")):
        items.append(d.Text(x=tx, y=ty, text=sign, size_pt=6, anchor="middle", valign="middle"))
    return items


def alignment_sheets(p: Paper | str, settings: PrintSettings) -> list[Sheet]:
    """Test page pair: scale rulers, and crosses that coincide on a good duplex print."""
    p = paper(p) if isinstance(p, str) else p
    area = body_area(p)
    texts = language_texts(settings.lang)["alignment"]
    ink = palette(settings.ink)["ink"]
    front: list[d.Element] = []
    back: list[d.Element] = []
    y = area.y + 6
    front.append(d.Text(x=area.x, y=y, text=texts["title"], size_pt=14, bold=True))
    y += 9
    for para in texts["steps"]:
        for line in wrap(para, area.w - 4, 9):
            front.append(d.Text(x=area.x, y=y, text=line, size_pt=9))
            y += 4.6
        y += 1.8
    y += 4
    front.extend(_ruler(area.x + 5, y, 150, ink))
    front.append(d.Text(x=area.x + 5, y=y + 13, text=texts["ruler"], size_pt=7))
    front.extend(_ruler(area.x + area.w - 22, y + 22, 100, ink, vertical=True))
    crosses = [
        (area.x + 25, y + 45),
        (area.x + area.w - 45, y + 45),
        (p.width / 2, (y + 45 + area.y + area.h) / 2),
        (area.x + 25, area.y + area.h - 25),
        (area.x + area.w - 45, area.y + area.h - 25),
    ]
    for cx, cy in crosses:
        # the front's long arms reach across the back's offset scales (6-8 mm out)
        front.extend(_cross(cx, cy, 9, ink))
        front.append(
            d.Text(x=cx, y=cy - 10.5, text=texts["front_mark"], size_pt=6, anchor="middle")
        )
        mx = p.width - cx
        back.extend(_cross(mx, cy, 4, ink, 0.25))
        back.extend(_vernier(mx, cy, texts["steps_label"], ink))
    back.append(
        d.Text(
            x=p.width / 2,
            y=area.y + 8,
            text=texts["back_title"],
            size_pt=12,
            bold=True,
            anchor="middle",
        )
    )
    for i, line in enumerate(wrap(texts["back_help"], area.w - 30, 9)):
        back.append(
            d.Text(x=p.width / 2, y=area.y + 16 + i * 4.6, text=line, size_pt=9, anchor="middle")
        )
    return [
        Sheet(p, tuple(front), texts["label"], "front"),
        Sheet(p, tuple(back), texts["back_label"], "back"),
    ]
