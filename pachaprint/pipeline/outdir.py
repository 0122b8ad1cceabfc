"""The output folder: made ready before any work, or refused in words."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from pachaprint.model.text import display_path


class OutDirError(Exception):
    """The output folder cannot be used (a file, not creatable, not writable)."""


def prepare_out_dir(out_dir: Path) -> None:
    """Create ``out_dir`` if needed and prove it can be written, or raise :class:`OutDirError`."""
    shown = display_path(out_dir)
    if os.path.exists(out_dir) and not os.path.isdir(out_dir):
        raise OutDirError(
            f"the output folder {shown} is a file; give a folder with --out (it is created if missing)"
        )
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutDirError(
            f"cannot create the output folder {shown}: a file or a broken link is in the way"
        ) from None
    except NotADirectoryError:
        raise OutDirError(
            f"cannot create the output folder {shown}: part of the path is a file"
        ) from None
    except OSError as error:
        raise OutDirError(
            f"cannot create the output folder {shown}: {error.strerror or error}"
        ) from None
    try:
        probe = _probe(out_dir)
    except OSError as error:
        raise OutDirError(
            f"cannot write in the output folder {shown}: {error.strerror or error}"
        ) from None
    with contextlib.suppress(OSError):
        os.unlink(probe)


def _probe(out_dir: Path) -> str:
    """Create an empty file of a fresh name in ``out_dir`` (as ``tempfile.mkstemp`` would,
    without its imports: a rebuild with nothing changed runs this too); its path."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    for _attempt in range(100):
        probe = os.path.join(out_dir, f".pachaprint-probe-{os.getpid()}-{os.urandom(6).hex()}")
        try:
            handle = os.open(probe, flags, 0o600)
        except FileExistsError:
            continue
        os.close(handle)
        return probe
    raise FileExistsError(f"no free probe name in {out_dir}")
