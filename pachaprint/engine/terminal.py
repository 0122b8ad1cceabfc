"""What the two terminal games share: the command loop, the board grid, the event lines.

The competitive game (:mod:`pachaprint.engine.play`) and the game against the
Otoma (:mod:`pachaprint.engine.play_versus`) read commands the same way, show
the board the same way and tell the same events in the same words. Each keeps
its own seats, commands, status lines and verdict: a table class of each mode
subclasses :class:`TerminalTable` and fills in its hooks, and :func:`run_table`
plays it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, TextIO

from pachaprint.engine.actions import token_levels
from pachaprint.engine.state import UNKNOWN, Event
from pachaprint.model.rules import CROP_NAMES, TERRAIN_LETTERS, Terrain

PLAYER_LETTERS = "ABCD"
TERRAIN_NAMES = [Terrain(letter).label for letter in TERRAIN_LETTERS]
TERRAIN_STYLE = {"V": "bold bright_green", "D": "bold yellow", "F": "bold green", "M": "bold white"}


def points(n: int) -> str:
    """``1 point``, ``-1 point``, ``3 points``."""
    return f"{n} point" if n in (1, -1) else f"{n} points"


def printer(stdout: TextIO, color: bool) -> Callable[[str], object]:
    """Writes a board: plain text, or rich markup rendered in colour."""
    if not color:
        return lambda text: stdout.write(text + "\n")
    from rich.console import Console

    console = Console(file=stdout, highlight=False, force_terminal=True)
    return console.print


def render_grid(
    state,
    mark: Callable[[int], str],
    pawn: Callable[[int], str],
    color: bool = False,
    pawn_style: dict[str, str] | None = None,
) -> str:
    """The board as text: a header of column letters, then one line per row.

    Each cell is its terrain letter (``.`` without a tile), ``mark(cell)`` and
    ``pawn(cell)``, one character each. With ``color`` the terrain letters get
    rich markup, and so do the pawns when ``pawn_style`` is given.
    """
    board = state.board
    lines = ["    " + " ".join(f" {chr(97 + c)} " for c in range(board.width))]
    for row in range(board.height):
        cells = []
        for col in range(board.width):
            cell = board.cell(col, row)
            t = state.terrain[cell]
            letter = "." if t == UNKNOWN else TERRAIN_LETTERS[t]
            middle = mark(cell)
            who = pawn(cell)
            if color:
                if letter != ".":
                    letter = f"[{TERRAIN_STYLE[letter]}]{letter}[/]"
                if pawn_style is not None and who.strip():
                    who = f"[{pawn_style.get(who, 'bold')}]{who}[/]"
            cells.append(f"{letter}{middle}{who}")
        lines.append(f" {row + 1}  " + " ".join(cells))
    return "\n".join(lines)


def holdings(state, account: int) -> str:
    """An account's score, diversity stones and offering tokens, as in the status lines."""
    stones = " ".join(
        f"{TERRAIN_LETTERS[t]}{level}" for t, level in enumerate(state.stones[account])
    )
    tokens = " ".join(str(v) for v in token_levels(state.tokens[account])) or "none"
    return f"{points(state.score[account])}; diversity {stones}; tokens {tokens}"


def turn_marker(state, seat: int) -> str:
    """``>`` before the seat whose turn it is (none once the game is over)."""
    return ">" if seat == state.current_player and not state.is_terminal() else " "


def common_event_text(board, event: Event, actor: str, account: str, s: str = "s") -> str | None:
    """The line of an event both modes tell alike, or ``None`` for any other event.

    ``actor`` names the seat that moved a pawn, ``account`` the side that
    scored; ``s`` ends the verb after ``account`` (``"s"``, or ``""`` for a
    plural such as "the Otoma").
    """
    cell = board.name(event.cell) if event.cell >= 0 else ""
    what = event.what
    if what == "enter":
        return f"{actor} enters a pawn to {cell}"
    if what == "move":
        return f"{actor} moves {board.name(event.value)} to {cell}"
    if what == "discover":
        return f"{cell} is {TERRAIN_NAMES[event.value]}: {account} score{s} {points(event.points)}"
    if what == "divine":
        return f"{account} divine{s} {cell} right: {CROP_NAMES[event.value]} ({event.value}), +{event.points}"
    if what == "wrong":
        return (
            f"{account} divine{s} {cell} wrong: it is {CROP_NAMES[event.value]} ({event.value}), "
            f"{points(event.points)}"
        )
    if what == "offer":
        count = len(token_levels(event.value))
        return f"{account} offer{s} {count} token{'s' if count != 1 else ''}: +{event.points}"
    if what == "skip":
        return f"{actor} can neither explore nor divine and skips the turn"
    if what == "over":
        return "The game is over."
    return None


class TerminalTable(ABC):
    """The hooks :func:`run_table` calls; a mode's table (a dataclass) implements them.

    A table has the attributes ``state`` (the game), ``out`` (the stream
    written to), ``color`` and ``undo_stack`` (a list).
    """

    state: Any
    out: TextIO
    color: bool
    undo_stack: list

    def write(self, text: str = "") -> None:
        self.out.write(text + "\n")

    @abstractmethod
    def seat_name(self, seat: int) -> str:
        """How the seat is named in prompts and bot lines (``player A (human)``)."""

    @abstractmethod
    def bot_at(self, seat: int) -> Any:
        """The bot playing the seat, or ``None`` for a person."""

    @abstractmethod
    def help_text(self) -> str:
        """The text of ``help``."""

    @abstractmethod
    def event_text(self, event: Event) -> str | None:
        """The line telling an event, or ``None`` for an event not told."""

    @abstractmethod
    def board_text(self) -> str:
        """The board (rich markup when the table is in colour)."""

    @abstractmethod
    def status_text(self) -> str:
        """The status lines under the board: scores, holdings, supplies."""

    @abstractmethod
    def summary_text(self) -> str:
        """The verdict once the game is over."""

    @abstractmethod
    def prompt_text(self) -> str:
        """What the person to act may do now."""

    @abstractmethod
    def actions_text(self) -> str:
        """The legal actions, grouped for reading."""

    @abstractmethod
    def parse(self, text: str) -> int:
        """A command line -> action code (``ValueError`` with the reason)."""

    @abstractmethod
    def action_text(self, code: int) -> str:
        """The command text of an action (how a bot's action is told)."""

    @abstractmethod
    def save(self, path: str) -> None:
        """Write the game log (``OSError`` when it cannot be written)."""

    @abstractmethod
    def remember(self, shown: int) -> None:
        """Push what ``undo`` restores, before a person's decision is applied."""

    @abstractmethod
    def take_back(self) -> tuple[int, str]:
        """Pop the last remembered decision: (events already told, message)."""


def run_table(table: TerminalTable, stdin: TextIO, echo: bool = False, shown: int = 0) -> None:
    """Play until the game is over, the input ends or a person quits.

    Bots act on their own; a person's line is a game action or one of the
    commands ``help``, ``actions``, ``board``, ``undo``, ``save FILE`` and
    ``quit``. Events after the first ``shown`` are told as they happen. With
    ``echo`` every line read is written back (a scripted game reads as a
    transcript).
    """
    show_board = printer(table.out, table.color)
    board_shown_for = None
    while True:
        state = table.state
        for event in state.events[shown:]:
            text = table.event_text(event)
            if text:
                table.write(text)
        shown = len(state.events or [])
        if state.is_terminal():
            show_board(table.board_text())
            table.write(table.status_text())
            table.write(table.summary_text())
            return
        p = state.current_player
        bot = table.bot_at(p)
        if bot is not None:
            view = state.view(p)
            code = bot.act(view, state.legal_actions())
            table.write(f"{table.seat_name(p)}: {table.action_text(code)}")
            state.apply(code)
            continue
        key = (len(state.history), p)
        if board_shown_for != key:
            show_board(table.board_text())
            table.write(table.status_text())
            board_shown_for = key
        table.write(f"{table.seat_name(p)}, {table.prompt_text()}:")
        line = stdin.readline()
        if not line:
            table.write("End of input: the game is left unfinished.")
            return
        if echo:
            table.write(f"> {line.strip()}")
        text = line.strip().lower()
        if not text:
            continue
        if text in ("help", "?"):
            table.write(table.help_text())
        elif text in ("actions", "list"):
            table.write(table.actions_text())
        elif text == "board":
            board_shown_for = None
        elif text in ("quit", "exit"):
            table.write("You leave the game.")
            return
        elif text == "undo":
            if not table.undo_stack:
                table.write("Nothing to undo.")
            else:
                shown, message = table.take_back()
                board_shown_for = None
                table.write(message)
        elif text.startswith("save"):
            parts = line.split(maxsplit=1)
            if len(parts) < 2:
                table.write("usage: save FILE")
                continue
            try:
                table.save(parts[1].strip())
                table.write(f"Game saved to {parts[1].strip()}.")
            except OSError as exc:
                table.write(f"Cannot save: {exc.strerror or exc}")
        else:
            try:
                code = table.parse(text)
            except ValueError as exc:
                table.write(f"{exc}. Type 'help' for the commands or 'actions' for your choices.")
                continue
            if code not in state.legal_actions():
                table.write(f"'{text}' is not legal now. Your choices:\n{table.actions_text()}")
                continue
            table.remember(shown)
            state.apply(code)
