"""How to build the wheel and change scenarios without seeing a disc: one page of steps.

Every step has its drawing (:mod:`pachaprint.render.components.wheel_diagrams`)
beside its text (``templates/wheel/texts.json``), two columns of steps on the
page. The split pin stays in the cover; a disc goes on and comes off face
down, onto the pin's legs, so its front is never turned up (steps 6, 7 and
the last one).

SVG ids: each step is a group ``step-N`` with ``data-diagram`` naming its drawing.
"""

from __future__ import annotations

from pachaprint.model.printing import PrintSettings
from pachaprint.resources import load_template

from .. import draw as d
from .. import sheets
from ..fonts import wrap
from ..wheel import Wheel
from ..wheel_templates import resolve
from .wheel_diagrams import HEIGHT, WIDTH, diagrams
from .wheel_kinds import art_for

SIZES_PT = (8.0, 7.5, 7.0, 6.5)
"""Text sizes tried in turn until every step fits the page."""
COLUMN_GAP_MM = 6.0
TEXT_GAP_MM = 3.0


def _lead(size: float) -> float:
    return size * d.PT_MM * 1.28


def _layout(steps: list[str], width: float, size: float) -> tuple[list[list[str]], list[float]]:
    """Each step's lines and its height (the taller of its drawing and its text)."""
    text_w = width - WIDTH - TEXT_GAP_MM - 5.0
    lines = [wrap(step, text_w, size) for step in steps]
    heights = [max(HEIGHT, len(ls) * _lead(size) + 2.0) + 4.0 for ls in lines]
    return lines, heights


def assembly_sheet(wheel: Wheel | str, paper: str, settings: PrintSettings) -> sheets.Sheet:
    """The steps page of ``wheel``: a numbered drawing and text for every step."""
    wheel = resolve(wheel)
    art = art_for(wheel, settings)
    p = sheets.paper(paper)
    area = sheets.body_area(p)
    t = art.words
    pal = art.pal
    lang = settings.lang
    steps = list(t[art.steps_key])
    drawings = diagrams(wheel.has_slider, pal)
    if len(drawings) != len(steps):
        raise ValueError(
            f"templates/wheel/texts.json: {lang} has {len(steps)} {art.steps_key}, "
            f"the drawings {len(drawings)}"
        )
    title = t["assembly_title"].format(wheel=wheel.name)
    col_w = (area.w - COLUMN_GAP_MM) / 2
    top = area.y + 12.0
    note_pt = float(load_template("wheel/layout.json")["sheet"]["steps_pt"])
    note = wrap(t["tiny_note"], area.w, note_pt)
    room = area.y + area.h - top - len(note) * _lead(note_pt) - 3.0
    half = (len(steps) + 1) // 2
    for size in SIZES_PT:
        lines, heights = _layout(steps, col_w, size)
        if max(sum(heights[:half]), sum(heights[half:])) <= room:
            break
    else:
        raise ValueError(
            f"templates/wheel/texts.json: the {lang} assembly steps do not fit one page; shorten them"
        )
    items: list[d.Element] = [
        d.Text(x=area.x, y=area.y + 6.0, text=title, size_pt=12, bold=True, colour=pal["ink"])
    ]
    y_of = [top, top]
    for n, (step_lines, height) in enumerate(zip(lines, heights, strict=True)):
        column = 0 if n < half else 1
        x = area.x + column * (col_w + COLUMN_GAP_MM)
        y = y_of[column]
        drawn: list[d.Element] = [
            d.Rect(
                x=x + 4.5,
                y=y,
                w=WIDTH,
                h=HEIGHT,
                rx=1.5,
                style=d.both(pal["paper"], pal["guide"], 0.2),
            ),
            d.Text(x=x, y=y + 4.0, text=f"{n + 1}", size_pt=11, bold=True, colour=pal["ink"]),
            *drawings[n][1](x + 4.5, y),
        ]
        tx = x + 4.5 + WIDTH + TEXT_GAP_MM
        for k, line in enumerate(step_lines):
            drawn.append(
                d.Text(
                    x=tx, y=y + 3.0 + k * _lead(size), text=line, size_pt=size, colour=pal["ink"]
                )
            )
        items.append(d.group(*drawn, id=f"step-{n + 1}", data=d.data(diagram=drawings[n][0])))
        y_of[column] = y + height
    y = area.y + area.h - len(note) * _lead(note_pt)
    for line in note:
        items.append(d.Text(x=area.x, y=y, text=line, size_pt=note_pt, colour=pal["ink"]))
        y += _lead(note_pt)
    return sheets.Sheet(p, tuple(items), title, "single")
