"""The ``pachaprint`` application: a root group that loads each command on demand.

``pachaprint --help`` and ``--version`` import nothing but Typer; ``pachaprint
validate`` imports the validate module and the checker, never the renderer or
the engine. :data:`COMMANDS` names every command, the module that defines it and
its one-line summary (a test keeps the summaries equal to the commands' own
docstrings). A command module registers its function with :func:`command`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

import typer
import typer.core
import typer.main

from pachaprint import __version__
from pachaprint.cli.helpfmt import HelpCommand


class Entry(NamedTuple):
    module: str
    summary: str


COMMANDS: dict[str, Entry] = {
    "validate": Entry(
        "validate", "Check scenario files against the schema and every rule of the game."
    ),
    "solve": Entry(
        "validate", "Derive the crop layer from the terrain and the start cells' crops."
    ),
    "hint": Entry("hint", "Print the next deduction only: the easiest step a player can make now."),
    "new": Entry("new", "Generate a valid, unique scenario of the requested grade."),
    "studio": Entry("studio", "Author a disc in the browser, the checker live on every edit."),
    "simulate": Entry("simulate", "Simulate bot games of a scenario and report how it plays."),
    "balance": Entry(
        "balance",
        "Compare the balance of scenarios in one table: fairness, the Otoma, hard deductions.",
    ),
    "play": Entry("play", "Play a scenario in the terminal: people and bots at one table."),
    "table": Entry("table", "Play a disc in the browser: hot-seat, bots, solo and co-op."),
    "render": Entry(
        "render", "Render a scenario's disc front(s) and back, or the core components."
    ),
    "calibrate": Entry("calibrate", "Print a calibration disc to measure a retail wheel with."),
    "wheel": Entry("wheel", "Write the digital wheel: one offline HTML page that reveals the map."),
    "share": Entry(
        "share", "Print a short share code of a disc: terrain, crops, start and Otoma cells, name."
    ),
    "import": Entry(
        "importer", "Write scenario files from share codes and from the fan apps' maps."
    ),
    "build": Entry(
        "build", "Validate, simulate and render a folder of scenarios into a print kit."
    ),
}
"""Every command, in the order ``pachaprint --help`` lists them."""

_registry = typer.Typer(rich_markup_mode=None, add_completion=False)
F = TypeVar("F", bound=Callable[..., Any])


def command(name: str | None = None) -> Callable[[F], F]:
    """Register a command function (its module must be named in :data:`COMMANDS`)."""
    decorator: Callable[[F], F] = _registry.command(name, cls=HelpCommand)
    return decorator


class LazyGroup(typer.core.TyperGroup):
    """The root group: lists commands from :data:`COMMANDS`, imports one only when it runs."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        importlib.import_module(f"pachaprint.cli.{entry.module}")
        for info in _registry.registered_commands:
            if (info.name or getattr(info.callback, "__name__", "")) == cmd_name:
                # Build just this command (not every one its module registered).
                return typer.main.get_command_from_info(
                    info,
                    pretty_exceptions_short=_registry.pretty_exceptions_short,
                    rich_markup_mode=_registry.rich_markup_mode,
                )
        return None

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        with formatter.section("Commands"):
            formatter.write_dl([(name, entry.summary) for name, entry in COMMANDS.items()])


app = typer.Typer(
    name="pachaprint",
    cls=LazyGroup,
    help="Author, prove, playtest and print scenario discs for Tiwanaku (Pachamama).",
    epilog="Run 'pachaprint COMMAND --help' for a command's options. "
    "Exit codes: 0 success, 1 an invalid scenario or a failed step, 2 a usage error.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class UsageError(typer.Exit):
    """Raised by commands for bad options or missing files: message on stderr, exit 2."""

    def __init__(self, message: str):
        typer.echo(f"pachaprint: error: {message}", err=True)
        super().__init__(code=2)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pachaprint {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Author, prove, playtest and print scenario discs for Tiwanaku (Pachamama)."""
