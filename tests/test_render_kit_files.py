"""Every PDF of the kit has an outline, and every print-and-play page's footer names
pachaprint's version and the wheel templates the file is for (issue 35).

``render --core`` and ``render`` of a disc are written to a folder and every PDF
in it is read back (pypdf, and pdfium for the text): its outline has an entry, and on each page of a
print-and-play file the footer carries ``pachaprint <version>`` and, where the
file is for wheels, their template names.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from pachaprint import __version__
from pachaprint.model.scenario import Scenario
from pachaprint.render.core import render_core
from tests.helpers import both_wheels, write_disc
from tests.pdftext import page_texts

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "high-valley.json"


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    render_core(out, both_wheels())
    scenario = Scenario.from_dict(json.loads(FIXTURE.read_text(encoding="utf-8")))
    write_disc(scenario, out / "disc", print_sheet=True)
    return out


@pytest.mark.slow
def test_every_pdf_has_an_outline(kit):
    pdfs = sorted(kit.rglob("*.pdf"))
    assert len(pdfs) > 10
    for path in pdfs:
        reader = PdfReader(path)
        assert reader.outline, path.relative_to(kit)
        assert all(isinstance(entry.title, str) and entry.title for entry in reader.outline)


@pytest.mark.slow
@pytest.mark.parametrize(
    "name, wheels",
    [
        ("pnp/pachaprint-core-a4.pdf", "retail, volvelle45"),
        ("disc/disc-print-a4.pdf", "retail, volvelle45"),
        ("core/wheel-cover.pdf", "retail"),
        ("core/wheel-cover-volvelle45.pdf", "volvelle45"),
    ],
)
def test_every_footer_names_the_version_and_the_wheel_templates(kit, name, wheels):
    stamp = f"pachaprint {__version__} · wheel: {wheels}"
    for n, text in enumerate(page_texts(kit / name), 1):
        assert stamp in text, (name, n)
