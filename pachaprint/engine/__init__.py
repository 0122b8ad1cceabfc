"""The game engine: competitive, solo and co-op rules, bots, simulation and terminal play.

The pieces, each in its own module:

* :mod:`~pachaprint.engine.state`: :class:`GameState` (``legal_actions``,
  ``apply``, ``is_terminal``, ``returns``, ``ranking``), :class:`Phase`, :class:`Source`;
* :mod:`~pachaprint.engine.actions`: integer action codes and their command text;
* :mod:`~pachaprint.engine.movement`: reachable end cells by graph search on bit masks;
* :mod:`~pachaprint.engine.oracle`: :class:`WheelOracle`, the only access to the hidden map;
* :mod:`~pachaprint.engine.view`: :class:`PlayerView`, what a player or bot sees;
* :mod:`~pachaprint.engine.logic`: sound crop proofs from public information;
* :mod:`~pachaprint.engine.bots`: ``random``, ``greedy`` and ``logician``;
* :mod:`~pachaprint.engine.simulate`: ``simulate(scenario, ...)`` -> :class:`SimulationReport`
  (import it from the submodule: ``from pachaprint.engine.simulate import simulate``);
* :mod:`~pachaprint.engine.log`: save and replay game logs;
* :mod:`~pachaprint.engine.play`: the terminal game;
* :mod:`~pachaprint.engine.terminal`: the command loop, board grid and status lines both terminal games share;
* :mod:`~pachaprint.engine.tally`: the game runner (one process or workers) and summary figures of simulations;
* solo and co-op (RULES sections 4-5): :mod:`~pachaprint.engine.tiles` (terrain stacks and
  arrows from the tile template), :mod:`~pachaprint.engine.otoma` (trails, Otoma moves and
  scoring), :mod:`~pachaprint.engine.solo` (:class:`SoloState`), :mod:`~pachaprint.engine.coop`
  (:class:`CoopState`), :mod:`~pachaprint.engine.otoma_bots`, :mod:`~pachaprint.engine.simulate_modes`,
  :mod:`~pachaprint.engine.play_versus` and :mod:`~pachaprint.engine.versus_log`.
"""

from pachaprint.engine.actions import (
    Action,
    Kind,
    LegalActions,
    decode,
    format_action,
    parse_action,
)
from pachaprint.engine.oracle import WheelOracle
from pachaprint.engine.simulate import SimulationReport
from pachaprint.engine.state import GameState, Phase, Source
from pachaprint.engine.view import PlayerView

__all__ = [
    "Action",
    "GameState",
    "Kind",
    "LegalActions",
    "Phase",
    "PlayerView",
    "SimulationReport",
    "Source",
    "WheelOracle",
    "decode",
    "format_action",
    "parse_action",
]
