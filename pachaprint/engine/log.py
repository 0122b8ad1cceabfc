"""Game logs: a game saved as its actions, replayed to the identical state.

A log is JSON::

    {"format": "pachaprint-game/1", "scenario": {...the scenario file...},
     "players": 2, "seats": ["human", "logician"], "seed": 7, "first_player": 1,
     "actions": ["enter a1", "move c3 e3", "divine c3 4", "offer 1 2", "pass"],
     "result": {"scores": [31, 28], "ranking": [1, 2], "over": true}}

Only choices are logged; forced steps (skips, an Offer step without tokens)
follow from the rules on replay. ``result`` is checked when replaying.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pachaprint.check.validate import validate_data
from pachaprint.engine.actions import format_action, parse_action
from pachaprint.engine.state import GameState
from pachaprint.model.scenario import Scenario

LOG_FORMAT = "pachaprint-game/1"


class Playable(Protocol):
    """A game state of any mode, as far as a replay needs it."""

    def apply(self, code: int) -> Any: ...


State = TypeVar("State", bound=Playable)


class LogError(ValueError):
    """A log that cannot be replayed (bad format, illegal action, result mismatch)."""


def game_log(
    scenario: Scenario, state: GameState, seats: Sequence[str] = (), seed: int | None = None
) -> dict[str, Any]:
    """The log mapping of a game in progress or finished."""
    board = state.board
    return {
        "format": LOG_FORMAT,
        "scenario": scenario.to_dict(),
        "players": state.players,
        "seats": list(seats) or ["?"] * state.players,
        "seed": seed,
        "first_player": state.first_player,
        "actions": [format_action(board, code) for code in state.history],
        "result": {
            "scores": list(state.score),
            "ranking": state.ranking(),
            "over": state.is_terminal(),
        },
    }


def save_log(
    path: str | Path,
    scenario: Scenario,
    state: GameState,
    seats: Sequence[str] = (),
    seed: int | None = None,
) -> None:
    """Write the log of ``state`` to ``path`` (via a temporary file, then rename)."""
    write_log(path, game_log(scenario, state, seats, seed))


def write_log(path: str | Path, log: dict[str, Any]) -> None:
    """Write a log mapping (of any mode) to ``path`` as JSON, via a temporary file, then rename."""
    path = Path(path)
    text = json.dumps(log, indent=1) + "\n"
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def replay(log: dict[str, Any], record_events: bool = False) -> tuple[Scenario, GameState]:
    """Rebuild the game of a log mapping; :class:`LogError` if it does not replay."""
    if not isinstance(log, dict) or log.get("format") != LOG_FORMAT:
        raise LogError(f"not a game log (format must be {LOG_FORMAT!r})")
    scenario, state = replay_actions(
        log,
        lambda scenario: GameState.new(
            scenario, int(log["players"]), int(log["first_player"]), record_events
        ),
        lambda state, text: parse_action(state.board, text),
    )
    result = log.get("result")
    if isinstance(result, dict) and "scores" in result and list(result["scores"]) != state.score:
        raise LogError(f"replayed scores {state.score} differ from the logged {result['scores']}")
    return scenario, state


def replay_actions(
    log: dict[str, Any], start: Callable[[Scenario], State], parse: Callable[[State, str], int]
) -> tuple[Scenario, State]:
    """The logged scenario and its game: ``start(scenario)`` sets it up, then every logged action
    (``parse(state, text)`` -> action code) is applied; :class:`LogError` if either fails."""
    if not isinstance(log, dict) or not isinstance(log.get("scenario"), dict):
        raise LogError('not a game log: expected an object with a "scenario" object')
    report = validate_data(log["scenario"], "the logged scenario", difficulty=False)
    if not report.valid:
        problem = report.errors[0]
        raise LogError(f"the logged scenario is not valid: {problem.rule.value}: {problem.message}")
    actions = log.get("actions", [])
    if not isinstance(actions, list):
        raise LogError('"actions" must be a list of actions such as "move c3 e3"')
    try:
        scenario = Scenario.from_dict(log["scenario"])
        state = start(scenario)
    except (KeyError, TypeError, ValueError) as exc:
        raise LogError(f"cannot set up the logged game: {exc}") from None
    for number, text in enumerate(actions, start=1):
        try:
            state.apply(parse(state, str(text)))
        except ValueError as exc:
            raise LogError(f"action {number} ({text!r}): {exc}") from None
    return scenario, state


def load_log(path: str | Path, record_events: bool = False) -> tuple[Scenario, GameState]:
    """Read and replay a log file."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise LogError(f"{path}: not JSON (line {exc.lineno}, column {exc.colno})") from None
    except UnicodeDecodeError:
        raise LogError(f"{path}: not a game log (not UTF-8 text)") from None
    return replay(data, record_events)
