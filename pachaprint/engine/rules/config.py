"""One game configuration for every mode, and the rules each mode composes.

A :class:`GameConfig` (mode, seats, difficulty, Otoma cells, colour, seed) is
everything needed to set a game up; :func:`pachaprint.engine.rules.game.new_game`
takes it with a scenario. :class:`Mode` names the three ways to play and
gives their :class:`Rules` (the rulings of docs/rules.md that differ, one switch
each) and their :class:`Seating` (which pawn colour and score account each
seat plays, and the Otoma's). Bad values raise :class:`ConfigError` naming
the setting, so a command line can point at the option.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Final

from pachaprint.model.board import board_for
from pachaprint.model.rules import PLAYER_COUNTS, explorer_pawns
from pachaprint.model.scenario import Scenario
from pachaprint.model.text import plural

PLAYER_COLOURS: Final = ("brown", "white", "green", "blue")
"""The four explorer pawn colours, in the order the solo ruling lists them."""
OTOMA_ONLY_COLOURS: Final = ("purple", "yellow")
"""The two pawns that belong to the Otoma alone."""
PAWN_COLOURS: Final = PLAYER_COLOURS + OTOMA_ONLY_COLOURS
OTOMA_PAWNS: Final = 5


class ConfigError(ValueError):
    """A setting that does not fit the mode; ``setting`` names it (``players``, ``difficulty``, ...)."""

    def __init__(self, setting: str, message: str):
        super().__init__(message)
        self.setting = setting


@dataclass(frozen=True)
class Rules:
    """What a mode changes in the game, one ruling per switch (docs/rules.md sections 3-5)."""

    retrieve: bool = False
    """A pawn may go back to supply as the whole Explore (competitive)."""
    end_phase: bool = False
    """The last terrain tile starts the end-phase divinations (competitive); otherwise
    the game ends after that turn (solo) or when no one holds a tile (co-op)."""
    divine_all: bool = False
    """A Divine turn divines with every eligible pawn and a mistake stops nothing (solo)."""
    arrows: bool = False
    """An Explore ending on a tile without crop moves the Otoma pawn of its arrow's colour (solo)."""
    choose_on_own_arrow: bool = False
    """An own-colour arrow ends the turn: the player moves an Otoma pawn of their choice (hard solo)."""
    spend: bool = False
    """A turn starts by spending a tile from one's hand; its arrow forces a pawn's first
    step; moves never pass a cell twice nor stop on a crop (co-op)."""
    lines: bool = False
    """After an Explore the Otoma in the moved pawn's row and column move away from it (co-op)."""
    shared: bool = False
    """The seats share one account; the Otoma take tokens, offer with the group and
    score the cells left without terrain (co-op)."""


class Mode(Enum):
    """The three ways to play."""

    COMPETITIVE = "competitive"
    SOLO = "solo"
    COOP = "coop"

    @property
    def difficulties(self) -> tuple[str, ...]:
        """Solo easy/hard, co-op easy/normal/expert, none for the competitive game."""
        return _DIFFICULTIES[self]

    @property
    def default_difficulty(self) -> str | None:
        return _DEFAULT_DIFFICULTY[self.value]

    @property
    def seat_counts(self) -> tuple[int, ...]:
        return (1,) if self is Mode.SOLO else PLAYER_COUNTS

    @property
    def has_otoma(self) -> bool:
        return self is not Mode.COMPETITIVE

    def rules(self, difficulty: str | None) -> Rules:
        if self is Mode.COMPETITIVE:
            return Rules(retrieve=True, end_phase=True)
        if self is Mode.SOLO:
            return Rules(divine_all=True, arrows=True, choose_on_own_arrow=difficulty == "hard")
        return Rules(spend=True, lines=True, shared=True)

    @classmethod
    def parse(cls, word: str) -> Mode:
        for mode in cls:
            if word.strip().lower() == mode.value:
                return mode
        raise ConfigError("mode", f"must be competitive, solo or coop, not {word!r}")


_DEFAULT_DIFFICULTY: Final = {"competitive": None, "solo": "easy", "coop": "normal"}
_DIFFICULTIES: Final = {
    Mode.COMPETITIVE: (),
    Mode.SOLO: ("easy", "hard"),
    Mode.COOP: ("easy", "normal", "expert"),
}


def check_difficulty(mode: Mode, difficulty: str) -> str:
    """``difficulty`` if the mode has it, else :class:`ConfigError`."""
    if mode is Mode.COMPETITIVE:
        raise ConfigError("difficulty", "applies to --mode solo or coop only")
    if difficulty not in mode.difficulties:
        raise ConfigError(
            "difficulty",
            f"for {mode.value} must be {', '.join(mode.difficulties)}, not {difficulty!r}",
        )
    return difficulty


def check_seats(mode: Mode, seats: int) -> int:
    """``seats`` if the mode has that many, else :class:`ConfigError`."""
    if seats not in mode.seat_counts:
        if mode is Mode.SOLO:
            raise ConfigError("players", f"solo has one seat (human or a bot), not {seats}")
        what = "co-op" if mode is Mode.COOP else "the competitive game"
        raise ConfigError("players", f"{what} has 2 to 4 seats, not {seats}")
    return seats


@dataclass(frozen=True)
class Seating:
    """Who plays what: per seat its pawn colour side and score account, and the Otoma's.

    Sides index the pawn lists (``pawn_mask``, ``reserve``); accounts index the
    score lists (``score``, ``stones``, ``tokens``, ``points``). Competitive:
    seat = side = account. Solo: the player is side and account 0, the Otoma
    side and account 1. Co-op: one colour per seat (at four, two pairs share a
    colour each, alternating round the table), one shared account 0, the Otoma
    the last side and account 1.
    """

    side_of: tuple[int, ...]
    account_of: tuple[int, ...]
    colours: tuple[str, ...]
    """Pawn colour per side (the Otoma's side, if any, last)."""
    pawns: tuple[int, ...]
    """Explorer pawns in supply at the start, per side (0 for the Otoma)."""
    accounts: int
    otoma_colours: tuple[str, ...] = ()
    """Colour per Otoma pawn, in setup order; empty without Otoma."""

    @property
    def otoma_names(self) -> tuple[str, ...]:
        """A name per Otoma pawn, each its own (see :func:`pawn_names`)."""
        return pawn_names(self.otoma_colours)

    @property
    def otoma_side(self) -> int:
        return len(self.colours) - 1

    @property
    def otoma_account(self) -> int:
        return self.accounts - 1


def seating(mode: Mode, players: int, difficulty: str | None, colour: str) -> Seating:
    """The :class:`Seating` of a game (see there)."""
    if mode is Mode.COMPETITIVE:
        seats = tuple(range(players))
        pawns = (explorer_pawns(players),) * players
        return Seating(seats, seats, PLAYER_COLOURS[:players], pawns, players)
    if mode is Mode.SOLO:
        otoma = otoma_colours(colour)
        return Seating((0,), (0,), (colour, "otoma"), (explorer_pawns(2), 0), 2, otoma)
    colours = 2 if players == 4 else players
    level = difficulty or "normal"
    per_colour = {2: 4, 3: 3, 4: 4}[players] - (1 if level == "expert" else 0)
    count = OTOMA_PAWNS - 1 if level == "easy" else OTOMA_PAWNS
    unused = PLAYER_COLOURS[colours:]  # the Otoma pawns beyond purple and yellow
    return Seating(
        tuple(s % colours for s in range(players)),
        (0,) * players,
        (*PLAYER_COLOURS[:colours], "otoma"),
        (per_colour,) * colours + (0,),
        2,
        OTOMA_ONLY_COLOURS + tuple(unused[i % len(unused)] for i in range(count - 2)),
    )


def pawn_names(colours: Sequence[str]) -> tuple[str, ...]:
    """Names that tell apart pawns of one colour: at two players co-op puts two green
    Otoma pawns on the board, ``green`` and ``green 2`` (the first keeps the plain
    colour, which the tile arrows of that colour move)."""
    seen: dict[str, int] = {}
    names = []
    for colour in colours:
        seen[colour] = seen.get(colour, 0) + 1
        names.append(colour if seen[colour] == 1 else f"{colour} {seen[colour]}")
    return tuple(names)


def otoma_colours(player_colour: str) -> tuple[str, ...]:
    """The solo Otoma pawn colours when the player uses ``player_colour`` (docs/rules.md, ruling R8).

    Purple, yellow, then the player colours other than the player's, in the order
    brown, white, green, blue.
    """
    if player_colour not in PLAYER_COLOURS:
        raise ConfigError(
            "colour", f"must be one of {', '.join(PLAYER_COLOURS)}, not {player_colour!r}"
        )
    return OTOMA_ONLY_COLOURS + tuple(c for c in PLAYER_COLOURS if c != player_colour)


def otoma_cells(scenario: Scenario, chosen: Sequence[str | int] | None = None) -> tuple[int, ...]:
    """The Otoma start cells, in list order (their pawn colours follow it).

    ``chosen`` (cell names or indexes) if given, else the scenario's
    ``solo.otoma``. A scenario that names none lets the player choose: without
    a choice this is a ``ValueError`` (see :func:`first_start_cells` for the
    bots' choice); co-op on easy places the first four. ``ValueError``
    with a readable message: tiny scenario, fewer than five start cells, no
    Otoma cells, a cell that is not a start cell, repeats.
    """
    board = scenario.board
    if scenario.size != "long":
        raise ValueError(f"scenario {scenario.id}: solo and co-op use long scenarios only")
    if len(scenario.start_cells) < OTOMA_PAWNS:
        raise ValueError(
            f"scenario {scenario.id}: {plural(len(scenario.start_cells), 'start cell')}; the Otoma need {OTOMA_PAWNS}"
        )
    if chosen is None:
        if not scenario.otoma:
            raise ValueError(
                f"scenario {scenario.id} names no Otoma start cells (solo.otoma); choose {OTOMA_PAWNS} start cells"
            )
        chosen = scenario.otoma
    cells: list[int] = []
    for item in chosen:
        if isinstance(item, str):
            if not board.has(item):
                raise ValueError(f"{item!r} is not a cell of the long board")
            item = board.index(item)
        if item not in scenario.start_cells:
            raise ValueError(
                f"{board.name(item)} is not a start cell (the Otoma start on starting crop tiles)"
            )
        if item in cells:
            raise ValueError(f"{board.name(item)} is named twice as an Otoma start cell")
        cells.append(item)
    if len(cells) != OTOMA_PAWNS:
        raise ValueError(f"the Otoma need exactly {OTOMA_PAWNS} start cells, not {len(cells)}")
    return tuple(cells)


def check_otoma_names(names: Sequence[str]) -> tuple[str, ...]:
    """``names`` if they can be the Otoma's start cells on some long disc: five cells of the
    long board, none twice. :class:`ConfigError` otherwise (whether they are start cells
    is a question for the disc: :func:`otoma_cells`)."""
    board = board_for("long")
    for name in names:
        if not board.has(name):
            raise ConfigError(
                "otoma",
                f"{name!r} is not a cell of the long board (a1 to {board.name(board.cell_count - 1)})",
            )
    repeated = next((name for n, name in enumerate(names) if name in names[:n]), None)
    if repeated is not None:
        raise ConfigError("otoma", f"{repeated} is named twice")
    if len(names) != OTOMA_PAWNS:
        raise ConfigError(
            "otoma",
            f"name exactly {OTOMA_PAWNS} start cells, one per Otoma pawn, not {len(names)}",
        )
    return tuple(names)


def first_start_cells(scenario: Scenario) -> tuple[int, ...]:
    """The Otoma cells a scenario names, else its first five start cells in file order (the bots' choice)."""
    return otoma_cells(scenario, None if scenario.otoma else scenario.start_cells[:OTOMA_PAWNS])


@dataclass(frozen=True)
class GameConfig:
    """Everything that sets a game up, whatever the mode.

    ``seed`` fixes every draw of the game: the first player, the shuffled tile
    stacks (solo) or dealt hands (co-op), and the bots' choices (see
    :func:`pachaprint.engine.rules.game.draw_setup`). ``first_player`` and
    ``tiles_seed`` override the draws (a scripted game, or a log that recorded
    them). ``ConfigError`` for settings the mode does not have.
    """

    mode: Mode = Mode.COMPETITIVE
    players: int = 2
    """Seats: 2-4 competitive or co-op, 1 solo."""
    difficulty: str | None = None
    """Solo easy or hard, co-op easy, normal or expert; ``None``: the mode's default."""
    otoma: tuple[str, ...] | None = None
    """Otoma start cells (names); ``None``: see :func:`otoma_cells`."""
    colour: str = "brown"
    """Solo: the player's pawn colour (the Otoma take the others)."""
    seed: int = 0
    first_player: int | None = None
    tiles_seed: int | None = None
    rules: Rules = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_seats(self.mode, self.players)
        if self.difficulty is not None:
            check_difficulty(self.mode, self.difficulty)
        if self.otoma is not None and not self.mode.has_otoma:
            raise ConfigError("otoma", "applies to --mode solo or coop only")
        if self.otoma is not None:
            check_otoma_names(self.otoma)
        if self.mode is Mode.SOLO:
            otoma_colours(self.colour)
        if self.first_player is not None and not 0 <= self.first_player < self.players:
            raise ConfigError(
                "first_player", f"{self.first_player} is not a seat of {self.players} players"
            )
        object.__setattr__(self, "rules", self.mode.rules(self.level))

    @cached_property
    def level(self) -> str | None:
        """The difficulty played (the mode's default when none is given)."""
        return self.difficulty or self.mode.default_difficulty

    @property
    def seating(self) -> Seating:
        return seating(self.mode, self.players, self.level, self.colour)
