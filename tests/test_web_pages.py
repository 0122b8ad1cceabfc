"""The local apps' pages (the studio, the table): their assets and the base they share ship as
package data, no markup is built from data, no inline code."""

from __future__ import annotations

import re

import pytest

from pachaprint.studio.page import PAGE as STUDIO
from pachaprint.table.page import PAGE as TABLE
from pachaprint.web.assets import PALETTE, AppPage
from tests.helpers import REPO

SHARED = REPO / "pachaprint" / "web" / "static"
PAGES = pytest.mark.parametrize("page", [STUDIO, TABLE], ids=["studio", "table"])


def folder(page: AppPage):
    return REPO / "pachaprint" / page.package.split(".")[1] / "assets"


def source(page: AppPage, name: str) -> str:
    own = folder(page) / name
    return (own if own.is_file() else SHARED / name).read_text()


@PAGES
def test_every_asset_ships_and_is_served(page):
    pyproject = (REPO / "pyproject.toml").read_text()
    assets = f"{page.package}.assets"
    assert f'"{page.package}",' in pyproject and f'"{assets}",' in pyproject
    assert f'"{assets}" = ["*.html", "*.css", "*.js"]' in pyproject
    assert '"pachaprint.web.static",' in pyproject
    assert '"pachaprint.web.static" = ["*.css", "*.js"]' in pyproject
    own = {p.name for p in folder(page).iterdir() if p.suffix in (".js", ".css")}
    shared = {p.name for p in SHARED.iterdir()}
    assert shared == {"apps.css", "apps.js"} and not own & shared
    assert page.asset_names() == own | shared | {PALETTE}
    assert set(page.scripts) | set(page.styles) == own | shared | {PALETTE}
    assert page.scripts[0] == "apps.js" and page.styles[0] == "apps.css"
    assert (folder(page) / page.template).is_file()


@PAGES
def test_scripts_never_turn_text_into_markup(page):
    for name in page.scripts:
        script = source(page, name)
        for sink in (
            "innerHTML",
            "outerHTML",
            "insertAdjacentHTML",
            "document.write",
            "eval(",
            "new Function",
        ):
            assert sink not in script, f"{name} uses {sink}"
        assert not re.search(r"setAttribute\(\s*[\"']on", script), f"{name} sets an event attribute"
        assert not re.search(r"setAttribute\(\s*[\"']style", script), (
            f"{name} sets a style attribute (CSP)"
        )


@PAGES
def test_the_page_has_no_inline_code_or_style_for_the_csp(page):
    html = page.html("t0ken")
    assert not re.search(r"\son[a-z]+=", html), "no inline event handlers"
    assert "style=" not in html and "<style" not in html
    assert re.findall(r"<script[^>]*>", html) == [
        f'<script src="/static/{name}?token=t0ken" defer>' for name in page.scripts
    ]
    assert re.findall(r'<link rel="stylesheet"[^>]*>', html) == [
        f'<link rel="stylesheet" href="/static/{name}?token=t0ken">' for name in page.styles
    ]
    assert f'<meta name="{page.token_meta}" content="t0ken">' in html
    assert 'class="paper-fill"' in html, "symbol paints became classes"
    assert "{{" not in html, "every placeholder is filled"


@PAGES
def test_the_token_is_escaped_into_the_page(page):
    html = page.html('"><script>x</script>')
    assert "<script>x" not in html
    assert 'content="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"' in html


def test_an_app_serves_its_own_assets_and_the_shared_ones_only():
    assert STUDIO.asset("apps.js") == TABLE.asset("apps.js")
    assert STUDIO.asset("apps.css")[1].startswith("text/css")
    for page, other in ((STUDIO, "table.js"), (TABLE, "studio.js")):
        with pytest.raises(KeyError):
            page.asset(other)
