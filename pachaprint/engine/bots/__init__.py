"""Bots for every mode, from one factory.

* ``random`` (:mod:`~pachaprint.engine.bots.base`): a uniform legal action.
* ``greedy`` (:mod:`~pachaprint.engine.bots.greedy`): the best immediate expected points.
* ``logician`` (:mod:`~pachaprint.engine.bots.logician`): divines only proven crops.
* ``expert`` (:mod:`~pachaprint.engine.bots.expert`): searches the rest of its turn over
  the maps the table allows; it sees only what a player may know.
* ``oracle-cheat`` (:mod:`~pachaprint.engine.bots.cheat`): the same search knowing the
  hidden map and the tiles. It cheats: for measurement only (an upper bound).

Against the Otoma (solo and co-op) ``greedy`` and ``logician`` are wrapped in a
:class:`~pachaprint.engine.bots.versus.VersusBot` that weighs what the Otoma
gain; the search bots play every mode themselves. :func:`make_bot` is the one
place a bot is made; drivers call ``bot.decide(state)``.
"""

from __future__ import annotations

import importlib
import random
from typing import TYPE_CHECKING

from pachaprint.engine.bots.base import Bot, RandomBot
from pachaprint.engine.rules.config import ConfigError, Mode
from pachaprint.engine.rules.modes import mode_class

if TYPE_CHECKING:  # (the bots load when one is made: the site's table offers its setup first)
    from pachaprint.engine.bots.cheat import OracleCheatBot
    from pachaprint.engine.bots.expert import ExpertBot
    from pachaprint.engine.bots.greedy import GreedyBot
    from pachaprint.engine.bots.logician import LogicianBot

BOT_NAMES = ("random", "greedy", "logician", "expert", "oracle-cheat")
HUMAN = "human"
"""A seat played by a person at the terminal."""

_BOTS: dict[str, tuple[str, str]] = {
    "random": ("base", "RandomBot"),
    "greedy": ("greedy", "GreedyBot"),
    "logician": ("logician", "LogicianBot"),
    "expert": ("expert", "ExpertBot"),
    "oracle-cheat": ("cheat", "OracleCheatBot"),
}
"""Each bot's module (in this package) and class."""
CHEATING = frozenset({"oracle-cheat"})
"""Bots that read the hidden map: for measurement, never a fair opponent."""
FAIR_BOTS = tuple(name for name in BOT_NAMES if name not in CHEATING)
"""The bots that see only what a player may know (the ones a person may play against)."""


def check_bot(name: str, setting: str = "bots") -> str:
    """``name`` if it names a bot, else :class:`~pachaprint.engine.rules.config.ConfigError`."""
    if name not in _BOTS:
        raise ConfigError(setting, f"unknown bot {name!r} (choose from {', '.join(BOT_NAMES)})")
    return name


def _bot_class(name: str) -> type[Bot]:
    module, cls = _BOTS[name]
    found: type[Bot] = getattr(importlib.import_module(f"{__name__}.{module}"), cls)
    return found


def make_bot(name: str, rng: random.Random, mode: Mode = Mode.COMPETITIVE) -> Bot:
    """The bot ``name`` for a game of ``mode``, drawing its choices from ``rng``."""
    from pachaprint.engine.bots.evaluate import Weights
    from pachaprint.engine.bots.search import Budget, SearchBot
    from pachaprint.engine.bots.versus import VersusBot

    kind = _bot_class(check_bot(name))
    rules = mode_class(mode)
    if issubclass(kind, SearchBot):
        return kind(rng, Budget.for_mode(rules), Weights.for_mode(rules))
    bot = kind(rng)
    if not rules.has_otoma or isinstance(bot, RandomBot):
        return bot
    return VersusBot(bot, rng, rules)


def __getattr__(name: str) -> type[Bot]:
    """The bot classes of :data:`__all__`, loaded at their first use."""
    for bot, (_, cls) in _BOTS.items():
        if cls == name:
            return _bot_class(bot)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BOT_NAMES",
    "CHEATING",
    "FAIR_BOTS",
    "HUMAN",
    "Bot",
    "ExpertBot",
    "GreedyBot",
    "LogicianBot",
    "OracleCheatBot",
    "RandomBot",
    "make_bot",
]
