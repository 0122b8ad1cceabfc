"""Bots: ``random``, ``greedy`` and ``logician``, for every mode, from one factory.

* ``random`` (:mod:`~pachaprint.engine.bots.base`): a uniform legal action.
* ``greedy`` (:mod:`~pachaprint.engine.bots.greedy`): the best immediate expected points.
* ``logician`` (:mod:`~pachaprint.engine.bots.logician`): divines only proven crops.

Against the Otoma (solo and co-op) ``greedy`` and ``logician`` are wrapped in a
:class:`~pachaprint.engine.bots.versus.VersusBot` that weighs what the Otoma
gain. :func:`make_bot` is the one place a bot is made.
"""

from __future__ import annotations

import random

from pachaprint.engine.bots.base import Bot, RandomBot
from pachaprint.engine.bots.greedy import GreedyBot
from pachaprint.engine.bots.logician import LogicianBot
from pachaprint.engine.bots.versus import VersusBot
from pachaprint.engine.config import ConfigError, Mode

BOT_NAMES = ("random", "greedy", "logician")
HUMAN = "human"
"""A seat played by a person at the terminal."""

_BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "logician": LogicianBot}


def check_bot(name: str, setting: str = "bots") -> str:
    """``name`` if it names a bot, else :class:`~pachaprint.engine.config.ConfigError`."""
    if name not in _BOTS:
        raise ConfigError(setting, f"unknown bot {name!r} (choose from {', '.join(BOT_NAMES)})")
    return name


def make_bot(name: str, rng: random.Random, mode: Mode = Mode.COMPETITIVE) -> Bot:
    """The bot ``name`` for a game of ``mode``, drawing its choices from ``rng``."""
    bot = _BOTS[check_bot(name)](rng)
    if mode is Mode.COMPETITIVE or isinstance(bot, RandomBot):
        return bot
    return VersusBot(bot, rng)


__all__ = ["BOT_NAMES", "HUMAN", "Bot", "GreedyBot", "LogicianBot", "RandomBot", "make_bot"]
