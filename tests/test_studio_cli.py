"""``pachaprint studio`` as a user runs it: the address with its token, the door, Ctrl-C."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from tests.helpers import example
from tests.studio_http import Client

runner = CliRunner()


def start(*args: str) -> tuple[subprocess.Popen[str], str]:
    """Run the command; return the process and the address it printed."""
    process = subprocess.Popen(
        [sys.executable, "-m", "pachaprint", "studio", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    deadline = time.monotonic() + 20
    lines = []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        if "Ctrl-C" in line:
            address = next(x.strip() for x in lines if "?token=" in x)
            return process, address
    process.kill()
    raise AssertionError(
        f"no address printed: {lines} {process.stderr.read() if process.stderr else ''}"
    )


@pytest.mark.slow
def test_studio_prints_its_address_guards_it_and_stops_cleanly_on_ctrl_c(tmp_path):
    (tmp_path / "lake-shore.json").write_text(json.dumps(example("lake-shore")))
    process, address = start(str(tmp_path), "--no-browser", "--port", "0")
    try:
        assert address.startswith("http://127.0.0.1:")
        port = int(address.split(":")[2].split("/")[0])
        token = address.split("?token=")[1]
        assert len(token) >= 40
        stranger = Client(port)
        assert stranger.get("/").status_code == 403
        assert stranger.get("/api/library").status_code == 403
        page = stranger.get(f"/?token={token}")
        assert page.status_code == 200 and 'id="save"' in page.text
        library = Client(port, {"X-Pachaprint-Token": token}).get("/api/library").json()
        assert [e["file"] for e in library["scenarios"]] == ["lake-shore.json"]
        with socket.create_connection(("127.0.0.1", port)) as sock:
            assert sock.getpeername()[0] == "127.0.0.1"
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=15)
    assert process.returncode == 0, err
    assert "stopped" in out
    assert "Traceback" not in err and "Traceback" not in out


@pytest.mark.slow
def test_the_server_listens_on_loopback_only(tmp_path):
    process, address = start(str(tmp_path / "new.json"), "--no-browser", "--port", "0")
    try:
        port = int(address.split(":")[2].split("/")[0])
        outside = _outside_address()
        if outside is not None:
            with pytest.raises(OSError):
                socket.create_connection((outside, port), timeout=2).close()
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=15)
    assert process.returncode == 0


def _outside_address() -> str | None:
    """This machine's address on its network, if it has one besides loopback."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET: nothing is sent
        except OSError:
            return None
        address = probe.getsockname()[0]
    return None if address.startswith("127.") else address


def test_usage_errors_exit_2_in_words(tmp_path):
    missing = runner.invoke(app, ["studio", str(tmp_path / "nowhere" / "x.json"), "--no-browser"])
    assert missing.exit_code == 2 and "no such folder" in missing.output
    wrong = runner.invoke(app, ["studio", str(tmp_path / "notes.txt"), "--no-browser"])
    assert wrong.exit_code == 2 and "ends in .json" in wrong.output
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        taken = runner.invoke(app, ["studio", str(tmp_path), "--no-browser", "--port", str(port)])
    assert taken.exit_code == 2 and f"port {port} is in use" in taken.output
    bad_port = runner.invoke(app, ["studio", str(tmp_path), "--port", "70000"])
    assert bad_port.exit_code == 2


def test_studio_is_listed_in_the_help():
    result = runner.invoke(app, ["--help"])
    assert "studio" in result.output
