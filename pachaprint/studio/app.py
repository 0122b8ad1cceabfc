"""The studio's web application: the page, its assets and a small JSON API (Starlette).

Reading requests are GET, everything that changes a file or costs real work is
POST with a JSON body. A ``scenario`` field of the wrong JSON type is a 400
whose ``field`` is its JSON pointer in the body (:mod:`pachaprint.studio.shapes`);
a save that lost a race is a 409 and writes nothing. The whole application sits behind
:class:`~pachaprint.web.security.Guard` (token, Host, Origin). Files are
reached only through the :class:`~pachaprint.web.workspace.Workspace`.

=========================  ====  =====================================================
path                       verb  answer
=========================  ====  =====================================================
``/``                      GET   the page
``/static/NAME``           GET   a page asset (scripts, styles, palette)
``/api/session``           GET   mode (file or folder), path, sizes, difficulties
``/api/library``           GET   the folder's scenarios: validity, difficulty, size
``/api/open?file=NAME``    GET   one file's scenario, ready to edit
``/api/check``             POST  the live verdict on ``{"scenario": ...}``
``/api/explain``           POST  the explained deductions, with the grid at each step
``/api/generate``          POST  a fresh scenario of ``size`` and ``difficulty``
``/api/new``               POST  a blank scenario with an id unused in the folder
``/api/preview``           POST  SVG disc fronts (both templates) and back
``/api/print``             POST  the print-ready PDF of the disc
``/api/wheel``             POST  the digital wheel page of the disc
``/api/save``              POST  write ``{"file", "scenario", "hash"}``: compare-and-swap
``/api/rename``            POST  ``{"file", "to", "hash"}``: the open file takes a new name
``/api/share``             POST  the share code of a valid ``{"scenario": ...}``
``/api/import``            POST  the scenario of ``{"code": ...}`` (or a fan app's link)
=========================  ====  =====================================================
"""

from __future__ import annotations

import secrets
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pachaprint.check.generate import GenerationError
from pachaprint.model.printing import papers
from pachaprint.studio import authoring, documents, printing, sharing
from pachaprint.studio.page import PAGE
from pachaprint.studio.shapes import shape_error
from pachaprint.web.requests import BODY_LIMIT as BODY_LIMIT
from pachaprint.web.requests import ApiError, Handler, guarded, page_routes, read_json
from pachaprint.web.security import ASGIApp, Guard
from pachaprint.web.workspace import Workspace, WorkspaceError

BOXES = ("retail", "unlimited")


def _scenario(body: dict[str, Any]) -> dict[str, Any]:
    """The request's ``scenario``, every field the studio reads of its JSON type; 400 if not."""
    scenario = body.get("scenario")
    found = shape_error(scenario)
    if found is not None:
        pointer, message = found
        field = "/scenario" + pointer
        raise ApiError(400, f"scenario{'/' if pointer else ' '}{message}", field=field)
    assert isinstance(scenario, dict)  # shape_error refuses anything else
    return scenario


def _box(body: dict[str, Any]) -> str:
    box = body.get("box", "retail")
    if box not in BOXES:
        raise ApiError(400, "box must be retail or unlimited")
    return str(box)


def _text_field(body: dict[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = body.get(key)
    if value not in choices:
        raise ApiError(400, f"{key} must be one of {', '.join(choices)}")
    return str(value)


class StudioApi:
    """The request handlers of one studio session."""

    def __init__(self, workspace: Workspace):
        self.workspace = workspace

    # -- reading ------------------------------------------------------------------------
    async def session(self, request: Request) -> Response:
        return JSONResponse(
            {
                "mode": self.workspace.mode,
                "path": self.workspace.label,
                "file": self.workspace.single,
                "sizes": ["tiny", "long"],
                "difficulties": list(authoring.DIFFICULTIES),
            }
        )

    async def library(self, request: Request) -> Response:
        entries = await run_in_threadpool(documents.library, self.workspace)
        return JSONResponse({"scenarios": entries})

    async def open(self, request: Request) -> Response:
        name = request.query_params.get("file")
        opened = await run_in_threadpool(documents.open_document, self.workspace, name)
        return JSONResponse(opened)

    # -- checking and help --------------------------------------------------------------
    async def check(self, request: Request) -> Response:
        body = await read_json(request)
        verdict = await run_in_threadpool(authoring.check_document, _scenario(body), _box(body))
        verdict["version"] = body.get("version")
        return JSONResponse(verdict)

    async def explain(self, request: Request) -> Response:
        body = await read_json(request)
        return JSONResponse(await run_in_threadpool(authoring.explain_document, _scenario(body)))

    async def generate(self, request: Request) -> Response:
        body = await read_json(request)
        size = _text_field(body, "size", ("tiny", "long"))
        difficulty = _text_field(body, "difficulty", authoring.DIFFICULTIES)
        seed = secrets.randbelow(1_000_000)
        scenario_id = None
        if self.workspace.mode == "folder":
            scenario_id = self.workspace.fresh_id(authoring.default_id(size, seed))
        try:
            data = await run_in_threadpool(
                authoring.generated_document, size, difficulty, seed, scenario_id
            )
        except GenerationError as exc:
            raise ApiError(503, f"{exc}; try again for another seed") from None
        file = f"{data['id']}.json" if self.workspace.mode == "folder" else None
        return JSONResponse({"scenario": data, "seed": seed, "file": file})

    async def new(self, request: Request) -> Response:
        if self.workspace.mode != "folder":
            raise ApiError(
                403, "the studio was started on one file; start it on a folder to create files"
            )
        body = await read_json(request)
        size = _text_field(body, "size", ("tiny", "long"))
        data = await run_in_threadpool(documents.new_blank, self.workspace, size)
        return JSONResponse({"scenario": data, "file": f"{data['id']}.json"})

    # -- pictures -------------------------------------------------------------------------
    async def preview(self, request: Request) -> Response:
        body = await read_json(request)
        mapping, box = _scenario(body), _box(body)

        def work() -> dict[str, str]:
            return printing.preview_svgs(authoring.disc_of(mapping, box))

        return JSONResponse({"svgs": await run_in_threadpool(work)})

    async def print_pdf(self, request: Request) -> Response:
        body = await read_json(request)
        mapping, box = _scenario(body), _box(body)
        paper = _text_field(body, "paper", papers())

        def work() -> tuple[bytes, str]:
            disc = authoring.disc_of(mapping, box)
            return printing.print_pdf(disc, paper), printing.print_file_name(disc, paper)

        data, name = await run_in_threadpool(work)
        return _download(data, "application/pdf", name)

    async def wheel(self, request: Request) -> Response:
        body = await read_json(request)
        mapping, box = _scenario(body), _box(body)

        def work() -> tuple[bytes, str]:
            disc = authoring.disc_of(mapping, box)
            return printing.wheel_page(disc).encode("utf-8"), printing.wheel_file_name(disc)

        data, name = await run_in_threadpool(work)
        return _download(data, "application/octet-stream", name)

    # -- share codes ----------------------------------------------------------------------
    async def share(self, request: Request) -> Response:
        body = await read_json(request)
        box = _box(body)
        found = await run_in_threadpool(sharing.share_document, _scenario(body), box)
        return JSONResponse(found)

    async def import_code(self, request: Request) -> Response:
        body = await read_json(request)
        found = await run_in_threadpool(sharing.imported_document, body.get("code"), _box(body))
        found["file"] = None
        if self.workspace.mode == "folder":
            found["scenario"]["id"] = self.workspace.fresh_id(found["scenario"]["id"])
            found["file"] = f"{found['scenario']['id']}.json"
        return JSONResponse(found)

    # -- saving ---------------------------------------------------------------------------
    async def save(self, request: Request) -> Response:
        body = await read_json(request)
        name = body.get("file")
        result = await run_in_threadpool(
            documents.save,
            self.workspace,
            name,
            _scenario(body),
            body.get("hash"),
            bool(body.get("create")),
            bool(body.get("force")),
        )
        return JSONResponse(result)

    async def rename(self, request: Request) -> Response:
        """Give the open file the name its new id asks for (the content is saved after)."""
        body = await read_json(request)
        result = await run_in_threadpool(
            documents.rename, self.workspace, body.get("file"), body.get("to"), body.get("hash")
        )
        return JSONResponse(result)


def _download(data: bytes, kind: str, name: str) -> Response:
    """A file the browser saves (the name is made of a scenario id: ``[a-z0-9-]`` only)."""
    return Response(
        data, media_type=kind, headers={"content-disposition": f'attachment; filename="{name}"'}
    )


def _answer(exc: Exception) -> Response | None:
    """The studio's own errors as JSON answers with their status (and the problems behind them)."""
    if isinstance(exc, ApiError):
        answer: dict[str, Any] = {"error": str(exc), "problems": exc.problems}
        if exc.field is not None:
            answer["field"] = exc.field
        return JSONResponse(answer, exc.status)
    if isinstance(exc, WorkspaceError):
        return JSONResponse({"error": str(exc), "problems": []}, exc.status)
    if isinstance(exc, authoring.DocumentError):
        return JSONResponse({"error": str(exc), "problems": exc.problems}, 422)
    if isinstance(exc, documents.FileRefused):
        return JSONResponse({"error": str(exc), "problems": exc.problems}, exc.status)
    return None


def _guarded(handler: Handler) -> Handler:
    return guarded(handler, _answer)


def create_app(workspace: Workspace, token: str, port: int) -> ASGIApp:
    """The studio's ASGI application for ``workspace``, answering on 127.0.0.1:``port``."""
    api = StudioApi(workspace)
    get, post = ["GET"], ["POST"]
    routes = [
        *page_routes(PAGE, token),
        Route("/api/session", _guarded(api.session), methods=get),
        Route("/api/library", _guarded(api.library), methods=get),
        Route("/api/open", _guarded(api.open), methods=get),
        Route("/api/check", _guarded(api.check), methods=post),
        Route("/api/explain", _guarded(api.explain), methods=post),
        Route("/api/generate", _guarded(api.generate), methods=post),
        Route("/api/new", _guarded(api.new), methods=post),
        Route("/api/preview", _guarded(api.preview), methods=post),
        Route("/api/print", _guarded(api.print_pdf), methods=post),
        Route("/api/wheel", _guarded(api.wheel), methods=post),
        Route("/api/save", _guarded(api.save), methods=post),
        Route("/api/rename", _guarded(api.rename), methods=post),
        Route("/api/share", _guarded(api.share), methods=post),
        Route("/api/import", _guarded(api.import_code), methods=post),
    ]
    return Guard(Starlette(routes=routes), token, port, "studio")
