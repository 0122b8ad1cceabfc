"""The terminal game of every mode: people (hot-seat) and bots at one table.

:func:`run_game` reads commands line by line from any text stream and writes
to any other, so a game can be scripted (the tests drive it so) or played at a
terminal. A person's line is a game action (``enter CELL``, ``move FROM TO``,
``retrieve CELL``, ``divine CELL LEVEL``, ``offer [LEVEL...]``, ``pass``,
``otoma PAWN``, ``spend TERRAIN``) or one of ``actions``, ``board``, ``undo``,
``save FILE``, ``help`` and ``quit``; bots act on their own. What is shown
comes from :mod:`pachaprint.terminal.display`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from pachaprint.engine.bots import BOT_NAMES, HUMAN, Bot, make_bot
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind
from pachaprint.engine.rules.config import ConfigError, GameConfig, Mode, check_seats
from pachaprint.engine.rules.game import draw_setup
from pachaprint.engine.rules.log import SavedGame, save_log
from pachaprint.engine.rules.modes import new_game
from pachaprint.engine.rules.state import GameState
from pachaprint.model.scenario import Scenario
from pachaprint.terminal import display


def seats_for(
    mode: Mode,
    seats: str | None,
    line_up: tuple[str, ...] | None = None,
    bots: tuple[str, ...] = BOT_NAMES,
) -> tuple[str, ...]:
    """The seats of a game from ``human,logician``-style words, each ``human`` or one of
    ``bots``, or from a number of seats (``3``): the default line-up with its last entry
    repeated. The default line-up is ``line_up``, else a person against a logician (a
    person alone in solo); without ``seats``, it is the game's seats.
    :class:`~pachaprint.engine.rules.config.ConfigError` (setting ``players``) otherwise."""
    default = line_up or (("human",) if mode is Mode.SOLO else ("human", "logician"))
    if seats is None:
        return default
    if re.fullmatch(r"\s*[0-9]+\s*", seats):
        count = check_seats(mode, int(seats))
        return (default + (default[-1],) * count)[:count]
    names = tuple(s.strip().lower() for s in seats.split(",") if s.strip())
    for name in names:
        if name != HUMAN and name not in bots:
            what = "cannot sit here" if name in BOT_NAMES else "is neither a person nor a bot"
            raise ConfigError(
                "players", f"{name!r} {what} (choose from {', '.join((HUMAN, *bots))})"
            )
    return names


@dataclass(frozen=True)
class PlayConfig:
    """A game for the terminal: its :class:`~pachaprint.engine.rules.config.GameConfig` and who sits
    at each seat (``human`` or a bot name)."""

    game: GameConfig
    seats: tuple[str, ...]

    @classmethod
    def parse(
        cls,
        mode: str | None = None,
        players: str | None = None,
        difficulty: str | None = None,
        otoma: str | None = None,
        colour: str | None = None,
        seed: int | None = None,
    ) -> PlayConfig:
        """A new game from command-line words (``players``, ``otoma``: comma-separated); a
        fresh random seed without one. :class:`~pachaprint.engine.rules.config.ConfigError` otherwise."""
        game_mode = Mode.parse(mode or Mode.COMPETITIVE.value)
        seats = seats_for(game_mode, players)
        if difficulty is not None and "," in difficulty:
            raise ConfigError("difficulty", "name one difficulty to play")
        if colour is not None and game_mode is not Mode.SOLO:
            raise ConfigError(
                "colour", "applies to --mode solo only (co-op seats have fixed colours)"
            )
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        cells = tuple(c.strip().lower() for c in otoma.split(",") if c.strip()) if otoma else None
        game = GameConfig(game_mode, len(seats), difficulty, cells, colour or "brown", seed)
        return cls(game, seats)

    @classmethod
    def resuming(cls, saved: SavedGame, players: str | None = None, **given: object) -> PlayConfig:
        """Going on with a saved game: its configuration and seats (``players`` may name others).
        Any other setting in ``given`` is a :class:`~pachaprint.engine.rules.config.ConfigError`."""
        for setting, value in given.items():
            if value is not None:
                raise ConfigError(setting, "comes from the saved game when resuming")
        config = saved.config
        kinds = [s for s in saved.seats if s == HUMAN or s in BOT_NAMES]
        if players is not None:
            seats = seats_for(config.mode, players)
        elif len(kinds) == config.players:
            seats = tuple(kinds)
        else:
            seats = seats_for(config.mode, None)
        check_seats(config.mode, len(seats))
        if len(seats) != config.players:
            raise ConfigError(
                "players", f"the saved game has {config.players} seats, not {len(seats)}"
            )
        return cls(config, seats)


@dataclass
class Table:
    """The game, who sits at it, and what ``undo`` restores."""

    scenario: Scenario
    state: GameState
    kinds: list[str]
    """``human`` or a bot name, per seat."""
    bots: list[Bot | None]
    out: TextIO
    color: bool = False
    undo_stack: list[tuple[GameState, list[tuple[object, ...] | None], int]] = field(
        default_factory=list
    )

    def write(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def seat_name(self, seat: int) -> str:
        return display.seat_name(self.state, seat, self.kinds)

    def remember(self, shown: int) -> None:
        """The state and every bot's random state, before a person's decision."""
        rngs: list[tuple[object, ...] | None] = [
            bot.rng.getstate() if bot else None for bot in self.bots
        ]
        self.undo_stack.append((self.state.clone(), rngs, shown))

    def take_back(self) -> int:
        """Back to the last person's decision; the events already told."""
        self.state, rngs, shown = self.undo_stack.pop()
        for bot, rng_state in zip(self.bots, rngs, strict=True):
            if bot is not None and rng_state is not None:
                bot.rng.setstate(rng_state)
        self.write(f"Undone: back to {self.seat_name(self.state.current_player)}'s decision.")
        return shown


def printer(stdout: TextIO, color: bool) -> Callable[[str], object]:
    """Writes a board: plain text, or rich markup rendered in colour."""
    if not color:
        return lambda text: stdout.write(text + "\n")
    from rich.console import Console

    console = Console(file=stdout, highlight=False, force_terminal=True)
    return console.print


def run_table(table: Table, stdin: TextIO, echo: bool = False, shown: int = 0) -> None:
    """Play until the game is over, the input ends or a person quits; events after the
    first ``shown`` are told as they happen. With ``echo`` every line read is written
    back (a scripted game reads as a transcript)."""
    show_board = printer(table.out, table.color)
    board_shown_for: tuple[int, int] | None = None
    while True:
        state = table.state
        events = state.events or []
        for event in events[shown:]:
            text = display.event_text(state, event, table.kinds)
            if text:
                table.write(text)
        shown = len(events)
        if state.is_terminal():
            show_board(display.render_board(state, table.color))
            table.write(display.render_status(state, table.kinds))
            table.write(display.summary(state, table.kinds))
            return
        seat = state.current_player
        bot = table.bots[seat]
        if bot is not None:
            code = bot.decide(state)
            table.write(f"{table.seat_name(seat)}: {state.action_text(code)}")
            state.apply(code)
            continue
        if board_shown_for != (len(state.history), seat):
            show_board(display.render_board(state, table.color))
            table.write(display.render_status(state, table.kinds))
            board_shown_for = (len(state.history), seat)
        table.write(f"{table.seat_name(seat)}, {display.prompt(state)}:")
        line = stdin.readline()
        if not line:
            table.write("End of input: the game is left unfinished.")
            return
        if echo:
            table.write(f"> {display.printable(line.strip())}")
        text = line.strip().lower()
        if not text:
            continue
        if text in ("help", "?"):
            table.write(display.help_text(state))
        elif text in ("actions", "list"):
            table.write(display.describe_actions(state))
        elif text == "board":
            board_shown_for = None
            table.write(display.legend(state))
        elif text in ("quit", "exit"):
            table.write("You leave the game.")
            return
        elif text == "undo":
            if not table.undo_stack:
                table.write("Nothing to undo.")
            else:
                shown = table.take_back()
                board_shown_for = None
        elif text.split()[0] == "save":
            _save(table, line.split(maxsplit=1)[1:])
        else:
            _play(table, state, text, shown)


def _save(table: Table, args: list[str]) -> None:
    if not args:
        table.write("usage: save FILE")
        return
    path = args[0].strip()
    try:
        save_log(path, table.scenario, table.state, table.kinds)
        table.write(f"Game saved to {display.printable(path)}.")
    except OSError as exc:
        table.write(f"Cannot save: {display.printable(str(exc.strerror or exc))}")


def _play(table: Table, state: GameState, text: str, shown: int) -> None:
    try:
        code = state.parse(text)
    except ValueError as exc:
        message = display.printable(str(exc))
        table.write(f"{message}. Type 'help' for the commands or 'actions' for your choices.")
        return
    if code not in state.legal_actions():
        table.write(
            f"'{display.printable(text)}' is not legal now. Your choices:\n{display.describe_actions(state)}"
        )
        return
    table.remember(shown)
    state.apply(code)


def run_game(
    scenario: Scenario,
    play: PlayConfig,
    stdin: TextIO,
    stdout: TextIO,
    color: bool = False,
    echo: bool = False,
    resume: SavedGame | None = None,
) -> GameState:
    """Play a game at the terminal (or from a script); returns the final (or left) state.

    The configuration's seed fixes the first player, the tiles and every bot
    choice. ``resume`` goes on with a game replayed from a log (with events).
    """
    config, seats = play.game, play.seats
    _, _, rng = draw_setup(config)
    bots = [
        None if kind == HUMAN else make_bot(kind, random.Random(rng.getrandbits(64)), config.mode)
        for kind in seats
    ]
    state = resume.state if resume is not None else new_game(scenario, config, record_events=True)
    table = Table(scenario, state, list(seats), bots, stdout, color)
    parts = [config.mode.value, *([config.level] if config.level else [])]
    if config.mode is not Mode.SOLO:
        parts.append(f"{config.players} players")
    decisions = sum(1 for code in state.history if A.kind_of(code) != Kind.TILE)
    plural = "" if decisions == 1 else "s"
    resuming = f"; resuming after {decisions} decision{plural}" if resume else ""
    table.write(
        f"{display.printable(scenario.name)} ({', '.join(parts)}); seed {config.seed}{resuming}."
    )
    if resume is None and config.mode is not Mode.SOLO:
        table.write(f"{table.seat_name(state.first_player)} starts.")
    if state.otoma is not None:
        cells = ", ".join(scenario.board.name(c) for c in state.otoma.pawns)
        table.write(f"The Otoma start on {cells}.")
    table.write(display.legend(state))
    table.write("Type 'help' for the commands.")
    run_table(table, stdin, echo, len(state.events or []) if resume else 0)
    return table.state
