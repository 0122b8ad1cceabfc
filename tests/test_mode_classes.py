"""One class per mode: what a mode is lives on its class, the rules and the bots read it
there, and outside the rules a mode is named only where a report or a screen names it."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from pachaprint.engine.bots import BOT_NAMES, make_bot
from pachaprint.engine.bots.base import diversity_gain
from pachaprint.engine.bots.prior import MEAN_CROP, OtomaCost
from pachaprint.engine.bots.versus import VersusBot
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.config import PAWN_COLOURS, ConfigError, GameConfig, Mode
from pachaprint.engine.rules.modes import (
    MODES,
    CompetitiveState,
    CoopState,
    SoloState,
    check_config,
    difficulty_words,
    mode_class,
    mode_words,
    new_game,
)
from pachaprint.engine.rules.movement import Direction, cells_of
from pachaprint.engine.rules.trails import otoma_stop
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

SCENARIO = Scenario.from_dict(json.loads((REPO / "scenarios" / "sacred-valley.json").read_text()))
PACKAGE = REPO / "pachaprint"


def test_every_mode_is_one_class_and_its_name_finds_it():
    assert [rules.mode for rules in MODES] == list(Mode)
    for rules in MODES:
        assert mode_class(rules.mode) is rules
        state = new_game(SCENARIO, GameConfig(rules.mode, rules.seat_counts[0], seed=1))
        assert type(state) is rules


# mode: (difficulties, default, seats, Otoma, colour, retrieve, end phase, divine all,
#        arrows, spends, lines, shared)
WHAT = {
    CompetitiveState: ((), None, (2, 3, 4), False, False, True, True, False, False, False, False, False),
    SoloState: (("easy", "hard"), "easy", (1,), True, True, False, False, True, True, False, False, False),
    CoopState: (
        ("easy", "normal", "expert"), "normal", (2, 3, 4), True, False, False, False, False, False, True, True, True,
    ),
}  # fmt: skip


@pytest.mark.parametrize("rules", MODES, ids=lambda rules: rules.mode.value)
def test_a_mode_says_what_it_is_on_its_class(rules):
    assert (
        rules.difficulties,
        rules.default_difficulty,
        rules.seat_counts,
        rules.has_otoma,
        rules.chooses_colour,
        rules.retrieve,
        rules.end_phase,
        rules.divine_all,
        rules.arrows,
        rules.spends,
        rules.lines,
        rules.shared,
    ) == WHAT[rules]


@pytest.mark.parametrize(
    "config, setting, message",
    [
        (GameConfig(Mode.SOLO, 2), "players", "solo has one seat (human or a bot), not 2"),
        (GameConfig(Mode.COOP, 5), "players", "co-op has 2 to 4 seats, not 5"),
        (GameConfig(Mode.COMPETITIVE, 1), "players", "the competitive game has 2 to 4 seats, not 1"),
        (GameConfig(Mode.COMPETITIVE, 2, "easy"), "difficulty", "applies to --mode solo or coop only"),
        (GameConfig(Mode.COOP, 2, "hard"), "difficulty", "for coop must be easy, normal, expert, not 'hard'"),
        (GameConfig(Mode.COMPETITIVE, 2, otoma=("d1",)), "otoma", "applies to --mode solo or coop only"),
        (GameConfig(Mode.SOLO, 1, colour="purple"), "colour", "must be one of brown, white, green, blue"),
        (GameConfig(Mode.COOP, 3, first_player=3), "first_player", "3 is not a seat of 3 players"),
    ],
)  # fmt: skip
def test_a_configuration_is_checked_by_its_mode_class(config, setting, message):
    with pytest.raises(ConfigError, match=re.escape(message)) as caught:
        check_config(config)
    assert caught.value.setting == setting
    with pytest.raises(ConfigError, match=re.escape(message)):
        new_game(SCENARIO, config)


def test_the_level_and_the_seating_come_from_the_class():
    assert new_game(SCENARIO, GameConfig(Mode.SOLO, 1, seed=2)).level == "easy"
    assert new_game(SCENARIO, GameConfig(Mode.COOP, 2, seed=2)).level == "normal"
    assert new_game(SCENARIO, GameConfig(Mode.COMPETITIVE, 3, seed=2)).level is None
    easy = CoopState.seating_for(2, "easy", "brown")
    expert = CoopState.seating_for(2, "expert", "brown")
    assert len(easy.otoma_colours) == 4 and len(expert.otoma_colours) == 5
    assert easy.pawns[0] == 4 and expert.pawns[0] == 3
    assert SoloState.seating_for(1, "hard", "green").otoma_colours == (
        "purple", "yellow", "brown", "white", "blue",
    )  # fmt: skip
    assert CompetitiveState.seating_for(3, None, "brown").colours == ("brown", "white", "green")


# -- the solo arrow rule, written once -------------------------------------------------
def solo(level: str, seed: int = 3):
    return new_game(SCENARIO, GameConfig(Mode.SOLO, 1, level, colour="brown", seed=seed))


def test_which_otoma_pawn_an_arrow_moves():
    for level, own in (("easy", ()), ("hard", (0, 1, 2, 3, 4))):
        state = solo(level)
        colours = state.otoma.colours  # purple, yellow, white, green, blue
        assert state.arrow_pawns("brown") == own
        assert state.chooses_otoma() is (level == "hard")
        for index, colour in enumerate(colours):
            assert state.arrow_pawns(colour) == (index,)
        # a player sees the same rule in the view, for every arrow colour
        assert state.view().arrow_pawns == {c: state.arrow_pawns(c) for c in PAWN_COLOURS}
    coop = new_game(SCENARIO, GameConfig(Mode.COOP, 2, seed=1))
    assert coop.view().arrow_pawns is None and coop.arrow_pawns("purple") == ()


def open_tiles(level: str):
    """A solo game played a while by a bot: every open tile without crop, with its arrow."""
    state = solo(level, seed=11)
    bot = make_bot("greedy", random.Random(4), Mode.SOLO)
    while len(state.history) < 40 and not state.is_terminal():
        state.apply(bot.decide(state))
    tiles = state.tiles
    found = [
        c
        for c in cells_of(state.revealed & ~state.crop_mask & ~state.all_pawns)
        if tiles.tile_at[c] is not None
    ]
    assert found
    return state, found


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_the_prior_charges_an_explore_with_what_the_rules_say_the_arrow_moves(level):
    state, cells = open_tiles(level)
    cost = OtomaCost(state, None)  # a known tile needs no belief
    gain = diversity_gain(state.stones[state.otoma.account], state.supply) + MEAN_CROP
    for cell in cells:
        tile = state.tiles.tile_at[cell]
        pawns = state.arrow_pawns(tile.colour)
        trails, revealed = state.game.trails, state.revealed
        if len(pawns) == 1:
            stop = otoma_stop(trails, state.otoma.pawns[pawns[0]], tile.direction, revealed)
            expected = gain if stop is not None else 0.0
        else:
            expected = gain if pawns else 0.0
        assert cost(cell) == expected, (level, cell, tile)


def test_the_otoma_aware_bot_reads_the_arrow_rule_from_the_view():
    state, cells = open_tiles("hard")
    bot = make_bot("greedy", random.Random(1), Mode.SOLO)
    assert isinstance(bot, VersusBot)
    view = state.view()
    moved = [bot._solo_cost(view, view.tiles, c) for c in cells]
    assert any(moved)
    # an arrow that moves nothing costs nothing: the bot asks the view, not the difficulty
    still = view._replace(arrow_pawns={colour: () for colour in PAWN_COLOURS})
    assert [bot._solo_cost(still, still.tiles, c) for c in cells] == [0.0] * len(cells)


def test_a_hard_own_colour_arrow_waits_for_the_players_choice():
    """The rule's answer drives the play: more than one pawn is the player's choice."""
    from tests.helpers import next_tile

    state = new_game(
        SCENARIO, GameConfig(Mode.SOLO, 1, "hard", colour="brown", seed=5), record_events=True
    )
    next_tile(state, "F", "brown", "S")
    state.apply(A.enter(SCENARIO.board.index("e1")))
    assert len(state.arrow_pawns("brown")) == 5
    assert list(state.legal_actions()) == [A.choose_otoma(i) for i in range(5)]
    assert state.tiles.pending is Direction.S


# -- names written once ---------------------------------------------------------------------
def test_the_help_lists_the_modes_difficulties_and_bots_from_their_one_list():
    assert mode_words() == "competitive, solo or coop"
    assert mode_words(described=True) == (
        "competitive (the default), solo (one seat against the Otoma) or coop (2-4 seats "
        "against the Otoma)"
    )
    assert difficulty_words() == "solo: easy, hard; coop: easy, normal, expert"
    assert difficulty_words(defaults=True) == (
        "solo: easy (default) or hard; coop: easy, normal (default) or expert"
    )
    from typer.testing import CliRunner

    from pachaprint.cli import app

    runner = CliRunner()
    simulate = " ".join(
        runner.invoke(app, ["simulate", "--help"], terminal_width=200).output.split()
    )
    assert ", ".join(BOT_NAMES) in simulate and difficulty_words() in simulate
    play = " ".join(runner.invoke(app, ["play", "--help"], terminal_width=200).output.split())
    assert mode_words(described=True) in play and difficulty_words(defaults=True) in play


# -- outside the rules, a mode is named only by a report or a screen --------------------------
ASKS = re.compile(
    r"(\bis( not)?|==|!=) *(Mode\.[A-Z]+|_MODE_[A-Z]+|\"(competitive|solo|coop|easy|normal|hard|expert)\")"
    r"|(Mode\.[A-Z]+|_MODE_[A-Z]+) +(is|==|!=|in)\b|\bdifficulty ?[!=]=|\blevel ?[!=]= ?\""
)
"""A test of which mode or difficulty it is (``mode is Mode.SOLO``, ``difficulty == "easy"``)."""
NAMED_BY = {
    "engine/analysis/report.py": "the simulation report's words (a player or a group) and runs",
    "engine/analysis/balance.py": "the balance report groups the games of each run",
    "engine/analysis/flags.py": "the report's flags, per difficulty",
    "pipeline/verdicts.py": "the build's verdict lines, per mode of the report",
    "pipeline/report_tables.py": "the report page's tables, per mode of the report",
    "pipeline/reports.py": "the report page's sections, per mode of the report",
    "pipeline/gallery.py": "the gallery's lines, per mode of the report",
    "render/charts.py": "the charts' labels, per mode of the report",
    "cli/build.py": "the build's report always has the competitive game",
    "cli/building.py": "the same, on the command line's way to the build",
}
"""Where a module outside the rules names a mode, and why (a report or a screen)."""


def test_outside_the_rules_a_mode_is_asked_only_where_a_report_or_a_screen_names_it():
    asking = set()
    for path in PACKAGE.rglob("*.py"):
        name = path.relative_to(PACKAGE).as_posix()
        if name.startswith("engine/rules/"):
            continue
        if any(ASKS.search(line) for line in path.read_text(encoding="utf-8").splitlines()):
            asking.add(name)
    assert asking <= set(NAMED_BY), sorted(asking - set(NAMED_BY))
    assert Path(PACKAGE / "engine/bots").is_dir()
    assert not {n for n in asking if n.startswith(("engine/bots/", "play/", "terminal/", "table/"))}


def test_the_game_log_schema_lists_the_modes_and_difficulties_of_the_classes():
    schema = json.loads((REPO / "schemas" / "game-log.schema.json").read_text())
    config = schema["$defs"]["game2"]["properties"]["config"]["properties"]
    assert config["mode"]["enum"] == [rules.mode.value for rules in MODES]
    levels = {level for rules in MODES for level in rules.difficulties}
    assert set(config["difficulty"]["enum"]) == levels | {None}
