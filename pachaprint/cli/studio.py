"""``pachaprint studio``: author scenario discs in the browser (a thin shell over :mod:`pachaprint.studio`)."""

from __future__ import annotations

from pathlib import Path

import typer

from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError, command


@command()
def studio(
    path: Path = typer.Argument(
        ...,
        metavar="FILE|DIR",
        help="A scenario file (created on the first save if it does not exist) or a folder of them.",
    ),
    port: int = v.port(8750),
    no_browser: bool = v.no_browser(),
) -> None:
    """Author a disc in the browser, the checker live on every edit.

    Paint the terrain, set crops and start cells, see every problem on the
    grid, fill the crops, step through the deductions, preview and print the
    disc, and save. Serves on 127.0.0.1 only and prints the address with this
    session's token; requests without it are refused. Ctrl-C stops it. Exit 2
    for usage errors.
    """
    from pachaprint.studio.server import PortError, serve
    from pachaprint.web.workspace import Workspace, WorkspaceError

    try:
        workspace = Workspace.open(path)
    except WorkspaceError as exc:
        raise UsageError(str(exc)) from None
    try:
        serve(workspace, port, open_browser=not no_browser, say=typer.echo)
    except PortError as exc:
        raise UsageError(str(exc)) from None
