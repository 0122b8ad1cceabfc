"""A local app's page and assets, shipped as package data in ``<package>/assets/``, and
what every app's page shares in ``pachaprint/web/static/`` (:data:`SHARED`: the base
styles and the script that talks to the server).

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
from dataclasses import dataclass
from functools import cache
from importlib import resources

from pachaprint import __version__
from pachaprint.render import webwheel_art

ASSET_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
PALETTE = "palette.css"
"""A generated asset: the print's colours as CSS rules."""
SHARED_STYLE = "apps.css"
"""The styles every app's page starts from (type, buttons, focus ring, header, cards)."""
SHARED_SCRIPT = "apps.js"
"""The script every app's page starts from (events between its parts, the JSON API)."""
SHARED = "pachaprint.web"
"""The package whose ``static/`` folder holds what every app's page shares."""

_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
_STYLE_ATTR = re.compile(r'style="([^"]*)"')
_PAINT_CLASSES = {"fill:var(--paper)": "paper-fill", "stroke:var(--paper)": "paper-stroke"}


def _subfolder(package: str) -> str:
    return "static" if package == SHARED else "assets"


def _shipped(package: str) -> set[str]:
    folder = resources.files(package).joinpath(_subfolder(package))
    return {item.name for item in folder.iterdir() if item.name.endswith(tuple(ASSET_TYPES))}


def asset_text(package: str, name: str) -> str:
    """An asset's text: the app's own, else the one every app shares (``KeyError`` if none)."""
    for owner in (package, SHARED):
        path = resources.files(owner).joinpath(_subfolder(owner)).joinpath(name)
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise KeyError(name)


@cache
def asset_names(package: str) -> frozenset[str]:
    """The assets an app's server hands out (any other name is 404): its own, the shared
    ones and the palette."""
    return frozenset(_shipped(package) | _shipped(SHARED) | {PALETTE})


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


def page_html(package: str, template: str, head: Sequence[str]) -> str:
    """An app's page: ``template`` with its ``{{placeholders}}`` filled.

    ``{{head}}`` is ``head`` (what the app's head holds), ``{{symbols}}`` the print's
    symbols, hidden, for ``<use>``.
    """
    values = {
        "head": "\n".join(head),
        "symbols": '<svg class="symbol-defs" aria-hidden="true" focusable="false" width="0" '
        f'height="0">\n{symbol_defs()}\n</svg>',
    }
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], asset_text(package, template))


def _head(meta: Sequence[str], styles: Sequence[str], scripts: Sequence[str]) -> list[str]:
    """What every page's head holds: the character set, the viewport, ``meta``, the version,
    no icon, the styles and the scripts (deferred, in order)."""
    return [
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        *meta,
        f'<meta name="generator" content="pachaprint {html.escape(__version__)}">',
        '<link rel="icon" href="data:,">',
        *(f'<link rel="stylesheet" href="{html.escape(href)}">' for href in styles),
        *(f'<script src="{html.escape(src)}" defer></script>' for src in scripts),
    ]


@dataclass(frozen=True)
class AppPage:
    """One app's page: the package whose ``assets/`` folder holds it, its HTML template, and
    its own styles and scripts in load order (the shared ones come first, the palette last)."""

    package: str
    template: str
    token_meta: str
    """The name of the ``<meta>`` that holds the session token for the page's scripts."""
    own_styles: tuple[str, ...]
    own_scripts: tuple[str, ...]

    @property
    def styles(self) -> tuple[str, ...]:
        return (SHARED_STYLE, *self.own_styles, PALETTE)

    @property
    def scripts(self) -> tuple[str, ...]:
        """The page's scripts, in load order (plain scripts: each app's share one namespace)."""
        return (SHARED_SCRIPT, *self.own_scripts)

    def asset_names(self) -> frozenset[str]:
        """The assets the server hands out (any other name is 404)."""
        return asset_names(self.package)

    def asset(self, name: str) -> tuple[bytes, str]:
        """(bytes, content type) of an asset; ``KeyError`` for an unknown name."""
        return asset(self.package, name)

    def html(self, token: str) -> str:
        """The page for one session of the local app: the session token in
        ``<meta name="TOKEN_META">`` and in every asset's address."""
        query = "?token=" + token
        head = _head(
            [f'<meta name="{self.token_meta}" content="{html.escape(token, quote=True)}">'],
            [f"/static/{name}{query}" for name in self.styles],
            [f"/static/{name}{query}" for name in self.scripts],
        )
        return page_html(self.package, self.template, head)

    def site_html(self, folder: str, meta: Sequence[str]) -> str:
        """The page in the site: its assets in ``folder`` (relative to the page), ``meta``
        (the Content-Security-Policy, where the worker and the runtime are) in its head."""
        head = _head(
            meta,
            [f"{folder}/{name}" for name in self.styles],
            [f"{folder}/{name}" for name in self.scripts],
        )
        return page_html(self.package, self.template, head)
