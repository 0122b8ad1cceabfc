"""Small drawings for the wheel's assembly steps, one per step (our own vector art).

Every drawing fits a box of :data:`WIDTH` x :data:`HEIGHT` mm and is built
from a few shapes: the cover seen from above (its slot or windows), the disc
seen from its back (never its front: the drawings show how to avoid seeing
it), side views of the stack, the split pin, arrows and cut lines. Each
drawing takes the box's top-left corner and returns drawing items, in the
colours of the palette its :class:`Diagrams` holds.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from .. import draw as d
from .. import symbols
from ..shapes import hatch

WIDTH, HEIGHT = 40.0, 30.0
"""Size of one diagram (mm)."""

Diagram = Callable[[float, float], list[d.Element]]


class Diagrams:
    """The drawings in the colours of one palette (the ink of the print settings)."""

    def __init__(self, pal: symbols.Palette) -> None:
        self.pal = pal

    def _line(
        self, x1: float, y1: float, x2: float, y2: float, width: float = 0.35, dash: bool = False
    ) -> d.Line:
        style = d.stroke(self.pal["ink"], width, dash=(1.0, 0.8) if dash else (), cap="round")
        return d.Line(x1=x1, y1=y1, x2=x2, y2=y2, style=style)

    def arrow(
        self, x1: float, y1: float, x2: float, y2: float, colour: str | None = None
    ) -> d.Group:
        """A straight arrow from (x1, y1) to its head at (x2, y2)."""
        ink = colour or self.pal["ink"]
        a = math.atan2(y2 - y1, x2 - x1)
        head = 1.8
        left = (x2 - head * math.cos(a - 0.45), y2 - head * math.sin(a - 0.45))
        right = (x2 - head * math.cos(a + 0.45), y2 - head * math.sin(a + 0.45))
        return d.group(
            d.Line(x1=x1, y1=y1, x2=x2, y2=y2, style=d.stroke(ink, 0.5, cap="round")),
            d.Polygon(points=((x2, y2), left, right), style=d.fill(ink)),
        )

    def turn_arrow(self, cx: float, cy: float, r: float, start: float, end: float) -> d.Group:
        """A curved arrow around (cx, cy) from angle ``start`` to ``end`` (degrees, counter-clockwise)."""
        ink = self.pal["ink"]
        tip = d.polar(cx, cy, r, end)
        back = d.polar(cx, cy, r, end - (8 if end > start else -8))
        a = math.atan2(tip[1] - back[1], tip[0] - back[0])
        head = 1.8
        left = (tip[0] - head * math.cos(a - 0.5), tip[1] - head * math.sin(a - 0.5))
        right = (tip[0] - head * math.cos(a + 0.5), tip[1] - head * math.sin(a + 0.5))
        return d.group(
            d.Path(
                segments=(d.ArcTo(cx, cy, r, start, end),), style=d.stroke(ink, 0.5, cap="round")
            ),
            d.Polygon(points=(tip, left, right), style=d.fill(ink)),
        )

    def cut_mark(self, x: float, y: float) -> d.Group:
        """Scissors: two blades and two finger rings (a cue that the nearby line is cut)."""
        ink = self.pal["ink"]
        style = d.stroke(ink, 0.35)
        return d.group(
            d.Circle(cx=x - 1.2, cy=y + 1.8, r=0.9, style=style),
            d.Circle(cx=x + 1.2, cy=y + 1.8, r=0.9, style=style),
            d.Line(x1=x - 0.8, y1=y + 1.0, x2=x + 1.2, y2=y - 2.2, style=style),
            d.Line(x1=x + 0.8, y1=y + 1.0, x2=x - 1.2, y2=y - 2.2, style=style),
        )

    def pin_top(self, cx: float, cy: float, spread: bool = False) -> d.Group:
        """The split pin's head seen from above, or its two legs spread flat."""
        brass = "#C9A227"
        ink = self.pal["ink"]
        if spread:
            leg = d.stroke(brass, 1.0, cap="round")
            return d.group(
                d.Line(x1=cx, y1=cy, x2=cx - 5, y2=cy, style=leg),
                d.Line(x1=cx, y1=cy, x2=cx + 5, y2=cy, style=leg),
                d.Circle(cx=cx, cy=cy, r=0.8, style=d.both(brass, ink, 0.2)),
            )
        return d.group(d.Circle(cx=cx, cy=cy, r=1.6, style=d.both(brass, ink, 0.25)))

    def cover_top(
        self, cx: float, cy: float, r: float, slider: bool, cut: bool = False
    ) -> list[d.Element]:
        """The cover seen from its printed side: its slot (sector wheels) or its two windows."""
        pal = self.pal
        items: list[d.Element] = [
            d.Circle(cx=cx, cy=cy, r=r, style=d.both(pal["animal_band"], pal["ink"], 0.3))
        ]
        hole = d.both(pal["paper"], pal["ink"], 0.3)
        if slider:
            items.append(d.Rect(x=cx - 1.6, y=cy - r * 0.85, w=3.2, h=r * 0.6, style=hole))
            items.append(d.Rect(x=cx - 2.4, y=cy - r * 0.89, w=4.8, h=0.6, style=hole))
            items.append(self._line(cx - 2.4, cy + r * 0.3, cx + 2.4, cy + r * 0.3, 0.4))
        else:
            items.append(d.Rect(x=cx - 0.8, y=cy - r * 0.8, w=1.6, h=r * 0.2, style=hole))
            items.append(d.Rect(x=cx - 0.7, y=cy - r * 0.55, w=1.4, h=r * 0.2, style=hole))
        if cut:
            items.append(
                d.Circle(cx=cx, cy=cy, r=r, style=d.stroke(pal["highlight"], 0.5, dash=(1.2, 0.8)))
            )
        return items

    def disc_back_top(self, cx: float, cy: float, r: float) -> list[d.Element]:
        """A scenario disc seen from its back: the name and a few lines of text, never its cells."""
        pal = self.pal
        items: list[d.Element] = [
            d.Circle(cx=cx, cy=cy, r=r, style=d.both(pal["animal_band"], pal["ink"], 0.3)),
            d.Circle(cx=cx, cy=cy, r=r * 0.94, style=d.both(pal["board"], pal["guide"], 0.2)),
        ]
        for k, half in enumerate((0.45, 0.3, 0.5, 0.35)):
            y = cy - r * 0.55 + k * r * 0.22
            items.append(self._line(cx - r * half, y, cx + r * half, y, 0.5 if k == 0 else 0.3))
        return items

    def side_layer(
        self, x: float, y: float, w: float, fill: str, label_mask: bool = False
    ) -> d.Rect:
        """One paper layer seen edge on (a thin bar)."""
        return d.Rect(x=x, y=y, w=w, h=1.3, style=d.both(fill, self.pal["ink"], 0.25))

    # --------------------------------------------------------------------------- the diagrams

    def cut_cover(self, slider: bool) -> Diagram:
        def draw(x: float, y: float) -> list[d.Element]:
            cx, cy = x + WIDTH / 2, y + HEIGHT / 2
            return [*self.cover_top(cx, cy, 13, slider, cut=True), self.cut_mark(cx + 15, cy - 10)]

        return draw

    def cut_strip(self, x: float, y: float) -> list[d.Element]:
        pal = self.pal
        cut = d.stroke(pal["highlight"], 0.5, dash=(1.2, 0.8))
        items: list[d.Element] = [
            d.Rect(x=x + 6, y=y + 3, w=7, h=24, style=d.both("#D6E4EE", pal["ink"], 0.3)),
            d.Rect(x=x + 6, y=y + 3, w=7, h=24, style=cut),
            d.Rect(x=x + 7.2, y=y + 8, w=1.8, h=2.0, style=d.both(pal["paper"], pal["ink"], 0.3)),
            d.Rect(x=x + 10.0, y=y + 8, w=1.8, h=2.0, style=d.both(pal["paper"], pal["ink"], 0.3)),
            self.cut_mark(x + 17, y + 6),
        ]
        items += self.shutter_piece(x + 24, y + 8, folded=True)
        return items

    def shutter_piece(self, x: float, y: float, folded: bool = False) -> list[d.Element]:
        """The shutter piece: a spine and two doors; ``folded`` lifts one door along its hinge."""
        pal = self.pal
        door = d.both("#4A3B5C", pal["ink"], 0.25)
        items: list[d.Element] = [
            d.Rect(x=x, y=y + 8, w=12, h=3, style=d.both(pal["animal_band"], pal["ink"], 0.25)),
            d.Rect(x=x, y=y + 2, w=6, h=6, style=door),
        ]
        if folded:
            items.append(
                d.Polygon(
                    points=((x + 6, y + 8), (x + 12, y + 8), (x + 13, y + 3), (x + 7, y + 3)),
                    style=door,
                )
            )
            items.append(self.turn_arrow(x + 9.5, y + 8, 6, 60, 10))
        else:
            items.append(d.Rect(x=x + 6, y=y + 2, w=6, h=6, style=door))
        items.append(self._line(x, y + 8, x + 12, y + 8, 0.3, dash=True))
        return items

    def glue_shutters(self, slider: bool) -> Diagram:
        def draw(x: float, y: float) -> list[d.Element]:
            pal = self.pal
            guide = d.stroke(pal["guide"], 0.2)
            if slider:  # the spine below the windows, the doors lifting outwards
                gx, gy = x + 14, y + 14
                return [
                    d.Rect(x=x + 14, y=y + 1, w=12, h=28, style=d.both("#D6E4EE", pal["ink"], 0.3)),
                    hatch(gx, gy + 8, 12, 3, 0.8, guide),
                    *self.shutter_piece(gx, gy - 8),
                    self.arrow(gx + 6, gy - 9, gx + 6, gy - 1.5),
                ]
            # the spine left of the windows, the doors stacked beside it
            cx, cy = x + 26, y + 16
            px, py = x + 1, y + 2
            piece = d.group(*self.shutter_piece(px, py), transform=d.rotate(-90, px + 6, py + 6.5))
            return [
                *self.cover_top(cx, cy, 12.5, False),
                hatch(cx - 4.2, cy - 10, 3, 6, 0.8, guide),
                piece,
                self.arrow(x + 12.5, y + 9, cx - 4.6, cy - 7),
            ]

        return draw

    def push_pin(self, slider: bool) -> Diagram:
        def draw(x: float, y: float) -> list[d.Element]:
            cx, cy = x + 15, y + 16
            items = self.cover_top(cx, cy, 12, slider)
            items.append(self.pin_top(cx, cy))
            items.append(self.arrow(cx + 13, cy - 11, cx + 2.5, cy - 1.5))
            # beside it: the pin seen edge on, through the cover, legs below
            sx = x + 33
            items.append(self.side_layer(sx - 5, cy, 10, self.pal["animal_band"]))
            items.append(d.Rect(x=sx - 1.8, y=cy - 1.2, w=3.6, h=1.2, style=d.fill("#C9A227")))
            items.append(d.Line(x1=sx, y1=cy, x2=sx, y2=cy + 7, style=d.stroke("#C9A227", 0.9)))
            return items

        return draw

    def thread_strip(self, x: float, y: float) -> list[d.Element]:
        """The strip over the slot: its outer end down through the throat, its inner end down
        through the keeper slit (the dashed parts run under the cover)."""
        pal = self.pal
        cx, cy = x + 16, y + 15
        r = 13.5
        strip = d.both("#D6E4EE", pal["ink"], 0.3)
        top, slit = cy - r * 0.89, cy + r * 0.3
        items: list[d.Element] = [
            *self.cover_top(cx, cy, r, True),
            d.Rect(x=cx - 2.2, y=top, w=4.4, h=slit - top, style=strip),
            self.pin_top(cx, cy),
            self._line(cx - 2.2, top, cx - 2.2, top - 3.5, 0.3, dash=True),
            self._line(cx + 2.2, top, cx + 2.2, top - 3.5, 0.3, dash=True),
            self._line(cx - 2.2, slit, cx - 2.2, slit + 8, 0.3, dash=True),
            self._line(cx + 2.2, slit, cx + 2.2, slit + 8, 0.3, dash=True),
            self.arrow(cx + 9, top + 1, cx + 3.2, top + 0.5),
            self.arrow(cx + 9, slit + 3, cx + 3.2, slit + 0.5),
        ]
        return items

    def disc_onto_legs(self, x: float, y: float) -> list[d.Element]:
        """Side view: the cover lies face down with the legs up; the disc comes down face down."""
        pal = self.pal
        cx = x + WIDTH / 2
        base = y + 25
        items: list[d.Element] = [
            self.side_layer(x + 6, base, 28, pal["mask"]),
            d.Rect(x=cx - 1.8, y=base + 1.3, w=3.6, h=1.2, style=d.fill("#C9A227")),
            d.Line(x1=cx, y1=base, x2=cx, y2=base - 7, style=d.stroke("#C9A227", 0.9)),
            self.side_layer(x + 3, y + 9, 34, pal["animal_band"]),
            self.arrow(cx + 8, y + 3, cx + 8, y + 16),
            self.arrow(cx - 8, y + 3, cx - 8, y + 16),
        ]
        return items

    def spread_legs(self, slider: bool) -> Diagram:
        def draw(x: float, y: float) -> list[d.Element]:
            cx, cy = x + 14, y + 15
            items = self.disc_back_top(cx, cy, 13)
            items.append(self.pin_top(cx, cy, spread=True))
            items += self.cover_top(x + 34, cy, 5.5, slider)
            items.append(self.turn_arrow(x + 34, cy, 7.5, 150, 30))
            return items

        return draw

    def read_cell(self, slider: bool) -> Diagram:
        def draw(x: float, y: float) -> list[d.Element]:
            pal = self.pal
            cx, cy = x + 18, y + 17
            items: list[d.Element] = [
                d.Circle(cx=cx, cy=cy, r=14, style=d.both(pal["highlight"], pal["ink"], 0.3)),
                *self.cover_top(cx, cy, 11.5, slider),
                self.turn_arrow(cx, cy, 13.5, 200, 250),
            ]
            door = d.both("#4A3B5C", pal["ink"], 0.25)
            wx, wy = cx - 1.2, cy - 10
            items.append(d.Rect(x=wx - 2.5, y=wy, w=2.4, h=3, style=door))
            items.append(
                d.Polygon(
                    points=(
                        (wx + 0.2, wy + 3),
                        (wx + 2.6, wy + 3),
                        (wx + 5, wy - 2),
                        (wx + 2.6, wy - 2),
                    ),
                    style=door,
                )
            )
            if slider:
                items.append(self.arrow(cx + 6, cy - 2, cx + 6, cy - 8))
            items.append(self.cut_eye(x + 35, y + 5))
            return items

        return draw

    def cut_eye(self, x: float, y: float) -> d.Group:
        """An eye: look at the cell, one door at a time."""
        ink = self.pal["ink"]
        return d.group(
            d.Path(
                segments=(
                    d.MoveTo(x - 3, y),
                    d.CurveTo(x - 1.5, y - 2, x + 1.5, y - 2, x + 3, y),
                    d.CurveTo(x + 1.5, y + 2, x - 1.5, y + 2, x - 3, y),
                    d.Close(),
                ),
                style=d.stroke(ink, 0.35),
            ),
            d.Circle(cx=x, cy=y, r=0.9, style=d.fill(ink)),
        )

    def swap_disc(self, x: float, y: float) -> list[d.Element]:
        """The wheel face down: legs pressed together, the disc lifted off back up onto its pile."""
        pal = self.pal
        cx, cy = x + 13, y + 17
        items: list[d.Element] = [
            *self.disc_back_top(cx, cy - 4, 10),
            d.Line(x1=cx, y1=cy - 4, x2=cx, y2=cy - 4, style=d.stroke("#C9A227", 1.0, cap="round")),
            self.arrow(cx + 12, cy - 6, cx + 20, cy - 6),
            self.arrow(cx, cy + 8, cx, cy + 1),
        ]
        for k in range(3):  # the pile of discs, backs up
            items.append(self.side_layer(x + 27, y + 22 - k * 1.6, 12, pal["animal_band"]))
        items.append(self.side_layer(x + 2, y + 27, 22, pal["mask"]))
        return items

    def steps(self, slider: bool) -> list[tuple[str, Diagram]]:
        """``(name, drawing)`` of the steps of ``retail_steps`` (slider) or ``volvelle_steps``,
        in order."""
        common = [
            ("push-pin", self.push_pin(slider)),
            *([("thread-strip", self.thread_strip)] if slider else []),
            ("disc-onto-legs", self.disc_onto_legs),
            ("spread-legs", self.spread_legs(slider)),
            ("read-cell", self.read_cell(slider)),
            ("swap-disc", self.swap_disc),
        ]
        first: list[tuple[str, Diagram]] = [
            ("cut-cover", self.cut_cover(slider)),
            ("cut-strip", self.cut_strip) if slider else ("cut-shutters", self.cut_strip_shutters),
            ("glue-shutters", self.glue_shutters(slider)),
        ]
        return first + common

    def cut_strip_shutters(self, x: float, y: float) -> list[d.Element]:
        return [*self.shutter_piece(x + 12, y + 8, folded=True), self.cut_mark(x + 30, y + 6)]


def diagrams(slider: bool, pal: symbols.Palette) -> list[tuple[str, Diagram]]:
    """``(name, drawing)`` of the steps of ``retail_steps`` (slider) or ``volvelle_steps``, in
    order, in the colours of ``pal``."""
    return Diagrams(pal).steps(slider)
