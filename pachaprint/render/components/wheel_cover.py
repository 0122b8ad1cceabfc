"""The print-and-play wheel cover for each template, with its assembly sheet.

``retail``: a round cover with a radial slot, the animal scale beside it, a
keeper slit near the edge and two pointers for the disc's rim; a separate
slider strip carries the Discovery and Divination windows. ``volvelle45``: a
round cover with both windows cut in it and the element scale (element c at
c * slot_deg clockwise from the window axis) on a red band.

SVG ids (SPEC section 7): the windows are ``window-discovery`` and
``window-divination`` (on the slider for ``retail``, on the cover for
``volvelle45``). The placed cover group is ``cover`` with ``data-centre``
(the pin, in the group's coordinates); the slider group is ``slider`` with
``data-origin`` (where the axis frame's origin lies when the slider sits at
its first stop) and ``data-stops`` (its offsets, one per row, mm outwards).
"""

from __future__ import annotations

from pachaprint.resources import load_template

from .. import draw as d
from .. import sheets, symbols
from ..fonts import text_width, wrap
from ..shutters import shutters
from ..texts import wheel_texts
from ..wheel import AnyWheel, Box, Sector, SectorWheel, SlotWheel
from ..wheel_templates import load_wheel
from . import wheelparts as wp
from .shutter_piece import glue_mark, shutter_drawing


def _circle_segments(cx: float, cy: float, r: float) -> tuple[d.Segment, ...]:
    return (d.ArcTo(cx, cy, r, 0.0, 360.0), d.Close())


def _box_segments(cx: float, cy: float, b: Box) -> tuple[d.Segment, ...]:
    pts = [wp.page_point(cx, cy, x, u) for x, u in b.corners()]
    return (d.MoveTo(*pts[0]), *(d.LineTo(*p) for p in pts[1:]), d.Close())


def _sector_segments(cx: float, cy: float, s: Sector) -> tuple[d.Segment, ...]:
    """A sector as a sub-path of its own (starts with a move, so it can follow another)."""
    path = wp.sector(cx, cy, s, d.Style())
    start = d.polar(cx, cy, s.r_out, wp.page_angle(s.start))
    return (d.MoveTo(*start), *path.segments)


def _cut() -> d.Style:
    return d.stroke(symbols.palette()["cut"], 0.25)


# --------------------------------------------------------------------------- covers


def cover_drawing(wheel: AnyWheel | str = "retail", lang: str = "en") -> d.Drawing:
    """The round cover of a wheel template (trim = its circle's square, with bleed)."""
    if isinstance(wheel, str):
        wheel = load_wheel(wheel)
    r = wheel.cover_radius
    cx = cy = r
    items = (
        _retail_cover(wheel, cx, cy, lang)
        if isinstance(wheel, SectorWheel)
        else _volvelle_cover(wheel, cx, cy, lang)
    )
    items.append(wp.pin_mark(cx, cy, wheel.pin_hole))
    return d.Drawing(
        2 * r,
        2 * r,
        tuple(items),
        name="cover",
        bleed_mm=wheel.cover_bleed,
        metadata=d.data(wheel=wheel.name, centre=f"{cx:g} {cy:g}", radius_mm=f"{r:g}"),
    )


def _retail_cover(wheel: SectorWheel, cx: float, cy: float, lang: str) -> list[d.Element]:
    pal = symbols.palette()
    t = wheel_texts(lang)
    cover = wheel.raw["cover"]
    slot = wheel.slot
    body = d.Path(
        segments=_circle_segments(cx, cy, wheel.cover_radius + wheel.cover_bleed)
        + _box_segments(cx, cy, slot),
        evenodd=True,
        style=d.fill(pal["animal_band"]),
    )
    items: list[d.Element] = [body, wp.box(cx, cy, slot, _cut(), id="cover-slot")]
    for (u, x0, x1), name in zip(wheel.keeper_slits, ("outer", "inner"), strict=False):
        items.append(
            d.Line(
                x1=cx + x0,
                y1=cy - u,
                x2=cx + x1,
                y2=cy - u,
                style=d.stroke(pal["cut"], 0.35),
                id=f"keeper-slit-{name}",
                data=d.data(u_mm=f"{u:g}"),
            )
        )
    # pointers at the edge: element (counter-clockwise side) and column letter (clockwise side)
    size = float(cover["pointer_mm"])
    for angle, name in ((wheel.element_offset, "element"), (wheel.letter_offset, "letter")):
        tip = wheel.cover_radius
        pointer = wp.poly(
            (
                wp.page_point(cx, cy, 0.0, tip),
                wp.page_point(cx, cy, -size / 2, tip - size),
                wp.page_point(cx, cy, size / 2, tip - size),
            ),
            style=d.fill(pal["ink"]),
        )
        items.append(wp.turned(cx, cy, angle, pointer, id=f"pointer-{name}"))
    # the animal scale beside the slot, one mark per slider stop
    s = float(cover["animal_symbol_mm"])
    x_scale = wheel.slider_half_width + float(cover["animal_scale_gap_mm"])
    for row in range(wheel.rows):
        u = wheel.ring_middle(row)
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
    title_x = -(wheel.slider_half_width + wheel.cover_radius) / 2
    items.append(
        wp.label(
            cx,
            cy,
            title_x,
            0.0,
            t["cover_title"].format(wheel=wheel.name),
            float(cover["label_pt"]),
            pal["ink"],
            bold=True,
        )
    )
    return items


def _volvelle_cover(wheel: SlotWheel, cx: float, cy: float, lang: str) -> list[d.Element]:
    pal = symbols.palette()
    t = wheel_texts(lang)
    cover = wheel.raw["cover"]
    windows = wheel.windows()
    holes: tuple[d.Segment, ...] = ()
    for w in windows.values():
        holes += _sector_segments(cx, cy, w)
    body = d.Path(
        segments=_circle_segments(cx, cy, wheel.cover_radius + wheel.cover_bleed) + holes,
        evenodd=True,
        style=d.fill(pal["board"]),
    )
    items: list[d.Element] = [body]
    # the red element band behind the scale
    sym = float(cover["element_symbol_mm"])
    band_in = wheel.element_radius - sym / 2 - float(cover["band_inset_mm"])
    last = wheel.element_angle(wheel.columns - 1)
    band = Sector(
        band_in,
        wheel.cover_radius + wheel.cover_bleed,
        last - wheel.slot_deg * 0.75,
        wheel.slot_deg * 0.75,
    )
    items.append(wp.sector(cx, cy, band, d.fill(pal["element_band"]), id="element-band"))
    white = pal["paper"]
    tick = float(cover["tick_mm"])
    for column in range(wheel.columns):
        angle = wheel.element_angle(column)
        pointer = wp.poly(
            (
                wp.page_point(cx, cy, 0.0, wheel.cover_radius),
                wp.page_point(cx, cy, -1.1, wheel.cover_radius - tick),
                wp.page_point(cx, cy, 1.1, wheel.cover_radius - tick),
            ),
            style=d.fill(white),
        )
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
                    wheel.element_radius,
                    sym,
                    ink=white,
                    paper=pal["element_band"],
                ),
                wp.label(
                    cx,
                    cy,
                    0.0,
                    band_in + float(cover["letter_inset_mm"]),
                    wp.column_letter(column),
                    float(cover["letter_pt"]),
                    white,
                    bold=True,
                ),
                id=f"scale-column-{wp.column_letter(column)}",
                data=d.data(
                    column=wp.column_letter(column),
                    element=wp.element_name(column),
                    angle_deg=f"{angle:g}",
                ),
            )
        )
    label_pt = float(cover["label_pt"])
    shut = shutters(wheel)
    for key, w, area in (
        ("discovery", windows["discovery"], "terrain"),
        ("divination", windows["divination"], "crop"),
    ):
        shape = wp.sector(cx, cy, w, _cut(), id=f"window-{key}", data=d.data(area=area))
        items.append(shape)
        flap = shut.flaps[key]
        u_mid = flap.centre[1]
        px, py = wp.page_point(cx, cy, shut.spine.x0 - 1.5, u_mid)
        items.append(
            d.Text(
                x=px,
                y=py,
                text=t[key],
                size_pt=label_pt,
                anchor="end",
                valign="middle",
                bold=True,
                colour=pal["ink"],
            )
        )
        px, py = wp.page_point(cx, cy, flap.x1 + 1.5, u_mid)
        items.append(
            d.Text(
                x=px,
                y=py,
                text=t[area],
                size_pt=label_pt,
                anchor="start",
                valign="middle",
                colour=pal["ink"],
            )
        )
    items.append(glue_mark(wheel, cx, cy))
    items.append(
        wp.label(
            cx,
            cy,
            0.0,
            -wheel.cover_radius * 0.55,
            t["cover_title"].format(wheel=wheel.name),
            label_pt,
            pal["ink"],
            bold=True,
        )
    )
    return items


# --------------------------------------------------------------------------- slider


def slider_drawing(wheel: AnyWheel | str = "retail", lang: str = "en") -> d.Drawing:
    """The retail slider strip: both windows and the row index arrow.

    Drawn with the strip's outer end at the top; ``data-origin`` gives where
    the axis frame's origin (the pin) lies when the strip sits at its first stop.
    """
    if isinstance(wheel, str):
        wheel = load_wheel(wheel)
    if not isinstance(wheel, SectorWheel):
        raise ValueError(f"the {wheel.name} wheel has no slider")
    pal = symbols.palette()
    t = wheel_texts(lang)
    raw = wheel.raw["slider"]
    strip = wheel.slider
    ox, oy = strip.width / 2, strip.u1  # axis origin in drawing coordinates
    win_d, win_c = wheel.discovery_window(0), wheel.divination_window(0)
    holes = _box_segments(ox, oy, win_d) + _box_segments(ox, oy, win_c)
    b = 3.0
    outer = Box(strip.x0 - b, strip.x1 + b, strip.u0 - b, strip.u1 + b)
    items: list[d.Element] = [
        d.Path(
            segments=_box_segments(ox, oy, outer) + holes,
            evenodd=True,
            style=d.fill(str(raw["colour"])),
        ),
        wp.box(ox, oy, strip, d.Style(), id="slider-trim"),
        wp.box(ox, oy, win_d, _cut(), id="window-discovery", data=d.data(area="terrain")),
        wp.box(ox, oy, win_c, _cut(), id="window-divination", data=d.data(area="crop")),
        glue_mark(wheel, ox, oy),
    ]
    shut = shutters(wheel)
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
    items.append(
        d.Line(
            x1=ox + shut.flaps["divination"].x1,
            y1=oy - u,
            x2=ox + strip.x1 - size,
            y2=oy - u,
            style=d.stroke(pal["ink"], 0.3),
        )
    )
    # labels along the strip, between the windows and the pin slot
    label_pt = float(raw["label_pt"])
    for key, window in (("discovery", win_d), ("divination", win_c)):
        x = window.centre[0]
        u_mid = shut.spine.u0 - 1.5 - text_width(t[key], label_pt) / 2
        px, py = wp.page_point(ox, oy, x, u_mid)
        text = d.Text(
            x=px,
            y=py,
            text=t[key],
            size_pt=label_pt,
            anchor="middle",
            valign="middle",
            colour=pal["ink"],
        )
        items.append(d.group(text, transform=d.rotate(90, px, py)))
    px, py = wp.page_point(ox, oy, 0.0, (wheel.slot.u1 + wheel.keeper_radius) / 2)
    items.append(
        d.group(
            d.Text(
                x=px,
                y=py,
                text=t["slider"],
                size_pt=label_pt,
                anchor="middle",
                valign="middle",
                colour=pal["guide"],
            ),
            transform=d.rotate(90, px, py),
        )
    )
    stops = " ".join(f"{s:g}" for s in wheel.stops)
    return d.Drawing(
        strip.width,
        strip.height,
        tuple(items),
        name="slider",
        bleed_mm=b,
        metadata=d.data(wheel=wheel.name, origin=f"{ox:g} {oy:g}", stops=stops),
    )


# --------------------------------------------------------------------------- the sheet


def placed_at(face: d.Drawing, x: float, y: float) -> d.Group:
    """A drawing placed with its media box's top-left corner at (x, y), clipped to its bleed."""
    b = face.bleed_mm
    return d.Group(
        items=face.items,
        transform=d.translate(x + b, y + b),
        clip=d.Rect(x=-b, y=-b, w=face.media_width, h=face.media_height),
        id=face.name,
        data=face.metadata,
    )


MARK_OFFSET, MARK_LENGTH = 1.0, 3.0
MARK_REACH = MARK_OFFSET + MARK_LENGTH
"""How far the sheet's crop marks reach beyond a piece's bleed (mm)."""


def crop_marks(
    left: float, top: float, width: float, height: float, bleed: float
) -> list[d.Element]:
    """Crop marks outside the bleed at a rectangle's four corners."""
    style = d.stroke(symbols.palette()["cut"], 0.2)
    return list(
        d.corner_marks(
            left, top, left + width, top + height, bleed + MARK_OFFSET, MARK_LENGTH, style
        )
    )


def instructions(
    lines_of: list[str],
    title: str,
    x: float,
    y: float,
    width: float,
    size_pt: float = 8.0,
    note: str | None = None,
) -> list[d.Element]:
    """Numbered steps wrapped to ``width`` mm, starting at (x, y)."""
    ink = symbols.palette()["ink"]
    lead = size_pt * d.PT_MM * 1.3
    items: list[d.Element] = [
        d.Text(x=x, y=y, text=title, size_pt=size_pt + 2, bold=True, colour=ink)
    ]
    y += lead * 1.6
    for n, step in enumerate(lines_of, 1):
        items.append(d.Text(x=x, y=y, text=f"{n}.", size_pt=size_pt, bold=True, colour=ink))
        for line in wrap(step, width - 6, size_pt):
            items.append(d.Text(x=x + 6, y=y, text=line, size_pt=size_pt, colour=ink))
            y += lead
        y += lead * 0.35
    if note:
        for line in wrap(note, width, size_pt):
            items.append(d.Text(x=x, y=y, text=line, size_pt=size_pt, colour=ink))
            y += lead
    return items


def wheel_cover_sheet(
    wheel: AnyWheel | str = "retail", paper: str = "a4", lang: str = "en"
) -> sheets.Sheet:
    """One printable page body: the cover, the slider (retail) and the assembly steps, with cut guides."""
    if isinstance(wheel, str):
        wheel = load_wheel(wheel)
    p = sheets.paper(paper)
    area = sheets.body_area(p)
    t = wheel_texts(lang)
    cover = cover_drawing(wheel, lang)
    items: list[d.Element] = [placed_at(cover, area.x, area.y)]
    b = cover.bleed_mm
    items.append(
        wp.cut_circle(
            area.x + b + wheel.cover_radius, area.y + b + wheel.cover_radius, wheel.cover_radius
        )
    )
    bottom = area.y + cover.media_height
    sheet = load_template("wheel/layout.json")["sheet"]
    gap = sheet["gap_mm"]
    if isinstance(wheel, SectorWheel):
        slider = slider_drawing(wheel, lang)
        sx = area.x + cover.media_width + gap
        # the strip's crop marks reach MARK_REACH mm past its bleed: keep them off the edge
        sy = max(area.y, sheets.settings()["min_edge_mm"] + MARK_REACH)
        items.append(placed_at(slider, sx, sy))
        items.extend(
            crop_marks(
                sx + slider.bleed_mm,
                sy + slider.bleed_mm,
                slider.width_mm,
                slider.height_mm,
                slider.bleed_mm,
            )
        )
        bottom = max(bottom, sy + slider.media_height)
        right = sx + slider.media_width
        steps = t["retail_steps"]
    else:
        right = area.x + cover.media_width
        steps = t["volvelle_steps"]
    piece = shutter_drawing(wheel, lang)
    px, py = right + gap, area.y + gap / 2
    if px + piece.width_mm > area.x + area.w:
        raise ValueError(f"the {wheel.name} shutter piece does not fit beside the wheel parts")
    items.append(placed_at(piece, px, py))
    lead = 6.5 * d.PT_MM * 1.25
    for k, line in enumerate(wrap(t["shutter_piece"], area.x + area.w - px, 6.5)):
        items.append(
            d.Text(
                x=px,
                y=py + piece.height_mm + 4.0 + k * lead,
                text=line,
                size_pt=6.5,
                colour=symbols.palette()["ink"],
            )
        )
    items.extend(
        instructions(
            steps,
            t["assembly_title"],
            area.x,
            bottom + gap,
            area.w,
            sheet["steps_pt"],
            note=t["tiny_note"],
        )
    )
    return sheets.Sheet(p, tuple(items), t["cover_title"].format(wheel=wheel.name))


def wheel_cover_page(
    wheel: AnyWheel | str = "retail", paper: str = "a4", lang: str = "en"
) -> d.Drawing:
    """The cover sheet as a finished page (footer, calibration bar): the core file ``wheel-cover*.svg``."""
    if isinstance(wheel, str):
        wheel = load_wheel(wheel)
    sheet = wheel_cover_sheet(wheel, paper, lang)
    return finished_page(sheet, cover_file_stem(wheel.name), lang)


def cover_file_stem(wheel_name: str) -> str:
    """``wheel-cover`` for the retail template, ``wheel-cover-<name>`` for any other (SPEC section 4)."""
    return "wheel-cover" if wheel_name == "retail" else f"wheel-cover-{wheel_name}"


def finished_page(sheet: sheets.Sheet, name: str, lang: str = "en") -> d.Drawing:
    """One sheet as a numbered page with the footer of :func:`sheets.document`, named ``name``."""
    try:
        footer_texts = load_template(f"reference/{lang}.json")["sheets"]
    except (OSError, KeyError):
        footer_texts = None
    page = sheets.document([sheet], "pachaprint", duplex=False, texts=footer_texts)[0]
    return d.Drawing(page.width_mm, page.height_mm, page.items, name=name, metadata=page.metadata)
