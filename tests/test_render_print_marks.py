"""Crop marks and cut lines keep off the paper's edge (issue 35).

A home printer cannot print the last few millimetres of a sheet, and a print
shop trims there: every crop mark and cut line of the imposed kit lies at
least ``templates/sheets.json`` ``min_edge_mm`` (6 mm) from every edge of the
paper, on A4 and on Letter. The marks are read from the pages' drawing model
with every transform applied.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pachaprint.model.scenario import Scenario
from pachaprint.render import draw as d
from pachaprint.render.core import core_pages
from pachaprint.render.disc_files import disc_print_pages
from pachaprint.render.paper import geometry
from pachaprint.render.symbols import palette
from tests.helpers import both_wheels, disc_of

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "high-valley.json"


def _apply(m: d.Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, dd, e, f = m
    return a * x + c * y + e, b * x + dd * y + f


def _marks(page: d.Drawing):
    cut = palette()["cut"]
    for item, m in d.walk(page.items):
        style = getattr(item, "style", None)
        if style is None or style.stroke != cut or style.cut == "die":
            continue
        if isinstance(item, d.Line):
            yield item, [_apply(m, item.x1, item.y1), _apply(m, item.x2, item.y2)]
        elif isinstance(item, d.Circle):
            cx, cy = _apply(m, item.cx, item.cy)
            yield item, [(cx - item.r, cy - item.r), (cx + item.r, cy + item.r)]


def _pages(paper: str) -> list[d.Drawing]:
    scenario = Scenario.from_dict(json.loads(FIXTURE.read_text(encoding="utf-8")))
    settings = both_wheels(papers=(paper,))
    discs = disc_print_pages([disc_of(scenario, "medium")], settings)
    return [*core_pages(paper, settings), *discs]


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_crop_mark_and_cut_line_is_6mm_from_the_paper_edge(paper):
    edge = float(geometry()["min_edge_mm"])
    assert edge >= 6.0
    found = 0
    for n, page in enumerate(_pages(paper), 1):
        for item, points in _marks(page):
            found += 1
            for x, y in points:
                room = min(x, y, page.width_mm - x, page.height_mm - y)
                assert room >= edge - 1e-6, (paper, n, item.id, round(room, 2))
    assert found > 100


@pytest.mark.parametrize("wheel", ["retail", "volvelle45"])
def test_a_disc_is_cut_and_pierced_from_its_back(wheel):
    """The back carries the cut line (``cut-line``, the disc's own circle, a die line) and
    the centre cross; the front carries neither a cut line nor anything to cut."""
    from pachaprint.render.components.disc_back import disc_back
    from pachaprint.render.components.disc_front import disc_front
    from pachaprint.render.wheel_templates import load_wheel

    disc = disc_of(Scenario.from_dict(json.loads(FIXTURE.read_text(encoding="utf-8"))), "medium")
    settings = both_wheels()
    back = disc_back(disc, wheel, settings)
    cut = d.find(back, "cut-line")
    radius = load_wheel(wheel).disc_radius
    assert isinstance(cut, d.Circle) and cut.r == radius and cut.style.cut == "line"
    assert (cut.cx, cut.cy) == (radius, radius)
    assert d.find(back, "pin-hole") is not None
    front = disc_front(disc, wheel, settings)
    assert not [i for i, _ in d.walk(front.items) if getattr(i, "style", d.Style()).cut]
