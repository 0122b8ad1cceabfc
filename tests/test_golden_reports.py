"""Golden simulation reports: refactors of the engine keep every report identical.

The cases and their reports were recorded by ``tests/golden/record.py`` before
the engine was reshaped; see that script for when to record again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app

pytestmark = pytest.mark.slow  # end to end: the quick set (-m "not slow") skips it

ROOT = Path(__file__).resolve().parent.parent
RECORDS: list[dict[str, Any]] = json.loads(
    (ROOT / "tests" / "golden" / "simulate.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize(
    "record", RECORDS, ids=[f"{r['scenario']}:{' '.join(r['args'])}" for r in RECORDS]
)
def test_simulation_report_is_unchanged(record: dict[str, Any]) -> None:
    path = ROOT / "scenarios" / f"{record['scenario']}.json"
    command = ["simulate", str(path), "--format", "json", "--quiet", *record["args"]]
    result = CliRunner().invoke(app, command)
    assert result.exit_code == record.get("exit", 0), result.output
    assert json.loads(result.stdout) == record["report"]
