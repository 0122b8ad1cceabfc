"""The digital wheel: one self-contained HTML page per scenario.

The page replaces the wheel of the box: choose a cell (tap it, or pick its
element and animal as on the wheel), then *Discovery* reveals its terrain and
*Divination* its crop, each after a confirmation. It shows the board with the
same element, animal, terrain and crop symbols as the printed components, the
start cells as at setup, the terrain tiles left in the supply, and keeps the
progress in the browser's local storage per scenario, with undo and reset.

Everything is inline (CSS, JavaScript, SVG symbols) so the file works offline
from ``file://``; a Content-Security-Policy forbids any network request. The
page assets are templates under ``templates/webwheel/``.

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
from pathlib import Path
from typing import Any

from pachaprint import __version__
from pachaprint.check.solver import SolveStatus, solve_scenario
from pachaprint.fileio import atomic_write_text
from pachaprint.model.board import join_names
from pachaprint.model.rules import CROP_NAMES, TERRAIN_LETTERS, Terrain
from pachaprint.model.scenario import Scenario
from pachaprint.render import webwheel_art as wheelart
from pachaprint.resources import templates_dir

PAGE_FORMAT = "pachaprint-wheel/1"
KEY_PREFIX = PAGE_FORMAT + "|"
"""Hashed with ``<id>|<cell>`` to seed a cell's keystream (the page repeats it)."""

_MASK = 0xFFFFFFFF
_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")


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
    return base64.b64encode(bytes(p ^ k for p, k in zip(plain, key))).decode("ascii")


def decode_cell(scenario_id: str, cell_name: str, token: str) -> tuple[str, int]:
    """Inverse of :func:`encode_cell`: ``(terrain letter, crop level)``; ``ValueError`` if damaged."""
    raw = base64.b64decode(token)
    key = _cell_key(scenario_id, cell_name, len(raw))
    plain = bytes(r ^ k for r, k in zip(raw, key)).decode("ascii", errors="replace")
    name, _, answer = plain.partition(":")
    if name != cell_name or len(answer) != 2 or answer[0] not in TERRAIN_LETTERS or answer[1] not in "12345":
        raise ValueError(f"the token of {cell_name} does not decode for scenario {scenario_id!r}")
    return answer[0], int(answer[1])


# -- the page ----------------------------------------------------------------
def full_crops(scenario: Scenario) -> tuple[int, ...]:
    """Every cell's crop level; dots are filled from the unique solution.

    Raises ``ValueError`` when the crop layer has dots and the start cells do
    not fix a unique solution (such a scenario is invalid; validate it first).
    """
    if scenario.is_complete:
        return tuple(int(ch) for ch in scenario.crops_flat)
    result = solve_scenario(scenario)
    if result.status is not SolveStatus.UNIQUE or result.solution is None:
        raise ValueError(
            f"scenario {scenario.id!r}: the crop layer has dots and the start cells do not fix a unique "
            f"solution ({result.status.value}); run 'pachaprint validate' on it"
        )
    return tuple(result.solution)


def wheel_data(scenario: Scenario) -> dict[str, Any]:
    """The JSON the page script reads: board, names, symbols ids, encoded answers."""
    board = scenario.board
    crops = full_crops(scenario)
    art = wheelart.page_art()
    cells = [
        encode_cell(scenario.id, board.name(cell), scenario.terrain_at(cell), crops[cell]) for cell in board.cells
    ]
    counts = scenario.terrain_counts()
    data: dict[str, Any] = {
        "format": PAGE_FORMAT,
        "id": scenario.id,
        "name": scenario.name,
        "size": scenario.size,
        "width": board.width,
        "height": board.height,
        "keyPrefix": f"{KEY_PREFIX}{scenario.id}|",
        "columns": [
            {"letter": board.name(col)[0], "element": art.element_names[col], "symbol": wheelart.element_id(col)}
            for col in range(board.width)
        ],
        "rows": [
            {"number": row + 1, "animal": art.animal_names[row], "symbol": wheelart.animal_id(row)}
            for row in range(board.height)
        ],
        "terrainOrder": list(TERRAIN_LETTERS),
        "terrains": {
            t.value: {"name": t.label, "symbol": wheelart.terrain_id(t.value), "tiles": counts[t.value]}
            for t in Terrain
        },
        "crops": {
            str(level): {"name": name, "symbol": wheelart.crop_id(level)} for level, name in CROP_NAMES.items()
        },
        "start": {board.name(cell): [scenario.terrain_at(cell), crops[cell]] for cell in scenario.start_cells},
        "cells": cells,
    }
    # the map's identity: saved progress survives a rebuilt page (new name, notes, art) of the same map
    identity = json.dumps([scenario.id, scenario.size, data["start"], cells], separators=(",", ":"))
    data["fingerprint"] = f"{_fnv1a(identity):08x}"
    return data


def _script_json(data: dict[str, Any]) -> str:
    """JSON safe inside a ``<script>`` element (no ``</`` or ``<!--`` sequences)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _meta_line(scenario: Scenario) -> str:
    board = scenario.board
    parts = [
        f"{scenario.size} board, {board.width} x {board.height}",
        f"{len(scenario.start_cells)} start cell{'s' if len(scenario.start_cells) != 1 else ''}",
        f"id {scenario.id}",
    ]
    if scenario.author:
        parts.insert(0, f"by {scenario.author}")
    return " \u00b7 ".join(parts)


def _otoma_line(scenario: Scenario) -> str:
    if not scenario.otoma_cells:
        return ""
    names = join_names(scenario.board.name(c) for c in scenario.otoma_cells)
    return f'<p class="legend otoma">Solo and co-op: the Otoma pawns start on {html.escape(names)} (in this order).</p>'


def render_webwheel(scenario: Scenario) -> str:
    """The complete HTML page of the digital wheel for ``scenario``."""
    folder = templates_dir() / "webwheel"
    page = (folder / "page.html").read_text(encoding="utf-8")
    style = (folder / "wheel.css").read_text(encoding="utf-8") + wheelart.palette_css()
    script = (folder / "wheel.js").read_text(encoding="utf-8")
    values = {
        "version": __version__,
        "title": html.escape(f"{scenario.name} \u2014 digital wheel"),
        "name": html.escape(scenario.name),
        "meta": html.escape(_meta_line(scenario)),
        "otoma": _otoma_line(scenario),
        "style": style,
        "symbols": wheelart.symbol_defs(),
        "data": _script_json(wheel_data(scenario)),
        "script": script,
    }
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], page)


def write_webwheel(scenario: Scenario, path: str | os.PathLike[str]) -> Path:
    """Write the page to ``path`` atomically (temporary file, then rename); returns the path."""
    return atomic_write_text(path, render_webwheel(scenario))
