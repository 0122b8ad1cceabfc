"""The gallery's parts without a build: verdicts in words, PDFs read back, escaping."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from pachaprint.check.validate import validate_path
from pachaprint.pipeline.gallery import gallery_html, gallery_record, print_section
from pachaprint.pipeline.printfiles import (
    Words,
    paper_name,
    read_print_file,
    read_print_files,
    words_for,
)
from pachaprint.pipeline.report_page import report_html
from pachaprint.pipeline.reports import scenario_report, write_charts
from pachaprint.pipeline.verdicts import competitive_words, flag_mode, otoma_words, verdicts
from pachaprint.render.charts import chart_files
from tests.helpers import EXAMPLES, REPO

BALANCE = EXAMPLES / "balance" / "reports.json"

LIBRARY = json.loads((EXAMPLES / "gallery" / "library.json").read_text(encoding="utf-8"))
"""The shipped library's reports as a default build wrote them, cut to what the cards read."""


def by_id(sid: str) -> dict:
    return next(r for r in LIBRARY if r["scenario"] == sid)


def full_report(sid: str) -> dict:
    """A whole ``report.json`` mapping: the scenario's validation and its balance report of
    12 games (``tests/fixtures/balance/reports.json``)."""
    balance = next(r for r in json.loads(BALANCE.read_text()) if r["scenario"] == sid)
    validation, _raw = validate_path(REPO / "scenarios" / f"{sid}.json", "retail")
    return scenario_report(validation.to_dict(), balance, validation.scenario)


def test_each_mode_gets_a_line_in_plain_words_with_its_bot():
    lines = [(v.title, v.line, v.flags) for v in verdicts(by_id("colca-canyon"))]
    assert lines == [
        ("Competitive", "Fair start: first player wins 53 % (logician vs greedy)", ()),
        (
            "Solo",
            "Logician wins 11/100 on easy, 0/100 on hard",
            (
                "on hard no bot beat the Otoma in 100 games (logician 0 of 100, 95 % interval 0-3.7 %)",
            ),
        ),
        (
            "Co-op",
            "2 logician bots win 21/67 on easy, 5/67 on normal, 2/66 on expert",
            (),
        ),
    ]
    assert [v.mode for v in verdicts(by_id("sun-gate"))] == ["competitive"]  # a tiny disc


def test_the_first_player_line_says_whether_starting_matters():
    def game(rate: float, low: float, high: float, games: int | None = None) -> dict:
        played = {"games": games, "completed": games} if games else {}
        return {"first_player": {"win_rate": rate, "interval": [low, high], "fair": 0.5}, **played}

    assert competitive_words(game(0.62, 0.55, 0.68)) == "Starting helps: first player wins 62 %"
    assert competitive_words(game(0.4, 0.33, 0.47)) == (
        "Starting is a handicap: first player wins 40 %"
    )
    assert competitive_words(game(0.5, 0.43, 0.57)) == "Fair start: first player wins 50 %"


def test_ten_games_never_call_a_start_fair():
    """Fair only when the 95 % interval lies within 10 points of the fair share: the evidence
    a flag needs to call a start unfair, turned round (issue 34)."""
    from pachaprint.engine.analysis.stats import wilson

    def game(wins: int, games: int) -> dict:
        interval = wilson(wins, games)
        first = {"win_rate": wins / games, "interval": interval.to_list(), "fair": 0.5}
        return {"first_player": first, "games": games, "completed": games}

    assert competitive_words(game(5, 10)) == (
        "Fairness not yet clear: first player wins 50 % of 10 games"
    )
    assert competitive_words(game(100, 200)) == "Fair start: first player wins 50 %"
    # 45 % of 200: no flag (the interval, 38-52 %, holds 50 %), yet no proof of fairness
    assert competitive_words(game(90, 200)) == (
        "Fairness not yet clear: first player wins 45 % of 200 games"
    )
    for games in range(10, 80, 10):  # however the games went, too few to say "fair"
        for wins in range(games + 1):
            assert not competitive_words(game(wins, games)).startswith("Fair start")


def test_the_strongest_bot_and_the_bot_that_sees_the_map_are_named_as_such():
    runs = [
        {"bot": "expert", "difficulty": "easy", "games": 10, "completed": 10, "win_rate": 0.3},
        {
            "bot": "oracle-cheat",
            "difficulty": "easy",
            "games": 10,
            "completed": 10,
            "win_rate": 0.8,
        },
        {"bot": "expert", "difficulty": "hard", "games": 40, "completed": 40, "win_rate": 0.0},
        {
            "bot": "oracle-cheat",
            "difficulty": "hard",
            "games": 10,
            "completed": 10,
            "win_rate": 1.0,
        },
    ]
    solo = {"bot": "expert", "players": 1, "runs": runs}
    assert otoma_words(solo, "expert") == (
        "Expert, our strongest bot, wins 3/10 on easy, 0/40 on hard; a bot that sees the map "
        "wins 8/10 on easy, 10/10 on hard"
    )
    runs[1]["win_rate"] = 1.0  # the bot that sees the map won every game: said in one word
    assert otoma_words(solo, "expert").endswith("; a bot that sees the map wins all")
    assert otoma_words({**solo, "players": 2}, "expert") == (
        "2 expert bots, our strongest, win 3/10 on easy, 0/40 on hard; 2 that see the map win all"
    )
    # a bot that is not the strongest is only named; without the map-seeing bot, no clause
    honest = [r for r in runs if r["bot"] == "expert"]
    assert otoma_words({"bot": "expert", "players": 1, "runs": honest}, "logician") == (
        "Expert wins 3/10 on easy, 0/40 on hard"
    )
    # a game that did not end is not counted; a report without counts gives rates
    honest[0]["completed"] = 9
    honest[0]["win_rate"] = 0.3333
    assert otoma_words({"bot": "expert", "players": 1, "runs": honest}).startswith(
        "Expert wins 3/9 on easy"
    )
    bare = [{"bot": "expert", "difficulty": "easy", "win_rate": 0.33}]
    assert otoma_words({"bot": "expert", "players": 2, "runs": bare}) == (
        "2 expert bots win 33 % on easy"
    )
    # verdicts() knows the strongest bot from the balance report
    report = {
        "balance": {"strongest": "expert", "modes": {"solo": solo}},
        "flags": [],
    }
    assert verdicts(report)[0].text.startswith("Expert, our strongest bot, wins 3/9 on easy")


def test_flags_are_sorted_by_the_mode_they_name_whatever_their_shape():
    assert flag_mode("coop: on expert no bot beat the Otoma") == (
        "coop",
        "on expert no bot beat the Otoma",
    )
    assert flag_mode("3 cells are proved only late: a5") == ("", "3 cells are proved only late: a5")
    assert flag_mode({"mode": "solo", "message": "expert on easy: the Otoma win 95 %"}) == (
        "solo",
        "expert on easy: the Otoma win 95 %",
    )
    report = dict(by_id("colca-canyon"), flags=[{"mode": "solo", "message": "m", "bot": "expert"}])
    report["balance"] = {"modes": {"solo": dict(report["balance"]["modes"]["solo"], verdict="v")}}
    assert [(v.text, v.flags) for v in verdicts(report)] == [("v", ("m",))]


class Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []
        self.images: dict[str, dict[str, str | None]] = {}
        """``src`` -> the attributes of each ``<img>``."""

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.tags.append(tag)
        if tag == "img":
            found = dict(attrs)
            self.images[found["src"]] = found

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parsed(page: str) -> Collector:
    collector = Collector()
    collector.feed(page)
    return collector


def test_every_text_is_escaped_on_both_pages():
    name = '<script>alert("x")</script> & <b>Salt</b>'
    report = dict(by_id("colca-canyon"), name=name, flags=['solo: <img src=x onerror="y">'])
    entry = {"id": "colca-canyon", "file": "a.json", "report": gallery_record(report)}
    failed = {"id": "bad", "file": "<i>bad</i>.json", "failed": True, "problems": ["json: <u>"]}
    index = parsed(gallery_html([entry, failed]))
    assert not {"script", "b", "i", "u"} & set(index.tags)
    assert name in "".join(index.text) and "<i>bad</i>.json" in "".join(index.text)
    full = dict(full_report("colca-canyon"), name=name, flags=report["flags"])
    full["warnings"] = [{"rule": "w", "cells": [], "message": "<em>"}]
    sizes = dict.fromkeys(chart_files(full["balance"]), (480, 300))
    page = parsed(report_html(full, sizes))
    assert not {"script", "b", "x", "em"} & set(page.tags)
    assert page.tags.count("img") == 2 + 4  # the disc back, its front behind a click, 4 charts
    text = "".join(page.text)
    assert name in text and '<img src=x onerror="y">' in text and "<em>" in text


def test_the_same_records_give_the_same_bytes():
    entries = [{"id": r["scenario"], "file": "f", "report": gallery_record(r)} for r in LIBRARY]
    assert gallery_html(entries) == gallery_html(json.loads(json.dumps(entries)))


# -- PDFs read back ---------------------------------------------------------------------
WORDS = Words(("Print test", "Contents", "Board"), frozenset({"Contents", "Print test"}), "blank")


def pdf(path: Path, labels: list[str], outline=(), duplex: str | None = "DuplexFlipLongEdge"):
    """A PDF whose pages carry a footer ``title · label`` as the kit's do."""
    canvas = Canvas(str(path), pagesize=(210 * mm, 297 * mm), invariant=1)
    canvas.setTitle("kit")
    if duplex:
        canvas.setViewerPreference("Duplex", duplex)
    canvas.setViewerPreference("PrintScaling", "None")
    for n, label in enumerate(labels):
        canvas.drawString(40 * mm, 12 * mm, f"50 mm: check the scale kit · {label}")
        canvas.drawString(40 * mm, 8 * mm, f"page {n + 1} of {len(labels)}")
        for title, page in outline:
            if page == n:
                canvas.bookmarkPage(title)
                canvas.addOutlineEntry(title, title, level=0)
        canvas.showPage()
    canvas.save()


def read(tmp_path: Path, name: str):
    return read_print_file(tmp_path, name, "Kit, A4", (), WORDS)


def test_footer_labels_make_the_sections_and_say_what_goes_on_card(tmp_path):
    labels = ["Contents", "blank", "Print test", "Print test, back", "Board", "blank"]
    labels += ["Board (1/2), fronts", "Board (1/2), backs", "Board (2/2), fronts"]
    pdf(tmp_path / "kit.pdf", labels)
    found = read(tmp_path, "kit.pdf")
    assert (found.pages, found.paper, found.duplex, found.actual_size) == (9, "A4", "long", True)
    assert [(s.title, s.first, s.last, s.card) for s in found.sections] == [
        ("Contents", 1, 2, False),
        ("Print test", 3, 4, False),
        ("Board", 5, 9, True),
    ]
    assert found.sections[2].parts == ((1, 7, 8), (2, 9, 9))
    assert (found.card_pages, found.paper_pages) == ([(5, 9)], [(1, 4)])


def test_the_kit_block_names_each_piece_once_with_its_sheets(tmp_path):
    """The line under "Core set" lists what to cut out: a piece spread over two sheets
    is named once with its count, while "Page by page" keeps a row per sheet."""
    titles = ["Board", "Terrain tiles (1/2), fronts", "Terrain tiles (2/2), fronts", "Pawns"]
    outline = [(title, 2 * n) for n, title in enumerate(titles)]
    pdf(tmp_path / "kit.pdf", ["x"] * 8, outline=outline)
    block = print_section([read(tmp_path, "kit.pdf")], ["retail"])
    holds = block[block.index('<p class="small">') :]
    holds = holds[len('<p class="small">') : holds.index("</p>")]
    assert holds == "Board, Terrain tiles (2 sheets), Pawns."
    assert "Terrain tiles (1/2), fronts" in block and "Terrain tiles (2/2), fronts" in block


def test_an_outline_wins_over_footers_and_pages_before_it_are_read_not_cut(tmp_path):
    pdf(tmp_path / "discs.pdf", ["x"] * 6, outline=[("Salt Flats", 2), ("Lake Shore", 4)])
    found = read(tmp_path, "discs.pdf")
    assert [(s.title, s.first, s.last, s.card) for s in found.sections] == [
        ("", 1, 2, False),
        ("Salt Flats", 3, 4, True),
        ("Lake Shore", 5, 6, True),
    ]


@pytest.mark.parametrize(
    ("duplex", "words"), [("DuplexFlipShortEdge", "short"), ("Simplex", ""), (None, "")]
)
def test_the_flip_edge_is_the_files_own(tmp_path, duplex, words):
    pdf(tmp_path / "k.pdf", ["Board"], duplex=duplex)
    assert read(tmp_path, "k.pdf").duplex == words


def test_a_file_that_cannot_be_read_says_so(tmp_path):
    (tmp_path / "pnp").mkdir()
    (tmp_path / "pnp" / "kit-a4.pdf").write_bytes(b"%PDF-1.7 cut short")
    found = read_print_files(tmp_path, [("pnp/kit-a4.pdf", "Kit, A4", ())], "en", [])[0]
    assert found.pages == 0 and found.paper == "A4"
    assert found.problem.startswith("pnp/kit-a4.pdf could not be read (PdfiumError")
    missing = read_print_files(tmp_path, [("pnp/gone.pdf", "Kit", ())], "en", [])[0]
    assert "could not be read (FileNotFoundError" in missing.problem
    assert "could not be read" in gallery_html([], prints=[found])


def test_paper_names_and_the_words_of_a_language():
    assert paper_name(210, 297) == "A4" and paper_name(279.4, 215.9) == "Letter"
    assert paper_name(148, 210) == "148 x 210 mm"
    german = words_for("de", [("salt", "Salz")])
    assert "Salz (salt)" in german.known and german.known[0] == max(german.known, key=len)
    assert len(german.to_read) == 2 and german.blank


def test_the_report_page_keeps_each_chart_its_own_proportions(tmp_path):
    """The page declares every chart's size before it loads: 480 px wide and as tall as
    the drawn SVG's proportions make it (the seat chart grows with the seats, the Otoma
    chart with its legend), so nothing on the page moves when the images arrive."""
    report = full_report("colca-canyon")
    sizes = write_charts(report, tmp_path)
    assert (
        sorted(sizes)
        == sorted(chart_files(report["balance"]))
        == sorted(p.name for p in tmp_path.iterdir())
    )
    images = parsed(report_html(report, sizes)).images
    declared = {}
    for name in sizes:
        declared[name] = (int(images[name]["width"]), int(images[name]["height"]))
        root = ET.parse(tmp_path / name).getroot()
        svg_w, svg_h = (
            float(root.get(side, "").removesuffix("pt")) for side in ("width", "height")
        )
        width, height = declared[name]
        assert width == 480 and abs(height - 480 * svg_h / svg_w) <= 0.5, name
    # a bar a seat: two seats make the seat chart far shorter than the score chart
    assert declared["chart-seats.svg"] == (480, 208)
    assert declared["chart-scores.svg"] == (480, 300)
