"""The HTTP transport of a local app's API: reading a JSON body, an app's
:class:`~pachaprint.web.api.Api` served as Starlette routes (:func:`http_routes`), and the
page with its assets (:func:`page_routes`). The handlers themselves are plain functions
over values (:mod:`pachaprint.web.api`)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from pachaprint.web import api
from pachaprint.web.api import BODY_LIMIT, ApiError
from pachaprint.web.assets import AppPage

__all__ = ["BODY_LIMIT", "ApiError", "http_routes", "page_routes", "read_json"]

Handler = Callable[[Request], Awaitable[Response]]
BODY_SECONDS = 10
"""A request body that has not come whole within this time is refused (408): a page sends
a few kilobytes at once; a client that stalls must not hold a connection forever."""


async def read_json(request: Request) -> dict[str, Any]:
    """The request's JSON object body (at most :data:`BODY_LIMIT` bytes), else :class:`ApiError`."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ApiError(415, "send the request body as application/json")
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdecimal() or int(declared) > BODY_LIMIT):
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
    return api.body_of(b"".join(chunks))


def response(answer: api.Answer) -> Response:
    """An :class:`~pachaprint.web.api.Answer` as an HTTP response: JSON, or a file to save
    (its name is made of a scenario id or a checked file name: no quote in it)."""
    if answer.file is None:
        return JSONResponse(answer.json, answer.status)
    disposition = f'attachment; filename="{answer.file.name}"'
    return Response(
        answer.file.data,
        answer.status,
        media_type=answer.file.media_type,
        headers={"content-disposition": disposition},
    )


def http_routes(app: api.Api) -> list[Route]:
    """The app's API as Starlette routes: each request read into an
    :class:`~pachaprint.web.api.Request` (a POST's JSON body read first, with its
    limits) and answered by :meth:`~pachaprint.web.api.Api.answer` in a worker thread."""

    def endpoint(route: api.Route) -> Handler:
        async def run(request: Request) -> Response:
            try:
                body = await read_json(request) if route.method == api.POST else {}
            except ApiError as exc:
                refused = app.errors(exc)
                assert refused is not None  # every app answers its ApiError
                return response(refused)
            value = api.Request(route.method, route.path, dict(request.query_params), body)
            return response(await run_in_threadpool(app.answer, value))

        return run

    return [Route(r.path, endpoint(r), methods=[r.method]) for r in app.routes]


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
