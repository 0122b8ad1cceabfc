"""A picture of the assembled wheel at one setting: what a player sees.

The disc front turned by the setting's rotation, the cover on top with (for
the retail template) the slider at the row's stop, layered as assembled, and
the shutters glued in place: closed, except the flaps named in ``lifted``,
which are drawn folded back over their hinges. Useful in galleries and to
check a template by eye; the geometric proof lives in the tests.
"""

from __future__ import annotations

from pachaprint.model.board import COLUMN_LETTERS
from pachaprint.model.disc import Disc
from pachaprint.model.printing import PrintSettings

from .. import draw as d
from ..shutters import KEYS
from ..wheel import Wheel
from ..wheel_templates import resolve
from .disc_front import disc_front
from .wheel_cover import cover_drawing
from .wheel_kinds import art_for


def wheel_preview(
    disc: Disc,
    wheel: Wheel | str,
    column: int,
    row: int,
    settings: PrintSettings,
    margin: float = 10.0,
    lifted: tuple[str, ...] = KEYS,
) -> d.Drawing:
    """The assembled wheel of ``disc`` set to show cell (``column``, ``row``), both 0-based.

    ``lifted`` names the shutter flaps drawn open (default both, so the
    picture shows the cell; ``()`` shows the wheel as it lies between looks).
    """
    wheel = resolve(wheel)
    scenario = disc.scenario
    if not scenario.board.contains(column, row):
        raise ValueError(
            f"no cell at column {column + 1}, row {row + 1} on a {scenario.size} board"
        )
    unknown = set(lifted) - set(KEYS)
    if unknown:
        raise ValueError(f"no shutter called {', '.join(sorted(unknown))} (choose from {KEYS})")
    setting = wheel.setting(column, row)
    front = disc_front(disc, wheel, settings)
    cover = cover_drawing(wheel, settings)
    r = wheel.disc_radius
    strip = wheel.slider_strip()
    reach = max(r, strip.u1 + (setting.slider_mm or 0.0)) if strip is not None else r
    size = 2 * (reach + margin)
    cx = cy = size / 2
    rc = wheel.cover_radius
    cover_group = d.group(
        *cover.items,
        transform=d.translate(cx - rc, cy - rc),
        clip=d.Circle(cx=rc, cy=rc, r=rc),
        id="preview-cover",
    )
    items: list[d.Element] = [
        d.group(
            *front.items,
            transform=d.compose(d.translate(cx - r, cy - r), d.rotate(setting.rotation_deg, r, r)),
            clip=d.Circle(cx=r, cy=r, r=r),
            id="preview-disc",
        ),
        *art_for(wheel, settings).assembled(cover_group, setting, cx, cy, set(lifted)),
    ]
    name = f"{COLUMN_LETTERS[column]}{row + 1}"
    return d.Drawing(
        size,
        size,
        tuple(items),
        name=f"wheel-preview-{name}",
        metadata=d.data(
            scenario=scenario.id,
            wheel=wheel.name,
            cell=name,
            rotation_deg=f"{setting.rotation_deg:g}",
            slider_mm="" if setting.slider_mm is None else f"{setting.slider_mm:g}",
            lifted=" ".join(lifted),
        ),
    )
