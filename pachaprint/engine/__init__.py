"""The game engine: competitive rules, bots, simulation and terminal play.

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
* :mod:`~pachaprint.engine.play`: the terminal game.
"""

from pachaprint.engine.actions import Action, Kind, LegalActions, decode, format_action, parse_action
from pachaprint.engine.oracle import WheelOracle
from pachaprint.engine.simulate import SimulationReport
from pachaprint.engine.state import GameState, Phase, Source
from pachaprint.engine.view import PlayerView

__all__ = [
    "Action", "Kind", "LegalActions", "decode", "format_action", "parse_action",
    "WheelOracle", "SimulationReport", "GameState", "Phase", "Source", "PlayerView",
]
