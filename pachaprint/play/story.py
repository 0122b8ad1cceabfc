"""A game told in words: who acted, what happened, and the verdict.

The terminal game (:mod:`pachaprint.terminal`) writes these lines as they
happen and the browser table (:mod:`pachaprint.table`) shows them in its log and
its story of a decision: one narration for both. Every function reads a
:class:`~pachaprint.engine.rules.state.GameState` of any mode; who is named how
(a player by letter, a co-op seat by number and colour, the group, the Otoma)
follows the mode's rulings (a shared account is the group's).
"""

from __future__ import annotations

from collections.abc import Sequence

from pachaprint.engine.rules.actions import token_levels
from pachaprint.engine.rules.events import Ending, Event, EventKind
from pachaprint.engine.rules.movement import Direction
from pachaprint.engine.rules.state import GameState
from pachaprint.model.rules import CROP_NAMES, TERRAIN_LETTERS, Terrain

PLAYER_LETTERS = "ABCD"
"""The letter of each seat's pawns and account (``player A``)."""
TERRAIN_NAMES = [Terrain(letter).label for letter in TERRAIN_LETTERS]


def points(n: int) -> str:
    """``1 point``, ``-1 point``, ``3 points``."""
    return f"{n} point" if n in (1, -1) else f"{n} points"


def seat_name(state: GameState, seat: int, kinds: Sequence[str]) -> str:
    """``player A (human)``; with a shared account (co-op) ``player 2 (white, logician)``."""
    kind = kinds[seat] if seat < len(kinds) else "?"
    if state.shared:
        return f"player {seat + 1} ({state.seating.colours[state.side_of[seat]]}, {kind})"
    return f"player {PLAYER_LETTERS[seat]} ({kind})"


def account_name(state: GameState, account: int, kinds: Sequence[str]) -> str:
    """Who scores on an account: a player, ``the group`` or ``the Otoma``."""
    if state.otoma is not None and account == state.otoma.account:
        return "the Otoma"
    if state.shared:
        return "the group"
    return seat_name(state, account, kinds)


_EVENT_TEXT = {
    EventKind.ENTER: "{actor} enters a pawn to {cell}",
    EventKind.MOVE: "{actor} moves {start} to {cell}",
    EventKind.RETRIEVE: "{actor} retrieves the pawn on {cell}",
    EventKind.DISCOVER: "{cell} is {terrain}: {account} score{s} {points}",
    EventKind.DIVINE: "{account} divine{s} {cell} right: {crop} ({value}), +{gain}",
    EventKind.WRONG: "{account} divine{s} {cell} wrong: it is {crop} ({value}), {points}",
    EventKind.OFFER: "{account} offer{s} {tokens}: +{gain}",
    EventKind.SKIP: "{actor} can neither explore nor divine and skips the turn",
    EventKind.OVER: "The game is over.",
    EventKind.OTOMA_SETUP: "{pawn} starts on {cell}: +{gain}",
    EventKind.OTOMA_STAYS: "{pawn} finds no cell without terrain and stays on {cell}",
    EventKind.OTOMA_CROP: "the Otoma find {crop} ({value}) on {cell}: +{gain}",
    EventKind.OWN_ARROW: "the arrow on {cell} has the player's own colour ({direction})",
    EventKind.SPEND: "{actor} spends a {terrain_word} tile",
    EventKind.NO_TILE: "{actor} holds no terrain tile: no spending this turn",
    EventKind.HAND: "{actor} gives the {terrain_word} tile for {cell} from their hand",
    EventKind.BLOCKED: (
        "No tile can be discovered any more: no Explore reaches the {value} cell{cells} left "
        "without terrain, not even through an arrow that sends an Otoma pawn there. "
        "Last turn (our ruling): {actor} divine{s} with every pawn on a tile without a crop, "
        "may offer, and the game ends"
    ),
    EventKind.OTOMA_EMPTY: "the Otoma score 1 point for each of the {value} cells without terrain",
}


def event_text(state: GameState, event: Event, kinds: Sequence[str]) -> str | None:
    """The line telling an event, or ``None`` for an event not told."""
    board, what, who, value = state.board, event.what, event.who, event.value
    otoma = state.otoma
    template = _EVENT_TEXT.get(what)
    if what is EventKind.END_PHASE:
        if state.end_phase:
            return (
                "The last terrain tile is placed: end phase (one divination each in turn, or pass)"
            )
        return "No one holds a terrain tile any more: final offers"
    if template is None and what is not EventKind.OTOMA_MOVE:
        return None  # passes: the prompt of the next decision tells enough
    account = account_name(state, who, kinds) if who >= 0 else ""
    count = len(token_levels(value))
    pawn = ""
    if otoma is not None and what in (
        EventKind.OTOMA_SETUP,
        EventKind.OTOMA_MOVE,
        EventKind.OTOMA_STAYS,
    ):
        pawn = f"Otoma pawn {value + 1} ({state.seating.otoma_names[value]})"
        if what is EventKind.OTOMA_MOVE:
            move = next(m for m in reversed(otoma.moves) if m.pawn == value)
            return f"{pawn} goes {move.path.describe(board)}"
    assert template is not None
    return template.format(
        actor=seat_name(state, who, kinds) if 0 <= who < state.players else "",
        account=account,
        s="" if account == "the Otoma" else "s",  # "the Otoma score", "the group scores"
        cell=board.name(event.cell) if event.cell >= 0 else "",
        start=board.name(value) if what is EventKind.MOVE else "",
        terrain=TERRAIN_NAMES[value % 4],
        terrain_word=TERRAIN_NAMES[value % 4].lower(),
        crop=CROP_NAMES.get(value, ""),
        direction=Direction(value % 4).word,
        tokens=f"{count} token{'s' if count != 1 else ''}",
        pawn=pawn,
        value=value,
        cells="" if value == 1 else "s",
        gain=event.points,
        points=points(event.points),
    )


def summary(state: GameState, kinds: Sequence[str]) -> str:
    """The verdict once the game is over."""
    if state.otoma is not None:
        us, them = state.score[0], state.score[state.otoma.account]
        name = account_name(state, 0, kinds)
        early = ""
        if state.ending is Ending.SHUT_OUT:
            left = state.hidden_left
            early = (
                f"The game ended early: no tile could be discovered any more, so the "
                f"{left} cell{'' if left == 1 else 's'} left without terrain "
                f"score{'s' if left == 1 else ''} for no one.\n"
            )
        if state.winners():
            return f"{early}{name} {'win' if state.shared else 'wins'} ({us} to {them})."
        tie = " (a tie goes to the Otoma)" if us == them else ""
        return f"{early}The Otoma win ({them} to {us}){tie}."
    ranking = state.ranking()
    lines = ["Final ranking (score, then levels advanced on the diversity board):"]
    for p in sorted(range(state.players), key=lambda q: (ranking[q], q)):
        lines.append(
            f"  {ranking[p]}. {seat_name(state, p, kinds)}: {points(state.score[p])}, {state.tie_break(p)} levels"
        )
    winners = state.winners()
    if len(winners) > 1:
        lines.append(
            "The victory is shared by "
            + " and ".join(seat_name(state, p, kinds) for p in winners)
            + "."
        )
    else:
        lines.append(f"{seat_name(state, winners[0], kinds)} wins.")
    return "\n".join(lines)
