"""The files a local app may touch: one JSON file, or the JSON files directly in one folder.

Every name a request carries goes through :meth:`Workspace.path_of` before the
disk is touched: a plain file name ending in ``.json`` (no folder separators,
no leading dot, no control characters), directly inside the folder, and never
a symbolic link or anything but a regular file. Reads open the file without
following links; writes go through :func:`pachaprint.fileio.atomic_write_text`,
whose rename replaces the directory entry itself, so even a link planted
between the check and the write cannot redirect it outside the folder. The
studio edits scenarios in it; the table reads a scenario and keeps saved games
beside it.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from pachaprint.check.load import MAX_BYTES, parse_bytes
from pachaprint.fileio import atomic_write_text

_NAME = re.compile(r"^[^/\\\x00-\x1f\x7f.][^/\\\x00-\x1f\x7f]{0,195}\.json$")
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NON_BLOCK = getattr(os, "O_NONBLOCK", 0)
ID_LIMIT = 40
"""Scenario ids have at most 40 characters (the schema's pattern)."""


class WorkspaceError(Exception):
    """A request the workspace refuses, with the HTTP status that says why."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Workspace:
    """The folder an app serves and, in file mode, the one file in it it may use."""

    root: Path
    """The folder, resolved (absolute, no links)."""
    single: str | None = None
    """The file name when the app was started on one file (the studio may then use no other)."""

    @classmethod
    def open(cls, path: str | Path) -> Workspace:
        """A workspace for a folder, an existing scenario file, or a new ``.json`` file to create.

        Raises :class:`WorkspaceError` (in words) for anything else.
        """
        given = Path(path)
        if given.is_dir():
            return cls(given.resolve())
        if given.exists() and not given.is_file():
            raise WorkspaceError(f"{path} is neither a scenario file nor a folder")
        target = given.resolve() if given.exists() else given.absolute()
        if not _NAME.match(target.name):
            raise WorkspaceError(
                f"{path}: a scenario file name ends in .json and has no leading dot"
            )
        if not target.parent.is_dir():
            raise WorkspaceError(f"no such folder: {given.parent}")
        return cls(target.parent.resolve(), target.name)

    @property
    def mode(self) -> str:
        """``file`` or ``folder``."""
        return "folder" if self.single is None else "file"

    @property
    def label(self) -> str:
        """The path as a person reads it in the terminal and on the page."""
        return str(self.root / self.single) if self.single else str(self.root)

    # -- names ---------------------------------------------------------------------
    def path_of(self, name: object) -> Path:
        """The path of a file name the app may use; :class:`WorkspaceError` otherwise."""
        if not isinstance(name, str) or not _NAME.match(name):
            raise WorkspaceError(
                "a scenario is named by its file name in the folder, ending in .json "
                "(no folders, no leading dot)",
                403,
            )
        if self.single is not None and name != self.single:
            raise WorkspaceError(f"this session uses {self.single} only", 403)
        path = self.root / name
        if path.parent != self.root:
            raise WorkspaceError("the name leaves the folder", 403)
        try:
            info = path.lstat()
        except FileNotFoundError:
            return path
        if stat.S_ISLNK(info.st_mode):
            raise WorkspaceError(f"{name} is a symbolic link; links are not followed", 403)
        if not stat.S_ISREG(info.st_mode):
            raise WorkspaceError(f"{name} is not a regular file", 403)
        return path

    def exists(self, name: str) -> bool:
        return self.path_of(name).exists()

    def names(self) -> list[str]:
        """The files an app may list, sorted: ``*.json`` regular files directly inside."""
        if self.single is not None:
            return [self.single]
        found = []
        with os.scandir(self.root) as entries:
            for entry in entries:
                if _NAME.match(entry.name) and entry.is_file(follow_symlinks=False):
                    found.append(entry.name)
        return sorted(found)

    # -- reading and writing -------------------------------------------------------
    def read(self, name: str) -> bytes:
        """The file's bytes (at most one byte over the scenario size limit)."""
        path = self.path_of(name)
        try:
            handle = os.open(path, os.O_RDONLY | _NO_FOLLOW | _NON_BLOCK)
        except FileNotFoundError:
            raise WorkspaceError(f"{name} does not exist", 404) from None
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise WorkspaceError(f"{name} is a symbolic link", 403) from None
            raise WorkspaceError(f"cannot read {name}: {exc.strerror}", 500) from None
        with os.fdopen(handle, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise WorkspaceError(f"{name} is not a regular file", 403)
            return file.read(MAX_BYTES + 1)

    def write(self, name: str, text: str) -> Path:
        """Write ``text`` to the file atomically (temporary file in the folder, then rename)."""
        path = self.path_of(name)
        try:
            return atomic_write_text(path, text)
        except OSError as exc:
            raise WorkspaceError(f"cannot write {name}: {exc.strerror or exc}", 500) from None

    # -- fresh names ---------------------------------------------------------------
    def used_ids(self) -> set[str]:
        """Scenario ids and file stems already taken in the folder."""
        taken = {name[: -len(".json")] for name in self.names()}
        for name in self.names():
            try:
                data, _ = parse_bytes(self.read(name))
            except WorkspaceError:
                continue
            if isinstance(data, dict) and isinstance(data.get("id"), str):
                taken.add(data["id"])
        return taken

    def fresh_id(self, base: str) -> str:
        """``base`` or ``base-2``, ``base-3``... : an id no scenario or file in the folder uses."""
        base = base[:ID_LIMIT].strip("-") or "scenario"
        taken = self.used_ids()
        candidate, number = base, 1
        while candidate in taken:
            number += 1
            suffix = f"-{number}"
            candidate = base[: ID_LIMIT - len(suffix)].rstrip("-") + suffix
        return candidate
