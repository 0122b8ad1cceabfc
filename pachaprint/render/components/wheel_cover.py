"""The print-and-play wheel cover for each template, and its sheet with a masked back.

``retail``: a round cover with a radial slot (widened into a throat at its
outer end), the animal scale beside it, a keeper slit beyond the pin and two
pointers for the disc's rim; a separate slider strip carries the Discovery
and Divination windows. ``volvelle45``: a round cover with both windows cut
in it and the element scale on a red band. What differs comes from the
template's art (:mod:`pachaprint.render.components.wheel_art`).

The cover sheet has two sides: the pieces (cover, slider, shutter piece) and,
behind each, the opaque masking pattern of :mod:`pachaprint.render.components.mask`.
How to build the wheel is on its own page (:mod:`pachaprint.render.components.wheel_steps`).

SVG ids (docs/outputs.md section 3): the windows are ``window-discovery`` and
``window-divination`` (on the slider for ``retail``, on the cover for
``volvelle45``). The placed cover group is ``cover`` with ``data-centre``
(the pin, in the group's coordinates); the slider group is ``slider`` with
``data-origin`` (where the axis frame's origin lies when the slider sits at
its first stop) and ``data-stops`` (its offsets, one per row, mm outwards).
"""

from __future__ import annotations

from dataclasses import replace

from pachaprint.model.printing import PrintSettings
from pachaprint.resources import load_template

from .. import draw as d
from .. import sheets, symbols
from ..fonts import wrap
from ..shapes import corner_marks, paragraph
from ..texts import wheel_texts
from ..wheel import Wheel
from ..wheel_sheet_layout import cover_sheet_places
from ..wheel_templates import resolve
from . import wheelparts as wp
from .mask import mask
from .shutter_piece import shutter_drawing
from .wheel_kinds import art_for


def cover_drawing(wheel: Wheel | str, settings: PrintSettings) -> d.Drawing:
    """The round cover of a wheel template (trim = its circle's square, with bleed)."""
    wheel = resolve(wheel)
    r = wheel.cover_radius
    cx = cy = r
    art = art_for(wheel, settings)
    items = art.cover_items(cx, cy)
    items.append(wp.pin_mark(cx, cy, wheel.pin_hole, art.pal))
    return d.Drawing(
        2 * r,
        2 * r,
        tuple(items),
        name="cover",
        bleed_mm=wheel.cover_bleed,
        metadata=d.data(wheel=wheel.name, centre=f"{cx:g} {cy:g}", radius_mm=f"{r:g}"),
    )


def slider_drawing(wheel: Wheel | str, settings: PrintSettings) -> d.Drawing:
    """The slider strip of a wheel that has one (``ValueError`` otherwise)."""
    wheel = resolve(wheel)
    strip = art_for(wheel, settings).slider()
    if strip is None:
        raise ValueError(f"the {wheel.name} wheel has no slider")
    return strip


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
    left: float, top: float, width: float, height: float, bleed: float, pal: symbols.Palette
) -> list[d.Element]:
    """Crop marks outside the bleed at a rectangle's four corners."""
    style = d.stroke(pal["cut"], 0.2)
    return list(
        corner_marks(left, top, left + width, top + height, bleed + MARK_OFFSET, MARK_LENGTH, style)
    )


def instructions(
    lines_of: list[str],
    title: str,
    x: float,
    y: float,
    width: float,
    size_pt: float,
    pal: symbols.Palette,
    note: str | None = None,
) -> list[d.Element]:
    """Numbered steps wrapped to ``width`` mm, starting at (x, y)."""
    ink = pal["ink"]
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


def _pieces(
    wheel: Wheel, paper: str, settings: PrintSettings
) -> list[tuple[d.Drawing, float, float, bool]]:
    """``(piece, x, y, round)`` of the cover sheet: media boxes' corners on the page."""
    places = cover_sheet_places(wheel, paper)
    found = [(cover_drawing(wheel, settings), places["cover"], True)]
    strip = art_for(wheel, settings).slider()
    if strip is not None:
        found.append((strip, places["slider"], False))
    found.append((shutter_drawing(wheel, settings), places["shutters"], False))
    return [(piece, place.x, place.y, round_) for piece, place, round_ in found]


def wheel_cover_sheet(wheel: Wheel | str, paper: str, settings: PrintSettings) -> sheets.Sheet:
    """The front of the cover sheet: cover, slider (retail) and shutter piece, with cut guides."""
    wheel = resolve(wheel)
    p = sheets.paper(paper)
    t = wheel_texts(settings.lang)
    items: list[d.Element] = []
    bottom = 0.0
    area = sheets.body_area(p)
    size = float(load_template("wheel/layout.json")["sheet"]["steps_pt"])
    pal = symbols.palette(settings.ink)
    ink = pal["ink"]
    for piece, x, y, round_ in _pieces(wheel, paper, settings):
        items.append(placed_at(piece, x, y))
        b = piece.bleed_mm
        if round_:
            r = piece.width_mm / 2
            items.append(wp.cut_circle(x + b + r, y + b + r, r, pal))
        else:
            items.extend(crop_marks(x + b, y + b, piece.width_mm, piece.height_mm, b, pal))
        if piece.name == "shutters":  # how the shutter piece is cut and folded, beside it
            tx = x + piece.media_width + 4.0
            lines, _ = paragraph(t["shutter_piece"], tx, y + 4.0, area.x + area.w - tx, size, ink)
            items += lines
        bottom = max(bottom, y + piece.media_height)
    items += paragraph(t["sheet_note"], area.x, bottom + 8.0, area.w, size, ink)[0]
    return sheets.Sheet(p, tuple(items), t["cover_title"].format(wheel=wheel.name), "front")


def wheel_mask_sheet(wheel: Wheel | str, paper: str, settings: PrintSettings) -> sheets.Sheet:
    """The back of the cover sheet: the masking pattern behind every piece (long-edge duplex)."""
    wheel = resolve(wheel)
    p = sheets.paper(paper)
    t = wheel_texts(settings.lang)
    pal = symbols.palette(settings.ink)
    items: list[d.Element] = []
    for piece, x, y, round_ in _pieces(wheel, paper, settings):
        w, h = piece.media_width, piece.media_height
        items.append(mask(p.width - x - w, y, w, h, pal, round_, ident=f"mask-{piece.name}"))
    return sheets.Sheet(p, tuple(items), t["mask_label"].format(wheel=wheel.name), "back")


def wheel_cover_page(wheel: Wheel | str, paper: str, settings: PrintSettings) -> d.Drawing:
    """The cover sheet's front as a finished page: the core file ``wheel-cover*.svg``."""
    wheel = resolve(wheel)
    return finished_pages(
        [wheel_cover_sheet(wheel, paper, settings)], cover_file_stem(wheel.name), settings
    )[0]


def cover_file_stem(wheel_name: str) -> str:
    """``wheel-cover`` for the retail template, ``wheel-cover-<name>`` for any other (docs/outputs.md section 1)."""
    return "wheel-cover" if wheel_name == "retail" else f"wheel-cover-{wheel_name}"


def finished_pages(
    found: list[sheets.Sheet], name: str, settings: PrintSettings
) -> list[d.Drawing]:
    """Sheets as numbered pages with the footer of :func:`sheets.document`, named ``name``.

    A component's own file: its backs are not shifted (``settings.back_offset`` is for the
    print-and-play files)."""
    unshifted = replace(settings, back_offset=(0.0, 0.0))
    pages = sheets.document(found, "pachaprint", unshifted, duplex=False)
    return [
        d.Drawing(page.width_mm, page.height_mm, page.items, name=name, metadata=page.metadata)
        for page in pages
    ]


def finished_page(sheet: sheets.Sheet, name: str, settings: PrintSettings) -> d.Drawing:
    """One sheet as a numbered page (see :func:`finished_pages`)."""
    return finished_pages([sheet], name, settings)[0]
