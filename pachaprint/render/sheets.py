"""The print-and-play pages under one name: paper, imposition, tiling and numbering.

The parts live in :mod:`pachaprint.render.paper`, :mod:`~pachaprint.render.imposition`,
:mod:`~pachaprint.render.tiling` and :mod:`~pachaprint.render.pages`.
A :class:`Sheet` is one page's body before page numbering. :func:`impose`
packs :class:`~pachaprint.render.draw.Piece` objects on pages with cut guides
(crop marks for rectangles, a cut circle for discs) and, for pieces with
backs, emits each front page followed by its back page with every piece at
the mirrored position, so fronts and backs register on long-edge duplex.
:func:`fit_or_tile` puts a large drawing on one page or tiles it over several
with overlap and glue marks. :func:`document` numbers the pages, adds the
footer (label, page number, paper, 50 mm calibration bar) and keeps the
front/back rhythm by inserting blank backs, so the whole file prints duplex.

All geometry comes from ``templates/sheets.json``. Pages are portrait.
"""

from __future__ import annotations

from .imposition import catalogue, impose
from .pages import calibration_bar, document, first_pages, footer, page_plan
from .paper import Area, Paper, Sheet, body_area, geometry, marked_area, paper
from .tiling import fit_or_tile, quarter_turn

__all__ = [
    "Area",
    "Paper",
    "Sheet",
    "body_area",
    "calibration_bar",
    "catalogue",
    "document",
    "first_pages",
    "fit_or_tile",
    "footer",
    "geometry",
    "impose",
    "marked_area",
    "page_plan",
    "paper",
    "quarter_turn",
]
