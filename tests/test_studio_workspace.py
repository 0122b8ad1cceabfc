"""The studio's workspace: which names a request may use, and nothing outside the folder."""

from __future__ import annotations

import json
import os

import pytest

from pachaprint.web.workspace import Workspace, WorkspaceConflict, WorkspaceError
from tests.helpers import example


@pytest.fixture
def folder(tmp_path):
    """A studio folder with one scenario, and a secret file beside it."""
    inside = tmp_path / "discs"
    inside.mkdir()
    (inside / "lake-shore.json").write_text(json.dumps(example("lake-shore")))
    (tmp_path / "secret.json").write_text('{"secret": true}')
    return inside


@pytest.mark.parametrize(
    "name",
    [
        "../secret.json",
        "..%2fsecret.json",
        "/etc/passwd",
        "/tmp/x.json",
        "sub/x.json",
        "sub\\x.json",
        ".hidden.json",
        "..json",
        "x.json\x00.txt",
        "line\nbreak.json",
        "notes.txt",
        "",
        "x.JSON",
    ],
)
def test_names_that_leave_the_folder_or_are_not_scenario_files_are_refused(folder, name):
    workspace = Workspace.open(folder)
    with pytest.raises(WorkspaceError) as refused:
        workspace.path_of(name)
    assert refused.value.status == 403


def test_non_string_names_are_refused(folder):
    workspace = Workspace.open(folder)
    for name in (None, 3, ["a.json"], {"file": "a.json"}):
        with pytest.raises(WorkspaceError):
            workspace.path_of(name)


def test_a_link_to_a_file_outside_is_neither_listed_nor_read_nor_written(folder):
    link = folder / "escape.json"
    link.symlink_to(folder.parent / "secret.json")
    workspace = Workspace.open(folder)
    assert workspace.names() == ["lake-shore.json"]
    with pytest.raises(WorkspaceError, match="symbolic link"):
        workspace.read("escape.json")
    for write in (
        lambda: workspace.create("escape.json", "{}"),
        lambda: workspace.replace("escape.json", "{}", expected=b""),
    ):
        with pytest.raises(WorkspaceError, match="symbolic link"):
            write()
    assert json.loads((folder.parent / "secret.json").read_text()) == {"secret": True}
    assert link.is_symlink()


def test_a_link_to_a_folder_and_a_fifo_are_refused(folder):
    (folder / "dir.json").symlink_to(folder.parent)
    os.mkfifo(folder / "pipe.json")
    workspace = Workspace.open(folder)
    assert workspace.names() == ["lake-shore.json"]
    for name in ("dir.json", "pipe.json"):
        with pytest.raises(WorkspaceError):
            workspace.read(name)


def test_a_subfolder_named_like_a_scenario_is_not_a_scenario(folder):
    (folder / "old.json").mkdir()
    workspace = Workspace.open(folder)
    assert workspace.names() == ["lake-shore.json"]
    with pytest.raises(WorkspaceError, match="not a regular file"):
        workspace.read("old.json")


def test_file_mode_allows_its_one_file_only(folder):
    workspace = Workspace.open(folder / "lake-shore.json")
    assert workspace.mode == "file"
    assert workspace.names() == ["lake-shore.json"]
    assert workspace.read("lake-shore.json").startswith(b"{")
    (folder / "other.json").write_text("{}")
    with pytest.raises(WorkspaceError, match=r"lake-shore\.json only"):
        workspace.read("other.json")


def test_file_mode_on_a_new_file_and_bad_paths(tmp_path):
    workspace = Workspace.open(tmp_path / "new-disc.json")
    assert workspace.single == "new-disc.json"
    assert not workspace.exists("new-disc.json")
    with pytest.raises(WorkspaceError, match="no such folder"):
        Workspace.open(tmp_path / "missing" / "x.json")
    with pytest.raises(WorkspaceError, match=r"ends in \.json"):
        Workspace.open(tmp_path / "notes.txt")


def test_a_linked_folder_is_served_from_where_it_really_is(folder, tmp_path):
    alias = tmp_path / "alias"
    alias.symlink_to(folder)
    workspace = Workspace.open(alias)
    assert workspace.root == folder.resolve()
    assert workspace.names() == ["lake-shore.json"]


def test_writes_are_atomic_and_stay_in_the_folder(folder):
    workspace = Workspace.open(folder)
    with workspace.locked():
        path = workspace.create("fresh.json", '{"a": 1}\n')
        assert path == folder / "fresh.json"
        assert path.read_text() == '{"a": 1}\n'
        path.chmod(0o600)
        workspace.replace("fresh.json", '{"a": 2}\n', expected=b'{"a": 1}\n')
    assert path.read_text() == '{"a": 2}\n' and path.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in folder.iterdir()) == ["fresh.json", "lake-shore.json"]


def test_a_rename_never_replaces_a_file_nor_moves_one_that_changed(folder):
    workspace = Workspace.open(folder)
    shore = folder / "lake-shore.json"
    opened = shore.read_bytes()
    (folder / "taken.json").write_text("theirs")
    with workspace.locked():
        with pytest.raises(WorkspaceConflict, match=r"taken\.json exists already"):
            workspace.rename("lake-shore.json", "taken.json", expected=opened)
        with pytest.raises(WorkspaceConflict, match="changed on disk"):
            workspace.rename("lake-shore.json", "fresh.json", expected=b"what was opened")
        with pytest.raises(WorkspaceConflict, match="was removed"):
            workspace.rename("gone.json", "fresh.json", expected=opened)
        assert shore.read_bytes() == opened and (folder / "taken.json").read_text() == "theirs"
        assert sorted(p.name for p in folder.iterdir()) == ["lake-shore.json", "taken.json"]
        assert workspace.rename("lake-shore.json", "fresh.json", expected=opened) == (
            folder / "fresh.json"
        )
    assert sorted(p.name for p in folder.iterdir()) == ["fresh.json", "taken.json"]
    assert (folder / "fresh.json").read_bytes() == opened


def test_a_killed_save_is_tidied_up_and_its_file_put_back(folder):
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    dead = child.pid
    (folder / f".pachaprint-save-{dead}-{'a' * 16}.tmp").write_text("half")
    (folder / f".pachaprint-aside-{dead}-{'b' * 16}-moved.json").write_text("moved")
    (folder / f".pachaprint-aside-{dead}-{'c' * 16}-lake-shore.json").write_text("older")
    (folder / f".pachaprint-save-{os.getpid()}-{'d' * 16}.tmp").write_text("live")
    (folder / ".mine.tmp").write_text("mine")
    with Workspace.open(folder).locked():
        pass
    assert sorted(p.name for p in folder.iterdir()) == [
        ".mine.tmp",
        f".pachaprint-aside-{dead}-{'c' * 16}-lake-shore.json",  # the name is taken: kept
        f".pachaprint-save-{os.getpid()}-{'d' * 16}.tmp",  # a live process's
        "lake-shore.json",
        "moved.json",
    ]
    assert (folder / "moved.json").read_text() == "moved"


def test_fresh_ids_avoid_ids_and_file_names_in_use(folder):
    workspace = Workspace.open(folder)
    assert workspace.fresh_id("lake-shore") == "lake-shore-2"
    (folder / "renamed.json").write_text(
        json.dumps({**example("lake-shore"), "id": "lake-shore-2"})
    )
    assert workspace.fresh_id("lake-shore") == "lake-shore-3"
    assert workspace.fresh_id("new-disc") == "new-disc"
    long_base = "x" * 40
    (folder / f"{long_base}.json").write_text("{}")
    fresh = workspace.fresh_id(long_base)
    assert fresh == "x" * 38 + "-2" and len(fresh) == 40
