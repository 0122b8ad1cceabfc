"""``pachaprint studio`` as a user runs it: the address with its token, the door, Ctrl-C."""

from __future__ import annotations

import json
import socket

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from tests.helpers import example
from tests.served import served

runner = CliRunner()


@pytest.mark.slow
def test_studio_prints_its_address_guards_it_and_stops_cleanly_on_ctrl_c(tmp_path):
    (tmp_path / "lake-shore.json").write_text(json.dumps(example("lake-shore")))
    with served("studio", str(tmp_path), "--no-browser", "--port", "0") as studio:
        assert studio.address.startswith("http://127.0.0.1:")
        assert len(studio.token) >= 40
        stranger = studio.client(token=False)
        assert stranger.get("/").status_code == 403
        assert stranger.get("/api/library").status_code == 403
        page = stranger.get(f"/?token={studio.token}")
        assert page.status_code == 200 and 'id="save"' in page.text
        library = studio.client().get("/api/library").json()
        assert [e["file"] for e in library["scenarios"]] == ["lake-shore.json"]
        with socket.create_connection(("127.0.0.1", studio.port)) as sock:
            assert sock.getpeername()[0] == "127.0.0.1"
    assert studio.returncode == 0, studio.err
    assert "stopped" in studio.out
    assert "Traceback" not in studio.err and "Traceback" not in studio.out


@pytest.mark.slow
def test_the_server_listens_on_loopback_only(tmp_path):
    with served("studio", str(tmp_path / "new.json"), "--no-browser", "--port", "0") as studio:
        outside = _outside_address()
        if outside is not None:
            with pytest.raises(OSError):
                socket.create_connection((outside, studio.port), timeout=2).close()
    assert studio.returncode == 0


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
