"""The ``pachaprint`` command: a thin Typer shell over the library.

Each command lives in its own module beside this one and is imported only when
it runs (see :mod:`pachaprint.cli.application`); usage errors exit with code 2.
"""

from __future__ import annotations

import sys

from pachaprint.cli.application import app


def main() -> None:
    """Console-script entry point: the Typer application."""
    _escape_unencodable_output()
    app(prog_name="pachaprint")


def _escape_unencodable_output() -> None:
    """A safety net under every command: text the terminal cannot encode (a file name
    that is not UTF-8 holds lone surrogates once decoded) prints as ``\\udcff``
    instead of stopping the command with a ``UnicodeEncodeError``."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


__all__ = ["app", "main"]
