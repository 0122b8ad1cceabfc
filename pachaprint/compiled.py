"""Which of pachaprint's modules run compiled.

``pip install`` compiles a list of our typed modules with mypyc where a C
compiler is at hand (``setup.py`` holds the list); elsewhere the same ``.py``
files run interpreted and give the same results. ``PACHAPRINT_PURE_PYTHON=1``
in the environment makes a compiled install import the ``.py`` files instead
(:mod:`pachaprint._sources`), which is how the tests compare the two.
"""

from __future__ import annotations

import importlib.machinery
import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def compiled_modules() -> list[str]:
    """Dotted names of the modules built as extensions beside their sources, sorted.

    Lists what is installed, whether or not ``PACHAPRINT_PURE_PYTHON`` keeps
    it from being imported (see :func:`in_use`).
    """
    names: list[str] = []
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for folder, _dirs, files in os.walk(_PACKAGE):
        for file in files:
            if not file.endswith(suffixes):
                continue
            stem = file.split(".", 1)[0]
            if not (Path(folder) / f"{stem}.py").exists():
                continue
            relative = Path(folder).relative_to(_PACKAGE.parent)
            names.append(".".join((*relative.parts, stem)))
    return sorted(names)


def in_use() -> bool:
    """True when the compiled modules are the ones imported."""
    return bool(compiled_modules()) and not os.environ.get("PACHAPRINT_PURE_PYTHON")
