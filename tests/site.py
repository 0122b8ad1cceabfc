"""A built site served as any static host serves it, for the site's tests.

The site runs Python in the browser with the Pyodide runtime: its npm package
``pyodide`` (the release :data:`pachaprint.site.runtime.PYODIDE_VERSION`),
installed where ``PACHAPRINT_PYODIDE`` says (``.ci/run`` installs it and sets
it). Without it the tests fail, saying how to get it: they never skip.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from pachaprint.site.runtime import PYODIDE_VERSION, RUNTIME_FILES
from tests.helpers import REPO

RUNTIME_ENV = "PACHAPRINT_PYODIDE"
SITE_DISCS = ("colca-canyon", "akapana-mound")
"""The shipped discs the test site is built from (a long one, a tiny one)."""


def runtime_folder() -> Path:
    """The Pyodide runtime folder, or a test failure that says how to install it."""
    given = os.environ.get(RUNTIME_ENV)
    how = (
        f"npm install --prefix DIR pyodide@{PYODIDE_VERSION} and set {RUNTIME_ENV}="
        "DIR/node_modules/pyodide (.ci/run does both)"
    )
    if not given:
        pytest.fail(f"the site's tests need the Pyodide runtime: {how}", pytrace=False)
    folder = Path(given)
    missing = [name for name in RUNTIME_FILES if not (folder / name).is_file()]
    if missing:
        pytest.fail(f"{RUNTIME_ENV}={given} lacks {', '.join(missing)}: {how}", pytrace=False)
    return folder


def build_site(out: Path, discs: tuple[str, ...] = SITE_DISCS) -> Path:
    """``pachaprint build`` of a few shipped discs into ``out`` with the runtime copied in
    (few games: the site is what the tests look at)."""
    source = out.parent / f"{out.name}-discs"
    source.mkdir()
    for name in discs:
        (source / f"{name}.json").write_bytes((REPO / "scenarios" / f"{name}.json").read_bytes())
    command = [
        sys.executable, "-m", "pachaprint", "build", str(source), "--out", str(out),
        "--games", "4", "--mode", "competitive", "--paper", "a4", "--wheel", "retail",
        "--jobs", "1", "--quiet", "--pyodide", str(runtime_folder()),
    ]  # fmt: skip
    subprocess.run(command, check=True, capture_output=True)
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def static_server(folder: Path) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 as ``python -m http.server`` serves it; yields the
    address of its root (ending in ``/``)."""
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
