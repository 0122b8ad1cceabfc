"""The site's Web Worker: the studio's and the table's handlers answering the page's messages.

``static/worker.js`` starts Pyodide, unpacks the code bundle, mounts a folder
kept in the browser's storage (IndexedDB) and makes one :class:`SiteWorker`;
each message of the page is a request to one app, as JSON text::

    {"app": "studio", "method": "POST", "path": "/api/check", "query": {}, "body": "{...}"}

and :meth:`SiteWorker.handle` answers ``(head, data)``: ``head`` the JSON text
``{"status", "json"}`` (or ``{"status", "file": {"name", "type"}}`` with the
file's bytes in ``data``), and ``"stored": true`` when the request wrote into
the storage folder, so that the script saves it to IndexedDB. The handlers
are the very ones ``pachaprint studio``/``table`` serve over HTTP
(:mod:`pachaprint.web.api`); the worker holds the table's game, so the page
receives only what :mod:`pachaprint.table.seen` lets it see.

Before it makes its :class:`SiteWorker`, the script calls :func:`preload` for the
page's app and keeps a memory snapshot of the interpreter (modules imported,
no app made yet: no draft, no game) in the browser's storage, so that a later
visit restores Python as it was instead of starting it again; :func:`restored`
is what runs after such a restore.
"""

from __future__ import annotations

import importlib
import json
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any

from pachaprint.web.api import BODY_LIMIT, GET, POST, Answer, Api, ApiError, Request, body_of
from pachaprint.web.workspace import Workspace

APPS = ("studio", "table")
DRAFTS_PLACE = "drafts kept in this browser"
GAMES_PLACE = "this browser"
WRITES = frozenset({("studio", "/api/save"), ("studio", "/api/rename"), ("table", "/api/save")})
"""The requests that may change the storage folder."""
PRELOADS = {
    "studio": (
        "pachaprint.studio.api",
        "pachaprint.check.validate",
        "pachaprint.check.schema_code",
        "pachaprint.check._scenario_validator",
    ),
    "table": (
        "pachaprint.table.api",
        "pachaprint.check.schema_code",
        "pachaprint.check._scenario_validator",
    ),
}
"""What each app's first requests import (the studio's session and first verdict, the
table's disc with its table, and its setup): imported before the worker keeps its
snapshot, so that a restored worker answers them with nothing left to import
(``tests/test_site_worker.py``).
Not the bots: :func:`pachaprint.engine.bots.make_bot` loads them when a game seats one."""


WARM_UP = (
    ("POST", "/api/disc", {"code": "17200-HF4T4-MYR6A-QYFXA-263.M2TV1-E1GPW-R909N-QQAVK-4K6W"}),
    ("GET", "/api/setup", None),
)
"""The table's first requests (the disc, whose answer holds the table, then the setup form),
for a shipped disc (akapana-mound, by its share code):
:func:`preload` answers them once on a throwaway table, so that the templates and
pictures they load are in the snapshot too, and a restored table's first answers find
them loaded."""


def preload(app: str) -> None:
    """Import what ``app``'s first requests need (:data:`PRELOADS`); for the table, answer
    :data:`WARM_UP` on a throwaway table in a temporary folder, which goes with it."""
    for name in PRELOADS[app]:
        importlib.import_module(name)
    if app == "table":
        with tempfile.TemporaryDirectory() as folder:
            worker = SiteWorker(folder)
            for method, path, body in WARM_UP:
                text = None if body is None else json.dumps(body)
                message = {"app": app, "method": method, "path": path, "body": text}
                worker.handle(json.dumps(message))


def restored() -> None:
    """Run after the interpreter was restored from a snapshot: every restore would otherwise
    draw the same numbers from :mod:`random` (pachaprint's own seeds come from
    :mod:`secrets`, which asks the browser each time)."""
    if "random" in sys.modules:
        sys.modules["random"].seed()


def _refusal(status: int, message: str) -> tuple[str, None]:
    return json.dumps({"status": status, "json": {"error": message, "problems": []}}), None


class SiteWorker:
    """The apps of one page, over ``storage`` (a folder kept in the browser's storage:
    ``drafts/`` for the studio, ``games/`` for the table's saved games)."""

    def __init__(self, storage: str | Path):
        self.storage = Path(storage)
        self._apis: dict[str, Api] = {}

    def api(self, app: str) -> Api:
        """The app's API, made at its first request (the studio's page loads no engine)."""
        if app not in self._apis:
            if app == "studio":
                from pachaprint.studio.api import studio_api

                self._apis[app] = studio_api(self._folder("drafts"), DRAFTS_PLACE)
            else:
                from pachaprint.table.api import table_api

                self._apis[app] = table_api(None, self._folder("games"), GAMES_PLACE)
        return self._apis[app]

    def _folder(self, name: str) -> Workspace:
        folder = self.storage / name
        folder.mkdir(parents=True, exist_ok=True)
        return Workspace.open(folder)

    def handle(self, message: str) -> tuple[str, bytes | None]:
        """The answer to one message (see the module documentation); never raises."""
        try:
            data = json.loads(message)
        except ValueError:
            return _refusal(400, "the message is not JSON")
        if not isinstance(data, dict):
            return _refusal(400, "the message must be a JSON object")
        app, method, path = data.get("app"), data.get("method"), data.get("path")
        query, body = data.get("query") or {}, data.get("body")
        if app not in APPS or method not in (GET, POST) or not isinstance(path, str):
            return _refusal(400, "the message names no app, method and path")
        if not isinstance(query, dict) or not all(isinstance(v, str) for v in query.values()):
            return _refusal(400, "the query must map names to text")
        try:
            parsed: dict[str, Any] = {}
            if method == POST:
                if not isinstance(body, str):
                    raise ApiError(400, "the request body must be JSON text")
                parsed = body_of(body.encode("utf-8"))
            api = self.api(app)
            answer = api.answer(Request(method, path, query, parsed))
        except ApiError as exc:
            answer = Answer(exc.status, {"error": str(exc), "problems": exc.problems})
        except Exception as exc:  # a defect: said in words on the page, the trace in the console
            traceback.print_exc()
            answer = Answer(500, {"error": f"the {app} failed: {exc}", "problems": []})
        return self._encoded(answer, (app, path) in WRITES and answer.status < 300)

    @staticmethod
    def _encoded(answer: Answer, stored: bool) -> tuple[str, bytes | None]:
        head: dict[str, Any] = {"status": answer.status, "stored": stored}
        if answer.file is not None:
            head["file"] = {"name": answer.file.name, "type": answer.file.media_type}
            return json.dumps(head), answer.file.data
        head["json"] = answer.json
        return json.dumps(head), None


__all__ = ["BODY_LIMIT", "PRELOADS", "WARM_UP", "SiteWorker", "preload", "restored"]
