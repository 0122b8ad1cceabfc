"""``--ink saver``: light backgrounds and areas with outlines, for home printers (issue 21)."""

from __future__ import annotations

import io
import json

import numpy as np
import pypdfium2
import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.model.printing import INKS, PrintSettings
from pachaprint.model.scenario import Scenario
from pachaprint.render import draw as d
from pachaprint.render import symbols
from pachaprint.render.components import reference_card
from pachaprint.render.components.disc_back import disc_back
from pachaprint.render.components.disc_front import disc_front
from pachaprint.render.pdf import pdf_bytes
from tests.helpers import EXAMPLES, disc_of

runner = CliRunner()


def _coverage(drawing: d.Drawing) -> float:
    """Share of ink on the rasterised page: 0 white, 1 black (mean of 1 - grey)."""
    pdf = pypdfium2.PdfDocument(io.BytesIO(pdf_bytes([drawing])))
    try:
        grey = np.asarray(pdf[0].render(scale=60 / 72).to_pil().convert("L"), dtype=float)
    finally:
        pdf.close()
    return float(1 - grey.mean() / 255)


def _scenario() -> Scenario:
    return Scenario.from_dict(json.loads((EXAMPLES / "lake-shore.json").read_text()))


FULL, SAVER = PrintSettings(), PrintSettings(ink="saver")


@pytest.mark.parametrize("command", ["render", "build"])
def test_the_option_offers_every_ink_and_no_other(command):
    shown = runner.invoke(app, [command, "--help"], terminal_width=200)
    assert f"--ink {'|'.join(INKS)} " in shown.stdout
    refused = runner.invoke(app, [command, "--ink", "sepia"])
    assert refused.exit_code == 2 and "'sepia' is not one of" in refused.stderr


@pytest.mark.parametrize(
    "make",
    [
        lambda settings: reference_card.faces(settings)[0],
        lambda settings: disc_front(disc_of(_scenario(), "easy"), "retail", settings),
        lambda settings: disc_front(disc_of(_scenario(), "easy"), "volvelle45", settings),
        lambda settings: disc_back(disc_of(_scenario(), "easy"), "retail", settings),
    ],
    ids=["reference-card", "disc-front-retail", "disc-front-volvelle45", "disc-back"],
)
def test_saver_prints_at_most_half_the_ink(make):
    full = _coverage(make(FULL))
    saver = _coverage(make(SAVER))
    assert saver <= 0.5 * full, (saver, full)


def test_the_reference_card_loses_its_full_background_but_keeps_an_outline():
    card = reference_card.faces(SAVER)[0]
    pal = symbols.palette("saver")
    band, inner = card.items[0], card.items[1]
    assert isinstance(band, d.Rect) and band.style.fill == "#FFFFFF"
    assert isinstance(inner, d.Rect) and inner.style.stroke == pal["guide"]


def test_saver_keeps_every_cell_its_letter_and_a_light_colour():
    scenario = _scenario()
    drawing = disc_front(disc_of(scenario, "easy"), "volvelle45", SAVER)
    tints = {v["colour"] for v in symbols.palette("saver")["terrains"].values()}
    areas = [
        item
        for item, _ in d.walk(drawing.items)
        if isinstance(item, d.Path) and dict(item.data).get("area") == "terrain"
    ]
    assert len(areas) == 25 and {a.style.fill for a in areas} <= tints
    letters = {
        item.text for item, _ in d.walk(drawing.items) if isinstance(item, d.Text) and item.bold
    }
    assert set(scenario.terrain_flat) <= letters


def test_render_ink_saver_writes_different_files(tmp_path):
    for ink in ("full", "saver"):
        result = runner.invoke(
            app,
            [
                "render",
                str(EXAMPLES / "lake-shore.json"),
                "--out",
                str(tmp_path / ink),
                "--ink",
                ink,
            ],
        )
        assert result.exit_code == 0, result.output
    assert (tmp_path / "full" / "lake-shore-disc-back.svg").read_bytes() != (
        tmp_path / "saver" / "lake-shore-disc-back.svg"
    ).read_bytes()


def test_an_unknown_ink_is_refused_when_the_settings_are_made():
    with pytest.raises(ValueError, match="ink: choose full or saver"):
        PrintSettings(ink="sepia")
