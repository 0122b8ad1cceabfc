"""The table's web application: the page, its assets and a small JSON API (Starlette).

The whole application sits behind :class:`~pachaprint.web.security.Guard`
(token, Host, Origin). Reading requests are GET; everything that changes the
game or a file is POST with a JSON body, and names the ``moment`` the page
last saw, so a double click or a second tab cannot act on a table that has
moved on (409).

=========================  ====  =====================================================
path                       verb  answer
=========================  ====  =====================================================
``/``                      GET   the page
``/static/NAME``           GET   a page asset (scripts, styles, palette)
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

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pachaprint.table.game import TableError
from pachaprint.table.page import PAGE
from pachaprint.table.session import TableSession
from pachaprint.web.requests import ApiError, Handler, guarded, page_routes, read_json
from pachaprint.web.security import ASGIApp, Guard
from pachaprint.web.workspace import WorkspaceError


class TableApi:
    """The request handlers of one table session."""

    def __init__(self, session: TableSession):
        self.session = session

    async def setup(self, request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(self.session.setup))

    async def table(self, request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(self.session.table))

    async def act(self, request: Request) -> Response:
        body = await read_json(request)
        answer = await run_in_threadpool(self.session.act, body.get("moment"), body.get("action"))
        return JSONResponse(answer)

    async def step(self, request: Request) -> Response:
        body = await read_json(request)
        return JSONResponse(await run_in_threadpool(self.session.step, body.get("moment")))

    async def back(self, request: Request) -> Response:
        body = await read_json(request)
        return JSONResponse(await run_in_threadpool(self.session.back, body.get("moment")))

    async def jump(self, request: Request) -> Response:
        body = await read_json(request)
        answer = await run_in_threadpool(self.session.jump, body.get("moment"), body.get("to"))
        return JSONResponse(answer)

    async def undo(self, request: Request) -> Response:
        body = await read_json(request)
        return JSONResponse(await run_in_threadpool(self.session.undo, body.get("moment")))

    async def new(self, request: Request) -> Response:
        body = await read_json(request)
        return JSONResponse(await run_in_threadpool(self.session.new_game, body))

    async def saves(self, request: Request) -> Response:
        def work() -> dict[str, Any]:
            return {**self.session.saves(), "fresh": self.session.fresh_name()}

        return JSONResponse(await run_in_threadpool(work))

    async def save(self, request: Request) -> Response:
        body = await read_json(request)
        return JSONResponse(await run_in_threadpool(self.session.save, body.get("file")))

    async def open(self, request: Request) -> Response:
        body = await read_json(request)
        return JSONResponse(await run_in_threadpool(self.session.open, body.get("file")))


def _answer(exc: Exception) -> Response | None:
    """The table's own errors as JSON answers with their status."""
    if isinstance(exc, (ApiError, TableError, WorkspaceError)):
        return JSONResponse({"error": str(exc)}, exc.status)
    return None


def _guarded(handler: Handler) -> Handler:
    return guarded(handler, _answer)


def create_app(session: TableSession, token: str, port: int) -> ASGIApp:
    """The table's ASGI application for ``session``, answering on 127.0.0.1:``port``."""
    api = TableApi(session)
    get, post = ["GET"], ["POST"]
    routes = [
        *page_routes(PAGE, token),
        Route("/api/setup", _guarded(api.setup), methods=get),
        Route("/api/table", _guarded(api.table), methods=get),
        Route("/api/act", _guarded(api.act), methods=post),
        Route("/api/step", _guarded(api.step), methods=post),
        Route("/api/back", _guarded(api.back), methods=post),
        Route("/api/jump", _guarded(api.jump), methods=post),
        Route("/api/undo", _guarded(api.undo), methods=post),
        Route("/api/new", _guarded(api.new), methods=post),
        Route("/api/saves", _guarded(api.saves), methods=get),
        Route("/api/save", _guarded(api.save), methods=post),
        Route("/api/open", _guarded(api.open), methods=post),
    ]
    return Guard(Starlette(routes=routes), token, port, "table")
