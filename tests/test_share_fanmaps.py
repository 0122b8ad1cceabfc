"""Maps from the fan apps: their formats read exactly, and import adds the start cells a map needs."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pachaprint.check.rules import settling_start_cells
from pachaprint.check.validate import validate_data
from pachaprint.cli import app
from pachaprint.model.board import board_for
from pachaprint.model.scenario import Scenario
from pachaprint.share.fanmaps import (
    APP,
    WEB,
    FanMapError,
    looks_like_app_link,
    parse_app_link,
    parse_web_board,
)
from pachaprint.share.importing import convert
from pachaprint.share.inputs import Item
from tests.helpers import EXAMPLES, REPO

runner = CliRunner()
FANMAPS = EXAMPLES / "fanmaps"
APP_INITIAL = {"D": "s", "V": "d", "F": "g", "M": "r"}
WEB_FIELD = {"V": "valley", "D": "desert", "F": "forest", "M": "mountain"}


def sun_gate() -> Scenario:
    return Scenario.from_dict(json.loads((REPO / "scenarios" / "sun-gate.json").read_text()))


def app_link(scenario: Scenario, shown: set[int]) -> str:
    """A tiwanaku-app link of a scenario's map showing ``shown`` cells, as the app writes it."""
    cells = [
        f"{APP_INITIAL[scenario.terrain_at(c)]}{scenario.crop_at(c)}{int(c in shown)}{int(c in shown)}"
        for c in scenario.board.cells
    ]
    return "https://pablocazorla.github.io/tiwanaku-app/?game=" + "-".join(cells)


def web_board(scenario: Scenario, shown: set[int]) -> dict:
    """A tiwanaku-web board of a scenario's map, as the app stores it."""
    board = scenario.board
    rows = [
        [
            {
                "field": WEB_FIELD[scenario.terrain_at(board.cell(x, y))],
                "crop": scenario.crop_at(board.cell(x, y)),
                "coordinates": {"x": x, "y": y},
                "groupId": 1,
                "hiddenField": board.cell(x, y) not in shown,
                "hiddenCrop": board.cell(x, y) not in shown,
            }
            for x in range(board.width)
        ]
        for y in range(board.height)
    ]
    return {"board": rows, "hiddenFields": {"desert": 0, "forest": 0, "mountain": 0, "valley": 0}}


# -- reading their formats -----------------------------------------------------------------------
def test_a_tiwanaku_app_link_reads_terrain_crops_and_shown_cells():
    scenario = sun_gate()
    fan = parse_app_link(app_link(scenario, set(scenario.start_cells)))
    assert fan.source == APP and fan.size == "tiny"
    assert fan.terrain == scenario.terrain_flat
    assert fan.crops == scenario.crop_levels
    assert fan.start == tuple(sorted(scenario.start_cells))


def test_the_bare_cell_list_of_a_link_reads_too():
    link = app_link(sun_gate(), {0})
    bare = link.partition("game=")[2]
    assert looks_like_app_link(bare)
    assert parse_app_link(bare) == parse_app_link(link)
    assert parse_app_link("?game=" + bare) == parse_app_link(link)


def test_app_terrain_initials_are_our_terrains():
    # the app's four fields: sand (desert), dirt (valley, the wavy river mark), grass (forest), rock
    link = "-".join(["s111", "d111", "g111", "r111", "s111"] * 5)
    assert parse_app_link(link).terrain == "DVFMD" * 5


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("?game=" + "-".join(["s111"] * 24), "24 cells; a map has 25"),
        ("?game=" + "-".join(["s111"] * 24 + ["x111"]), "cell 25 (e5)"),
        ("?game=" + "-".join(["s111"] * 24 + ["s611"]), "a crop level 1-5"),
        ("https://example.org/?other=1&game=", "the link has no 'game=' value"),
        ("https://example.org/?game=s111-s111", "2 cells; a map has 25 (5 x 5) or 45 (5 x 9)"),
    ],
)
def test_a_damaged_app_link_says_where(link, message):
    with pytest.raises(FanMapError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_app_link(link)


def test_a_tiwanaku_web_board_reads_by_its_coordinates():
    scenario = Scenario.from_dict(json.loads((EXAMPLES / "high-valley.json").read_text()))
    data = web_board(scenario, {3, 40})
    data["board"] = [list(reversed(row)) for row in reversed(data["board"])]  # any order
    fan = parse_web_board(data)
    assert fan.source == WEB and fan.size == "long"
    assert fan.terrain == scenario.terrain_flat
    assert fan.crops == scenario.crop_levels
    assert fan.start == (3, 40)


def test_the_stored_state_of_tiwanaku_web_reads_too():
    data = web_board(sun_gate(), {0, 12})
    stored = {"board": json.dumps(data), "boardUiState": '"loaded"', "_persist": "{}"}
    assert parse_web_board(stored) == parse_web_board(data)
    assert parse_web_board({"persist:root": json.dumps(stored)}) == parse_web_board(data)


def test_a_damaged_web_board_says_where():
    data = web_board(sun_gate(), {0})
    data["board"][0][1]["coordinates"] = {"x": 0, "y": 0}
    with pytest.raises(FanMapError, match="a1 appears twice"):
        parse_web_board(data)
    data = web_board(sun_gate(), {0})
    data["board"][4][4]["field"] = "swamp"
    with pytest.raises(FanMapError, match=r"\(e5\): field 'swamp' is not a terrain"):
        parse_web_board(data)
    with pytest.raises(FanMapError, match="no tiwanaku-web board"):
        parse_web_board({"board": 3})


# -- importing: the start cells the checker suggests -----------------------------------------------
def test_a_unique_fan_map_imports_as_it_is():
    scenario = sun_gate()
    result = convert(Item("link", APP, app_link(scenario, set(scenario.start_cells))))
    assert result.problems == []
    assert result.added == {}
    assert result.scenario is not None
    assert result.scenario.terrain == scenario.terrain
    assert result.scenario.crops == scenario.crops
    assert sorted(result.scenario.start) == sorted(scenario.start)


def test_a_map_that_is_not_unique_gets_the_suggested_start_cells_and_says_so():
    scenario = sun_gate()
    result = convert(Item("link", APP, app_link(scenario, {2})))  # c1 alone
    assert result.scenario is not None
    # exactly the cells a not-unique report suggests for the map with its own crop layer
    alone = Scenario.from_dict({**scenario.to_dict(), "start": ["c1"]})
    assert result.added == settling_start_cells(alone)
    assert result.added
    assert sorted(result.scenario.start) == sorted(["c1", *result.added])
    assert result.scenario.crops == scenario.crops  # the fan map's own crops, every one kept
    assert any(
        "added start cell" in note and "as the checker suggests" in note for note in result.notes
    )
    assert validate_data(result.scenario.to_dict()).valid
    assert result.scenario.id.startswith("tiwanaku-app-")
    assert result.scenario.name.startswith("tiwanaku-app map ")


def test_a_map_that_breaks_the_rules_is_not_imported():
    scenario = sun_gate()
    link = app_link(scenario, {2}).replace(
        "?game=d2", "?game=d5", 1
    )  # a1 holds 5 in a 4-cell region
    result = convert(Item("link", APP, link))
    assert result.scenario is None
    assert any(p.startswith(("region-", "crop-")) for p in result.problems)


def test_fixture_fan_maps_import_and_validate(tmp_path):
    links = FANMAPS / "app-links.txt"
    boards = FANMAPS / "web-boards.json"
    result = runner.invoke(app, ["import", str(links), str(boards), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    count = len(links.read_text().split()) + len(json.loads(boards.read_text()))
    assert f"{count} of {count} imported" in result.output
    assert "needed added start cells" in result.output
    assert "as the checker suggests" in result.output
    written = sorted(tmp_path.iterdir())
    assert len(written) == count
    checked = runner.invoke(app, ["validate", str(tmp_path)])
    assert checked.exit_code == 0, checked.output
    for path in written:
        data = json.loads(path.read_text())
        assert data["id"] == path.stem and data["id"].startswith(("tiwanaku-app-", "tiwanaku-web-"))
        assert "." not in "".join(data["crops"])


def test_fan_maps_keep_their_crops(tmp_path):
    links = (FANMAPS / "app-links.txt").read_text().split()
    for link in links:
        fan = parse_app_link(link)
        result = convert(Item("link", APP, link))
        assert result.scenario is not None
        assert result.scenario.crop_levels == fan.crops
        assert result.scenario.terrain_flat == fan.terrain
        board = board_for(fan.size)
        assert {board.name(c) for c in fan.start} <= set(result.scenario.start)


def test_the_readme_and_import_help_show_a_working_tiwanaku_app_link(tmp_path):
    """The README's example link imports as written (two start cells added), and
    ``import --help`` shows the format with the start of the same link."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    line = next(x for x in readme.splitlines() if x.startswith('pachaprint import "https://'))
    link = line.split('"')[1]
    assert link == app_link(sun_gate(), {2, 12, 16})  # c1, c3, b4 shown
    result = runner.invoke(app, ["import", link, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "added start cells e1 (2) and d3 (4)" in result.stdout
    written = validate_data(json.loads((tmp_path / "tiwanaku-app-0n0apb.json").read_text()))
    assert written.valid and written.scenario is not None
    assert written.scenario.terrain_flat == sun_gate().terrain_flat
    shown = runner.invoke(app, ["import", "--help"], terminal_width=70).stdout
    assert f"\n  {link[: link.index('?game=') + 25]}-...\n" in shown  # whole, on a line
