"""The search bots keep the rules in every mode, are made by the one factory, and
play from the command line: ``simulate`` and ``play``."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.engine.bots import (
    BOT_NAMES,
    CHEATING,
    ExpertBot,
    OracleCheatBot,
    check_bot,
    make_bot,
)
from pachaprint.engine.bots.search import Budget
from pachaprint.engine.rules.config import ConfigError, GameConfig, Mode, first_start_cells
from pachaprint.engine.rules.events import Phase
from pachaprint.engine.rules.modes import mode_class, new_game
from pachaprint.engine.rules.state import GameState
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

PATH = REPO / "scenarios" / "sacred-valley.json"
SCENARIO = Scenario.from_dict(json.loads(PATH.read_text(encoding="utf-8")))
QUICK = Budget(width=3, inner=2, depth=3, samples=1)
runner = CliRunner()

EVERY_MODE = [
    pytest.param(Mode.COMPETITIVE, 2, None, id="competitive-2"),
    pytest.param(Mode.COMPETITIVE, 3, None, id="competitive-3"),
    pytest.param(Mode.COMPETITIVE, 4, None, id="competitive-4"),
    pytest.param(Mode.SOLO, 1, "easy", id="solo-easy"),
    pytest.param(Mode.SOLO, 1, "hard", id="solo-hard"),
    pytest.param(Mode.COOP, 2, "easy", id="coop-2-easy"),
    pytest.param(Mode.COOP, 3, "normal", id="coop-3-normal"),
    pytest.param(Mode.COOP, 4, "expert", id="coop-4-expert"),
]


def start(mode: Mode, players: int, level: str | None, seed: int) -> GameState:
    names = None
    if mode_class(mode).has_otoma:
        names = tuple(SCENARIO.board.name(c) for c in first_start_cells(SCENARIO))
    return new_game(SCENARIO, GameConfig(mode, players, level, names, seed=seed))


def play_out(state: GameState, bots: list) -> set[Phase]:
    """Play to the end; every choice must be among the legal actions. The phases met."""
    phases = set()
    while not state.is_terminal():
        legal = list(state.legal_actions())
        code = bots[state.current_player].decide(state)
        assert code in legal, f"{state.action_text(code)} is not legal in {state.phase.name}"
        phases.add(state.phase)
        state.apply(code)
    assert state.ending is not None and state.ending.completed
    return phases


@pytest.mark.slow
@pytest.mark.parametrize("mode, players, level", EVERY_MODE)
@pytest.mark.parametrize("kind", [ExpertBot, OracleCheatBot])
def test_search_bots_only_choose_legal_actions_in_every_mode(kind, mode, players, level):
    state = start(mode, players, level, seed=11)
    phases = play_out(state, [kind(random.Random(seat), QUICK) for seat in range(players)])
    assert Phase.TURN in phases
    if mode is Mode.COOP:
        assert Phase.SPEND in phases


NARROWEST = Budget(width=1, inner=1, depth=2, samples=1, setups=0)
"""One candidate at every decision: the prior must still offer one (it once offered none
after a discovery, when a seat may divine or stop)."""


@pytest.mark.slow
@pytest.mark.parametrize("mode, players, level", EVERY_MODE)
def test_the_narrowest_search_still_plays_every_mode_to_the_end(mode, players, level):
    for seed in range(3):
        state = start(mode, players, level, seed=seed)
        play_out(state, [ExpertBot(random.Random(seat), NARROWEST) for seat in range(players)])


@pytest.mark.slow
@pytest.mark.parametrize(
    "mode, players, level",
    [(Mode.COMPETITIVE, 2, None), (Mode.SOLO, 1, "easy"), (Mode.COOP, 2, "normal")],
)
def test_the_expert_with_its_default_budget_plays_a_whole_game_against_the_others(
    mode, players, level
):
    state = start(mode, players, level, seed=12)
    names = ["expert", "logician"][:players] if mode is Mode.COMPETITIVE else ["expert"] * players
    bots = [make_bot(name, random.Random(i), mode) for i, name in enumerate(names)]
    play_out(state, bots)
    assert bots[0].nodes > 100  # it searched


def test_the_factory_makes_the_search_bots_for_every_mode():
    assert {"expert", "oracle-cheat"} <= set(BOT_NAMES)
    assert {"oracle-cheat"} == CHEATING
    for mode in Mode:
        # the search bots play the Otoma modes themselves (no wrapper)
        assert type(make_bot("expert", random.Random(1), mode)) is ExpertBot
        assert type(make_bot("oracle-cheat", random.Random(1), mode)) is OracleCheatBot
    assert check_bot("expert") == "expert"
    with pytest.raises(ConfigError, match="oracle-cheat"):
        check_bot("oracle")  # the message lists the names, the cheat among them


def test_a_search_bot_needs_the_game_not_a_view():
    state = start(Mode.COMPETITIVE, 2, None, seed=1)
    with pytest.raises(TypeError, match="decide"):
        ExpertBot(random.Random(1)).act(state.view(), state.legal_actions())


@pytest.mark.slow
def test_cli_simulate_with_the_expert_in_each_mode():
    competitive = runner.invoke(
        app, ["simulate", str(PATH), "--bots", "expert,logician", "-n", "2", "-q", "-f", "json"]
    )
    assert competitive.exit_code == 0, competitive.output
    report = json.loads(competitive.stdout)
    assert report["bots"] == ["expert", "logician"] and report["completed"] == 2
    solo = runner.invoke(
        app,
        ["simulate", str(PATH), "--mode", "solo", "--bots", "expert", "-n", "2", "-q"],
        catch_exceptions=False,
    )
    assert solo.exit_code == 0, solo.output
    assert "expert easy" in solo.stdout and "expert hard" in solo.stdout


def test_cli_help_names_the_new_bots():
    for command in ("simulate", "play"):
        result = runner.invoke(app, [command, "--help"], terminal_width=200)
        assert "expert" in result.stdout and "oracle-cheat" in result.stdout


@pytest.mark.slow
def test_cli_play_against_the_expert():
    result = runner.invoke(
        app,
        ["play", str(PATH), "--seats", "expert,human", "--seed", "3", "--plain"],
        input="quit\n",
    )
    assert result.exit_code == 0, result.output
    # seed 3 lets the expert start or not; either way the human is asked for a move
    assert "B, " in result.stdout or "expert" in result.stdout.lower()
