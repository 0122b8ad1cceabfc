"""One table session: the disc it was given, the game on it, and the saved games beside it.

A :class:`TableSession` is what the server holds for its one page: the
scenario, the current :class:`~pachaprint.table.game.TableGame`, and the
:class:`~pachaprint.web.workspace.Workspace` of the folder the scenario (or
saved game) was opened from, the only place games are saved to and opened
from. A lock keeps requests one at a time. Every answer about the game is
made by :mod:`~pachaprint.table.seen`; a saved game's file (which holds the
whole map) never leaves the server.
"""

from __future__ import annotations

import json
import secrets
import threading
from dataclasses import dataclass
from typing import Any

from pachaprint.check.load import MAX_BYTES
from pachaprint.engine.bots import FAIR_BOTS, HUMAN
from pachaprint.engine.rules.config import (
    OTOMA_PAWNS,
    PLAYER_COLOURS,
    ConfigError,
    Mode,
)
from pachaprint.engine.rules.events import Event
from pachaprint.engine.rules.log import LogError, game_log, parse_log, replay
from pachaprint.engine.rules.modes import MODES
from pachaprint.engine.rules.oracle import Wheel
from pachaprint.model.scenario import Scenario
from pachaprint.play.setup import PlayConfig
from pachaprint.table import seen
from pachaprint.table.game import TableError, TableGame
from pachaprint.web.workspace import Workspace, WorkspaceError

Answer = dict[str, Any]


@dataclass(frozen=True)
class NewGame:
    """A game to set up: the words of the setup form or the command line."""

    mode: str = "competitive"
    seats: tuple[str, ...] = (HUMAN, HUMAN)
    difficulty: str | None = None
    colour: str | None = None
    otoma: str | None = None
    seed: int | None = None

    def config(self, scenario: Scenario) -> PlayConfig:
        """The game's configuration (:class:`ConfigError` naming the setting); the Otoma start
        on the disc's cells, or, when it names none, where the players place them in the
        game (the first decisions)."""
        seed = self.seed if self.seed is not None else fresh_seed()
        return PlayConfig.parse(
            self.mode, ",".join(self.seats), self.difficulty, self.otoma, self.colour, seed
        )


def fresh_seed() -> int:
    """A seed for a game nobody gave one: 63 random bits. The page never sees a game's
    seed, and this many seeds cannot be tried one by one against what the table shows
    to find the hidden deal."""
    return secrets.randbelow(1 << 63)


def usable_modes(scenario: Scenario) -> list[str]:
    """The modes this disc can be played in: solo and co-op need a long disc with five start cells."""
    if scenario.size == "long" and len(scenario.start_cells) >= OTOMA_PAWNS:
        return [rules.mode.value for rules in MODES]
    return [rules.mode.value for rules in MODES if not rules.has_otoma]


class TableSession:
    """The server's side of the table (see the module documentation)."""

    def __init__(self, workspace: Workspace, game: TableGame, wheel: Wheel | None = None):
        self.workspace = workspace
        self.game = game
        self.wheel = wheel
        """The hidden map given to every game of the session (tests); ``None``: the disc's."""
        self.lock = threading.Lock()

    @property
    def scenario(self) -> Scenario:
        return self.game.scenario

    # -- reading -------------------------------------------------------------------------------
    def setup(self) -> Answer:
        """What the setup form offers for this disc."""
        scenario = self.scenario
        return {
            "scenario": {"name": scenario.name, "id": scenario.id, "size": scenario.size},
            "modes": usable_modes(scenario),
            "headings": {rules.mode.value: rules.heading for rules in MODES},
            "colour_modes": [rules.mode.value for rules in MODES if rules.chooses_colour],
            "difficulties": {rules.mode.value: list(rules.difficulties) for rules in MODES},
            "default_difficulty": {rules.mode.value: rules.default_difficulty for rules in MODES},
            "seats": {rules.mode.value: list(rules.seat_counts) for rules in MODES},
            "players": [HUMAN, *FAIR_BOTS],
            "colours": list(PLAYER_COLOURS),
            "folder": str(self.workspace.root),
            "bases": seen.bases(scenario.size),
        }

    def table(self) -> Answer:
        with self.lock:
            return seen.table(self.game)

    # -- playing -------------------------------------------------------------------------------
    def _replace(self, game: TableGame) -> None:
        """Put another game on the table; its moments go on from the last one's, so that the
        page never mistakes one game's moment for another's."""
        game.moment += self.game.moment + 1
        self.game = game

    def _moved(self, moment: object) -> None:
        if moment != self.game.moment:
            raise TableError("the table has changed since the page last looked; it shows it now")

    def _after(self, events: list[Event]) -> Answer:
        return {"story": seen.story(self.game, events), "table": seen.table(self.game)}

    def act(self, moment: object, code: object) -> Answer:
        with self.lock:
            self._moved(moment)
            if not isinstance(code, int) or isinstance(code, bool):
                raise TableError("action must be a whole number: the engine's action code", 400)
            return self._after(self.game.act(code))

    def step(self, moment: object) -> Answer:
        with self.lock:
            self._moved(moment)
            return self._after(self.game.step())

    def back(self, moment: object) -> Answer:
        with self.lock:
            self._moved(moment)
            self.game.back()
            return self._after([])

    def jump(self, moment: object, where: object) -> Answer:
        with self.lock:
            self._moved(moment)
            if where == "start":
                self.game.to_start()
            elif where == "end":
                self.game.to_end()
            else:
                raise TableError("jump to the start or the end", 400)
            return self._after([])

    def undo(self, moment: object) -> Answer:
        with self.lock:
            self._moved(moment)
            self.game.undo()
            return self._after([])

    def new_game(self, body: dict[str, Any]) -> Answer:
        """A new game of the same disc, set up as the form says."""
        seats = body.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise TableError('seats must be a list such as ["human", "logician"]', 400)
        words = NewGame(
            _word(body, "mode") or Mode.COMPETITIVE.value,
            tuple(seats),
            _word(body, "difficulty"),
            _word(body, "colour"),
            None,
            _seed(body.get("seed")),
        )
        with self.lock:
            try:
                play = words.config(self.scenario)
                game = TableGame(self.scenario, play, wheel=self.wheel)
            except ConfigError as exc:
                raise TableError(f"{exc.setting}: {exc}", 422) from None
            except ValueError as exc:
                raise TableError(str(exc), 422) from None
            self._replace(game)
            return self._after(game.state.events or [])

    def new_disc(self, scenario: Scenario) -> Answer:
        """Put another disc on the table, with a game set up as :class:`NewGame` says by default
        (the page then offers the setup form)."""
        with self.lock:
            self._replace(TableGame(scenario, NewGame().config(scenario)))
            return self._after(self.game.state.events or [])

    # -- saved games -------------------------------------------------------------------------------
    def saves(self) -> Answer:
        """The saved games in the folder (names and what a person may know of them)."""
        found = []
        for name in self.workspace.names():
            log = self._log_or_none(name)
            if log is None:
                continue
            result = log.get("result") or {}
            config = log.get("config") or {}
            scenario = log.get("scenario") or {}
            found.append(
                {
                    "file": name,
                    "scenario": str(scenario.get("name", "")),
                    "mode": str(config.get("mode", "competitive")),
                    "seats": [str(s) for s in log.get("seats") or []],
                    "decisions": len(log.get("actions") or []),
                    "over": bool(result.get("over")),
                }
            )
        return {"folder": str(self.workspace.root), "saves": found}

    def _log_or_none(self, name: str) -> dict[str, Any] | None:
        try:
            raw = self.workspace.read(name)
            return parse_log(raw) if len(raw) <= MAX_BYTES else None
        except (WorkspaceError, LogError):
            return None

    def save(self, name: object) -> Answer:
        """Write the game's log into the folder (never over a file that is not a game log)."""
        with self.lock:
            self.workspace.path_of(name)
            assert isinstance(name, str)
            old = self.workspace.read(name) if self.workspace.exists(name) else None
            if old is not None and self._log_or_none(name) is None:
                raise TableError(f"{name} exists and is not a saved game: choose another name")
            game = self.game
            text = json.dumps(game_log(game.scenario, game.state, game.kinds), indent=1) + "\n"
            if old is None:
                self.workspace.create(name, text)
            else:  # compare-and-swap: a file changed meanwhile is left as it is (409)
                self.workspace.replace(name, text, expected=old)
            return {"file": name, "saved": True}

    def open(self, name: object) -> Answer:
        """Open a saved game of the folder: to watch it from the start when it is over, else
        to play on where it was left."""
        with self.lock:
            self.workspace.path_of(name)
            assert isinstance(name, str)
            return self._resume(name, self.workspace.read(name))

    def open_text(self, name: object, text: object) -> Answer:
        """Open a saved game from its text (a file the person picked, never stored)."""
        if not isinstance(text, str):
            raise TableError("text must be the saved game's JSON text", 400)
        label = name if isinstance(name, str) and name else "the file"
        with self.lock:
            return self._resume(label, text.encode("utf-8"))

    def _resume(self, name: str, raw: bytes) -> Answer:
        try:
            if len(raw) > MAX_BYTES:
                raise LogError("the file is too big for a game log")
            saved = replay(parse_log(raw), record_events=True)
            self._replace(TableGame.resumed(saved, self.wheel))
        except (LogError, ConfigError) as exc:
            raise TableError(f"{name}: cannot open this game: {exc}", 422) from None
        return self._after([])

    def saved_text(self) -> str:
        """The game's log as :meth:`save` writes it (the whole map: a saved game resumes)."""
        with self.lock:
            game = self.game
            return json.dumps(game_log(game.scenario, game.state, game.kinds), indent=1) + "\n"

    def fresh_name(self) -> str:
        """A file name for a new save that no file in the folder has."""
        taken = set(self.workspace.names())
        number = 1
        while f"{self.scenario.id}-game-{number}.json" in taken:
            number += 1
        return f"{self.scenario.id}-game-{number}.json"


def _word(body: dict[str, Any], key: str) -> str | None:
    value = body.get(key)
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise TableError(f"{key} must be a word", 400)
    return value


def _seed(value: object) -> int | None:
    if value is None or value == "":
        return None  # a fresh one (NewGame.config)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 63:
        raise TableError("seed must be a whole number from 0, such as 42", 400)
    return value
