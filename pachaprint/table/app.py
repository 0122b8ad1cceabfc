"""The table over HTTP: the page, its assets and the table's API as Starlette routes.

The handlers are :mod:`pachaprint.table.api`'s (the table of routes is there);
this module only serves them, the whole application behind
:class:`~pachaprint.web.security.Guard` (token, Host, Origin).
"""

from __future__ import annotations

from starlette.applications import Starlette

from pachaprint.table.api import table_api
from pachaprint.table.page import PAGE
from pachaprint.table.session import TableSession
from pachaprint.web.requests import http_routes, page_routes
from pachaprint.web.security import ASGIApp, Guard


def create_app(session: TableSession, token: str, port: int) -> ASGIApp:
    """The table's ASGI application for ``session``, answering on 127.0.0.1:``port``."""
    routes = [*page_routes(PAGE, token), *http_routes(table_api(session))]
    return Guard(Starlette(routes=routes), token, port, "table")
