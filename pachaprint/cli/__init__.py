"""The ``pachaprint`` command: a thin Typer shell over the library.

Each command lives in its own module beside this one and is imported only when
it runs (see :mod:`pachaprint.cli.application`); usage errors exit with code 2.
"""

from __future__ import annotations

import gc
import sys

from pachaprint.cli.application import app

COLLECTOR_THRESHOLDS = (10_000, 50, 100)
"""When the cyclic garbage collector runs (:func:`gc.set_threshold`): Python's default,
(700, 10, 10), looks for cycles after every 700 new containers. A game search makes
millions of short-lived tuples and lists and almost no cycles, and every full
collection walks again all a worker holds (the drawing and PDF libraries in a build).
``benchmarks/bench_gc.py``, both settings alternating on two idle cores: three long
discs built with ``--jobs 2`` took 60.2 CPU seconds against 62.9 (the mean of six
builds each, -4 %); an expert game 4 % less (solo hard 0.247 s against 0.257 s, co-op
easy 0.217 s against 0.225 s). Nothing else changes: only when garbage is looked for."""


def main() -> None:
    """Console-script entry point: the Typer application."""
    _escape_unencodable_output()
    collect_less_often()
    try:
        app(prog_name="pachaprint")
    except Exception as exc:
        if not _a_worker_died(exc):
            raise
        sys.stderr.write(
            "pachaprint: error: a worker process ended abruptly (killed, or out of memory), "
            "so the command stopped; run it again, with fewer --jobs if memory is short\n"
        )
        sys.exit(1)


def _a_worker_died(error: BaseException) -> bool:
    """Whether ``error`` says that a process of a worker pool died (``simulate``, ``balance``
    and ``calibrate`` wait for every game; the build reports the units it lost instead:
    :func:`pachaprint.pipeline.jobs.pool_submit`). No pool, no such error: the module is
    looked up, not imported, so that a command's start does not pay for it."""
    process = sys.modules.get("concurrent.futures.process")
    return process is not None and isinstance(error, process.BrokenProcessPool)


def collect_less_often() -> None:
    """Set :data:`COLLECTOR_THRESHOLDS` for this process and the workers it forks."""
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def _escape_unencodable_output() -> None:
    """A safety net under every command: text the terminal cannot encode (a file name
    that is not UTF-8 holds lone surrogates once decoded) prints as ``\\udcff``
    instead of stopping the command with a ``UnicodeEncodeError``."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


__all__ = ["COLLECTOR_THRESHOLDS", "app", "collect_less_often", "main"]
