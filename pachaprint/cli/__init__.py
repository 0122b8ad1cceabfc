"""The ``pachaprint`` command: a thin Typer shell over the library.

Each command lives in its own module beside this one and is imported only when
it runs (see :mod:`pachaprint.cli.app`); usage errors exit with code 2.
"""

from __future__ import annotations

from pachaprint.cli.app import app


def main() -> None:
    """Console-script entry point."""
    app(prog_name="pachaprint")


__all__ = ["app", "main"]
