"""How numbers read in reports and pages: a rate as a percentage.

It sits in the bottom layer so that the build's gallery and summary, which
print rates also when nothing was simulated (a rebuild with nothing changed),
load no part of the engine; :mod:`pachaprint.engine.analysis.stats` re-exports it.
"""

from __future__ import annotations


def percent(value: float) -> str:
    """``0.523`` -> ``"52 %"``; below 10 % and above 90 % one decimal place (``"3.7 %"``)."""
    shown = round(value * 100, 1)
    if (0 < shown < 10 or 90 < shown < 100) and not shown.is_integer():
        return f"{shown:.1f} %"
    return f"{shown:.0f} %"
