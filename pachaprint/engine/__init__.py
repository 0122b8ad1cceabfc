"""The game engine: one game with three modes (competitive, solo, co-op), its bots and drivers.

Start a game with :func:`new_game` from a scenario and a :class:`GameConfig`;
the modules, each with one job:

* :mod:`~pachaprint.engine.rules.config`: :class:`GameConfig` (a game's settings), :class:`Mode`
  (the name of each mode) and the seating;
* :mod:`~pachaprint.engine.rules.modes`: one class per mode (a :class:`GameState` with the
  mode's difficulties, seats and rulings beside the hooks that play them), :func:`new_game`
  and the draws one seed fixes; :mod:`~pachaprint.engine.rules.game`: the ``Game``, what
  never changes in a play;
* :mod:`~pachaprint.engine.rules.state`: :class:`GameState` (``legal_actions``, ``apply``,
  ``is_terminal``, ``is_chance_node``, ``chance_outcomes``, ``outcome``, ``clone``), on a
  :mod:`~pachaprint.engine.rules.table` (cells, pawns, tiles, accounts) with the
  :mod:`~pachaprint.engine.rules.legal` actions of each decision;
* :mod:`~pachaprint.engine.rules.events`: :class:`Phase`, :class:`Source`, :class:`EventKind`, :class:`Outcome`;
* :mod:`~pachaprint.engine.rules.actions`: the action codec (integer codes and their command text);
* :mod:`~pachaprint.engine.rules.movement`: reachable end cells by graph search on bit masks;
* :mod:`~pachaprint.engine.rules.oracle`: :class:`WheelOracle`, the only access to the hidden map
  (and the sealed wheel of an information state, ``GameState.information_state``);
* :mod:`~pachaprint.engine.rules.view`: :class:`PlayerView`, what a player or bot sees;
* :mod:`~pachaprint.engine.rules.tiles` (tiles with arrows, chance and the deck),
  :mod:`~pachaprint.engine.rules.trails` (Otoma paths) and :mod:`~pachaprint.engine.rules.otoma` (the Otoma side);
* :mod:`~pachaprint.engine.bots.logic`, :mod:`~pachaprint.engine.bots.knowledge` and
  :mod:`~pachaprint.engine.bots.proofs`: sound crop proofs from public information;
* :mod:`~pachaprint.engine.bots`: one factory for ``random``, ``greedy``, ``logician``, ``expert``
  and ``oracle-cheat`` in every mode (the expert's search: ``belief``, ``world``, ``prior``,
  ``evaluate``, ``search``);
* :mod:`~pachaprint.engine.analysis.simulate` (on :mod:`~pachaprint.engine.analysis.games` and
  :mod:`~pachaprint.engine.analysis.schedule`), :mod:`~pachaprint.engine.analysis.record` and
  :mod:`~pachaprint.engine.analysis.report`: one simulation runner, its game records and report;
* :mod:`~pachaprint.engine.rules.log`: game logs (``pachaprint-game/3``; older formats still replay).

A game people play (who sits where, the words that tell it) is :mod:`pachaprint.play`'s,
which the terminal game and the browser table share.

"""

from pachaprint.engine.rules.actions import Kind, LegalActions, format_action, parse_action
from pachaprint.engine.rules.config import ConfigError, GameConfig, Mode
from pachaprint.engine.rules.events import Ending, EventKind, Outcome, Phase, Source
from pachaprint.engine.rules.modes import new_game
from pachaprint.engine.rules.oracle import WheelOracle
from pachaprint.engine.rules.state import GameState
from pachaprint.engine.rules.view import PlayerView

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
