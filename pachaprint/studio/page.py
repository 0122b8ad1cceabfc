"""The studio's page and its assets, shipped as package data in ``pachaprint/studio/assets/``
(served as every local app serves them, after the base they share: :mod:`pachaprint.web.assets`)."""

from __future__ import annotations

from pachaprint.web.assets import AppPage

PAGE = AppPage(
    "pachaprint.studio",
    "studio.html",
    token_meta="studio-token",
    own_styles=("studio.css",),
    own_scripts=(
        "studio-core.js",
        "studio-grid.js",
        "studio-panels.js",
        "studio-share.js",
        "studio.js",
    ),
)
"""The page: its scripts share one ``Studio`` namespace, in load order."""
