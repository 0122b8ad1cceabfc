"""The score track: 0-99 in a snake of 10 rows, so consecutive scores always touch."""

from __future__ import annotations

from ...model.printing import PrintSettings
from .. import draw as d
from ..fonts import fit_size, wrap
from ..symbols import palette
from ..texts import core_geometry, texts


def score_track(settings: PrintSettings) -> d.Drawing:
    """The score track drawing (3 mm bleed); cells carry ``id="score-42"``."""
    g = core_geometry()["score_track"]
    words = texts(settings.lang)["score"]
    pal = palette(settings.ink)
    bleed = core_geometry()["bleed_mm"]
    m, cell, per_row = g["margin_mm"], g["cell_mm"], g["per_row"]
    rows = g["cells"] // per_row
    width = 2 * m + per_row * cell
    help_lines = wrap(words["help"], width - 2 * m, 8)
    top = m + 10
    height = top + rows * cell + 3 + len(help_lines) * 4.2 + m
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
            text=words["title"],
            size_pt=14,
            bold=True,
            anchor="middle",
            valign="middle",
        ),
    ]
    for score in range(g["cells"]):
        row, k = divmod(score, per_row)
        col = k if row % 2 == 0 else per_row - 1 - k
        x, y = m + col * cell, top + row * cell
        tens = score % 10 == 0
        fill_colour = pal["animal_band"] if tens else pal["paper"]
        items.append(
            d.group(
                d.Rect(x=x, y=y, w=cell, h=cell, style=d.both(fill_colour, pal["guide"], 0.3)),
                d.Text(
                    x=x + cell / 2,
                    y=y + cell / 2,
                    text=str(score),
                    size_pt=12 if tens else 10,
                    bold=tens,
                    anchor="middle",
                    valign="middle",
                ),
                id=f"score-{score}",
                data=d.data(score=score),
            )
        )
    y = top + rows * cell + 3 + 3
    for line in help_lines:
        items.append(d.Text(x=m, y=y, text=line, size_pt=fit_size(line, width - 2 * m, 8)))
        y += 4.2
    return d.Drawing(width, height, tuple(items), name="score-track", bleed_mm=bleed)
