"""``pachaprint import``: scenario files from share codes and fan apps' maps.

A share code gives back the disc it was made from. A fan app's map has its
whole crop layer but is rarely unique from the cells it shows at the start,
so the start cells the checker suggests (:func:`settling_start_cells`, the
ones a ``not-unique`` report names) are added, and the result says which.
Every disc is validated before it is written; a file already there is never
replaced unless asked (``force``), and one with the same content is left as
it is.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pachaprint.check.generate import SCHEMA_REF, slug
from pachaprint.check.problems import Report, Rule
from pachaprint.check.rules import settling_start_cells
from pachaprint.check.validate import validate_data
from pachaprint.fileio import atomic_write_text
from pachaprint.model.base32 import spelled
from pachaprint.model.board import board_for, join_names
from pachaprint.model.scenario import FORMAT, Scenario, crops_to_rows, dumps_scenario
from pachaprint.model.sharecode import ShareCodeError, SharedDisc, decode, encode_symbols
from pachaprint.model.text import display_path, plural, printable, text_problem
from pachaprint.resources import with_schema_reference
from pachaprint.share.fanmaps import APP, FanMap, FanMapError, parse_app_link, parse_web_board
from pachaprint.share.inputs import CODE, Item

MAX_NAME = 60
TAG_SYMBOLS = 6
"""Symbols of a disc's code (its last ones, the check among them) in a made-up id."""


@dataclass
class Imported:
    """One item's outcome: the scenario to write, or the problems that stop it."""

    item: Item
    scenario: Scenario | None = None
    notes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    added: dict[str, int] = field(default_factory=dict)
    """Start cells added to a fan app's map (cell name -> level)."""
    path: Path | None = None
    status: str = "failed"
    """``written``, ``unchanged`` (the same file was there), ``exists`` or ``failed``."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "input": self.item.label,
            "kind": self.item.kind,
            "status": self.status,
            "file": display_path(self.path) if self.path else None,
            "id": self.scenario.id if self.scenario else None,
            "added_start_cells": self.added,
            "notes": self.notes,
            "problems": self.problems,
        }


def _tag(disc: SharedDisc) -> str:
    return spelled(encode_symbols(disc)[-TAG_SYMBOLS:], 0)


def _data(disc: SharedDisc, id: str, name: str, notes: str) -> dict[str, Any]:
    board = board_for(disc.size)
    width = board.width
    data: dict[str, Any] = {"$schema": SCHEMA_REF, "format": FORMAT, "id": id, "name": name}
    data["size"] = disc.size
    data["terrain"] = [disc.terrain[r * width : (r + 1) * width] for r in range(board.height)]
    data["crops"] = crops_to_rows(board, disc.crops)
    data["start"] = [board.name(c) for c in disc.start]
    if disc.otoma:
        data["solo"] = {"otoma": [board.name(c) for c in disc.otoma]}
    data["notes"] = notes
    return data


def _problems(report: Report) -> list[str]:
    return [f"{p.rule.value}: {p.message}" for p in report.errors]


def _warnings(report: Report) -> list[str]:
    return [f"warning: {p.rule.value}: {p.message}" for p in report.warnings]


def _from_code(imported: Imported, box: str) -> None:
    try:
        disc = decode(imported.item.value)
    except ShareCodeError as error:
        imported.problems.append(f"not a share code: {error}")
        return
    tag = _tag(disc)
    name = disc.name
    if name is not None and (len(name) > MAX_NAME or text_problem(name)):
        imported.notes.append(
            f"the code's name {printable(name)!r} is not a scenario name; left out"
        )
        name = None
    scenario_id = slug(name) if name else f"disc-{tag.lower()}"
    data = _data(disc, scenario_id, name or f"Shared disc {tag}", "Imported from a share code.")
    _finish(imported, data, box)


def _from_fan_map(imported: Imported, box: str) -> None:
    item = imported.item
    try:
        fan = parse_app_link(item.value) if item.kind == APP else parse_web_board(item.value)
    except FanMapError as error:
        imported.problems.append(f"not a {item.kind} map: {error}")
        return
    disc = SharedDisc(fan.size, fan.terrain, fan.crops, fan.start)
    data = _data(disc, "fan-map", "Fan map", "")
    report = validate_data(data, item.label, box, difficulty=False)
    if report.errors and [p.rule for p in report.errors] != [Rule.NOT_UNIQUE]:
        imported.problems.extend(_problems(report))
        return
    if report.scenario is not None and report.errors:
        imported.added = settling_start_cells(report.scenario)
        board = board_for(fan.size)
        extra = [board.index(name) for name in imported.added]
        disc = SharedDisc(fan.size, fan.terrain, fan.crops, tuple(sorted({*fan.start, *extra})))
    tag = _tag(disc)
    data = _data(
        disc,
        f"{fan.source}-{tag.lower()}",
        f"{fan.source} map {tag}",
        _fan_notes(fan, imported.added),
    )
    if imported.added:
        shown = join_names(f"{name} ({level})" for name, level in imported.added.items())
        imported.notes.append(
            f"the map was not unique from its {plural(len(fan.start), 'start cell')}; "
            f"added start {'cell' if len(imported.added) == 1 else 'cells'} {shown}, as the checker suggests"
        )
    _finish(imported, data, box)


def _fan_notes(fan: FanMap, added: dict[str, int]) -> str:
    text = f"Imported from a {fan.source} map."
    if added:
        text += f" pachaprint added the start cells {join_names(added)} to make it unique."
    return text


def _finish(imported: Imported, data: dict[str, Any], box: str) -> None:
    report = validate_data(data, imported.item.label, box, difficulty=False)
    if not report.valid or report.scenario is None:
        imported.problems.extend(_problems(report))
        return
    imported.notes.extend(_warnings(report))
    imported.scenario = report.scenario


def convert(item: Item, box: str = "retail") -> Imported:
    """The scenario an item gives, validated (or the problems that stop it)."""
    imported = Imported(item)
    if item.kind == CODE:
        _from_code(imported, box)
    else:
        _from_fan_map(imported, box)
    return imported


def write(imported: Imported, folder: Path, force: bool = False) -> None:
    """Write an item's scenario as ``folder/ID.json`` (atomically), never over another file
    unless ``force``; its ``$schema`` leads from ``folder`` to this install's schema."""
    scenario = imported.scenario
    if scenario is None:
        return
    target = folder / f"{scenario.id}.json"
    imported.path = target
    text = dumps_scenario(with_schema_reference(scenario.to_dict(), folder.resolve()))
    if os.path.lexists(target):  # (os.path: a name too long is the write's problem below)
        try:
            same = target.is_file() and target.read_text(encoding="utf-8") == text
        except (OSError, UnicodeDecodeError):
            same = False
        if same:
            imported.status = "unchanged"
            return
        if not force:
            imported.status = "exists"
            imported.problems.append(
                f"{display_path(target)} already exists and differs; give --force to replace it"
            )
            return
    try:
        atomic_write_text(target, text)
    except OSError as error:
        imported.status = "failed"
        imported.problems.append(f"cannot write {display_path(target)}: {error.strerror or error}")
        return
    imported.status = "written"


def import_items(
    items: list[Item], folder: Path, force: bool = False, box: str = "retail"
) -> list[Imported]:
    """Convert and write every item; one item's problems never stop the others."""
    results = []
    for item in items:
        imported = convert(item, box)
        write(imported, folder, force)
        results.append(imported)
    return results
