"""The table's page and its assets, shipped as package data in ``pachaprint/table/assets/``.

The HTML is static but for the session token (in a ``<meta>`` element and in
the asset addresses, since every request must carry it) and the print's
symbols inline (terrains and crops for the page's own buttons, the same
``<symbol>`` definitions as the studio's). The palette is generated from the
print's colours. Nothing in the page is about the game: the game comes from
the API (:mod:`~pachaprint.table.seen`).
"""

from __future__ import annotations

import html
import re
from functools import cache
from importlib import resources

from pachaprint import __version__
from pachaprint.render import webwheel_art
from pachaprint.studio.page import ASSET_TYPES, symbol_defs

PALETTE = "palette.css"
"""A generated asset: the print's colours as CSS rules."""
SCRIPTS = ("table-core.js", "table-board.js", "table-panels.js", "table.js")
"""The page's scripts, in load order (plain scripts sharing one ``Table`` namespace)."""
STYLES = ("table.css", PALETTE)

_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")


def _asset_text(name: str) -> str:
    folder = resources.files("pachaprint.table").joinpath("assets")
    return folder.joinpath(name).read_text(encoding="utf-8")


@cache
def asset_names() -> frozenset[str]:
    """The assets the server hands out (any other name is 404)."""
    folder = resources.files("pachaprint.table").joinpath("assets")
    shipped = {item.name for item in folder.iterdir() if item.name.endswith(tuple(ASSET_TYPES))}
    return frozenset(shipped | {PALETTE})


@cache
def asset(name: str) -> tuple[bytes, str]:
    """(bytes, content type) of an asset; ``KeyError`` for an unknown name."""
    if name not in asset_names():
        raise KeyError(name)
    text = webwheel_art.palette_css() if name == PALETTE else _asset_text(name)
    return text.encode("utf-8"), ASSET_TYPES["." + name.rsplit(".", 1)[1]]


def page_html(token: str) -> str:
    """The table page for one session."""
    query = "?token=" + html.escape(token, quote=True)
    values = {
        "version": html.escape(__version__),
        "token": html.escape(token, quote=True),
        "styles": "\n".join(
            f'<link rel="stylesheet" href="/static/{name}{query}">' for name in STYLES
        ),
        "scripts": "\n".join(
            f'<script src="/static/{name}{query}" defer></script>' for name in SCRIPTS
        ),
        "symbols": symbol_defs(),
    }
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], _asset_text("table.html"))
