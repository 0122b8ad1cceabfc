"""The ``pachaprint`` command: a thin Typer shell over the library.

Each command lives in its own module beside this one and registers itself on
:data:`app`; this module only assembles them and maps usage errors to exit 2.
"""

from __future__ import annotations

from pachaprint.cli import commands  # noqa: F401  (registers the commands)
from pachaprint.cli.app import app


def main() -> None:
    """Console-script entry point."""
    app(prog_name="pachaprint")


__all__ = ["app", "main"]
