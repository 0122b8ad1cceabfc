"""Serving the studio: a socket on 127.0.0.1, uvicorn, the session address, a clean stop.

:func:`serve` is what ``pachaprint studio`` runs in the foreground until
Ctrl-C; :class:`BackgroundStudio` runs the same server in a thread (tests,
benchmarks, embedding).
"""

from __future__ import annotations

import contextlib
import errno
import signal
import socket
import threading
import webbrowser
from collections.abc import Callable
from dataclasses import dataclass, field
from types import FrameType, TracebackType

import uvicorn

from pachaprint.studio.app import create_app
from pachaprint.studio.security import new_token
from pachaprint.studio.workspace import Workspace

HOST = "127.0.0.1"
"""The studio listens on the loopback interface only."""
DEFAULT_PORT = 8750
PORT_TRIES = 20
"""Without ``--port``, the first free port of 8750-8769 (then any free port)."""


class PortError(OSError):
    """The port asked for cannot be used (message in words)."""


def bind(port: int | None) -> socket.socket:
    """A listening socket on 127.0.0.1: ``port`` exactly, or a free default one when ``None``."""
    candidates = (
        [port] if port is not None else [*range(DEFAULT_PORT, DEFAULT_PORT + PORT_TRIES), 0]
    )
    for number in candidates:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.bind((HOST, number))
        except OSError as exc:
            sock.close()
            if port is not None:
                reason = (
                    "is in use"
                    if exc.errno == errno.EADDRINUSE
                    else f"cannot be used ({exc.strerror})"
                )
                raise PortError(f"port {port} {reason}; choose another with --port") from None
            continue
        sock.listen(64)
        sock.set_inheritable(True)
        return sock
    raise PortError("no free port found on 127.0.0.1")


@dataclass
class Session:
    """One studio session: its workspace, token and socket."""

    workspace: Workspace
    sock: socket.socket
    token: str = field(default_factory=new_token)

    @property
    def port(self) -> int:
        return int(self.sock.getsockname()[1])

    @property
    def url(self) -> str:
        """The page's address with the session token."""
        return f"http://{HOST}:{self.port}/?token={self.token}"

    def server(self) -> uvicorn.Server:
        config = uvicorn.Config(
            create_app(self.workspace, self.token, self.port),
            log_level="warning",
            access_log=False,
            lifespan="off",
            server_header=False,
            date_header=False,
            timeout_graceful_shutdown=2,
        )
        return uvicorn.Server(config)


def serve(
    workspace: Workspace,
    port: int | None = None,
    open_browser: bool = True,
    say: Callable[[str], None] = print,
) -> None:
    """Serve the studio in the foreground until Ctrl-C (or SIGTERM), then return."""
    session = Session(workspace, bind(port))
    server = session.server()

    def stop(signum: int, frame: FrameType | None) -> None:
        # Ctrl-C or SIGTERM before uvicorn takes the signal over (or re-raised by
        # it after a graceful shutdown): ask the server to stop, never raise.
        if server.should_exit:
            server.force_exit = True
        server.should_exit = True

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        kind = "folder" if workspace.mode == "folder" else "file"
        say(f"pachaprint studio: editing the {kind} {workspace.label}")
        say("Open this address in your browser (it holds this session's token):")
        say(f"    {session.url}")
        say("Press Ctrl-C to stop the studio.")
        if open_browser:

            def show() -> None:
                if not webbrowser.open(session.url):
                    say("(no browser found here: open the address yourself)")

            threading.Timer(0.5, show).start()
        server.run(sockets=[session.sock])
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        session.sock.close()
    say("pachaprint studio: stopped.")


class BackgroundStudio:
    """The studio served from a thread: ``with BackgroundStudio(workspace) as studio: studio.url``."""

    def __init__(self, workspace: Workspace, port: int = 0):
        self.session = Session(workspace, bind(port))
        self._server = self.session.server()
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self.session.sock]}, daemon=True
        )

    @property
    def url(self) -> str:
        return self.session.url

    @property
    def token(self) -> str:
        return self.session.token

    @property
    def port(self) -> int:
        return self.session.port

    def start(self) -> BackgroundStudio:
        self._thread.start()
        while not self._server.started:
            if not self._thread.is_alive():
                raise RuntimeError("the studio server stopped while starting")
            self._thread.join(0.01)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(10)
        with contextlib.suppress(OSError):
            self.session.sock.close()

    def __enter__(self) -> BackgroundStudio:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
