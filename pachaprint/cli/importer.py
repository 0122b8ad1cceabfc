"""``pachaprint import``: scenario files from share codes and fan apps' maps."""

from __future__ import annotations

import json
import os
from pathlib import Path

import typer

from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError, command
from pachaprint.cli.options import BoxLimit, OutputFormat
from pachaprint.model.text import display_path, plural
from pachaprint.share.importing import Imported, import_items
from pachaprint.share.inputs import InputError, read_items


def _lines(result: Imported) -> list[tuple[str, bool]]:
    """(line, to standard error) for one item."""
    label = result.item.label
    lines = []
    if result.status in ("written", "unchanged") and result.scenario is not None:
        scenario = result.scenario
        what = "wrote" if result.status == "written" else "unchanged"
        lines.append(
            (
                f"{label}: {what} {display_path(result.path or '')} "
                f"({scenario.name}, {scenario.size}, {plural(len(scenario.start), 'start cell')})",
                False,
            )
        )
    lines += [(f"{label}: {note}", False) for note in result.notes]
    lines += [(f"{label}: {problem}", True) for problem in result.problems]
    if result.status in ("failed", "exists"):
        lines.append((f"{label}: not imported", True))
    return lines


@command("import")
def import_discs(
    inputs: list[str] = typer.Argument(
        ...,
        metavar="CODE|FILE...",
        help="Share codes, wheel.html#CODE links, tiwanaku-app links, tiwanaku-web board "
        "files, or text files with one code or link per line.",
    ),
    out: Path = v.out("DIR", "The folder to write the scenarios into.", Path(".")),
    force: bool = v.force("Replace files that exist and differ."),
    format: OutputFormat = v.format(
        "text: a line per disc; json: a list with one object per input."
    ),
    box: BoxLimit = v.box(),
) -> None:
    """Write scenario files from share codes and from the fan apps' maps.

    A share code gives back its disc exactly. A fan app's map (a tiwanaku-app
    link, a tiwanaku-web board) is rarely unique from the cells it shows at
    the start: import adds the start cells the checker suggests, and says so.

    A tiwanaku-app link ends in ?game= and the cells in reading order (25 for a
    small map, 45 for a long one), joined by dashes: a terrain initial (s
    desert, d valley, g forest, r mountain), the crop level, and 1/0 for a
    terrain and a crop shown at the start, as in

    \b
    https://pablocazorla.github.io/tiwanaku-app/?game=d200-d400-s511-s400-...

    Every disc is validated first; a file that exists is replaced only with
    --force. Exit 0 when all were imported, 1 when one was not, 2 for usage
    errors.
    """
    if os.path.exists(out) and not os.path.isdir(out):
        raise UsageError(f"--out {display_path(out)} is not a folder")
    try:
        items = read_items(inputs)
    except InputError as error:
        if error.missing_file:
            raise UsageError(str(error)) from None
        typer.echo(f"pachaprint: {error}", err=True)
        raise typer.Exit(1) from None
    results = import_items(items, out, force, box.value)
    failed = sum(1 for r in results if r.status in ("failed", "exists"))
    if format is OutputFormat.json:
        typer.echo(json.dumps([r.to_dict() for r in results], indent=2, ensure_ascii=False))
    else:
        for result in results:
            for line, err in _lines(result):
                typer.echo(line, err=err)
        added = sum(1 for r in results if r.added)
        summary = f"{len(results) - failed} of {len(results)} imported"
        if added:
            summary += f"; {plural(added, 'fan map')} needed added start cells"
        typer.echo(summary, err=bool(failed))
    raise typer.Exit(1 if failed else 0)
