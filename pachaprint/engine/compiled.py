"""The compiled playout kernel, when it was built at install time.

``pip`` compiles ``_cengine`` (``_cengine.c``, ``_crules.c``, ``_cmoves.c``,
``_cmt.c``) where a C compiler is at hand; elsewhere the package installs
without it and the engine runs its pure-Python code, which is the reference:
both play the same games. ``PACHAPRINT_PURE_PYTHON=1`` forces the fallback.
"""

from __future__ import annotations

import os
from functools import cache
from types import ModuleType

from pachaprint.engine.config import Rules


def _load() -> ModuleType | None:
    if os.environ.get("PACHAPRINT_PURE_PYTHON"):
        return None
    try:
        from pachaprint.engine import _cengine
    except ImportError:  # built without a C compiler: the Python code does it all
        return None
    return _cengine


C = _load()
"""The ``_cengine`` module, or ``None`` when the engine runs in pure Python."""
COMPILED = C is not None
"""True when the compiled kernel is in use."""


@cache
def rule_flags(rules: Rules) -> int:
    """The rules switches as the kernel's bit set (``R_*`` in ``_cengine.h``)."""
    switches = (
        rules.retrieve,
        rules.end_phase,
        rules.divine_all,
        rules.arrows,
        rules.choose_on_own_arrow,
        rules.spend,
        rules.lines,
        rules.shared,
    )
    return sum(1 << bit for bit, on in enumerate(switches) if on)
