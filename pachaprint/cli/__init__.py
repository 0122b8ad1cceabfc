"""The ``pachaprint`` command: a thin Typer shell over the library.

Each command lives in its own module beside this one and is imported only when
it runs (see :mod:`pachaprint.cli.application`); usage errors exit with code 2.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing is not loaded at run time: the fast path starts without it
if TYPE_CHECKING:
    from typing import Any

    from pachaprint.cli.application import app


def main() -> None:
    """Console-script entry point: the fast answers first (:mod:`pachaprint.cli.fast`),
    then the Typer application."""
    _escape_unencodable_output()
    from pachaprint.cli.fast import answer

    code = answer(sys.argv[1:])
    if code is not None:
        sys.exit(code)
    from pachaprint.cli.application import app

    app(prog_name="pachaprint")


def __getattr__(name: str) -> Any:
    """``app``, the Typer application (:mod:`pachaprint.cli.application`), is loaded on first use."""
    if name == "app":
        from pachaprint.cli.application import app

        return app
    raise AttributeError(name)


def _escape_unencodable_output() -> None:
    """A safety net under every command: text the terminal cannot encode (a file name
    that is not UTF-8 holds lone surrogates once decoded) prints as ``\\udcff``
    instead of stopping the command with a ``UnicodeEncodeError``."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


__all__ = ["app", "main"]
