"""One API, two transports: an app's request handlers as plain functions over values.

A handler takes a :class:`Request` (method, path, query, the JSON body) and
returns a JSON-ready value, or a :class:`Download` for a file the browser
saves; it raises the app's own errors for an answer in words. An :class:`Api`
is an app's table of routes with the function that turns those errors into
answers; :meth:`Api.answer` gives an :class:`Answer` (a status and JSON, or a
file) for any request. The handlers do not know who called them: ``pachaprint
studio``/``table`` carry requests to them over HTTP
(:func:`pachaprint.web.requests.http_routes`), the site from its Web Worker
(:mod:`pachaprint.site.worker`). Nothing here imports a web framework.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pachaprint.check.load import parse_bytes

GET = "GET"
POST = "POST"
BODY_LIMIT = 256 * 1024
"""Request bodies above this are refused: a scenario or a decision is a few kilobytes."""


class ApiError(Exception):
    """An answer in words with its HTTP status (and the problems behind it, if any).

    ``field`` is the JSON pointer, in the request body, of the value that is wrong.
    """

    def __init__(
        self,
        status: int,
        message: str,
        problems: list[dict[str, Any]] | None = None,
        field: str | None = None,
    ):
        super().__init__(message)
        self.status = status
        self.problems = problems or []
        self.field = field


def body_of(raw: bytes) -> dict[str, Any]:
    """A request body's JSON object (at most :data:`BODY_LIMIT` bytes), else :class:`ApiError`."""
    if len(raw) > BODY_LIMIT:
        raise ApiError(413, f"the request body is over {BODY_LIMIT // 1024} KB")
    data, problems = parse_bytes(raw)
    if problems:
        raise ApiError(400, f"the request body is not JSON: {problems[0].message}")
    if not isinstance(data, dict):
        raise ApiError(400, "the request body must be a JSON object")
    return data


@dataclass(frozen=True)
class Request:
    """What a page asks: ``GET`` with a query, or ``POST`` with a JSON object body."""

    method: str
    path: str
    query: Mapping[str, str] = field(default_factory=dict)
    body: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        """A value of the JSON body (``default`` when it is not there)."""
        return self.body.get(key, default)


@dataclass(frozen=True)
class Download:
    """A file the browser saves under ``name`` (made of a scenario id or a file name)."""

    data: bytes
    media_type: str
    name: str


@dataclass(frozen=True)
class Answer:
    """What a request gets: a status and either a JSON value or a file."""

    status: int
    json: Any = None
    file: Download | None = None


Handler = Callable[[Request], Any]
"""A request handler: a JSON-ready value, or a :class:`Download`."""
ErrorAnswer = Callable[[Exception], Answer | None]
"""The answer to one of an app's own errors (``None`` for any other exception: raised on)."""


@dataclass(frozen=True)
class Route:
    method: str
    path: str
    handler: Handler


def error_answer(exc: ApiError) -> Answer:
    """An :class:`ApiError` as JSON: ``{"error", "problems"}`` and ``field`` when it names one."""
    answer: dict[str, Any] = {"error": str(exc), "problems": exc.problems}
    if exc.field is not None:
        answer["field"] = exc.field
    return Answer(exc.status, answer)


@dataclass(frozen=True)
class Api:
    """An app's routes and the answers to its own errors."""

    name: str
    """``studio`` or ``table``: the app, for messages."""
    routes: Sequence[Route]
    errors: ErrorAnswer

    def route(self, method: str, path: str) -> Route | None:
        for route in self.routes:
            if route.path == path and route.method == method:
                return route
        return None

    def answer(self, request: Request) -> Answer:
        """The answer to ``request``; an exception that is not the app's own is raised on."""
        route = self.route(request.method, request.path)
        if route is None:
            known = any(r.path == request.path for r in self.routes)
            status = 405 if known else 404
            return Answer(status, {"error": f"no {request.method} {request.path} here"})
        try:
            result = route.handler(request)
        except Exception as exc:
            answer = self.errors(exc)
            if answer is None:
                raise
            return answer
        if isinstance(result, Download):
            return Answer(200, file=result)
        return Answer(200, result)
