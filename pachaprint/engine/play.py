"""The terminal game: people (hot-seat) and bots at one table.

:func:`run_game` reads commands line by line from any text stream and writes
to any other, so a game can be scripted (the tests drive it so) or played at a
terminal. Commands: ``enter CELL``, ``move FROM TO``, ``retrieve CELL``,
``divine CELL LEVEL``, ``offer [LEVEL...]`` (no levels: every token held),
``pass``, ``actions``, ``board``, ``undo``, ``save FILE``, ``help``, ``quit``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TextIO

from pachaprint.engine import actions as A
from pachaprint.engine.actions import Kind, decode, format_action, parse_action, token_levels
from pachaprint.engine.bots import HUMAN, Bot, make_bot
from pachaprint.engine.log import save_log
from pachaprint.engine.state import UNKNOWN, Event, GameState, Phase
from pachaprint.model.rules import CROP_NAMES, TERRAIN_LETTERS, Terrain
from pachaprint.model.scenario import Scenario

PLAYER_LETTERS = "ABCD"
OTOMA_LETTER = "O"
TERRAIN_STYLE = {"V": "bold bright_green", "D": "bold yellow", "F": "bold green", "M": "bold white"}
PLAYER_STYLE = {"A": "bold red", "B": "bold blue", "C": "bold magenta", "D": "bold cyan"}
TERRAIN_NAMES = [Terrain(letter).label for letter in TERRAIN_LETTERS]

HELP = """\
Commands (cells are named column letter + row number, e.g. c3):
  enter CELL          bring a pawn from your supply in at the edge; CELL is where it ends
  move FROM TO        move one of your pawns
  retrieve CELL       take a pawn back to your supply (this is your whole Explore)
  divine CELL LEVEL   name the crop level (1-5) under your pawn on CELL
  offer [LEVEL...]    offer tokens (no levels: all you hold); 2/3/4/5 tokens score 1/3/6/10
  pass                stop divining, decline to offer, or pass in the end phase
  actions             list your legal actions      board   show the board
  undo                take back your last decision save FILE  write the game log
  help                this text                    quit    leave the game
Board: each cell shows terrain (V valley, D desert, F forest, M mountain, . hidden),
its crop level (1-5) if placed, and the letter of the player whose pawn stands there."""


@dataclass
class Seat:
    letter: str
    kind: str
    bot: Bot | None = None


@dataclass
class Table:
    """Everything the loop needs: the game, the seats, the undo stack."""

    scenario: Scenario
    state: GameState
    seats: list[Seat]
    seed: int
    out: TextIO
    color: bool = False
    undo_stack: list[tuple[GameState, list]] = field(default_factory=list)

    def write(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def who(self, player: int) -> str:
        seat = self.seats[player]
        return f"player {seat.letter} ({seat.kind})"


def render_board(state: GameState, color: bool = False) -> str:
    """The board as text: one line per row, three characters per cell (terrain, crop, pawn)."""
    board = state.board
    lines = ["    " + " ".join(f" {chr(97 + c)} " for c in range(board.width))]
    for row in range(board.height):
        cells = []
        for col in range(board.width):
            cell = board.cell(col, row)
            t = state.terrain[cell]
            letter = "." if t == UNKNOWN else TERRAIN_LETTERS[t]
            crop = str(state.crop[cell]) if state.crop[cell] else " "
            owner = state.owner[cell]
            pawn = " " if owner < 0 else PLAYER_LETTERS[owner] if owner < state.players else OTOMA_LETTER
            if color:
                if letter != ".":
                    letter = f"[{TERRAIN_STYLE[letter]}]{letter}[/]"
                if pawn.strip():
                    pawn = f"[{PLAYER_STYLE.get(pawn, 'bold')}]{pawn}[/]"
            cells.append(f"{letter}{crop}{pawn}")
        lines.append(f" {row + 1}  " + " ".join(cells))
    return "\n".join(lines)


def render_status(table: Table) -> str:
    state = table.state
    lines = []
    for p in range(state.players):
        stones = " ".join(f"{TERRAIN_LETTERS[t]}{level}" for t, level in enumerate(state.stones[p]))
        tokens = " ".join(str(v) for v in token_levels(state.tokens[p])) or "none"
        marker = ">" if p == state.current_player and not state.is_terminal() else " "
        lines.append(
            f"{marker} {table.who(p)}: {_points(state.score[p])}; diversity {stones}; "
            f"tokens {tokens}; pawns in supply {state.reserve[p]}"
        )
    supply = ", ".join(f"{TERRAIN_NAMES[t]} {n}" for t, n in enumerate(state.supply))
    lines.append(f"  terrain tiles left: {supply}")
    return "\n".join(lines)


def describe_actions(state: GameState) -> str:
    """The legal actions, grouped for reading."""
    board = state.board
    enters, moves, retrieves, divines, offers, can_pass = [], {}, [], [], [], False
    for code in state.legal_actions():
        action = decode(code)
        if action.kind is Kind.ENTER:
            enters.append(board.name(action.to))
        elif action.kind is Kind.MOVE:
            moves.setdefault(board.name(action.cell), []).append(board.name(action.to))
        elif action.kind is Kind.RETRIEVE:
            retrieves.append(board.name(action.cell))
        elif action.kind is Kind.DIVINE:
            name = board.name(action.cell)
            if name not in divines:
                divines.append(name)
        elif action.kind is Kind.OFFER:
            offers.append(action.tokens)
        else:
            can_pass = True
    lines = []
    if enters:
        lines.append("enter: " + " ".join(enters))
    for start, ends in moves.items():
        lines.append(f"move {start} to: " + " ".join(ends))
    if retrieves:
        lines.append("retrieve: " + " ".join(retrieves))
    if divines:
        lines.append("divine (level 1-5) at: " + " ".join(divines))
    if offers:
        held = max(offers, key=lambda m: m.bit_count())
        lines.append("offer: tokens " + " ".join(str(v) for v in token_levels(held)) + " (or some of them)")
    if can_pass:
        lines.append("pass")
    return "\n".join(lines)


def phase_prompt(state: GameState) -> str:
    phase = state.phase
    if phase is Phase.TURN:
        return "Explore (enter, move, retrieve) or divine"
    if phase is Phase.DIVINING:
        return "divine again with another pawn, or pass"
    if phase is Phase.OFFER:
        return "offer tokens, or pass"
    if phase is Phase.END_DIVINE:
        return "end phase: one divination, or pass (final)"
    if phase is Phase.FINAL_OFFER:
        return "final offer, or pass"
    return "game over"


def describe_event(table: Table, event: Event) -> str | None:
    board = table.state.board
    who = table.who(event.player) if event.player >= 0 else ""
    cell = board.name(event.cell) if event.cell >= 0 else ""
    what = event.what
    if what == "enter":
        return f"{who} enters a pawn to {cell}"
    if what == "move":
        return f"{who} moves {board.name(event.value)} to {cell}"
    if what == "retrieve":
        return f"{who} retrieves the pawn on {cell}"
    if what == "discover":
        return f"{cell} is {TERRAIN_NAMES[event.value]}: {who} scores {_points(event.points)}"
    if what == "divine":
        return f"{who} divines {cell} right: {CROP_NAMES[event.value]} ({event.value}), +{event.points}"
    if what == "wrong":
        return (f"{who} divines {cell} wrong: it is {CROP_NAMES[event.value]} ({event.value}), "
                f"{_points(event.points)}")
    if what == "offer":
        count = len(token_levels(event.value))
        return f"{who} offers {count} token{'s' if count != 1 else ''}: +{event.points}"
    if what == "skip":
        return f"{who} can neither explore nor divine and skips the turn"
    if what == "end-phase":
        return "The last terrain tile is placed: end phase (one divination each in turn, or pass)"
    if what == "over":
        return "The game is over."
    return None


def final_summary(table: Table) -> str:
    state = table.state
    ranking = state.ranking()
    lines = ["Final ranking (score, then levels advanced on the diversity board):"]
    for p in sorted(range(state.players), key=lambda q: (ranking[q], q)):
        lines.append(f"  {ranking[p]}. {table.who(p)}: {_points(state.score[p])}, {state.tie_break(p)} levels")
    winners = state.winners()
    if len(winners) > 1:
        lines.append("The victory is shared by " + " and ".join(table.who(p) for p in winners) + ".")
    else:
        lines.append(f"{table.who(winners[0])} wins.")
    return "\n".join(lines)


def parse_command(state: GameState, text: str) -> int:
    """A command line -> action code (``offer`` alone offers every held token)."""
    words = text.split()
    if words == ["offer"]:
        held = state.tokens[state.current_player]
        if not held:
            raise ValueError("you hold no offering tokens")
        return A.offer(held)
    return parse_action(state.board, text)


def run_game(scenario: Scenario, seats: list[str], seed: int, stdin: TextIO, stdout: TextIO,
             color: bool = False, first_player: int | None = None, echo: bool = False,
             resume: GameState | None = None) -> GameState:
    """Play a game at the terminal (or from a script); returns the final (or left) state.

    ``seats`` names each player: ``human`` or a bot name. One seed fixes the
    first player and every bot choice (``first_player`` overrides the draw).
    With ``echo`` every command read is written back, so a scripted game reads
    as a transcript. ``resume`` continues a game replayed from a log (built
    with ``record_events``) instead of starting a new one.
    """
    rng = random.Random(seed)
    players = len(seats)
    first = rng.randrange(players) if first_player is None else first_player
    table_seats = []
    for p, kind in enumerate(seats):
        bot = None if kind == HUMAN else make_bot(kind, random.Random(rng.getrandbits(64)))
        table_seats.append(Seat(PLAYER_LETTERS[p], kind, bot))
    if resume is not None:
        if resume.players != players:
            raise ValueError(f"the saved game has {resume.players} players, not {players}")
        state = resume
    else:
        state = GameState.new(scenario, players, first, record_events=True)
    table = Table(scenario, state, table_seats, seed, stdout, color)
    printer = _printer(stdout, color)
    if resume is not None:
        table.write(f"{scenario.name} ({scenario.size}), {players} players; resuming after "
                    f"{len(state.history)} actions (seed {seed}).")
    else:
        table.write(f"{scenario.name} ({scenario.size}), {players} players; {table.who(first)} starts (seed {seed}).")
    table.write("Type 'help' for the commands.")
    shown = len(state.events or [])
    board_shown_for = None
    while True:
        state = table.state
        for event in state.events[shown:]:  # type: ignore[index]
            text = describe_event(table, event)
            if text:
                table.write(text)
        shown = len(state.events or [])
        if state.is_terminal():
            printer(render_board(state, color))
            table.write(render_status(table))
            table.write(final_summary(table))
            return state
        p = state.current_player
        seat = table.seats[p]
        if seat.bot is not None:
            view = state.view(p)
            code = seat.bot.act(view, state.legal_actions())
            table.write(f"{table.who(p)}: {format_action(state.board, code)}")
            state.apply(code)
            continue
        key = (len(state.history), p)
        if board_shown_for != key:
            printer(render_board(state, color))
            table.write(render_status(table))
            board_shown_for = key
        table.write(f"{table.who(p)}, {phase_prompt(state)}:")
        line = stdin.readline()
        if not line:
            table.write("End of input: the game is left unfinished.")
            return state
        if echo:
            table.write(f"> {line.strip()}")
        text = line.strip().lower()
        if not text:
            continue
        if text in ("help", "?"):
            table.write(HELP)
        elif text in ("actions", "list"):
            table.write(describe_actions(state))
        elif text == "board":
            board_shown_for = None
        elif text in ("quit", "exit"):
            table.write("You leave the game.")
            return state
        elif text == "undo":
            if not table.undo_stack:
                table.write("Nothing to undo.")
            else:
                saved, rng_states = table.undo_stack.pop()
                table.state = saved
                for seat_, rs in zip(table.seats, rng_states):
                    if seat_.bot is not None:
                        seat_.bot.rng.setstate(rs)
                shown = len(saved.events or [])
                board_shown_for = None
                table.write(f"Undone: back to {table.who(saved.current_player)}'s decision.")
        elif text.startswith("save"):
            parts = line.split(maxsplit=1)
            if len(parts) < 2:
                table.write("usage: save FILE")
                continue
            try:
                save_log(parts[1].strip(), scenario, state, seats, seed)
                table.write(f"Game saved to {parts[1].strip()}.")
            except OSError as exc:
                table.write(f"Cannot save: {exc.strerror or exc}")
        else:
            try:
                code = parse_command(state, text)
            except ValueError as exc:
                table.write(f"{exc}. Type 'help' for the commands or 'actions' for your choices.")
                continue
            if code not in state.legal_actions():
                table.write(f"'{text}' is not legal now. Your choices:\n{describe_actions(state)}")
                continue
            table.undo_stack.append((state.clone(), [s.bot.rng.getstate() if s.bot else None for s in table.seats]))
            state.apply(code)


def _points(n: int) -> str:
    return f"{n} point" if n in (1, -1) else f"{n} points"


def _printer(stdout: TextIO, color: bool):
    if not color:
        return lambda text: stdout.write(text + "\n")
    from rich.console import Console

    console = Console(file=stdout, highlight=False, force_terminal=True)
    return console.print
