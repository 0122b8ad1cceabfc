"""What a local app's web API shares: errors in words with their status, reading a JSON
body, the app's own errors answered as JSON (:func:`guarded`), and the page with its
assets (:func:`page_routes`)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from pachaprint.check.load import parse_bytes
from pachaprint.web.assets import AppPage

Handler = Callable[[Request], Awaitable[Response]]
ErrorAnswer = Callable[[Exception], Response | None]
"""The answer to one of an app's own errors (``None`` for any other exception: raised on)."""

BODY_LIMIT = 256 * 1024
"""Request bodies above this are refused: a scenario or a decision is a few kilobytes."""
BODY_SECONDS = 10
"""A request body that has not come whole within this time is refused (408): a page sends
a few kilobytes at once; a client that stalls must not hold a connection forever."""


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


async def read_json(request: Request) -> dict[str, Any]:
    """The request's JSON object body (at most :data:`BODY_LIMIT` bytes), else :class:`ApiError`."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ApiError(415, "send the request body as application/json")
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > BODY_LIMIT):
        raise ApiError(413, f"the request body is over {BODY_LIMIT // 1024} KB")
    chunks: list[bytes] = []

    async def receive() -> None:
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > BODY_LIMIT:
                raise ApiError(413, f"the request body is over {BODY_LIMIT // 1024} KB")
            chunks.append(chunk)

    try:
        await asyncio.wait_for(receive(), BODY_SECONDS)
    except asyncio.TimeoutError:
        raise ApiError(408, f"the request body did not come within {BODY_SECONDS} s") from None
    except ClientDisconnect:  # the page went away mid-request: nobody reads an answer
        raise ApiError(400, "the request body was cut short") from None
    data, problems = parse_bytes(b"".join(chunks))
    if problems:
        raise ApiError(400, f"the request body is not JSON: {problems[0].message}")
    if not isinstance(data, dict):
        raise ApiError(400, "the request body must be a JSON object")
    return data


def guarded(handler: Handler, answer: ErrorAnswer) -> Handler:
    """``handler`` with the app's own errors turned into answers (JSON, with their status)."""

    async def run(request: Request) -> Response:
        try:
            return await handler(request)
        except Exception as exc:
            response = answer(exc)
            if response is None:
                raise
            return response

    return run


def page_routes(page: AppPage, token: str) -> list[Route]:
    """``GET /``, the app's page for this session, and ``GET /static/NAME``, its assets."""

    async def html(request: Request) -> Response:
        return HTMLResponse(page.html(token))

    async def asset(request: Request) -> Response:
        try:
            data, kind = page.asset(request.path_params["name"])
        except KeyError:
            return Response("no such asset\n", 404, media_type="text/plain")
        return Response(data, media_type=kind)

    return [Route("/", html, methods=["GET"]), Route("/static/{name}", asset, methods=["GET"])]
