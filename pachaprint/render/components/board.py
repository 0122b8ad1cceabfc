"""The board: 5 x 9 cells, coordinates, solo trails and the orientation llama.

Layout from the outside in: bleed, a thin margin, the coordinate headers
(element symbols on red above the columns, animal symbols on beige left of the
rows, each with its plain letter or number), the trail band with the solo
trails of ``templates/board.json``, then the grid. Cell pitch = terrain tile
size. Board cells carry ``id="board-c3"`` and ``data-cell``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...model.board import COLUMN_LETTERS
from ...model.printing import PrintSettings
from ...resources import load_template
from .. import draw as d
from ..fonts import fit_size
from ..symbols import element_symbol, palette, place
from ..texts import core_geometry, texts


@dataclass(frozen=True)
class BoardGeometry:
    """Where the grid sits on the board drawing (all mm, trim coordinates)."""

    cell: float
    columns: int
    rows: int
    band: float
    header: float
    margin: float
    foot: float

    @property
    def left(self) -> float:
        return self.margin + self.header + self.band

    @property
    def top(self) -> float:
        return self.margin + self.header + self.band

    @property
    def right(self) -> float:
        return self.left + self.columns * self.cell

    @property
    def bottom(self) -> float:
        return self.top + self.rows * self.cell

    @property
    def width(self) -> float:
        return self.right + self.band + self.margin

    @property
    def height(self) -> float:
        return self.bottom + self.band + self.foot + self.margin


def geometry(cell_mm: float | None = None) -> BoardGeometry:
    """Board layout for a cell pitch (default: ``cell_mm`` of the board template)."""
    tpl = load_template("board.json")
    g = core_geometry()["board"]
    return BoardGeometry(
        cell_mm or tpl["cell_mm"],
        tpl["columns"],
        tpl["rows"],
        g["trail_band_mm"],
        g["header_mm"],
        g["outer_margin_mm"],
        g["foot_mm"],
    )


def end_point(g: BoardGeometry, end: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """An edge end's point on the grid edge and its point out in the trail band."""
    side, line = end.split("-")
    out = g.band * 0.55
    if side in ("top", "bottom"):
        x = g.left + (COLUMN_LETTERS.index(line) + 0.5) * g.cell
        y = g.top if side == "top" else g.bottom
        return (x, y), (x, y - out if side == "top" else y + out)
    y = g.top + (int(line) - 0.5) * g.cell
    x = g.left if side == "left" else g.right
    return (x, y), (x - out if side == "left" else x + out, y)


def trail_path(g: BoardGeometry, a: str, b: str) -> list[tuple[float, float]]:
    """Polyline of one trail: edge end a, out into the band, round, back in at b."""
    (ea, oa), (eb, ob) = end_point(g, a), end_point(g, b)
    pts = [ea, oa]
    side_a, side_b = a.split("-")[0], b.split("-")[0]
    if side_a != side_b:
        # corner trail: meet where the two band lines cross
        vertical_a = side_a in ("top", "bottom")
        pts.append((ob[0], oa[1]) if vertical_a else (oa[0], ob[1]))
    pts += [ob, eb]
    return pts


def _trail(g: BoardGeometry, a: str, b: str, pal: dict[str, Any]) -> d.Group:
    pts = tuple(trail_path(g, a, b))
    road = d.Style(stroke=pal["trail"], stroke_width=2.2, cap="butt", join="round")
    centre = d.Style(stroke=pal["board"], stroke_width=0.4, dash=(1.2, 1.0), join="round")
    items: list[d.Element] = [
        d.Polygon(points=pts, closed=False, style=road),
        d.Polygon(points=pts, closed=False, style=centre),
    ]
    for edge, out in ((pts[0], pts[1]), (pts[-1], pts[-2])):
        # a small wedge at each end pointing into the board
        dx, dy = edge[0] - out[0], edge[1] - out[1]
        n = max(abs(dx), abs(dy))
        ux, uy = dx / n, dy / n
        tip = (edge[0] + ux * 0.2, edge[1] + uy * 0.2)
        base = (edge[0] - ux * 2.2, edge[1] - uy * 2.2)
        items.append(
            d.Polygon(
                points=(
                    tip,
                    (base[0] - uy * 1.8, base[1] + ux * 1.8),
                    (base[0] + uy * 1.8, base[1] - ux * 1.8),
                ),
                style=d.fill(pal["trail"]),
            )
        )
    return d.Group(items=tuple(items), id=f"trail-{a}-{b}", data=d.data(ends=f"{a} {b}"))


def board(settings: PrintSettings, cell_mm: float | None = None) -> d.Drawing:
    """The board drawing (trim size from the geometry, 3 mm bleed)."""
    g = geometry(cell_mm)
    tpl = load_template("board.json")
    words = texts(settings.lang)
    pal = palette(settings.ink)
    bleed = core_geometry()["bleed_mm"]
    tiny = tpl["tiny_columns"]
    items: list[d.Element] = [
        d.Rect(
            x=-bleed,
            y=-bleed,
            w=g.width + 2 * bleed,
            h=g.height + 2 * bleed,
            style=d.fill(pal["board"]),
        ),
    ]
    # headers: elements above the columns, animals left of the rows
    for c in range(g.columns):
        x = g.left + c * g.cell
        y = g.margin
        letter = COLUMN_LETTERS[c]
        items.append(
            d.group(
                d.Rect(
                    x=x + 0.5,
                    y=y,
                    w=g.cell - 1,
                    h=g.header,
                    rx=1.2,
                    style=d.fill(pal["element_band"]),
                ),
                place(
                    element_symbol(tpl["elements"][c]),
                    x + g.cell * 0.36,
                    y + g.header / 2,
                    g.header * 0.72,
                    ink=pal["element_ink"],
                    paper=pal["element_band"],
                ),
                d.Text(
                    x=x + g.cell * 0.78,
                    y=y + g.header / 2,
                    text=letter,
                    size_pt=13,
                    bold=True,
                    anchor="middle",
                    valign="middle",
                    colour=pal["element_ink"],
                ),
                id=f"column-{letter}",
                data=d.data(column=letter, element=tpl["elements"][c]),
            )
        )
    for r in range(g.rows):
        y = g.top + r * g.cell
        x = g.margin
        items.append(
            d.group(
                d.Rect(
                    x=x,
                    y=y + 0.5,
                    w=g.header,
                    h=g.cell - 1,
                    rx=1.2,
                    style=d.fill(pal["animal_band"]),
                ),
                place(
                    tpl["animals"][r],
                    x + g.header / 2,
                    y + g.cell * 0.36,
                    g.header * 0.72,
                    paper=pal["animal_band"],
                ),
                d.Text(
                    x=x + g.header / 2,
                    y=y + g.cell * 0.8,
                    text=str(r + 1),
                    size_pt=13,
                    bold=True,
                    anchor="middle",
                    valign="middle",
                ),
                id=f"row-{r + 1}",
                data=d.data(row=r + 1, animal=tpl["animals"][r]),
            )
        )
    # the tiny area: columns a-e tinted, a dashed bar after the last tiny column
    items.append(
        d.Rect(
            x=g.left - 1.2,
            y=g.top - 1.2,
            w=tiny * g.cell + 2.4,
            h=g.rows * g.cell + 2.4,
            rx=1,
            style=d.fill(pal["guide"]),
            id="tiny-area",
            data=d.data(columns=f"a-{COLUMN_LETTERS[tiny - 1]}"),
        )
    )
    # cells
    for r in range(g.rows):
        for c in range(g.columns):
            name = f"{COLUMN_LETTERS[c]}{r + 1}"
            x, y = g.left + c * g.cell, g.top + r * g.cell
            items.append(
                d.group(
                    d.Rect(
                        x=x, y=y, w=g.cell, h=g.cell, style=d.both(pal["paper"], pal["guide"], 0.3)
                    ),
                    d.Text(
                        x=x + g.cell / 2,
                        y=y + g.cell / 2,
                        text=name,
                        size_pt=9,
                        anchor="middle",
                        valign="middle",
                        colour=pal["guide"],
                    ),
                    id=f"board-{name}",
                    data=d.data(cell=name, tiny="yes" if c < tiny else "no"),
                )
            )
    # trails
    for a, b in tpl["trails"]:
        items.append(_trail(g, a, b, pal))
    # orientation llama in the top-left corner, upright = north
    corner = g.margin + g.header + g.band
    items.append(
        d.group(
            place("llama", corner / 2 + 0.5, corner / 2 - 1.5, corner * 0.62),
            d.Text(
                x=corner / 2 + 0.5,
                y=corner - 3.2,
                text=words["board"]["north_letter"],
                size_pt=10,
                bold=True,
                anchor="middle",
                valign="middle",
            ),
            id="orientation-llama",
        )
    )
    # foot: the tiny note under columns a-e, the north note under the rest
    foot_y = g.bottom + g.band + g.foot / 2
    tiny_w = tiny * g.cell
    note = words["board"]["tiny"]
    items.append(
        d.Text(
            x=g.left + tiny_w / 2,
            y=foot_y,
            text=note,
            size_pt=fit_size(note, tiny_w - 4, 8),
            anchor="middle",
            valign="middle",
            bold=True,
        )
    )
    north = words["board"]["north"]
    rest_w = (g.columns - tiny) * g.cell
    items.append(
        d.Text(
            x=g.left + tiny_w + rest_w / 2,
            y=foot_y,
            text=north,
            size_pt=fit_size(north, rest_w - 4, 7.5),
            anchor="middle",
            valign="middle",
        )
    )
    return d.Drawing(
        g.width,
        g.height,
        tuple(items),
        name="board",
        bleed_mm=bleed,
        metadata=d.data(cell_mm=f"{g.cell:g}", columns=g.columns, rows=g.rows),
    )
