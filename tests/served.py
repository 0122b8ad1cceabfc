"""A local app's command (``pachaprint studio``, ``pachaprint table``) as a user runs it: the
address it prints with the session's token, requests to it, and Ctrl-C to stop it."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.studio_http import Client

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Served:
    """A running command, the address it printed and, once stopped, what it wrote."""

    process: subprocess.Popen[str]
    address: str
    out: str = ""
    err: str = ""

    @property
    def port(self) -> int:
        return int(self.address.split(":")[2].split("/")[0])

    @property
    def token(self) -> str:
        return self.address.split("?token=")[1]

    def client(self, token: bool = True) -> Client:
        """Requests to the app, with the session's token (or, ``token=False``, without)."""
        return Client(self.port, {"X-Pachaprint-Token": self.token} if token else None)

    @property
    def returncode(self) -> int | None:
        return self.process.returncode

    def stop(self) -> None:
        """Ctrl-C, then wait for the command to end and keep what it wrote."""
        self.process.send_signal(signal.SIGINT)
        self.out, self.err = self.process.communicate(timeout=15)


@contextlib.contextmanager
def served(command: str, *args: str, cwd: Path | None = None) -> Iterator[Served]:
    """Run ``pachaprint COMMAND ARGS...`` until it prints its address; stop it with Ctrl-C
    when the block ends (``returncode``, ``out`` and ``err`` are then set)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "pachaprint", command, *args],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    deadline = time.monotonic() + 30
    lines: list[str] = []
    address = None
    while address is None and time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        if "Ctrl-C" in line:  # the last line before it serves
            address = next(x.strip() for x in lines if "?token=" in x)
    if address is None:
        process.kill()
        raise AssertionError(
            f"no address printed: {lines} {process.stderr.read() if process.stderr else ''}"
        )
    running = Served(process, address)
    try:
        yield running
    finally:
        running.stop()
