"""Small statistics for simulation reports: win-rate intervals and distributions.

Win rates get a 95 % **Wilson score interval**. A game is a Bernoulli trial (a
seat wins or it does not), so the count of wins is binomial; the Wilson
interval has close to its nominal coverage from a few dozen games on, stays
inside 0..1, and stays honest at the edges: 0 wins in 100 games gives 0-3.7 %,
where the textbook normal interval gives the useless 0-0 %. It is a closed
formula, so a report needs no random resampling (a bootstrap would need a seed
of its own and thousands of resamples to say nothing more about one
proportion). A shared victory counts as a fraction of a win (1/k for k
winners), which the formula takes as it is.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from pachaprint.model.figures import percent as percent  # re-exported (the reports use it)

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""


class Interval(NamedTuple):
    """A proportion and its 95 % interval (all in 0..1)."""

    rate: float
    low: float
    high: float

    def excludes(self, value: float) -> bool:
        """True when ``value`` lies outside the interval."""
        return value < self.low or value > self.high

    def to_list(self) -> list[float]:
        """``[low, high]`` rounded to 6 places, for JSON (words rounded from them agree)."""
        return [round(self.low, 6), round(self.high, 6)]

    def words(self, decimals: int | None = None) -> str:
        """``"52 % (95 % interval 45-59 %)"``; ``decimals`` for the bounds, where a
        bound next to a fair share must not round onto it (``50.4-64.1 %``)."""
        return f"{percent(self.rate)} (95 % interval {span(self, decimals)})"


def wilson(successes: float, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval of ``successes`` in ``trials`` (0..1; 0-1 for no trials)."""
    if trials <= 0:
        return Interval(0.0, 0.0, 1.0)
    p = min(1.0, max(0.0, successes / trials))
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return Interval(p, low, high)


def span(interval: Interval, decimals: int | None = None) -> str:
    """``"45-59 %"``: the bounds of an interval in percent (``decimals`` places if given)."""
    if decimals is not None:
        return f"{interval.low * 100:.{decimals}f}-{interval.high * 100:.{decimals}f} %"
    low, high = percent(interval.low)[:-2], percent(interval.high)[:-2]
    return f"{low}-{high} %"


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted values, by linear interpolation; 0.0 for none."""
    if not sorted_values:
        return 0.0
    position = q * (len(sorted_values) - 1)
    below = math.floor(position)
    above = min(below + 1, len(sorted_values) - 1)
    weight = position - below
    return float(sorted_values[below] * (1 - weight) + sorted_values[above] * weight)


QUANTILES = (
    ("min", 0.0),
    ("p10", 0.1),
    ("p25", 0.25),
    ("median", 0.5),
    ("p75", 0.75),
    ("p90", 0.9),
    ("max", 1.0),
)


def summary(values: Sequence[float]) -> dict[str, float]:
    """Mean, standard deviation and quantiles of ``values`` (rounded to 3 places)."""
    ordered = sorted(values)
    n = len(ordered)
    out = {"mean": round(sum(ordered) / n, 3) if n else 0.0}
    out["sd"] = (
        round(math.sqrt(sum((v - out["mean"]) ** 2 for v in ordered) / n), 3) if n > 1 else 0.0
    )
    out.update((name, round(quantile(ordered, q), 3)) for name, q in QUANTILES)
    return out


def histogram(values: Sequence[int], width: int = 0) -> dict[str, list[int]]:
    """Counts of integer ``values`` in bins of ``width`` (chosen for about 12 bins when 0):
    ``{"start": [bin starts], "count": [counts]}``; empty lists for no values."""
    if not values:
        return {"start": [], "count": []}
    low, high = min(values), max(values)
    if width <= 0:
        width = max(1, math.ceil((high - low + 1) / 12))
    first = low - low % width
    bins = (high - first) // width + 1
    counts = [0] * bins
    for v in values:
        counts[(v - first) // width] += 1
    return {"start": [first + k * width for k in range(bins)], "count": counts}
