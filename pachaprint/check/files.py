"""Which files of a folder are scenario files, and reading one's bytes.

No parsing and no checking here, so that it is light to import: a rebuild
with nothing changed lists and reads its scenario files with these alone
(:mod:`pachaprint.pipeline.unchanged`); :mod:`pachaprint.check.load` parses and
checks what they read.
"""

from __future__ import annotations

import os
from pathlib import Path

MAX_BYTES = 1 << 20
"""Files above 1 MiB are refused: a scenario is well under 2 KB."""


def read_file(path: Path) -> bytes:
    """The file's bytes (``OSError`` propagates: a missing file is a usage error); one byte
    over :data:`MAX_BYTES` at most, enough to tell that it is too large.

    The first read asks for the file's size and a byte (a buffer of a megabyte for a
    file of two kilobytes costs three times the read); a file that grew meanwhile, or
    whose size the system does not tell (a pipe), is read on up to the limit."""
    with open(path, "rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        wanted = min(size, MAX_BYTES) + 1
        data = handle.read(wanted)
        if len(data) == wanted and wanted <= MAX_BYTES:
            data += handle.read(MAX_BYTES + 1 - wanted)
        return data


def is_hidden(path: Path) -> bool:
    """Hidden files (``.name``: editor backups, the build manifest) are never scenarios."""
    return path.name.startswith(".")


def scenario_files(folder: Path) -> list[Path]:
    """The ``*.json`` files directly inside ``folder``, sorted, hidden files skipped."""
    return sorted(p for p in folder.glob("*.json") if p.is_file() and not is_hidden(p))
