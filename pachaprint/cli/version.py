"""The line ``pachaprint --version`` prints, for the fast path and the Typer option alike."""

from __future__ import annotations


def version_line() -> str:
    """``pachaprint 1.2.3``."""
    from pachaprint import __version__

    return f"pachaprint {__version__}"
