"""The terminal game: people (hot-seat) and bots at one table.

:func:`run_game` reads commands line by line from any text stream and writes
to any other, so a game can be scripted (the tests drive it so) or played at a
terminal. Commands: ``enter CELL``, ``move FROM TO``, ``retrieve CELL``,
``divine CELL LEVEL``, ``offer [LEVEL...]`` (no levels: every token held),
``pass``, ``actions``, ``board``, ``undo``, ``save FILE``, ``help``, ``quit``.
The loop itself is :func:`pachaprint.engine.terminal.run_table`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TextIO

from pachaprint.engine import actions as A
from pachaprint.engine.actions import Kind, decode, format_action, parse_action, token_levels
from pachaprint.engine.bots import HUMAN, Bot, make_bot
from pachaprint.engine.log import save_log
from pachaprint.engine.state import Event, GameState, Phase
from pachaprint.engine.terminal import (
    PLAYER_LETTERS,
    TERRAIN_NAMES,
    TerminalTable,
    common_event_text,
    holdings,
    points,
    render_grid,
    run_table,
    turn_marker,
)
from pachaprint.model.scenario import Scenario

OTOMA_LETTER = "O"
PLAYER_STYLE = {"A": "bold red", "B": "bold blue", "C": "bold magenta", "D": "bold cyan"}

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
class Table(TerminalTable):
    """Everything the loop needs: the game, the seats, the undo stack."""

    scenario: Scenario
    state: GameState
    seats: list[Seat]
    seed: int
    out: TextIO
    color: bool = False
    undo_stack: list[tuple[GameState, list]] = field(default_factory=list)

    def who(self, player: int) -> str:
        seat = self.seats[player]
        return f"player {seat.letter} ({seat.kind})"

    def seat_name(self, seat: int) -> str:
        return self.who(seat)

    def bot_at(self, seat: int) -> Bot | None:
        return self.seats[seat].bot

    def help_text(self) -> str:
        return HELP

    def event_text(self, event: Event) -> str | None:
        return describe_event(self, event)

    def board_text(self) -> str:
        return render_board(self.state, self.color)

    def status_text(self) -> str:
        return render_status(self)

    def summary_text(self) -> str:
        return final_summary(self)

    def prompt_text(self) -> str:
        return phase_prompt(self.state)

    def actions_text(self) -> str:
        return describe_actions(self.state)

    def parse(self, text: str) -> int:
        return parse_command(self.state, text)

    def action_text(self, code: int) -> str:
        return format_action(self.state.board, code)

    def save(self, path: str) -> None:
        save_log(path, self.scenario, self.state, [seat.kind for seat in self.seats], self.seed)

    def remember(self, shown: int) -> None:
        """The state and every bot's random state (undo puts the bots back too)."""
        rng_states = [seat.bot.rng.getstate() if seat.bot else None for seat in self.seats]
        self.undo_stack.append((self.state.clone(), rng_states))

    def take_back(self) -> tuple[int, str]:
        saved, rng_states = self.undo_stack.pop()
        self.state = saved
        for seat, rng_state in zip(self.seats, rng_states, strict=False):
            if seat.bot is not None:
                seat.bot.rng.setstate(rng_state)
        return len(
            saved.events or []
        ), f"Undone: back to {self.who(saved.current_player)}'s decision."


def render_board(state: GameState, color: bool = False) -> str:
    """The board as text: one line per row, three characters per cell (terrain, crop, pawn)."""
    crop, owner, players = state.crop, state.owner, state.players

    def pawn(cell: int) -> str:
        p = owner[cell]
        return " " if p < 0 else PLAYER_LETTERS[p] if p < players else OTOMA_LETTER

    return render_grid(
        state, lambda cell: str(crop[cell]) if crop[cell] else " ", pawn, color, PLAYER_STYLE
    )


def render_status(table: Table) -> str:
    state = table.state
    lines = [
        f"{turn_marker(state, p)} {table.who(p)}: {holdings(state, p)}; pawns in supply {state.reserve[p]}"
        for p in range(state.players)
    ]
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
        lines.append(
            "offer: tokens " + " ".join(str(v) for v in token_levels(held)) + " (or some of them)"
        )
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
    text = common_event_text(board, event, who, who)
    if text is not None:
        return text
    if event.what == "retrieve":
        return f"{who} retrieves the pawn on {board.name(event.cell)}"
    if event.what == "end-phase":
        return "The last terrain tile is placed: end phase (one divination each in turn, or pass)"
    return None


def final_summary(table: Table) -> str:
    state = table.state
    ranking = state.ranking()
    lines = ["Final ranking (score, then levels advanced on the diversity board):"]
    for p in sorted(range(state.players), key=lambda q: (ranking[q], q)):
        lines.append(
            f"  {ranking[p]}. {table.who(p)}: {points(state.score[p])}, {state.tie_break(p)} levels"
        )
    winners = state.winners()
    if len(winners) > 1:
        lines.append(
            "The victory is shared by " + " and ".join(table.who(p) for p in winners) + "."
        )
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


def run_game(
    scenario: Scenario,
    seats: list[str],
    seed: int,
    stdin: TextIO,
    stdout: TextIO,
    color: bool = False,
    first_player: int | None = None,
    echo: bool = False,
    resume: GameState | None = None,
) -> GameState:
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
    if resume is not None:
        table.write(
            f"{scenario.name} ({scenario.size}), {players} players; resuming after "
            f"{len(state.history)} actions (seed {seed})."
        )
    else:
        table.write(
            f"{scenario.name} ({scenario.size}), {players} players; {table.who(first)} starts (seed {seed})."
        )
    table.write("Type 'help' for the commands.")
    run_table(table, stdin, echo, len(state.events or []))
    return table.state
