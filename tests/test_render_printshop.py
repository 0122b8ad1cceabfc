"""Print-shop care, read back from the PDFs: edges, back offset, paper of the core files, header."""

from __future__ import annotations

import json

import pypdfium2
import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.model.printing import PrintSettings
from pachaprint.model.scenario import Scenario
from pachaprint.render.core import core_pages, render_core
from pachaprint.render.discs import render_discs
from pachaprint.render.pdf import pdf_bytes
from tests.helpers import REPO, both_wheels, disc_of
from tests.pdfprobe import probe

EDGE_MM = 5.0
OFFSET = (1.5, -0.5)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("printshop")
    settings = both_wheels(papers=("a4", "letter"))
    render_core(out, settings)
    discs = [
        disc_of(
            Scenario.from_dict(json.loads((REPO / "tests" / "fixtures" / f"{n}.json").read_text()))
        )
        for n in ("high-valley", "lake-shore")
    ]
    pnp = out / "pnp"
    render_discs(discs, pnp / "pachaprint-discs-a4.pdf", "a4", "retail", settings)
    render_discs(discs, pnp / "pachaprint-discs-a4-volvelle45.pdf", "a4", "volvelle45", settings)
    return out


def _ink_near_edge(path, dpi: int = 120) -> list[tuple[int, float]]:
    """(page, distance in mm) of every page with a non-white pixel closer than EDGE_MM to an edge."""
    pdf = pypdfium2.PdfDocument(str(path))
    found = []
    band = int((EDGE_MM - 0.1) / 25.4 * dpi)  # one pixel of antialiasing allowed
    for index in range(len(pdf)):
        image = pdf[index].render(scale=dpi / 72).to_pil().convert("L")
        w, h = image.size
        px = image.load()
        worst = None
        for y in range(h):
            xs = range(w) if y < band or y >= h - band else [*range(band), *range(w - band, w)]
            for x in xs:
                if px[x, y] < 240:
                    dist = min(x, y, w - 1 - x, h - 1 - y) * 25.4 / dpi
                    worst = dist if worst is None else min(worst, dist)
        if worst is not None:
            found.append((index + 1, round(worst, 2)))
    pdf.close()
    return found


@pytest.mark.slow
@pytest.mark.parametrize(
    "name",
    [
        "pnp/pachaprint-core-a4.pdf",
        "pnp/pachaprint-core-letter.pdf",
        "pnp/pachaprint-discs-a4.pdf",
        "pnp/pachaprint-discs-a4-volvelle45.pdf",
        "core/wheel-cover.pdf",
        "core/wheel-cover-letter.pdf",
        "core/wheel-cover-volvelle45.pdf",
        "core/calibration-disc-letter.pdf",
    ],
)
def test_nothing_is_printed_within_five_millimetres_of_the_paper_edge(built, name):
    assert _ink_near_edge(built / name) == []


def test_standalone_core_pages_are_on_each_chosen_paper(built):
    sizes = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
    for stem in ("wheel-cover", "wheel-cover-volvelle45", "calibration-disc"):
        for key, suffix in (("a4", ""), ("letter", "-letter")):
            page = PdfReader(built / "core" / f"{stem}{suffix}.pdf").pages[0]
            w = float(page.mediabox.width) * 25.4 / 72
            h = float(page.mediabox.height) * 25.4 / 72
            assert (w, h) == pytest.approx(sizes[key], abs=0.05), f"{stem}{suffix}"
            svg = (built / "core" / f"{stem}{suffix}.svg").read_text()
            width = f'width="{sizes[key][0]:g}mm"'
            assert width in svg


def test_the_pdf_header_matches_the_keys_used(built):
    raw = (built / "pnp" / "pachaprint-core-a4.pdf").read_bytes()
    assert raw.startswith(b"%PDF-1.7\n")
    assert b"/Duplex" in raw and b"/PrintScaling" in raw  # PDF 1.7 and 1.6 keys
    reader = PdfReader(built / "pnp" / "pachaprint-core-a4.pdf")
    assert reader.pdf_header == "%PDF-1.7"


def _signature(pdf: bytes, index: int) -> list[list[tuple[float, float]]]:
    import io

    reader = PdfReader(io.BytesIO(pdf))
    return [s.points for s in probe(reader, index).shapes]


@pytest.mark.slow
def test_back_offset_moves_back_pages_only():
    plain = core_pages("a4", PrintSettings(), None, wheels=False)
    shifted = core_pages("a4", PrintSettings(back_offset=OFFSET), None, wheels=False)
    assert len(plain) == len(shifted)
    a, b = pdf_bytes(plain), pdf_bytes(shifted)
    sides = [dict(p.metadata)["side"] for p in plain]
    assert "back" in sides and "front" in sides
    for index, side in enumerate(sides):
        before, after = _signature(a, index), _signature(b, index)
        assert len(before) == len(after)
        moved = 0
        for p, q in zip(before, after, strict=True):
            deltas = {
                (round(x2 - x1, 3), round(y2 - y1, 3))
                for (x1, y1), (x2, y2) in zip(p, q, strict=True)
            }
            assert deltas in ({(0.0, 0.0)}, {OFFSET}), f"page {index + 1}: moved by {deltas}"
            moved += deltas == {OFFSET}
        if side == "back":
            assert moved > 0, f"back page {index + 1} did not move"
        else:
            assert moved == 0, f"{side} page {index + 1} moved"


def test_back_offset_option_is_checked(tmp_path):
    runner = CliRunner()
    result = runner.invoke(app, ["render", "--core", "--out", str(tmp_path), "--back-offset", "1"])
    assert result.exit_code == 2
    assert "two numbers" in result.output
    result = runner.invoke(
        app, ["render", "--core", "--out", str(tmp_path), "--back-offset", "30,0"]
    )
    assert result.exit_code == 2
    assert "between -10 and 10" in result.output


@pytest.mark.slow
@pytest.mark.parametrize("name", ["pnp/pachaprint-core-letter.pdf", "pnp/pachaprint-core-a4.pdf"])
def test_the_calibration_bar_is_inside_a_letter_printers_margin(built, name):
    """The 50 mm bar (the widest rectangle 50 mm long on each page, read from the PDF) keeps
    6.35 mm (1/4 inch, a Letter printer's margin) from every paper edge, on every page."""
    reader = PdfReader(built / name)
    for index in range(len(reader.pages)):
        page = probe(reader, index)
        bars = [
            s.rect for s in page.shapes if s.rect and abs(s.rect[2] - 50.0) < 0.01 and s.rect[3] < 2
        ]
        assert bars, f"page {index + 1} has no calibration bar"
        for x, y, w, h in bars:
            assert min(x, y, page.width - x - w, page.height - y - h) >= 6.35 - 1e-6
