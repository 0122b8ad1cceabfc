"""The art of the retail-style (sector) wheel: its cells' marks, rim, cover and slider.

Cover: a radial slot (windened at its outer end into the *throat*, where the
strip dives under the cover), one keeper slit beyond the pin, the animal
scale beside the slot and two pointers at the edge for the disc's rim.
Slider: a strip with both windows, the glue mark for the shutters and the row
index arrow. Rim: each column's element symbol and letter, sector ticks, and
a fine alignment tick under each pointer's place.

SVG ids (docs/outputs.md section 3): ``window-discovery``/``window-divination`` on the
slider, ``cover-slot`` (slot and throat), ``keeper-slit``, ``pointer-element``
and ``pointer-letter``, ``scale-row-N``, ``slider`` with ``data-origin`` and
``data-stops``, ``slider-index``, ``rim-element-c`` and ``align-tick-N``.
"""

from __future__ import annotations

from ...model.printing import PrintSettings
from .. import draw as d
from .. import symbols
from ..fonts import text_width
from ..shutters import shutters
from ..wheel import Box, CellPlace, Sector, Setting
from ..wheel_sectors import SectorWheel
from ..wheel_sheet_layout import PIECE_BLEED_MM
from . import wheelparts as wp
from .shutter_piece import glue_mark, shutters_in_place
from .wheel_art import WheelArt, tick


def _cut(pal: symbols.Palette) -> d.Style:
    return d.cut_line(pal["cut"], 0.25)


def box_segments(cx: float, cy: float, b: Box) -> tuple[d.Segment, ...]:
    """An axis-frame box as a closed sub-path."""
    pts = [wp.page_point(cx, cy, x, u) for x, u in b.corners()]
    return (d.MoveTo(*pts[0]), *(d.LineTo(*p) for p in pts[1:]), d.Close())


class SectorArt(WheelArt):
    """What a :class:`~pachaprint.render.wheel_sectors.SectorWheel` draws."""

    wheel: SectorWheel
    disc_band = "element_band"
    steps_key = "retail_steps"

    def __init__(self, wheel: SectorWheel, settings: PrintSettings):
        super().__init__(wheel, settings)
        self.wheel = wheel

    # -- disc ------------------------------------------------------------------
    def cell_marks(
        self, place: CellPlace, terrain: symbols.Swatch, crop: symbols.Swatch, cx: float, cy: float
    ) -> list[d.Element]:
        """Letter and number exactly where the windows fall; symbols beside them where they fit."""
        w = self.wheel
        marks: list[d.Element] = []
        for anchor, text, size, sw, area, window, side in (
            (
                place.terrain_anchor,
                terrain.letter,
                w.cell_letter_pt,
                terrain,
                place.terrain,
                w.discovery_window(place.row),
                -1.0,
            ),
            (
                place.crop_anchor,
                crop.letter,
                w.cell_digit_pt,
                crop,
                place.crop,
                w.divination_window(place.row),
                1.0,
            ),
        ):
            marks.append(wp.label(cx, cy, *anchor, text, size, sw.ink, bold=True))
            spot = _symbol_spot(area.rotated(-place.turn), window, side, w.cell_symbol_mm)
            if spot is not None and sw.symbol:
                x, u, size_mm = spot
                marks.append(
                    wp.glyph(sw.symbol, cx, cy, x, u, size_mm, ink=sw.ink, paper=sw.colour)
                )
        return marks

    def blank_cells(self, width: int, cx: float, cy: float) -> list[d.Element]:
        """Sectors of columns a tiny disc does not use: plain."""
        w = self.wheel
        pal = self.pal
        style = d.both(pal["paper"], pal["guide"], 0.2)
        half = w.sector_deg / 2
        out: list[d.Element] = []
        for column in range(width, w.columns):
            centre = w.sector_centre(column)
            for row in range(w.rows):
                low, high = w.ring(row)
                out.append(
                    wp.sector(cx, cy, Sector(low, high, centre - half, centre + half), style)
                )
        return out

    def rim(self, width: int, cx: float, cy: float) -> list[d.Element]:
        """Each column's element symbol and letter on the red band, sector ticks, alignment ticks."""
        w = self.wheel
        pal = self.pal
        mid = (w.rim_inner + w.disc_radius) / 2
        white = pal["element_ink"]
        out: list[d.Element] = []
        half = w.sector_deg / 2
        edge = d.stroke(white, 0.4)
        for column in range(w.columns):
            centre = w.sector_centre(column)
            for angle in (centre - half, centre + half):
                out.append(tick(cx, cy, angle, w.rim_inner, w.rim_inner + w.tick_mm, edge))
            if column >= width:
                continue
            element = symbols.element_symbol(wp.element_name(column))
            out.append(
                wp.turned(
                    cx,
                    cy,
                    centre + w.element_offset,
                    wp.glyph(
                        element,
                        cx,
                        cy,
                        0.0,
                        mid,
                        w.element_symbol,
                        ink=white,
                        paper=pal["element_band"],
                    ),
                    id=f"rim-element-{wp.column_letter(column)}",
                )
            )
            letter_pt = float(w.raw["rim"]["letter_pt"])
            out.append(
                wp.turned(
                    cx,
                    cy,
                    centre + w.letter_offset,
                    wp.label(cx, cy, 0.0, mid, wp.column_letter(column), letter_pt, white, True),
                )
            )
        fine = d.stroke(white, 0.3)
        for n, angle in enumerate(w.alignment_ticks()):
            out.append(
                d.group(
                    tick(cx, cy, angle, w.rim_inner - 0.4, w.rim_inner + 1.0, fine),
                    id=f"align-tick-{n}",
                    data=d.data(angle_deg=f"{angle:g}"),
                )
            )
        return out

    # -- cover -----------------------------------------------------------------
    def _opening(self, cx: float, cy: float) -> tuple[d.Segment, ...]:
        """The slot and its throat as one outline (a T seen from the pin)."""
        outline, throat = self.wheel.slot_outline(), self.wheel.throat
        far = outline.index((self.wheel.slot.x1, throat.u0))
        pts = [
            *outline[: far + 1],
            (throat.x1, throat.u0),
            (throat.x1, throat.u1),
            (throat.x0, throat.u1),
            (throat.x0, throat.u0),
            *outline[far + 1 :],
        ]
        page = [wp.page_point(cx, cy, x, u) for x, u in pts]
        return (d.MoveTo(*page[0]), *(d.LineTo(*p) for p in page[1:]), d.Close())

    def cover_items(self, cx: float, cy: float) -> list[d.Element]:
        w = self.wheel
        pal = self.pal
        t = self.words
        cover = w.raw["cover"]
        opening = self._opening(cx, cy)
        body = d.Path(
            segments=(
                d.ArcTo(cx, cy, w.cover_radius + w.cover_bleed, 0.0, 360.0),
                d.Close(),
                *opening,
            ),
            evenodd=True,
            style=d.fill(pal["animal_band"]),
        )
        u, x0, x1 = w.keeper_slit
        items: list[d.Element] = [
            body,
            d.Path(
                segments=opening,
                style=_cut(pal),
                id="cover-slot",
                data=d.data(throat_u_mm=f"{w.throat.u0:g} {w.throat.u1:g}"),
            ),
            d.Line(
                x1=cx + x0,
                y1=cy - u,
                x2=cx + x1,
                y2=cy - u,
                style=d.cut_line(pal["cut"], 0.35),
                id="keeper-slit",
                data=d.data(u_mm=f"{u:g}", length_mm=f"{x1 - x0:g}"),
            ),
        ]
        # pointers at the edge: element (counter-clockwise side) and column letter (clockwise side)
        size = float(cover["pointer_mm"])
        for angle, name in ((w.element_offset, "element"), (w.letter_offset, "letter")):
            tip = w.cover_radius
            pointer = wp.poly(
                (
                    wp.page_point(cx, cy, 0.0, tip),
                    wp.page_point(cx, cy, -size / 2, tip - size),
                    wp.page_point(cx, cy, size / 2, tip - size),
                ),
                style=d.fill(pal["ink"]),
            )
            items.append(wp.turned(cx, cy, angle, pointer, id=f"pointer-{name}"))
        items += self._animal_scale(cx, cy)
        title_x = -(w.slider_half_width + w.cover_radius) / 2
        items.append(
            wp.label(
                cx,
                cy,
                title_x,
                0.0,
                t["cover_title"].format(wheel=w.name),
                float(cover["label_pt"]),
                pal["ink"],
                bold=True,
            )
        )
        return items

    def _animal_scale(self, cx: float, cy: float) -> list[d.Element]:
        """The animal scale beside the slot, one mark per slider stop."""
        w = self.wheel
        pal = self.pal
        cover = w.raw["cover"]
        s = float(cover["animal_symbol_mm"])
        x_scale = w.slider_half_width + float(cover["animal_scale_gap_mm"])
        items: list[d.Element] = []
        for row in range(w.rows):
            u = w.window_centre(row)
            items.append(
                d.group(
                    d.Line(
                        x1=cx + x_scale - 1.2,
                        y1=cy - u,
                        x2=cx + x_scale,
                        y2=cy - u,
                        style=d.stroke(pal["ink"], 0.3),
                    ),
                    wp.glyph(wp.animal_name(row), cx, cy, x_scale + 0.4 + s / 2, u, s),
                    wp.label(
                        cx,
                        cy,
                        x_scale + s + 2.4,
                        u,
                        str(row + 1),
                        float(cover["row_number_pt"]),
                        pal["ink"],
                        bold=True,
                    ),
                    id=f"scale-row-{row + 1}",
                    data=d.data(row=row + 1, animal=wp.animal_name(row), u_mm=f"{u:g}"),
                )
            )
        return items

    # -- slider ------------------------------------------------------------------
    def slider(self) -> d.Drawing:
        """The slider strip: both windows, the shutter glue mark and the row index arrow.

        Drawn with the strip's outer end at the top; ``data-origin`` gives where
        the axis frame's origin (the pin) lies when the strip sits at its first stop.
        """
        w = self.wheel
        pal = self.pal
        t = self.words
        raw = w.raw["slider"]
        strip = w.slider
        ox, oy = strip.width / 2, strip.u1  # axis origin in drawing coordinates
        win_d, win_c = w.discovery_window(0), w.divination_window(0)
        holes = box_segments(ox, oy, win_d) + box_segments(ox, oy, win_c)
        b = PIECE_BLEED_MM
        outer = Box(strip.x0 - b, strip.x1 + b, strip.u0 - b, strip.u1 + b)
        items: list[d.Element] = [
            d.Path(
                segments=box_segments(ox, oy, outer) + holes,
                evenodd=True,
                style=d.fill(str(raw["colour"])),
            ),
            wp.box(ox, oy, strip, d.Style(), id="slider-trim"),
            wp.box(ox, oy, win_d, _cut(pal), id="window-discovery", data=d.data(area="terrain")),
            wp.box(ox, oy, win_c, _cut(pal), id="window-divination", data=d.data(area="crop")),
            glue_mark(w, ox, oy, pal),
        ]
        # index arrow on the edge facing the animal scale, level with the windows
        u = win_c.centre[1]
        size = float(raw["index_mm"])
        items.append(
            wp.poly(
                (
                    wp.page_point(ox, oy, strip.x1, u),
                    wp.page_point(ox, oy, strip.x1 - size, u + size * 0.6),
                    wp.page_point(ox, oy, strip.x1 - size, u - size * 0.6),
                ),
                style=d.fill(pal["ink"]),
                id="slider-index",
            )
        )
        label_pt = float(raw["label_pt"])
        spine = shutters(w).spine
        for key, window in (("discovery", win_d), ("divination", win_c)):
            x = window.centre[0]
            u_mid = spine.u0 - 1.5 - text_width(t[key], label_pt) / 2
            items.append(_upright(ox, oy, x, u_mid, t[key], label_pt, pal["ink"]))
        u_word = -w.inner_keeper_radius / 2
        items.append(_upright(ox, oy, 0.0, u_word, t["slider"], label_pt, pal["guide"]))
        stops = " ".join(f"{s:g}" for s in w.stops)
        return d.Drawing(
            strip.width,
            strip.height,
            tuple(items),
            name="slider",
            bleed_mm=b,
            metadata=d.data(wheel=w.name, origin=f"{ox:g} {oy:g}", stops=stops),
        )

    def assembled(
        self, cover: d.Group, setting: Setting, cx: float, cy: float, lifted: set[str]
    ) -> list[d.Element]:
        """The strip over the disc's rim past the cover, the cover, the strip over the cover
        between the keeper slit and the throat, and the shutters on the strip."""
        w = self.wheel
        strip = self.slider()
        du = setting.slider_mm or 0.0
        ox, oy = strip.width_mm / 2, w.slider.u1
        place = d.translate(cx - ox, cy - oy - du)

        def part(u0: float, u1: float, ident: str) -> d.Group:
            # the strip between two distances from the pin (axis frame), in strip coordinates
            top, bottom = oy - (u1 - du), oy - (u0 - du)
            y0 = max(0.0, top)
            return d.group(
                *strip.items,
                transform=place,
                id=ident,
                clip=d.Rect(
                    x=0, y=y0, w=strip.width_mm, h=max(0.0, min(strip.height_mm, bottom) - y0)
                ),
            )

        return [
            part(w.cover_radius, w.slider.u1 + du + 1.0, "preview-slider-outside"),
            cover,
            part(w.keeper_slit[0], w.throat.u1, "preview-slider"),  # it fills the throat too
            d.group(shutters_in_place(w, ox, oy, lifted, self.pal), transform=place),
        ]


def _upright(
    ox: float, oy: float, x: float, u: float, text: str, pt: float, colour: str
) -> d.Group:
    """Text centred on an axis-frame point, reading along the strip."""
    px, py = wp.page_point(ox, oy, x, u)
    label = d.Text(
        x=px, y=py, text=text, size_pt=pt, anchor="middle", valign="middle", colour=colour
    )
    return d.group(label, transform=d.rotate(90, px, py))


SYMBOL_STEP_MM = 0.5
MIN_SYMBOL_MM = 3.0


def _symbol_spot(
    area: Sector, window: Box, side: float, largest: float
) -> tuple[float, float, float] | None:
    """Room for a symbol in ``area`` beside ``window`` (outwards across the axis), or ``None``.

    Tries sizes from ``largest`` (at most the window's height plus its ring's
    margin) down to :data:`MIN_SYMBOL_MM`, so the loop is short whatever the template.
    """
    gap, margin = 0.8, 0.5
    u = window.centre[1]
    size = min(largest, area.r_out - area.r_in)
    steps = max(0, int((size - MIN_SYMBOL_MM) / SYMBOL_STEP_MM) + 1)
    for k in range(steps):
        s = size - k * SYMBOL_STEP_MM
        x_near = window.x0 - gap if side < 0 else window.x1 + gap
        x_far = x_near + side * s
        spot = Box(min(x_near, x_far), max(x_near, x_far), u - s / 2, u + s / 2)
        if area.clearance_of(spot) >= margin:
            return spot.centre[0], u, s
    return None


__all__ = ["SectorArt", "box_segments"]
