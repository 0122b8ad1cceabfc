"""The opaque masking pattern printed on the back of every wheel piece.

A scenario disc lies face up under the cover, the slider and the shutters, so
light through those papers could show the cells underneath. Their backs
carry a dark base with two crossing families of darker lines (a
security-envelope pattern): nothing of the disc shows through it, even held
against a lamp. The sheet puts the mask at the mirror image of each piece's
place, so long-edge duplex lands it exactly behind the piece.
"""

from __future__ import annotations

from .. import draw as d
from ..shapes import hatch
from ..symbols import Palette

PITCH_MM = 1.1
LINE_MM = 0.45


def mask(
    x: float, y: float, w: float, h: float, pal: Palette, round_: bool = False, ident: str = "mask"
) -> d.Group:
    """The pattern filling the box (x, y, w, h), or the circle inscribed in it when ``round_``."""
    shape: d.Rect | d.Circle = (
        d.Circle(cx=x + w / 2, cy=y + h / 2, r=min(w, h) / 2)
        if round_
        else d.Rect(x=x, y=y, w=w, h=h)
    )
    lines = d.stroke(pal["mask_ink"], LINE_MM)
    lattice = hatch(0, 0, w, h, PITCH_MM, lines)
    return d.group(
        d.Rect(x=x, y=y, w=w, h=h, style=d.fill(pal["mask"])),
        d.group(lattice, transform=d.translate(x, y)),
        d.group(lattice, transform=d.compose(d.translate(x, y), d.mirror_x(w))),
        clip=shape,
        id=ident,
        data=d.data(pattern="masking"),
    )
