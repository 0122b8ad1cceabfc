"""What ``pachaprint import`` was given: share codes, fan apps' links, files of either.

Each argument becomes one or more :class:`Item` s, in order: a share code (or
a link ending in ``#CODE``, as the digital wheel's), a tiwanaku-app link or
its bare cell list, or a file. A file holding JSON is a tiwanaku-web board;
any other file is read as text, one code or link per line (blank lines and
lines starting with ``#`` are skipped).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pachaprint.check.decode import parse_text
from pachaprint.check.files import MAX_BYTES, read_file
from pachaprint.model.text import display_path, printable
from pachaprint.share.fanmaps import APP, WEB, looks_like_app_link, looks_like_web_board

CODE = "code"
_CODE_TEXT = re.compile(r"^[0-9A-Za-z][0-9A-Za-z\- .]*$")
_LABEL_LENGTH = 40


class InputError(ValueError):
    """An argument that names nothing import can read (a usage error when ``missing_file``)."""

    def __init__(self, message: str, missing_file: bool = False) -> None:
        super().__init__(message)
        self.missing_file = missing_file


@dataclass(frozen=True)
class Item:
    """One map to import: its kind (``code``, ``tiwanaku-app``, ``tiwanaku-web``) and its text or JSON."""

    label: str
    """How messages name it: the code or link (shortened), or ``file:line``."""
    kind: str
    value: Any


def _label(text: str) -> str:
    text = printable(text.strip())
    return text if len(text) <= _LABEL_LENGTH else text[: _LABEL_LENGTH - 3] + "..."


def item_of_text(text: str, label: str | None = None) -> Item | None:
    """The item a code or link spells, or ``None`` when it is neither."""
    text = text.strip()
    shown = label or _label(text)
    if looks_like_app_link(text):
        return Item(shown, APP, text)
    if "#" in text:
        return Item(shown, CODE, text.rpartition("#")[2])
    if _CODE_TEXT.match(text):
        return Item(shown, CODE, text)
    return None


def _file_items(path: Path) -> list[Item]:
    shown = display_path(path)
    try:
        raw = read_file(path)  # (at most a byte over the limit: never a whole huge file)
    except OSError as error:
        raise InputError(f"cannot read {shown}: {error.strerror or error}", True) from None
    if len(raw) > MAX_BYTES:
        raise InputError(
            f"{shown} is over {MAX_BYTES:,} bytes; import reads files of codes, links or "
            "boards up to that size"
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{shown} is not UTF-8 text") from None
    stripped = text.strip()
    if stripped.startswith(("{", "[")):
        data, problems = parse_text(stripped)  # (deep nesting, NaN, huge numbers: in words)
        if problems:
            raise InputError(f"{shown}: not JSON: {problems[0].message}")
        boards = data if isinstance(data, list) else [data]
        items = []
        for number, board in enumerate(boards, start=1):
            label = shown if len(boards) == 1 else f"{shown}[{number}]"
            if isinstance(board, dict) and board.get("format") == "pachaprint-scenario/1":
                raise InputError(
                    f"{label} is already a pachaprint scenario: copy it, no import needed"
                )
            if not looks_like_web_board(board):
                raise InputError(f'{label}: JSON that is no tiwanaku-web board (no "board" key)')
            items.append(Item(label, WEB, board))
        return items
    items = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        item = item_of_text(line, f"{shown}:{number}")
        if item is None:
            raise InputError(f"{shown}:{number}: neither a share code nor a fan app's link")
        items.append(item)
    if not items:
        raise InputError(f"{shown} holds no share code, link or board")
    return items


def read_items(arguments: list[str]) -> list[Item]:
    """Every item the arguments name, in order; :class:`InputError` for the first bad one."""
    items: list[Item] = []
    for argument in arguments:
        if not argument.strip():
            raise InputError("an empty argument: give share codes, links or files", True)
        path = Path(argument)
        a_link = "://" in argument or "#" in argument
        if not a_link and os.path.isfile(path):  # (os.path: a long code is no error)
            items.extend(_file_items(path))
            continue
        if not a_link and os.path.isdir(path):
            raise InputError(
                f"{display_path(argument)} is a folder: give share codes, links or files", True
            )
        if not a_link and (
            "/" in argument or "\\" in argument or argument.lower().endswith((".json", ".txt"))
        ):  # a path to a file that is not there, not a code
            raise InputError(f"no such file: {display_path(argument)}", True)
        item = item_of_text(argument)
        if item is not None:
            items.append(item)
            continue
        raise InputError(
            f"{_label(argument)!r} is neither a share code, a fan app's link nor a file"
        )
    return items
