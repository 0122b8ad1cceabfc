"""No input crashes a command, and the smaller points of issue 31 (items 3, 4, 5 and 9).

Arguments and paths too long for the system are refused in words (or read as
the share code they are); whole numbers written as floats load as ints;
``1e400`` is a ``json`` problem; fan-app boards of any depth or type are refused
in words; share codes decode in linear time and files to import are capped;
``import missing.json`` is a missing file; ``build -q`` says what failed; the
local apps refuse file names with C1 controls or bidi overrides, survive
clients that drop mid-request, and close connections that stall.
"""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pachaprint.check.validate import validate_bytes
from pachaprint.cli import app
from pachaprint.cli.building import result_lines
from pachaprint.engine.rules.log import LogError, parse_log
from pachaprint.model import sharecode as codec
from pachaprint.model.base32 import digits, number
from pachaprint.model.scenario import Scenario
from pachaprint.model.sharecode import ShareCodeError, code_of, decode
from pachaprint.pipeline.outcome import BuildResult, ScenarioOutcome
from pachaprint.share.fanmaps import FanMapError, parse_web_board
from pachaprint.table.server import BackgroundTable, session_for
from pachaprint.table.session import NewGame
from pachaprint.web import requests as web_requests
from pachaprint.web import server as web_server
from pachaprint.web.workspace import Workspace, WorkspaceError, plain_name
from tests.helpers import EXAMPLES, REPO, example
from tests.served import served
from tests.studio_http import Client

runner = CliRunner()
LONG = "a" * 300
BAD_INPUT = REPO / "tests" / "fixtures" / "bad-input"


# -- arguments too long for the system --------------------------------------------------------------
def disc(tmp_path: Path) -> Path:
    path = tmp_path / "lake-shore.json"
    path.write_text(json.dumps(example("lake-shore")))
    return path


@pytest.mark.parametrize(
    "args",
    [
        ["validate", LONG],
        ["validate", f"{'d' * 200}/{LONG}"],
        ["solve", LONG],
        ["hint", LONG],
        ["simulate", LONG],
        ["balance", LONG],
        ["play", LONG],
        ["play", "--resume", LONG],
        ["wheel", LONG],
        ["share", LONG],
        ["studio", LONG, "--no-browser"],
        ["studio", f"{LONG}.json", "--no-browser"],
        ["render", LONG, "--out", "out"],
        ["build", LONG, "--out", "out"],
        ["build", "DISC", "--out", LONG],
        ["render", "DISC", "--out", LONG],
        ["render", "--core", "--out", LONG],
        ["calibrate", "--out", LONG],
        ["new", "--size", "tiny", "--out", LONG],
        ["wheel", "DISC", "--out", LONG],
        ["import", "CODE", "--out", LONG],
        ["render", "DISC", "--wheel", LONG, "--out", "out"],
    ],
    ids=lambda args: " ".join(a[:12] for a in args),
)
def test_a_name_too_long_for_the_system_is_refused_in_words(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    code = code_of(Scenario.from_dict(example("lake-shore")))
    path = str(disc(tmp_path))
    args = [path if a == "DISC" else code if a == "CODE" else a for a in args]
    result = runner.invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (1, 2), result.output
    assert "File name too long" in result.output or "no such file" in result.output.lower()
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", ["import", "table"])
def test_a_long_argument_is_read_as_the_code_it_is(tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    data = example("lake-shore")
    data["name"] = "\u00c4" * 60
    shared = runner.invoke(app, ["share", str(_write(tmp_path / "a.json", data))])
    code = shared.stdout.strip()
    assert shared.exit_code == 0 and len(code) == 264
    if command == "import":
        result = runner.invoke(app, ["import", code, "-o", "out"])
        assert result.exit_code == 0, result.output
        (written,) = (tmp_path / "out").glob("*.json")
        assert json.loads(written.read_text())["name"] == "\u00c4" * 60
        return
    with served("table", code, "--no-browser", "--port", "0", cwd=tmp_path) as running:
        table = running.client().get("/api/table").json()
        assert table["scenario"]["name"] == "\u00c4" * 60
    assert "Traceback" not in running.err


def _write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_junk_too_long_for_a_file_name_is_no_code_either(tmp_path):
    result = runner.invoke(app, ["import", LONG, "-o", str(tmp_path)])
    assert result.exit_code == 1 and "not imported" in result.output


# -- numbers ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("seed", 7.0),
        ("seed", -0.0),
        ("seed", 1e18),
        ("tiles_seed", 7.0),
        ("tiles_seed", 1e18),
        ("first_player", 1.0),
        ("first_player", -0.0),
        ("players", 2.0),
    ],
)
def test_a_whole_number_written_as_a_float_is_read_as_an_int(field, value):
    log = json.loads((BAD_INPUT / "whole-numbers-as-floats.json").read_text())
    log["config"][field] = value
    try:
        read = parse_log(json.dumps(log).encode())
    except LogError as refused:  # (a players count the game's seats do not match)
        assert str(refused).startswith("/config"), refused
        return
    assert read["config"][field] == value and type(read["config"][field]) is int
    assert all(type(score) is int for score in read["result"]["scores"])


def test_a_fraction_where_a_whole_number_belongs_is_refused_naming_the_field():
    log = json.loads((BAD_INPUT / "whole-numbers-as-floats.json").read_text())
    log["config"]["players"] = 2.5
    with pytest.raises(LogError, match=r"^/config/players: "):
        parse_log(json.dumps(log).encode())


def test_a_number_too_large_for_json_is_a_json_problem():
    report = validate_bytes((BAD_INPUT / "number-too-large.json").read_bytes(), "big.json")
    assert [(p.rule.value, p.message) for p in report.errors] == [
        ("json", "line 4 column 11: the number 1e400 is too large to read (beyond 1.8e308)")
    ]
    assert validate_bytes(b'{"a": -1e999}', "x").errors[0].message == (
        "line 1 column 7: the number -1e999 is too large to read (beyond 1.8e308)"
    )


# -- fan-app boards ----------------------------------------------------------------------------------
def board() -> dict:
    return json.loads((EXAMPLES / "fanmaps" / "web-boards.json").read_text())[0]


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("field", ["valley"], "field (a list of 1 items) is not a terrain"),
        ("field", {"a": 1}, "field (an object of 1 keys) is not a terrain"),
        ("field", 7, "field 7 is not a terrain"),
        ("crop", [3], "crop (a list of 1 items) is not a level 1-5"),
        ("crop", True, "crop True is not a level 1-5"),
        ("crop", 2.5, "crop 2.5 is not a level 1-5"),
        ("crop", 10**400, "crop 1000000000000000000000000000000000000... is not a level 1-5"),
        ("coordinates", {"x": [0], "y": 0}, "coordinates (an object of 2 keys) are not on"),
        ("coordinates", {"x": True, "y": 0}, "coordinates (an object of 2 keys) are not on"),
    ],
)
def test_a_board_cell_of_any_type_is_refused_in_words(key, value, message):
    data = board()
    data["board"][0][0][key] = value
    with pytest.raises(FanMapError) as refused:
        parse_web_board(data)
    assert message in str(refused.value)


def test_whole_floats_in_a_board_read_as_their_ints():
    data = board()
    cell = data["board"][0][0]
    good = parse_web_board(board())
    cell["crop"] = float(cell["crop"])
    cell["coordinates"] = {"x": -0.0, "y": 0.0}
    assert parse_web_board(data) == good


def test_a_deep_board_file_is_refused_in_words(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"board": ' + "[" * 100_000 + "]" * 100_000 + "}")
    result = runner.invoke(app, ["import", str(path), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.output == (
        f"pachaprint: {path}: not JSON: the JSON is nested too deeply to read "
        "(a scenario, a game log or a board is a few levels deep)\n"
    )
    stored = tmp_path / "stored.json"
    stored.write_text(json.dumps({"persist:root": json.dumps({"board": "[" * 100_000})}))
    result = runner.invoke(app, ["import", str(stored), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1 and "the stored board is not JSON: the JSON is nested" in (
        result.output
    )


def test_a_file_to_import_is_capped_as_validate_caps_its_own(tmp_path):
    huge = tmp_path / "codes.txt"
    huge.write_bytes(b"16NB7-23H9G\n" * 200_000)  # 2.4 MB
    result = runner.invoke(app, ["import", str(huge), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.output == (
        f"pachaprint: {huge} is over 1,048,576 bytes; import reads files of codes, links or "
        "boards up to that size\n"
    )


@pytest.mark.parametrize("name", ["missing.json", "./missing.json", "sub/missing.txt"])
def test_import_of_a_path_that_is_not_there_says_no_such_file(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["import", name])
    assert result.exit_code == 2
    assert result.output == f"pachaprint: error: no such file: {name}\n"


# -- share codes -------------------------------------------------------------------------------------
def test_base_32_conversions_agree_with_the_long_way():
    def slow_digits(value: int) -> list[int]:
        out = []
        while True:
            value, low = divmod(value, 32)
            out.append(low)
            if not value:
                return out[::-1]

    for value in [0, 1, 31, 32, 33, 2**200 + 5, 3**900, *(7**n for n in range(300))]:
        assert digits(value) == slow_digits(value)
        assert number(digits(value)) == value
    assert number([]) == 0 and number([0, 0, 1]) == 1


def test_a_code_longer_than_any_discs_is_refused_before_it_is_read():
    good = code_of(Scenario.from_dict(example("lake-shore")), with_name=False)
    body = good.replace("-", "")
    with pytest.raises(ShareCodeError, match="too many for a share code"):
        decode(body * 3)
    with pytest.raises(ShareCodeError, match=r"^400,000 characters are too many"):
        decode("0" * 400_000)
    assert len(body) <= codec.MAX_SYMBOLS  # every real code fits (the longest has 45)
    with pytest.raises(ShareCodeError, match=r"the name part .* has 400 symbols"):
        decode(good + "." + "0" * 400)


# -- build -q ------------------------------------------------------------------------------------------
def test_a_quiet_build_says_what_failed_and_nothing_when_all_went_well():
    good = ScenarioOutcome(file="s/a.json", id="a", status="built", report={"difficulty": "easy"})
    bad = ScenarioOutcome(file="s/b.json", id=None, status="invalid", problems=["json: empty"])
    failed = BuildResult(out_dir="out", scenarios=[good, bad], core="built", pnp={"a4": "built"})
    assert result_lines(failed, "text", quiet=True) == [
        "s/b.json: invalid",
        "  s/b.json: json: empty",
        "1 of 2 scenarios built; core built; print sheets a4 built; output in out/",
    ]
    broken = BuildResult(out_dir="out", scenarios=[good], problems=["core components failed: x"])
    assert result_lines(broken, "text", quiet=True)[0] == "error: core components failed: x"
    fine = BuildResult(out_dir="out", scenarios=[good], core="built", pnp={"a4": "built"})
    assert result_lines(fine, "text", quiet=True) == []


@pytest.mark.slow
def test_build_q_with_a_failing_scenario_says_so(tmp_path):
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "broken.json").write_text('{"id": 1}')
    quick = ["--paper", "a4", "--wheel", "retail", "--games", "2", "--mode", "competitive"]
    result = runner.invoke(app, ["build", str(folder), "-o", str(tmp_path / "out"), "-q", *quick])
    assert result.exit_code == 1
    assert result.output.startswith(f"{folder}/broken.json: invalid\n  {folder}/broken.json: ")
    assert "0 of 1 scenarios built" in result.output


# -- the local apps: file names ----------------------------------------------------------------------
HIDDEN_NAMES = [
    "x\x85y.json",  # C1: next line
    "x\x9by.json",  # C1: control sequence introducer
    "\u202egnp.json",  # right-to-left override
    "a\u2066b.json",  # left-to-right isolate
    "a\u200fb.json",  # right-to-left mark
    "a\u200bb.json",  # zero-width space
    "\ufeffa.json",  # byte-order mark
    "a\u2028b.json",  # line separator
    "a\udcffb.json",  # a byte that was not UTF-8
]


@pytest.mark.parametrize("name", HIDDEN_NAMES)
def test_names_with_control_or_invisible_characters_are_refused(tmp_path, name):
    space = Workspace.open(tmp_path)
    assert not plain_name(name)
    with pytest.raises(WorkspaceError) as refused:
        space.path_of(name)
    assert refused.value.status == 403
    with pytest.raises(WorkspaceError, match="control or invisible characters"):
        Workspace.open(tmp_path / name)
    assert plain_name("Lake shore \u00e9t\u00e9 \u6e56.json")  # any real letter is fine


def test_the_apps_refuse_such_names_to_save_and_never_list_them(tmp_path):
    (tmp_path / "lake-shore.json").write_text(json.dumps(example("lake-shore")))
    (tmp_path / "x\u202egnp.json").write_text(json.dumps(example("lake-shore")))
    session = session_for(tmp_path, Scenario.from_dict(example("lake-shore")), NewGame(seed=1))
    assert [s["file"] for s in session.saves()["saves"]] == []
    assert Workspace.open(tmp_path).names() == ["lake-shore.json"]
    for name in HIDDEN_NAMES[:3]:
        with pytest.raises(WorkspaceError):
            session.save(name)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lake-shore.json", "x\u202egnp.json"]


# -- the local apps: clients that drop or stall --------------------------------------------------------
def head(path: str, port: int, token: str, length: int | None = None) -> bytes:
    lines = [f"POST {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", f"X-Pachaprint-Token: {token}"]
    if length is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {length}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


DROPS = {
    "mid-head": lambda port, token: head("/api/act", port, token, 100)[:30],
    "after the head": lambda port, token: head("/api/act", port, token, 100),
    "mid-body": lambda port, token: head("/api/act", port, token, 100) + b'{"moment"',
    "before the answer": lambda port, token: head("/api/step", port, token, 2) + b"{}",
}


@pytest.mark.slow
@pytest.mark.parametrize("command", ["table", "studio"])
def test_clients_that_drop_mid_request_leave_no_traceback(tmp_path, command):
    path = disc(tmp_path)
    args = [str(path), "--no-browser", "--port", "0"]
    if command == "table":
        args[1:1] = ["--seats", "greedy,greedy"]
    with served(command, *args) as running:
        for _ in range(25):
            for drop in DROPS.values():
                with socket.create_connection(("127.0.0.1", running.port)) as sock:
                    sock.sendall(drop(running.port, running.token))
        time.sleep(0.5)
        answer = running.client().get("/api/session" if command == "studio" else "/api/table")
        assert answer.status_code == 200
    assert running.returncode == 0
    assert "Traceback" not in running.err and "Exception" not in running.err, running.err[-2000:]


@pytest.fixture
def quick_timeouts(monkeypatch):
    monkeypatch.setattr(web_server, "REQUEST_SECONDS", 0.5)
    monkeypatch.setattr(web_requests, "BODY_SECONDS", 0.5)


def wait_for_close(sock: socket.socket, limit: float = 5.0) -> tuple[bytes, float]:
    """What the server sends before it closes the connection, and how long that took."""
    sock.settimeout(limit)
    started, received = time.monotonic(), b""
    while True:
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            return received, limit
        if not chunk:
            return received, time.monotonic() - started
        received += chunk


def test_connections_that_stall_are_closed(tmp_path, quick_timeouts):
    session = session_for(tmp_path, Scenario.from_dict(example("lake-shore")), NewGame(seed=1))
    with BackgroundTable(session) as running:
        port, token = running.port, running.token
        with socket.create_connection(("127.0.0.1", port)) as silent:
            assert wait_for_close(silent)[0] == b""  # closed, having said nothing
        with socket.create_connection(("127.0.0.1", port)) as slow_head:
            slow_head.sendall(head("/api/act", port, token, 10)[:25])
            received, took = wait_for_close(slow_head)
            assert received == b"" and took < 5.0
        with socket.create_connection(("127.0.0.1", port)) as slow_body:
            slow_body.sendall(head("/api/act", port, token, 100) + b'{"moment"')
            received, took = wait_for_close(slow_body)
            assert received.startswith(b"HTTP/1.1 408 ") and took < 5.0
            assert b"the request body did not come within 0.5 s" in received
        client = Client(port, {"X-Pachaprint-Token": token})
        assert client.get("/api/table").status_code == 200  # the table still answers
