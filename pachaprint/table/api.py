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
``/api/open``              POST  ``{"file"}``: open a saved game (or ``{"text"}``: from a file)
``/api/download``          POST  the game's log as a file to keep (it holds the whole map)
``/api/disc``              POST  ``{"code"}``: another disc on the table, from its share code
=========================  ====  =====================================================

The site's table starts with no disc (:class:`TableApi` without a session):
every request but ``/api/disc`` is then a 404 that says how to open one.

A decision's answer is ``{"story": [...], "table": {...}}``: what it caused,
step by step, and the table after it (:mod:`~pachaprint.table.seen`).
"""

from __future__ import annotations

from typing import Any

from pachaprint.model.scenario import Scenario
from pachaprint.share.importing import convert
from pachaprint.share.inputs import item_of_text
from pachaprint.table.game import TableError, TableGame
from pachaprint.table.session import NewGame, TableSession
from pachaprint.web.api import GET, POST, Answer, Api, ApiError, Download, Request, Route
from pachaprint.web.workspace import Workspace, WorkspaceError

NO_DISC = (
    "no disc on the table yet: open one from its share code "
    "(table.html#CODE, or a disc's card in the gallery)"
)
MAX_CODE = 4096
"""A code with a name is under 500 characters, a tiwanaku-app link under 300."""


def disc_of_code(text: object) -> Scenario:
    """The valid disc a share code (or a fan app's link) gives; :class:`TableError` saying why not."""
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_CODE:
        raise TableError("give a disc's share code", 400)
    item = item_of_text(text)
    if item is None:
        raise TableError("that is neither a share code nor a tiwanaku-app link", 422)
    imported = convert(item)
    if imported.scenario is None:
        raise TableError(imported.problems[0] if imported.problems else "no disc in that code", 422)
    return imported.scenario


class TableApi:
    """The request handlers of one table session (``None`` until a disc is opened; games are
    then saved in ``workspace``). ``place`` says in words where saved games are kept when
    the folder's path means nothing to a person (the site's, in the browser's storage)."""

    def __init__(
        self,
        session: TableSession | None,
        workspace: Workspace | None = None,
        place: str | None = None,
    ):
        self._session = session
        self.workspace = workspace or (session.workspace if session else None)
        self.place = place

    def _placed(self, answer: dict[str, Any]) -> dict[str, Any]:
        if self.place is not None:
            answer["folder"] = self.place
        return answer

    @property
    def session(self) -> TableSession:
        if self._session is None:
            raise TableError(NO_DISC, 404)
        return self._session

    def setup(self, request: Request) -> dict[str, Any]:
        return self._placed(self.session.setup())

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
        return self._placed({**self.session.saves(), "fresh": self.session.fresh_name()})

    def save(self, request: Request) -> dict[str, Any]:
        return self.session.save(request.get("file"))

    def open(self, request: Request) -> dict[str, Any]:
        if request.get("text") is not None:
            return self.session.open_text(request.get("file"), request.get("text"))
        return self.session.open(request.get("file"))

    def download(self, request: Request) -> Download:
        text = self.session.saved_text()
        name = self.session.fresh_name()
        return Download(text.encode("utf-8"), "application/json", name)

    def disc(self, request: Request) -> dict[str, Any]:
        scenario = disc_of_code(request.get("code"))
        if self._session is None:
            if self.workspace is None:
                raise TableError("this table keeps no games: it has no folder", 500)
            self._session = TableSession(self.workspace, _new_game(scenario))
            return {"story": [], "table": self._session.table()}
        return self._session.new_disc(scenario)

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
            Route(POST, "/api/download", self.download),
            Route(POST, "/api/disc", self.disc),
        ]


def error_answer(exc: Exception) -> Answer | None:
    """The table's own errors as JSON answers with their status."""
    if isinstance(exc, (ApiError, TableError, WorkspaceError)):
        return Answer(exc.status, {"error": str(exc)})
    return None


def _new_game(scenario: Scenario) -> TableGame:
    return TableGame(scenario, NewGame().config(scenario))


def table_api(
    session: TableSession | None, workspace: Workspace | None = None, place: str | None = None
) -> Api:
    """The table's API for ``session``, or for none yet with games kept in ``workspace``
    (see the module documentation)."""
    return Api("table", TableApi(session, workspace, place).routes(), error_answer)
