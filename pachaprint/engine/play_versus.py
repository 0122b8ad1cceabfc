"""The terminal game against the Otoma: solo and co-op, people and bots.

:func:`run_versus_game` works like :func:`pachaprint.engine.play.run_game`
(commands read line by line from any stream, so a game can be scripted) with
the commands of the new modes: ``otoma PAWN`` (hard solo: the Otoma pawn to
move, by number or colour) and ``spend TERRAIN`` (co-op). The loop itself is
:func:`pachaprint.engine.terminal.run_table`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TextIO

from pachaprint.engine import actions as A
from pachaprint.engine.bots import HUMAN, Bot
from pachaprint.engine.coop import CoopPhase, CoopState, parse_coop_action
from pachaprint.engine.otoma import choose_otoma
from pachaprint.engine.otoma_bots import make_versus_bot
from pachaprint.engine.solo import OTOMA, SoloPhase, SoloState
from pachaprint.engine.state import UNKNOWN, Event, Phase
from pachaprint.engine.terminal import (
    PLAYER_LETTERS,
    TERRAIN_NAMES,
    TerminalTable,
    common_event_text,
    holdings,
    render_grid,
    run_table,
    turn_marker,
)
from pachaprint.engine.tiles import Direction
from pachaprint.engine.versus_log import (
    VersusSetup,
    action_text,
    replay_versus,
    save_versus_log,
    setup_of,
)
from pachaprint.model.rules import CROP_NAMES, TERRAIN_LETTERS
from pachaprint.model.scenario import Scenario

ARROW_GLYPHS = "^>v<"
"""North, east, south, west."""

HELP = """\
Commands (cells are named column letter + row number, e.g. c3):
  enter CELL          bring a pawn from your supply in at the edge; CELL is where it ends
  move FROM TO        move one of your pawns (no retrieving in these modes)
  divine CELL LEVEL   name the crop level (1-5) under your pawn on CELL
  offer [LEVEL...]    offer tokens (no levels: all you hold); 2/3/4/5 tokens score 1/3/6/10
  pass                stop divining (co-op), or decline to offer
  otoma PAWN          hard solo, own-colour arrow: the Otoma pawn to move (number or colour)
  spend TERRAIN       co-op: spend the top tile of your stack of that terrain (valley, desert, forest, mountain)
  actions             list your legal actions      board   show the board
  undo                take back your last decision save FILE  write the game log
  help                this text                    quit    leave the game
Board: each cell shows terrain (V valley, D desert, F forest, M mountain, . no tile),
its crop level (1-5) or, on a tile without crop, its arrow (^ > v <), and who stands
there: A, B, C (explorer colours) or 1-5 (Otoma pawns)."""


@dataclass
class VersusTable(TerminalTable):
    """The game, its seats and the undo stack (``setup``: how the game was set up, for its log)."""

    scenario: Scenario
    state: SoloState | CoopState
    mode: str
    seats: list[tuple[str, Bot | None]]
    seed: int
    out: TextIO
    color: bool = False
    undo_stack: list = field(default_factory=list)
    setup: VersusSetup | None = None

    def seat_name(self, seat: int) -> str:
        kind = self.seats[seat][0]
        if self.mode == "solo":
            return f"player A ({kind})"
        state = self.state
        assert isinstance(state, CoopState)
        return f"player {seat + 1} ({state.seat_colours[seat]}, {kind})"

    def account_name(self, account: int) -> str:
        if account == OTOMA:
            return "the Otoma"
        return "the group" if self.mode == "coop" else self.seat_name(0)

    def bot_at(self, seat: int) -> Bot | None:
        return self.seats[seat][1]

    def help_text(self) -> str:
        return HELP

    def event_text(self, event: Event) -> str | None:
        return describe_versus_event(self, event)

    def board_text(self) -> str:
        return render_versus_board(self.state, self.color)

    def status_text(self) -> str:
        return render_versus_status(self)

    def summary_text(self) -> str:
        return versus_summary(self)

    def prompt_text(self) -> str:
        return versus_prompt(self.state)

    def actions_text(self) -> str:
        return describe_versus_actions(self.state)

    def parse(self, text: str) -> int:
        return _parse(self.state, text)

    def action_text(self, code: int) -> str:
        return action_text(self.state, code)

    def save(self, path: str) -> None:
        assert self.setup is not None
        save_versus_log(
            path, self.scenario, self.setup, self.state, [kind for kind, _ in self.seats], self.seed
        )

    def remember(self, shown: int) -> None:
        self.undo_stack.append((self.state.clone(), shown))

    def take_back(self) -> tuple[int, str]:
        self.state, shown = self.undo_stack.pop()
        return shown, "Undone."


def render_versus_board(state: SoloState | CoopState, color: bool = False) -> str:
    """The board: four characters per cell (terrain, crop or arrow, pawn, space)."""
    crop, terrain, tile_at, owner = state.crop, state.terrain, state.tile_at, state.owner
    otoma_side = state.otoma_side

    def mark(cell: int) -> str:
        if crop[cell]:
            return str(crop[cell])
        tile = tile_at[cell]
        return (
            ARROW_GLYPHS[tile.direction] if terrain[cell] != UNKNOWN and tile is not None else " "
        )

    def pawn(cell: int) -> str:
        side = owner[cell]
        if side < 0:
            return " "
        return (
            str(state.otoma_pawns.index(cell) + 1) if side == otoma_side else PLAYER_LETTERS[side]
        )

    return render_grid(state, mark, pawn, color)


def render_versus_status(table: VersusTable) -> str:
    state = table.state
    lines = []
    accounts = [(0, table.account_name(0)), (OTOMA, "the Otoma")]
    for acc, name in accounts:
        lines.append(f"  {name}: {holdings(state, acc)}")
    otoma = ", ".join(
        f"{i + 1} {colour} on {state.board.name(c)}"
        for i, (colour, c) in enumerate(zip(state.otoma_colours, state.otoma_pawns, strict=False))
    )
    lines.append(f"  Otoma pawns: {otoma}")
    if isinstance(state, SoloState):
        lines.append(
            f"  player A's colour: {state.colour}; difficulty {state.difficulty}; pawns in supply {state.reserve[0]}"
        )
        arrows = [
            f"{state.board.name(c)} {tile.colour} {tile.direction.word}"
            for c, tile in enumerate(state.tile_at)
            if tile is not None and not state.crop[c]
        ]
        if arrows:
            lines.append("  arrows on tiles without crop: " + ", ".join(arrows))
        left = ", ".join(f"{TERRAIN_NAMES[t]} {n}" for t, n in enumerate(state.stacks.counts()))
        lines.append(f"  terrain stacks: {left}")
    else:
        seat = state.current_player
        for s in range(state.players):
            side = state.side_of(s)
            counts = " ".join(
                f"{TERRAIN_LETTERS[t]}{len(stack)}" for t, stack in enumerate(state.hands[s])
            )
            lines.append(
                f"{turn_marker(state, s)} {table.seat_name(s)} ({PLAYER_LETTERS[side]}): hand {counts}; "
                f"pawns in supply {state.reserve[side]}"
            )
        tops = [
            f"{TERRAIN_NAMES[t]} {ARROW_GLYPHS[tile.direction]}"
            for t, tile in enumerate(state.top_tiles(seat))
            if tile is not None
        ]
        if tops and not state.is_terminal():
            lines.append("  top tiles of the current hand: " + ", ".join(tops))
        if state.arrow is not None:
            lines.append(
                f"  spent tile's arrow: {state.arrow.word} (first step of a pawn on the board)"
            )
        columns = ", ".join(f"{TERRAIN_NAMES[t]} {len(c)}" for t, c in enumerate(state.columns))
        lines.append(f"  spent tiles on the diversity board: {columns}")
    return "\n".join(lines)


def versus_prompt(state) -> str:
    phase = state.phase
    if phase == SoloPhase.CHOOSE_OTOMA:
        return f"own-colour arrow: choose the Otoma pawn to move {state.pending.word} (otoma 1-5)"
    if phase == CoopPhase.SPEND:
        return "spend a tile (spend TERRAIN)"
    if phase is Phase.TURN:
        return "Explore (enter, move) or divine"
    if phase is Phase.DIVINING:
        if isinstance(state, SoloState):
            return "divine with your next pawn on a tile without crop (all of them must)"
        return "divine again with another pawn, or pass"
    if phase is Phase.OFFER:
        return "offer tokens, or pass"
    if phase is Phase.FINAL_OFFER:
        return "final offer, or pass"
    return "game over"


def describe_versus_event(table: VersusTable, event: Event) -> str | None:
    state = table.state
    board = state.board
    cell = board.name(event.cell) if event.cell >= 0 else ""
    what = event.what
    by_seat = table.seat_name(event.player) if 0 <= event.player < len(table.seats) else ""
    account = table.account_name(event.player) if event.player >= 0 else ""
    s = "" if event.player == OTOMA else "s"  # "the Otoma score", "the group scores"
    text = common_event_text(board, event, by_seat, account, s)
    if text is not None:
        return text
    if what == "otoma-setup":
        return f"Otoma pawn {event.value + 1} ({state.otoma_colours[event.value]}) starts on {cell}: +{event.points}"
    if what == "otoma-move":
        move = next(m for m in reversed(state.otoma_moves) if m.pawn == event.value)
        return f"Otoma pawn {event.value + 1} ({move.colour}) goes {move.path.describe(board)}"
    if what == "otoma-stays":
        return f"Otoma pawn {event.value + 1} finds no cell without terrain and stays on {cell}"
    if what == "otoma-crop":
        return (
            f"the Otoma find {CROP_NAMES[event.value]} ({event.value}) on {cell}: +{event.points}"
        )
    if what == "own-arrow":
        return f"the arrow on {cell} has the player's own colour ({Direction(event.value).word})"
    if what == "spend":
        return f"{by_seat} spends a {TERRAIN_NAMES[event.value].lower()} tile"
    if what == "no-tile":
        return f"{by_seat} holds no terrain tile: no spending this turn"
    if what == "blocked":
        return "No Explore can reach a cell without a crop and no pawn can divine: the game ends"
    if what == "end-phase":
        return "No one holds a terrain tile any more: final offers"
    if what == "otoma-empty":
        return f"the Otoma score 1 point for each of the {event.value} cells without terrain"
    return None


def versus_summary(table: VersusTable) -> str:
    state = table.state
    us = table.account_name(0)
    verdict = f"{us} win" if table.mode == "coop" else f"{us} wins"
    if state.winners():
        result = f"{verdict} ({state.score[0]} to {state.score[OTOMA]})."
    else:
        tie = " (a tie goes to the Otoma)" if state.score[0] == state.score[OTOMA] else ""
        result = f"The Otoma win ({state.score[OTOMA]} to {state.score[0]}){tie}."
    return result


def _parse(state, text: str) -> int:
    words = text.split()
    if words == ["offer"]:
        held = state.tokens[0]
        if not held:
            raise ValueError("no offering tokens are held")
        return A.offer(held)
    if words and words[0] == "otoma":
        if len(words) != 2:
            raise ValueError("usage: otoma PAWN (a number 1-5 or a colour)")
        word = words[1]
        if word.isdigit() and 1 <= int(word) <= len(state.otoma_pawns):
            return choose_otoma(int(word) - 1)
        if word in state.otoma_colours:
            return choose_otoma(state.otoma_colours.index(word))
        raise ValueError(f"no Otoma pawn {word!r}")
    return parse_coop_action(state.board, text)


def describe_versus_actions(state) -> str:
    """The legal actions, one per line, grouped by kind."""
    lines: dict[str, list[str]] = {}
    for code in state.legal_actions():
        text = action_text(state, code)
        kind = code >> 12
        if kind == A.Kind.DIVINE:
            head, rest = "divine (level 1-5) at", state.board.name(code >> 6 & 63)
        elif kind == A.Kind.MOVE:
            head, rest = f"move {state.board.name(code >> 6 & 63)} to", state.board.name(code & 63)
        elif kind == A.Kind.ENTER:
            head, rest = "enter", state.board.name(code & 63)
        else:
            head, rest = text, ""
        items = lines.setdefault(head, [])
        if rest and rest not in items:
            items.append(rest)
    return "\n".join(
        f"{head}: {' '.join(items)}" if items else head for head, items in lines.items()
    )


def run_versus_game(
    scenario: Scenario,
    mode: str,
    seats: list[str],
    seed: int,
    stdin: TextIO,
    stdout: TextIO,
    difficulty: str | None = None,
    colour: str = "brown",
    otoma=None,
    color: bool = False,
    echo: bool = False,
    save=None,
    resume=None,
) -> SoloState | CoopState:
    """Play a solo (one seat) or co-op (2-4 seats) game; returns the final (or left) state.

    ``seats`` names each seat: ``human`` or a bot name. One seed fixes the tile
    stacks (or hands), the first player and every bot choice. With ``save`` the
    game log is written there when the game ends or is left. ``resume`` is a
    saved log (mapping): its game is replayed and play goes on from there.
    """
    from pachaprint.engine.solo import solo_otoma_cells

    rng = random.Random(seed)
    if resume is not None:
        scenario, state = replay_versus(resume, record_events=True)
        setup = setup_of(resume)
    else:
        cells = solo_otoma_cells(scenario, otoma)
        names = tuple(scenario.board.name(c) for c in cells)
        tiles_seed = rng.getrandbits(64)
        if mode == "solo":
            setup = VersusSetup("solo", difficulty or "easy", names, 1, 0, tiles_seed, colour)
        elif mode == "coop":
            setup = VersusSetup(
                "coop",
                difficulty or "normal",
                names,
                len(seats),
                rng.randrange(len(seats)),
                tiles_seed,
                colour,
            )
        else:
            raise ValueError(f"mode must be solo or coop, not {mode!r}")
        state = setup.build(scenario, record_events=True)
    mode = setup.mode
    if len(seats) != setup.players:
        raise ValueError(
            f"{mode} with {setup.players} seat{'s' if setup.players > 1 else ''}, not {len(seats)}"
        )
    table_seats = [
        (kind, None if kind == HUMAN else make_versus_bot(kind, random.Random(rng.getrandbits(64))))
        for kind in seats
    ]
    table = VersusTable(scenario, state, mode, table_seats, seed, stdout, color, setup=setup)
    table.write(
        f"{scenario.name} ({mode}, {setup.difficulty}); seed {seed}. Type 'help' for the commands."
    )
    run_table(table, stdin, echo)
    return _saved(table, setup, save)


def _saved(table: VersusTable, setup: VersusSetup, save) -> SoloState | CoopState:
    if save is not None:
        save_versus_log(
            save, table.scenario, setup, table.state, [kind for kind, _ in table.seats], table.seed
        )
        table.write(f"Game log written to {save} (seed {table.seed}).")
    return table.state
