"""The files a local app may touch: one JSON file, or the JSON files directly in one folder.

Every name a request carries goes through :meth:`Workspace.path_of` before the
disk is touched: a plain file name ending in ``.json`` (no folder separators,
no leading dot, no control characters of C0 or C1, no bidi override or other
invisible format character: :func:`plain_name`), directly inside the folder, and never
a symbolic link or anything but a regular file. Names are matched whole
(``fullmatch``: ``"pwn.json\n"`` is refused). Reads open the file without
following links. The studio edits scenarios in it; the table reads a scenario
and keeps saved games beside it.

Writes are compare-and-swap, under an advisory lock on the folder (two
studios on one folder take turns), and a saved file is never missing: at
every moment its name holds the old content or the new, so a reader (the
studio's own open, an editor, a sync tool) never finds it gone, and a save
killed at any moment leaves one of the two. The new text goes to a
temporary file in the folder; :meth:`Workspace.create` links it to the name,
which fails if anything is there (it never replaces a file);
:meth:`Workspace.replace` exchanges it with the current file in one step
(``renameat2``'s ``RENAME_EXCHANGE`` on Linux) once the file holds the bytes
the author opened, and compares what it displaced with them too: if they
differ (an editor saved in that instant), that version is exchanged back and
:class:`WorkspaceConflict` is raised, as it is when the file changed before.
Where the system cannot exchange two names, the file is compared, checked
unchanged (same file, size and times) and replaced at once with
``os.replace``. :meth:`Workspace.rename` moves a file to its new name in one
step that never replaces a file there (``RENAME_NOREPLACE``, or a hard
link then an unlink). Renames and links replace directory entries, never
write through a link, so nothing outside the folder is touched. A writer
that rewrites the file in place without renaming it, while a save runs, can
still race it: no lock can hold a program that takes none.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pachaprint.check.load import MAX_BYTES, parse_bytes
from pachaprint.fileio import exchange, move_without_replacing, process_is_gone

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: one studio per folder
    fcntl = None  # type: ignore[assignment]

_NAME_PATTERN = re.compile(r"[^/\\\x00-\x1f\x7f.][^/\\\x00-\x1f\x7f]{0,195}\.json")
_HIDDEN_KINDS = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Unicode categories no file name of the apps may hold: control characters (C0 and C1),
format characters (bidi overrides such as U+202E, zero-width joiners, the byte-order mark),
lone surrogates (bytes that were not UTF-8) and line and paragraph separators: each can
make a name read as another, on the page or in a terminal."""


def plain_name(name: str) -> bool:
    """True for a file name the apps may use: ``*.json``, no folder, no leading dot, none of
    the characters of :data:`_HIDDEN_KINDS`."""
    return _NAME_PATTERN.fullmatch(name) is not None and not any(
        unicodedata.category(ch) in _HIDDEN_KINDS for ch in name
    )


_TEMPORARY = ".pachaprint-save-"
"""Temporary files of a save: ``.pachaprint-save-<pid>-<random>.tmp`` (hidden: never listed)."""
_ASIDE = ".pachaprint-aside-"
"""A file moved aside during a swap: ``.pachaprint-aside-<pid>-<random>-<name>``."""
_OWNED = re.compile(
    rf"(?:{re.escape(_TEMPORARY)}([1-9][0-9]*)-[0-9a-f]{{16}}\.tmp"
    rf"|{re.escape(_ASIDE)}([1-9][0-9]*)-[0-9a-f]{{16}}-(.+))"
)
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NON_BLOCK = getattr(os, "O_NONBLOCK", 0)
ID_LIMIT = 40
"""Scenario ids have at most 40 characters (the schema's pattern)."""


class WorkspaceError(Exception):
    """A request the workspace refuses, with the HTTP status that says why."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


class WorkspaceConflict(WorkspaceError):
    """A write lost a race: the file changed, or appeared, since it was read; nothing was written."""

    def __init__(self, message: str):
        super().__init__(message, 409)


_NO_LINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK, errno.ENOSYS}
"""``link()`` errors of file systems without hard links (some FUSE and FAT drives)."""


def _identity(found: os.stat_result) -> tuple[int, ...]:
    """What changes when a file is replaced or written: its device, inode, size and times."""
    return (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns)


def _move(source: Path, target: Path) -> None:
    """Rename ``source`` to ``target`` unless anything has that name (``FileExistsError``):
    in one step where the system can, else by a hard link and an unlink."""
    if move_without_replacing(source, target):
        return
    _put(source, target)  # (a hard link, or a rename where the drive has none)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(source)


def _put(source: Path, target: Path) -> None:
    """Give ``source`` the name ``target`` without ever replacing a file there
    (``FileExistsError``). Where the file system has no hard links, a rename after
    a check stands in (not atomic against another writer, on those drives only)."""
    try:
        if not hasattr(os, "link"):  # Pyodide's file system (the site) has no hard links
            raise OSError(errno.ENOSYS, "no hard links here")
        os.link(source, target, follow_symlinks=False)
    except OSError as error:
        if error.errno not in _NO_LINKS:
            raise
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, "exists", str(target)) from None
        os.rename(source, target)


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
        try:  # (a name too long for the system is refused in words below)
            if given.is_dir():
                return cls(given.resolve())
            if given.exists() and not given.is_file():
                raise WorkspaceError(f"{path} is neither a scenario file nor a folder")
            target = given.resolve() if given.exists() else given.absolute()
        except OSError as error:
            raise WorkspaceError(f"{path}: {error.strerror or error}") from None
        if not plain_name(target.name):
            raise WorkspaceError(
                f"{path}: a scenario file name ends in .json and has no leading dot, "
                "control or invisible characters"
            )
        if not os.path.isdir(target.parent):
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
        if not isinstance(name, str) or not plain_name(name):
            raise WorkspaceError(
                "a scenario is named by its file name in the folder, ending in .json "
                "(no folders, no leading dot, no control or invisible characters)",
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
                if plain_name(entry.name) and entry.is_file(follow_symlinks=False):
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

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the folder's lock (shared by every studio and thread on this folder)."""
        handle = os.open(self.root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            if fcntl is not None:
                fcntl.flock(handle, fcntl.LOCK_EX)
            self._recover()
            yield
        finally:
            os.close(handle)  # drops the lock

    def _recover(self) -> None:
        """Tidy up after a save that was killed: its temporary file goes; a file it had moved
        aside goes back under its name if nothing took the name since (else it stays)."""
        with os.scandir(self.root) as entries:
            owned = [(e.name, _OWNED.fullmatch(e.name)) for e in entries]
        for name, match in owned:
            if match is None or not process_is_gone(int(match.group(1) or match.group(2))):
                continue
            with contextlib.suppress(OSError):
                if match.group(3) is not None and plain_name(match.group(3)):
                    _put(self.root / name, self.root / match.group(3))
                os.unlink(self.root / name)

    def _staged(self, text: str, mode: int | None = None) -> Path:
        """A temporary file in the folder holding ``text`` (synced)."""
        path = self.root / f"{_TEMPORARY}{os.getpid()}-{secrets.token_hex(8)}.tmp"
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_FOLLOW
        handle = os.open(path, flags, 0o666 if mode is None else mode)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(text.encode("utf-8"))
                out.flush()
                os.fsync(out.fileno())
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(path)
            raise
        return path

    def create(self, name: str, text: str) -> Path:
        """Write a new file ``name``; :class:`WorkspaceConflict` if anything has that name.

        Call it holding :meth:`locked`.
        """
        path = self.path_of(name)
        try:
            staged = self._staged(text)
            try:
                _put(staged, path)
            finally:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(staged)
        except FileExistsError:
            raise WorkspaceConflict(f"{name} exists already") from None
        except OSError as exc:
            raise WorkspaceError(f"cannot write {name}: {exc.strerror or exc}", 500) from None
        return path

    def replace(self, name: str, text: str, expected: bytes) -> Path:
        """Replace file ``name`` with ``text`` if it holds exactly ``expected``, else
        :class:`WorkspaceConflict` with the file left as it is. Call it holding :meth:`locked`.

        The file's permission bits are kept; its name holds the old or the new bytes
        at every moment (see the module documentation).
        """
        path = self.path_of(name)
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            raise WorkspaceConflict(f"{name} was removed") from None
        except OSError as exc:
            raise WorkspaceError(f"cannot write {name}: {exc.strerror or exc}", 500) from None
        try:
            staged = self._staged(text)
        except OSError as exc:
            raise WorkspaceError(f"cannot write {name}: {exc.strerror or exc}", 500) from None
        try:
            os.chmod(staged, stat.S_IMODE(info.st_mode))
            if not stat.S_ISREG(info.st_mode) or self._bytes(path) != expected:
                raise WorkspaceConflict(f"{name} changed on disk")  # (nothing was written)
            if exchange(staged, path):  # ``staged`` now holds what was there
                displaced = os.lstat(staged)
                if not stat.S_ISREG(displaced.st_mode) or self._bytes(staged) != expected:
                    self._swap_back(staged, path, name)
                    raise WorkspaceConflict(f"{name} changed on disk")
            else:
                self._compare_and_replace(name, staged, path, expected)
        except FileNotFoundError:
            raise WorkspaceConflict(f"{name} was removed") from None
        except OSError as exc:
            raise WorkspaceError(f"cannot write {name}: {exc.strerror or exc}", 500) from None
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(staged)
        return path

    def _swap_back(self, staged: Path, path: Path, name: str) -> None:
        """Put the version a save displaced (at ``staged``) back under its name; should that
        fail, keep it aside, where :meth:`_recover` puts it back (never lost)."""
        try:
            exchange(staged, path)
        except OSError:
            aside = self.root / f"{_ASIDE}{os.getpid()}-{secrets.token_hex(8)}-{name}"
            os.rename(staged, aside)
            raise

    def _compare_and_replace(self, name: str, staged: Path, path: Path, expected: bytes) -> None:
        """Where no exchange is possible: replace ``path`` by ``staged`` if it holds
        ``expected`` and is still the very file compared when it is replaced."""
        handle = os.open(path, os.O_RDONLY | _NO_FOLLOW | _NON_BLOCK)
        with os.fdopen(handle, "rb") as file:
            before = os.fstat(file.fileno())
            same = stat.S_ISREG(before.st_mode) and file.read(MAX_BYTES + 1) == expected
        if not same or _identity(os.lstat(path)) != _identity(before):
            raise WorkspaceConflict(f"{name} changed on disk")
        os.replace(staged, path)

    def rename(self, name: str, to: str, expected: bytes) -> Path:
        """Give file ``name`` the name ``to`` if it holds exactly ``expected``, else
        :class:`WorkspaceConflict` with the file left as it is; never replaces a file at
        ``to`` (:class:`WorkspaceConflict` too). Call it holding :meth:`locked`."""
        path, target = self.path_of(name), self.path_of(to)
        try:
            _move(path, target)  # one step: the file is under one name or the other
        except FileNotFoundError:
            raise WorkspaceConflict(f"{name} was removed") from None
        except FileExistsError:
            raise WorkspaceConflict(f"{to} exists already") from None
        except OSError as exc:
            raise WorkspaceError(f"cannot rename {name}: {exc.strerror or exc}", 500) from None
        try:
            info = os.lstat(target)
            if not stat.S_ISREG(info.st_mode) or self._bytes(target) != expected:
                raise WorkspaceConflict(f"{name} changed on disk")
        except BaseException as failed:
            with contextlib.suppress(OSError):
                _move(target, path)  # back under its name, unless a newer version is there
            if isinstance(failed, OSError) and not isinstance(failed, WorkspaceError):
                raise WorkspaceError(
                    f"cannot rename {name}: {failed.strerror or failed}", 500
                ) from None
            raise
        return target

    @staticmethod
    def _bytes(path: Path) -> bytes:
        handle = os.open(path, os.O_RDONLY | _NO_FOLLOW | _NON_BLOCK)
        with os.fdopen(handle, "rb") as file:
            return file.read(MAX_BYTES + 1)

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
