"""Every other piece of the box, so the kit plays on its own (docs/outputs.md section 2, Pieces).

20 Quechua pawns (5 in each player colour), 2 Otoma pawns (purple, yellow),
16 diversity stones (4 per player colour) and 4 score markers, as
double-sided tokens: a token needs one cut and no fold, survives play better
than a paper standee, and with the same face on both sides it reads whichever
way up it lands. A pawn is 9 mm across: it sits on the free middle of a crop
tile (:mod:`pachaprint.render.components.crop_tiles`), so the crop's level
and symbol stay in view around it. Each piece shows its colour, the colour's
letter in the kit's language and a picture of what it is; the Otoma pawns are
square, everything else round, so shape is a further cue. Counts, sizes and
colours come from ``templates/core.json`` (``pieces``). The co-op screens are
in :mod:`pachaprint.render.components.screens`.

SVG: each face carries ``data-piece`` (``quechua``, ``otoma``,
``diversity-stone``, ``score-marker``), ``data-colour``, ``data-side`` and
``data-footprint-mm`` (width and depth of what rests on the board, docs/outputs.md section 3).
"""

from __future__ import annotations

from typing import Any

from ...model.printing import PrintSettings
from .. import draw as d
from ..symbols import palette, pawn, place
from ..texts import core_geometry, pawn_letter

KINDS = ("quechua", "otoma", "diversity-stone", "score-marker")


def spec(kind: str) -> dict[str, Any]:
    """A kind's template entry (size, count per colour, colours, cut)."""
    found: dict[str, Any] = core_geometry()["pieces"][kind]
    return found


def counts() -> dict[str, dict[str, int]]:
    """How many pieces of each kind and colour the kit prints."""
    return {
        kind: {colour: int(spec(kind)["per_colour"]) for colour in spec(kind)["colours"]}
        for kind in KINDS
    }


def _stone(cx: float, cy: float, r: float, colour: str, ink: str) -> d.Path:
    """A pebble outline (our own drawing)."""
    k = 0.55
    return d.Path(
        segments=(
            d.MoveTo(cx - r, cy + r * 0.2),
            d.CurveTo(cx - r, cy - r * k, cx - r * 0.2, cy - r * 0.75, cx + r * 0.3, cy - r * 0.7),
            d.CurveTo(cx + r * 0.9, cy - r * 0.6, cx + r, cy, cx + r * 0.85, cy + r * 0.4),
            d.CurveTo(cx + r * 0.6, cy + r * 0.8, cx - r * 0.9, cy + r * 0.8, cx - r, cy + r * 0.2),
            d.Close(),
        ),
        style=d.both(colour, ink, 0.25),
    )


def _label(x: float, y: float, text: str, size_pt: float, colour: str) -> d.Text:
    """A piece's bold word or letter, centred on (x, y)."""
    return d.Text(
        x=x,
        y=y,
        text=text,
        size_pt=size_pt,
        bold=True,
        anchor="middle",
        valign="middle",
        colour=colour,
    )


def footprint(kind: str) -> tuple[float, float]:
    """Width and depth (mm) of what a piece covers where it rests: the token itself."""
    size = float(spec(kind)["size_mm"])
    return size, size


def face(
    kind: str, colour: str, number: int, settings: PrintSettings, side: str = "front"
) -> d.Drawing:
    """One face of one piece."""
    s = spec(kind)
    size = float(s["size_mm"])
    bleed = core_geometry()["bleed_mm"]
    pal = palette(settings.ink)
    sw = pawn(colour, pal)
    letter = pawn_letter(colour, settings.lang)
    c = size / 2
    round_ = s["cut"] == "circle"
    items: list[d.Element] = [
        d.Circle(cx=c, cy=c, r=c + bleed, style=d.fill(sw.colour))
        if round_
        else d.Rect(
            x=-bleed, y=-bleed, w=size + 2 * bleed, h=size + 2 * bleed, style=d.fill(sw.colour)
        )
    ]
    ring = d.both(pal["paper"], pal["ink"], 0.2)
    inset = 0.8 if size < 10 else 1.3
    if round_:
        items.append(d.Circle(cx=c, cy=c, r=c - inset, style=ring))
    else:
        items.append(
            d.Rect(x=inset, y=inset, w=size - 2 * inset, h=size - 2 * inset, rx=1.0, style=ring)
        )
    label_pt = 7.5 if size > 10 else 6.5
    if kind in ("quechua", "otoma"):
        items.append(place("pawn", c, c - size * 0.05, size * 0.7, accent=sw.colour))
        items.append(_label(c, c + size * 0.1, letter, label_pt, sw.ink))
    elif kind == "diversity-stone":
        items.append(_stone(c, c, c - inset - 0.6, sw.colour, pal["ink"]))
        items.append(_label(c, c + 0.3, letter, label_pt, sw.ink))
    else:  # score marker: a flag on a pole, the letter under it
        ink = pal["ink"]
        items.append(
            d.Line(x1=c - 2.2, y1=c - 4.0, x2=c - 2.2, y2=c + 0.6, style=d.stroke(ink, 0.35))
        )
        items.append(
            d.Polygon(
                points=((c - 2.0, c - 4.0), (c + 3.0, c - 2.7), (c - 2.0, c - 1.4)),
                style=d.both(sw.colour, ink, 0.25),
            )
        )
        items.append(_label(c, c + 2.9, letter, label_pt, ink))
    suffix = "-back" if side == "back" else ""
    width, depth = footprint(kind)
    return d.Drawing(
        size,
        size,
        tuple(items),
        name=f"{kind}-{colour}-{number}{suffix}",
        bleed_mm=bleed,
        metadata=d.data(piece=kind, colour=colour, side=side, footprint_mm=f"{width:g} {depth:g}"),
    )


def pieces(settings: PrintSettings) -> list[d.Piece]:
    """Every pawn, stone and marker as a double-sided piece, kind by kind, colour by colour."""
    found = []
    for kind, per in counts().items():
        for colour, count in per.items():
            for n in range(1, count + 1):
                found.append(
                    d.Piece(
                        face(kind, colour, n, settings),
                        face(kind, colour, n, settings, "back"),
                        str(spec(kind)["cut"]),
                    )
                )
    return found
