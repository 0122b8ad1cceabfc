"""The renderer's pictures of the scenario being edited: SVG previews, the print PDF, the wheel page.

Thin calls into :mod:`pachaprint.render`; the studio draws nothing itself.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from pachaprint.model.scenario import Scenario
from pachaprint.render.pdf import pdf_bytes
from pachaprint.render.scenario import disc_drawings, disc_print_pages, render_scenario
from pachaprint.render.svg import svg_string
from pachaprint.render.webwheel import render_webwheel

PREVIEW_WHEELS = ("retail", "volvelle45")
"""Both wheel templates get a disc-front preview."""
PAPERS = ("a4", "letter")
FILES = ("disc-front.svg", "disc-front.pdf", "disc-back.svg", "disc-back.pdf", "disc-print.pdf")
"""The files of one disc that ``pachaprint render FILE`` writes (a front per wheel template)."""
_rendered: dict[tuple[str, str, str, str], dict[str, bytes]] = {}


def preview_svgs(scenario: Scenario, difficulty: str | None) -> dict[str, str]:
    """File stem -> SVG text: ``disc-front``, ``disc-front-volvelle45`` and ``disc-back``."""
    faces = disc_drawings(scenario, list(PREVIEW_WHEELS), difficulty=difficulty)
    return {stem: svg_string(drawing) for stem, drawing in faces}


def print_pdf(scenario: Scenario, difficulty: str | None, paper: str) -> bytes:
    """The disc ready to print: both templates' fronts with the back behind each (duplex),
    with an outline entry for the disc, as a discs PDF has one per disc."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be a4 or letter, not {paper!r}")
    pages = disc_print_pages(
        [scenario], paper, list(PREVIEW_WHEELS), difficulties={scenario.id: difficulty}
    )
    title = f"{scenario.name} ({scenario.id})"
    return pdf_bytes(pages, title=title, duplex=True, outline=[(title, 0)])


def wheel_page(scenario: Scenario) -> str:
    """The digital wheel page (``pachaprint wheel``) of the scenario."""
    return render_webwheel(scenario)


def print_file_name(scenario: Scenario, paper: str) -> str:
    return f"{scenario.id}-disc-print-{paper}.pdf"


def wheel_file_name(scenario: Scenario) -> str:
    return f"{scenario.id}-wheel.html"


def disc_file(
    scenario: Scenario, file: str, wheel: str, paper: str, lang: str
) -> tuple[bytes, str]:
    """One file of ``pachaprint render FILE --wheel W --paper P --lang L``, byte for byte
    (the same call writes it): ``(bytes, name)``. ``file`` is one of :data:`FILES`; the disc's
    files are kept for the next request of another one (the last disc only)."""
    if file not in FILES:
        raise ValueError(f"file must be one of {', '.join(FILES)}")
    key = (json.dumps(scenario.to_dict(), sort_keys=True), wheel, paper, lang)
    if key not in _rendered:
        with tempfile.TemporaryDirectory() as folder:
            written = render_scenario(
                scenario,
                Path(folder),
                wheel=wheel,
                paper=paper,
                lang=lang,
                printable=True,
                by_id=True,
            )
            _rendered.clear()
            _rendered[key] = {path.name: path.read_bytes() for path in written}
    stem, _, kind = file.rpartition(".")
    suffix = {"disc-front": f"-{wheel}" if wheel != "retail" else "", "disc-print": f"-{paper}"}
    name = f"{scenario.id}-{stem}{suffix.get(stem, '')}.{kind}"
    return _rendered[key][name], name
