"""The studio page's assets: shipped as package data, no markup built from data, no inline code."""

from __future__ import annotations

import re

from pachaprint.studio import page
from tests.helpers import REPO

ASSETS = REPO / "pachaprint" / "studio" / "assets"


def test_every_asset_ships_and_is_served():
    pyproject = (REPO / "pyproject.toml").read_text()
    assert '"pachaprint.studio",' in pyproject and '"pachaprint.studio.assets",' in pyproject
    assert '"pachaprint.studio.assets" = ["*.html", "*.css", "*.js"]' in pyproject
    shipped = {p.name for p in ASSETS.iterdir() if p.suffix in (".js", ".css")}
    assert page.asset_names() == shipped | {page.PALETTE}
    assert set(page.SCRIPTS) | {"studio.css"} == shipped
    assert (ASSETS / "studio.html").is_file()


def test_scripts_never_turn_text_into_markup():
    for name in page.SCRIPTS:
        script = (ASSETS / name).read_text()
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


def test_the_page_has_no_inline_code_or_style_for_the_csp():
    html = page.page_html("t0ken")
    assert not re.search(r"\son[a-z]+=", html), "no inline event handlers"
    assert "style=" not in html and "<style" not in html
    assert re.findall(r"<script[^>]*>", html) == [
        f'<script src="/static/{name}?token=t0ken" defer>' for name in page.SCRIPTS
    ]
    assert 'class="paper-fill"' in html, "symbol paints became classes"


def test_the_token_is_escaped_into_the_page():
    html = page.page_html('"><script>x</script>')
    assert "<script>x" not in html
    assert 'content="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"' in html
