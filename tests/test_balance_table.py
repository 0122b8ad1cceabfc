"""``pachaprint balance`` as text: the wide table where it fits, one block per scenario where
it does not (an 80-column terminal), every figure shown either way."""

from __future__ import annotations

import copy
import io
import json

import pytest
from rich.console import Console

from pachaprint.cli.balance import columns, console_for, folded, print_table, rows
from pachaprint.engine.analysis.balance import BalanceConfig
from tests.helpers import EXAMPLES

# `balance --format json` of colca-canyon, sacred-valley (long) and sun-gate (tiny), 12 games each.
REPORTS = json.loads((EXAMPLES / "balance" / "reports.json").read_text(encoding="utf-8"))
CONFIG = BalanceConfig(games=12)


def shown(reports: list[dict], width: int) -> list[str]:
    out = io.StringIO()
    print_table(reports, [], CONFIG, Console(width=width, file=out, highlight=False))
    return out.getvalue().splitlines()


def test_an_80_column_console_gets_one_block_per_scenario_with_every_figure():
    lines = shown(REPORTS, 80)
    assert max(len(line) for line in lines) <= 80
    assert "…" not in "\n".join(lines)
    start = lines.index("sacred-valley  long")
    assert lines[start + 1 : start + 5] == [
        "  competitive  first player 58 % (32-81)  seats 42/58 %",
        "  solo         easy 0 % (0-39)  hard 0 % (0-39)",
        "  co-op        easy 25 % (4.6-70)  normal 0 % (0-49)  expert 0 % (0-49)",
        "  median turns 80/35/34  hard cells 0 late  flags 0",
    ]
    tiny = lines.index("sun-gate  tiny")
    assert lines[tiny + 1 : tiny + 3] == [  # no solo or co-op line: a tiny disc has neither
        "  competitive  first player 33 % (14-61)  seats 33/67 %",
        "  median turns 31  hard cells 1 late  flags 0",
    ]
    _header, table = rows(REPORTS)
    for row in table:  # folded, not cut: every cell of the wide table is in its block
        block = "\n".join(folded(columns(REPORTS), row, 80))
        assert all(cell in block for cell in row if cell != "-"), row


def test_a_wide_console_gets_the_whole_table_one_line_per_scenario():
    lines = shown(REPORTS, 200)
    header, table = rows(REPORTS)
    head = next(line for line in lines if "first player" in line)
    assert all(h in head for h in header)
    for row in table:
        line = next(line for line in lines if line.startswith(f" {row[0]} "))
        assert [cell for cell in row if cell in line] == row
    width = max(len(line) for line in lines[:8])
    assert 150 <= width <= 200  # about 150 columns, as the issue measured


def test_long_names_and_flags_wrap_at_the_console_width():
    reports = copy.deepcopy(REPORTS)
    reports[0]["scenario"] = "a-scenario-with-the-longest-id-allowed-x"  # 40 characters
    reports[0]["flags"] = ["solo: " + "the Otoma win almost every game, even on easy " * 4]
    lines = shown(reports, 80)
    assert max(len(line) for line in lines) <= 80
    assert "a-scenario-with-the-longest-id-allowed-x  long" in lines
    flag = [line for line in lines if "Otoma win" in line or "even on easy" in line]
    assert len(flag) >= 3  # one flag, wrapped at word boundaries over several lines
    assert (
        " ".join(flag).split()
        == ("a-scenario-with-the-longest-id-allowed-x: flag: " + reports[0]["flags"][0]).split()
    )


def test_piped_output_keeps_the_full_table_unless_columns_say_otherwise(monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)
    assert console_for(157).width == 157 and console_for(40).width == 80
    assert console_for(157).soft_wrap  # and long lines are not broken (grep finds them)
    monkeypatch.setenv("COLUMNS", "80")
    assert console_for(157).width == 80 and console_for(157).soft_wrap


@pytest.mark.parametrize("width", [80, 200])
def test_every_flag_and_skipped_mode_is_listed(width):
    text = "\n".join(shown(REPORTS, width))
    assert "sun-gate: not played: solo: long scenarios only" in text
    assert "Rates: games won, with the 95 % Wilson interval in brackets." in text
