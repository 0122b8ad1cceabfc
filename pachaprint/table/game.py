"""The game the table's server holds: the state, who sits where, undo, and a saved game to replay.

A :class:`TableGame` keeps one :class:`~pachaprint.engine.rules.state.GameState`
(with its events, for people reading the game) and :attr:`~TableGame.known`:
every action of the game as far as anyone has played it. When the state has
played them all the game is *live*: the seat to play acts (a person through
:meth:`TableGame.act`, a bot through :meth:`TableGame.step`). A saved game
opens with more actions known than shown: then :meth:`TableGame.step` and
:meth:`TableGame.back` walk through it one decision at a time (a replay), and
when the walk reaches the end of an unfinished game, play goes on from there.

Undo takes back the last decision of a person, with every bot decision after
it, as long as nothing hidden has come to light since: once the wheel has
shown a terrain or a crop, or a tile with an arrow has turned up, the decision
stands, as it would at a real table (otherwise a player could divine, look,
undo and divine again).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pachaprint.engine.bots import CHEATING, HUMAN, Bot
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind
from pachaprint.engine.rules.config import ConfigError
from pachaprint.engine.rules.events import Event
from pachaprint.engine.rules.log import SavedGame
from pachaprint.engine.rules.modes import setup_game, start
from pachaprint.engine.rules.oracle import Wheel, WheelOracle
from pachaprint.engine.rules.state import GameState
from pachaprint.model.scenario import Scenario
from pachaprint.play.setup import PlayConfig


class TableError(Exception):
    """A request the game refuses (not the person's turn, nothing to undo...); ``status`` for HTTP."""

    def __init__(self, message: str, status: int = 409):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Snapshot:
    """What undo restores: the state before a person's decision, every bot's random state
    and its memory of the positions met (bots never loop: :mod:`~pachaprint.engine.bots.repeats`)."""

    state: GameState
    rngs: tuple[tuple[Any, ...] | None, ...]
    memories: tuple[Any, ...]


def is_decision(code: int) -> bool:
    """True for a seat's decision, False for a tile that turned up (chance)."""
    return A.kind_of(code) != Kind.TILE


class TableGame:
    """One game at the table (see the module documentation).

    ``wheel``: the hidden map the game asks (the scenario's by default; a test
    may give another one with the same open cells). A seat of a bot that reads the
    hidden map is refused (:class:`~pachaprint.engine.rules.config.ConfigError`).
    """

    def __init__(
        self,
        scenario: Scenario,
        play: PlayConfig,
        known: list[int] | None = None,
        wheel: Wheel | None = None,
    ):
        cheats = [kind for kind in play.seats if kind in CHEATING]
        if cheats:  # however the game came: the form, the command line, a saved game
            raise ConfigError(
                "seats", f"{cheats[0]}, a bot that reads the hidden map, cannot sit at the table"
            )
        self.scenario = scenario
        self.play = play
        self.wheel: Wheel = wheel or WheelOracle(scenario)
        self.game = setup_game(scenario, play.game, self.wheel)
        self.bots: list[Bot | None] = play.bots()
        self.state = start(self.game, record_events=True)
        self.known: list[int] = list(known) if known else list(self.state.history)
        self.undo_stack: list[Snapshot] = []
        self.moment = 0
        """Counts every change of what the table shows (the page names it to act on it)."""

    @classmethod
    def resumed(cls, saved: SavedGame, wheel: Wheel | None = None) -> TableGame:
        """A saved game: at its start to watch it when it is over, else where it was left."""
        play = PlayConfig.resuming(saved)
        game = cls(saved.scenario, play, saved.state.history, wheel)
        if not saved.state.is_terminal():
            game.forward_to(len(game.known))
        return game

    # -- who and where ------------------------------------------------------------------
    @property
    def kinds(self) -> list[str]:
        """``human`` or a bot name, per seat."""
        return list(self.play.seats)

    @property
    def live(self) -> bool:
        """True when the state shows every known action (play goes on from here)."""
        return len(self.state.history) >= len(self.known)

    @property
    def to_play(self) -> str | None:
        """``human`` or the bot's name of the seat to play; ``None`` when the game is over."""
        if self.state.is_terminal():
            return None
        return self.play.seats[self.state.current_player]

    @property
    def human_to_play(self) -> bool:
        """True when a person decides now (live, and the seat to play is a person's)."""
        return self.live and self.to_play == HUMAN

    def decisions(self) -> tuple[int, int]:
        """(decisions shown, decisions known): where a replay stands."""
        shown = sum(1 for code in self.state.history if is_decision(code))
        return shown, sum(1 for code in self.known if is_decision(code))

    # -- playing -----------------------------------------------------------------------------
    def act(self, code: int) -> list[Event]:
        """A person's decision for the seat to play; the events it caused."""
        if not self.live:
            raise TableError("this is a replay: go to its end to play on")
        if self.to_play != HUMAN:
            who = self.to_play or "nobody: the game is over"
            raise TableError(f"it is not a person's turn (the seat to play is {who})")
        if code not in self.state.legal_actions():
            raise TableError(f"{self.state.action_text(code)!r} is not legal now", 422)
        rngs = tuple(bot.rng.getstate() if bot else None for bot in self.bots)
        memories = tuple(bot.positions.memory() if bot else None for bot in self.bots)
        self.undo_stack.append(Snapshot(self.state.clone(), rngs, memories))
        return self._apply(code)

    def step(self) -> list[Event]:
        """One decision on: the next one of a replay, or the bot's whose turn it is."""
        if not self.live:
            return self._apply(self.known[len(self.state.history)])
        bot = None if self.state.is_terminal() else self.bots[self.state.current_player]
        if bot is None:
            raise TableError(
                "no bot is to play: the seat to play is a person's, or the game is over"
            )
        return self._apply(bot.decide(self.state))

    def _apply(self, code: int) -> list[Event]:
        state = self.state
        seen = len(state.events or [])
        live = self.live
        state.apply(code)
        if live:
            self.known = list(state.history)
        self.moment += 1
        return list((state.events or [])[seen:])

    # -- going back -----------------------------------------------------------------------
    def back(self) -> None:
        """One decision back in the game as known (nothing is forgotten: step goes forward again)."""
        shown, _ = self.decisions()
        if shown == 0:
            raise TableError("this is the start of the game")
        self.forward_to(self._index_of_decision(shown - 1))

    def forward_to(self, position: int) -> None:
        """Show the game after its first ``position`` known actions (a decision point)."""
        state = start(self.game, record_events=True)
        while len(state.history) < position:
            state.apply(self.known[len(state.history)])
        self.state = state
        self.moment += 1

    def to_start(self) -> None:
        self.forward_to(0)

    def to_end(self) -> None:
        self.forward_to(len(self.known))

    def _index_of_decision(self, number: int) -> int:
        """Index in :attr:`known` of decision ``number`` (0-based)."""
        count = -1
        for index, code in enumerate(self.known):
            if is_decision(code):
                count += 1
                if count == number:
                    return index
        return len(self.known)

    # -- undo ---------------------------------------------------------------------------------
    def undo_refusal(self) -> str | None:
        """Why undo is not possible now, or ``None`` when it is."""
        if not self.live:
            return "a replay has nothing to undo: it shows the game as it was played"
        if not self.undo_stack:
            return "no decision of a person to take back"
        before = self.undo_stack[-1].state
        state = self.state
        if (
            state.revealed != before.revealed
            or state.crop_mask != before.crop_mask
            or any(not is_decision(code) for code in state.history[len(before.history) :])
        ):
            return (
                "the wheel or a tile has shown something new since that decision; "
                "what the table has seen stays seen"
            )
        return None

    def undo(self) -> None:
        """Back to the last decision of a person (see the module documentation)."""
        reason = self.undo_refusal()
        if reason is not None:
            raise TableError(f"cannot undo: {reason}")
        snapshot = self.undo_stack.pop()
        self.state = snapshot.state
        for bot, rng_state, memory in zip(self.bots, snapshot.rngs, snapshot.memories, strict=True):
            if bot is not None and rng_state is not None:
                bot.rng.setstate(rng_state)
                bot.positions.recall(memory)
        self.known = list(self.state.history)
        self.moment += 1
