"""Print-shop files, read back independently (issue 35; docs/outputs.md section 5).

The print pages of a disc (its front and back for both wheel templates, with
their cut circles) are written as a print-shop file, then read back with
pikepdf: the PDF/X-4 keys and XMP, the output intent and its embedded CMYK
profile, every colour operator of every page and form (CMYK or the cut
contour's spot colour, nothing else), black-only text, overprinting die
lines, the boxes of every page, embedded fonts. Ghostscript's ``tiffsep``
rasterises each page into its inks to measure the total ink.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from PIL import Image

from pachaprint.model.scenario import Scenario
from pachaprint.render import printshop as ps
from pachaprint.render.disc_files import disc_print_pages
from pachaprint.render.pdf import pdf_bytes
from pachaprint.resources import templates_dir
from tests.helpers import both_wheels, disc_of

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "high-valley.json"
MM = 72 / 25.4


@pytest.fixture(scope="module")
def pages():
    scenario = Scenario.from_dict(json.loads(FIXTURE.read_text(encoding="utf-8")))
    return disc_print_pages([disc_of(scenario, "medium")], both_wheels())


@pytest.fixture(scope="module")
def shop(pages) -> bytes:
    return ps.print_shop_pdf(pages, "High Valley (high-valley)")


@pytest.fixture(scope="module")
def doc(shop):
    with pikepdf.open(io.BytesIO(shop)) as pdf:
        yield pdf


def _streams(doc):
    """Every content stream: each page's, and each form it draws (recursively)."""
    seen = set()

    def forms(resources):
        for name, xobject in dict(resources.get("/XObject", {})).items():
            if xobject.objgen in seen or xobject.Subtype != "/Form":
                continue
            seen.add(xobject.objgen)
            yield f"form {name}", xobject, xobject.get("/Resources", resources)
            yield from forms(xobject.get("/Resources", {}))

    for n, page in enumerate(doc.pages, 1):
        yield f"page {n}", page, page.Resources
        yield from forms(page.Resources)


def test_the_file_is_pdf_x4_with_its_output_intent(doc):
    assert doc.pdf_version == "1.6"
    assert doc.docinfo.GTS_PDFXVersion == "PDF/X-4"
    assert doc.docinfo.Trapped == pikepdf.Name("/False")
    xmp = bytes(doc.Root.Metadata.read_bytes()).decode("utf-8")
    assert "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" in xmp
    assert re.search(r"<xmpMM:DocumentID>uuid:[0-9a-f-]{36}</xmpMM:DocumentID>", xmp)
    (intent,) = list(doc.Root.OutputIntents)
    assert intent.S == "/GTS_PDFX"
    assert str(intent.OutputConditionIdentifier) == "FOGRA39"
    assert str(intent.RegistryName) == "http://www.color.org"
    profile = intent.DestOutputProfile
    assert int(profile.N) == 4
    data = profile.read_bytes()
    assert data == (templates_dir() / ps.PROFILE_FILE).read_bytes()
    # an ICC output (printer) profile of CMYK data: header bytes 12-20
    assert data[12:16] == b"prtr" and data[16:20] == b"CMYK"
    assert "/Duplex" not in doc.Root.get("/ViewerPreferences", {})


def test_every_colour_is_cmyk_or_the_cut_contour(doc):
    """No RGB, grey or ICC-based colour anywhere: fills and strokes are k/K, the only
    colour space is the cut contour's Separation (CMYK alternate), and no image is drawn."""
    found_cut = 0
    for where, stream, resources in _streams(doc):
        spaces = dict(resources.get("/ColorSpace", {}))
        for name, space in spaces.items():
            assert space[0] == "/Separation" and space[1] == "/CutContour", (where, name)
            assert space[2] == "/DeviceCMYK", (where, name)
        for operands, op in pikepdf.parse_content_stream(stream):
            op = str(op)
            assert op not in ("rg", "RG", "g", "G", "sc", "SC", "BI", "sh"), (where, op)
            if op in ("cs", "CS"):
                assert str(operands[0]) in spaces, (where, operands)
                found_cut += 1
            if op == "Do":
                xobject = resources.XObject[operands[0]]
                assert xobject.Subtype == "/Form", (where, "an image")
    assert found_cut > 0


def _text_and_cut_states(stream, resources):
    """(fill colour at each text show, overprint at each stroke in the spot colour)."""
    fill = None
    stroke_space = None
    overprint = False
    stack = []
    texts, cuts = [], []
    states = dict(resources.get("/ExtGState", {}))
    for operands, op in pikepdf.parse_content_stream(stream):
        op = str(op)
        if op == "q":
            stack.append((fill, stroke_space, overprint))
        elif op == "Q":
            fill, stroke_space, overprint = stack.pop()
        elif op == "k":
            fill = tuple(float(v) for v in operands)
        elif op == "K":
            stroke_space = None
        elif op == "CS":
            stroke_space = str(operands[0])
        elif op == "gs":
            state = states[operands[0]]
            if "/OP" in state:
                overprint = bool(state.OP)
        elif op in ("Tj", "TJ", "'", '"'):
            texts.append(fill)
        elif op in ("S", "s", "B", "B*", "b", "b*") and stroke_space is not None:
            cuts.append(overprint)
    return texts, cuts


def test_text_is_black_ink_alone_and_die_lines_overprint(doc):
    texts, cuts = [], []
    for _, stream, resources in _streams(doc):
        t, c = _text_and_cut_states(stream, resources)
        texts += t
        cuts += c
    assert len(texts) > 20
    for colour in texts:
        assert colour is not None and colour[:3] == (0.0, 0.0, 0.0), colour
    assert any(colour[3] == 1.0 for colour in texts)
    assert cuts and all(cuts)  # every die line overprints: it prints nothing


def test_every_page_has_its_trim_and_a_3mm_bleed(doc, pages):
    assert len(doc.pages) == len(pages)
    for page, drawing in zip(doc.pages, pages, strict=True):
        media = [float(v) for v in page.MediaBox]
        bleed = [float(v) for v in page.BleedBox]
        trim = [float(v) for v in page.TrimBox]
        assert bleed == media
        b = 3.0 * MM
        assert trim == pytest.approx([b, b, media[2] - b, media[3] - b], abs=1e-3)
        assert trim[2] - trim[0] == pytest.approx(drawing.width_mm * MM, abs=1e-3)
        assert trim[3] - trim[1] == pytest.approx(drawing.height_mm * MM, abs=1e-3)


def test_fonts_are_embedded(doc):
    fonts = 0
    for _, _, resources in _streams(doc):
        for font in dict(resources.get("/Font", {})).values():
            fonts += 1
            descriptor = font.get("/FontDescriptor")
            if descriptor is None:  # a composite font: its descendant holds the descriptor
                descriptor = font.DescendantFonts[0].FontDescriptor
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    assert fonts > 0


def test_the_same_pages_give_the_same_bytes(pages, shop):
    assert ps.print_shop_pdf(pages, "High Valley (high-valley)") == shop


def test_the_home_pdf_has_no_die_line_alone_and_no_cmyk(pages):
    """The home file is untouched by the print-shop mode: RGB only, no spot colour."""
    home = pdf_bytes(pages, title="x", duplex=True)
    with pikepdf.open(io.BytesIO(home)) as pdf:
        for _, stream, resources in _streams(pdf):
            assert "/ColorSpace" not in resources
            ops = {str(op) for _, op in pikepdf.parse_content_stream(stream)}
            assert not ops & {"k", "K", "cs", "CS"}


def test_separations():
    """Black-only greys, white prints nothing, and every separated colour keeps the limit."""
    assert ps.separate("#FFFFFF") == (0.0, 0.0, 0.0, 0.0)
    assert ps.separate("#1A1A1A") == (0.0, 0.0, 0.0, 1.0)
    grey = ps.separate("#8A8A8A")
    assert grey[:3] == (0.0, 0.0, 0.0) and 0.3 < grey[3] < 0.7
    for colour in ("#000000", "#4A4A5C", "#1F1F2B", "#B8321A", "#7B3F98", "#1E5631"):
        assert ps.total_ink(ps.separate(colour)) <= ps.INK_LIMIT + 1e-9, colour
    assert ps.print_shop_name("pnp/pachaprint-core-a4.pdf") == (
        "pnp/pachaprint-core-a4-print-shop.pdf"
    )


@pytest.mark.slow
def test_total_ink_stays_under_300_percent_on_every_rasterised_page(shop, tmp_path):
    # (Debian's ghostscript, which .ci/run installs: a check that cannot run fails)
    assert shutil.which("gs"), "Ghostscript (gs) is needed to separate the PDF's inks"
    source = tmp_path / "shop.pdf"
    source.write_bytes(shop)
    subprocess.run(
        [
            "gs",
            "-q",
            "-dNOPAUSE",
            "-dBATCH",
            "-dSAFER",
            "-sDEVICE=tiffsep",
            "-r100",
            f"-sOutputFile={tmp_path / 'p%02d.tif'}",
            str(source),
        ],
        check=True,
    )
    pages = sorted(tmp_path.glob("p[0-9][0-9].tif"))
    assert len(pages) > 1
    worst = 0.0
    spot_pages = 0
    for page in pages:
        inks = [
            255 - np.asarray(Image.open(page.with_name(f"{page.stem}({ink}).tif")), dtype=float)
            for ink in ("Cyan", "Magenta", "Yellow", "Black")
        ]
        worst = max(worst, float(sum(inks).max()) / 255)
        spot_pages += page.with_name(f"{page.stem}(CutContour).tif").exists()
    assert 1.0 < worst <= ps.INK_LIMIT + 0.01
    assert spot_pages > 0  # the die lines come out as a plate of their own
    assert Decimal(str(worst)) <= Decimal("3.01")


def test_render_print_shop_writes_the_file_beside_the_home_pdf(tmp_path):
    """``pachaprint render --print-shop``: the print-shop file beside the print file, and the
    home print file byte-identical to the one written without the option."""
    from typer.testing import CliRunner

    from pachaprint.cli import app

    runner = CliRunner()
    with_shop, without = tmp_path / "shop", tmp_path / "home"
    for out, extra in ((with_shop, ["--print-shop"]), (without, [])):
        result = runner.invoke(app, ["render", str(FIXTURE), "--out", str(out), *extra])
        assert result.exit_code == 0, result.output
    shop = with_shop / "high-valley-disc-print-a4-print-shop.pdf"
    with pikepdf.open(shop) as pdf:
        assert pdf.docinfo.GTS_PDFXVersion == "PDF/X-4"
    assert not (without / "high-valley-disc-print-a4-print-shop.pdf").exists()
    home = "high-valley-disc-print-a4.pdf"
    assert (with_shop / home).read_bytes() == (without / home).read_bytes()


@pytest.mark.parametrize("command", ["render", "build"])
def test_print_shop_without_its_extra_is_a_usage_error(command, tmp_path, monkeypatch):
    """Both commands take ``--print-shop`` from the one print option; without pikepdf and
    Pillow it is refused in words (exit 2), naming the extra, and nothing is written."""
    from typer.testing import CliRunner

    from pachaprint.cli import app

    monkeypatch.setattr(ps, "available", lambda: False)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, [command, str(FIXTURE), "--out", str(out), "--print-shop"])
    assert result.exit_code == 2, result.output
    assert "--print-shop" in result.output and "pachaprint[print-shop]" in result.output
    assert "Traceback" not in result.output and not out.exists()
