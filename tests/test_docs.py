"""The project documents itself: ``docs/`` is complete, cited correctly and true to the code.

* Every citation of a page under ``docs/`` anywhere in the repository (code,
  docstrings, tests, templates, schemas, the README and CONTRIBUTING) names a
  file that exists, and the sections, rulings and anchors it names exist too;
  every link between the pages resolves; every repository path the pages
  name exists. Nothing cites the team's reading material outside the
  repository any more.
* The examples of the format pages are valid: the scenario validates, the
  invalid scenario gives exactly the report shown, the share code decodes to
  the disc shown and back, the game log loads and replays to its scores, a
  simulation report has the keys shown.
* The tables that restate the code are read back against it: the rulings'
  index, the box, the offering points, the co-op seating, the trails, the
  wheel templates' numbers, the simulation report's fields.
"""

from __future__ import annotations

import dataclasses
import json
import re
from functools import cache
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from typer.testing import CliRunner

from pachaprint.check.problems import Rule
from pachaprint.check.validate import validate_data
from pachaprint.cli import app
from pachaprint.cli.checking import Tally, report_lines, summary_line
from pachaprint.engine.analysis.report import SimulationReport
from pachaprint.engine.analysis.summary import RunSummary
from pachaprint.engine.rules.log import COMPETITIVE_V1, LOG_FORMAT, VERSUS_V1, game_log, parse_log
from pachaprint.engine.rules.log import replay as replay_log
from pachaprint.engine.rules.modes import CoopState
from pachaprint.model.rules import (
    BOX_CROP_TILES,
    BOX_TERRAIN_TILES,
    CROP_NAMES,
    OFFERING_POINTS,
    OFFERING_TOKENS_PER_TYPE,
)
from pachaprint.model.scenario import FORMAT as SCENARIO_FORMAT
from pachaprint.model.sharecode import VERSION, code_of, decode, shared_disc
from pachaprint.resources import load_template
from pachaprint.studio.authoring import DRAFT_FORMAT
from tests.helpers import REPO

DOCS = REPO / "docs"
SCANNED = ("pachaprint", "tests", "benchmarks", "templates", "schemas", "scenarios", "docs", ".ci")
TOP_FILES = ("README.md", "CONTRIBUTING.md", "setup.py", "pyproject.toml")
TEXT_SUFFIXES = {".py", ".pyi", ".md", ".json", ".js", ".css", ".html", ".toml", ".txt", ".cfg"}
REPO_ROOTS = ("pachaprint", "tests", "benchmarks", "templates", "schemas", "scenarios", "docs")

# Built at run time, so that this file does not cite what it forbids.
OUTSIDE = ("RULES" + ".md", "SPEC" + ".md", "SPEC" + " section")

CITATION = re.compile(r"\bdocs/((?:[\w-]+/)*[\w-]+\.md)(?:#([\w-]+))?")
SECTIONS = re.compile(r",?\s+sections?\s+(\d+(?:\.\d+)*(?:\s*(?:-|,|and)\s*\d+(?:\.\d+)*)*)")
RULINGS = re.compile(r",?\s+rulings?\s+(R\d+(?:\s*(?:,|and)\s*R\d+)*)")
LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING_NUMBER = re.compile(r"^(\d+(?:\.\d+)*)\.?\s")
RULING = re.compile(r"\*\*Ruling (R\d+)\b")

runner = CliRunner()
markdown = MarkdownIt("commonmark").enable("table")


def repo_text_files() -> list[Path]:
    """Every text file of the project's own folders and top level (no build output)."""
    found = [REPO / name for name in TOP_FILES if (REPO / name).exists()]
    for root in SCANNED:
        for path in sorted((REPO / root).rglob("*")):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            if path.suffix in TEXT_SUFFIXES or path.parent.name == ".ci":
                found.append(path)
    return found


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@cache
def headings(path: Path) -> list[tuple[int, str]]:
    """(level, text) of every heading of a Markdown file."""
    tokens = markdown.parse(read(path))
    return [
        (int(tokens[i].tag[1]), tokens[i + 1].content)
        for i in range(len(tokens) - 1)
        if tokens[i].type == "heading_open"
    ]


def slug(text: str) -> str:
    """The anchor a Markdown renderer such as GitHub's gives a heading."""
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    return {slug(text) for _, text in headings(path)}


def section_numbers(path: Path) -> set[str]:
    found = set()
    for _, text in headings(path):
        match = HEADING_NUMBER.match(text)
        if match:
            found.add(match.group(1))
    return found


def numbers_in(words: str) -> list[str]:
    """``"3-5"`` -> 3, 4, 5; ``"4 and 5"``, ``"4.3, 5"``: each number named."""
    out: list[str] = []
    for part in re.split(r"\s*(?:,|and)\s*", words.strip()):
        low, _, high = part.partition("-")
        if high:
            out += [str(n) for n in range(int(low), int(high) + 1)]
        else:
            out.append(low)
    return out


def rulings_defined() -> list[str]:
    return RULING.findall(read(DOCS / "rules.md"))


def example(doc: str, name: str) -> str:
    """The fenced block that follows ``<!-- example: name -->`` in a page of docs/."""
    text = read(DOCS / doc)
    marker = f"<!-- example: {name} -->"
    assert marker in text, f"{doc} lost its example {name!r}"
    after = text.split(marker, 1)[1]
    match = re.search(r"```[^\n]*\n(.*?)```", after, re.S)
    assert match is not None
    return match.group(1)


def table_rows(doc: str, first_cell: str) -> list[list[str]]:
    """The rows (cells stripped) of the table of a page whose header starts with ``first_cell``."""
    rows: list[list[str]] = []
    inside = False
    for line in read(DOCS / doc).splitlines():
        cells = (
            [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        )
        if not cells:
            if inside:
                return rows
            continue
        if not inside:
            inside = cells[0] == first_cell
            continue
        if not set(cells[0]) <= set("-: "):
            rows.append(cells)
    assert rows, f"{doc}: no table headed {first_cell!r}"
    return rows


# -- citations --------------------------------------------------------------------------------------
def test_nothing_cites_the_reading_material_outside_the_repository():
    found = []
    for path in repo_text_files():
        text = read(path)
        found += [f"{path.relative_to(REPO)}: {word}" for word in OUTSIDE if word in text]
    assert not found


def test_every_citation_of_docs_names_a_file_section_and_ruling_that_exist():
    rulings = set(rulings_defined())
    checked = 0
    problems = []
    for path in repo_text_files():
        text = read(path)
        for match in CITATION.finditer(text):
            where = f"{path.relative_to(REPO)}: docs/{match.group(1)}"
            target = DOCS / match.group(1)
            checked += 1
            if not target.is_file():
                problems.append(f"{where}: no such file")
                continue
            if match.group(2) and match.group(2) not in anchors(target):
                problems.append(f"{where}#{match.group(2)}: no such heading")
            tail = text[match.end() : match.end() + 80]
            sections = SECTIONS.match(tail)
            if sections:
                missing = set(numbers_in(sections.group(1))) - section_numbers(target)
                if missing:
                    problems.append(f"{where}: no section {', '.join(sorted(missing))}")
            named = RULINGS.match(tail)
            if named:
                unknown = set(re.findall(r"R\d+", named.group(1))) - rulings
                if target.name != "rules.md" or unknown:
                    problems.append(f"{where}: no ruling {', '.join(sorted(unknown))}")
    assert not problems
    assert checked > 60  # the code cites the docs in many places


def test_every_markdown_link_resolves():
    pages = [*sorted(DOCS.rglob("*.md")), REPO / "README.md", REPO / "CONTRIBUTING.md"]
    problems = []
    for page in pages:
        for target in LINK.findall(read(page)):
            if re.match(r"[a-z]+:", target):
                continue  # an address outside the repository
            file, _, anchor = target.partition("#")
            resolved = (page.parent / file).resolve() if file else page
            if not resolved.exists():
                problems.append(f"{page.relative_to(REPO)}: {target}: no such file")
            elif anchor and anchor not in anchors(resolved):
                problems.append(f"{page.relative_to(REPO)}: {target}: no such heading")
    assert not problems


def test_the_docs_name_only_files_that_exist():
    roots = "|".join(REPO_ROOTS)
    named = re.compile(rf"`((?:{roots})/[^`\s]*)`")
    problems = []
    for page in sorted(DOCS.rglob("*.md")):
        for path in named.findall(read(page)):
            if any(mark in path for mark in "<*{"):
                continue  # a pattern such as templates/reference/<lang>.json
            if not (REPO / path.rstrip("/")).exists():
                problems.append(f"{page.relative_to(REPO)}: {path}")
    assert not problems


def test_readme_and_contributing_lead_to_the_docs():
    for name in ("README.md", "CONTRIBUTING.md"):
        assert "](docs/README.md)" in read(REPO / name), name


def test_every_page_of_the_docs_is_in_the_index():
    index = read(DOCS / "README.md")
    for page in sorted(DOCS.rglob("*.md")):
        if page.name != "README.md":
            assert f"]({page.relative_to(DOCS).as_posix()})" in index, page.name


# -- the rules --------------------------------------------------------------------------------------
def test_every_ruling_is_defined_once_and_indexed_under_its_section():
    defined = rulings_defined()
    assert defined == [f"R{n}" for n in range(1, len(defined) + 1)]
    where = {}
    section = ""
    for line in read(DOCS / "rules.md").splitlines():
        if line.startswith("#"):
            match = HEADING_NUMBER.match(line.lstrip("#").strip())
            section = match.group(1) if match else section
        for ruling in RULING.findall(line):
            where[ruling] = section
    index = {row[0]: row[2] for row in table_rows("rules.md", "ruling")}
    assert index == where


def test_the_box_and_the_offering_table_are_the_code_s():
    rows = {row[0]: row[1] for row in table_rows("rules.md", "component")}
    words = {"V": "valley", "D": "desert", "F": "forest", "M": "mountain"}
    terrain = ", ".join(f"{words[t]} {n}" for t, n in BOX_TERRAIN_TILES.items())
    assert rows["terrain tiles"] == f"{terrain} ({sum(BOX_TERRAIN_TILES.values())})"
    crops = ", ".join(f"level {k}: {n}" for k, n in BOX_CROP_TILES.items())
    assert rows["crop tiles"] == f"{crops} ({sum(BOX_CROP_TILES.values())})"
    assert rows["offering tokens"] == f"{OFFERING_TOKENS_PER_TYPE} of each crop (20)"
    offer = table_rows("rules.md", "tokens offered")
    assert offer[0][1:] == [str(p) for p in OFFERING_POINTS[1:]]
    crop_rows = {int(row[0]): row[1] for row in table_rows("rules.md", "level")}
    assert crop_rows == CROP_NAMES


def test_the_co_op_seating_tables_are_the_engine_s():
    for row in table_rows("rules.md", "players"):
        players = int(row[0])
        assert CoopState.seating_for(players, "normal", "brown").pawns[0] == int(row[2])
        assert CoopState.seating_for(players, "easy", "brown").pawns[0] == int(row[2])
        assert CoopState.seating_for(players, "expert", "brown").pawns[0] == int(row[3])
        colours = CoopState.seating_for(players, "normal", "brown").colours[:-1]
        assert all(colour in row[1] for colour in colours) and len(colours) == (
            2 if players == 4 else players
        )
    for level, count in table_rows("rules.md", "difficulty"):
        assert len(CoopState.seating_for(2, level, "brown").otoma_colours) == int(count)


def test_the_trails_table_is_the_board_template_s():
    def ends(edge: str, words: str) -> list[tuple[str, str]]:
        side = {"top": "top", "bottom": "bottom", "right": "right", "left": "left"}
        pairs = []
        for part in words.split(", "):
            if edge == "corners":
                match = re.fullmatch(r"column (\w) (top|bottom) to row (\d) (left|right)", part)
                assert match is not None, part
                column, cside, row, rside = match.groups()
                pairs.append((f"{cside}-{column}", f"{rside}-{row}"))
            else:
                a, b = part.removeprefix("rows ").split("-")
                pairs.append((f"{side[edge]}-{a}", f"{side[edge]}-{b}"))
        return pairs

    documented = {
        frozenset(pair)
        for edge, words in table_rows("rules.md", "edge")
        for pair in ends(edge, words)
    }
    shipped = {frozenset(pair) for pair in load_template("board.json")["trails"]}
    assert documented == shipped


def test_the_symbols_of_the_lines_are_the_board_template_s():
    rows = table_rows("rules.md", "lines")
    board = load_template("board.json")
    assert rows[0][1].split(", ") == board["elements"]
    assert rows[1][1].split(", ") == board["animals"]


# -- the format pages' examples ---------------------------------------------------------------------
def test_the_scenario_example_validates_with_only_its_dots_to_fill():
    data = json.loads(example("formats/scenario.md", "scenario"))
    assert data["format"] == SCENARIO_FORMAT
    report = validate_data(data, "courtyard.json")
    assert report.valid, report.errors
    assert [w.rule.value for w in report.warnings] == ["incomplete"]


def test_the_validation_report_examples_are_what_validate_says():
    data = json.loads(
        example("formats/validation-report.md", "invalid scenario open-courtyard.json")
    )
    report = validate_data(data, "open-courtyard.json")
    shown = json.loads(example("formats/validation-report.md", "report of open-courtyard.json"))
    assert [report.to_dict()] == shown
    tally = Tally()
    tally.add(report)
    text = example("formats/validation-report.md", "text report of open-courtyard.json")
    assert text.splitlines() == [*report_lines(report), summary_line(tally)]


def test_the_share_code_example_is_the_disc_shown():
    data = json.loads(example("formats/share-code.md", "shared disc"))
    report = validate_data(data, "courtyard.json")
    assert report.valid and report.scenario is not None
    code = example("formats/share-code.md", "share code").strip()
    assert code_of(report.scenario) == code
    assert decode(code) == shared_disc(report.scenario)
    assert code[0] == str(VERSION)


def test_the_game_log_example_loads_replays_and_is_what_pachaprint_writes():
    text = example("formats/game-log.md", "game log")
    log = parse_log(text.encode("utf-8"))
    saved = replay_log(log)
    assert saved.state.score == log["result"]["scores"]
    assert game_log(saved.scenario, saved.state, saved.seats) == log


def test_a_simulation_report_has_the_keys_of_the_example():
    shown = json.loads(example("formats/simulation-report.md", "simulation report"))
    result = runner.invoke(
        app,
        ["simulate", str(REPO / "scenarios" / "sun-gate.json"), "--games", "4", "-f", "json"],
    )
    assert result.exit_code == 0, result.output
    made = json.loads(result.output)

    def keys(value: object) -> object:
        if isinstance(value, dict):
            return {k: keys(v) for k, v in value.items()}
        if isinstance(value, list):
            return [keys(v) for v in value]
        return None

    assert keys(made) == keys(shown)
    assert made["scenario"] == shown["scenario"] and made["games"] == shown["games"]


def test_the_simulation_report_tables_name_every_field():
    named = []
    for header in ("key",):
        for row in table_rows("formats/simulation-report.md", header):
            named += re.findall(r"`([\w\[\].]+)`", row[0])
    more = read(DOCS / "formats" / "simulation-report.md").split("## The competitive game adds")[1]
    for row in re.findall(r"^\| `([^|]+)` \|", more, re.M):
        named += re.findall(r"[\w\[\].]+", row.replace("`", ""))
    fields = {f.name for f in dataclasses.fields(SimulationReport)}
    assert {name for name in named if "[" not in name} == fields
    runs = read(DOCS / "formats" / "simulation-report.md").split("Each run has")[1].split("\n\n")[0]
    named_runs = set(re.findall(r"`(\w+)`", runs)) - {
        "diversity",
        "crops",
        "offering",
        "empty_cells",
    }
    assert named_runs == {f.name for f in dataclasses.fields(RunSummary)}


def test_the_format_pages_name_the_versions_the_code_reads_and_writes():
    assert SCENARIO_FORMAT in read(DOCS / "formats" / "scenario.md").splitlines()[0]
    assert DRAFT_FORMAT in read(DOCS / "formats" / "scenario.md")
    log_page = read(DOCS / "formats" / "game-log.md")
    assert LOG_FORMAT in log_page.splitlines()[0]
    assert COMPETITIVE_V1 in log_page and VERSUS_V1 in log_page
    assert f"(version {VERSION})" in read(DOCS / "formats" / "share-code.md").splitlines()[0]


# -- the wheel --------------------------------------------------------------------------------------
@pytest.mark.parametrize("column, template", [(1, "retail"), (2, "volvelle45")])
def test_the_wheel_numbers_are_the_templates(column, template):
    data = load_template(f"wheel/{template}.json")
    rows = table_rows("wheel-geometry.md", "key")
    assert len(rows) > 20
    for row in rows:
        section, key = row[0].strip("`").split(".")
        shown = row[column]
        if shown == "-":
            assert key not in data.get(section, {}), row[0]
        else:
            assert data[section][key] == json.loads(shown), row[0]


def test_the_rule_id_tables_list_every_rule_in_report_order():
    listed = [row[0].strip("`") for row in table_rows("formats/validation-report.md", "rule")]
    page = read(DOCS / "formats" / "validation-report.md").split("Warnings, which never")[1]
    listed += re.findall(r"^\| `([\w-]+)` \|", page, re.M)
    assert listed == [rule.value for rule in Rule]
