"""The table's request handlers: plain functions over values (:mod:`pachaprint.web.api`).

Reading requests are GET; everything that changes the game or a file is POST
with a JSON body, and names the ``moment`` the page last saw, so a double
click or a second tab cannot act on a table that has moved on (409). The same
handlers answer ``pachaprint table`` over HTTP (:mod:`pachaprint.table.app`)
and the site's table from its Web Worker (:mod:`pachaprint.site.worker`).

=========================  ====  =====================================================
path                       verb  answer
=========================  ====  =====================================================
``/api/setup``             GET   the disc, what the setup form offers, the printed boards
``/api/table``             GET   the game as the players see it now
``/api/act``               POST  ``{"moment", "action"}``: a person's decision
``/api/step``              POST  ``{"moment"}``: the bot to play decides, or a replay steps on
``/api/back``              POST  ``{"moment"}``: one decision back (a replay)
``/api/jump``              POST  ``{"moment", "to": "start"|"end"}``
``/api/undo``              POST  ``{"moment"}``: take back a person's last decision
``/api/new``               POST  ``{"mode", "seats", "difficulty", "colour", "seed"}``
``/api/saves``             GET   the saved games in the folder, and a fresh file name
``/api/save``              POST  ``{"file"}``: save the game there
``/api/open``              POST  ``{"file"}``: open a saved game
=========================  ====  =====================================================

A decision's answer is ``{"story": [...], "table": {...}}``: what it caused,
step by step, and the table after it (:mod:`~pachaprint.table.seen`).
"""

from __future__ import annotations

from typing import Any

from pachaprint.table.game import TableError
from pachaprint.table.session import TableSession
from pachaprint.web.api import GET, POST, Answer, Api, ApiError, Request, Route
from pachaprint.web.workspace import WorkspaceError


class TableApi:
    """The request handlers of one table session."""

    def __init__(self, session: TableSession):
        self.session = session

    def setup(self, request: Request) -> dict[str, Any]:
        return self.session.setup()

    def table(self, request: Request) -> dict[str, Any]:
        return self.session.table()

    def act(self, request: Request) -> dict[str, Any]:
        return self.session.act(request.get("moment"), request.get("action"))

    def step(self, request: Request) -> dict[str, Any]:
        return self.session.step(request.get("moment"))

    def back(self, request: Request) -> dict[str, Any]:
        return self.session.back(request.get("moment"))

    def jump(self, request: Request) -> dict[str, Any]:
        return self.session.jump(request.get("moment"), request.get("to"))

    def undo(self, request: Request) -> dict[str, Any]:
        return self.session.undo(request.get("moment"))

    def new(self, request: Request) -> dict[str, Any]:
        return self.session.new_game(dict(request.body))

    def saves(self, request: Request) -> dict[str, Any]:
        return {**self.session.saves(), "fresh": self.session.fresh_name()}

    def save(self, request: Request) -> dict[str, Any]:
        return self.session.save(request.get("file"))

    def open(self, request: Request) -> dict[str, Any]:
        return self.session.open(request.get("file"))

    def routes(self) -> list[Route]:
        return [
            Route(GET, "/api/setup", self.setup),
            Route(GET, "/api/table", self.table),
            Route(POST, "/api/act", self.act),
            Route(POST, "/api/step", self.step),
            Route(POST, "/api/back", self.back),
            Route(POST, "/api/jump", self.jump),
            Route(POST, "/api/undo", self.undo),
            Route(POST, "/api/new", self.new),
            Route(GET, "/api/saves", self.saves),
            Route(POST, "/api/save", self.save),
            Route(POST, "/api/open", self.open),
        ]


def error_answer(exc: Exception) -> Answer | None:
    """The table's own errors as JSON answers with their status."""
    if isinstance(exc, (ApiError, TableError, WorkspaceError)):
        return Answer(exc.status, {"error": str(exc)})
    return None


def table_api(session: TableSession) -> Api:
    """The table's API for ``session`` (see the module documentation)."""
    return Api("table", TableApi(session).routes(), error_answer)
