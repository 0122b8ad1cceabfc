"""The diversity board: one column per terrain, levels 0 (start) to the top level."""

from __future__ import annotations

from ...model.printing import PrintSettings
from ...model.rules import DIVERSITY_TOP_LEVEL, TERRAIN_LETTERS
from .. import draw as d
from ..fonts import fit_size, wrap
from ..symbols import palette, place, terrain
from ..texts import core_geometry, texts


def diversity_board(settings: PrintSettings) -> d.Drawing:
    """The diversity board drawing (3 mm bleed)."""
    g = core_geometry()["diversity_board"]
    words = texts(settings.lang)
    pal = palette(settings.ink)
    bleed = core_geometry()["bleed_mm"]
    m, cw, ch, head, lab = (
        g["margin_mm"],
        g["cell_w_mm"],
        g["cell_h_mm"],
        g["header_mm"],
        g["label_mm"],
    )
    levels = DIVERSITY_TOP_LEVEL + 1
    width = 2 * m + lab + len(TERRAIN_LETTERS) * cw
    help_text = words["diversity"]["help"].format(top=DIVERSITY_TOP_LEVEL)
    help_lines = wrap(help_text, width - 2 * m, 8)
    top = m + 9 + head
    height = top + levels * ch + 4 + len(help_lines) * 4.2 + m
    items: list[d.Element] = [
        d.Rect(
            x=-bleed,
            y=-bleed,
            w=width + 2 * bleed,
            h=height + 2 * bleed,
            style=d.fill(pal["board"]),
        ),
        d.Text(
            x=width / 2,
            y=m + 4,
            text=words["diversity"]["title"],
            size_pt=14,
            bold=True,
            anchor="middle",
            valign="middle",
        ),
    ]
    for i in range(levels):
        level = DIVERSITY_TOP_LEVEL - i
        y = top + i * ch
        items.append(
            d.Text(
                x=m + lab / 2,
                y=y + ch / 2,
                text=str(level),
                size_pt=13,
                bold=True,
                anchor="middle",
                valign="middle",
            )
        )
    word = words["diversity"]["level"]
    items.append(
        d.Text(
            x=m + lab / 2,
            y=top - 3,
            text=word,
            size_pt=fit_size(word, lab, 7),
            anchor="middle",
            valign="middle",
        )
    )
    for c, letter in enumerate(TERRAIN_LETTERS):
        sw = terrain(letter, pal)
        tint = pal["terrains"][letter]["tint"]
        x = m + lab + c * cw
        name = words["terrains"][letter]
        column: list[d.Element] = [
            d.Rect(x=x + 1, y=m + 9, w=cw - 2, h=head - 1.5, rx=1.5, style=d.fill(sw.colour)),
            place(
                sw.symbol, x + cw / 2, m + 9 + head * 0.38, head * 0.52, ink=sw.ink, paper=sw.colour
            ),
            d.Text(
                x=x + cw / 2,
                y=m + 9 + head - 5,
                text=f"{sw.letter} · {name}",
                size_pt=fit_size(f"{sw.letter} · {name}", cw - 4, 8.5),
                bold=True,
                anchor="middle",
                valign="middle",
                colour=sw.ink,
            ),
        ]
        for i in range(levels):
            level = DIVERSITY_TOP_LEVEL - i
            y = top + i * ch
            column.append(
                d.Rect(
                    x=x + 1,
                    y=y + 0.8,
                    w=cw - 2,
                    h=ch - 1.6,
                    rx=1.5,
                    style=d.both(tint if level else pal["paper"], sw.colour, 0.5),
                    id=f"diversity-{letter}-{level}",
                    data=d.data(terrain=letter, level=level),
                )
            )
            column.append(place(sw.symbol, x + cw - 4.5, y + 4.2, 4.6))
        items.append(
            d.Group(items=tuple(column), id=f"diversity-{letter}", data=d.data(terrain=letter))
        )
    y = top + levels * ch + 4 + 3
    for line in help_lines:
        items.append(d.Text(x=m, y=y, text=line, size_pt=8))
        y += 4.2
    return d.Drawing(
        width,
        height,
        tuple(items),
        name="diversity-board",
        bleed_mm=bleed,
        metadata=d.data(levels=levels),
    )
