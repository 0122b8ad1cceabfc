"""Fuzzing every command's entry point with damaged scenarios: clean problems, never exceptions.

Each example is a valid scenario damaged at the byte or the JSON level
(:mod:`tests.fuzzing`). It goes through what each command runs:

* ``validate`` and ``solve`` (with ``--write``), ``hint``, ``share`` and
  ``import`` (of the code ``share`` printed) as commands, on a real file, through Typer (strict UTF-8 output, so an unprintable message
  fails the test);
* for a scenario the checker accepts, ``render`` (the disc faces as SVG,
  parsed back, and PDF), ``wheel`` (the phone page) and the build's
  per-scenario step (simulate + render + write into OUT).

The other inputs a person or a page hands pachaprint go through what reads them
(:mod:`tests.fuzzing` damages each): saved games through ``play --resume`` and
the table's Open; share codes, tiwanaku-app links and tiwanaku-web boards through
``import``; requests to the table and the studio through their servers. Each
test keeps the cases of issue 31 as fixed examples (``@example``): whole numbers
written ``7.0``, ``-0.0`` and ``1e18`` in every integer field, ``1e400``, values
nested 100,000 deep, wrong types, names too long for the system or holding C1
controls and bidi overrides, a 480 KB code.

The tests assert only that every outcome is clean: a report of problems under
known rule ids whose messages print safely, exit codes 0, 1 (or 2 for a usage
error), answers under 500, and for a valid scenario, files that parse. No
exception may escape.
"""

from __future__ import annotations

import copy
import json
import random
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pachaprint.check.problems import Problem, Report, Rule
from pachaprint.check.validate import validate_bytes, validate_data
from pachaprint.cli import app
from pachaprint.cli.validate import report_lines
from pachaprint.engine.rules.log import game_log, load_log
from pachaprint.model.printing import PrintSettings
from pachaprint.model.scenario import Scenario
from pachaprint.pipeline.build import BuildOptions
from pachaprint.pipeline.units import build_scenario
from pachaprint.render.disc_files import disc_faces
from pachaprint.render.pdf import pdf_bytes
from pachaprint.render.svg import svg_string
from pachaprint.render.webwheel import render_webwheel
from pachaprint.studio.server import BackgroundStudio
from pachaprint.table.game import TableError, TableGame
from pachaprint.table.server import BackgroundTable, session_for
from pachaprint.table.session import NewGame
from pachaprint.web.workspace import Workspace
from tests.fuzzing import (
    BUILD_EXAMPLES_PER_RUN,
    FUZZ_SETTINGS,
    STUDIO_REQUESTS,
    TABLE_REQUESTS,
    Deep,
    app_link_text,
    byte_mutations,
    dumps_any,
    hostile_valid_scenarios,
    log_damage,
    request_body,
    set_at,
    share_code_text,
    structure_bytes,
    structure_mutations,
    web_board_mutations,
)
from tests.helpers import EXAMPLES, REPO, both_wheels
from tests.helpers import example as example_data
from tests.studio_http import Answer, Client

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


def _scenario_examples() -> list[bytes]:
    """The issue's cases as scenario files: a number too large for JSON, a value nested
    100,000 deep, a whole number written as a float, and a valid disc whose 60-letter
    name makes a 264-character share code (share, then import, must round-trip)."""
    lake = example_data("lake-shore")
    long_name = dict(lake, name="\u00c4" * 60)
    return [
        dumps_any(lake).replace(b'"Lake Shore"', b"1e400", 1),
        dumps_any(dict(lake, notes=Deep(100_000))),
        dumps_any(dict(lake, start=[*lake["start"][:-1], 7.0])),
        json.dumps(long_name, ensure_ascii=False).encode("utf-8"),
    ]


SCENARIO_EXAMPLES = _scenario_examples()


@pytest.mark.slow
@pytest.mark.parametrize(
    "mutations", [byte_mutations, structure_bytes], ids=["byte_mutations", "structure_bytes"]
)
def test_fuzz_mutations_through_every_command(mutations):
    with tempfile.TemporaryDirectory() as tmp:

        @FUZZ_SETTINGS
        @given(raw=mutations())
        @example(raw=SCENARIO_EXAMPLES[0])
        @example(raw=SCENARIO_EXAMPLES[1])
        @example(raw=SCENARIO_EXAMPLES[2])
        @example(raw=SCENARIO_EXAMPLES[3])
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


# -- saved games ----------------------------------------------------------------------------------
INTEGER_FIELDS = [
    ("config", "seed"),
    ("config", "tiles_seed"),
    ("config", "first_player"),
    ("config", "players"),
    ("result", "scores", 0),
]
LOG_MODES = {
    "competitive": ("lake-shore", NewGame("competitive", ("human", "greedy"), seed=11)),
    "solo": ("long", NewGame("solo", ("human",), "hard", seed=12)),
    "coop": ("long", NewGame("coop", ("human", "random", "human"), "normal", seed=13)),
}


def long_disc() -> Scenario:
    data = example_data("high-valley")
    data["start"] = ["i2", "a1", "e3", "c5", "h4"]
    return Scenario.from_dict(data)


@cache
def good_log(mode: str) -> dict:
    """A game of ``mode`` played a few decisions, as its log (``pachaprint-game/2``)."""
    disc, words = LOG_MODES[mode]
    scenario = long_disc() if disc == "long" else Scenario.from_dict(example_data(disc))
    game = TableGame(scenario, words.config(scenario))
    rng = random.Random(2)
    for _ in range(12):
        if game.state.is_terminal():
            break
        if game.human_to_play:
            legal = game.state.legal_actions()
            game.act(legal[rng.randrange(len(legal))])
        else:
            game.step()
    return game_log(scenario, game.state, game.kinds)


def exercise_log(raw: bytes, folder: Path) -> str:
    """A saved game through ``play --resume`` and the table's Open (the handler the page
    calls): a game, or a refusal in words; never an exception. The outcome's name."""
    path = folder / "game.json"
    path.write_bytes(raw)
    result = runner.invoke(app, ["play", "--resume", str(path), "--plain"], input="quit\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output
    assert_clean_text(result.output.replace("\n", " "))
    session = session_for(folder, Scenario.from_dict(example_data("lake-shore")), NewGame(seed=1))
    try:
        opened = session.open("game.json")
    except TableError as refused:
        assert refused.status == 422 and str(refused).startswith("game.json: cannot open")
        assert result.exit_code == 1
        return "refused"
    assert result.exit_code == 0, result.output
    json.dumps(opened)
    return "opened"


def log_examples(test):
    """The issue's cases as fixed examples: a whole number written as a float in every
    integer field of a log of every mode (``7.0``, ``-0.0``, ``1e18``), and deep nesting."""
    for mode in LOG_MODES:
        for path in INTEGER_FIELDS:
            for value in (7.0, -0.0, 1e18):
                test = example(mode=mode, damages=[(path, value)])(test)
        test = example(mode=mode, damages=[(("config", "seed"), [[[[]]]] * 2)])(test)
        test = example(mode=mode, damages=[(("seats",), [])])(test)  # (found by this test)
        for depth in (17, 988, 5000):  # just deeper than a log; as deep as JSON reads; more
            test = example(mode=mode, damages=[(("scenario", "id"), Deep(depth))])(test)
    return example(mode="solo", damages=[(("actions",), Deep(100_000))])(test)


@pytest.mark.slow
@FUZZ_SETTINGS
@log_examples
@given(mode=st.sampled_from(sorted(LOG_MODES)), damages=log_damage())
def test_fuzz_saved_games_through_play_and_the_table(mode, damages):
    log = copy.deepcopy(good_log(mode))
    for path, value in damages:
        set_at(log, path, value)
    with tempfile.TemporaryDirectory() as tmp:
        OUTCOMES[exercise_log(dumps_any(log), Path(tmp))] += 1


def test_whole_numbers_written_as_floats_load_as_ints():
    path = REPO / "tests" / "fixtures" / "bad-input" / "whole-numbers-as-floats.json"
    saved = load_log(path)
    config = saved.config
    assert (config.seed, config.players, config.first_player) == (7, 2, 0)
    assert all(type(v) is int for v in (config.seed, config.players, config.first_player))
    assert saved.state.score == [10, 39]


# -- share codes, fan-app links and boards through import -------------------------------------------
@cache
def shipped_codes() -> tuple[str, ...]:
    from pachaprint.model.sharecode import code_of

    found = []
    for path in sorted((REPO / "scenarios").glob("*.json"))[:6]:
        found.append(code_of(Scenario.from_dict(json.loads(path.read_text()))))
    lake = example_data("lake-shore")
    lake["name"] = "\u00c4" * 60  # the 264-character code
    found.append(code_of(Scenario.from_dict(lake)))
    return tuple(found)


@cache
def app_links() -> tuple[str, ...]:
    text = (EXAMPLES / "fanmaps" / "app-links.txt").read_text(encoding="utf-8")
    return tuple(line for line in text.splitlines() if line.strip())


@cache
def web_boards() -> tuple[dict, ...]:
    return tuple(json.loads((EXAMPLES / "fanmaps" / "web-boards.json").read_text()))


def assert_clean_import(args: list[str]) -> int:
    """``import`` exits 0, 1 or 2 with words, never an exception."""
    result = runner.invoke(app, ["import", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args[:1],
        result.exception,
    )
    assert result.exit_code in (0, 1, 2), result.output
    assert "Traceback" not in result.output
    return result.exit_code


@pytest.mark.slow
@FUZZ_SETTINGS
@example(text="16NB7-23H9G-" * 40_000)  # a 480 KB code: refused at once, not in minutes
@example(text="missing.json")
@example(text="x" * 300)
@example(text="https://example.org/?game=" + "d111-" * 50_000)
@given(text=st.data())
def test_fuzz_share_codes_and_links_through_import(text):
    if not isinstance(text, str):
        text = text.draw(
            st.one_of(share_code_text(shipped_codes()), app_link_text(app_links())), "text"
        )
    with tempfile.TemporaryDirectory() as tmp:
        code = assert_clean_import([text, "-o", tmp, "--force"])
        listed = Path(tmp) / "codes.txt"
        listed.write_text(f"# a list\n{text}\n", encoding="utf-8", errors="surrogatepass")
        assert assert_clean_import([str(listed), "-o", tmp, "--force"]) in (0, 1)
        if code == 0:
            for written in Path(tmp).glob("*.json"):
                assert validate_bytes(written.read_bytes(), "imported.json").valid
        OUTCOMES[f"exit {code}"] += 1


def test_every_shipped_code_and_the_long_one_round_trip(tmp_path):
    for code in shipped_codes():
        assert assert_clean_import([code, "-o", str(tmp_path), "--force"]) == 0


@pytest.mark.slow
@FUZZ_SETTINGS
@example(board={"board": Deep(100_000)})
@example(board="list-field")
@example(board="object-field")
@example(board="float-crop")
@given(board=st.data())
def test_fuzz_web_boards_through_import(board):
    if isinstance(board, str):  # the cases, on the first shipped board
        data = copy.deepcopy(web_boards()[0])
        cell = data["board"][0][0]
        value = {"list-field": ["valley"], "object-field": {"a": 1}, "float-crop": 2.0}[board]
        cell["crop" if board == "float-crop" else "field"] = value
        board = data
    elif not isinstance(board, dict):
        board = board.draw(web_board_mutations(web_boards()), "board")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "board.json"
        path.write_bytes(dumps_any(board))
        code = assert_clean_import([str(path), "-o", str(Path(tmp) / "out"), "--force"])
        OUTCOMES[f"exit {code}"] += 1


# -- studio and table requests ------------------------------------------------------------------------
def assert_clean_answer(answer, path: str) -> None:
    """An answer in JSON (or the file asked for), a refusal in words; never a 500."""
    assert answer.status_code < 500, (path, answer.status_code, answer.text[:300])
    if answer.headers.get_content_type() == "application/json":
        data = answer.json()
        if answer.status_code >= 400:
            assert isinstance(data.get("error"), str) and data["error"], data
            assert_clean_text(data["error"])


@pytest.fixture(scope="module")
def table_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("table")
    (folder / "lake-shore.json").write_text(json.dumps(example_data("lake-shore")))
    (folder / "floats.json").write_bytes(
        (REPO / "tests" / "fixtures" / "bad-input" / "whole-numbers-as-floats.json").read_bytes()
    )
    scenario = Scenario.from_dict(example_data("lake-shore"))
    session = session_for(folder, scenario, NewGame("competitive", ("human", "greedy"), seed=3))
    with BackgroundTable(session) as running:
        yield running, Client(running.port, {"X-Pachaprint-Token": running.token})


@pytest.fixture(scope="module")
def studio_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("studio")
    (folder / "lake-shore.json").write_text(json.dumps(example_data("lake-shore")))
    with BackgroundStudio(Workspace.open(folder)) as running:
        yield running, Client(running.port, {"X-Pachaprint-Token": running.token})


TABLE_GOOD = {
    "moment": 0,
    "action": 0,
    "to": "start",
    "seats": ["human", "human"],
    "file": "lake-shore-game-1.json",
}
STUDIO_GOOD = {
    "scenario": example_data("lake-shore"),
    "box": "retail",
    "version": 1,
    "size": "tiny",
    "difficulty": "easy",
    "code": "",
    "file": "lake-shore.json",
    "to": "other.json",
    "hash": "0" * 64,
}


def request_examples(requests, fields_of_interest):
    """Every request with each of the issue's values in each of its fields: whole numbers
    as floats, names with C1 controls and bidi overrides, deep nesting, too long a name."""

    def apply(test):
        for method, path, fields in requests:
            for key in fields:
                values = [7.0, -0.0, 1e18, Deep(100_000)]
                if key in fields_of_interest:
                    values += ["x\x85y.json", "\u202egnp.json", "a" * 300 + ".json"]
                for value in values:
                    test = example(request=(method, path, {key: value}))(test)
        return test

    return apply


def send(client: Client, method: str, path: str, body: object) -> Answer:
    """The request with ``body`` as its JSON (whatever it is)."""
    raw = dumps_any(body)
    return client.request(method, path, content=raw, headers={"Content-Type": "application/json"})


@pytest.mark.slow
@FUZZ_SETTINGS
@request_examples(TABLE_REQUESTS, ("file",))
@example(request=("POST", "/api/open", {"file": "floats.json"}))
@given(request=st.data())
def test_fuzz_table_requests(table_server, request):
    _running, client = table_server
    if isinstance(request, tuple):  # a fixed example: the good body with one change
        method, path, changes = request
        body: object = {**TABLE_GOOD, **changes}
    else:
        method, path, fields = request.draw(st.sampled_from(TABLE_REQUESTS), "request")
        body = request.draw(request_body(fields, TABLE_GOOD), "body")
    if isinstance(body, dict) and body.get("moment") == 0:  # the table as it is now
        body["moment"] = client.request("GET", "/api/table").json()["moment"]
    answer = send(client, method, path, body)
    assert_clean_answer(answer, path)
    if isinstance(body, dict) and path == "/api/open" and body.get("file") == "floats.json":
        assert answer.status_code == 200, answer.text  # whole numbers as floats load
    OUTCOMES[f"{path} {answer.status_code}"] += 1


@pytest.mark.slow
@FUZZ_SETTINGS
@request_examples(STUDIO_REQUESTS, ("file", "to"))
@given(request=st.data())
def test_fuzz_studio_requests(studio_server, request):
    _running, client = studio_server
    if isinstance(request, tuple):
        method, path, changes = request
        body: object = {**STUDIO_GOOD, **changes}
    else:
        method, path, fields = request.draw(st.sampled_from(STUDIO_REQUESTS), "request")
        body = request.draw(request_body(fields, STUDIO_GOOD), "body")
    answer = send(client, method, path, body)
    assert_clean_answer(answer, path)
    OUTCOMES[f"{path} {answer.status_code}"] += 1
