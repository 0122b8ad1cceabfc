"""The terminal game's text: aligned help, the legend, terminal colours, and hostile names."""

from __future__ import annotations

import io
import json

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.engine.rules.config import GameConfig, Mode
from pachaprint.engine.rules.modes import new_game
from pachaprint.model.scenario import Scenario
from pachaprint.play.setup import PlayConfig
from pachaprint.terminal.display import help_text, legend, printable
from pachaprint.terminal.play import run_game
from tests.helpers import REPO

PATH = REPO / "scenarios" / "sacred-valley.json"
SCENARIO = Scenario.from_dict(json.loads(PATH.read_text()))
runner = CliRunner()


@pytest.mark.parametrize(
    "config, present, absent",
    [
        (GameConfig(), ["retrieve CELL"], ["otoma PAWN", "spend TERRAIN"]),
        (GameConfig(Mode.SOLO, 1, "hard"), ["otoma PAWN"], ["retrieve CELL", "spend TERRAIN"]),
        (GameConfig(Mode.COOP, 2), ["spend TERRAIN"], ["retrieve CELL", "otoma PAWN"]),
    ],
)
def test_help_lists_the_mode_commands_in_aligned_columns(config, present, absent):
    text = help_text(new_game(SCENARIO, config))
    rows = text.splitlines()[1:]
    assert all(row.startswith("  ") and not row.startswith("   ") for row in rows)
    starts = {len(row) - len(row[2:].split("  ", 1)[1].lstrip()) for row in rows}
    assert len(starts) == 1  # every description starts in the same column
    for command in present:
        assert any(row.split("  ")[1] == command for row in rows)
    for command in absent:
        assert command not in text


def test_the_legend_names_every_pawn_and_the_arrows():
    solo = legend(new_game(SCENARIO, GameConfig(Mode.SOLO, 1, colour="green")))
    assert "explorers A green" in solo and "O2 yellow" in solo and "O5 blue" in solo
    assert "N E S W" in solo and "S2: pawn 2 goes south" in solo
    coop = legend(new_game(SCENARIO, GameConfig(Mode.COOP, 3)))
    assert "explorers A brown, B white, C green" in coop and "N E S W" not in coop
    assert "A B: the pawn of that player" in legend(new_game(SCENARIO, GameConfig()))


def test_a_solo_game_opens_with_the_legend_and_the_otoma_cells():
    out = io.StringIO()
    config = PlayConfig(GameConfig(Mode.SOLO, 1, seed=2), ("human",))
    run_game(SCENARIO, config, io.StringIO("quit\n"), out)
    text = out.getvalue()
    assert text.index("The Otoma start on d1, a2, i2, f4, i5.") < text.index("Board: V valley")
    assert "O1 purple" in text


def test_terminal_colours_are_asked_for_with_ansi_and_refused_with_plain():
    plain = runner.invoke(app, ["play", str(PATH), "--seed", "1", "--plain"], input="quit\n")
    ansi = runner.invoke(app, ["play", str(PATH), "--seed", "1", "--ansi"], input="quit\n")
    assert plain.exit_code == ansi.exit_code == 0
    assert "\x1b[" not in plain.output and "\x1b[" in ansi.output
    old = runner.invoke(app, ["play", str(PATH), "--no-color"], input="quit\n")
    assert (
        old.exit_code == 2
    )  # one spelling: --colour is the pawn colour, --ansi/--plain the terminal's


def test_printable_escapes_control_characters_and_keeps_the_rest():
    assert (
        printable("a\x1b]0;x\x07b\tc\nd\x7f\x9b\ud800 é")
        == "a\\x1b]0;x\\x07b\tc\nd\\x7f\\x9b\\ud800 é"
    )


def test_nothing_a_scenario_holds_reaches_the_terminal_unescaped(tmp_path):
    data = json.loads(PATH.read_text())
    data["name"] = "Evil\x1b]0;pwned\x07\x1b[2J Valley"
    data["author"] = "\x1b[31mred\x00"
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(data))
    for args in (
        ["play", str(path), "--mode", "solo", "--plain", "--seed", "1"],
        ["simulate", str(path), "--mode", "solo", "--games", "2", "--bots", "greedy"],
    ):
        result = runner.invoke(app, args, input="quit\n")
        assert result.exit_code in (0, 1), result.output
        assert (
            "\x1b" not in result.output
            and "\x07" not in result.output
            and "\x00" not in result.output
        )
