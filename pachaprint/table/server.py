"""Serving the table on 127.0.0.1 (the local server every app shares: :mod:`pachaprint.web.server`).

:func:`session_for` sets a session up from a disc or a saved game; :func:`serve`
is what ``pachaprint table`` runs in the foreground until Ctrl-C;
:class:`BackgroundTable` runs the same server in a thread (tests, embedding).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from pachaprint.engine.rules.log import SavedGame
from pachaprint.engine.rules.oracle import Wheel
from pachaprint.model.scenario import Scenario
from pachaprint.table.app import create_app
from pachaprint.table.game import TableGame
from pachaprint.table.session import NewGame, TableSession
from pachaprint.web import server as web
from pachaprint.web.server import PortError
from pachaprint.web.workspace import Workspace

__all__ = ["DEFAULT_PORT", "BackgroundTable", "PortError", "is_saved_game", "serve", "session_for"]

DEFAULT_PORT = 8770
"""Without ``--port``, the first free port of 8770-8789 (then any free port)."""
LOG_FORMATS = ("pachaprint-game/", "pachaprint-versus-game/")
"""What the ``format`` of a saved game starts with."""


def is_saved_game(data: object) -> bool:
    """True for the JSON of a saved game (any of its formats), False for anything else."""
    return isinstance(data, dict) and str(data.get("format", "")).startswith(LOG_FORMATS)


def session_for(
    folder: Path,
    scenario: Scenario | None = None,
    words: NewGame | None = None,
    saved: SavedGame | None = None,
    wheel: Wheel | None = None,
) -> TableSession:
    """A session on ``folder`` with a new game of ``scenario`` set up by ``words``, or the
    ``saved`` game (``ConfigError`` or ``ValueError`` for settings the disc cannot use)."""
    workspace = Workspace.open(folder)
    if saved is not None:
        return TableSession(workspace, TableGame.resumed(saved, wheel), wheel)
    assert scenario is not None
    play = (words or NewGame()).config(scenario)
    return TableSession(workspace, TableGame(scenario, play, wheel=wheel), wheel)


def serve(
    session: TableSession,
    port: int | None = None,
    open_browser: bool = True,
    say: Callable[[str], None] = print,
) -> None:
    """Serve the table in the foreground until Ctrl-C (or SIGTERM), then return."""
    game = session.game
    seats = ", ".join(game.kinds)
    intro = [
        f"pachaprint table: {game.scenario.name} ({game.state.mode.value}; seats {seats})",
        f"Games are saved to and opened from {session.workspace.root}",
    ]
    web.serve(partial(create_app, session), "table", intro, port, DEFAULT_PORT, open_browser, say)


class BackgroundTable(web.Background):
    """The table served from a thread: ``with BackgroundTable(session) as table: table.url``."""

    def __init__(self, session: TableSession, port: int = 0, token: str | None = None):
        self.table_session = session
        super().__init__(partial(create_app, session), port, token)
