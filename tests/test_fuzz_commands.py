"""Fuzzing every command's entry point with damaged scenarios: clean problems, never exceptions.

Each example is a valid scenario damaged at the byte or the JSON level
(:mod:`tests.fuzzing`). It goes through what each command runs:

* ``validate`` and ``solve`` (with ``--write``), ``hint``, ``share`` and
  ``import`` (of the code ``share`` printed) as commands, on a real file, through Typer (strict UTF-8 output, so an unprintable message
  fails the test);
* for a scenario the checker accepts, ``render`` (the disc faces as SVG,
  parsed back, and PDF), ``wheel`` (the phone page) and the build's
  per-scenario step (simulate + render + write into OUT).

The tests assert only that every outcome is clean: a report of problems under
known rule ids whose messages print safely, exit codes 0 or 1, and for a valid
scenario, files that parse. No exception may escape.
"""

from __future__ import annotations

import json
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pachaprint.check.problems import Problem, Report, Rule
from pachaprint.check.validate import validate_bytes, validate_data
from pachaprint.cli import app
from pachaprint.cli.validate import report_lines
from pachaprint.model.printing import PrintSettings
from pachaprint.pipeline.build import BuildOptions, build_scenario
from pachaprint.render.disc_files import disc_faces
from pachaprint.render.pdf import pdf_bytes
from pachaprint.render.svg import svg_string
from pachaprint.render.webwheel import render_webwheel
from tests.fuzzing import (
    BUILD_EXAMPLES_PER_RUN,
    FUZZ_SETTINGS,
    byte_mutations,
    hostile_valid_scenarios,
    structure_bytes,
    structure_mutations,
)
from tests.helpers import both_wheels

runner = CliRunner()
OUTCOMES: Counter[str] = Counter()
"""Verdicts seen, first error rule of each (printed at the end of a test: ``pytest -s``)."""
STOP_RULES = {Rule.JSON, Rule.SCHEMA, Rule.DIMENSIONS}


def assert_clean_text(text: str) -> None:
    """Encodable as UTF-8 and free of control characters (no terminal escapes)."""
    text.encode("utf-8")
    assert not any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in text), repr(text)


def assert_clean_problem(problem: Problem) -> None:
    assert isinstance(problem.rule, Rule)
    assert problem.message
    assert_clean_text(problem.message)
    for cell in problem.cells:
        assert_clean_text(cell)
    if problem.rule is Rule.SCHEMA:
        assert problem.pointer is not None


def assert_clean_report(report: Report) -> None:
    for problem in report.errors + report.warnings:
        assert_clean_problem(problem)
    assert report.valid == (not report.errors)
    if report.valid:
        assert report.scenario is not None and report.solution is not None
    json.dumps(report.to_dict(), ensure_ascii=False).encode("utf-8")
    for line in report_lines(report):
        assert_clean_text(line)


def assert_clean_run(args: list[str]) -> int:
    """Run a command: no exception (a crash, or output that cannot be printed), exit 0 or 1."""
    result = runner.invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args,
        result.exception,
    )
    assert result.exit_code in (0, 1), (args, result.exit_code, result.output)
    assert "Traceback" not in result.output
    return result.exit_code


def exercise_commands(raw: bytes, folder: Path) -> Report:
    """Everything a user can run on one file, as the commands run it."""
    report = validate_bytes(raw, "fuzz.json")
    assert_clean_report(report)
    OUTCOMES["valid" if report.valid else f"invalid ({report.errors[0].rule.value})"] += 1
    path = folder / "fuzz.json"
    path.write_bytes(raw)
    code = assert_clean_run(["validate", str(path)])
    assert code == (0 if report.valid else 1)
    assert_clean_run(["validate", "--format", "json", str(path)])
    solved = assert_clean_run(["solve", "--write", str(path)])
    if solved == 0:
        after = validate_bytes(path.read_bytes(), "solved.json")
        assert after.valid and after.scenario is not None and after.scenario.is_complete
    else:
        assert path.read_bytes() == raw  # nothing written on a map that breaks a rule
    if report.valid:
        assert_clean_run(["hint", str(path)])
    shared = runner.invoke(app, ["share", "--no-name", str(path)])
    assert shared.exit_code == (0 if report.valid or solved == 0 else 1), shared.output
    if shared.exit_code == 0:
        out = folder / "imported"
        assert assert_clean_run(["import", shared.stdout.strip(), "-o", str(out), "--force"]) == 0
    return report


def exercise_valid_scenario(report: Report) -> None:
    """``render`` and ``wheel`` on a scenario the checker accepted."""
    disc = report.disc
    assert disc is not None
    for _stem, drawing in disc_faces(disc, both_wheels()):
        ET.fromstring(svg_string(drawing).encode("utf-8"))
        assert pdf_bytes([drawing], title=disc.title).startswith(b"%PDF")
    page = render_webwheel(disc)
    page.encode("utf-8")
    assert page.rstrip().endswith("</html>")


@pytest.mark.slow
@pytest.mark.parametrize(
    "mutations", [byte_mutations, structure_bytes], ids=["byte_mutations", "structure_bytes"]
)
def test_fuzz_mutations_through_every_command(mutations):
    with tempfile.TemporaryDirectory() as tmp:

        @FUZZ_SETTINGS
        @given(raw=mutations())
        def run(raw: bytes) -> None:
            report = exercise_commands(raw, Path(tmp))
            if report.valid:
                exercise_valid_scenario(report)

        OUTCOMES.clear()
        run()
        runs = sum(OUTCOMES.values())
        print(f"\n{mutations.__name__}: {runs} runs: {dict(OUTCOMES.most_common())}")


@pytest.mark.slow
@FUZZ_SETTINGS
@given(data=structure_mutations(), huge=st.sampled_from([None, "notes", "id", "\ud800"]))
def test_fuzz_parsed_data_never_raises(data, huge):
    # The library entry point for data already parsed (what a game log holds):
    # Python values JSON cannot even spell, such as integers of 5,000 digits.
    if huge is not None:
        data[huge] = -(10**5000)
    report = validate_data(data, "data")
    assert_clean_report(report)


@pytest.mark.slow
def test_fuzz_build_step_on_hostile_valid_scenarios():
    options = BuildOptions(PrintSettings(), games=1)
    with tempfile.TemporaryDirectory() as tmp:

        @settings(FUZZ_SETTINGS, max_examples=BUILD_EXAMPLES_PER_RUN)
        @given(data=hostile_valid_scenarios())
        def run(data) -> None:
            raw = json.dumps(data, ensure_ascii=False).encode("utf-8")
            report = validate_bytes(raw, "hostile.json")
            assert_clean_report(report)
            assert report.valid, [p.message for p in report.errors]
            outcome = build_scenario(report.disc, report.to_dict(), tmp, options)
            assert outcome["status"] == "built", outcome
            folder = Path(tmp) / "scenarios" / data["id"]
            for svg in folder.glob("*.svg"):
                ET.fromstring(svg.read_bytes())
            json.loads((folder / "report.json").read_text(encoding="utf-8"))
            exercise_valid_scenario(report)
            OUTCOMES["built"] += 1

        OUTCOMES.clear()
        run()
        print(f"\nbuild step: {OUTCOMES['built']} hostile valid scenarios built")
