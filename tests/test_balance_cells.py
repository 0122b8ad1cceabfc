"""When each crop follows from the table: the proof watcher and the hard-cell verdicts."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from pachaprint.engine.analysis.cells import cell_flags, cell_proofs
from pachaprint.engine.analysis.games import SimulationConfig, game_seed, play_game
from pachaprint.engine.analysis.proofwatch import GUESSED, OPEN, START, ProofWatch
from pachaprint.engine.analysis.record import GameRecord
from pachaprint.engine.analysis.schedule import start
from pachaprint.engine.bots import make_bot
from pachaprint.engine.bots.logic import analyse
from pachaprint.engine.bots.proofs import prove
from pachaprint.engine.rules.config import GameConfig
from pachaprint.engine.rules.events import Ending
from pachaprint.engine.rules.modes import draw_setup, make_game
from pachaprint.engine.rules.modes import start as start_game
from pachaprint.engine.rules.oracle import WheelOracle
from pachaprint.model.board import board_for
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

SCENARIO = Scenario.from_dict(json.loads((REPO / "scenarios" / "sun-gate.json").read_text()))
ORACLE = WheelOracle(SCENARIO)


def test_a_watched_game_plays_exactly_as_an_unwatched_one():
    for index in range(6):
        config = GameConfig(seed=game_seed(1, index))
        plain = play_game(ORACLE, config, ("logician", "greedy"), index)
        watched = play_game(ORACLE, config, ("logician", "greedy"), index, watch_proofs=True)
        assert not plain.proved_at and len(watched.proved_at) == SCENARIO.board.cell_count
        assert replace(watched, proved_at=(), found_at=()) == plain


def test_the_watcher_is_exact_step_by_step():
    """Replay a game: after every action, the cells the watcher holds proved are exactly
    those that ``prove`` proves on that table or proved on an earlier one."""
    config = GameConfig(seed=game_seed(3, 0))
    first, tiles, rng = draw_setup(config)
    bots = [make_bot(name, random.Random(rng.getrandbits(64))) for name in ("greedy", "random")]
    state = start_game(make_game(ORACLE, config, first_player=first, tiles_seed=tiles))
    watch = ProofWatch(state)
    proved: set[int] = set()
    steps = 0
    while not state.is_terminal():
        bot = bots[state.current_player]
        state.apply(bot.act(state.view() if bot.needs_view else None, state.legal_actions()))
        watch.update(state)
        open_cells = [
            c
            for c in range(SCENARIO.board.cell_count)
            if state.revealed >> c & 1 and not state.crop_mask >> c & 1 and c not in proved
        ]
        if open_cells:
            known = analyse(state.geo, state.terrain, state.crop, state.supply)
            proved |= set(prove(known, open_cells))
        held = {c for c, v in enumerate(watch.proved) if v >= 0}
        assert held == proved, f"step {steps}"
        steps += 1
    assert steps > 20
    for cell, value in enumerate(watch.proved):
        if SCENARIO.start_cells and cell in SCENARIO.start_cells:
            assert value == START
        elif value >= 0:
            assert watch.found[cell] <= value <= SCENARIO.board.cell_count


def test_a_logician_only_divines_what_the_table_already_proved():
    records = start(
        SCENARIO, SimulationConfig(bots=("logician", "logician"), games=12, watch_proofs=12)
    ).records()
    assert all(GUESSED not in r.proved_at for r in records)
    assert sum(v >= 0 for r in records for v in r.proved_at) > 100


def watched(proved_at: list[int], found_at: list[int]) -> GameRecord:
    zeros = [0, 0]
    return GameRecord(
        index=0,
        bots=("logician", "logician"),
        difficulty=None,
        ending=Ending.FINISHED,
        turns=30,
        first_player=0,
        scores=zeros,
        winners=[0],
        tie_breaks=zeros,
        points=[[0] * 5, [0] * 5],
        wrong=zeros,
        correct=zeros,
        proved=zeros,
        known=zeros,
        guessed=zeros,
        proved_at=tuple(proved_at),
        found_at=tuple(found_at),
    )


def test_cell_verdicts_rest_on_the_games():
    board = board_for("tiny")
    n = board.cell_count
    base = [START] + [20] * (n - 1)  # a1 is a start cell; every other crop proved at 20 of 25
    games = []
    for k in range(12):
        proved = list(base)
        proved[1] = OPEN  # b1: never proved, open at the end of all 12 games
        proved[2] = 25  # c1: proved only once the whole map had terrain: late
        proved[3] = 22 if k < 5 else OPEN  # d1: proved in 5 of 12: rarely
        proved[4] = GUESSED  # e1: always guessed first: no verdict either way
        games.append(watched(proved, [10] * n))
    cells = cell_proofs(board, games)
    verdicts = {c.cell: c.verdict for c in cells}
    assert "a1" not in verdicts
    assert [c.cell for c in cells[:3]] == ["b1", "d1", "c1"]  # hardest first
    assert verdicts["b1"] == "never" and verdicts["d1"] == "rarely" and verdicts["c1"] == "late"
    assert verdicts["e1"] == "" and verdicts["a2"] == ""
    c1 = next(c for c in cells if c.cell == "c1")
    assert c1.median_at == 1.0 and c1.median_wait == 15 and c1.proved == 12
    e1 = next(c for c in cells if c.cell == "e1")
    assert e1.guessed == 12 and e1.proved_share == 0.0
    assert cell_flags(cells) == [
        "the table never proved the crop of b1: each ended at least 12 games unproved "
        "with every terrain tile placed, so players must guess it"
    ]
    # fewer than ten games that decided a cell are no evidence either way
    few = {c.cell: c.verdict for c in cell_proofs(board, games[:9])}
    assert few["b1"] == "" and few["d1"] == "" and few["c1"] == "late"
