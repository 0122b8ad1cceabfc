"""Win-rate intervals and distributions (engine.stats)."""

from __future__ import annotations

import pytest

from pachaprint.engine.analysis.stats import histogram, percent, quantile, span, summary, wilson


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # Newcombe (1998), Statistics in Medicine 17, table I, method 3 (Wilson, no correction)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # the edges: all or nothing keeps a bound at 0 or 1
        (0, 100, 0.0, 0.0370),
        (100, 100, 0.9630, 1.0),
        (5, 10, 0.2366, 0.7634),
    ],
)
def test_wilson_intervals_match_published_values(wins, games, low, high):
    interval = wilson(wins, games)
    assert interval.rate == pytest.approx(wins / games)
    assert interval.low == pytest.approx(low, abs=5e-5)
    assert interval.high == pytest.approx(high, abs=5e-5)
    assert interval.low <= interval.rate <= interval.high


def test_an_interval_excludes_a_value_only_outside_its_bounds():
    assert not wilson(59, 100).excludes(0.5)  # 59 of 100 is no evidence against a fair coin
    assert wilson(60, 100).excludes(0.5)  # 60 of 100 just is (the interval starts at 50.2 %)
    assert wilson(600, 1000).excludes(0.5)
    assert wilson(0, 0) == (0.0, 0.0, 1.0)  # no games: anything goes
    assert wilson(2.5, 10).rate == 0.25  # a shared victory counts as a fraction


def test_percent_and_span_words():
    assert percent(0.523) == "52 %"
    assert percent(0.037) == "3.7 %" and percent(0.0) == "0 %" and percent(1.0) == "100 %"
    assert span(wilson(0, 100)) == "0-3.7 %"
    assert wilson(50, 100).words() == "50 % (95 % interval 40-60 %)"


def test_quantiles_summary_and_histogram():
    values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert (
        quantile(values, 0.5) == 5.5 and quantile(values, 0.0) == 1 and quantile(values, 1.0) == 10
    )
    assert quantile([], 0.5) == 0.0
    spread = summary(values)
    assert (
        spread["mean"] == 5.5
        and spread["median"] == 5.5
        and spread["min"] == 1
        and spread["max"] == 10
    )
    assert spread["p10"] == pytest.approx(1.9) and spread["sd"] == pytest.approx(2.872, abs=1e-3)
    hist = histogram([3, 4, 5, 9, 10, 12], 5)
    assert hist == {"start": [0, 5, 10], "count": [2, 2, 2]}
    assert histogram([]) == {"start": [], "count": []}
    assert sum(histogram(list(range(40, 95)))["count"]) == 55
