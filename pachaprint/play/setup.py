"""A game at a table: its configuration, and who sits at each seat (a person or a bot).

:class:`PlayConfig` is what the terminal game and the browser table start a game
from, made from the words of a command line or a form (:meth:`PlayConfig.parse`)
or from a saved game (:meth:`PlayConfig.resuming`); :meth:`PlayConfig.bots`
seats the bots, each drawing its choices from the game's seed.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from pachaprint.engine.bots import BOT_NAMES, HUMAN, Bot, make_bot
from pachaprint.engine.rules.config import ConfigError, GameConfig, Mode
from pachaprint.engine.rules.log import SavedGame
from pachaprint.engine.rules.modes import check_config, check_seats, draw_setup, mode_class


def seats_for(
    mode: Mode,
    seats: str | None,
    line_up: tuple[str, ...] | None = None,
    bots: tuple[str, ...] = BOT_NAMES,
) -> tuple[str, ...]:
    """The seats of a game from ``human,logician``-style words, each ``human`` or one of
    ``bots``, or from a number of seats (``3``): the default line-up with its last entry
    repeated. The default line-up is ``line_up``, else a person against a logician (a
    person alone in solo); without ``seats``, it is the game's seats.
    :class:`~pachaprint.engine.rules.config.ConfigError` (setting ``players``) otherwise."""
    alone = mode_class(mode).seat_counts == (1,)
    default = line_up or ((HUMAN,) if alone else (HUMAN, "logician"))
    if seats is None:
        return default
    if re.fullmatch(r"\s*[0-9]+\s*", seats):
        count = check_seats(mode, int(seats))
        return (default + (default[-1],) * count)[:count]
    names = tuple(s.strip().lower() for s in seats.split(",") if s.strip())
    for name in names:
        if name != HUMAN and name not in bots:
            what = "cannot sit here" if name in BOT_NAMES else "is neither a person nor a bot"
            raise ConfigError(
                "players", f"{name!r} {what} (choose from {', '.join((HUMAN, *bots))})"
            )
    return names


@dataclass(frozen=True)
class PlayConfig:
    """A game at a table (the terminal's or the browser's): its
    :class:`~pachaprint.engine.rules.config.GameConfig` and who sits at each seat (``human``
    or a bot name)."""

    game: GameConfig
    seats: tuple[str, ...]

    @classmethod
    def parse(
        cls,
        mode: str | None = None,
        players: str | None = None,
        difficulty: str | None = None,
        otoma: str | None = None,
        colour: str | None = None,
        seed: int | None = None,
    ) -> PlayConfig:
        """A new game from command-line words (``players``, ``otoma``: comma-separated); a
        fresh random seed without one. :class:`~pachaprint.engine.rules.config.ConfigError` otherwise."""
        game_mode = Mode.parse(mode or Mode.COMPETITIVE.value)
        seats = seats_for(game_mode, players)
        if difficulty is not None and "," in difficulty:
            raise ConfigError("difficulty", "name one difficulty to play")
        if colour is not None and not mode_class(game_mode).chooses_colour:
            raise ConfigError(
                "colour", "applies to --mode solo only (co-op seats have fixed colours)"
            )
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        cells = tuple(c.strip().lower() for c in otoma.split(",") if c.strip()) if otoma else None
        game = GameConfig(game_mode, len(seats), difficulty, cells, colour or "brown", seed)
        check_config(game)
        return cls(game, seats)

    @classmethod
    def resuming(cls, saved: SavedGame, players: str | None = None, **given: object) -> PlayConfig:
        """Going on with a saved game: its configuration and seats (``players`` may name others).
        Any other setting in ``given`` is a :class:`~pachaprint.engine.rules.config.ConfigError`."""
        for setting, value in given.items():
            if value is not None:
                raise ConfigError(setting, "comes from the saved game when resuming")
        config = saved.config
        kinds = [s for s in saved.seats if s == HUMAN or s in BOT_NAMES]
        if players is not None:
            seats = seats_for(config.mode, players)
        elif len(kinds) == config.players:
            seats = tuple(kinds)
        else:
            seats = seats_for(config.mode, None)
        check_seats(config.mode, len(seats))
        if len(seats) != config.players:
            raise ConfigError(
                "players", f"the saved game has {config.players} seats, not {len(seats)}"
            )
        return cls(config, seats)

    def bots(self) -> list[Bot | None]:
        """The bot of every seat a bot sits at (``None`` at a person's), each drawing its
        choices from a generator the game's seed fixes (:func:`draw_setup`)."""
        _, _, rng = draw_setup(self.game)
        mode = self.game.mode
        return [
            None if kind == HUMAN else make_bot(kind, random.Random(rng.getrandbits(64)), mode)
            for kind in self.seats
        ]
