"""The game engine: one game with three modes (competitive, solo, co-op), its bots and drivers.

Start a game with :func:`new_game` from a scenario and a :class:`GameConfig`;
the modules, each with one job:

* :mod:`~pachaprint.engine.config`: :class:`GameConfig`, :class:`Mode`, the rules and seating a mode composes;
* :mod:`~pachaprint.engine.game`: :func:`new_game` and the draws one seed fixes;
* :mod:`~pachaprint.engine.state`: :class:`GameState` (``legal_actions``, ``apply``,
  ``is_terminal``, ``is_chance_node``, ``chance_outcomes``, ``outcome``, ``clone``), on a
  :mod:`~pachaprint.engine.table` (cells, pawns, tiles, accounts) with the
  :mod:`~pachaprint.engine.legal` actions of each decision;
* :mod:`~pachaprint.engine.events`: :class:`Phase`, :class:`Source`, :class:`EventKind`, :class:`Outcome`;
* :mod:`~pachaprint.engine.actions`: the action codec (integer codes and their command text);
* :mod:`~pachaprint.engine.movement`: reachable end cells by graph search on bit masks (the playout kernel);
* :mod:`~pachaprint.engine.oracle`: :class:`WheelOracle`, the only access to the hidden map
  (and the sealed wheel of an information state, ``GameState.information_state``);
* :mod:`~pachaprint.engine.view`: :class:`PlayerView`, what a player or bot sees;
* :mod:`~pachaprint.engine.tiles` (tiles with arrows, chance and the deck),
  :mod:`~pachaprint.engine.trails` (Otoma paths) and :mod:`~pachaprint.engine.otoma` (the Otoma side);
* :mod:`~pachaprint.engine.logic` and :mod:`~pachaprint.engine.proofs`: sound crop proofs from public information;
* :mod:`~pachaprint.engine.bots`: one factory for ``random``, ``greedy`` and ``logician`` in every mode;
* :mod:`~pachaprint.engine.simulate`, :mod:`~pachaprint.engine.record` and
  :mod:`~pachaprint.engine.report`: one simulation runner, its game records and report;
* :mod:`~pachaprint.engine.log`: game logs (``pachaprint-game/2``; older formats still replay);
* :mod:`~pachaprint.engine.terminal` and :mod:`~pachaprint.engine.display`: the terminal game.
"""

from pachaprint.engine.actions import Kind, LegalActions, format_action, parse_action
from pachaprint.engine.config import ConfigError, GameConfig, Mode
from pachaprint.engine.events import Ending, EventKind, Outcome, Phase, Source
from pachaprint.engine.game import new_game
from pachaprint.engine.oracle import WheelOracle
from pachaprint.engine.state import GameState
from pachaprint.engine.view import PlayerView

__all__ = [
    "ConfigError",
    "Ending",
    "EventKind",
    "GameConfig",
    "GameState",
    "Kind",
    "LegalActions",
    "Mode",
    "Outcome",
    "Phase",
    "PlayerView",
    "Source",
    "WheelOracle",
    "format_action",
    "new_game",
    "parse_action",
]
