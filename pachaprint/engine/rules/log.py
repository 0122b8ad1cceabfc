"""Game logs: a game saved as its setup and its actions, replayed to the identical state.

A log is JSON (``pachaprint-game/3``, every mode)::

    {"format": "pachaprint-game/3", "scenario": {...the scenario file...},
     "config": {"mode": "solo", "players": 1, "difficulty": "hard", "otoma": null,
                "colour": "brown", "seed": 7, "first_player": null, "tiles_seed": null},
     "seats": ["human"],
     "actions": ["tile forest F03", "tile valley V10", "enter b1", "otoma yellow", "pass"],
     "result": {"scores": [31, 40], "over": true, "ending": "finished", "winners": []}}

``actions`` are the game's history: every decision, and every tile that
turned up (a chance outcome, which the seed's deck must agree with on
replay). Decisions without a choice follow from the rules; the choices the
rules leave to the players are decisions too (``place yellow d1``: where an
Otoma pawn starts on a disc that names no cells; ``hand 2``: which hand gives a
co-op tile). Logs of the formats before it still replay: ``pachaprint-game/2``
(the same, where the engine made those choices by the bots' rule, as it still
does for them), ``pachaprint-game/1`` (competitive) and
``pachaprint-versus-game/1`` (solo and co-op, with the seed of the tiles).

A log is read defensively (:func:`read_log`): at most :data:`MAX_LOG_BYTES`,
strict JSON, then the log schema (``schemas/game-log.schema.json``), the
scenario's own checks, the configuration and every action, each failure a
:class:`LogError` in words.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pachaprint.check.load import parse_text
from pachaprint.check.validate import validate_data
from pachaprint.engine.rules.config import GameConfig, Mode
from pachaprint.engine.rules.modes import new_game
from pachaprint.engine.rules.state import GameState
from pachaprint.fileio import atomic_write_text
from pachaprint.model.scenario import Scenario
from pachaprint.model.text import pointer
from pachaprint.resources import schemas_dir

if TYPE_CHECKING:  # (jsonschema loads when a log is read, not with the engine: the site's table)
    import jsonschema

LOG_FORMAT = "pachaprint-game/3"
GAME_V2 = "pachaprint-game/2"
"""Format 2, which format 3 extends: the same fields, but no decision where the rules
leave a choice to the players (which hand gives a co-op tile), which the engine made by
the bots' rule; such a game replays with the rule (``GameConfig.choices_by_rule``)."""
COMPETITIVE_V1 = "pachaprint-game/1"
VERSUS_V1 = "pachaprint-versus-game/1"
MAX_LOG_BYTES = 4 << 20
"""Logs above 4 MiB are refused unread: a whole game is a few kilobytes."""

_WHAT = {
    "actions": 'a list of actions such as "move c3 e3"',
    "seats": 'a list of seats such as "human" or "logician"',
    "scenario": "a scenario (an object)",
    "config": "the game's configuration (an object with mode, players and seed)",
    "result": "an object with the final scores",
}


class LogError(ValueError):
    """A log that cannot be replayed (not JSON, bad format, illegal action, result mismatch)."""


@dataclass(frozen=True)
class SavedGame:
    """A replayed log: its scenario, configuration, seats and the game at its last action."""

    scenario: Scenario
    config: GameConfig
    seats: list[str]
    state: GameState


def game_log(scenario: Scenario, state: GameState, seats: list[str]) -> dict[str, Any]:
    """The log mapping of a game in progress or finished."""
    config = state.config
    outcome = state.outcome()
    return {
        "format": GAME_V2 if config.choices_by_rule else LOG_FORMAT,
        "scenario": scenario.to_dict(),
        "config": {
            "mode": config.mode.value,
            "players": config.players,
            "difficulty": config.difficulty,
            "otoma": list(config.otoma) if config.otoma else None,
            "colour": config.colour,
            "seed": config.seed,
            "first_player": config.first_player,
            "tiles_seed": config.tiles_seed,
        },
        "seats": list(seats),
        "actions": [state.action_text(code) for code in state.history],
        "result": {
            "scores": list(state.score),
            "over": state.is_terminal(),
            "ending": outcome.ending.value if outcome else None,
            "winners": list(outcome.winners) if outcome else [],
        },
    }


def save_log(path: str | Path, scenario: Scenario, state: GameState, seats: list[str]) -> None:
    """Write the log of ``state`` to ``path`` atomically (``OSError`` when it cannot be written)."""
    text = json.dumps(game_log(scenario, state, seats), indent=1) + "\n"
    atomic_write_text(path, text)


def read_log(path: str | Path) -> dict[str, Any]:
    """The JSON object of a log file, checked against the log schema; :class:`LogError` otherwise.

    ``OSError`` propagates (a missing or unreadable file is the caller's usage error).
    """
    path = Path(path)
    size = path.stat().st_size
    if size > MAX_LOG_BYTES:
        raise LogError(f"the file is {size:,} bytes; a game log is at most {MAX_LOG_BYTES:,} bytes")
    with open(path, "rb") as handle:
        return parse_log(handle.read(MAX_LOG_BYTES + 1))


def parse_log(raw: bytes) -> dict[str, Any]:
    """The JSON object of a log's bytes, checked against the log schema; :class:`LogError` otherwise."""
    if len(raw) > MAX_LOG_BYTES:
        raise LogError(f"the file is over {MAX_LOG_BYTES:,} bytes, too big for a game log")
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LogError("not a game log (not UTF-8 text)") from None
    try:
        data, problems = parse_text(text)
    except ValueError as exc:  # e.g. an integer beyond Python's digit limit
        raise LogError(f"not a game log: {str(exc)[:120]}") from None
    if problems:
        raise LogError(f"not a game log: {problems[0].message}")
    return check_log(data)


@cache
def _validator() -> jsonschema.protocols.Validator:
    import jsonschema

    schema = json.loads((schemas_dir() / "game-log.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def check_log(data: Any) -> dict[str, Any]:
    """``data`` as a log whose every number is a Python ``int``; :class:`LogError` naming the
    first JSON pointer where ``data`` breaks the log schema.

    A log holds whole numbers only, and JSON Schema's ``integer`` takes ``7.0``,
    ``-0.0`` and ``1e18`` too: such a number is read as the ``int`` it spells,
    so a log loads alike in compiled and interpreted builds (a ``float`` never
    reaches the engine's ``int`` fields).
    """
    if not isinstance(data, dict):
        raise LogError("not a game log: expected a JSON object")
    if data.get("format") not in (LOG_FORMAT, GAME_V2, COMPETITIVE_V1, VERSUS_V1):
        older = f"{GAME_V2!r}, {COMPETITIVE_V1!r} or {VERSUS_V1!r}"
        raise LogError(
            f"not a game log (format must be {LOG_FORMAT!r}, or {older} of earlier versions)"
        )
    deep = _too_deep(data)
    if deep is not None:
        raise LogError(
            f"{pointer(deep)}: nested more than {MAX_DEPTH} levels deep; a game log is a "
            "few levels deep"
        )
    errors = sorted(_validator().iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])
    if errors:
        error = errors[0]
        path = list(error.absolute_path)
        where = pointer(path) or "(top level)"
        top = str(path[0]) if path else ""
        if top in _WHAT and (len(path) == 1 or error.validator in ("type", "maxItems")):
            raise LogError(f"{where}: {json.dumps(top)} must be {_WHAT[top]}")
        raise LogError(f"{where}: {error.message[:160]}")
    whole = _whole_numbers(data)
    assert isinstance(whole, dict)
    return whole


MAX_DEPTH = 16
"""Lists and objects nest at most this deep in a log (a log is five levels deep at most);
deeper values are refused before the schema is checked, whose messages would recurse."""


def _too_deep(value: Any) -> list[str | int] | None:
    """The path of the first list or object nested deeper than :data:`MAX_DEPTH` in
    ``value``, or ``None`` (found without recursion)."""
    todo: list[tuple[Any, list[str | int]]] = [(value, [])]
    while todo:
        item, path = todo.pop()
        if len(path) > MAX_DEPTH:
            return path
        if isinstance(item, dict):
            todo.extend((inner, [*path, key]) for key, inner in item.items())
        elif isinstance(item, list):
            todo.extend((inner, [*path, index]) for index, inner in enumerate(item))
    return None


def _whole_numbers(value: Any) -> Any:
    """A copy of ``value`` with every float that is a whole number made the ``int`` it is
    (the schema has refused any other float where a number belongs). It walks without
    recursion: a value nested as deep as JSON allows is no error."""
    root = [value]
    todo: list[tuple[Any, Any]] = [(root, 0)]
    while todo:
        container, key = todo.pop()
        item = container[key]
        if isinstance(item, float) and item.is_integer():
            container[key] = int(item)
        elif isinstance(item, dict):
            container[key] = copied = dict(item)
            todo.extend((copied, inner) for inner in copied)
        elif isinstance(item, list):
            container[key] = copied_list = list(item)
            todo.extend((copied_list, index) for index in range(len(copied_list)))
    return root[0]


def config_of(log: dict[str, Any]) -> GameConfig:
    """The :class:`GameConfig` a (schema-checked) log was played with."""
    fmt = log["format"]
    if fmt == COMPETITIVE_V1:
        return GameConfig(
            Mode.COMPETITIVE,
            log["players"],
            seed=log.get("seed") or 0,
            first_player=log["first_player"],
            choices_by_rule=True,
        )
    if fmt == VERSUS_V1:
        mode = Mode(log["mode"])
        return GameConfig(
            mode,
            log["players"],
            log["difficulty"],
            tuple(log["otoma"]),
            log.get("colour", "brown"),
            log.get("seed") or 0,
            first_player=log["first_player"] if mode is Mode.COOP else None,
            tiles_seed=log["tiles_seed"],
            choices_by_rule=True,
        )
    config = log["config"]
    otoma = config.get("otoma")
    return GameConfig(
        Mode(config["mode"]),
        config["players"],
        config.get("difficulty"),
        tuple(otoma) if otoma else None,
        config.get("colour", "brown"),
        config["seed"],
        first_player=config.get("first_player"),
        tiles_seed=config.get("tiles_seed"),
        choices_by_rule=fmt == GAME_V2,
    )


def replay(log: Any, record_events: bool = False) -> SavedGame:
    """Rebuild the game of a log mapping; :class:`LogError` if it does not replay."""
    log = check_log(log)
    report = validate_data(log["scenario"], "the logged scenario", difficulty=False)
    if not report.valid or report.scenario is None:
        problem = report.errors[0]
        raise LogError(f"the logged scenario is not valid: {problem.rule.value}: {problem.message}")
    scenario = report.scenario
    try:
        config = config_of(log)
        state = new_game(scenario, config, record_events=record_events)
    except ValueError as exc:
        raise LogError(f"cannot set up the logged game: {exc}") from None
    tiles_logged = log["format"] in (LOG_FORMAT, GAME_V2)
    for number, text in enumerate(log["actions"], start=1):
        try:
            code = state.parse(text)
            if tiles_logged and number <= len(state.history):
                if code != state.history[number - 1]:
                    seen = state.action_text(state.history[number - 1])
                    raise ValueError(f"the game's seed turns up {seen!r} here")
                continue
            state.apply(code)
        except ValueError as exc:
            raise LogError(f"action {number} ({text!r}): {exc}") from None
    _check_result(log, state)
    seats = [str(s) for s in log.get("seats") or []]
    return SavedGame(scenario, config, seats, state)


def _check_result(log: dict[str, Any], state: GameState) -> None:
    result = log.get("result") or {}
    if log["format"] == VERSUS_V1:
        logged = [result.get("score"), result.get("otoma_score")] if "score" in result else None
    else:
        logged = result.get("scores")
    if logged is not None and list(logged) != state.score:
        raise LogError(f"replayed scores {state.score} differ from the logged {list(logged)}")


def load_log(path: str | Path, record_events: bool = False) -> SavedGame:
    """Read and replay a log file (:class:`LogError` for a bad log; ``OSError`` propagates)."""
    return replay(read_log(path), record_events)
