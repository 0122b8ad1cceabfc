"""Game logs of simulated games: watch how a disc plays, one bot game at a time.

A simulation that keeps its games' actions (``SimulationConfig.keep_history``)
can write each game as a log (``pachaprint-game/3``, see
:mod:`pachaprint.engine.rules.log`): the game is set up again from its seed and
its actions replayed, so the log is the game the report counted. ``pachaprint
table`` opens such a log as a replay, ``pachaprint play --resume`` as a game.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import replace
from pathlib import Path
from typing import Any

from pachaprint.engine.analysis.games import SimulationConfig, game_config, otoma_start
from pachaprint.engine.analysis.record import GameRecord
from pachaprint.engine.analysis.report import SimulationReport
from pachaprint.engine.analysis.schedule import start
from pachaprint.engine.rules.log import game_log
from pachaprint.engine.rules.modes import new_game
from pachaprint.fileio import atomic_write_text
from pachaprint.model.scenario import Scenario


def log_name(config: SimulationConfig, item: tuple[int, int]) -> str:
    """``game-0007.json``; against the Otoma ``logician-hard-game-0007.json`` (a bot and a
    difficulty per run). Games count from 1."""
    run, index = config.runs[item[0]], item[1]
    if config.rules.has_otoma:
        return f"{run.bots[0]}-{run.difficulty}-game-{index + 1:04d}.json"
    return f"game-{index + 1:04d}.json"


def game_logs(
    scenario: Scenario, config: SimulationConfig, records: Sequence[GameRecord]
) -> Iterator[tuple[str, dict[str, Any]]]:
    """(file name, log) of every simulated game, in report order."""
    otoma = tuple(scenario.board.name(c) for c in otoma_start(scenario, config))
    for item, record in zip(config.work(), records, strict=True):
        state = new_game(scenario, game_config(config, item, otoma))
        history = record.history
        while len(state.history) < len(history) and not state.is_terminal():
            state.apply(history[len(state.history)])
        yield log_name(config, item), game_log(scenario, state, list(record.bots))


def write_game_logs(
    folder: str | Path, scenario: Scenario, config: SimulationConfig, records: Sequence[GameRecord]
) -> list[Path]:
    """Write every game's log into ``folder`` (made if missing; each file written atomically)."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, log in game_logs(scenario, config, records):
        written.append(atomic_write_text(target / name, json.dumps(log, indent=1) + "\n"))
    return written


def simulate_with_logs(
    scenario: Scenario,
    config: SimulationConfig,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
    workers: int = 0,
    *,
    folder: str | Path,
) -> SimulationReport:
    """:func:`~pachaprint.engine.analysis.simulate.simulate`, writing every game's log into
    ``folder`` too (the report is the same)."""
    keeping = replace(config, keep_history=True)
    pending = start(scenario, keeping, jobs, executor, workers)
    records = pending.records(progress)
    write_game_logs(folder, scenario, keeping, records)
    return pending.report(records)
