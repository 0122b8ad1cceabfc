"""The output folder: made ready before any work, or refused in words."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from pachaprint.model.text import display_path


class OutDirError(Exception):
    """The output folder cannot be used (a file, not creatable, not writable)."""


def prepare_out_dir(out_dir: Path) -> None:
    """Create ``out_dir`` if needed and prove it can be written, or raise :class:`OutDirError`."""
    shown = display_path(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
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
        handle, probe = tempfile.mkstemp(prefix=".pachaprint-probe-", dir=out_dir)
    except OSError as error:
        raise OutDirError(
            f"cannot write in the output folder {shown}: {error.strerror or error}"
        ) from None
    os.close(handle)
    with contextlib.suppress(OSError):
        os.unlink(probe)
