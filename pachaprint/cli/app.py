"""The Typer application object shared by every command module."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="pachaprint",
    help="Author, prove, playtest and print scenario discs for Tiwanaku (Pachamama).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class UsageError(typer.Exit):
    """Raised by commands for bad options or missing files: message on stderr, exit 2."""

    def __init__(self, message: str):
        typer.echo(f"pachaprint: error: {message}", err=True)
        super().__init__(code=2)


def _version(value: bool) -> None:
    if value:
        from pachaprint import __version__

        typer.echo(f"pachaprint {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Author, prove, playtest and print scenario discs for Tiwanaku (Pachamama)."""
