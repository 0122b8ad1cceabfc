"""The studio over HTTP: the page, its assets and the studio's API as Starlette routes.

The handlers are :mod:`pachaprint.studio.api`'s (the table of routes is there);
this module only serves them, the whole application behind
:class:`~pachaprint.web.security.Guard` (token, Host, Origin).
"""

from __future__ import annotations

from starlette.applications import Starlette

from pachaprint.studio.api import studio_api
from pachaprint.studio.page import PAGE
from pachaprint.web.api import BODY_LIMIT as BODY_LIMIT
from pachaprint.web.requests import http_routes, page_routes
from pachaprint.web.security import ASGIApp, Guard
from pachaprint.web.workspace import Workspace


def create_app(workspace: Workspace, token: str, port: int) -> ASGIApp:
    """The studio's ASGI application for ``workspace``, answering on 127.0.0.1:``port``."""
    routes = [*page_routes(PAGE, token), *http_routes(studio_api(workspace))]
    return Guard(Starlette(routes=routes), token, port, "studio")
