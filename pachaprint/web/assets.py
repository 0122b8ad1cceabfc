"""A local app's page and assets, shipped as package data in ``<package>/assets/``.

The HTML is static but for the session token (in a ``<meta>`` element and in
the asset addresses, since every request must carry it) and the inline SVG
symbols of the print's art (terrains and crops, from
:mod:`pachaprint.render.webwheel_art`). The strict Content-Security-Policy
allows no inline style, so the symbols' CSS-variable paints become classes
(``paper-fill``, ``paper-stroke``: every app's CSS defines them). The palette
is generated from the print's colours.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from functools import cache
from importlib import resources

from pachaprint import __version__
from pachaprint.render import webwheel_art

ASSET_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
PALETTE = "palette.css"
"""A generated asset: the print's colours as CSS rules."""

_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
_STYLE_ATTR = re.compile(r'style="([^"]*)"')
_PAINT_CLASSES = {"fill:var(--paper)": "paper-fill", "stroke:var(--paper)": "paper-stroke"}


def asset_text(package: str, name: str) -> str:
    return resources.files(package).joinpath("assets").joinpath(name).read_text(encoding="utf-8")


@cache
def asset_names(package: str) -> frozenset[str]:
    """The assets an app's server hands out (any other name is 404)."""
    folder = resources.files(package).joinpath("assets")
    shipped = {item.name for item in folder.iterdir() if item.name.endswith(tuple(ASSET_TYPES))}
    return frozenset(shipped | {PALETTE})


@cache
def asset(package: str, name: str) -> tuple[bytes, str]:
    """(bytes, content type) of an asset; ``KeyError`` for an unknown name."""
    if name not in asset_names(package):
        raise KeyError(name)
    text = webwheel_art.palette_css() if name == PALETTE else asset_text(package, name)
    return text.encode("utf-8"), ASSET_TYPES["." + name.rsplit(".", 1)[1]]


def _class_paints(match: re.Match[str]) -> str:
    classes = []
    for declaration in match.group(1).split(";"):
        if declaration not in _PAINT_CLASSES:
            raise ValueError(f"symbol style {declaration!r} has no class in the apps' CSS")
        classes.append(_PAINT_CLASSES[declaration])
    return f'class="{" ".join(classes)}"'


@cache
def symbol_defs() -> str:
    """The print's symbols as inline ``<symbol>`` elements, without ``style`` attributes."""
    return _STYLE_ATTR.sub(_class_paints, webwheel_art.symbol_defs())


def page_html(
    package: str, template: str, token: str, styles: Sequence[str], scripts: Sequence[str]
) -> str:
    """An app's page for one session: ``template`` with its ``{{placeholders}}`` filled."""
    query = "?token=" + html.escape(token, quote=True)
    values = {
        "version": html.escape(__version__),
        "token": html.escape(token, quote=True),
        "styles": "\n".join(
            f'<link rel="stylesheet" href="/static/{name}{query}">' for name in styles
        ),
        "scripts": "\n".join(
            f'<script src="/static/{name}{query}" defer></script>' for name in scripts
        ),
        "symbols": symbol_defs(),
    }
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], asset_text(package, template))
