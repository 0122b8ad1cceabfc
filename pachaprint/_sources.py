"""Import pachaprint's ``.py`` sources even where compiled modules sit beside them.

Installed by ``pachaprint/__init__.py`` when ``PACHAPRINT_PURE_PYTHON`` is set,
so one install can run both ways (the tests compare them).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType


class _SourcesFirst:
    """Finds ``pachaprint.*`` modules as ``.py`` files before any extension module (a
    meta path finder: the import system asks its ``find_spec``)."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if path is None or not fullname.startswith("pachaprint."):
            return None
        name = fullname.rpartition(".")[2]
        for entry in path:
            source = os.path.join(entry, f"{name}.py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None  # a package, or not ours: the usual finders


def prefer_sources() -> None:
    """Make every later ``pachaprint.*`` import load the ``.py`` source."""
    if not any(isinstance(finder, _SourcesFirst) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourcesFirst())
