"""The renderer's pictures of the scenario being edited: SVG previews, the print PDF, the wheel page.

Thin calls into :mod:`pachaprint.render`; the studio draws nothing itself.
"""

from __future__ import annotations

from pachaprint.model.scenario import Scenario
from pachaprint.render.pdf import pdf_bytes
from pachaprint.render.scenario import disc_drawings, disc_print_pages
from pachaprint.render.svg import svg_string
from pachaprint.render.webwheel import render_webwheel
from pachaprint.resources import shipped_wheels

PAPERS = ("a4", "letter")


def preview_svgs(scenario: Scenario, difficulty: str | None) -> dict[str, str]:
    """File stem -> SVG text: a disc front per shipped template (``disc-front``,
    ``disc-front-volvelle45``), and ``disc-back``."""
    faces = disc_drawings(scenario, list(shipped_wheels()), difficulty=difficulty)
    return {stem: svg_string(drawing) for stem, drawing in faces}


def print_pdf(scenario: Scenario, difficulty: str | None, paper: str) -> bytes:
    """The disc ready to print: every shipped template's front with the back behind each (duplex)."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be a4 or letter, not {paper!r}")
    pages = disc_print_pages(
        [scenario], paper, list(shipped_wheels()), difficulties={scenario.id: difficulty}
    )
    return pdf_bytes(pages, title=f"{scenario.name} ({scenario.id})", duplex=True)


def wheel_page(scenario: Scenario) -> str:
    """The digital wheel page (``pachaprint wheel``) of the scenario."""
    return render_webwheel(scenario)


def print_file_name(scenario: Scenario, paper: str) -> str:
    return f"{scenario.id}-disc-print-{paper}.pdf"


def wheel_file_name(scenario: Scenario) -> str:
    return f"{scenario.id}-wheel.html"
