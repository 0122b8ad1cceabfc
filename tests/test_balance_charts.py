"""The balance charts: deterministic SVG, text as text, values where the axes put them."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import cairosvg
import pytest

from pachaprint.render import chart_margins as m
from pachaprint.render.charts import CAPTIONS, chart_files, charts

SVG = "{http://www.w3.org/2000/svg}"


def interval(rate: float, low: float, high: float) -> dict[str, Any]:
    return {"win_rate": rate, "interval": [low, high]}


def spread(median: float) -> dict[str, float]:
    return {k: median for k in ("mean", "sd", "min", "p10", "p25", "median", "p75", "p90", "max")}


REPORT: dict[str, Any] = {
    "name": "Test <Disc> & Co",
    "modes": {
        "competitive": {
            "completed": 100,
            "first_player": {**interval(0.62, 0.52, 0.71), "fair": 0.5},
            "seats": [
                {
                    "seat": 1,
                    "bot": "logician",
                    **interval(0.8, 0.71, 0.87),
                    "score": spread(74),
                    "score_histogram": {"start": [60, 65, 70], "count": [10, 50, 40]},
                },
                {
                    "seat": 2,
                    "bot": "greedy",
                    **interval(0.2, 0.13, 0.29),
                    "score": spread(60),
                    "score_histogram": {"start": [50, 55, 60], "count": [30, 40, 30]},
                },
            ],
            "turns": spread(58),
            "turns_histogram": {"start": [50, 52, 54], "count": [20, 60, 20]},
        },
        "solo": {
            "players": 1,
            "bots": ["logician"],
            "bot": "logician",
            "runs": [
                {"bot": "logician", "difficulty": "easy", **interval(0.12, 0.056, 0.238)},
                {"bot": "logician", "difficulty": "hard", **interval(0.0, 0.0, 0.071)},
            ],
            "turns": spread(32),
            "turns_histogram": {"start": [30, 32], "count": [50, 50]},
        },
    },
}


@pytest.fixture(scope="module")
def drawn() -> dict[str, str]:
    return charts(REPORT)


def test_every_chart_is_drawn_and_identical_twice(drawn):
    assert (
        list(drawn)
        == chart_files(REPORT)
        == [
            "chart-seats.svg",
            "chart-scores.svg",
            "chart-otoma.svg",
            "chart-lengths.svg",
        ]
    )
    assert charts(REPORT) == drawn
    assert chart_files({"name": "x", "modes": {}}) == []


@pytest.mark.slow
def test_svg_is_well_formed_dateless_and_searchable(drawn):
    for name, svg in drawn.items():
        root = ET.fromstring(svg)
        assert root.tag == f"{SVG}svg"
        assert "<dc:date>" not in svg and "Matplotlib" not in svg and "pachaprint" in svg
        assert f"<title>Test &lt;Disc&gt; &amp; Co: {CAPTIONS[name]}</title>" in svg
        assert root.findall(f".//{SVG}text"), name  # text stays text (svg.fonttype none)
        # ids come from the fixed salt: a chart drawn again has the same clip path ids
        assert re.findall(r'clipPath id="(\w+)"', svg) == re.findall(
            r'clipPath id="(\w+)"', charts(REPORT)[name]
        )


def texts(svg: str) -> list[tuple[str, float, float]]:
    root = ET.fromstring(svg)
    return [
        (t.text or "", float(t.get("x", "0")), float(t.get("y", "0")))
        for t in root.iter(f"{SVG}text")
    ]


def test_the_seat_chart_puts_each_interval_where_the_axis_says(drawn):
    found = texts(drawn["chart-seats.svg"])
    ticks = {label: x for label, x, _ in found if label in ("0", "20", "40", "60", "80", "100")}
    scale = (ticks["100"] - ticks["0"]) / 100
    assert ticks["60"] - ticks["0"] == pytest.approx(60 * scale, abs=0.01)
    labels = {label: (x, y) for label, x, y in found}
    for label, high in (("62 %  (52-71)", 71), ("80 %  (71-87)", 87), ("20 %  (13-29)", 29)):
        x, _ = labels[label]
        # the label starts 6 pt right of the interval's upper end
        assert x == pytest.approx(ticks["0"] + high * scale + 6, abs=0.6), label
    assert "fair share 50 %" in labels
    assert labels["seat 1 (logician)"][1] > labels["first player"][1]  # top to bottom


def test_the_otoma_chart_names_levels_and_bot(drawn):
    words = [label for label, _, _ in texts(drawn["chart-otoma.svg"])]
    assert "easy" in words and "hard" in words and "12 %" in words and "0 %" in words
    assert "Test <Disc> & Co: logician against the Otoma" in words


def test_charts_render_to_png(drawn, tmp_path):
    for name, svg in drawn.items():
        png = cairosvg.svg2png(bytestring=svg.encode())
        assert png.startswith(b"\x89PNG"), name


TWO_BOTS: dict[str, Any] = {
    "name": "Two Bots",
    "modes": {
        mode: {
            "players": players,
            "bots": ["expert", "oracle-cheat"],
            "turns": spread(30),
            "turns_histogram": {"start": [30], "count": [10]},
            "runs": [
                {"bot": bot, "difficulty": level, **interval(rate, low, high)}
                for level in levels
                for bot, (rate, low, high) in (
                    ("expert", (0.8, 0.49, 0.94)),
                    ("oracle-cheat", (1.0, 0.72, 1.0)),
                )
            ],
        }
        for mode, players, levels in (
            ("solo", 1, ("easy", "hard")),
            ("coop", 2, ("easy", "normal", "expert")),
        )
    },
}


def boxes(svg: str) -> list[tuple[str, float, float, float, float]]:
    """``(text, left, top, right, bottom)`` in points of every level text of ``svg``."""
    found = []
    for t in ET.fromstring(svg).iter(f"{SVG}text"):
        where = t.get("transform", "")
        if "rotate(-90" in where:
            continue  # the y axis's label, left of its tick labels by construction
        if "translate(" in where:
            x, y = map(float, where.split("translate(")[1].rstrip(")").split())
        else:
            x, y = float(t.get("x", "0")), float(t.get("y", "0"))
        style = t.get("style", "")
        size = float(re.search(r"font-size: ([\d.]+)px", style).group(1))
        wide, tall, below = (v * 72 for v in m._measure(t.text or "", size))
        anchor = re.search(r"text-anchor: (\w+)", style)
        left = x - {"middle": wide / 2, "end": wide}.get(anchor.group(1) if anchor else "", 0)
        found.append((t.text or "", left, y - (tall - below), left + wide, y + below))
    return found


def test_the_otoma_chart_of_two_bots_has_no_text_on_text():
    svg = charts(TWO_BOTS)["chart-otoma.svg"]
    width, height = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    placed = boxes(svg)
    words = [text for text, *_ in placed]
    # each level's rates under it, a line per bot led by its marker; one legend
    assert words.count("● 80 %") == 5 and words.count("■ 100 %") == 5
    assert words.count("expert") == 2 and words.count("oracle-cheat") == 1  # a level, a bot
    for text, left, top, right, bottom in placed:
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, text
    for k, (a, *one) in enumerate(placed):
        for b, *two in placed[k + 1 :]:
            apart = one[2] <= two[0] or two[2] <= one[0] or one[3] <= two[1] or two[3] <= one[1]
            assert apart, f"{a!r} meets {b!r}"
