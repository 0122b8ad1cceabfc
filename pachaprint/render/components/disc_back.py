"""The scenario disc's back: what players may know before the game starts.

Name and id, size, author, terrain supply counts, a mini-map of the start
cells (terrain and crop; every other cell drawn blank), the Otoma start cells
if any, and the difficulty. Nothing on it depends on a hidden cell except the
terrain supply, which the rules make public (it is the tile stock).
"""

from __future__ import annotations

from typing import Any

from pachaprint.model.board import COLUMN_LETTERS
from pachaprint.model.disc import Disc
from pachaprint.model.printing import PrintSettings
from pachaprint.model.scenario import Scenario
from pachaprint.resources import load_template

from ...textfit import disc_back_box, fit_in
from .. import draw as d
from .. import symbols
from ..fonts import wrap
from ..texts import pawn_letter
from ..texts import wheel_texts as texts
from ..wheel import Wheel
from ..wheel_templates import resolve
from . import wheelparts as wp
from .share_code import share_block

_TERRAINS = "VDFM"


def layout() -> dict[str, Any]:
    """The disc back's layout (``templates/wheel/layout.json``)."""
    found: dict[str, Any] = load_template("wheel/layout.json")["disc_back"]
    return found


def disc_back(disc: Disc, wheel: Wheel | str, settings: PrintSettings) -> d.Drawing:
    """The back of ``disc`` at ``wheel``'s size, in the ink and words of ``settings``: its
    grade, and its share code as text and as a QR code (``BASE#CODE`` with
    ``settings.share_url``): :mod:`.share_code`.
    """
    wheel = resolve(wheel)
    scenario = disc.scenario
    difficulty = disc.grade
    pal = symbols.palette(settings.ink)
    t = texts(settings.lang)
    lay = layout()
    r = wheel.disc_radius
    cx = cy = r
    ink = pal["ink"]
    items: list[d.Element] = [
        d.Circle(cx=cx, cy=cy, r=r + wheel.disc_bleed, style=d.fill(pal["animal_band"])),
        d.Circle(
            cx=cx, cy=cy, r=r - lay["inner_ring_mm"], style=d.both(pal["board"], pal["guide"], 0.3)
        ),
    ]
    # title block above the pin: name, id and size, author; each fitted in its box
    lines = [
        ("name", t["disc_back_title"].format(name=scenario.name)),
        ("meta", f"{scenario.id} · {t['size_' + scenario.size]}"),
    ]
    if scenario.author:
        lines.append(("author", t["by"].format(author=scenario.author)))
    for key, text in lines:
        items.append(_text_block(key, text, cx, cy, r, ink))
    supply = _supply(disc.stats.supply(), cx, cy + lay["supply"]["y_ratio"] * r, t, pal, lay)
    items.extend(supply)
    if difficulty:
        shown = t["difficulties"].get(difficulty, difficulty)
        items.append(
            d.Text(
                x=cx,
                y=cy + lay["difficulty"]["y_ratio"] * r,
                text=t["difficulty"].format(difficulty=shown),
                size_pt=lay["difficulty"]["pt"],
                anchor="middle",
                valign="middle",
                colour=ink,
                id="back-difficulty",
                data=d.data(difficulty=difficulty),
            )
        )
    items.append(wp.pin_mark(cx, cy, wheel.pin_hole, pal))
    items.extend(share_block(disc, cx, cy, r, settings))
    spec = lay["map"]
    items.extend(
        _mini_map(
            scenario, cx, cy + spec["y_ratio"] * r, spec["width_ratio"] * r, t, spec, settings
        )
    )
    return d.Drawing(
        2 * r,
        2 * r,
        tuple(items),
        name="disc-back",
        bleed_mm=wheel.disc_bleed,
        metadata=d.data(
            scenario=scenario.id,
            wheel=wheel.name,
            size=scenario.size,
            centre=f"{cx:g} {cy:g}",
            radius_mm=f"{r:g}",
        ),
    )


def _text_block(key: str, text: str, cx: float, cy: float, r: float, ink: str) -> d.Group:
    """One disc-back text fitted in its box (:func:`pachaprint.textfit.disc_back_box`).

    The group carries ``data-size-pt`` and ``data-lines`` so a test (or
    ``validate``'s warning) can tell how the text was set.
    """
    box = disc_back_box(key, r)
    fitted = fit_in(box, text)
    step = fitted.line_height_mm
    first = cy + box.centre_y - step * (len(fitted.lines) - 1) / 2
    return d.group(
        *(
            d.Text(
                x=cx,
                y=first + k * step,
                text=line,
                size_pt=fitted.size_pt,
                anchor="middle",
                valign="middle",
                bold=box.bold,
                colour=ink,
            )
            for k, line in enumerate(fitted.lines)
        ),
        id=f"back-{key}",
        data=d.data(size_pt=f"{fitted.size_pt:g}", lines=len(fitted.lines)),
    )


def _supply(
    counts: dict[str, int],
    cx: float,
    y: float,
    t: dict[str, Any],
    pal: symbols.Palette,
    lay: dict[str, Any],
) -> list[d.Element]:
    """Terrain supply (``counts``: cells per terrain letter): symbol swatch, letter and count
    for each terrain, in one row."""
    spec = lay["supply"]
    ink = pal["ink"]
    box, step = spec["box_mm"], spec["step_mm"]
    items: list[d.Element] = [
        d.Text(
            x=cx,
            y=y - spec["title_gap_mm"],
            text=t["supply"],
            size_pt=spec["title_pt"],
            anchor="middle",
            valign="middle",
            colour=ink,
            bold=True,
        )
    ]
    x0 = cx - step * (len(_TERRAINS) - 1) / 2
    for k, letter in enumerate(_TERRAINS):
        sw = symbols.terrain(letter, pal)
        x = x0 + k * step
        items.append(
            d.group(
                d.Rect(
                    x=x - box - 1,
                    y=y - box / 2,
                    w=box,
                    h=box,
                    rx=1.0,
                    style=d.both(sw.colour, ink, 0.2),
                ),
                symbols.place(
                    sw.symbol, x - box / 2 - 1, y, box * 0.8, ink=sw.ink, paper=sw.colour
                ),
                d.Text(
                    x=x + 0.8,
                    y=y,
                    text=f"{sw.letter} {counts[letter]}",
                    size_pt=spec["count_pt"],
                    valign="middle",
                    bold=True,
                    colour=ink,
                ),
                id=f"supply-{letter}",
                data=d.data(terrain=letter, count=counts[letter]),
            )
        )
    return items


def _mini_map(
    scenario: Scenario,
    cx: float,
    top: float,
    width: float,
    t: dict[str, Any],
    spec: dict[str, Any],
    settings: PrintSettings,
) -> list[d.Element]:
    """The board with only the start cells filled in (terrain colour and letter, crop number);
    the Otoma start cells numbered 1 to 5 in the order of ``solo.otoma``, with the key."""
    pal = symbols.palette(settings.ink)
    board = scenario.board
    pitch = min(spec["max_pitch_mm"], width / board.width)
    left = cx - pitch * board.width / 2
    ink = pal["ink"]
    gap, label_pt = spec["label_gap_mm"], spec["label_pt"]
    items: list[d.Element] = [
        d.Text(
            x=cx,
            y=top - spec["title_gap_mm"],
            text=t["start_cells"],
            size_pt=spec["title_pt"],
            anchor="middle",
            valign="middle",
            bold=True,
            colour=ink,
        )
    ]
    for column in range(board.width):
        items.append(
            d.Text(
                x=left + (column + 0.5) * pitch,
                y=top - gap,
                text=COLUMN_LETTERS[column],
                size_pt=label_pt,
                anchor="middle",
                valign="middle",
                colour=pal["guide"],
            )
        )
    for row in range(board.height):
        items.append(
            d.Text(
                x=left - gap,
                y=top + (row + 0.5) * pitch,
                text=str(row + 1),
                size_pt=label_pt,
                anchor="middle",
                valign="middle",
                colour=pal["guide"],
            )
        )
    starts = set(scenario.start_cells)
    order = {cell: k for k, cell in enumerate(scenario.otoma_cells, 1)}
    frame = spec["otoma_frame_mm"]
    for cell in board.cells:
        x = left + board.column(cell) * pitch
        y = top + board.row(cell) * pitch
        name = board.name(cell)
        if cell not in starts:
            items.append(
                d.Rect(x=x, y=y, w=pitch, h=pitch, style=d.both(pal["paper"], pal["guide"], 0.2))
            )
            continue
        letter, level = scenario.terrain_at(cell), scenario.crop_at(cell)
        sw = symbols.terrain(letter, pal)
        number = order.get(cell)
        letter_y = y + pitch * (0.7 if number else 0.5)
        cell_items: list[d.Element] = [
            d.Rect(x=x, y=y, w=pitch, h=pitch, style=d.both(sw.colour, ink, 0.25)),
            d.Text(
                x=x + pitch * 0.3,
                y=letter_y,
                text=letter,
                size_pt=spec["letter_pt"],
                anchor="middle",
                valign="middle",
                bold=True,
                colour=sw.ink,
            ),
        ]
        if level is not None:
            cs = symbols.crop(level, pal)
            cell_items.append(
                d.Circle(
                    cx=x + pitch * 0.68,
                    cy=y + pitch * 0.5,
                    r=pitch * 0.27,
                    style=d.both(cs.colour, ink, 0.15),
                )
            )
            cell_items.append(
                d.Text(
                    x=x + pitch * 0.68,
                    y=y + pitch * 0.5,
                    text=str(level),
                    size_pt=spec["digit_pt"],
                    anchor="middle",
                    valign="middle",
                    bold=True,
                    colour=cs.ink,
                )
            )
        if number is not None:
            inset = frame / 2
            cell_items.append(
                d.Rect(
                    x=x + inset,
                    y=y + inset,
                    w=pitch - frame,
                    h=pitch - frame,
                    style=d.stroke(ink, frame),
                )
            )
            cell_items.append(_otoma_badge(number, x, y, spec["badge_mm"], pal))
        items.append(
            d.group(
                *cell_items,
                id=f"start-{name}",
                data=d.data(
                    cell=name,
                    terrain=letter,
                    crop=level if level is not None else "",
                    otoma=str(number) if number else "no",
                ),
            )
        )
    if order:
        y = top + board.height * pitch + spec["legend_gap_mm"]
        items += _otoma_key(cx, y, board.width * pitch, t, spec, settings)
    return items


OTOMA_FIRST = ("purple", "yellow")
"""The Otoma colours on Otoma cells 1 and 2 whatever colour you play (docs/rules.md, ruling R8)."""
PLAYER_ORDER = ("brown", "white", "green", "blue")
"""The order the Otoma take the other player colours in, on cells 3, 4 and 5."""


def _otoma_badge(number: int, x: float, y: float, size: float, pal: symbols.Palette) -> d.Group:
    """Cell ``number``'s tag in the cell's top-left corner: a square (a circle would read as
    a crop) in the Otoma's colour for 1 (purple) and 2 (yellow), white for 3-5, its number on it."""
    if number <= len(OTOMA_FIRST):
        sw = symbols.pawn(OTOMA_FIRST[number - 1], pal)
        fill, ink = sw.colour, sw.ink
    else:
        fill, ink = pal["paper"], pal["ink"]
    return d.group(
        d.Rect(x=x, y=y, w=size, h=size, style=d.both(fill, pal["ink"], 0.25)),
        d.Text(
            x=x + size / 2,
            y=y + size / 2,
            text=str(number),
            size_pt=6.0,
            anchor="middle",
            valign="middle",
            bold=True,
            colour=ink,
        ),
        data=d.data(otoma_number=number),
    )


def _otoma_key(
    cx: float,
    y: float,
    width: float,
    t: dict[str, Any],
    spec: dict[str, Any],
    settings: PrintSettings,
) -> list[d.Element]:
    """What the numbers mean: the rule in words, then the player colours in their order."""
    pal = symbols.palette(settings.ink)
    pt = spec["legend_pt"]
    lead = pt * d.PT_MM * 1.25
    lines = wrap(t["otoma_key"], width, pt)
    items: list[d.Element] = [
        d.group(
            *(
                d.Text(
                    x=cx,
                    y=y + k * lead,
                    text=line,
                    size_pt=pt,
                    anchor="middle",
                    valign="middle",
                    colour=pal["ink"],
                )
                for k, line in enumerate(lines)
            ),
            id="otoma-key",
        )
    ]
    size = spec["badge_mm"] * 1.6
    step = size + 2.0
    x0 = cx - step * (len(PLAYER_ORDER) - 1) / 2
    top = y + (len(lines) - 0.5) * lead + 0.6
    for k, colour in enumerate(PLAYER_ORDER):
        letter = pawn_letter(colour, settings.lang)
        badge = symbols.pawn_badge(colour, x0 + k * step, top + size / 2, size, pal, letter)
        items.append(d.group(badge, data=d.data(colour=colour, order=k + 1)))
    return items
