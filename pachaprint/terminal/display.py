"""What the terminal game shows: the board and its legend, status lines, choices, help.

Every function reads a :class:`~pachaprint.engine.rules.state.GameState` of any
mode and returns text (rich markup where ``color`` is asked for); the
:mod:`~pachaprint.terminal.play` driver writes it, and tells the events and the
verdict in the words of :mod:`pachaprint.play.story`, which the browser table
tells too. Names that come from a
scenario or a log go through :func:`printable` first, so nothing they hold
(terminal escapes, control characters) reaches a terminal as is.
"""

from __future__ import annotations

from collections.abc import Sequence

from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind, token_levels
from pachaprint.engine.rules.events import Phase
from pachaprint.engine.rules.state import UNKNOWN, GameState
from pachaprint.model.rules import TERRAIN_LETTERS
from pachaprint.play.story import PLAYER_LETTERS, TERRAIN_NAMES, points, seat_name

TERRAIN_STYLE = {"V": "bold bright_green", "D": "bold yellow", "F": "bold green", "M": "bold white"}
PAWN_STYLE = {"A": "bold red", "B": "bold blue", "C": "bold magenta", "D": "bold cyan", "O": "bold"}
ARROW_LETTERS = "NESW"
"""An arrow's direction on the board: north, east, south, west."""


def printable(text: str) -> str:
    """``text`` with every control character (C0 but tab and newline, DEL, C1) and every
    lone surrogate written as an escape (``\\x1b``), so it cannot drive a terminal."""
    out = []
    for ch in text:
        code = ord(ch)
        if (code < 32 and ch not in "\t\n") or 127 <= code < 160 or 0xD800 <= code < 0xE000:
            out.append(f"\\x{code:02x}" if code < 256 else f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)


# -- the board -----------------------------------------------------------------------------
def _cell_marks(state: GameState, cell: int) -> tuple[str, str, str]:
    """(terrain letter, crop level or arrow, pawn) of a cell as the board shows them."""
    t = state.terrain[cell]
    letter = "." if t == UNKNOWN else TERRAIN_LETTERS[t]
    side = state.owner[cell]
    otoma, tiles = state.otoma, state.tiles
    if side < 0:
        pawn = ""
    elif otoma is not None and side == otoma.side:
        pawn = f"O{otoma.pawns.index(cell) + 1}"
    else:
        pawn = PLAYER_LETTERS[side]
    if state.crop[cell]:
        return letter, str(state.crop[cell]), pawn
    tile = tiles.tile_at[cell] if tiles is not None and t != UNKNOWN else None
    if tile is None or otoma is None or not state.arrows:
        return letter, "", pawn
    moves = "*" if tile.colour not in otoma.colours else str(otoma.colours.index(tile.colour) + 1)
    return letter, ARROW_LETTERS[tile.direction] + moves, pawn


def render_board(state: GameState, color: bool = False) -> str:
    """The board as text: a header of column letters, then one line per row.

    Competitive: three characters a cell (terrain, crop, pawn letter). Solo and
    co-op: seven, in three parts so that nothing runs together: the terrain,
    the crop level or the arrow with the Otoma pawn it moves (``S2``), and the
    pawn (``A``, ``O3``); :func:`legend` explains them.
    """
    board = state.board
    wide = state.otoma is not None
    lines = [
        "    "
        + " ".join(f"{chr(97 + c):<7}" if wide else f" {chr(97 + c)} " for c in range(board.width))
    ]
    for row in range(board.height):
        cells = []
        for col in range(board.width):
            letter, mark, pawn = _cell_marks(state, board.cell(col, row))
            mark = f" {mark:<2} " if wide else (mark or " ")
            pawn = f"{pawn:<2}" if wide else (pawn or " ")
            if color:
                if letter != ".":
                    letter = f"[{TERRAIN_STYLE[letter]}]{letter}[/]"
                if pawn.strip():
                    pawn = f"[{PAWN_STYLE.get(pawn[0], 'bold')}]{pawn}[/]"
            cells.append(f"{letter}{mark}{pawn}")
        lines.append(f" {row + 1}  " + " ".join(cells))
    return "\n".join(line.rstrip() if wide else line for line in lines)


def legend(state: GameState) -> str:
    """What the marks of :func:`render_board` mean in this game."""
    lines = ["Board: V valley, D desert, F forest, M mountain, . no tile yet; 1-5 the crop level;"]
    otoma = state.otoma
    if otoma is None:
        letters = " ".join(PLAYER_LETTERS[: state.players])
        lines.append(f"       {letters}: the pawn of that player.")
        return "\n".join(lines)
    colours = state.seating.colours
    explorers = ", ".join(f"{PLAYER_LETTERS[s]} {colours[s]}" for s in range(otoma.side))
    pawns = ", ".join(f"O{i + 1} {c}" for i, c in enumerate(state.seating.otoma_names))
    lines.append(f"       explorers {explorers}; Otoma {pawns}.")
    if state.arrows:
        lines.append(
            "       N E S W: the arrow on a tile without crop, with the Otoma pawn an Explore"
        )
        lines.append("       ending there moves (S2: pawn 2 goes south; S*: your own colour).")
    return "\n".join(lines)


# -- status lines --------------------------------------------------------------------------
def holdings(state: GameState, account: int) -> str:
    """An account's score, diversity stones and offering tokens."""
    stones = " ".join(
        f"{TERRAIN_LETTERS[t]}{level}" for t, level in enumerate(state.stones[account])
    )
    tokens = " ".join(str(v) for v in token_levels(state.tokens[account])) or "none"
    return f"{points(state.score[account])}; diversity {stones}; tokens {tokens}"


def render_status(state: GameState, kinds: Sequence[str]) -> str:
    """The lines under the board: each seat or account, the Otoma, the tiles left."""

    def marker(seat: int) -> str:
        return ">" if seat == state.current_player and not state.is_terminal() else " "

    tiles, otoma = state.tiles, state.otoma
    lines = []
    if not state.shared:
        for p in range(state.players):
            supply = state.reserve[state.side_of[p]]
            name = seat_name(state, p, kinds)
            lines.append(f"{marker(p)} {name}: {holdings(state, p)}; pawns in supply {supply}")
    else:
        lines.append(f"  the group: {holdings(state, 0)}")
    if otoma is not None:
        where = ", ".join(
            f"O{i + 1} {state.board.name(c) if c >= 0 else 'not placed yet'}"
            for i, c in enumerate(otoma.pawns)
        )
        lines.append(f"  the Otoma: {holdings(state, otoma.account)}")
        lines.append(f"  Otoma pawns: {where}")
    if tiles is not None and state.spends:
        for s in range(state.players):
            side = state.side_of[s]
            hand = " ".join(f"{TERRAIN_LETTERS[t]}{n}" for t, n in enumerate(tiles.hands[s]))
            lines.append(
                f"{marker(s)} {seat_name(state, s, kinds)}: pawns {PLAYER_LETTERS[side]}, "
                f"{state.reserve[side]} in supply; hand {hand}"
            )
    left = ", ".join(f"{TERRAIN_NAMES[t]} {n}" for t, n in enumerate(state.supply))
    lines.append(f"  cells without terrain: {left}")
    if tiles is not None and state.spends:
        tops = [
            f"{TERRAIN_NAMES[t]} {ARROW_LETTERS[tile.direction]}"
            for t, tile in enumerate(tiles.tops[state.current_player])
            if tile is not None
        ]
        if tops and not state.is_terminal():
            lines.append("  top tiles of the current hand (arrows): " + ", ".join(tops))
        if tiles.arrow is not None:
            lines.append(
                f"  spent tile's arrow: {tiles.arrow.word} (first step of a pawn on the board)"
            )
        columns = ", ".join(f"{TERRAIN_NAMES[t]} {len(c)}" for t, c in enumerate(tiles.columns))
        lines.append(f"  spent tiles on the diversity board: {columns}")
    return "\n".join(lines)


# -- choices, prompts, verdicts ------------------------------------------------------------------
def describe_actions(state: GameState) -> str:
    """The legal actions, grouped for reading: ``move c3 to: b3 d3``, ``offer: tokens 1 4``."""
    board = state.board
    groups: dict[str, list[str]] = {}
    offers = 0
    for code in state.legal_actions():
        kind, a, b = A.fields(code)
        if kind == Kind.OFFER:
            offers |= b
            continue
        if kind == Kind.ENTER:
            head, item = "enter", board.name(b)
        elif kind == Kind.MOVE:
            head, item = f"move {board.name(a)} to", board.name(b)
        elif kind == Kind.RETRIEVE:
            head, item = "retrieve", board.name(a)
        elif kind == Kind.DIVINE:
            head, item = "divine (level 1-5) at", board.name(a)
        elif kind == Kind.PLACE:
            words = state.action_text(code).split()
            head, item = f"place {words[1]} on", words[2]
        elif kind == Kind.HAND:
            assert state.tiles is not None
            wanted = state.terrain[state.tiles.wanted]
            held = state.tiles.hands[b][wanted]
            head = f"hand (the seat whose hand gives the {TERRAIN_NAMES[wanted].lower()} tile)"
            item = f"{b + 1} ({held} in hand)"
        else:  # pass, otoma, spend, tile
            head, _, item = state.action_text(code).partition(" ")
        items = groups.setdefault(head, [])
        if item and item not in items:
            items.append(item)
    lines = [f"{head}: {' '.join(items)}" if items else head for head, items in groups.items()]
    if offers:
        levels = " ".join(str(v) for v in token_levels(offers))
        lines.append(f"offer: tokens {levels} (or some of them)")
    if "pass" in lines:
        lines.append(lines.pop(lines.index("pass")))
    return "\n".join(lines)


def prompt(state: GameState) -> str:
    """What the seat to act may do now."""
    phase = state.phase
    if phase is Phase.TURN:
        return (
            "Explore (enter, move, retrieve) or divine"
            if state.retrieve
            else "Explore (enter, move) or divine"
        )
    if phase is Phase.DIVINING:
        if state.divine_all:
            return "divine with your next pawn on a tile without crop (all of them must)"
        return "divine again with another pawn, or pass"
    if phase is Phase.CHOOSE_OTOMA:
        assert state.tiles is not None and state.tiles.pending is not None
        return f"own-colour arrow: choose the Otoma pawn to move {state.tiles.pending.word} (otoma 1-5)"
    if phase is Phase.PLACE_OTOMA:
        return (
            "place an Otoma pawn on a start cell (place PAWN CELL): where each starts, and in "
            "which order, is yours to choose"
        )
    if phase is Phase.GIVE_TILE:
        assert state.tiles is not None
        terrain = TERRAIN_NAMES[state.terrain[state.tiles.wanted]].lower()
        return f"the {terrain} tile comes from a hand: the group chooses whose (hand SEAT)"
    return {
        Phase.OFFER: "offer tokens, or pass",
        Phase.END_DIVINE: "end phase: one divination, or pass (final)",
        Phase.FINAL_OFFER: "final offer, or pass",
        Phase.SPEND: "spend a tile (spend TERRAIN)",
    }.get(phase, "game over")


_COMMANDS = [
    ("enter CELL", "bring a pawn from your supply in at the edge; CELL is where it ends"),
    ("move FROM TO", "move one of your pawns"),
    ("retrieve CELL", "take a pawn back to your supply (this is your whole Explore)"),
    ("divine CELL LEVEL", "name the crop level (1-5) under your pawn on CELL"),
    ("offer [LEVEL...]", "offer tokens (no levels: all you hold); 2/3/4/5 tokens score 1/3/6/10"),
    ("pass", "stop divining, decline to offer, or pass in the end phase"),
    ("otoma PAWN", "own-colour arrow (hard): the Otoma pawn to move, by number or colour"),
    ("place PAWN CELL", "before the first turn: an Otoma pawn (number or colour) on a start cell"),
    ("hand SEAT", "co-op: the seat (1-4) whose hand gives the tile of the group's discovery"),
    (
        "spend TERRAIN",
        "spend the top tile of your stack of that terrain (valley, desert, forest, mountain)",
    ),
    ("actions", "list your legal actions"),
    ("board", "show the board and its legend"),
    ("undo", "take back your last decision"),
    ("save FILE", "write the game log"),
    ("help", "this text"),
    ("quit", "leave the game"),
]


def help_text(state: GameState) -> str:
    """The commands of this game, one a line, in two aligned columns."""
    skip = set()
    if not state.retrieve:
        skip.add("retrieve CELL")
    if not state.chooses_otoma():
        skip.add("otoma PAWN")
    if not state.spends:
        skip.add("spend TERRAIN")
        skip.add("hand SEAT")
    if not state.has_otoma:
        skip.add("place PAWN CELL")
    rows = [(c, d) for c, d in _COMMANDS if c not in skip]
    width = max(len(c) for c, _ in rows) + 2
    head = "Commands (cells are named column letter + row number, e.g. c3):"
    return "\n".join([head, *(f"  {c:<{width}}{d}" for c, d in rows)])
