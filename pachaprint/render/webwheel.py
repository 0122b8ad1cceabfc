"""The digital wheel: one self-contained HTML page per scenario.

The page replaces the wheel of the box (and any page opens the disc of a
share code given after ``#`` in its address, ``wheel.html#CODE``; the page
written without a scenario holds no disc and asks for a code, so one hosted
page serves every disc; :mod:`pachaprint.model.sharecode` defines the code, and
``sharecode.js`` beside the page reads it): choose a cell (tap it, or pick its
element and animal as on the wheel), then *Discovery* reveals its terrain and
*Divination* its crop, each after a confirmation. It shows the board with the
same element, animal, terrain and crop symbols as the printed components, the
start cells as at setup, the terrain tiles left in the supply, and keeps the
progress in the browser's local storage per scenario, with undo and reset.

Everything is inline (CSS, JavaScript, SVG symbols) so the file works offline
from ``file://``; a Content-Security-Policy forbids any network request. The
page assets are templates under ``templates/webwheel/``; its texts come in
English, German, Italian, French and Spanish (``text.json`` there, with the terrain and
crop names of the reference card).

The answers are not written in the clear: each cell's ``"c3:F2"`` (name,
terrain letter, crop level) is XOR-ed with a keystream from a seed hashed from
the scenario id and the cell name, then base64-encoded (:func:`encode_cell`).
That keeps a glance at the source from spoiling the map; it is not security.
"""

from __future__ import annotations

import base64
import html
import json
import os
import re
from functools import cache
from pathlib import Path
from typing import Any

from pachaprint import __version__
from pachaprint.fileio import atomic_write_text
from pachaprint.model.board import board_for
from pachaprint.model.disc import Disc
from pachaprint.model.printing import PrintSettings
from pachaprint.model.rules import CROP_LEVELS, TERRAIN_LETTERS
from pachaprint.model.scenario import Scenario
from pachaprint.render import webwheel_art as wheelart
from pachaprint.resources import LANGUAGES, load_template, templates_dir

PAGE_FORMAT = "pachaprint-wheel/1"
KEY_PREFIX = PAGE_FORMAT + "|"
"""Hashed with ``<id>|<cell>`` to seed a cell's keystream (the page repeats it)."""

_MASK = 0xFFFFFFFF
_PLACEHOLDER = re.compile(r"\{\{([\w.]+)\}\}")


# -- the per-cell encoding (wheel.js mirrors it) ---------------------------
def _fnv1a(text: str) -> int:
    """32-bit FNV-1a hash of the UTF-8 bytes of ``text``."""
    value = 0x811C9DC5
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x01000193) & _MASK
    return value


def _keystream(seed: int, length: int) -> bytes:
    """``length`` bytes of the mulberry32 generator seeded with ``seed`` (top byte of each draw)."""
    state = seed & _MASK
    out = bytearray()
    for _ in range(length):
        state = (state + 0x6D2B79F5) & _MASK
        t = state
        t = ((t ^ (t >> 15)) * (t | 1)) & _MASK
        t = (t ^ ((t + ((t ^ (t >> 7)) * (t | 61))) & _MASK)) & _MASK
        out.append(((t ^ (t >> 14)) >> 24) & 0xFF)
    return bytes(out)


def _cell_key(scenario_id: str, cell_name: str, length: int) -> bytes:
    return _keystream(_fnv1a(f"{KEY_PREFIX}{scenario_id}|{cell_name}"), length)


def encode_cell(scenario_id: str, cell_name: str, terrain: str, crop: int) -> str:
    """The page's token for one cell: ``"<cell>:<terrain><crop>"`` XOR keystream, base64."""
    plain = f"{cell_name}:{terrain}{crop}".encode("ascii")
    key = _cell_key(scenario_id, cell_name, len(plain))
    return base64.b64encode(bytes(p ^ k for p, k in zip(plain, key, strict=False))).decode("ascii")


def decode_cell(scenario_id: str, cell_name: str, token: str) -> tuple[str, int]:
    """Inverse of :func:`encode_cell`: ``(terrain letter, crop level)``; ``ValueError`` if damaged."""
    raw = base64.b64decode(token)
    key = _cell_key(scenario_id, cell_name, len(raw))
    plain = bytes(r ^ k for r, k in zip(raw, key, strict=False)).decode("ascii", errors="replace")
    name, _, answer = plain.partition(":")
    if (
        name != cell_name
        or len(answer) != 2
        or answer[0] not in TERRAIN_LETTERS
        or not answer[1].isdecimal()
        or int(answer[1]) not in CROP_LEVELS
    ):
        raise ValueError(f"the token of {cell_name} does not decode for scenario {scenario_id!r}")
    return answer[0], int(answer[1])


# -- the texts -----------------------------------------------------------------


@cache
def page_text(lang: str = "en") -> dict[str, Any]:
    """The page's texts in ``lang``, with the terrain and crop names of the printed card."""
    if lang not in LANGUAGES:
        raise ValueError(f"no digital wheel texts in {lang!r} (known: {', '.join(LANGUAGES)})")
    text = dict(load_template("webwheel/text.json")[lang])
    reference = load_template(f"reference/{lang}.json")
    text["lang"] = lang
    text["terrains"] = dict(reference["terrains"])
    text["crops"] = dict(reference["crops"])
    return text


def _fill(template: str, **values: object) -> str:
    """``"{cell} of {total}"`` with the values put in (the page's JavaScript does the same)."""
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), template)


def _plural(text: dict[str, Any], key: str, count: int) -> str:
    """The ``_one`` or ``_many`` form of ``key`` for ``count`` (French counts 0 as singular)."""
    one = count == 1 or (count == 0 and text["lang"] == "fr")
    return _fill(text[f"{key}_{'one' if one else 'many'}"], count=count)


def _join(names: list[str], text: dict[str, Any]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {text['and']} " + names[-1]


# -- the page ----------------------------------------------------------------
_SCRIPT_TEXTS = (
    "choose_hint",
    "pick_element_next",
    "pick_animal_next",
    "where",
    "not_revealed",
    "terrain_part",
    "crop_lower",
    "crop_upper",
    "terrain_with_letter",
    "start_cell_note",
    "column_title",
    "row_title",
    "no_cell",
    "terrain_known",
    "reveal_terrain_title",
    "discover_first",
    "crop_known",
    "reveal_crop_title",
    "confirm_terrain",
    "confirm_crop",
    "ok_terrain",
    "ok_crop",
    "confirm_reset_one",
    "confirm_reset_many",
    "ok_reset",
    "undo_none",
    "undo_terrain",
    "undo_crop",
    "window_empty",
    "window_terrain",
    "window_crop",
    "window_start",
    "window_earlier",
    "supply_label",
    "supply_of",
    "log_terrain",
    "log_crop",
    "note_other_version",
    "note_unreadable",
    "note_refused",
    "meta_tiny",
    "meta_long",
    "meta_start_one",
    "meta_start_many",
    "otoma",
    "and",
    "title_suffix",
    "shared_name",
    "code_problem",
    "code_symbol",
    "code_short",
    "code_check",
    "code_version",
    "code_nodisc",
    "code_name",
    "code_other",
)
"""The texts the page script writes itself."""


def _common_data(lang: str, width: int) -> dict[str, Any]:
    """What every page's script reads whatever the disc: texts, symbols, the board's heads."""
    art = wheelart.page_art()
    text = page_text(lang)
    board = board_for("long")
    elements = [
        {
            "letter": board.name(col)[0],
            "element": art.element_names[col],
            "label": text["elements"][art.element_names[col]],
            "symbol": wheelart.element_id(col),
        }
        for col in range(board.width)
    ]
    return {
        "format": PAGE_FORMAT,
        "lang": lang,
        "frenchPlural": lang == "fr",
        "text": {key: text[key] for key in _SCRIPT_TEXTS},
        "columns": elements[:width],
        "elements": elements,
        "rows": [
            {
                "number": row + 1,
                "animal": art.animal_names[row],
                "label": text["animals"][art.animal_names[row]],
                "symbol": wheelart.animal_id(row),
            }
            for row in range(board.height)
        ],
        "terrainOrder": list(TERRAIN_LETTERS),
        "terrains": {
            letter: {
                "name": text["terrains"][letter],
                "symbol": wheelart.terrain_id(letter),
                "tiles": 0,
            }
            for letter in TERRAIN_LETTERS
        },
        "crops": {
            str(level): {"name": text["crops"][str(level)], "symbol": wheelart.crop_id(level)}
            for level in CROP_LEVELS
        },
    }


def hosted_data(lang: str = "en") -> dict[str, Any]:
    """The script's data of the page that holds no disc: it opens one from ``wheel.html#CODE``."""
    data = _common_data(lang, board_for("long").width)
    data["hosted"] = True
    return data


def wheel_data(disc: Disc, lang: str = "en") -> dict[str, Any]:
    """The JSON the page script reads: board, names, symbols ids, texts, encoded answers."""
    scenario = disc.scenario
    board = scenario.board
    crops = scenario.crop_levels
    cells = [
        encode_cell(scenario.id, board.name(cell), scenario.terrain_at(cell), crops[cell])
        for cell in board.cells
    ]
    counts = disc.stats.supply()
    common = _common_data(lang, board.width)
    data: dict[str, Any] = {
        "format": PAGE_FORMAT,
        "id": scenario.id,
        "name": scenario.name,
        "size": scenario.size,
        "width": board.width,
        "height": board.height,
        "keyPrefix": f"{KEY_PREFIX}{scenario.id}|",
        **{key: value for key, value in common.items() if key != "format"},
        "start": {
            board.name(cell): [scenario.terrain_at(cell), crops[cell]]
            for cell in scenario.start_cells
        },
        "cells": cells,
    }
    for letter in TERRAIN_LETTERS:
        data["terrains"][letter]["tiles"] = counts[letter]
    # the map's identity: saved progress survives a rebuilt page (new name, notes, art) of the same map
    identity = json.dumps([scenario.id, scenario.size, data["start"], cells], separators=(",", ":"))
    data["fingerprint"] = f"{_fnv1a(identity):08x}"
    return data


def _script_json(data: dict[str, Any]) -> str:
    """JSON safe inside a ``<script>`` element (no ``</`` or ``<!--`` sequences)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _meta_line(scenario: Scenario, text: dict[str, Any]) -> str:
    board = scenario.board
    parts = [
        _fill(text[f"meta_{scenario.size}"], width=board.width, height=board.height),
        _plural(text, "meta_start", len(scenario.start_cells)),
        _fill(text["meta_id"], id=scenario.id),
    ]
    if scenario.author:
        parts.insert(0, _fill(text["meta_author"], author=scenario.author))
    return " \u00b7 ".join(parts)


def _otoma_line(scenario: Scenario, text: dict[str, Any]) -> str:
    if not scenario.otoma_cells:
        return ""
    names = _join([scenario.board.name(c) for c in scenario.otoma_cells], text)
    return f'<p class="legend otoma">{html.escape(_fill(text["otoma"], cells=names))}</p>'


DEFAULT = PrintSettings()


def render_webwheel(disc: Disc | None, settings: PrintSettings = DEFAULT) -> str:
    """The complete HTML page of the digital wheel for ``disc``, its texts in the language of
    ``settings`` (the only setting a screen takes).

    Any page opens the disc of a share code given after ``#`` in its address
    (``wheel.html#CODE``); without a disc the page holds no disc of its own
    and asks for a code, so one hosted page serves every disc.
    """
    lang = settings.lang
    text = page_text(lang)
    scenario = disc.scenario if disc else None
    folder = templates_dir() / "webwheel"
    page = (folder / "page.html").read_text(encoding="utf-8")
    style = (folder / "wheel.css").read_text(encoding="utf-8") + wheelart.palette_css()
    script = "\n".join(
        (folder / name).read_text(encoding="utf-8") for name in ("sharecode.js", "wheel.js")
    )
    name = scenario.name if scenario else text["hosted_title"]
    values = {
        "version": __version__,
        "lang": lang,
        "title": html.escape(f"{name} \u2014 {text['title_suffix']}" if scenario else name),
        "name": html.escape(name),
        "meta": html.escape(_meta_line(scenario, text) if scenario else text["hosted_meta"]),
        "otoma": _otoma_line(scenario, text) if scenario else "",
        "style": style,
        "symbols": wheelart.symbol_defs(),
        "data": _script_json(wheel_data(disc, lang) if disc else hosted_data(lang)),
        "script": script,
    }

    def value(match: re.Match[str]) -> str:
        key = match.group(1)
        if key.startswith("text."):
            return html.escape(text[key[5:]], quote=True)
        return values[key]

    return _PLACEHOLDER.sub(value, page)


def write_webwheel(
    disc: Disc | None, path: str | os.PathLike[str], settings: PrintSettings = DEFAULT
) -> Path:
    """Write the page to ``path`` atomically (temporary file, then rename); returns the path."""
    return atomic_write_text(Path(path), render_webwheel(disc, settings))
