"""Stage outputs in a hidden folder, then move each file into place atomically.

Renderers write into a staging folder inside the output folder (same file
system); :meth:`Stage.commit` moves every finished file to its final name with
a rename. A build killed midway leaves only the hidden staging folder (removed
by the next build), never a truncated or half-updated output file.

Nothing is ever written outside the output folder: the move walks from OUT
down to each file's folder one component at a time without following
symbolic links (``O_NOFOLLOW``), so a link inside OUT that points elsewhere
is refused (:class:`PlacementError`), never written through. A link standing
where an output file goes is replaced by the file. A file the build no longer
makes is removed only when it is provably the one the build wrote
(:func:`remove_owned`: the recorded bytes, one name, no link).

The build's temporary folders have one unmistakable name,
``.pachaprint-stage-<pid>-<8 random characters>`` directly in OUT, and every
temporary file of a build lives inside one. :func:`clean_stale_stages` removes
only folders of that name whose process is gone, and is called with the
build lock held (:mod:`pachaprint.pipeline.lock`): a user's ``.draft.tmp`` or
``.staging-mine/`` is never touched, nor the stage of a build still running.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from pathlib import Path, PurePosixPath
from types import TracebackType
from typing import BinaryIO

from pachaprint.fileio import process_is_gone
from pachaprint.model.text import display_path, printable
from pachaprint.pipeline.names import unsafe_output_name

STAGING_PREFIX = ".pachaprint-stage-"
"""Every stage folder is named ``STAGING_PREFIX + "<pid>-<random>"``."""
_STAGE_NAME = re.escape(STAGING_PREFIX) + r"([1-9][0-9]{0,9})-[a-z0-9_]{8}"
"""(Compiled by :mod:`re` when a folder of the prefix is met: rarely.)"""
_DIRECTORY_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)


class PlacementError(RuntimeError):
    """An output cannot go where it belongs: a symbolic link or a file inside OUT stands
    where a folder goes, a folder where a file goes, or a folder cannot be created."""


def _open_folder(parent: int, name: str, shown: str) -> int:
    """Open (creating if missing) the folder ``name`` under the folder handle ``parent``."""
    try:
        os.mkdir(name, 0o777, dir_fd=parent)
    except FileExistsError:
        pass  # a folder, or something that the open below refuses
    except OSError as error:
        raise PlacementError(f"cannot create the folder {shown}: {error.strerror}") from None
    try:
        return os.open(name, _DIRECTORY_FLAGS, dir_fd=parent)
    except OSError as error:
        reason = error.strerror
    with contextlib.suppress(OSError):
        if stat.S_ISLNK(os.stat(name, dir_fd=parent, follow_symlinks=False).st_mode):
            target = display_path(os.readlink(name, dir_fd=parent))
            raise PlacementError(
                f"{shown} is a symbolic link (to {target}); the build writes only inside "
                "its output folder and does not follow links there: remove the link"
            )
        raise PlacementError(f"{shown} is a file where the build needs a folder: move it away")
    raise PlacementError(f"cannot open the folder {shown}: {reason}")


def place(out_dir: Path, relative: PurePosixPath, source: Path) -> None:
    """Move ``source`` to ``OUT/relative`` by rename, creating folders, never through a link."""
    handles = [os.open(out_dir, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))]
    try:
        shown = display_path(out_dir)
        for part in relative.parent.parts:
            shown = f"{shown}/{display_path(part)}"
            handles.append(_open_folder(handles[-1], part, shown))
        try:
            os.replace(source, relative.name, dst_dir_fd=handles[-1])
        except IsADirectoryError:
            raise PlacementError(
                f"{shown}/{display_path(relative.name)} is a folder where the build writes a file:"
                " move it away"
            ) from None
    finally:
        for handle in handles:
            os.close(handle)


def _open_existing_folder(parent: int, name: str, shown: str, relative: str) -> int:
    """Open the existing folder ``name`` under ``parent`` without following a link."""
    try:
        return os.open(name, _DIRECTORY_FLAGS, dir_fd=parent)
    except FileNotFoundError:
        raise
    except OSError:
        pass
    with contextlib.suppress(OSError):
        if stat.S_ISLNK(os.stat(name, dir_fd=parent, follow_symlinks=False).st_mode):
            target = display_path(os.readlink(name, dir_fd=parent))
            raise PlacementError(
                f"{shown} is a symbolic link (to {target}); the build does not follow links "
                f"in its output folder, so it did not remove {relative}"
            )
    raise FileNotFoundError(shown)  # a file where a folder would be: nothing to remove


def remove_owned(out_dir: Path, name: str, recorded: str) -> None:
    """Delete ``OUT/name`` only if it is the file the build recorded writing there: a
    regular file (not a link), with no other name (a hard link), whose bytes have the
    SHA-256 ``recorded``. Nothing there: nothing to do.

    :class:`PlacementError` (naming the file and why it stays) otherwise, or when a
    folder on the way is a link; the file is then left as it is.
    """
    reason = unsafe_output_name(name)
    if reason is not None:
        raise PlacementError(f"refused to remove {printable(name[:200])}: {reason}")
    relative = PurePosixPath(name)
    shown = f"{display_path(out_dir)}/{display_path(name)}"
    handles = [os.open(out_dir, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))]
    try:
        folder_shown = display_path(out_dir)
        for part in relative.parent.parts:
            folder_shown = f"{folder_shown}/{display_path(part)}"
            handles.append(_open_existing_folder(handles[-1], part, folder_shown, printable(name)))
        folder = handles[-1]
        try:
            found = os.stat(relative.name, dir_fd=folder, follow_symlinks=False)
        except FileNotFoundError:
            return
        if stat.S_ISLNK(found.st_mode):
            raise PlacementError(f"{shown} is a symbolic link the build did not make: kept")
        if not stat.S_ISREG(found.st_mode):
            raise PlacementError(f"{shown} is not a file the build made: kept")
        if found.st_nlink > 1:
            raise PlacementError(
                f"{shown} has other names (hard links), which the build never makes: kept"
            )
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        handle = os.open(relative.name, flags, dir_fd=folder)
        with os.fdopen(handle, "rb") as file:
            opened = os.fstat(file.fileno())
            digest = _sha256_of(file)
        if digest != recorded or (opened.st_dev, opened.st_ino) != (found.st_dev, found.st_ino):
            raise PlacementError(
                f"{shown} does not hold what the build recorded writing there (changed since, "
                "or the record is not the build's): kept"
            )
        now = os.stat(relative.name, dir_fd=folder, follow_symlinks=False)
        if (now.st_dev, now.st_ino, now.st_nlink) != (found.st_dev, found.st_ino, 1):
            raise PlacementError(f"{shown} changed while the build checked it: kept")
        os.unlink(relative.name, dir_fd=folder)
    except FileNotFoundError:
        pass
    finally:
        for handle in handles:
            os.close(handle)


def _sha256_of(file: BinaryIO) -> str:
    import hashlib  # (OpenSSL's hashes load only when a build writes)

    digest = hashlib.sha256()
    while chunk := file.read(1 << 20):
        digest.update(chunk)
    return digest.hexdigest()


def file_sha256(path: Path) -> str:
    import hashlib  # (OpenSSL's hashes load only when a build writes)

    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


class Stage:
    """A temporary folder mirroring part of the output tree."""

    def __init__(self, out_dir: Path):
        self.out_dir = out_dir
        out_dir.mkdir(parents=True, exist_ok=True)
        import tempfile

        self.root = Path(tempfile.mkdtemp(prefix=f"{STAGING_PREFIX}{os.getpid()}-", dir=out_dir))

    def path(self, relative: str | Path) -> Path:
        """Where to write the file that will end up at ``OUT/relative``."""
        target = self.root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        return target

    def commit(self) -> dict[str, str]:
        """Move every staged file into place; returns ``{name relative to OUT: SHA-256}``, sorted."""
        moved: dict[str, str] = {}
        for staged in sorted(p for p in self.root.rglob("*") if p.is_file()):
            relative = PurePosixPath(staged.relative_to(self.root).as_posix())
            moved[relative.as_posix()] = file_sha256(staged)
            place(self.out_dir, relative, staged)
        self.discard()
        return moved

    def discard(self) -> None:
        import shutil

        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> Stage:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.discard()


def replace_file(out_dir: Path, relative: str, data: bytes) -> None:
    """Write ``OUT/relative`` atomically through a stage (synced, then renamed into place)."""
    with Stage(out_dir) as stage:
        staged = stage.path(relative)
        with open(staged, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        place(out_dir, PurePosixPath(relative), staged)


def clean_stale_stages(out_dir: Path) -> list[str]:
    """Remove the stage folders left by builds that were killed; returns their names, sorted.

    Only folders directly in OUT named as :class:`Stage` names them, not
    links, whose process no longer exists. Call it with the build lock held.
    """
    removed = []
    try:
        entries = sorted(os.scandir(out_dir), key=lambda entry: entry.name)
    except OSError:
        return []
    for entry in entries:
        if not entry.name.startswith(STAGING_PREFIX):
            continue
        match = re.fullmatch(_STAGE_NAME, entry.name)
        if match is None or not entry.is_dir(follow_symlinks=False):
            continue
        if not process_is_gone(int(match.group(1))):
            continue
        import shutil

        shutil.rmtree(entry.path, ignore_errors=True)
        removed.append(entry.name)
    return removed
