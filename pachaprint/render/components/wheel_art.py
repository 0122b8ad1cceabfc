"""What a kind of wheel draws: the small interface the wheel components call.

The disc front, the cover, the cover sheet and the assembled preview are the
same for every template except for a few parts, which a :class:`WheelArt`
supplies: the marks inside a cell, the blank places of a tiny disc, the rim,
the cover's own marks and openings, and the slider strip if the wheel has
one. :func:`pachaprint.render.components.wheel_kinds.art_for` picks the art
of a loaded :class:`~pachaprint.render.wheel.Wheel`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from ...model.printing import PrintSettings
from .. import draw as d
from .. import symbols
from ..texts import wheel_texts
from ..wheel import CellPlace, Setting, Wheel


class WheelArt(ABC):
    """The drawing parts that differ between kinds of wheel, drawn with the ink and words
    of the print settings it is made with."""

    wheel: Wheel
    disc_band: str
    """Palette key of the disc's outer band (the rim)."""
    steps_key: str
    """Key of the assembly steps in ``templates/wheel/texts.json``."""

    def __init__(self, wheel: Wheel, settings: PrintSettings) -> None:
        self.settings = settings
        self.pal: symbols.Palette = symbols.palette(settings.ink)
        self.words: dict[str, Any] = wheel_texts(settings.lang)

    @abstractmethod
    def cell_marks(
        self, place: CellPlace, terrain: symbols.Swatch, crop: symbols.Swatch, cx: float, cy: float
    ) -> list[d.Element]:
        """Letter, number and symbols of one cell, laid out upright in the axis frame."""

    @abstractmethod
    def blank_cells(self, width: int, cx: float, cy: float) -> list[d.Element]:
        """The places a disc ``width`` columns wide leaves blank (tiny discs)."""

    @abstractmethod
    def rim(self, width: int, cx: float, cy: float) -> list[d.Element]:
        """The disc's rim: the marks a player turns to, and the alignment ticks."""

    @abstractmethod
    def cover_items(self, cx: float, cy: float) -> list[d.Element]:
        """The cover's body (with its openings cut out) and its marks, pin excluded."""

    def slider(self) -> d.Drawing | None:
        """The slider strip as a piece, or ``None`` when the windows are in the cover."""
        return None

    @abstractmethod
    def assembled(
        self, cover: d.Group, setting: Setting, cx: float, cy: float, lifted: set[str]
    ) -> list[d.Element]:
        """Everything that lies over the disc when the wheel is set to ``setting``
        (centred at ``cx, cy``): the cover (given, already placed), the slider and
        the shutters, closed except the flaps named in ``lifted``."""


def tick(cx: float, cy: float, angle: float, r0: float, r1: float, style: d.Style) -> d.Line:
    """A radial line from ``r0`` to ``r1`` at wheel ``angle`` (0 = window axis)."""
    x0, y0 = d.polar(cx, cy, r0, 90.0 + angle)
    x1, y1 = d.polar(cx, cy, r1, 90.0 + angle)
    return d.Line(x1=x0, y1=y0, x2=x1, y2=y1, style=style)
