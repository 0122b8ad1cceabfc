"""The art of each kind of wheel: one table, so no caller asks which kind it holds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...model.printing import PrintSettings
from ..wheel import Wheel
from ..wheel_sectors import SectorWheel
from ..wheel_slots import SlotWheel
from .retail_art import SectorArt
from .volvelle_art import SlotArt
from .wheel_art import WheelArt

ARTS: dict[type[Wheel], Callable[[Any, PrintSettings], WheelArt]] = {
    SectorWheel: SectorArt,
    SlotWheel: SlotArt,
}
"""Wheel class -> the art that draws it."""


def art_for(wheel: Wheel, settings: PrintSettings) -> WheelArt:
    """The :class:`WheelArt` of a loaded wheel, in the ink and words of ``settings``."""
    return ARTS[type(wheel)](wheel, settings)
