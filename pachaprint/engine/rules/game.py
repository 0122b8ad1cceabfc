"""Starting a game: :func:`new_game`, and the draws one seed fixes.

:func:`new_game` turns a scenario and a
:class:`~pachaprint.engine.rules.config.GameConfig` into a
:class:`~pachaprint.engine.rules.state.GameState`: it draws what the seed decides
(:func:`draw_setup`), places the Otoma on their start cells and attaches the
shuffled tiles as the game's deck.
"""

from __future__ import annotations

import random

from pachaprint.engine.rules.config import GameConfig, Mode, otoma_cells
from pachaprint.engine.rules.oracle import WheelOracle
from pachaprint.engine.rules.state import GameState
from pachaprint.model.scenario import Scenario


def draw_setup(config: GameConfig) -> tuple[int, int | None, random.Random]:
    """The draws one seed fixes before play, in this order: the tiles' shuffle (solo and
    co-op), the first player (competitive and co-op; solo has one seat). Returns
    ``(first player, tiles seed, rng)``; the rng goes on to seed the bots."""
    rng = random.Random(config.seed)
    tiles_seed = first = None
    if config.mode.has_otoma and config.tiles_seed is None:
        tiles_seed = rng.getrandbits(64)
    if config.mode is not Mode.SOLO and config.first_player is None:
        first = rng.randrange(config.players)
    tiles = config.tiles_seed if config.tiles_seed is not None else tiles_seed
    return first if first is not None else (config.first_player or 0), tiles, rng


def new_game(
    scenario: Scenario,
    config: GameConfig,
    *,
    oracle: WheelOracle | None = None,
    record_events: bool = False,
) -> GameState:
    """A game of ``scenario`` set up by ``config``: the first player drawn and the tiles
    shuffled or dealt by its seed (:func:`draw_setup`), the Otoma on their start cells.

    ``oracle``: the scenario's wheel, when the caller already has one (simulations
    play many games on one). ``ValueError`` for a scenario the mode cannot use.
    """
    first, tiles_seed, _ = draw_setup(config)
    cells: tuple[int, ...] = ()
    if config.mode.has_otoma:
        cells = otoma_cells(scenario, config.otoma)
    return GameState(
        oracle or WheelOracle(scenario),
        config,
        first_player=first,
        otoma_cells=cells,
        tiles_seed=tiles_seed,
        record_events=record_events,
    )
