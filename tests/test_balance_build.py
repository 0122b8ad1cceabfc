"""The build shows the balance report: report.json, report.md with its charts, the gallery."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from tests.helpers import REPO

pytestmark = pytest.mark.slow  # the shared kit, and a build of one scenario
runner = CliRunner()


@pytest.fixture(scope="module")
def built(kit) -> Path:
    """The shared kit (``tests/kits.py``): a long and a tiny scenario, the expert as the
    strongest bot, 12 games a mode."""
    return kit.out


def test_report_json_keeps_the_simulation_and_adds_the_balance(built):
    report = json.loads((built / "scenarios" / "sacred-valley" / "report.json").read_text())
    assert report["simulation"]["bots"] == ["logician", "greedy"]  # the competitive line-up
    assert report["simulation"] == report["balance"]["modes"]["competitive"]["simulation"]
    balance = report["balance"]
    assert list(balance["modes"]) == ["competitive", "solo", "coop"]
    assert balance["strongest"] == "expert" and balance["adaptive"]
    # beside it the perfect-information bound, each run stopped once decided (here: the cap)
    assert balance["modes"]["solo"]["bots"] == ["expert", "oracle-cheat"]
    assert [s["games"] for s in balance["split"] if s["mode"] == "solo"] == [3, 3, 3, 3]
    assert report["flags"] == balance["flags"]
    tiny = json.loads((built / "scenarios" / "sun-gate" / "report.json").read_text())
    assert list(tiny["balance"]["modes"]) == ["competitive"]


def test_report_md_links_every_chart_beside_it(built):
    folder = built / "scenarios" / "sacred-valley"
    markdown = (folder / "report.md").read_text()
    assert "## Balance" in markdown and "### Against the Otoma" in markdown
    assert "### Hard deductions" in markdown
    assert (
        "12 solo games (3 expert on easy, 3 expert on hard, 3 oracle-cheat on easy, "
        "3 oracle-cheat on hard)" in markdown
    )
    assert "Against the Otoma each run stopped once its 95 % interval decided" in markdown
    assert "| 95 % interval | bound |" in markdown
    linked = re.findall(r"!\[[^\]]+\]\((chart-[a-z]+\.svg)\)", markdown)
    assert linked == ["chart-seats.svg", "chart-scores.svg", "chart-lengths.svg", "chart-otoma.svg"]
    for name in linked:
        assert (folder / name).read_text().startswith("<?xml")
    assert not (built / "scenarios" / "sun-gate" / "chart-otoma.svg").exists()


def test_the_report_page_shows_the_charts_in_chromium(built):
    from tests.browser import click, console_problems, load_every_image, start_browser

    browser = start_browser()
    try:
        browser.driver.get((built / "index.html").as_uri())
        text = browser.driver.find_element("id", "scenario-sacred-valley").text
        assert "Expert, our strongest bot, wins" in text and "first player wins" in text
        click(browser.driver, browser.driver.find_element("link text", "Report"))
        load_every_image(browser.driver)
        images = browser.driver.execute_script(
            "return [...document.images].map(i => [i.getAttribute('src'), i.alt, i.complete && i.naturalWidth > 0])"
        )
        charts = [(src, alt, ok) for src, alt, ok in images if src.startswith("chart-")]
        assert len(charts) == 4 and all(ok for _, _, ok in charts)
        assert (
            "chart-otoma.svg",
            "Win rate against the Otoma by difficulty, with 95 % intervals",
            True,
        ) in charts
        assert browser.driver.title == "The Sacred Valley: pachaprint report"  # HTML, not Markdown
        assert (
            "12 solo games (3 expert on easy, 3 expert on hard, 3 oracle-cheat on easy, "
            "3 oracle-cheat on hard)" in browser.driver.find_element("id", "games").text
        )
        otoma = browser.driver.find_element("id", "otoma").text
        assert "bound" in otoma and "wrong guesses: chosen, forced" in otoma
        assert "the most any strategy could win" in otoma and "oracle-cheat on" not in otoma
        assert console_problems(browser.driver) == []
    finally:
        browser.quit()


def test_build_balance_options_are_checked(tmp_path):
    for args, words in (
        (["--bots", "wizard"], "--bots: unknown bot 'wizard'"),
        (["--mode", "duel"], "--mode: must be competitive, solo or coop"),
    ):
        result = runner.invoke(
            app, ["build", str(REPO / "scenarios"), "--out", str(tmp_path), *args]
        )
        assert result.exit_code == 2 and words in result.stderr, args


def test_build_modes_leave_out_the_otoma(tmp_path):
    folder = tmp_path / "scenarios"
    folder.mkdir()
    shutil.copy(REPO / "scenarios" / "sacred-valley.json", folder)
    args = ["build", str(folder), "--out", str(tmp_path / "out"), "--games", "4", "--paper", "a4"]
    result = runner.invoke(app, [*args, "--wheel", "retail", "--mode", "competitive", "--quiet"])
    assert result.exit_code == 0, result.output
    report = json.loads(
        (tmp_path / "out" / "scenarios" / "sacred-valley" / "report.json").read_text()
    )
    assert list(report["balance"]["modes"]) == ["competitive"]
    assert not (tmp_path / "out" / "scenarios" / "sacred-valley" / "chart-otoma.svg").exists()
