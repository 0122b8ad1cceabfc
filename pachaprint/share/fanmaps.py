"""Maps from the fan apps: what a shared link or a saved board of theirs says.

Two fan apps deal random maps for the game, and neither proves a map unique:

* **tiwanaku-app** shares a game as a link ``.../?game=CELLS`` (also as a QR
  code of that link). ``CELLS`` lists the cells in reading order, joined by
  ``-``; each is four characters: the terrain's initial (``s`` sand = desert,
  ``d`` dirt = valley, ``g`` grass = forest, ``r`` rock = mountain), the crop
  level, then ``1``/``0`` for a terrain shown and a crop shown. A cell with both
  shown is a start cell. 25 cells are a small map, 45 a long one. The link
  carries no Otoma cells.
* **tiwanaku-web** shares nothing, but keeps its board as JSON (in the
  browser's storage, under ``persist:root``): ``{"board": [[cell, ...], ...],
  "hiddenFields": {...}}``, one list per row, each cell
  ``{"field": "valley", "crop": 3, "coordinates": {"x": 2, "y": 0},
  "hiddenField": false, "hiddenCrop": false, "groupId": 7}``. Its hints (cells
  shown from the start) are the start cells. The stored ``persist:root`` value,
  whose ``board`` is that JSON as a string, reads too.

We read these formats from their documentation by example (their source);
nothing of theirs is copied here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from pachaprint.check.decode import parse_text
from pachaprint.model.board import SIZES, board_for
from pachaprint.model.text import printable

APP = "tiwanaku-app"
WEB = "tiwanaku-web"
APP_TERRAINS = {"s": "D", "d": "V", "g": "F", "r": "M"}
"""tiwanaku-app's terrain initials (sand, dirt, grass, rock) -> our letters."""
WEB_TERRAINS = {"valley": "V", "desert": "D", "forest": "F", "mountain": "M"}
_APP_CELL = re.compile(r"^([sdgr])([1-5])([01])([01])$")
_APP_CELLS = re.compile(r"^[sdgr][0-9][01][01](-[sdgr][0-9][01][01])+$")


class FanMapError(ValueError):
    """A fan app's map that cannot be read; the message says where and why."""


@dataclass(frozen=True)
class FanMap:
    """A map as a fan app deals it: terrain and every crop, and the cells shown at the start."""

    source: str
    size: str
    terrain: str
    """One letter per cell, reading order."""
    crops: tuple[int, ...]
    start: tuple[int, ...]
    """Cells whose terrain and crop are shown at the start, ascending."""


def _size_of(cells: int, what: str) -> str:
    for size, width in SIZES.items():
        if cells == width * 5:
            return size
    raise FanMapError(f"{what} has {cells} cells; a map has 25 (5 x 5) or 45 (5 x 9)")


def looks_like_app_link(text: str) -> bool:
    """True for a tiwanaku-app link (``...?game=...``) or the bare cell list it carries."""
    text = text.strip()
    return "game=" in text or bool(_APP_CELLS.match(text))


def parse_app_link(text: str) -> FanMap:
    """A tiwanaku-app map from its share link, or from the ``game`` value alone."""
    text = text.strip()
    cells_text = text
    if "game=" in text:
        query = urlsplit(text).query if "://" in text else text.partition("?")[2] or text
        found = parse_qs(query).get("game")
        if not found:
            raise FanMapError("the link has no 'game=' value")
        cells_text = found[0]
    cells = unquote(cells_text).strip().split("-")
    size = _size_of(len(cells), "the tiwanaku-app map")
    board = board_for(size)
    terrain, crops, start = [], [], []
    for index, cell in enumerate(cells):
        match = _APP_CELL.match(cell)
        if not match:
            raise FanMapError(
                f"cell {index + 1} ({board.name(index)}) of the tiwanaku-app map is {_brief(cell)}; "
                "each cell is a terrain initial (s, d, g or r), a crop level 1-5 and two 0/1 flags"
            )
        letter, level, shown_terrain, shown_crop = match.groups()
        terrain.append(APP_TERRAINS[letter])
        crops.append(int(level))
        if shown_terrain == "1" and shown_crop == "1":
            start.append(index)
    return FanMap(APP, size, "".join(terrain), tuple(crops), tuple(start))


def looks_like_web_board(data: Any) -> bool:
    """True for a tiwanaku-web board (or its stored ``persist:root`` value)."""
    return isinstance(data, dict) and ("board" in data or "persist:root" in data)


def parse_web_board(data: Any) -> FanMap:
    """A tiwanaku-web map from its board JSON (parsed), or the stored state holding it."""
    if isinstance(data, dict) and isinstance(data.get("persist:root"), str):
        data = _json(data["persist:root"], "the persist:root value")
    board_value = data.get("board") if isinstance(data, dict) else None
    if isinstance(board_value, str):
        board_value = _json(board_value, "the stored board")
        if isinstance(board_value, dict):
            board_value = board_value.get("board")
    if not isinstance(board_value, list) or not all(isinstance(r, list) for r in board_value):
        raise FanMapError('no tiwanaku-web board: expected "board", a list of rows of cells')
    found = [cell for row in board_value for cell in row]
    size = _size_of(len(found), "the tiwanaku-web board")
    board = board_for(size)
    terrain = ["?"] * board.cell_count
    crops = [0] * board.cell_count
    start = []
    for number, cell in enumerate(found, start=1):
        where = f"/board cell {number}"
        if not isinstance(cell, dict):
            raise FanMapError(f"{where} is not an object")
        coords = cell.get("coordinates")
        x, y = (coords.get("x"), coords.get("y")) if isinstance(coords, dict) else (None, None)
        column, row = _whole(x), _whole(y)
        if column is None or row is None or not board.contains(column, row):
            raise FanMapError(f"{where}: coordinates {_brief(coords)} are not on a {size} board")
        index = board.cell(column, row)
        if terrain[index] != "?":
            raise FanMapError(f"{where}: {board.name(index)} appears twice")
        field, crop = cell.get("field"), _whole(cell.get("crop"))
        if not (isinstance(field, str) and field in WEB_TERRAINS):
            raise FanMapError(
                f"{where} ({board.name(index)}): field {_brief(field)} is not a terrain"
            )
        if crop is None or not 1 <= crop <= 5:
            raise FanMapError(
                f"{where} ({board.name(index)}): crop {_brief(cell.get('crop'))} is not a level 1-5"
            )
        terrain[index] = WEB_TERRAINS[field]
        crops[index] = crop
        if cell.get("hiddenField") is False and cell.get("hiddenCrop") is False:
            start.append(index)
    return FanMap(WEB, size, "".join(terrain), tuple(crops), tuple(sorted(start)))


def _whole(value: Any) -> int | None:
    """A whole number as JSON spells one (``3``, or ``3.0``) as an ``int``; ``None`` for
    anything else (``true`` too)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _brief(value: Any) -> str:
    """A value for a message: short, printable, whatever its type or depth."""
    if isinstance(value, dict):
        return f"(an object of {len(value)} keys)"
    if isinstance(value, list):
        return f"(a list of {len(value)} items)"
    text = printable(repr(value))
    return text if len(text) <= 40 else text[:37] + "..."


def _json(text: str, what: str) -> Any:
    data, problems = parse_text(text)
    if problems:
        raise FanMapError(f"{what} is not JSON: {problems[0].message}")
    return data
