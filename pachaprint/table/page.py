"""The table's page and its assets, shipped as package data in ``pachaprint/table/assets/``
(served as every local app serves them, after the base they share: :mod:`pachaprint.web.assets`).

Nothing in the page is about the game: the game comes from the API
(:mod:`~pachaprint.table.seen`).
"""

from __future__ import annotations

from pachaprint.web.assets import AppPage

PAGE = AppPage(
    "pachaprint.table",
    "table.html",
    token_meta="table-token",
    own_styles=("table.css",),
    own_scripts=("table-core.js", "table-board.js", "table-panels.js", "table.js"),
)
"""The page: its scripts share one ``Table`` namespace, in load order."""
