"""Stage outputs in a hidden folder, then move each file into place atomically.

Renderers write into a staging folder inside the output folder (same file
system); :meth:`Stage.commit` moves every finished file to its final name with
``os.replace``. A build killed midway leaves only the hidden staging folder
(removed by the next build), never a truncated or half-updated output file.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

STAGING_PREFIX = ".staging-"


class Stage:
    """A temporary folder mirroring part of the output tree."""

    def __init__(self, out_dir: Path):
        self.out_dir = out_dir
        out_dir.mkdir(parents=True, exist_ok=True)
        self.root = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=out_dir))

    def path(self, relative: str | Path) -> Path:
        """Where to write the file that will end up at ``OUT/relative``."""
        target = self.root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        return target

    def commit(self) -> list[Path]:
        """Move every staged file into place; returns the final paths, sorted."""
        moved = []
        for staged in sorted(p for p in self.root.rglob("*") if p.is_file()):
            final = self.out_dir / staged.relative_to(self.root)
            final.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staged, final)
            moved.append(final)
        self.discard()
        return moved

    def discard(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> Stage:
        return self

    def __exit__(self, *exc) -> None:
        self.discard()


def clean_stale_stages(out_dir: Path) -> None:
    """Remove staging folders and temporary files left by an interrupted build."""
    if not out_dir.is_dir():
        return
    for stale in out_dir.glob(f"{STAGING_PREFIX}*"):
        shutil.rmtree(stale, ignore_errors=True)
    for temp in out_dir.rglob(".*.tmp"):
        temp.unlink(missing_ok=True)
