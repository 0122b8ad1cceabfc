"""What a game is set up with, whatever the mode: its settings, the pawn colours, the seating.

A :class:`GameConfig` (mode, seats, difficulty, Otoma cells, colour, seed) is
everything needed to set a game up; :func:`pachaprint.engine.rules.modes.new_game`
takes it with a scenario. :class:`Mode` names the three ways to play; what a
mode is (its difficulties, its seats, its rulings and their hooks) is its class
in :mod:`~pachaprint.engine.rules.modes`, which checks a configuration
(:func:`~pachaprint.engine.rules.modes.check_config`) and seats it
(:class:`Seating`: which pawn colour and score account each seat plays, and
the Otoma's). Bad values raise :class:`ConfigError` naming the setting, so a
command line can point at the option.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from pachaprint.model.board import board_for
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


class Mode(Enum):
    """The name of each way to play (what a configuration, a log and a report carry); the
    mode itself, its rulings and hooks, is the class of that name
    (:func:`~pachaprint.engine.rules.modes.mode_class`)."""

    COMPETITIVE = "competitive"
    SOLO = "solo"
    COOP = "coop"

    @classmethod
    def parse(cls, word: str) -> Mode:
        """The mode named ``word`` (any case, spaces around); :class:`ConfigError` otherwise."""
        for mode in cls:
            if word.strip().lower() == mode.value:
                return mode
        names = [mode.value for mode in cls]
        raise ConfigError("mode", f"must be {', '.join(names[:-1])} or {names[-1]}, not {word!r}")


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


def check_otoma_disc(scenario: Scenario) -> None:
    """``ValueError`` for a scenario the Otoma cannot be played on: a tiny one, or one with
    fewer than five start cells."""
    if scenario.size != "long":
        raise ValueError(f"scenario {scenario.id}: solo and co-op use long scenarios only")
    if len(scenario.start_cells) < OTOMA_PAWNS:
        raise ValueError(
            f"scenario {scenario.id}: {plural(len(scenario.start_cells), 'start cell')}; the Otoma need {OTOMA_PAWNS}"
        )


def otoma_cells(scenario: Scenario, chosen: Sequence[str | int] | None = None) -> tuple[int, ...]:
    """The Otoma start cells, in list order (their pawn colours follow it).

    ``chosen`` (cell names or indexes) if given, else the scenario's
    ``solo.otoma``. A scenario that names none lets the players choose (in the
    game: :meth:`~pachaprint.engine.rules.modes.OtomaState.place_otoma`; here
    without a choice this is a ``ValueError``; see :func:`first_start_cells`
    for the bots' choice); co-op on easy places the first four. ``ValueError``
    with a readable message: tiny scenario, fewer than five start cells, no
    Otoma cells, a cell that is not a start cell, repeats.
    """
    board = scenario.board
    check_otoma_disc(scenario)
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


def rule_otoma_cells(start_cells: Sequence[int], pawns: int = OTOMA_PAWNS) -> tuple[int, ...]:
    """Where the bots place ``pawns`` Otoma pawns on a disc that names no Otoma start cells:
    on its first start cells in file order, pawn by pawn in colour order (placed in
    reading order, so that they score as the cells a disc names do)."""
    return tuple(start_cells[:pawns])


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
    """The Otoma cells a scenario names, else the bots' choice (:func:`rule_otoma_cells`)."""
    if scenario.otoma:
        return otoma_cells(scenario)
    return otoma_cells(scenario, rule_otoma_cells(scenario.start_cells))


@dataclass(frozen=True)
class GameConfig:
    """Everything that sets a game up, whatever the mode: the settings as given.

    ``seed`` fixes every draw of the game: the first player, the shuffled tile
    stacks (solo) or dealt hands (co-op), and the bots' choices (see
    :func:`pachaprint.engine.rules.modes.draw_setup`). ``first_player`` and
    ``tiles_seed`` override the draws (a scripted game, or a log that recorded
    them). The mode's class checks the settings it has
    (:func:`~pachaprint.engine.rules.modes.check_config`, which
    :func:`~pachaprint.engine.rules.modes.new_game` calls): a ``ConfigError``
    names the first that does not fit.
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
    choices_by_rule: bool = False
    """The choices the rules leave to the players (where the Otoma start on a disc that
    names no start cells for them, which hand gives a co-op tile) are taken by the bots'
    rule as the game goes (:meth:`~pachaprint.engine.rules.state.GameState.rule_choice`),
    not asked: a game saved before the players made them (log format 2)."""
