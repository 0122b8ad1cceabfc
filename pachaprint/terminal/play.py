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

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from pachaprint.engine.bots import Bot
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind
from pachaprint.engine.rules.log import SavedGame, save_log
from pachaprint.engine.rules.modes import new_game
from pachaprint.engine.rules.state import GameState
from pachaprint.model.scenario import Scenario
from pachaprint.play import story
from pachaprint.play.setup import PlayConfig
from pachaprint.terminal import display


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
        return story.seat_name(self.state, seat, self.kinds)

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
            text = story.event_text(state, event, table.kinds)
            if text:
                table.write(text)
        shown = len(events)
        if state.is_terminal():
            show_board(display.render_board(state, table.color))
            table.write(display.render_status(state, table.kinds))
            table.write(story.summary(state, table.kinds))
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
    bots = play.bots()
    state = resume.state if resume is not None else new_game(scenario, config, record_events=True)
    table = Table(scenario, state, list(seats), bots, stdout, color)
    parts = [config.mode.value, *([state.level] if state.level else [])]
    if state.players > 1:
        parts.append(f"{config.players} players")
    decisions = sum(1 for code in state.history if A.kind_of(code) != Kind.TILE)
    plural = "" if decisions == 1 else "s"
    resuming = f"; resuming after {decisions} decision{plural}" if resume else ""
    table.write(
        f"{display.printable(scenario.name)} ({', '.join(parts)}); seed {config.seed}{resuming}."
    )
    if resume is None and state.players > 1:
        table.write(f"{table.seat_name(state.first_player)} starts.")
    if state.otoma is not None and not state.otoma.unplaced():
        cells = ", ".join(scenario.board.name(c) for c in state.otoma.pawns)
        table.write(f"The Otoma start on {cells}.")
    elif state.otoma is not None:
        table.write("The disc names no Otoma start cells: the players place the Otoma pawns.")
    table.write(display.legend(state))
    table.write("Type 'help' for the commands.")
    run_table(table, stdin, echo, len(state.events or []) if resume else 0)
    return table.state
