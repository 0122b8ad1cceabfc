"""The reference card: two faces (A5), every word from ``templates/reference/<lang>.json``.

Numbers (pawns per player count, crop values, box counts, the offering table,
the top diversity level) come from :mod:`pachaprint.model.rules`, so the card
always agrees with the checker and the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...engine.rules.config import PLAYER_COLOURS, otoma_colours
from ...model.printing import PrintSettings
from ...model.rules import (
    BOX_CROP_TILES,
    CROP_LEVELS,
    DIVERSITY_TOP_LEVEL,
    OFFERING_POINTS,
    PLAYER_COUNTS,
    explorer_pawns,
)
from .. import draw as d
from ..fonts import fit_size, wrap
from ..symbols import Palette, crop, palette, pawn_badge, place
from ..texts import core_geometry, texts

"""The player colours in the order the Otoma take those you do not play (docs/rules.md, ruling R8)."""

BODY_PT = 8.5
LEAD = 1.32  # line height as a multiple of the text size


@dataclass
class Flow:
    """A column of text laid out top to bottom, in the colours of ``pal``."""

    x: float
    y: float
    width: float
    pal: Palette
    body_pt: float = BODY_PT
    items: list[d.Element] = field(default_factory=list)

    def line_h(self, size: float) -> float:
        return size * d.PT_MM * LEAD

    def heading(self, text: str, size: float = 10.0) -> None:
        pal = self.pal
        self.y += 1.5
        self.items.append(
            d.Rect(
                x=self.x,
                y=self.y,
                w=self.width,
                h=size * d.PT_MM * 1.55,
                rx=1,
                style=d.fill(pal["animal_band"]),
            )
        )
        self.items.append(
            d.Text(
                x=self.x + 1.5,
                y=self.y + size * d.PT_MM * 0.78,
                text=text,
                size_pt=size,
                bold=True,
                valign="middle",
            )
        )
        self.y += size * d.PT_MM * 1.55 + 1.6

    def para(
        self,
        text: str,
        size: float | None = None,
        indent: float = 0.0,
        bullet: str | None = None,
        bold: bool = False,
    ) -> None:
        size = size or self.body_pt
        for i, line in enumerate(wrap(text, self.width - indent, size, bold)):
            self.y += self.line_h(size)
            if i == 0 and bullet:
                self.items.append(
                    d.Text(x=self.x + 0.8, y=self.y, text=bullet, size_pt=size, bold=True)
                )
            self.items.append(
                d.Text(x=self.x + indent, y=self.y, text=line, size_pt=size, bold=bold)
            )
        self.y += 1.0

    def legend(self, entries: list[tuple[str, str, str]]) -> None:
        """Pawn badges (colour + letter) in a row, each with its colour's name below."""
        step = self.width / len(entries)
        size = 10.0
        for i, (colour, name, letter) in enumerate(entries):
            cx = self.x + step * (i + 0.5)
            self.items.append(pawn_badge(colour, cx, self.y + 1 + size / 2, size, self.pal, letter))
            self.items.append(
                d.Text(
                    x=cx,
                    y=self.y + size + 4.5,
                    text=name,
                    size_pt=fit_size(name, step - 2, self.body_pt),
                    anchor="middle",
                )
            )
        self.y += size + 6.5

    def table(
        self,
        head: list[str],
        rows: list[list[str]],
        widths: list[float],
        size: float | None = None,
        icons: list[Callable[[float, float], d.Element] | None] | None = None,
    ) -> None:
        """A ruled table; ``widths`` are fractions of the flow width."""
        size = size or self.body_pt
        pal = self.pal
        cols = [w * self.width for w in widths]
        for r, row in enumerate([head, *rows]):
            cells = [wrap(text, cols[c] - 2.4, size, bold=r == 0) for c, text in enumerate(row)]
            lines = max(len(c) for c in cells)
            h = lines * self.line_h(size) + 1.6
            if r == 0:
                self.items.append(
                    d.Rect(x=self.x, y=self.y, w=self.width, h=h, style=d.fill(pal["table_head"]))
                )
            x = self.x
            for c, cell in enumerate(cells):
                pad = 1.2
                icon = icons[r - 1] if icons and r > 0 and c == 0 else None
                if icon is not None:
                    self.items.append(icon(x + 3.2, self.y + h / 2))
                    pad = 7.0
                for k, line in enumerate(cell):
                    self.items.append(
                        d.Text(
                            x=x + pad,
                            y=self.y + 0.8 + (k + 1) * self.line_h(size) - 0.6,
                            text=line,
                            size_pt=size,
                            bold=r == 0,
                        )
                    )
                x += cols[c]
            self.y += h
            self.items.append(
                d.Line(
                    x1=self.x,
                    y1=self.y,
                    x2=self.x + self.width,
                    y2=self.y,
                    style=d.stroke(pal["guide"], 0.2),
                )
            )
        self.y += 2.0


def _numbers(words: dict[str, Any]) -> dict[str, Any]:
    card = words["card"]
    pawns = ", ".join(
        card["pawns_item"].format(players=p, count=explorer_pawns(p)) for p in PLAYER_COUNTS
    )
    return {"pawns": pawns, "top": DIVERSITY_TOP_LEVEL}


SIZES_PT = (9.0, 8.5, 8.0, 7.5, 7.0)
"""Body sizes tried in turn until a face's text fits (longer languages get smaller type)."""


def _front(
    flow: Flow,
    card: dict[str, Any],
    nums: dict[str, Any],
    names: dict[str, Any],
    letters: dict[str, Any],
) -> None:
    flow.heading(card["setup_title"])
    for step in card["setup_steps"]:
        flow.para(step.format(**nums), indent=5, bullet="•")
    flow.heading(card["turn_title"])
    flow.para(card["turn"])
    flow.heading(card["explore_title"])
    for i, line in enumerate(card["explore"], 1):
        flow.para(line, indent=5, bullet=f"{i}.")
    flow.heading(card["movement_title"])
    flow.para(card["movement_intro"])
    flow.table(card["movement_head"], card["movement"], [0.55, 0.45])
    flow.para(card["movement_note"])
    flow.heading(card["discovery_title"])
    flow.para(card["discovery"].format(**nums))
    flow.heading(card["colours_title"])
    flow.para(card["colours_intro"])
    flow.legend([(colour, names[colour], letters[colour]) for colour in flow.pal["pawns"]])


def _back(flow: Flow, card: dict[str, Any], words: dict[str, Any]) -> None:
    flow.heading(card["divine_title"])
    flow.para(card["divine"])
    flow.para(card["divine_right"], indent=5, bullet="+")
    flow.para(card["divine_wrong"], indent=5, bullet="-")
    flow.heading(card["crops_title"])
    rows = [
        [
            str(level),
            words["crops"][str(level)],
            f"+{level}",
            f"-{level}",
            str(BOX_CROP_TILES[level]),
        ]
        for level in CROP_LEVELS
    ]

    def crop_icon(level: int) -> Callable[[float, float], d.Element]:
        sw = crop(level, flow.pal)

        def draw(x: float, y: float) -> d.Element:
            return d.group(
                d.Circle(cx=x, cy=y, r=2.6, style=d.fill(sw.colour)),
                place(sw.symbol, x, y, 3.6, ink=sw.ink, paper=sw.colour),
            )

        return draw

    icons: list[Callable[[float, float], d.Element] | None] = [
        crop_icon(level) for level in CROP_LEVELS
    ]
    flow.table(card["crops_head"], rows, [0.14, 0.32, 0.16, 0.17, 0.21], icons=icons)
    flow.heading(card["offer_title"])
    flow.para(card["offer"])
    ks = list(range(1, len(OFFERING_POINTS)))
    flow.table(
        [card["offer_head"][0]] + [str(k) for k in ks],
        [[card["offer_head"][1]] + [str(OFFERING_POINTS[k]) for k in ks]],
        [0.25] + [0.75 / len(ks)] * len(ks),
    )
    flow.heading(card["rules_title"])
    for line in card["rules"]:
        flow.para(line, indent=5, bullet="•")
    flow.heading(card["end_title"])
    for line in card["end"]:
        flow.para(line, indent=5, bullet="•")


def _face(
    settings: PrintSettings, side: str, kicker: str, title: str, fill: Callable[[Flow], None]
) -> d.Drawing:
    """One A5 face: the flow's text at the largest body size that fits (see :data:`SIZES_PT`)."""
    lang = settings.lang
    geo = core_geometry()["reference_card"]
    pal = palette(settings.ink)
    w, h, m = geo["width_mm"], geo["height_mm"], geo["margin_mm"]
    bleed = core_geometry()["bleed_mm"]
    for size in SIZES_PT:
        flow = Flow(m, m + 13, w - 2 * m, pal, body_pt=size)
        fill(flow)
        if flow.y <= h - m:
            break
    else:
        raise ValueError(
            f"templates/reference/{lang}.json: the card's {side} needs {flow.y:.1f} mm at "
            f"{SIZES_PT[-1]} pt, it has {h - m:.1f} mm; shorten the text"
        )
    base: list[d.Element] = [
        d.Rect(
            x=-bleed,
            y=-bleed,
            w=w + 2 * bleed,
            h=h + 2 * bleed,
            style=d.fill(pal["card_band"]),
        ),
        d.Rect(
            x=2.5, y=2.5, w=w - 5, h=h - 5, rx=2, style=d.both(pal["board"], pal["card_edge"], 0.3)
        ),
        d.Text(x=m, y=m + 3, text=kicker, size_pt=7, colour=pal["guide"], valign="middle"),
        d.Text(x=m, y=m + 9, text=title, size_pt=13, bold=True, valign="middle"),
    ]
    return d.Drawing(
        w,
        h,
        tuple(base + flow.items),
        name=f"reference-card-{side}",
        bleed_mm=bleed,
        metadata=d.data(lang=lang, face=side, body_pt=f"{size:g}"),
    )


def faces(settings: PrintSettings) -> tuple[d.Drawing, d.Drawing]:
    """Front (setup, turn, explore, movement, discovery) and back (divine, crops, offer, rules, end)."""
    words = texts(settings.lang)
    card = words["card"]
    nums = _numbers(words)
    front = _face(
        settings,
        "front",
        card["title"],
        card["front_heading"],
        lambda flow: _front(flow, card, nums, words["pawns"], words["pawn_letters"]),
    )
    back = _face(
        settings, "back", card["title"], card["back_heading"], lambda flow: _back(flow, card, words)
    )
    return front, back


def _solo(flow: Flow, solo: dict[str, Any], letters: dict[str, str]) -> None:
    flow.heading(solo["setup_title"])
    flow.para(solo["setup"])
    flow.heading(solo["otoma_colours_title"])
    flow.para(solo["otoma_colours"])
    rows = [[letters[p], *(letters[c] for c in otoma_colours(p)[2:])] for p in PLAYER_COLOURS]
    flow.table(solo["otoma_colours_head"], rows, [0.4, 0.2, 0.2, 0.2])
    flow.heading(solo["turn_title"])
    flow.para(solo["turn"])
    flow.heading(solo["arrows_title"])
    for i, line in enumerate(solo["arrows"], 1):
        flow.para(line, indent=5, bullet=f"{i}.")
    flow.heading(solo["otoma_title"])
    flow.para(solo["otoma"])
    flow.heading(solo["end_title"])
    flow.para(solo["end"])


def _coop(flow: Flow, solo: dict[str, Any]) -> None:
    flow.heading(solo["coop_setup_title"])
    flow.para(solo["coop_setup"])
    flow.heading(solo["coop_turn_title"])
    for i, line in enumerate(solo["coop_turn"], 1):
        flow.para(line, indent=5, bullet=f"{i}.")
    flow.heading(solo["coop_end_title"])
    flow.para(solo["coop_end"])


def solo_faces(settings: PrintSettings) -> tuple[d.Drawing, d.Drawing]:
    """The second card: solo (setup, your turn, the arrows, the Otoma, the end) and co-op."""
    words = texts(settings.lang)
    solo = words["solo"]
    letters = words["pawn_letters"]
    front = _face(
        settings, "solo", solo["title"], solo["solo_heading"], lambda f: _solo(f, solo, letters)
    )
    back = _face(settings, "coop", solo["title"], solo["coop_heading"], lambda f: _coop(f, solo))
    return front, back


def pieces(settings: PrintSettings) -> list[d.Piece]:
    """The two cards as duplex pieces: the game (front, back), then solo and co-op."""
    front, back = faces(settings)
    solo, coop = solo_faces(settings)
    return [d.Piece(front, back, "rect"), d.Piece(solo, coop, "rect")]
