"""The studio's page and its assets, shipped as package data in ``pachaprint/studio/assets/``
(served as every local app serves them: :mod:`pachaprint.web.assets`)."""

from __future__ import annotations

from pachaprint.web import assets
from pachaprint.web.assets import ASSET_TYPES as ASSET_TYPES
from pachaprint.web.assets import PALETTE
from pachaprint.web.assets import symbol_defs as symbol_defs

PACKAGE = "pachaprint.studio"
SCRIPTS = ("studio-core.js", "studio-grid.js", "studio-panels.js", "studio-share.js", "studio.js")
"""The page's scripts, in load order (plain scripts sharing one ``Studio`` namespace)."""
STYLES = ("studio.css", PALETTE)


def asset_names() -> frozenset[str]:
    """The assets the server hands out (any other name is 404)."""
    return assets.asset_names(PACKAGE)


def asset(name: str) -> tuple[bytes, str]:
    """(bytes, content type) of an asset; ``KeyError`` for an unknown name."""
    return assets.asset(PACKAGE, name)


def page_html(token: str) -> str:
    """The studio page for one session."""
    return assets.page_html(PACKAGE, "studio.html", token, STYLES, SCRIPTS)
