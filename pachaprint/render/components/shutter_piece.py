"""The printed shutter piece of a wheel and the glue mark that places it.

The piece (:func:`shutter_drawing`) is drawn in the carrier's axis frame as it
lies when glued and closed, so ``data-origin`` on its group says where the
frame's origin falls on the piece: a test maps each flap onto its window with
that one translation. Solid lines are cut, dashed lines are folded (the
hinges). The carrier gets :func:`glue_mark` at the spine's place.

SVG ids (SPEC section 7): ``shutter-discovery`` and ``shutter-divination``
(the flaps, ``data-window``), ``shutter-spine``, and ``shutter-glue`` on the
carrier.
"""

from __future__ import annotations

from .. import draw as d
from .. import symbols
from ..shutters import KEYS, Shutters, shutters
from ..texts import wheel_texts
from ..wheel import AnyWheel, Box, page_point
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


def shutter_drawing(wheel: AnyWheel, lang: str = "en") -> d.Drawing:
    """The shutter piece of ``wheel``: spine and two flaps, cut and fold lines, icons."""
    s = shutters(wheel)
    t = wheel_texts(lang)
    pal = symbols.palette()
    box = s.outline
    ox, oy = -box.x0, box.u1
    sp = s.spine
    items: list[d.Element] = [
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
    for key in KEYS:
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
    cut, fold = _lines(s)
    cut_style = d.stroke(pal["cut"], 0.25)
    fold_style = d.stroke(pal["paper"], 0.3, dash=(1.0, 0.8))
    items += [_segment(ox, oy, a, b, cut_style) for a, b in cut]
    items += [_segment(ox, oy, a, b, fold_style) for a, b in fold]
    return d.Drawing(
        box.width,
        box.height,
        tuple(items),
        name="shutters",
        metadata=d.data(wheel=wheel.name, origin=f"{ox:g} {oy:g}", hinge=s.hinge),
    )


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


def glue_mark(wheel: AnyWheel, ox: float, oy: float) -> d.Group:
    """The hatched place on the carrier where the shutter spine is glued (carrier frame at ``ox, oy``)."""
    s = shutters(wheel)
    sp = s.spine
    pal = symbols.palette()
    left, top = page_point(ox, oy, sp.x0, sp.u1)
    hatch: list[d.Element] = []
    step = 1.2
    k = 0.0
    while k < sp.width + sp.height:
        hatch.append(
            d.Line(
                x1=left + k,
                y1=top,
                x2=left + k - sp.height,
                y2=top + sp.height,
                style=d.stroke(pal["guide"], 0.2),
            )
        )
        k += step
    return d.group(
        d.Rect(x=left, y=top, w=sp.width, h=sp.height, style=d.fill(pal["paper"])),
        d.Group(items=tuple(hatch), clip=d.Rect(x=left, y=top, w=sp.width, h=sp.height)),
        d.Rect(x=left, y=top, w=sp.width, h=sp.height, style=d.stroke(pal["ink"], 0.2)),
        id="shutter-glue",
        data=d.data(
            x0_mm=f"{sp.x0:.3f}", x1_mm=f"{sp.x1:.3f}", u0_mm=f"{sp.u0:.3f}", u1_mm=f"{sp.u1:.3f}"
        ),
    )
