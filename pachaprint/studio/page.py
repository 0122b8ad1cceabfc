"""The studio's page and its assets, shipped as package data in ``pachaprint/studio/assets/``.

The HTML is static but for the session token (in a ``<meta>`` element and in
the asset addresses, since every request must carry it) and the inline SVG
symbols of the print's art (terrains and crops, from
:mod:`pachaprint.render.webwheel_art`). The strict Content-Security-Policy
allows no inline style, so the symbols' CSS-variable paints become classes.
"""

from __future__ import annotations

import html
import re
from functools import cache
from importlib import resources

from pachaprint import __version__
from pachaprint.render import webwheel_art

ASSET_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
PALETTE = "palette.css"
"""A generated asset: the print's colours as CSS rules."""
SCRIPTS = ("studio-core.js", "studio-grid.js", "studio-panels.js", "studio-share.js", "studio.js")
"""The page's scripts, in load order (plain scripts sharing one ``Studio`` namespace)."""
STYLES = ("studio.css", PALETTE)

_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
_STYLE_ATTR = re.compile(r'style="([^"]*)"')
_PAINT_CLASSES = {"fill:var(--paper)": "paper-fill", "stroke:var(--paper)": "paper-stroke"}


def _asset_text(name: str) -> str:
    return (
        resources.files("pachaprint.studio")
        .joinpath("assets")
        .joinpath(name)
        .read_text(encoding="utf-8")
    )


@cache
def asset_names() -> frozenset[str]:
    """The assets the server hands out (any other name is 404)."""
    folder = resources.files("pachaprint.studio").joinpath("assets")
    shipped = {item.name for item in folder.iterdir() if item.name.endswith(tuple(ASSET_TYPES))}
    return frozenset(shipped | {PALETTE})


@cache
def asset(name: str) -> tuple[bytes, str]:
    """(bytes, content type) of an asset; ``KeyError`` for an unknown name."""
    if name not in asset_names():
        raise KeyError(name)
    text = webwheel_art.palette_css() if name == PALETTE else _asset_text(name)
    return text.encode("utf-8"), ASSET_TYPES["." + name.rsplit(".", 1)[1]]


def _class_paints(match: re.Match[str]) -> str:
    classes = []
    for declaration in match.group(1).split(";"):
        if declaration not in _PAINT_CLASSES:
            raise ValueError(f"symbol style {declaration!r} has no class in the studio's CSS")
        classes.append(_PAINT_CLASSES[declaration])
    return f'class="{" ".join(classes)}"'


@cache
def symbol_defs() -> str:
    """The print's symbols as inline ``<symbol>`` elements, without ``style`` attributes."""
    return _STYLE_ATTR.sub(_class_paints, webwheel_art.symbol_defs())


def page_html(token: str) -> str:
    """The studio page for one session."""
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
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], _asset_text("studio.html"))
