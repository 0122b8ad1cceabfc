"""Golden validation reports: speeding up the checker keeps every report identical.

``tests/golden/validate.json`` holds 80 long maps, 40 of them not unique (too
few start cells), and the report the checker gave for each before the
compiled kernel and the one-search diagnostics existed: the same verdict,
count, differing cells, suggested start cells and difficulty.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pachaprint.check.validate import validate_data
from tests.helpers import REPO

RECORDS: list[dict[str, Any]] = json.loads(
    (REPO / "tests" / "golden" / "validate.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("record", RECORDS, ids=[r["scenario"]["id"] for r in RECORDS])
def test_validation_report_is_unchanged(record: dict[str, Any]) -> None:
    report = validate_data(record["scenario"], "x.json").to_dict()
    report.pop("file")
    assert report == record["report"]
