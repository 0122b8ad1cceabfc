"""The table's page and its assets, shipped as package data in ``pachaprint/table/assets/``
(served as every local app serves them: :mod:`pachaprint.web.assets`).

Nothing in the page is about the game: the game comes from the API
(:mod:`~pachaprint.table.seen`).
"""

from __future__ import annotations

from pachaprint.web import assets
from pachaprint.web.assets import PALETTE

PACKAGE = "pachaprint.table"
SCRIPTS = ("table-core.js", "table-board.js", "table-panels.js", "table.js")
"""The page's scripts, in load order (plain scripts sharing one ``Table`` namespace)."""
STYLES = ("table.css", PALETTE)


def asset_names() -> frozenset[str]:
    """The assets the server hands out (any other name is 404)."""
    return assets.asset_names(PACKAGE)


def asset(name: str) -> tuple[bytes, str]:
    """(bytes, content type) of an asset; ``KeyError`` for an unknown name."""
    return assets.asset(PACKAGE, name)


def page_html(token: str) -> str:
    """The table page for one session."""
    return assets.page_html(PACKAGE, "table.html", token, STYLES, SCRIPTS)
