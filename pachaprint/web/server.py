"""Serving a local app: a socket on 127.0.0.1, uvicorn, the session address, a clean stop.

An app is made by a factory from the session's token and port (the
:class:`~pachaprint.web.security.Guard` needs both). :func:`serve` runs it in
the foreground until Ctrl-C (what ``pachaprint studio`` and ``pachaprint
table`` do); :class:`Background` runs the same server in a thread (tests,
benchmarks, embedding).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import signal
import socket
import threading
import webbrowser
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import FrameType, TracebackType
from typing import TypeVar

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from pachaprint.web.security import ASGIApp, new_token

HOST = "127.0.0.1"
"""A local app listens on the loopback interface only."""
PORT_TRIES = 20
"""Without ``--port``, the first free port of the app's twenty (then any free port)."""

AppFactory = Callable[[str, int], ASGIApp]
"""Makes an app from the session's token and port."""
B = TypeVar("B", bound="Background")


REQUEST_SECONDS = 10
"""A connection must bring a request's head within this time of opening, or of the last
answer: one that sends nothing, or stalls mid-head (a half-open or slowloris
connection), is closed. (An idle connection between requests is closed sooner, by
uvicorn's keep-alive timeout; a stalled body is refused by
:func:`~pachaprint.web.requests.read_json`.)"""


class TimedProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for each request's head to arrive
    (:data:`REQUEST_SECONDS`)."""

    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.cycle is not None and not self.cycle.response_complete:
            self._disarm()  # a request came: the app answers it (or refuses a slow body)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if (self.cycle is None or self.cycle.response_complete) and not self.transport.is_closing():
            self.transport.close()


class PortError(OSError):
    """The port asked for cannot be used (message in words)."""


def bind(port: int | None, default: int = 8750) -> socket.socket:
    """A listening socket on 127.0.0.1: ``port`` exactly, or when ``None`` the first free
    port of ``default`` and the :data:`PORT_TRIES` - 1 after it (then any free port)."""
    candidates = [port] if port is not None else [*range(default, default + PORT_TRIES), 0]
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
    """One session of a local app: its socket, token and the app made for them."""

    make_app: AppFactory
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
            self.make_app(self.token, self.port),
            log_level="warning",
            access_log=False,
            lifespan="off",
            server_header=False,
            date_header=False,
            timeout_graceful_shutdown=2,
            timeout_keep_alive=5,
            http=TimedProtocol,
        )
        return uvicorn.Server(config)


def serve(
    make_app: AppFactory,
    name: str,
    intro: Sequence[str],
    port: int | None = None,
    default_port: int = 8750,
    open_browser: bool = True,
    say: Callable[[str], None] = print,
) -> None:
    """Serve an app in the foreground until Ctrl-C (or SIGTERM), then return.

    ``name`` (``studio``, ``table``) and ``intro`` (first lines, such as what is
    open) are told before the address."""
    session = Session(make_app, bind(port, default_port))
    server = session.server()

    def stop(signum: int, frame: FrameType | None) -> None:
        # Ctrl-C or SIGTERM before uvicorn takes the signal over (or re-raised by
        # it after a graceful shutdown): ask the server to stop, never raise.
        if server.should_exit:
            server.force_exit = True
        server.should_exit = True

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        for line in intro:
            say(line)
        say("Open this address in your browser (it holds this session's token):")
        say(f"    {session.url}")
        say(f"Press Ctrl-C to stop the {name}.")
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
    say(f"pachaprint {name}: stopped.")


class Background:
    """A local app served from a thread: ``with Background(make_app) as app: app.url``."""

    def __init__(self, make_app: AppFactory, port: int = 0, token: str | None = None):
        self.session = Session(make_app, bind(port), token or new_token())
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

    def start(self: B) -> B:
        self._thread.start()
        while not self._server.started:
            if not self._thread.is_alive():
                raise RuntimeError("the server stopped while starting")
            self._thread.join(0.01)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(10)
        with contextlib.suppress(OSError):
            self.session.sock.close()

    def __enter__(self: B) -> B:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
