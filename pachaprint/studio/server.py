"""Serving the studio on 127.0.0.1 (the local server every app shares: :mod:`pachaprint.web.server`).

:func:`serve` is what ``pachaprint studio`` runs in the foreground until
Ctrl-C; :class:`BackgroundStudio` runs the same server in a thread (tests,
benchmarks, embedding).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from pachaprint.studio.app import create_app
from pachaprint.web import server as web
from pachaprint.web.server import HOST, PortError
from pachaprint.web.workspace import Workspace

__all__ = ["DEFAULT_PORT", "HOST", "BackgroundStudio", "PortError", "serve"]

DEFAULT_PORT = 8750
"""Without ``--port``, the first free port of 8750-8769 (then any free port)."""


def serve(
    workspace: Workspace,
    port: int | None = None,
    open_browser: bool = True,
    say: Callable[[str], None] = print,
) -> None:
    """Serve the studio in the foreground until Ctrl-C (or SIGTERM), then return."""
    kind = "folder" if workspace.mode == "folder" else "file"
    intro = [f"pachaprint studio: editing the {kind} {workspace.label}"]
    web.serve(
        partial(create_app, workspace), "studio", intro, port, DEFAULT_PORT, open_browser, say
    )


class BackgroundStudio(web.Background):
    """The studio served from a thread: ``with BackgroundStudio(workspace) as studio: studio.url``."""

    def __init__(self, workspace: Workspace, port: int = 0):
        super().__init__(partial(create_app, workspace), port)
