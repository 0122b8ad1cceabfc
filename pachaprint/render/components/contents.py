"""The first page of the core print-and-play PDF: every component, how many, and its page."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...model.printing import PrintSettings
from ...model.rules import BOX_CROP_TILES, BOX_TERRAIN_TILES, CROP_LEVELS, OFFERING_TOKENS_PER_TYPE
from .. import draw as d
from ..fonts import wrap
from ..shapes import paragraph, rule
from ..sheets import Paper, Sheet, body_area
from ..symbols import palette
from ..texts import texts
from . import pieces, screens


def _colours(names: Sequence[str], words: dict[str, Any]) -> str:
    return ", ".join(str(words["pawns"][c]) for c in names)


def rows(words: dict[str, Any], wheels: Sequence[str]) -> list[tuple[str, str, str]]:
    """``(key, component, how many)`` for every component, in print order."""
    c = words["contents"]["rows"]
    terrain = {k: str(v) for k, v in BOX_TERRAIN_TILES.items()}
    found: list[tuple[str, str, str]] = [
        ("print_test", *c["print_test"]),
        ("board", *c["board"]),
        ("diversity", *c["diversity"]),
        ("score_track", *c["score_track"]),
    ]
    name, count = c["terrain_tiles"]
    found.append(
        ("terrain_tiles", name, count.format(total=sum(BOX_TERRAIN_TILES.values()), **terrain))
    )
    name, count = c["crop_tiles"]
    levels = " / ".join(str(BOX_CROP_TILES[k]) for k in CROP_LEVELS)
    found.append(
        ("crop_tiles", name, count.format(total=sum(BOX_CROP_TILES.values()), counts=levels))
    )
    name, count = c["tokens"]
    total = OFFERING_TOKENS_PER_TYPE * len(CROP_LEVELS)
    found.append(("tokens", name, count.format(total=total, per=OFFERING_TOKENS_PER_TYPE)))
    for kind, per_colour in pieces.counts().items():
        name, count = c[kind]
        per = next(iter(per_colour.values()))
        found.append(
            (
                kind,
                name,
                count.format(
                    total=sum(per_colour.values()),
                    per=per,
                    colours=_colours(list(per_colour), words),
                ),
            )
        )
    name, count = c["screen"]
    found.append(
        ("screens", name, count.format(colours=_colours(screens.spec()["colours"], words)))
    )
    found.append(("reference", *c["reference"]))
    for wheel in wheels:
        key = f"wheel_{wheel}" if f"wheel_{wheel}" in c else "wheel_other"
        name, count = c[key]
        found.append((f"wheel:{wheel}", name.format(wheel=wheel), count))
    found.append(("calibration", *c["calibration"]))
    return found


def contents_sheet(
    p: Paper, settings: PrintSettings, entries: Sequence[tuple[str, str, int]]
) -> Sheet:
    """The contents page: ``entries`` are ``(component, how many, first page)``."""
    c = texts(settings.lang)["contents"]
    pal = palette(settings.ink)
    area = body_area(p)
    items: list[d.Element] = [
        d.Text(x=area.x, y=area.y + 8, text=c["title"], size_pt=16, bold=True, colour=pal["ink"])
    ]
    y = area.y + 18
    widths = (0.48, 0.42, 0.10)
    cols = [area.x + sum(widths[:k]) * area.w for k in range(3)]
    size = 9.0
    lead = size * d.PT_MM * 1.3
    head = c["head"]
    items.append(
        d.Rect(x=area.x, y=y - lead + 0.6, w=area.w, h=lead + 1.2, style=d.fill(pal["table_head"]))
    )
    for k, text in enumerate(head):
        items.append(d.Text(x=cols[k] + 1.5, y=y, text=text, size_pt=size, bold=True))
    y += lead + 1.5
    for name, count, page in entries:
        name_lines = wrap(name, widths[0] * area.w - 3, size, bold=True)
        count_lines = wrap(count, widths[1] * area.w - 3, size)
        for k, line in enumerate(name_lines):
            items.append(
                d.Text(x=cols[0] + 1.5, y=y + k * lead, text=line, size_pt=size, bold=k == 0)
            )
        for k, line in enumerate(count_lines):
            items.append(d.Text(x=cols[1] + 1.5, y=y + k * lead, text=line, size_pt=size))
        items.append(d.Text(x=cols[2] + 1.5, y=y, text=str(page), size_pt=size))
        y += max(len(name_lines), len(count_lines)) * lead + 1.2
        items.append(rule(area.x, area.x + area.w, y - lead + 1.0, pal["guide"]))
    y += 4
    for para in (c["discs"].format(paper=p.key), c["need"]):
        lines, y = paragraph(para, area.x, y, area.w, size, pal["ink"])
        items += lines
        y += 2
    return Sheet(p, tuple(items), c["label"], "single")
