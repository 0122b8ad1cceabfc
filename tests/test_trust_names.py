"""Every name the schema accepts renders and builds (issue 22).

Chart text reaches matplotlib as plain text, never as mathtext: a ``$`` in a
scenario's name is drawn as a dollar sign, and a name such as ``Cash $$ money``
(an empty formula to mathtext) no longer fails the build.
"""

from __future__ import annotations

import json
import re
import tempfile
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pachaprint.check.validate import validate_bytes
from pachaprint.model.printing import PrintSettings
from pachaprint.model.scenario import Scenario
from pachaprint.model.text import TEXT_PATTERN
from pachaprint.pipeline.build import BuildOptions
from pachaprint.pipeline.reports import build_balance
from pachaprint.pipeline.units import build_scenario
from pachaprint.render.charts import charts, seat_chart
from pachaprint.textfit import printable
from tests.fuzzing import BUILD_EXAMPLES_PER_RUN, FUZZ_SETTINGS
from tests.helpers import example

OPTIONS = BuildOptions(PrintSettings(), games=1, modes=("competitive",))
SVG = "{http://www.w3.org/2000/svg}"
ALLOWED = re.compile(TEXT_PATTERN)
MARKUP = [*"$\\^_{}%&<>#~'\"`|", "$$", "\\frac", "\\alpha", "$x^2$", "\n", "\t", " "]
NAME_CHARACTERS = st.one_of(
    st.sampled_from(MARKUP),
    st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=("Cs",)).filter(
        lambda c: ALLOWED.fullmatch(c) is not None
    ),
)
NAMES = (
    st.lists(NAME_CHARACTERS, min_size=1, max_size=30)
    .map("".join)
    .map(lambda name: name[:60])
    .filter(lambda name: ALLOWED.fullmatch(name) is not None)
)
"""Names of 1-60 characters from the whole class the schema allows (``name`` in the schema),
with TeX markup and dollar signs drawn often."""


@cache
def balance_report() -> dict[str, Any]:
    """The balance report of the lake-shore fixture (the name is filled in per test)."""
    return build_balance(Scenario.from_dict(example("lake-shore")), OPTIONS)


def chart_texts(name: str) -> dict[str, list[str]]:
    """Chart file -> the text of each ``<text>`` element, for a report named ``name``."""
    report = {**balance_report(), "name": name}
    return {
        file: ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text")]
        for file, svg in charts(report).items()
    }


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", ["Cash $$ money", "Tolls: $2 in, $5 out", "$", r"$\frac{1}{2}$ a_b^c", "50% & <b>"]
)
def test_a_name_with_dollar_signs_is_drawn_as_written(name):
    texts = chart_texts(name)
    assert f"{name}: who wins" in texts["chart-seats.svg"]
    assert f"{name}: game length" in texts["chart-lengths.svg"]
    assert any(t.startswith(f"{name}: scores in ") for t in texts["chart-scores.svg"])


@pytest.mark.slow
def test_cash_money_builds(tmp_path):
    data = {**example("lake-shore"), "name": "Cash $$ money"}
    report = validate_bytes(json.dumps(data).encode(), "cash.json")
    assert report.valid
    outcome = build_scenario(report.disc, report.to_dict(), str(tmp_path), OPTIONS)
    assert outcome["status"] == "built", outcome
    back = (tmp_path / "scenarios" / data["id"] / "disc-back.svg").read_text(encoding="utf-8")
    assert "Cash $$ money" in back


@pytest.mark.slow
@settings(FUZZ_SETTINGS, max_examples=2 * BUILD_EXAMPLES_PER_RUN)
@given(name=NAMES)
def test_every_allowed_name_is_drawn_in_the_charts(name):
    assert validate_bytes(
        json.dumps({**example("lake-shore"), "name": name}).encode(), "n.json"
    ).valid
    shown = printable(name)
    svg = seat_chart(shown, balance_report()["modes"]["competitive"])
    texts = ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text")]
    if "\n" not in shown:  # a line break makes two text lines; the rest is one element
        assert f"{shown}: who wins" in texts, (name, texts)


@pytest.mark.slow
def test_every_allowed_name_builds():
    with tempfile.TemporaryDirectory() as tmp:

        @settings(FUZZ_SETTINGS, max_examples=BUILD_EXAMPLES_PER_RUN)
        @given(name=NAMES)
        def run(name: str) -> None:
            data = {**example("lake-shore"), "name": name}
            report = validate_bytes(json.dumps(data).encode(), "named.json")
            assert report.valid, [p.message for p in report.errors]
            outcome = build_scenario(report.disc, report.to_dict(), tmp, OPTIONS)
            assert outcome["status"] == "built", (name, outcome)
            for svg in (Path(tmp) / "scenarios" / data["id"]).glob("*.svg"):
                ET.fromstring(svg.read_bytes())

        run()
