"""What the page may see of the game: the public table, the choices of the person to play, the story.

Everything the server answers about the game is made here, and only from what
the rules let the players see: a :class:`~pachaprint.engine.rules.view.PlayerView`
(the open tiles, pawns, scores, stones, tokens, supplies: never the wheel),
the events that happened (told in words by :mod:`pachaprint.play.story`, as the
terminal game tells them),
and, in co-op, the top tiles of the seat to play when a person plays it (each
hand lies behind its screen). The legal actions are the engine's own codes,
listed only when a person is to decide. The game's seed, which fixes the
deal of every hand and stack, stays on the server.
"""

from __future__ import annotations

from typing import Any

from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind, token_levels
from pachaprint.engine.rules.events import Event, EventKind, Phase
from pachaprint.engine.rules.otoma import OtomaMove
from pachaprint.engine.rules.state import GameState
from pachaprint.engine.rules.view import PlayerView
from pachaprint.model.rules import OFFERING_POINTS, TERRAIN_LETTERS
from pachaprint.play.story import TERRAIN_NAMES, account_name, event_text, seat_name, summary
from pachaprint.table import panels, pictures
from pachaprint.table.game import TableGame

KIND_WORDS = {kind: kind.name.lower() for kind in Kind}
Point = tuple[float, float]


# -- names ---------------------------------------------------------------------------------
def seat_names(state: GameState, kinds: list[str]) -> list[str]:
    """``Player A (human)``; co-op ``Player 2 (white, logician)``: the log's words."""
    return [_capital(seat_name(state, seat, kinds)) for seat in range(state.players)]


def account_names(state: GameState, kinds: list[str]) -> list[str]:
    """Who scores on each account: the players, or the player or group and the Otoma."""
    return [_capital(account_name(state, a, kinds)) for a in range(len(state.score))]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- the table -------------------------------------------------------------------------------
def viewer(game: TableGame) -> PlayerView:
    """The public table, seen from the seat to play (seat 1 once the game is over)."""
    state = game.state
    return state.view(0 if state.is_terminal() else state.current_player)


def hand_seat(game: TableGame) -> int | None:
    """The co-op seat whose top tiles the page may show: the seat to play, if a person's (its
    hand lies behind its screen: every other seat's too)."""
    if game.state.spends and game.human_to_play:
        return game.state.current_player
    return None


def table(game: TableGame) -> dict[str, Any]:
    """Everything the page shows of the game now (see the module documentation)."""
    state, kinds = game.state, game.kinds
    view = viewer(game)
    names = seat_names(state, kinds)
    accounts = account_names(state, kinds)
    shown, known = game.decisions()
    over = state.is_terminal()
    undo = game.undo_refusal()
    return {
        "moment": game.moment,
        "scenario": {
            "name": game.scenario.name,
            "id": game.scenario.id,
            "author": game.scenario.author or "",
            "size": game.scenario.size,
        },
        "mode": state.mode.value,
        "difficulty": state.level,
        "seats": [
            {
                "seat": seat,
                "name": names[seat],
                "kind": kinds[seat],
                "colour": view_colour(view, seat),
            }
            for seat in range(state.players)
        ],
        "accounts": [
            {
                "name": accounts[account],
                "colour": colour,
                "score": view.score[account],
                "stones": dict(zip(TERRAIN_LETTERS, view.stones[account], strict=True)),
                "tokens": token_levels(view.tokens[account]),
                "start": setup_words(state, view, account),
            }
            for account, colour in enumerate(panels.account_colours(view))
        ],
        "seat": None if over else state.current_player,
        "to_play": game.to_play,
        "phase": state.phase.name.lower(),
        "turn": state.turn,
        "prompt": "" if over else prompt(state),
        "live": game.live,
        "position": {"shown": shown, "known": known},
        "over": over,
        "summary": summary(state, kinds) if over else "",
        "undo": {"possible": undo is None, "why_not": undo or ""},
        "cells": cells(view),
        "supply": dict(zip(TERRAIN_LETTERS, view.supply, strict=True)),
        "legal": legal(state, kinds) if game.human_to_play else [],
        "log": log_lines(state, kinds),
        "pictures": layers(game, view, [*names, *accounts]),
    }


def setup_words(state: GameState, view: PlayerView, account: int) -> str:
    """How an account's score began, where the setup scored it (the Otoma, placed on their
    start cells: each cell's crop level and the diversity its terrain scores), else ``""``."""
    placed = [e for e in state.events or [] if e.what is EventKind.OTOMA_SETUP and e.who == account]
    if not placed:
        return ""
    total = sum(e.points for e in placed)
    crops = [view.crop[e.cell] for e in placed]
    pawns = f"{len(placed)} pawn{'s' if len(placed) != 1 else ''}"
    return (
        f"Started with {total} at setup: {sum(crops)} for the crops under their {pawns} "
        f"({' + '.join(map(str, crops))}), {total - sum(crops)} for the diversity of those "
        "terrains."
    )


def view_colour(view: PlayerView, seat: int) -> str:
    seats = pictures.seating_of(view)
    return seats.colours[seats.side_of[seat]]


def cells(view: PlayerView) -> list[dict[str, Any]]:
    """Per cell in play: its name, and what lies open there."""
    board = view.board
    arrows = view.tiles.arrows if view.tiles is not None else ()
    colours = pictures.side_colours(view)
    otoma = dict(zip(view.otoma_pawns, view.otoma_colours, strict=False))
    found = []
    for cell in board.cells:
        terrain, side = view.terrain[cell], view.owner[cell]
        entry: dict[str, Any] = {"cell": board.name(cell)}
        if terrain >= 0:
            entry["terrain"] = TERRAIN_LETTERS[terrain]
        if view.crop[cell]:
            entry["crop"] = view.crop[cell]
        if side >= 0:
            entry["pawn"] = otoma.get(cell) or colours[side]
            if cell in otoma:
                entry["otoma"] = view.otoma_pawns.index(cell) + 1
            else:
                entry["side"] = side
        arrow = arrows[cell] if arrows else None
        if arrow is not None and terrain >= 0 and not view.crop[cell]:
            entry["arrow"] = {"colour": arrow[0], "direction": "NESW"[arrow[1]]}
        found.append(entry)
    return found


def layers(game: TableGame, view: PlayerView, names: list[str]) -> dict[str, str]:
    """The SVG layers of the pictures (their bases: :func:`bases`)."""
    return {
        "board": pictures.markup(pictures.board_layer(view), "bl"),
        "diversity": pictures.markup(panels.diversity_layer(view), "dl"),
        "score": pictures.markup(panels.score_layer(view), "sl"),
        "supplies": pictures.markup(panels.supplies(view, names, hand_seat(game)), "su"),
    }


def bases(size: str) -> dict[str, str]:
    """The SVG of the printed boards under the layers (the same all game)."""
    return {
        "board": pictures.markup(pictures.board_base(size), "bb"),
        "diversity": pictures.markup(panels.diversity_base(), "db"),
        "score": pictures.markup(panels.score_base(), "sb"),
    }


# -- the choices of the person to play -----------------------------------------------------------
def prompt(state: GameState) -> str:
    """What the seat to play decides now, in a sentence."""
    phase, tiles = state.phase, state.tiles
    if phase is Phase.TURN:
        words = "Explore (bring a pawn in from your supply, move a pawn"
        words += ", or take one back) or divine" if state.retrieve else ") or divine"
        if tiles is not None and tiles.arrow is not None:
            words += (
                f"; the spent tile's arrow points {tiles.arrow.word}: a pawn on the board "
                "takes its first step that way"
            )
        return words
    if phase is Phase.DIVINING:
        if state.divine_all:
            return "Divine under your next pawn on a tile without crop (every one of them must)"
        return "Divine again under another pawn on a tile without crop, or pass"
    if phase is Phase.CHOOSE_OTOMA and tiles is not None and tiles.pending is not None:
        return f"The arrow has your colour: choose the Otoma pawn that moves {tiles.pending.word}"
    if phase is Phase.PLACE_OTOMA:
        return (
            "Place the Otoma pawns on start cells: pick a pawn, then its cell; where each "
            "starts, and in which order, is yours to choose (each scores as it is placed)"
        )
    if phase is Phase.GIVE_TILE and tiles is not None and tiles.wanted >= 0:
        terrain = TERRAIN_NAMES[state.terrain[tiles.wanted]].lower()
        return f"The {terrain} tile for {state.board.name(tiles.wanted)} comes from a hand: agree whose"
    return {
        Phase.OFFER: "Offer some of your offering tokens, or keep them",
        Phase.FINAL_OFFER: "Last offer: offer some of the tokens, or keep them",
        Phase.END_DIVINE: "End of the game: one divination, or pass for good",
        Phase.SPEND: "Spend the top tile of one of your stacks: its arrow sets the first step",
    }.get(phase, "")


def legal(state: GameState, kinds: list[str]) -> list[dict[str, Any]]:
    """Every legal action now: its code (what the page sends back), kind, cells and words."""
    board = state.board
    found = []
    for code in state.legal_actions():
        kind, a, b = A.fields(code)
        entry: dict[str, Any] = {
            "code": code,
            "kind": KIND_WORDS[Kind(kind)],
            "text": state.action_text(code),
        }
        if kind == Kind.ENTER:
            entry["to"] = board.name(b)
        elif kind == Kind.MOVE:
            entry["from"], entry["to"] = board.name(a), board.name(b)
        elif kind == Kind.RETRIEVE:
            entry["cell"] = board.name(a)
        elif kind == Kind.DIVINE:
            entry["cell"], entry["level"] = board.name(a), b
        elif kind == Kind.OFFER:
            entry["tokens"] = token_levels(b)
            entry["points"] = OFFERING_POINTS[b.bit_count()]
        elif kind == Kind.OTOMA and state.otoma is not None:
            entry["pawn"], entry["colour"] = b + 1, state.otoma.colours[b]
            entry["name"] = state.seating.otoma_names[b]  # green 2 where two are green
            entry["cell"] = board.name(state.otoma.pawns[b])
        elif kind == Kind.SPEND and state.tiles is not None:
            entry["terrain"] = TERRAIN_LETTERS[b]
            top = state.tiles.tops[state.current_player][b]
            entry["arrow"] = top.direction.word if top is not None else ""
        elif kind == Kind.PLACE and state.otoma is not None:
            entry["pawn"], entry["colour"] = a + 1, state.otoma.colours[a]
            entry["name"] = state.seating.otoma_names[a]
            entry["cell"] = board.name(b)
        elif kind == Kind.HAND and state.tiles is not None:
            wanted = state.terrain[state.tiles.wanted]
            entry["seat"], entry["name"] = b, _capital(seat_name(state, b, kinds))
            entry["terrain"] = TERRAIN_LETTERS[wanted]
            entry["held"] = state.tiles.hands[b][wanted]
        found.append(entry)
    return found


# -- what happened ---------------------------------------------------------------------------------
def _otoma_moves(state: GameState, events: list[Event]) -> dict[int, OtomaMove]:
    """The Otoma move of each ``otoma-move`` or ``otoma-stays`` event, by event index."""
    if state.otoma is None:
        return {}
    moving = [
        i for i, e in enumerate(events) if e.what in (EventKind.OTOMA_MOVE, EventKind.OTOMA_STAYS)
    ]
    return dict(zip(moving, state.otoma.moves, strict=False))


def log_lines(state: GameState, kinds: list[str]) -> list[str]:
    """The whole game so far in words, one event a line."""
    events = state.events or []
    moves = _otoma_moves(state, events)
    lines = []
    for index, event in enumerate(events):
        text = _event_text(state, event, kinds, moves.get(index))
        if text:
            lines.append(_capital(text))
    return lines


def _event_text(
    state: GameState, event: Event, kinds: list[str], move: OtomaMove | None
) -> str | None:
    if event.what is EventKind.OTOMA_MOVE and move is not None and state.otoma is not None:
        pawn = f"Otoma pawn {move.pawn + 1} ({move.colour})"
        return f"{pawn} goes {move.path.describe(state.board)}"
    return event_text(state, event, kinds)


def story(game: TableGame, events: list[Event]) -> list[dict[str, Any]]:
    """What a decision caused, one step per event a person reads: its words, and where to draw
    it on the board (an arrow or path in the board's millimetres, points at a cell)."""
    state, board = game.state, game.state.board
    every = state.events or []
    first = len(every) - len(events)
    moves = _otoma_moves(state, every)
    steps = []
    for index, event in enumerate(events, start=first):
        text = _event_text(state, event, game.kinds, moves.get(index))
        if not text:
            continue
        step: dict[str, Any] = {"text": _capital(text), "what": event.what.value}
        cell = event.cell
        if event.what is EventKind.MOVE:
            step["path"] = [
                pictures.cell_centre(board, event.value),
                pictures.cell_centre(board, cell),
            ]
        elif event.what is EventKind.ENTER:
            step["path"] = [pictures.edge_point(board, cell), pictures.cell_centre(board, cell)]
        elif event.what is EventKind.OTOMA_MOVE and index in moves:
            step["path"] = otoma_path(game, moves[index])
        if cell >= 0:
            step["cell"] = board.name(cell)
            step["at"] = pictures.cell_centre(board, cell)
        if event.what in POINTS_EVENTS and (event.points or event.what is EventKind.WRONG):
            step["points"] = f"{event.points:+d}"
        steps.append(step)
    return steps


POINTS_EVENTS = frozenset(
    {
        EventKind.DISCOVER,
        EventKind.DIVINE,
        EventKind.WRONG,
        EventKind.OTOMA_SETUP,
        EventKind.OTOMA_CROP,
    }
)


def otoma_path(game: TableGame, move: OtomaMove) -> list[Point]:
    """The way an Otoma pawn went: through the centres of the cells it crossed, and round the
    printed trails it followed."""
    board, path = game.state.board, move.path
    points = [pictures.cell_centre(board, path.start)]
    via = {index: (left, entered) for index, left, entered in path.trails}
    for index, cell in enumerate(path.cells):
        if index in via:
            points += pictures.trail_points(board, *via[index])
        points.append(pictures.cell_centre(board, cell))
    return points
