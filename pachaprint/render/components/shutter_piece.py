"""The printed shutter piece of a wheel and the glue mark that places it.

The piece (:func:`shutter_drawing`) is drawn in the carrier's axis frame as it
lies when glued and closed, so ``data-origin`` on its group says where the
frame's origin falls on the piece: a test maps each flap onto its window with
that one translation. Solid lines are cut, dashed lines are folded (the
hinges). The carrier gets :func:`glue_mark` at the spine's place.

SVG ids (docs/outputs.md section 3): ``shutter-discovery`` and ``shutter-divination``
(the flaps, ``data-window``), ``shutter-spine``, and ``shutter-glue`` on the
carrier.
"""

from __future__ import annotations

from ...model.printing import PrintSettings
from .. import draw as d
from .. import symbols
from ..shapes import hatch
from ..shutters import KEYS, Shutters, shutters
from ..texts import wheel_texts
from ..wheel import Box, Wheel, page_point
from ..wheel_sheet_layout import PIECE_BLEED_MM
from . import wheelparts as wp

ICONS = {"discovery": "mountain", "divination": "coca-leaf"}
"""What each flap shows: a terrain symbol over Discovery, a crop symbol over Divination."""


def _segment(
    ox: float, oy: float, a: tuple[float, float], b: tuple[float, float], style: d.Style
) -> d.Line:
    (x1, y1), (x2, y2) = page_point(ox, oy, *a), page_point(ox, oy, *b)
    return d.Line(x1=x1, y1=y1, x2=x2, y2=y2, style=style)


def _lines(s: Shutters) -> tuple[list[tuple[tuple[float, float], tuple[float, float]]], ...]:
    """(cut segments, fold segments) of the piece's outline, in the axis frame."""
    cut: list[tuple[tuple[float, float], tuple[float, float]]] = []
    fold: list[tuple[tuple[float, float], tuple[float, float]]] = []
    sp = s.spine
    flaps = [s.flaps[k] for k in KEYS]
    if s.hinge == "inner":  # spine below, flaps side by side above it
        cut += [((sp.x0, sp.u0), (sp.x1, sp.u0)), ((sp.x0, sp.u0), (sp.x0, sp.u1))]
        cut += [((sp.x1, sp.u0), (sp.x1, sp.u1))]
        for f in flaps:
            cut += [((f.x0, f.u0), (f.x0, f.u1)), ((f.x1, f.u0), (f.x1, f.u1))]
            cut += [((f.x0, f.u1), (f.x1, f.u1))]
            fold.append(((f.x0, f.u0), (f.x1, f.u0)))
    else:  # spine on the left, flaps stacked to its right
        cut += [((sp.x0, sp.u0), (sp.x0, sp.u1)), ((sp.x0, sp.u0), (sp.x1, sp.u0))]
        cut += [((sp.x0, sp.u1), (sp.x1, sp.u1))]
        ordered = sorted(flaps, key=lambda f: f.u0)
        edge = sp.u0
        for f in ordered:
            if f.u0 > edge + 1e-9:
                cut.append(((sp.x1, edge), (sp.x1, f.u0)))
            cut += [((f.x0, f.u0), (f.x1, f.u0)), ((f.x0, f.u1), (f.x1, f.u1))]
            cut += [((f.x1, f.u0), (f.x1, f.u1))]
            fold.append(((f.x0, f.u0), (f.x0, f.u1)))
            edge = f.u1
        if sp.u1 > edge + 1e-9:
            cut.append(((sp.x1, edge), (sp.x1, sp.u1)))
    return cut, fold


def _grown(b: Box, m: float, keep: str | None = None) -> Box:
    """``b`` grown by ``m`` on every side but ``keep`` (``x0``, ``u0``: the hinge side)."""
    return Box(
        b.x0 - (0 if keep == "x0" else m),
        b.x1 + m,
        b.u0 - (0 if keep == "u0" else m),
        b.u1 + m,
    )


def _flaps(
    s: Shutters, ox: float, oy: float, pal: symbols.Palette, keys: tuple[str, ...] = KEYS
) -> list[d.Element]:
    """Flaps with their icon and lift arrow, closed, in the carrier frame at ``ox, oy``."""
    items: list[d.Element] = []
    for key in keys:
        f = s.flaps[key]
        items.append(
            wp.box(
                ox,
                oy,
                f,
                d.fill(s.colour),
                id=f"shutter-{key}",
                data=d.data(window=key, margin_mm=f"{s.margin(key):.2f}"),
            )
        )
        fx, fu = f.centre
        size = min(f.width, f.height) * 0.62
        items.append(wp.glyph(ICONS[key], ox, oy, fx, fu, size, ink=pal["paper"], paper=s.colour))
        items.append(_lift_arrow(ox, oy, f, s.hinge, pal["paper"]))
    return items


def shutter_drawing(wheel: Wheel, settings: PrintSettings) -> d.Drawing:
    """The shutter piece of ``wheel``: spine and two flaps, cut and fold lines, icons, bleed."""
    s = shutters(wheel)
    t = wheel_texts(settings.lang)
    pal = symbols.palette(settings.ink)
    box = s.outline
    ox, oy = -box.x0, box.u1
    sp = s.spine
    b = PIECE_BLEED_MM
    hinge_side = "u0" if s.hinge == "inner" else "x0"
    items: list[d.Element] = [
        wp.box(ox, oy, _grown(sp, b), d.fill(pal["animal_band"])),
        *(wp.box(ox, oy, _grown(s.flaps[k], b, hinge_side), d.fill(s.colour)) for k in KEYS),
        wp.box(ox, oy, sp, d.fill(pal["animal_band"]), id="shutter-spine"),
    ]
    cx_sp, cu_sp = sp.centre
    px, py = page_point(ox, oy, cx_sp, cu_sp)
    glue_text = d.Text(
        x=px,
        y=py,
        text=t["shutter_spine"],
        size_pt=6.0,
        anchor="middle",
        valign="middle",
        colour=pal["ink"],
    )
    items.append(
        glue_text if sp.width >= sp.height else d.group(glue_text, transform=d.rotate(90, px, py))
    )
    items += _flaps(s, ox, oy, pal)
    cut, fold = _lines(s)
    cut_style = d.stroke(pal["cut"], 0.25)
    fold_style = d.stroke(pal["paper"], 0.3, dash=(1.0, 0.8))
    items += [_segment(ox, oy, p, q, cut_style) for p, q in cut]
    items += [_segment(ox, oy, p, q, fold_style) for p, q in fold]
    return d.Drawing(
        box.width,
        box.height,
        tuple(items),
        name="shutters",
        bleed_mm=b,
        metadata=d.data(wheel=wheel.name, origin=f"{ox:g} {oy:g}", hinge=s.hinge),
    )


def shutters_in_place(
    wheel: Wheel, ox: float, oy: float, lifted: set[str], pal: symbols.Palette
) -> d.Group:
    """The glued shutter piece on its carrier (frame origin at ``ox, oy``), as a player sees it.

    A flap named in ``lifted`` is folded back over its hinge, showing its
    masked back; the others lie closed over their windows.
    """
    s = shutters(wheel)
    items: list[d.Element] = [wp.box(ox, oy, s.spine, d.fill(pal["animal_band"]))]
    items += _flaps(s, ox, oy, pal, tuple(k for k in KEYS if k not in lifted))
    for key in sorted(lifted):
        f = s.flaps[key]
        if s.hinge == "inner":  # folded down over the spine, towards the pin
            back = Box(f.x0, f.x1, 2 * f.u0 - f.u1, f.u0)
        else:  # folded over to the left
            back = Box(2 * f.x0 - f.x1, f.x0, f.u0, f.u1)
        items.append(wp.box(ox, oy, back, d.both(pal["mask"], pal["ink"], 0.2), id=f"lifted-{key}"))
    return d.group(*items, id="shutters-in-place", data=d.data(lifted=" ".join(sorted(lifted))))


def _lift_arrow(ox: float, oy: float, f: Box, hinge: str, colour: str) -> d.Path:
    """A small triangle at the flap's free edge, pointing the way it lifts."""
    size = 1.4
    if hinge == "inner":
        tip = (f.centre[0], f.u1 - 0.5)
        base = [(tip[0] - size, tip[1] - size), (tip[0] + size, tip[1] - size)]
    else:
        tip = (f.x1 - 0.5, f.centre[1])
        base = [(tip[0] - size, tip[1] + size), (tip[0] - size, tip[1] - size)]
    return wp.poly([page_point(ox, oy, *p) for p in (tip, *base)], d.fill(colour))


def glue_mark(wheel: Wheel, ox: float, oy: float, pal: symbols.Palette) -> d.Group:
    """The hatched place on the carrier where the shutter spine is glued (carrier frame at ``ox, oy``)."""
    s = shutters(wheel)
    sp = s.spine
    left, top = page_point(ox, oy, sp.x0, sp.u1)
    return d.group(
        d.Rect(x=left, y=top, w=sp.width, h=sp.height, style=d.fill(pal["paper"])),
        hatch(left, top, sp.width, sp.height, 1.2, d.stroke(pal["guide"], 0.2)),
        d.Rect(x=left, y=top, w=sp.width, h=sp.height, style=d.stroke(pal["ink"], 0.2)),
        id="shutter-glue",
        data=d.data(
            x0_mm=f"{sp.x0:.3f}", x1_mm=f"{sp.x1:.3f}", u0_mm=f"{sp.u0:.3f}", u1_mm=f"{sp.u1:.3f}"
        ),
    )
