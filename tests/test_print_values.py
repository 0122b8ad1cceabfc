"""A checked disc and print settings as values: the checker makes the disc once, the
renderer draws it and asks the checker nothing, and the print options reach every
command as one value."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import FrozenInstanceError

import pytest
import typer
from typer.testing import CliRunner

from pachaprint.check import validate
from pachaprint.check.validate import validate_file
from pachaprint.cli import app
from pachaprint.cli.printing import PRINT_OPTIONS, print_options
from pachaprint.model.disc import DiscStats, checked_disc
from pachaprint.model.printing import PrintSettings
from pachaprint.model.scenario import Scenario
from pachaprint.model.sharecode import code_of
from tests.helpers import REPO
from tests.test_import_graph import import_graph

SUN_GATE = REPO / "scenarios" / "sun-gate.json"
runner = CliRunner()


# -- the disc ------------------------------------------------------------------------
def test_the_checker_gives_a_valid_file_its_disc():
    report = validate_file(SUN_GATE)
    disc = report.disc
    assert disc is not None and report.valid
    assert disc.scenario == report.scenario and disc.scenario.is_complete
    assert disc.grade == report.stats["difficulty"] == "easy"
    assert disc.share_code == code_of(disc.scenario, with_name=False)
    assert disc.stats.to_dict(True) == {k: v for k, v in report.stats.items() if k != "difficulty"}
    assert disc.title == "The Sun Gate (sun-gate)"
    with pytest.raises(FrozenInstanceError):
        disc.grade = "easy"  # type: ignore[misc]


def test_an_invalid_or_ungraded_file_has_no_disc():
    data = json.loads(SUN_GATE.read_text())
    scenario = Scenario.from_dict(data)
    cell = next(c for c in scenario.board.cells if c not in scenario.start_cells)
    row, column = divmod(cell, scenario.board.width)
    other = "1" if data["crops"][row][column] != "1" else "2"
    data["crops"][row] = data["crops"][row][:column] + other + data["crops"][row][column + 1 :]
    broken = validate.validate_data(data)
    assert not broken.valid and broken.disc is None
    assert validate.validate_data(json.loads(SUN_GATE.read_text()), difficulty=False).disc is None


def test_dots_are_filled_in_the_disc_and_counted_as_the_file_is():
    data = json.loads(SUN_GATE.read_text())
    scenario = Scenario.from_dict(data)
    starts = set(scenario.start_cells)
    flat = "".join(c if i in starts else "." for i, c in enumerate(scenario.crops_flat))
    width = scenario.board.width
    data["crops"] = [flat[r * width : (r + 1) * width] for r in range(scenario.board.height)]
    disc = validate.validate_data(data).disc
    assert disc is not None and disc.scenario.crops == scenario.crops
    assert disc.stats == DiscStats.of(scenario)


def test_a_disc_has_a_complete_crop_layer():
    dotted = Scenario.from_dict(json.loads(SUN_GATE.read_text())).with_crops(["." * 9] * 5)
    with pytest.raises(ValueError, match="complete crop layer"):
        checked_disc(dotted, "easy")


# -- once --------------------------------------------------------------------------------
@pytest.fixture
def counted(monkeypatch):
    """How often the checker solves (``check_scenario``: the one search of a file) and grades,
    counted where ``validate`` calls them (an interpreted module in every build)."""
    calls: Counter[str] = Counter()
    for name, label in (("check_scenario", "solve"), ("grade", "grade")):
        inner = getattr(validate, name)

        def wrapper(*args, _inner=inner, _label=label, **kwargs):
            calls[_label] += 1
            return _inner(*args, **kwargs)

        monkeypatch.setattr(validate, name, wrapper)
    return calls


@pytest.mark.parametrize(
    ("args", "solves", "grades"),
    [
        (["render", str(SUN_GATE), "--out", "{tmp}"], 1, 1),
        (["wheel", str(SUN_GATE), "--out", "{tmp}/w.html"], 1, 1),
        (["validate", str(SUN_GATE)], 1, 1),
        (["solve", str(SUN_GATE)], 1, 0),
        (["solve", str(SUN_GATE), "--format", "json"], 1, 0),
    ],
    ids=["render", "wheel", "validate", "solve", "solve-json"],
)
def test_every_command_solves_and_grades_a_disc_once(counted, tmp_path, args, solves, grades):
    result = runner.invoke(app, [a.replace("{tmp}", str(tmp_path)) for a in args])
    assert result.exit_code == 0, result.output
    assert (counted["solve"], counted["grade"]) == (solves, grades)


@pytest.mark.slow
def test_the_renderer_imports_nothing_from_the_checker():
    """Neither a render module nor anything it imports, at the top or in a function."""
    graph = import_graph()
    seen: set[str] = set()
    todo = [m for m in graph if m.startswith("pachaprint.render")]
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo += graph[module]
    assert sorted(m for m in seen if m.startswith("pachaprint.check")) == []


# -- the settings --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"lang": "nl"}, "lang: choose one of en, de, it, fr, es, not 'nl'"),
        ({"ink": "sepia"}, "ink: choose full or saver"),
        ({"papers": ("a3",)}, "papers: choose from a4, letter"),
        ({"papers": ()}, "papers: choose from a4, letter"),
        ({"wheels": ()}, "wheels: choose at least one"),
        ({"back_offset": (10.5, 0.0)}, "back_offset: two numbers of mm between -10 and 10"),
        ({"back_offset": (float("nan"), 0.0)}, "back_offset"),
    ],
)
def test_print_settings_refuse_what_cannot_print(settings, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        PrintSettings(**settings)


def test_print_settings_are_one_hashable_value():
    a = PrintSettings(lang="de", back_offset=(0.5, -1.0))
    assert a == PrintSettings(lang="de", back_offset=(0.5, -1.0)) and hash(a) == hash(
        PrintSettings(lang="de", back_offset=(0.5, -1.0))
    )
    assert a.key() == {
        "papers": ("a4",),
        "wheels": ("retail",),
        "lang": "de",
        "ink": "full",
        "back_offset": (0.5, -1.0),
        "share_url": None,
        "print_shop": False,
    }
    assert (a.paper, a.wheel) == ("a4", "retail")


def test_the_print_options_arrive_as_one_value():
    seen: list[PrintSettings] = []
    probe = typer.Typer()

    @probe.command()
    @print_options()
    def show(name: str = typer.Option("x"), settings: PrintSettings = PrintSettings()) -> None:
        seen.append(settings)

    args = ["--lang", "de", "--ink", "saver", "--back-offset", "0.5,-1"]
    args += ["--share-url", "https://example.org/wheel.html", "--print-shop"]
    result = runner.invoke(probe, args)
    assert result.exit_code == 0, result.output
    assert seen == [
        PrintSettings(
            lang="de",
            ink="saver",
            back_offset=(0.5, -1.0),
            share_url="https://example.org/wheel.html",
            print_shop=True,
        )
    ]
    assert len(PRINT_OPTIONS) == 5
    refused = runner.invoke(probe, ["--share-url", "ftp://x"])
    assert refused.exit_code == 2 and "--share-url" in refused.output and not seen[1:]


# -- a new wheel template is one file ------------------------------------------------------
@pytest.mark.slow
def test_a_wheel_template_of_a_known_kind_is_one_file(tmp_path):
    """A copy of the templates with one more file of the retail kind: the CLI offers it, the
    checker's print warnings, the build's default and the studio's previews take it, and
    ``render`` draws with it (run in a fresh process, as the lists are read on import)."""
    templates = tmp_path / "templates"
    shutil.copytree(REPO / "templates", templates)
    retail = json.loads((templates / "wheel" / "retail.json").read_text())
    retail["template"] = "retail2"
    (templates / "wheel" / "retail2.json").write_text(json.dumps(retail))
    script = f"""
from pathlib import Path
import pachaprint.resources as resources
resources.templates_dir = lambda: Path({str(templates)!r})
from pachaprint.cli import app
from pachaprint.cli.options import WheelChoice
from pachaprint.pipeline.options import BuildOptions
from pachaprint.studio.printing import settings_for
assert [c.value for c in WheelChoice] == ["retail", "retail2", "volvelle45", "both"]
assert BuildOptions().printing.wheels == ("retail", "retail2", "volvelle45")
assert settings_for().wheels == ("retail", "retail2", "volvelle45")
app(["render", {str(SUN_GATE)!r}, "--out", {str(tmp_path / "out")!r}, "--wheel", "both"])
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert "sun-gate-disc-front-retail2.svg" in written
    assert "sun-gate-disc-front-volvelle45.svg" in written


def test_shipped_templates_are_named_by_their_files():
    from pachaprint.resources import load_template, shipped_wheels

    assert shipped_wheels() == ("retail", "volvelle45")
    for name in shipped_wheels():
        assert load_template(f"wheel/{name}.json")["template"] == name


def test_the_digital_wheel_takes_the_language_of_the_settings():
    from pachaprint.render.webwheel import render_webwheel

    disc = validate_file(SUN_GATE).disc
    assert '<html lang="fr">' in render_webwheel(disc, PrintSettings(lang="fr"))
