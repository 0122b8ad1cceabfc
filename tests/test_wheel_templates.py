"""Custom wheel templates are user input: a bad one is exit 2 with its JSON pointer (issue 22).

First the findings of the attack on ``render --wheel FILE`` reproduced one by
one (each printed a traceback, or hung, before the template had a schema);
then the schema's range checks; then templates damaged at random, the way the
scenario files are fuzzed (:mod:`tests.fuzzing`): every outcome is a clean
:class:`WheelTemplateError` or a template that renders.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.model.printing import PrintSettings
from pachaprint.model.scenario import Scenario
from pachaprint.render.components.disc_front import disc_front
from pachaprint.render.components.wheel_cover import wheel_cover_sheet, wheel_mask_sheet
from pachaprint.render.components.wheel_steps import assembly_sheet
from pachaprint.render.wheel import WheelTemplateError
from pachaprint.render.wheel_templates import read_wheel, schema_problems, wheel_from_data
from pachaprint.resources import templates_dir
from tests.fuzzing import BYTE_TOKENS, FUZZ_SETTINGS, JSON_VALUES, Deep, dumps_any
from tests.helpers import EXAMPLES, disc_of

runner = CliRunner()
SCENARIO = EXAMPLES / "high-valley.json"


@cache
def shipped(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (templates_dir() / "wheel" / f"{name}.json").read_text(encoding="utf-8")
    )
    return data


def _changed(name: str, path: tuple[str, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(shipped(name))
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


def _render(tmp_path: Path, template: dict[str, Any]) -> Any:
    file = tmp_path / "wheel.json"
    file.write_text(json.dumps(template), encoding="utf-8")
    return runner.invoke(
        app, ["render", str(SCENARIO), "--out", str(tmp_path / "out"), "--wheel", str(file)]
    )


FINDINGS = [
    ("retail", ("disc",), None, "/disc"),
    ("retail", ("sectors", "count"), "", "/sectors/count"),
    ("retail", ("rim", "element_symbol_mm"), 1000, "/rim/element_symbol_mm"),
    ("retail", ("disc", "bleed_mm"), -1e308, "/disc/bleed_mm"),
    ("volvelle45", ("slots", "cell_symbol_mm"), 1e9, "/slots/cell_symbol_mm"),
]


@pytest.mark.parametrize(("name", "path", "value", "where"), FINDINGS)
def test_each_reported_template_is_refused_with_its_pointer(tmp_path, name, path, value, where):
    result = _render(tmp_path, _changed(name, path, value))
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert where in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out").exists()  # nothing written


@pytest.mark.slow
def test_the_template_that_hung_returns_at_once(tmp_path):
    """``"cell_symbol_mm": 1e9`` kept ``render`` busy for more than 300 s."""
    file = tmp_path / "wheel.json"
    file.write_text(json.dumps(_changed("volvelle45", ("slots", "cell_symbol_mm"), 1e9)))
    args = [sys.executable, "-m", "pachaprint", "render", str(SCENARIO)]
    started = time.monotonic()
    done = subprocess.run(
        [*args, "--out", str(tmp_path / "out"), "--wheel", str(file)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert "/slots/cell_symbol_mm" in done.stderr + done.stdout
    assert time.monotonic() - started < 60


@pytest.mark.parametrize("name", ["retail", "volvelle45"])
def test_the_largest_symbol_the_schema_allows_draws_at_once(name):
    """Every loop over a template's numbers is bounded: the symbol search at the schema's
    largest symbol size takes no longer than at the shipped one."""
    section = "sectors" if name == "retail" else "slots"
    wheel = wheel_from_data(_changed(name, (section, "cell_symbol_mm"), 30))
    scenario = Scenario.from_dict(json.loads(SCENARIO.read_text()))
    started = time.process_time()
    disc_front(disc_of(scenario, "easy"), wheel, PrintSettings())
    assert time.process_time() - started < 5.0


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("disc", "radius_mm"), 0, "/disc/radius_mm: 0 is too small (more than 0)"),
        (("disc", "radius_mm"), 91, "/disc/radius_mm: 91 is too large (at most 90)"),
        (("cover", "slit_play_mm"), 5, "/cover/slit_play_mm: 5 is too large (at most 1)"),
        (("rim", "letter_pt"), 4, "/rim/letter_pt: 4 is too small (at least 6)"),
        (("template",), "../x", '/template: "../x" does not match'),
        (("kind",), "wheel", '/kind: must be "sectors" or "slots", not "wheel"'),
        (("shutters", "colour"), "red", '/shutters/colour: "red" does not match'),
        (("sectors", "ring_edges_mm"), [1, 2], "/sectors/ring_edges_mm: must list 6 items, not 2"),
        (("windows", "width_mm"), "4", '/windows/width_mm: must be a number, not "4"'),
        (("surprise",), 1, "/surprise: unknown key"),
    ],
)
def test_the_schema_checks_shape_and_ranges(path, value, message):
    problems = schema_problems(_changed("retail", path, value))
    assert any(p.startswith(message) for p in problems), problems


def test_the_shipped_templates_match_the_schema():
    for name in ("retail", "volvelle45"):
        assert schema_problems(shipped(name)) == []


def test_a_section_of_the_other_kind_is_refused():
    data = copy.deepcopy(shipped("volvelle45"))
    data["slider"] = shipped("retail")["slider"]
    with pytest.raises(WheelTemplateError, match="belongs to the other kind"):
        wheel_from_data(data)


def test_a_template_too_big_for_the_page_is_refused(monkeypatch):
    """The schema's ranges keep every piece on an A4 or Letter page; the check behind them
    refuses pieces that would not fit (here on a page shrunk to 120 mm)."""
    from pachaprint.render import sheets

    monkeypatch.setattr(sheets, "marked_area", lambda p, reach: sheets.Area(5, 5, 120, 120))
    with pytest.raises(WheelTemplateError, match="does not fit"):
        wheel_from_data(shipped("volvelle45"))


def test_unreadable_files_are_refused_cleanly(tmp_path):
    cases = {
        "missing.json": None,
        "nan.json": b'{"disc": NaN}',
        "twice.json": b'{"kind": "slots", "kind": "sectors"}',
        "utf16.json": json.dumps(shipped("retail")).encode("utf-16"),
        "deep.json": b"[" * 100_000,
        "digits.json": b'{"disc": {"radius_mm": ' + b"9" * 5000 + b"}}",
    }
    for name, raw in cases.items():
        file = tmp_path / name
        if raw is not None:
            file.write_bytes(raw)
        with pytest.raises(WheelTemplateError) as caught:
            read_wheel(file)
        assert name in str(caught.value)


# --------------------------------------------------------------------------- fuzzing

SECTIONS = ["disc", "rim", "windows", "cover", "shutters", "sectors", "slots", "slider"]


@st.composite
def template_mutations(draw: st.DrawFn) -> dict[str, Any]:
    """A shipped template with 1 to 3 mutations: numbers scaled (gentle, so many reach the
    geometry checks and the renderers), or any value, dropped or added keys (hostile)."""
    data = copy.deepcopy(shipped(draw(st.sampled_from(["retail", "volvelle45"]))))
    for _ in range(draw(st.integers(1, 3))):
        section = draw(st.sampled_from([s for s in SECTIONS if s in data] or ["disc"]))
        node = data.get(section)
        kind = draw(st.sampled_from(["scale", "scale", "value", "drop", "add", "section"]))
        if kind == "section":
            data[section] = draw(JSON_VALUES)
            continue
        if not isinstance(node, dict) or not node:
            continue
        key = draw(st.sampled_from(sorted(node)))
        if (
            kind == "scale"
            and isinstance(node[key], (int, float))
            and not isinstance(node[key], bool)
        ):
            node[key] = node[key] * draw(st.sampled_from([0, -1, 0.5, 0.9, 1.1, 1.5, 3, 1e6]))
        elif kind == "value":
            node[key] = draw(JSON_VALUES)
        elif kind == "drop":
            del node[key]
        elif kind == "add":
            node[draw(st.text(max_size=6))] = draw(JSON_VALUES)
    return data


@st.composite
def template_bytes(draw: st.DrawFn) -> bytes:
    """A shipped template's file with 1 to 4 byte-level mutations."""
    name = draw(st.sampled_from(["retail", "volvelle45"]))
    raw = bytearray((templates_dir() / "wheel" / f"{name}.json").read_bytes())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(raw)))
        kind = draw(st.sampled_from(["flip", "insert", "delete", "token"]))
        if kind == "flip" and at < len(raw):
            raw[at] = draw(st.integers(0, 255))
        elif kind == "insert":
            raw[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif kind == "delete":
            del raw[at : at + draw(st.integers(1, 40))]
        else:
            raw[at:at] = draw(st.sampled_from(BYTE_TOKENS))
    return bytes(raw)


def _outcome(file: Path) -> str:
    """Read the template; if it is accepted, draw everything a template shapes."""
    try:
        wheel = read_wheel(file)
    except WheelTemplateError as exc:
        message = str(exc)
        assert message and "Traceback" not in message
        message.encode("utf-8")
        return "refused"
    scenario = Scenario.from_dict(json.loads(SCENARIO.read_text()))
    disc_front(disc_of(scenario, "easy"), wheel, PrintSettings())
    for sheet in (wheel_cover_sheet, wheel_mask_sheet, assembly_sheet):
        sheet(wheel, "letter", PrintSettings())
    return "accepted"


def changed(name: str, section: str, key: str, value: Any) -> bytes:
    """A shipped template's file with ``section.key`` set to ``value`` (a
    :class:`~tests.fuzzing.Deep` value is written as that many brackets)."""
    data = copy.deepcopy(shipped(name))
    data[section][key] = value
    return dumps_any(data)


FIXED_TEMPLATES = [  # the kinds of input, at fields the code reads as counts
    changed("retail", "sectors", "count", 9.0),
    changed("retail", "sectors", "count", -0.0),
    changed("retail", "sectors", "count", 1e18),
    changed("volvelle45", "slots", "count", 45.0),
    changed("volvelle45", "slots", "columns", 9.0),
    changed("volvelle45", "slots", "columns", 1e18),
    changed("retail", "disc", "radius_mm", 75),
    changed("retail", "disc", "radius_mm", Deep(100_000)),
    changed("retail", "disc", "radius_mm", [[[[[75.0]]]]]),
    dumps_any(shipped("retail")).replace(b"75.0", b"1e400", 1),
]


@pytest.mark.parametrize("raw", FIXED_TEMPLATES, ids=range(len(FIXED_TEMPLATES)))
def test_whole_floats_huge_numbers_and_deep_values_are_read_or_refused(tmp_path, raw):
    file = tmp_path / "wheel.json"
    file.write_bytes(raw)
    assert _outcome(file) in ("accepted", "refused")


@pytest.mark.slow
@FUZZ_SETTINGS
@given(st.one_of(template_mutations().map(lambda d: json.dumps(d).encode()), template_bytes()))
def test_damaged_templates_are_refused_or_render(raw):
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "wheel.json"
        file.write_bytes(raw)
        _outcome(file)
