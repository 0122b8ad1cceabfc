"""The compiled playout kernel, when it was built at install time.

``pip`` compiles ``_cengine`` (``_cengine.c``, ``_cgame.c``, ``_crules.c``, ``_cmoves.c``,
``_clogic.c``, ``_cmt.c``) where a C compiler is at hand; elsewhere the package installs
without it and the engine runs its pure-Python code, which is the reference:
both play the same games. ``PACHAPRINT_PURE_PYTHON=1`` forces the fallback.

A module that uses the kernel imports what it needs under ``if COMPILED:``
(``from pachaprint.engine._cengine import analyse``), so the stub
``_cengine.pyi`` types every call.
"""

from __future__ import annotations

import os


def _built() -> bool:
    if os.environ.get("PACHAPRINT_PURE_PYTHON"):
        return False
    try:
        import pachaprint.engine._cengine  # noqa: F401
    except ImportError:  # built without a C compiler: the Python code does it all
        return False
    return True


COMPILED = _built()
"""True when the compiled kernel is built and in use."""
