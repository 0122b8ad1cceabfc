"""Scenario files in the studio: the library, opening a file for editing, saving it.

Saving rewrites only the keys the studio edits, keeps the file's key order and
one grid row per line (:func:`pachaprint.check.fill.updated_text`, the code
behind ``solve --write``), checks that the text parses and passes the schema
before anything is written, and writes atomically. A scenario that still
breaks a game rule may be saved (work in progress); a file that would not load
again may not.

A map with cells still unpainted saves as a *draft*: ``format``
:data:`~pachaprint.studio.authoring.DRAFT_FORMAT`, no ``$schema``, checked only
to open again in the studio (``validate`` and ``build`` skip it in a folder).
A scenario's ``$schema`` is written as the path from the file's folder to the
schema of this install (:func:`pachaprint.resources.schema_reference`).

A save is compare-and-swap, under the folder's lock: it replaces the file
only if it still holds exactly the bytes the author opened (re-checked at the
moment of the swap, :meth:`Workspace.replace`), and a create never replaces a
file (:meth:`Workspace.create`). A lost race is :class:`FileRefused` with
status 409; nothing was written and the page keeps the author's text. A
rename (:func:`rename`) is compare-and-swap too and never replaces a file.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from pachaprint.check.fill import KEY_ORDER, updated_text
from pachaprint.check.generate import slug
from pachaprint.check.load import MAX_BYTES, parse_bytes, parse_text, schema_problems
from pachaprint.check.rules import dimension_problems
from pachaprint.check.validate import validate_bytes, validate_data
from pachaprint.model.board import SIZES, board_for
from pachaprint.model.scenario import FORMAT
from pachaprint.resources import schema_reference
from pachaprint.studio.authoring import DRAFT_FORMAT, UNPAINTED, blank_document, unpainted_cells
from pachaprint.studio.shapes import shape_error
from pachaprint.web.workspace import Workspace, WorkspaceConflict, WorkspaceError

SAVED_KEYS = KEY_ORDER
"""The keys a save writes (every key of a scenario, docs/formats/scenario.md); any other key of the
file is kept as it is."""
CHANGED_ON_DISK = (
    "not saved: {file} changed on disk since it was opened; your edits are still here: "
    "reopen the file to see the other version, or save again to overwrite it"
)
NOT_RENAMED_EXISTS = "not renamed: {file} exists already; choose another id"
NOT_RENAMED_CHANGED = "not renamed: {file} changed on disk since it was opened; reopen it first"
EXISTS_ALREADY = (
    "not saved: {file} exists already (another studio or program made it); your edits are "
    "still here: choose another id"
)


class FileRefused(Exception):
    """A file the studio will not open or write (nothing was written); the message and problems say why."""

    def __init__(self, status: int, message: str, problems: list[dict[str, Any]] | None = None):
        super().__init__(message)
        self.status = status
        self.problems = problems or []


def digest(raw: bytes) -> str:
    """The fingerprint of a file's bytes, to notice a file changed on disk since it was opened."""
    return hashlib.sha256(raw).hexdigest()


def _note(message: str) -> dict[str, Any]:
    return {"rule": "studio", "cells": [], "message": message}


# -- the library -----------------------------------------------------------------------
def library(workspace: Workspace) -> list[dict[str, Any]]:
    """Every scenario file of the workspace with its verdict, difficulty and size."""
    entries = []
    for name in workspace.names():
        entry: dict[str, Any] = {"file": name, "id": None, "name": None, "size": None}
        try:
            raw = workspace.read(name)
        except WorkspaceError as exc:
            entries.append({**entry, "valid": False, "rules": ["studio"], "message": str(exc)})
            continue
        report = validate_bytes(raw, name)
        kind = None if report.valid else _format_of(raw)
        if kind == DRAFT_FORMAT:
            entries.append(_draft_entry(entry, raw))
            continue
        if kind not in (None, FORMAT):
            continue  # a saved game or another kind of file: not the studio's to list
        scenario = report.scenario
        entries.append(
            {
                **entry,
                "id": report.id,
                "name": scenario.name if scenario is not None else None,
                "size": scenario.size if scenario is not None else None,
                "valid": report.valid,
                "difficulty": report.stats.get("difficulty"),
                "rules": report.rules(),
                "errors": len(report.errors),
                "message": report.errors[0].message if report.errors else None,
            }
        )
    return entries


def _format_of(raw: bytes) -> str | None:
    """The ``format`` a JSON file names (``None`` when it names none)."""
    data, problems = parse_bytes(raw)
    kind = data.get("format") if not problems and isinstance(data, dict) else None
    return kind if isinstance(kind, str) else None


def _draft_entry(entry: dict[str, Any], raw: bytes) -> dict[str, Any]:
    data, problems = editable(raw)
    blank = len(unpainted_cells(data)) if not problems else 0
    return {
        **entry,
        "id": data.get("id") or None,
        "name": data.get("name") or None,
        "size": data.get("size"),
        "valid": False,
        "draft": True,
        "rules": ["draft"],
        "errors": 0,
        "message": f"a draft: {blank} cell{'s' if blank != 1 else ''} still "
        f"need{'' if blank != 1 else 's'} a terrain"
        if blank
        else "a draft",
    }


# -- opening ------------------------------------------------------------------------------
def _grid_problems(data: dict[str, Any]) -> list[str]:
    board = board_for(data["size"])
    found = []
    for key, letters in (("terrain", "VDFM" + UNPAINTED), ("crops", "12345" + UNPAINTED)):
        rows = data.get(key)
        if (
            not isinstance(rows, list)
            or len(rows) != board.height
            or not all(isinstance(r, str) and len(r) == board.width for r in rows)
        ):
            found.append(
                f"{key} must be {board.height} rows of {board.width} characters for a {board.size} board"
            )
        elif any(ch not in letters for row in rows for ch in row):
            found.append(f"{key} may only hold {', '.join(letters)}")
    return found


def _shape_problems(data: Any) -> list[dict[str, Any]]:
    found = shape_error(data)
    if found is not None:
        pointer, message = found
        text = "the file does not hold a JSON object" if not pointer else message
        return [{"rule": "schema", "cells": [], "message": text, "pointer": pointer}]
    if data.get("format", FORMAT) not in (FORMAT, DRAFT_FORMAT):
        return [
            _note(
                f"the format is {data.get('format')!r}; the studio edits {FORMAT!r} "
                f"(and its drafts, {DRAFT_FORMAT!r})"
            )
        ]
    if data.get("size") not in SIZES:
        return [_note("size must be tiny or long")]
    return [_note(message) for message in _grid_problems(data)]


def editable(raw: bytes) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A file's mapping ready for the page, or the problems that keep the studio from editing it.

    The studio edits any file whose grid fits its size, whatever else is wrong
    (those problems show live); a missing ``format``, ``id``, ``name`` or
    ``start`` is filled with an empty value for the page to complete.
    """
    data, problems = parse_bytes(raw)
    if problems:
        return {}, [p.to_dict() for p in problems]
    shape = _shape_problems(data)
    if shape:
        return {}, shape
    data.setdefault("format", FORMAT)
    data.setdefault("id", "")
    data.setdefault("name", "")
    data.setdefault("start", [])
    return data, []


def open_document(workspace: Workspace, name: object) -> dict[str, Any]:
    """``{"file", "scenario", "hash", "exists"}`` for a file of the workspace.

    In file mode a file that does not exist yet opens as a blank long map.
    """
    if workspace.single is not None and name == workspace.single and not workspace.exists(name):
        return {
            "file": name,
            "scenario": new_blank(workspace, "long"),
            "hash": None,
            "exists": False,
        }
    raw = workspace.read(workspace.path_of(name).name)
    data, problems = editable(raw)
    if problems:
        raise FileRefused(422, f"{name} cannot be edited in the studio", problems)
    return {"file": name, "scenario": data, "hash": digest(raw), "exists": True}


def new_blank(workspace: Workspace, size: str) -> dict[str, Any]:
    """A blank scenario whose id no file of the folder uses."""
    stem = workspace.single[: -len(".json")] if workspace.single else "new-disc"
    scenario_id = workspace.fresh_id(stem) if workspace.single is None else slug(stem)
    return blank_document(size, scenario_id, "New disc")


# -- saving -------------------------------------------------------------------------------
def _changes(data: dict[str, Any], folder: Path, draft: bool) -> dict[str, Any]:
    changes = {key: data.get(key) for key in SAVED_KEYS}
    changes["format"] = DRAFT_FORMAT if draft else FORMAT
    # where the schema really is, seen from the file's folder (a draft does not follow it)
    changes["$schema"] = None if draft else schema_reference(folder)
    for key in ("author", "notes"):
        if changes[key] == "":
            changes[key] = None
    solo = changes["solo"]
    if isinstance(solo, dict) and solo.get("otoma") == []:
        changes["solo"] = None
    return changes


def save(
    workspace: Workspace,
    name: object,
    data: Any,
    base_hash: object,
    create: bool = False,
    force: bool = False,
) -> dict[str, Any]:
    """Write the edited scenario into file ``name``; :class:`FileRefused` when nothing was written.

    ``base_hash`` is the :func:`digest` of the file as it was opened (``None``
    for a file that did not exist): a file changed on disk since is not
    overwritten unless ``force``. ``create`` refuses to replace an existing file.
    """
    path = workspace.path_of(name)
    file = path.name
    found = shape_error(data)
    if found is not None:
        raise FileRefused(400, f"nothing to save: the scenario{'/' if found[0] else ' '}{found[1]}")
    assert isinstance(data, dict)
    with workspace.locked():
        return _save_locked(workspace, file, data, base_hash, create, force)


def _save_locked(
    workspace: Workspace,
    file: str,
    data: dict[str, Any],
    base_hash: object,
    create: bool,
    force: bool,
) -> dict[str, Any]:
    draft = bool(unpainted_cells(data))
    exists = workspace.exists(file)
    if exists and create:
        raise FileRefused(409, EXISTS_ALREADY.format(file=file))
    raw = workspace.read(file) if exists else None
    if not force and (digest(raw) if raw is not None else None) != base_hash:
        raise FileRefused(409, CHANGED_ON_DISK.format(file=file))
    changes = _changes(data, workspace.root, draft)
    try:
        text = updated_text(raw, changes)
    except ValueError:
        text = updated_text(None, changes)
    found = _load_problems(text, draft)
    if found:
        raise FileRefused(
            422, "not saved: the file would not load again: " + found[0]["message"], found
        )
    try:
        if raw is None:
            workspace.create(file, text)
        else:
            workspace.replace(file, text, expected=raw)
    except WorkspaceConflict:
        message = EXISTS_ALREADY if raw is None else CHANGED_ON_DISK
        raise FileRefused(409, message.format(file=file)) from None
    encoded = text.encode("utf-8")
    blank = len(unpainted_cells(data))
    report = None if draft else validate_data(parse_text(text)[0], file)
    return {
        "file": file,
        "hash": digest(encoded),
        "bytes": len(encoded),
        "valid": report is not None and report.valid,
        "errors": len(report.errors) if report is not None else 0,
        "draft": draft,
        "unpainted": blank,
    }


def _load_problems(text: str, draft: bool) -> list[dict[str, Any]]:
    """Why the text about to be written would not load again (empty when it would): a
    scenario must pass the schema and fit its size; a draft must open in the studio."""
    parsed, problems = parse_text(text)
    if problems:
        return [p.to_dict() for p in problems]
    if draft:  # not a scenario yet: it only has to open again in the studio
        return editable(text.encode("utf-8"))[1]
    return [p.to_dict() for p in schema_problems(parsed) or dimension_problems(parsed)]


# -- renaming -----------------------------------------------------------------------------
def rename(workspace: Workspace, name: object, to: object, base_hash: object) -> dict[str, Any]:
    """Give file ``name`` the name ``to``, its bytes unchanged: ``{"file", "hash"}``.

    :class:`FileRefused` when nothing was renamed: the studio was started on one
    file, ``to`` exists already (a file is never replaced), or the file changed
    on disk since it was opened (``base_hash``, as for a save).
    """
    if workspace.single is not None:
        raise FileRefused(403, "the studio was started on one file: it keeps its name")
    file = workspace.path_of(name).name
    target = workspace.path_of(to).name
    if target == file:
        raise FileRefused(400, f"{file} has that name already")
    with workspace.locked():
        raw = workspace.read(file)
        if digest(raw) != base_hash:
            raise FileRefused(409, NOT_RENAMED_CHANGED.format(file=file))
        if workspace.exists(target):
            raise FileRefused(409, NOT_RENAMED_EXISTS.format(file=target))
        try:
            workspace.rename(file, target, expected=raw)
        except WorkspaceConflict:
            taken = workspace.exists(target)  # another program was quicker
            message = NOT_RENAMED_EXISTS if taken else NOT_RENAMED_CHANGED
            raise FileRefused(409, message.format(file=target if taken else file)) from None
    return {"file": target, "hash": digest(raw)}


# -- files in and out of the browser ----------------------------------------------------------
def exported(data: Any) -> tuple[bytes, str]:
    """The text a save would write for the scenario (a draft while cells are unpainted), to
    download: ``(bytes, file name)``; no ``$schema`` (the file may go anywhere).
    :class:`FileRefused` when it would not load again."""
    found = shape_error(data)
    if found is not None:
        raise FileRefused(400, f"nothing to save: the scenario{'/' if found[0] else ' '}{found[1]}")
    assert isinstance(data, dict)
    draft = bool(unpainted_cells(data))
    changes = _changes(data, Path("."), draft)
    changes["$schema"] = None
    text = updated_text(None, changes)
    problems = _load_problems(text, draft)
    if problems:
        raise FileRefused(
            422, "not saved: the file would not load again: " + problems[0]["message"], problems
        )
    given = data.get("id")
    stem = given if isinstance(given, str) and given else "new-disc"
    return text.encode("utf-8"), f"{slug(stem)}.json"


def opened_text(workspace: Workspace, text: object) -> dict[str, Any]:
    """A scenario (or draft) from a file's text the person picked: ``{"scenario", "file"}``,
    ``file`` a name no file of the folder has (nothing is written until a save).
    :class:`FileRefused` when the studio cannot edit it."""
    if not isinstance(text, str):
        raise FileRefused(400, "text must be the file's text")
    raw = text.encode("utf-8")
    if len(raw) > MAX_BYTES:
        raise FileRefused(413, "the file is too big for a scenario")
    data, problems = editable(raw)
    if problems:
        raise FileRefused(422, "this file cannot be edited in the studio", problems)
    scenario_id = workspace.fresh_id(slug(str(data.get("id") or data.get("name") or "new-disc")))
    data["id"] = scenario_id
    return {"scenario": data, "file": f"{scenario_id}.json"}
