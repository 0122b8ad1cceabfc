"""The studio's request handlers: plain functions over values (:mod:`pachaprint.web.api`).

Reading requests are GET, everything that changes a file or costs real work is
POST with a JSON body. A ``scenario`` field of the wrong JSON type is a 400
whose ``field`` is its JSON pointer in the body (:mod:`pachaprint.studio.shapes`);
a save that lost a race is a 409 and writes nothing. Files are reached only
through the :class:`~pachaprint.web.workspace.Workspace`. The same handlers
answer ``pachaprint studio`` over HTTP (:mod:`pachaprint.studio.app`) and the
site's studio from its Web Worker (:mod:`pachaprint.site.worker`), where the
workspace is a folder kept in the browser's storage.

=========================  ====  =====================================================
path                       verb  answer
=========================  ====  =====================================================
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
``/api/share``             POST  the share code of a valid ``{"scenario": ...}`` (with ``base``,
                                 the site's address: links with the code and a QR code)
``/api/import``            POST  the scenario of ``{"code": ...}`` (or a fan app's link)
``/api/render``            POST  one file of ``pachaprint render``: ``file``, ``wheel``,
                                 ``paper``, ``lang`` (the same bytes)
``/api/export``            POST  the scenario (or draft) as a file to download
``/api/read``              POST  ``{"text"}``: a scenario from a file the person picked
=========================  ====  =====================================================
"""

from __future__ import annotations

import secrets
from typing import Any

from pachaprint.check.generate import GenerationError
from pachaprint.model.printing import papers
from pachaprint.resources import LANGUAGES, shipped_wheels
from pachaprint.studio import authoring, documents, sharing
from pachaprint.studio.shapes import shape_error
from pachaprint.web.api import GET, POST, Answer, Api, ApiError, Download, Request, Route
from pachaprint.web.api import error_answer as api_error_answer
from pachaprint.web.workspace import Workspace, WorkspaceError

BOXES = ("retail", "unlimited")


def scenario_field(body: Request) -> dict[str, Any]:
    """The request's ``scenario``, every field the studio reads of its JSON type; 400 if not."""
    scenario = body.get("scenario")
    found = shape_error(scenario)
    if found is not None:
        pointer, message = found
        field = "/scenario" + pointer
        raise ApiError(400, f"scenario{'/' if pointer else ' '}{message}", field=field)
    assert isinstance(scenario, dict)  # shape_error refuses anything else
    return scenario


def box_field(body: Request) -> str:
    box = body.get("box", "retail")
    if box not in BOXES:
        raise ApiError(400, "box must be retail or unlimited")
    return str(box)


def text_field(body: Request, key: str, choices: tuple[str, ...]) -> str:
    value = body.get(key)
    if value not in choices:
        raise ApiError(400, f"{key} must be one of {', '.join(choices)}")
    return str(value)


class StudioApi:
    """The request handlers of one studio session.

    ``place`` says in words where the files are when the workspace's path means
    nothing to a person (the site's folder in the browser's storage).
    """

    def __init__(self, workspace: Workspace, place: str | None = None):
        self.workspace = workspace
        self.place = place

    # -- reading ------------------------------------------------------------------------
    def session(self, request: Request) -> dict[str, Any]:
        return {
            "mode": self.workspace.mode,
            "path": self.place or self.workspace.label,
            "file": self.workspace.single,
            "sizes": ["tiny", "long"],
            "difficulties": list(authoring.DIFFICULTIES),
        }

    def library(self, request: Request) -> dict[str, Any]:
        return {"scenarios": documents.library(self.workspace)}

    def open(self, request: Request) -> dict[str, Any]:
        return documents.open_document(self.workspace, request.query.get("file"))

    # -- checking and help --------------------------------------------------------------
    def check(self, request: Request) -> dict[str, Any]:
        verdict = authoring.check_document(scenario_field(request), box_field(request))
        verdict["version"] = request.get("version")
        return verdict

    def explain(self, request: Request) -> dict[str, Any]:
        return authoring.explain_document(scenario_field(request))

    def generate(self, request: Request) -> dict[str, Any]:
        size = text_field(request, "size", ("tiny", "long"))
        difficulty = text_field(request, "difficulty", authoring.DIFFICULTIES)
        seed = secrets.randbelow(1_000_000)
        scenario_id = None
        if self.workspace.mode == "folder":
            scenario_id = self.workspace.fresh_id(authoring.default_id(size, seed))
        try:
            data = authoring.generated_document(size, difficulty, seed, scenario_id)
        except GenerationError as exc:
            raise ApiError(503, f"{exc}; try again for another seed") from None
        file = f"{data['id']}.json" if self.workspace.mode == "folder" else None
        return {"scenario": data, "seed": seed, "file": file}

    def new(self, request: Request) -> dict[str, Any]:
        if self.workspace.mode != "folder":
            raise ApiError(
                403, "the studio was started on one file; start it on a folder to create files"
            )
        size = text_field(request, "size", ("tiny", "long"))
        data = documents.new_blank(self.workspace, size)
        return {"scenario": data, "file": f"{data['id']}.json"}

    # -- pictures (the renderer loads at the first one: the site's first verdict needs none) ---
    def preview(self, request: Request) -> dict[str, Any]:
        from pachaprint.studio import printing

        disc = authoring.disc_of(scenario_field(request), box_field(request))
        return {"svgs": printing.preview_svgs(disc)}

    def print_pdf(self, request: Request) -> Download:
        from pachaprint.studio import printing

        mapping, box = scenario_field(request), box_field(request)
        paper = text_field(request, "paper", papers())
        disc = authoring.disc_of(mapping, box)
        data = printing.print_pdf(disc, paper)
        return Download(data, "application/pdf", printing.print_file_name(disc, paper))

    def wheel(self, request: Request) -> Download:
        from pachaprint.studio import printing

        disc = authoring.disc_of(scenario_field(request), box_field(request))
        page = printing.wheel_page(disc).encode("utf-8")
        return Download(page, "application/octet-stream", printing.wheel_file_name(disc))

    def render(self, request: Request) -> Download:
        from pachaprint.studio import printing

        disc = authoring.disc_of(scenario_field(request), box_field(request))
        file = text_field(request, "file", printing.FILES)
        wheel = text_field(request, "wheel", shipped_wheels())
        paper = text_field(request, "paper", papers())
        lang = text_field(request, "lang", LANGUAGES)
        data, name = printing.disc_file(disc, file, wheel, paper, lang)
        kind = "application/pdf" if name.endswith(".pdf") else "image/svg+xml"
        return Download(data, kind, name)

    # -- files in and out of the browser ---------------------------------------------------
    def export(self, request: Request) -> Download:
        data, name = documents.exported(scenario_field(request))
        return Download(data, "application/json", name)

    def read(self, request: Request) -> dict[str, Any]:
        return documents.opened_text(self.workspace, request.get("text"))

    # -- share codes ----------------------------------------------------------------------
    def share(self, request: Request) -> dict[str, Any]:
        return sharing.share_document(
            scenario_field(request), box_field(request), request.get("base")
        )

    def import_code(self, request: Request) -> dict[str, Any]:
        found = sharing.imported_document(request.get("code"), box_field(request))
        found["file"] = None
        if self.workspace.mode == "folder":
            found["scenario"]["id"] = self.workspace.fresh_id(found["scenario"]["id"])
            found["file"] = f"{found['scenario']['id']}.json"
        return found

    # -- saving ---------------------------------------------------------------------------
    def save(self, request: Request) -> dict[str, Any]:
        return documents.save(
            self.workspace,
            request.get("file"),
            scenario_field(request),
            request.get("hash"),
            bool(request.get("create")),
            bool(request.get("force")),
        )

    def rename(self, request: Request) -> dict[str, Any]:
        """Give the open file the name its new id asks for (the content is saved after)."""
        return documents.rename(
            self.workspace, request.get("file"), request.get("to"), request.get("hash")
        )

    def routes(self) -> list[Route]:
        return [
            Route(GET, "/api/session", self.session),
            Route(GET, "/api/library", self.library),
            Route(GET, "/api/open", self.open),
            Route(POST, "/api/check", self.check),
            Route(POST, "/api/explain", self.explain),
            Route(POST, "/api/generate", self.generate),
            Route(POST, "/api/new", self.new),
            Route(POST, "/api/preview", self.preview),
            Route(POST, "/api/print", self.print_pdf),
            Route(POST, "/api/wheel", self.wheel),
            Route(POST, "/api/save", self.save),
            Route(POST, "/api/rename", self.rename),
            Route(POST, "/api/share", self.share),
            Route(POST, "/api/import", self.import_code),
            Route(POST, "/api/render", self.render),
            Route(POST, "/api/export", self.export),
            Route(POST, "/api/read", self.read),
        ]


def error_answer(exc: Exception) -> Answer | None:
    """The studio's own errors as JSON answers with their status (and the problems behind them)."""
    if isinstance(exc, ApiError):
        return api_error_answer(exc)
    if isinstance(exc, WorkspaceError):
        return Answer(exc.status, {"error": str(exc), "problems": []})
    if isinstance(exc, authoring.DocumentError):
        return Answer(422, {"error": str(exc), "problems": exc.problems})
    if isinstance(exc, documents.FileRefused):
        return Answer(exc.status, {"error": str(exc), "problems": exc.problems})
    return None


def studio_api(workspace: Workspace, place: str | None = None) -> Api:
    """The studio's API for ``workspace`` (see the module documentation)."""
    return Api("studio", StudioApi(workspace, place).routes(), error_answer)
