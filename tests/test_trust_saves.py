"""Saves are atomic for readers too (issue 31, item 8).

At every moment a saved file's name holds its old content or its new one: a
reader in another process, or the studio's own open, never finds it missing
or half written, and a save killed at any moment leaves one of the two (its
temporary file is tidied by the next save). The studio's compare-and-swap
stays: a file changed on disk since it was opened is never overwritten.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pachaprint.fileio import atomic_write_text, exchange, move_without_replacing
from pachaprint.web import workspace as workspace_module
from pachaprint.web.workspace import Workspace, WorkspaceConflict, WorkspaceError
from tests.helpers import REPO

SAVES = 300


def version(number: int) -> str:
    """A file whose every version is whole JSON of a different length."""
    return json.dumps({"version": number, "padding": "x" * (number % 97) * 40}) + "\n"


READER = """
import json, sys, time
path, stop = sys.argv[1], sys.argv[2]
reads = missing = broken = 0
import os
while not os.path.exists(stop):
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        missing += 1
        continue
    reads += 1
    try:
        json.loads(data)["version"]
    except (ValueError, KeyError, TypeError):
        broken += 1
print(json.dumps({"reads": reads, "missing": missing, "broken": broken}))
"""


def racing_saves(folder: Path) -> dict[str, int]:
    """SAVES compare-and-swap saves of one file while another process and the studio's own
    open read it as fast as they can; what the readers met."""
    space = Workspace.open(folder)
    path = folder / "disc.json"
    path.write_text(version(0))
    stop = folder.parent / "stop"
    reader = subprocess.Popen(
        [sys.executable, "-c", READER, str(path), str(stop)], stdout=subprocess.PIPE, text=True
    )
    own = {"opens": 0, "not found": 0}
    done = threading.Event()

    def studio_opens() -> None:
        while not done.is_set():
            try:
                json.loads(space.read("disc.json"))
                own["opens"] += 1
            except WorkspaceError:
                own["not found"] += 1

    opener = threading.Thread(target=studio_opens)
    opener.start()
    time.sleep(0.2)  # the reader is reading
    try:
        for number in range(1, SAVES + 1):
            with space.locked():
                space.replace("disc.json", version(number), expected=version(number - 1).encode())
    finally:
        done.set()
        opener.join()
        stop.write_text("")
        seen = json.loads(reader.communicate(timeout=60)[0])
    assert path.read_text() == version(SAVES)
    assert sorted(p.name for p in folder.iterdir()) == ["disc.json"]  # nothing left beside it
    return {**seen, **own}


def test_a_reader_always_finds_the_old_or_the_new_file(tmp_path):
    folder = tmp_path / "discs"
    folder.mkdir()
    seen = racing_saves(folder)
    assert seen["reads"] > 0 and seen["opens"] > 0
    assert (seen["missing"], seen["broken"], seen["not found"]) == (0, 0, 0), seen


def test_where_no_exchange_is_possible_the_file_is_replaced_in_one_step(tmp_path, monkeypatch):
    monkeypatch.setattr(workspace_module, "exchange", lambda first, second: False)
    folder = tmp_path / "discs"
    folder.mkdir()
    seen = racing_saves(folder)
    assert (seen["missing"], seen["broken"], seen["not found"]) == (0, 0, 0), seen


@pytest.mark.parametrize("can_exchange", [True, False])
def test_a_file_changed_on_disk_is_never_overwritten(tmp_path, monkeypatch, can_exchange):
    if not can_exchange:
        monkeypatch.setattr(workspace_module, "exchange", lambda first, second: False)
    space = Workspace.open(tmp_path)
    path = tmp_path / "disc.json"
    path.write_text("theirs")
    os.chmod(path, 0o640)
    with space.locked(), pytest.raises(WorkspaceConflict, match=r"disc\.json changed on disk"):
        space.replace("disc.json", "mine", expected=b"what I opened")
    assert path.read_text() == "theirs"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["disc.json"]
    with space.locked():
        space.replace("disc.json", "mine", expected=b"theirs")
    assert path.read_text() == "mine" and oct(os.stat(path).st_mode & 0o777) == "0o640"
    path.unlink()
    with space.locked(), pytest.raises(WorkspaceConflict, match=r"disc\.json was removed"):
        space.replace("disc.json", "mine", expected=b"theirs")
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_an_editor_saving_in_the_instant_before_the_exchange_keeps_its_version(
    tmp_path, monkeypatch
):
    space = Workspace.open(tmp_path)
    path = tmp_path / "disc.json"
    path.write_text("opened")

    def editor_first(first: Path, second: Path) -> bool:
        if monkeypatch_state["calls"] == 0:
            editor = tmp_path / "editor.tmp"
            editor.write_text("the editor's")
            os.replace(editor, path)  # as editors save: a new file renamed over the name
        monkeypatch_state["calls"] += 1
        return exchange(first, second)

    monkeypatch_state = {"calls": 0}
    monkeypatch.setattr(workspace_module, "exchange", editor_first)
    with space.locked(), pytest.raises(WorkspaceConflict, match=r"disc\.json changed on disk"):
        space.replace("disc.json", "mine", expected=b"opened")
    assert monkeypatch_state["calls"] == 2  # exchanged, found theirs, exchanged back
    assert path.read_text() == "the editor's"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["disc.json"]


@pytest.mark.parametrize("one_step", [True, False])
def test_rename_moves_in_one_step_and_never_replaces(tmp_path, monkeypatch, one_step):
    if not one_step:
        monkeypatch.setattr(workspace_module, "move_without_replacing", lambda a, b: False)
    space = Workspace.open(tmp_path)
    (tmp_path / "a.json").write_text("a")
    (tmp_path / "b.json").write_text("b")
    with space.locked(), pytest.raises(WorkspaceConflict, match=r"b\.json exists already"):
        space.rename("a.json", "b.json", expected=b"a")
    with space.locked(), pytest.raises(WorkspaceConflict, match=r"a\.json changed on disk"):
        space.rename("a.json", "c.json", expected=b"not a")
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == {"a.json": "a", "b.json": "b"}
    with space.locked():
        space.rename("a.json", "c.json", expected=b"a")
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == {"b.json": "b", "c.json": "a"}


def test_the_system_calls_do_what_they_say(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    first.write_text("1")
    second.write_text("2")
    if not exchange(first, second):
        pytest.skip("this file system cannot exchange two names")  # (Linux's can)
    assert (first.read_text(), second.read_text()) == ("2", "1")
    with pytest.raises(FileExistsError):
        move_without_replacing(first, second)
    assert move_without_replacing(first, tmp_path / "third")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["second", "third"]
    with pytest.raises(FileNotFoundError):
        exchange(first, second)


# -- a save killed at any moment ------------------------------------------------------------------
STUDIO_SAVER = """
import json, sys
from pathlib import Path
from pachaprint.web.workspace import Workspace
folder, start = Path(sys.argv[1]), int(sys.argv[2])
space = Workspace.open(folder)
number = start
def version(n):
    return json.dumps({"version": n, "padding": "x" * (n % 97) * 40}) + "\\n"
print("saving", flush=True)
while True:
    with space.locked():
        old = (folder / "disc.json").read_bytes()
        now = json.loads(old)["version"]
        space.replace("disc.json", version(now + 1), expected=old)
"""

FILEIO_SAVER = """
import json, sys
from pathlib import Path
from pachaprint.fileio import atomic_write_text
path = Path(sys.argv[1])
n = 0
print("saving", flush=True)
while True:
    n += 1
    atomic_write_text(path, json.dumps({"version": n, "padding": "x" * (n % 97) * 40}) + "\\n")
"""

KILLS = 30


@pytest.mark.slow
@pytest.mark.parametrize("saver", [STUDIO_SAVER, FILEIO_SAVER], ids=["studio", "fileio"])
def test_a_save_killed_at_any_moment_leaves_the_old_or_the_new_file(tmp_path, saver):
    folder = tmp_path / "discs"
    folder.mkdir()
    path = folder / "disc.json"
    path.write_text(version(0))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    lost = []
    for kill in range(KILLS):
        before = json.loads(path.read_text())["version"]
        target = folder if saver is STUDIO_SAVER else path
        saving = subprocess.Popen(
            [sys.executable, "-c", saver, str(target), "0"], env=env, stdout=subprocess.PIPE
        )
        assert saving.stdout is not None and saving.stdout.readline() == b"saving\n"
        time.sleep((kill % 10) * 0.013)  # (its saves begin: a different moment each time)
        os.kill(saving.pid, signal.SIGKILL)
        saving.wait(10)
        try:
            now = json.loads(path.read_text())["version"]
        except (OSError, ValueError, KeyError) as error:
            lost.append((kill, repr(error)))
            continue
        if saver is STUDIO_SAVER and now < before:
            lost.append((kill, f"went back from {before} to {now}"))
    assert lost == []
    assert json.loads(path.read_text())["version"] > 0  # the saves did run
    # The next save tidies what the killed ones left.
    if saver is STUDIO_SAVER:
        space = Workspace.open(folder)
        with space.locked():
            space.replace("disc.json", version(1), expected=path.read_bytes())
    else:
        atomic_write_text(path, version(1))
    assert sorted(p.name for p in folder.iterdir()) == ["disc.json"]


def test_a_write_tidies_the_temporary_files_of_killed_writes_only(tmp_path):
    path = tmp_path / "disc.json"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".disc.json.pachaprint-{dead.pid}-abcd_123.tmp"
    live = tmp_path / f".disc.json.pachaprint-{os.getppid()}-abcd_123.tmp"
    mine = [
        tmp_path / ".disc.json.tmp",
        tmp_path / f".other.json.pachaprint-{dead.pid}-abcd_123.tmp",
    ]
    for leftover in [stale, live, *mine]:
        leftover.write_text("x")
    atomic_write_text(path, "new")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["disc.json", live.name, *(p.name for p in mine)]
    )
