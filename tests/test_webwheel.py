"""The digital wheel page as text: encoding, contents, self-containment, CLI.

The page's behaviour in a browser is tested in ``test_webwheel_browser.py``.
"""

from __future__ import annotations

import base64
import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pachaprint.check.validate import validate_data
from pachaprint.cli import app
from pachaprint.model.printing import PrintSettings
from pachaprint.model.scenario import Scenario
from pachaprint.render import symbols
from pachaprint.render.webwheel import (
    LANGUAGES,
    decode_cell,
    encode_cell,
    page_text,
    render_webwheel,
    wheel_data,
    write_webwheel,
)
from pachaprint.render.webwheel_art import page_art
from pachaprint.resources import load_template
from tests.helpers import disc_of

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "tests" / "fixtures"
SCENARIO_FILES = sorted(EXAMPLES.glob("*.json")) + sorted((REPO / "scenarios").glob("*.json"))

runner = CliRunner()


def load(path: Path) -> Scenario:
    return Scenario.from_dict(json.loads(path.read_text(encoding="utf-8")))


def page_data(page: str) -> dict:
    match = re.search(r'<script type="application/json" id="wheel-data">(.*?)</script>', page, re.S)
    assert match, "the page has no wheel data"
    return json.loads(match.group(1))


@pytest.fixture(scope="module", params=SCENARIO_FILES, ids=lambda p: p.stem)
def rendered(request) -> tuple[Scenario, str]:
    scenario = load(request.param)
    return scenario, render_webwheel(disc_of(scenario))


# -- the encoding ------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(
    scenario_id=st.from_regex(r"[a-z0-9][a-z0-9-]{0,39}", fullmatch=True),
    cell=st.sampled_from([f"{c}{r}" for c in "abcdefghi" for r in "12345"]),
    terrain=st.sampled_from("VDFM"),
    crop=st.integers(1, 5),
)
def test_encoding_round_trips(scenario_id, cell, terrain, crop):
    token = encode_cell(scenario_id, cell, terrain, crop)
    assert decode_cell(scenario_id, cell, token) == (terrain, crop)
    plain = f"{cell}:{terrain}{crop}".encode()
    assert base64.b64decode(token) != plain


def test_a_token_only_opens_with_its_own_scenario_and_cell():
    token = encode_cell("salt-flats", "c3", "F", 2)
    with pytest.raises(ValueError, match="c3"):
        decode_cell("salt-flat", "c3", token)
    with pytest.raises(ValueError, match="c4"):
        decode_cell("salt-flats", "c4", token)


def test_equal_answers_get_different_tokens():
    tokens = {encode_cell("salt-flats", f"{c}{r}", "V", 1) for c in "abcde" for r in "12345"}
    assert len(tokens) == 25
    assert encode_cell("salt-flats", "a1", "V", 1) != encode_cell("salt-flots", "a1", "V", 1)


# -- what the page holds --------------------------------------------------------------
def test_page_data_decodes_to_the_scenario(rendered):
    scenario, page = rendered
    data = page_data(page)
    board = scenario.board
    assert (data["id"], data["width"], data["height"]) == (scenario.id, board.width, board.height)
    assert len(data["cells"]) == board.cell_count
    for cell in board.cells:
        name = board.name(cell)
        assert decode_cell(scenario.id, name, data["cells"][cell]) == (
            scenario.terrain_at(cell),
            scenario.crop_at(cell),
        )
    assert data["start"] == {
        board.name(c): [scenario.terrain_at(c), scenario.crop_at(c)] for c in scenario.start_cells
    }
    assert {t: v["tiles"] for t, v in data["terrains"].items()} == scenario.terrain_counts()
    assert [c["letter"] for c in data["columns"]] == list("abcdefghi"[: board.width])
    assert [r["number"] for r in data["rows"]] == [1, 2, 3, 4, 5]


def test_answers_are_not_readable_in_the_source(rendered):
    scenario, page = rendered
    board = scenario.board
    for row in scenario.terrain + scenario.crops:
        assert row not in page, f"a row of the map ({row}) stands in the page source"
    assert scenario.terrain_flat not in page and scenario.crops_flat not in page
    hidden = [c for c in board.cells if c not in scenario.start_cells]
    for cell in hidden:
        name = board.name(cell)
        answer = f"{scenario.terrain_at(cell)}{scenario.crop_at(cell)}"
        assert f"{name}:{answer}" not in page
        assert base64.b64encode(f"{name}:{answer}".encode()).decode() not in page
        assert f'"{name}":["{answer[0]}",{answer[1]}]' not in page


def test_columns_and_rows_carry_the_board_symbols(rendered):
    scenario, page = rendered
    data = page_data(page)
    board_template = load_template("board.json")
    assert [c["element"] for c in data["columns"]] == board_template["elements"][
        : scenario.board.width
    ]
    assert [r["animal"] for r in data["rows"]] == board_template["animals"]
    ids = re.findall(r'<symbol id="([A-Za-z0-9-]+)"', page)
    for entry in (
        data["columns"]
        + data["rows"]
        + list(data["terrains"].values())
        + list(data["crops"].values())
    ):
        assert entry["symbol"] in ids


def test_page_symbols_are_the_print_symbols():
    """Each page symbol has the print symbol's shapes, one element per shape, in order."""
    art = page_art()
    page = render_webwheel(disc_of(load(SCENARIO_FILES[0])))
    board_template = load_template("board.json")
    expected = {
        f"sym-element-{i}": symbols.element_symbol(n)
        for i, n in enumerate(board_template["elements"])
    }
    expected |= {f"sym-animal-{i}": n for i, n in enumerate(board_template["animals"])}
    pal = symbols.palette()
    expected |= {f"sym-terrain-{t}": symbols.terrain(t, pal).symbol for t in "VDFM"}
    expected |= {f"sym-crop-{k}": symbols.crop(k, pal).symbol for k in range(1, 6)}
    assert set(art.symbols) == set(expected)
    for page_id, name in expected.items():
        spec = symbols.symbol(name)
        markup = re.search(
            rf'<symbol id="{page_id}" viewBox="0 0 100 100">(.*?)</symbol>', page
        ).group(1)
        tags = re.findall(r"<(path|circle|rect|polygon|polyline|line|text|g)\b", markup)
        assert len(tags) >= len(spec.items), page_id
        assert 'points=""' not in markup
    assert 'style="fill:var(--paper)"' in page, "cut-outs follow the background they sit on"


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: list[str] = []
        self.refs: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag, attrs):
        for key, value in attrs:
            if key == "id":
                self.ids.append(value)
            if key in ("src", "href", "xlink:href", "action", "poster", "srcset"):
                self.refs.append((tag, key, value or ""))


def test_page_is_self_contained(rendered):
    _scenario, page = rendered
    assert not re.search(r"\{\{\w+\}\}", page), "a template placeholder was left"
    parser = _Tags()
    parser.feed(page)
    assert parser.refs == [], f"the page refers to other files: {parser.refs}"
    assert len(parser.ids) == len(set(parser.ids)), "duplicate element ids"
    assert not re.search(r"<(link|img|iframe|object|embed|audio|video)\b", page, re.I)
    assert not re.search(r"@import|url\(", page)
    assert not re.search(
        r"\b(fetch|XMLHttpRequest|WebSocket|EventSource|sendBeacon|importScripts)\b", page
    )
    assert set(re.findall(r"https?://[^\s\"'<>)]+", page)) <= {"http://www.w3.org/2000/svg"}
    assert "default-src 'none'" in page, "the Content-Security-Policy forbids network requests"


def test_text_from_the_scenario_is_escaped():
    data = json.loads((EXAMPLES / "lake-shore.json").read_text(encoding="utf-8"))
    data["name"] = "Lake <script>alert(1)</script> & Shore"
    data["author"] = "</script><b>x</b>"
    page = render_webwheel(disc_of(Scenario.from_dict(data), "easy"))
    assert "<script>alert" not in page and "<b>x</b>" not in page
    assert "Lake &lt;script&gt;alert(1)&lt;/script&gt; &amp; Shore" in page
    assert page_data(page)["name"] == data["name"]
    assert page.count("</script>") == 2


def test_dots_are_filled_from_the_unique_solution():
    scenario = load(EXAMPLES / "high-valley.json")
    dotted = scenario.with_crops(
        [row if r == 1 else "." * len(row) for r, row in enumerate(scenario.crops)]
    )
    assert not dotted.is_complete
    data = wheel_data(disc_of(dotted))
    board = scenario.board
    for cell in board.cells:
        assert decode_cell(scenario.id, board.name(cell), data["cells"][cell])[
            1
        ] == scenario.crop_at(cell)


def test_a_dotted_layer_without_a_unique_solution_is_refused(tmp_path):
    """The checker gives no disc to draw a page from, and the command says why."""
    scenario = load(EXAMPLES / "lake-shore.json")
    start = scenario.board.index(scenario.start[0])
    flat = ["."] * scenario.board.cell_count
    flat[start] = scenario.crops_flat[start]
    rows = ["".join(flat[r * 5 : (r + 1) * 5]) for r in range(5)]
    report = validate_data(scenario.with_crops(rows).to_dict())
    assert report.disc is None and "not-unique" in report.rules()
    path = tmp_path / "ambiguous.json"
    path.write_text(scenario.with_crops(rows).dumps(), encoding="utf-8")
    result = runner.invoke(app, ["wheel", str(path), "--out", str(tmp_path / "w.html")])
    assert result.exit_code == 1 and "not-unique" in result.output
    assert not (tmp_path / "w.html").exists()


def test_rendering_is_deterministic_and_written_atomically(tmp_path):
    scenario = load(EXAMPLES / "lake-shore.json")
    assert render_webwheel(disc_of(scenario)) == render_webwheel(disc_of(scenario))
    target = write_webwheel(disc_of(scenario), tmp_path / "scenarios" / scenario.id / "wheel.html")
    assert target.read_text(encoding="utf-8") == render_webwheel(disc_of(scenario))
    assert [p.name for p in target.parent.iterdir()] == ["wheel.html"]
    assert target.stat().st_mode & 0o777 == 0o644
    assert 20_000 < target.stat().st_size < 200_000


# -- the command -------------------------------------------------------------------
def test_cli_writes_the_page(tmp_path):
    out = tmp_path / "lake.html"
    result = runner.invoke(app, ["wheel", str(EXAMPLES / "lake-shore.json"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == render_webwheel(
        disc_of(load(EXAMPLES / "lake-shore.json"))
    )
    assert str(out) in result.output


def test_cli_to_standard_output():
    result = runner.invoke(app, ["wheel", str(EXAMPLES / "high-valley.json"), "--out", "-"])
    assert result.exit_code == 0
    assert result.stdout == render_webwheel(disc_of(load(EXAMPLES / "high-valley.json")))


def test_cli_solves_dots_with_a_warning(tmp_path):
    data = json.loads((EXAMPLES / "high-valley.json").read_text(encoding="utf-8"))
    data["crops"] = [row if r == 1 else "." * len(row) for r, row in enumerate(data["crops"])]
    source = tmp_path / "dots.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "dots.html"
    result = runner.invoke(app, ["wheel", str(source), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "dots" in result.output
    assert (
        page_data(out.read_text(encoding="utf-8"))["cells"]
        == wheel_data(disc_of(load(EXAMPLES / "high-valley.json")))["cells"]
    )


def test_cli_refuses_an_invalid_scenario(tmp_path):
    data = json.loads((EXAMPLES / "lake-shore.json").read_text(encoding="utf-8"))
    data["crops"][0] = "11142"  # a1 and b1 hold the same crop side by side
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "bad.html"
    result = runner.invoke(app, ["wheel", str(source), "--out", str(out)])
    assert result.exit_code == 1
    assert "crop-separation" in result.output and "no wheel written" in result.output
    assert not out.exists()


def test_cli_usage_errors(tmp_path):
    missing = runner.invoke(app, ["wheel", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and "no such file" in missing.output
    folder = runner.invoke(
        app, ["wheel", str(EXAMPLES / "lake-shore.json"), "--out", str(tmp_path)]
    )
    assert folder.exit_code == 2 and "folder" in folder.output
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    result = runner.invoke(app, ["wheel", str(broken)])
    assert result.exit_code == 1 and "json" in result.output and "Traceback" not in result.output


def test_otoma_start_cells_are_named_for_solo_play():
    data = json.loads((EXAMPLES / "high-valley.json").read_text(encoding="utf-8"))
    data["start"] = ["i2", "a1", "c3", "e5", "g1"]
    data["solo"] = {"otoma": ["c3", "a1", "e5", "g1", "i2"]}
    page = render_webwheel(disc_of(Scenario.from_dict(data), "easy"))
    assert "the Otoma pawns start on c3, a1, e5, g1 and i2 (in this order)" in page
    # the script keeps the sentence's template for a disc opened from a share code, but
    # a page whose own disc has no Otoma cells shows no such line
    plain = render_webwheel(disc_of(load(EXAMPLES / "high-valley.json")))
    assert 'class="legend otoma"' not in plain


def test_saved_progress_belongs_to_the_map_not_to_the_page_text():
    data = json.loads((EXAMPLES / "lake-shore.json").read_text(encoding="utf-8"))
    before = wheel_data(disc_of(Scenario.from_dict(data), "easy"))["fingerprint"]
    renamed = dict(data, name="Another Name", notes="changed")
    assert wheel_data(disc_of(Scenario.from_dict(renamed), "easy"))["fingerprint"] == before
    moved = dict(data, start=["d1", "b2", "a5"])
    assert wheel_data(disc_of(Scenario.from_dict(moved), "easy"))["fingerprint"] != before
    other = json.loads((EXAMPLES / "high-valley.json").read_text(encoding="utf-8"))
    assert (
        wheel_data(disc_of(Scenario.from_dict(dict(other, id="lake-shore")), "easy"))["fingerprint"]
        != before
    )


# -- languages ------------------------------------------------------------------------
def _placeholders(value: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", value))


def test_every_language_has_every_text_with_the_same_blanks():
    table = load_template("webwheel/text.json")
    english = table["en"]
    board_template = load_template("board.json")
    for lang in LANGUAGES:
        text = table[lang]
        assert text.keys() == english.keys(), lang
        for key, value in english.items():
            if isinstance(value, str):
                assert _placeholders(text[key]) == _placeholders(value), (lang, key)
                assert text[key].strip() and text[key] == text[key].strip(), (lang, key)
        assert list(text["elements"]) == board_template["elements"], lang
        assert list(text["animals"]) == board_template["animals"], lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_page_in_each_language(lang):
    scenario = load(EXAMPLES / "lake-shore.json")
    page = render_webwheel(disc_of(scenario), PrintSettings(lang=lang))
    text = page_text(lang)
    assert f'<html lang="{lang}">' in page
    data = page_data(page)
    assert data["lang"] == lang
    assert [t["name"] for t in data["terrains"].values()] == [
        load_template(f"reference/{lang}.json")["terrains"][k] for k in "VDFM"
    ]
    assert [c["label"] for c in data["columns"]] == [
        text["elements"][n] for n in load_template("board.json")["elements"][:5]
    ]
    for key in ("discovery", "divination", "supply_title", "legend", "footer"):
        assert html.escape(text[key]) in page, (lang, key)
    if lang != "en":
        english = page_text("en")
        for key in ("supply_title", "legend", "footer", "choose_hint"):
            assert english[key] not in page, (lang, key)


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="choose one of en, de, it, fr, es, not 'xx'"):
        render_webwheel(disc_of(load(EXAMPLES / "lake-shore.json")), PrintSettings(lang="xx"))
    result = runner.invoke(
        app, ["wheel", str(EXAMPLES / "lake-shore.json"), "--lang", "xx", "--out", "-"]
    )
    assert result.exit_code == 2


def test_cli_language(tmp_path):
    out = tmp_path / "de.html"
    result = runner.invoke(
        app, ["wheel", str(EXAMPLES / "lake-shore.json"), "--lang", "de", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == render_webwheel(
        disc_of(load(EXAMPLES / "lake-shore.json")), PrintSettings(lang="de")
    )
