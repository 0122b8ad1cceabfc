"""The art of the slider-free ``volvelle45`` wheel: its slots' marks, rim and cover.

Cover: both windows cut in it, the shutter piece's glue mark beside them,
and the element scale on a red band (element c at c * slot_deg clockwise from
the window axis, each with a white pointer at the edge). Rim: each row's
animal at the angle of slot 9 * row with its number and pointer, and a fine
alignment tick at every slot's angle: at an exact setting a tick meets every
element pointer.

SVG ids (docs/outputs.md section 3): ``window-discovery`` and ``window-divination`` on
the cover, ``scale-column-c``, ``element-band``, ``rim-animal-N`` and
``align-tick-N``.
"""

from __future__ import annotations

import math

from ...model.printing import PrintSettings
from .. import draw as d
from .. import symbols
from ..shutters import shutters
from ..wheel import CellPlace, Sector, Setting
from ..wheel_slots import SlotWheel
from . import wheelparts as wp
from .shutter_piece import glue_mark, shutters_in_place
from .wheel_art import WheelArt, tick


def _cut(pal: symbols.Palette) -> d.Style:
    return d.stroke(pal["cut"], 0.25)


def sector_segments(cx: float, cy: float, s: Sector) -> tuple[d.Segment, ...]:
    """A sector as a sub-path of its own (starts with a move, so it can follow another)."""
    path = wp.sector(cx, cy, s, d.Style())
    start = d.polar(cx, cy, s.r_out, wp.page_angle(s.start))
    return (d.MoveTo(*start), *path.segments)


class SlotArt(WheelArt):
    """What a :class:`~pachaprint.render.wheel_slots.SlotWheel` draws."""

    wheel: SlotWheel
    disc_band = "animal_band"
    steps_key = "volvelle_steps"

    def __init__(self, wheel: SlotWheel, settings: PrintSettings):
        super().__init__(wheel, settings)
        self.wheel = wheel

    # -- disc ------------------------------------------------------------------
    def cell_marks(
        self, place: CellPlace, terrain: symbols.Swatch, crop: symbols.Swatch, cx: float, cy: float
    ) -> list[d.Element]:
        """The letter and the number near the outer end of each window, where it is widest."""
        w = self.wheel
        marks: list[d.Element] = []
        for ring, text, size, sw in (
            (w.discovery_ring, terrain.letter, w.cell_letter_pt, terrain),
            (w.divination_ring, crop.letter, w.cell_digit_pt, crop),
        ):
            lo, hi = ring
            text_u = hi - max(1.8, (hi - lo) * 0.22)
            marks.append(wp.label(cx, cy, 0.0, text_u, text, size, sw.ink, bold=True))
            spot = _symbol_in_window(w.window_half, lo, text_u - 2.2, w.cell_symbol_mm)
            if spot is not None and sw.symbol:
                u, size_mm = spot
                marks.append(
                    wp.glyph(sw.symbol, cx, cy, 0.0, u, size_mm, ink=sw.ink, paper=sw.colour)
                )
        return marks

    def blank_cells(self, width: int, cx: float, cy: float) -> list[d.Element]:
        w = self.wheel
        pal = self.pal
        style = d.both(pal["paper"], pal["guide"], 0.2)
        half = w.slot_deg / 2
        out: list[d.Element] = []
        for slot in w.blank_slots(width):
            centre = w.slot_centre(slot)
            for ring in (w.terrain_ring, w.crop_ring):
                out.append(wp.sector(cx, cy, Sector(*ring, centre - half, centre + half), style))
        return out

    def rim(self, width: int, cx: float, cy: float) -> list[d.Element]:
        """Each row's animal at the angle of slot 9 * row, its number, a pointer; slot ticks."""
        w = self.wheel
        pal = self.pal
        rim = w.raw["rim"]
        # the animal sits between the pointer and the disc's edge
        size = min(
            float(rim["animal_symbol_mm"]),
            w.disc_radius - float(rim["edge_margin_mm"]) - w.rim_inner - w.tick_mm,
        )
        mid = w.rim_inner + w.tick_mm + size / 2
        out: list[d.Element] = []
        fine = d.stroke(pal["ink"], 0.25)
        for n, angle in enumerate(w.alignment_ticks()):
            out.append(
                d.group(
                    tick(cx, cy, angle, w.rim_inner, w.rim_inner + w.tick_mm * 0.6, fine),
                    id=f"align-tick-{n}",
                    data=d.data(angle_deg=f"{angle:g}"),
                )
            )
        for row in range(w.rows):
            base = w.rim_inner
            pointer = wp.poly(
                (
                    wp.page_point(cx, cy, 0.0, base),
                    wp.page_point(cx, cy, -1.2, base + w.tick_mm),
                    wp.page_point(cx, cy, 1.2, base + w.tick_mm),
                ),
                style=d.fill(pal["ink"]),
            )
            number = wp.label(
                cx,
                cy,
                -size / 2 - 2.2,
                mid,
                str(row + 1),
                float(rim["row_number_pt"]),
                pal["ink"],
                bold=True,
            )
            out.append(
                wp.turned(
                    cx,
                    cy,
                    w.animal_angle(row),
                    pointer,
                    wp.glyph(wp.animal_name(row), cx, cy, 0.0, mid, size),
                    number,
                    id=f"rim-animal-{row + 1}",
                )
            )
        return out

    # -- cover -----------------------------------------------------------------
    def cover_items(self, cx: float, cy: float) -> list[d.Element]:
        w = self.wheel
        pal = self.pal
        t = self.words
        cover = w.raw["cover"]
        windows = w.fixed_windows()
        holes: tuple[d.Segment, ...] = ()
        for shape in windows.values():
            holes += sector_segments(cx, cy, shape)
        body = d.Path(
            segments=(
                d.ArcTo(cx, cy, w.cover_radius + w.cover_bleed, 0.0, 360.0),
                d.Close(),
                *holes,
            ),
            evenodd=True,
            style=d.fill(pal["board"]),
        )
        items: list[d.Element] = [body, *self._element_scale(cx, cy)]
        label_pt = float(cover["label_pt"])
        shut = shutters(w)
        for key, area in (("discovery", "terrain"), ("divination", "crop")):
            shape = windows[key]
            items.append(
                wp.sector(cx, cy, shape, _cut(pal), id=f"window-{key}", data=d.data(area=area))
            )
            flap = shut.flaps[key]
            u_mid = flap.centre[1]
            px, py = wp.page_point(cx, cy, shut.spine.x0 - 1.5, u_mid)
            items.append(_text(px, py, t[key], label_pt, "end", True, pal["ink"]))
            px, py = wp.page_point(cx, cy, flap.x1 + 1.5, u_mid)
            items.append(_text(px, py, t[area], label_pt, "start", False, pal["ink"]))
        items.append(glue_mark(w, cx, cy, pal))
        title = t["cover_title"].format(wheel=w.name)
        items.append(
            wp.label(cx, cy, 0.0, -w.cover_radius * 0.55, title, label_pt, pal["ink"], bold=True)
        )
        return items

    def _element_scale(self, cx: float, cy: float) -> list[d.Element]:
        """The red band with every column's element, letter and pointer."""
        w = self.wheel
        pal = self.pal
        cover = w.raw["cover"]
        last = w.element_angle(w.columns - 1)
        band = Sector(
            w.band_inner,
            w.cover_radius + w.cover_bleed,
            last - w.slot_deg * 0.75,
            w.slot_deg * 0.75,
        )
        items: list[d.Element] = [
            wp.sector(cx, cy, band, d.fill(pal["element_band"]), id="element-band")
        ]
        white = pal["element_ink"]
        pointer_len = float(cover["tick_mm"])
        for column in range(w.columns):
            angle = w.element_angle(column)
            pointer = wp.poly(
                (
                    wp.page_point(cx, cy, 0.0, w.cover_radius),
                    wp.page_point(cx, cy, -1.1, w.cover_radius - pointer_len),
                    wp.page_point(cx, cy, 1.1, w.cover_radius - pointer_len),
                ),
                style=d.fill(white),
            )
            letter = wp.column_letter(column)
            items.append(
                wp.turned(
                    cx,
                    cy,
                    angle,
                    pointer,
                    wp.glyph(
                        symbols.element_symbol(wp.element_name(column)),
                        cx,
                        cy,
                        0.0,
                        w.element_radius,
                        w.element_symbol,
                        ink=white,
                        paper=pal["element_band"],
                    ),
                    wp.label(
                        cx, cy, 0.0, w.band_inner + w.letter_inset, letter, w.letter_pt, white, True
                    ),
                    id=f"scale-column-{letter}",
                    data=d.data(
                        column=letter, element=wp.element_name(column), angle_deg=f"{angle:g}"
                    ),
                )
            )
        return items

    def assembled(
        self, cover: d.Group, setting: Setting, cx: float, cy: float, lifted: set[str]
    ) -> list[d.Element]:
        return [cover, shutters_in_place(self.wheel, cx, cy, lifted, self.pal)]


def _text(x: float, y: float, text: str, pt: float, anchor: str, bold: bool, ink: str) -> d.Text:
    return d.Text(
        x=x, y=y, text=text, size_pt=pt, anchor=anchor, valign="middle", bold=bold, colour=ink
    )


MIN_SYMBOL_MM = 2.4
SYMBOL_STEP_MM = 0.2


def _symbol_in_window(
    half_angle: float, low: float, top: float, largest: float
) -> tuple[float, float] | None:
    """Largest symbol (<= ``largest``) that fits in a slot window between ``low`` and ``top``.

    A symbol of size s centred at ``top - s/2`` fits when its bottom stays 0.4 mm
    above ``low`` and it is no wider than the window there; both limits are
    computed directly, so no loop depends on the template's numbers.
    """
    k = 2 * math.tan(math.radians(half_angle))
    # width at the symbol's bottom: k * (top - s) - 0.4 >= s  ->  s <= (k * top - 0.4) / (1 + k)
    size = min(largest, top - low - 0.4, (k * top - 0.4) / (1 + k))
    if size < MIN_SYMBOL_MM:
        return None
    size = math.floor(size / SYMBOL_STEP_MM + 1e-9) * SYMBOL_STEP_MM
    return top - size / 2, size


__all__ = ["SlotArt", "sector_segments"]
