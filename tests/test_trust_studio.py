"""The studio never loses an edit and never answers 500 (issue 22).

Saves are compare-and-swap under the folder's lock: the file a save replaces
is moved aside in one step and compared with the version the author opened;
a file that changed, or that appears meanwhile, stays and the save is a 409.
A create never replaces a file. A scenario field of the wrong JSON type is a
400 naming the field, on every endpoint that takes a scenario.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from pathlib import Path

import pytest

from pachaprint.studio import documents
from pachaprint.studio.documents import FileRefused, digest
from pachaprint.studio.server import BackgroundStudio
from pachaprint.web.workspace import Workspace, WorkspaceError
from tests.helpers import example, example_folder
from tests.studio_http import Client

SCENARIO_ENDPOINTS = ["check", "explain", "preview", "wheel", "print", "save", "share"]
BAD_SHAPES = [
    ("size", ["tiny"], "/scenario/size", "size must be text (tiny or long), not a list"),
    ("size", {"a": 1}, "/scenario/size", "size must be text (tiny or long), not an object"),
    ("size", 5, "/scenario/size", "size must be text (tiny or long), not a number"),
    ("terrain", {"a": 1}, "/scenario/terrain", "terrain must be a list of row strings"),
    ("terrain", ["VVFFF", 3], "/scenario/terrain/1", "terrain/1 must be text, not a number"),
    ("crops", "12142", "/scenario/crops", "crops must be a list of row strings"),
    ("start", "c3", "/scenario/start", "start must be a list of cell names"),
    ("start", [["c3"]], "/scenario/start/0", "start/0 must be text, not a list"),
    ("solo", ["a1"], "/scenario/solo", 'solo must be an object {"otoma": [cell names]}'),
    ("solo", {"otoma": "a1"}, "/scenario/solo/otoma", "solo/otoma must be a list of cell names"),
    ("name", ["x"], "/scenario/name", "name must be text, not a list"),
    ("id", 7, "/scenario/id", "id must be text, not a number"),
    ("format", None, "/scenario/format", "format must be text, not null"),
]


@pytest.fixture
def folder(tmp_path):
    return example_folder(tmp_path, ("lake-shore",))


@pytest.fixture
def client(folder):
    with BackgroundStudio(Workspace.open(folder)) as running:
        yield Client(running.port, {"X-Pachaprint-Token": running.token})


# -- shapes ------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize(("key", "value", "pointer", "message"), BAD_SHAPES)
def test_a_field_of_the_wrong_type_is_a_400_naming_it_on_every_endpoint(
    client, folder, key, value, pointer, message
):
    scenario = {**example("lake-shore"), key: value}
    before = (folder / "lake-shore.json").read_bytes()
    for endpoint in SCENARIO_ENDPOINTS:
        body = {"scenario": scenario, "file": "lake-shore.json", "hash": digest(before)}
        answer = client.post(f"/api/{endpoint}", json={**body, "paper": "a4"})
        assert answer.status_code == 400, (endpoint, answer.text)
        assert answer.json()["field"] == pointer
        assert answer.json()["error"] == f"scenario/{message}", endpoint
    assert (folder / "lake-shore.json").read_bytes() == before
    (folder / "odd.json").write_text(json.dumps(scenario), encoding="utf-8")
    opened = client.get("/api/open", params={"file": "odd.json"})
    assert opened.status_code == 422, opened.text  # the request is fine; the file is not
    problem = opened.json()["problems"][0]
    assert problem["message"] == message and problem["pointer"] == pointer[len("/scenario") :]


def test_a_scenario_that_is_not_an_object_is_a_400(client):
    for scenario in (None, 3, "text", [], [1]):
        answer = client.post("/api/check", json={"scenario": scenario})
        assert answer.status_code == 400
        assert answer.json() | {"problems": []} == {
            "error": "scenario must be a JSON object (a scenario mapping)",
            "field": "/scenario",
            "problems": [],
        }


# -- names ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["pwn.json\n", "a.json\n\n", "x.json\r"])
def test_a_file_name_with_a_trailing_line_break_is_refused(folder, name):
    workspace = Workspace.open(folder)
    with pytest.raises(WorkspaceError) as refused:
        workspace.path_of(name)
    assert refused.value.status == 403
    data = example("lake-shore")
    with pytest.raises(WorkspaceError):
        documents.save(workspace, name, data, None, create=True)
    assert sorted(p.name for p in folder.iterdir()) == ["lake-shore.json"]


def test_save_over_http_with_a_trailing_newline_in_the_name_is_refused(client, folder):
    body = {"file": "pwn.json\n", "scenario": example("lake-shore"), "hash": None, "create": True}
    assert client.post("/api/save", json=body).status_code == 403
    assert sorted(p.name for p in folder.iterdir()) == ["lake-shore.json"]


# -- races ------------------------------------------------------------------------------------
def external_edit(path: Path, text: str) -> None:
    """What an editor does: write a temporary file beside it, then rename it over the file."""
    temp = path.with_name(f".{path.name}.{threading.get_ident()}.swp")
    temp.write_text(text, encoding="utf-8")
    os.replace(temp, path)


@pytest.mark.slow
def test_a_save_racing_an_external_edit_never_loses_it(folder):
    workspace = Workspace.open(folder)
    path = folder / "lake-shore.json"
    rng = random.Random(22)
    lost = conflicts = saved = 0
    trials = 300
    for _warm_up in range(2):
        began = time.perf_counter()
        documents.save(
            workspace, "lake-shore.json", example("lake-shore"), digest(path.read_bytes())
        )
    spread = 2 * (time.perf_counter() - began)  # edits land before, during and after a save
    for trial in range(trials):
        base = json.dumps({**example("lake-shore"), "notes": f"base {trial}"}, indent=2) + "\n"
        path.write_text(base, encoding="utf-8")
        theirs = base.replace(f"base {trial}", f"theirs {trial}")
        mine = {**example("lake-shore"), "notes": f"mine {trial}"}
        editor = threading.Timer(rng.uniform(0, spread), external_edit, (path, theirs))
        editor.start()
        try:
            documents.save(workspace, "lake-shore.json", mine, digest(base.encode()))
            saved += 1
        except FileRefused as refused:
            assert refused.status == 409
            conflicts += 1
        editor.join()
        final = path.read_text(encoding="utf-8")
        assert f"theirs {trial}" in final or f"mine {trial}" in final
        if f"mine {trial}" in final:  # ours is the last word: theirs must have come first...
            lost += 1  # ...and then the save had to refuse: it did not, so theirs is lost
    print(f"\n{lost} of {trials} external edits lost ({saved} saved, {conflicts} answered 409)")
    assert lost == 0, f"{lost} of {trials} external edits lost ({saved} saved, {conflicts} 409)"
    assert saved and conflicts  # both outcomes happened: the race was really run
    assert sorted(p.name for p in folder.iterdir()) == ["lake-shore.json"]


@pytest.mark.slow
def test_saves_from_many_threads_against_external_edits_lose_nothing(folder):
    """Four authors save in a loop while an editor rewrites the file (until each side has
    done it 12 times): every 200 replaced the exact version its author saw, so the saved
    versions and the edits form one history."""
    workspace = Workspace.open(folder)
    path = folder / "lake-shore.json"
    path.write_text(json.dumps({**example("lake-shore"), "notes": "v0"}) + "\n")
    history: list[str] = []
    lock = threading.Lock()
    # run until the race has really been run (counted, not timed: a busy machine only
    # makes it slower); the deadline only guards against a hang
    wanted = 12
    deadline = time.monotonic() + 120

    def running() -> bool:
        with lock:
            saves = sum(" -> " in line for line in history)
            edits = len(history) - saves
        return (saves < wanted or edits < wanted) and time.monotonic() < deadline

    def author(number: int) -> None:
        count = 0
        while running():
            try:
                raw = path.read_bytes()
            except FileNotFoundError:  # another save is swapping the file: read again
                continue
            count += 1
            notes = f"author {number} save {count}"
            try:
                documents.save(
                    workspace,
                    "lake-shore.json",
                    {**example("lake-shore"), "notes": notes},
                    digest(raw),
                )
            except FileRefused as refused:
                assert refused.status == 409
                continue
            with lock:
                history.append(f"{json.loads(raw)['notes']} -> {notes}")

    def editor() -> None:
        count = 0
        while running():
            count += 1
            try:
                raw = path.read_bytes()
            except FileNotFoundError:  # a save is swapping the file (microseconds): read again
                continue
            notes = f"editor {count}"
            data = json.loads(raw)
            external_edit(path, json.dumps({**data, "notes": notes}) + "\n")
            with lock:
                history.append(f"{data['notes']} ~> {notes}")
            time.sleep(0.001)

    threads = [threading.Thread(target=author, args=(n,)) for n in range(4)]
    threads.append(threading.Thread(target=editor))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # Every studio save replaced what its author read; so no two saves replaced the same version.
    replaced = [line.split(" -> ")[0] for line in history if " -> " in line]
    assert len(replaced) == len(set(replaced)), "two saves replaced one version"
    edits = [line.split(" ~> ")[1] for line in history if " ~> " in line]
    assert len(replaced) >= wanted and len(edits) >= wanted
    print(f"\n{len(replaced)} saves and {len(edits)} external edits, no version replaced twice")


def test_two_creators_of_one_new_file_one_wins_the_other_is_told(folder):
    rng = random.Random(7)
    trials = 100
    both_told_saved = 0
    for trial in range(trials):
        name = f"new-{trial}.json"
        results: dict[str, str] = {}

        def create(who: str, trial: int = trial, results: dict[str, str] = results) -> None:
            time.sleep(rng.uniform(0, 0.001))
            workspace = Workspace.open(folder)  # two studios: two workspaces
            data = {**example("lake-shore"), "id": f"new-{trial}", "notes": who}
            try:
                documents.save(workspace, f"new-{trial}.json", data, None, create=True)
                results[who] = "saved"
            except FileRefused as refused:
                assert refused.status == 409 and "exists already" in str(refused)
                results[who] = "refused"

        threads = [threading.Thread(target=create, args=(who,)) for who in ("ana", "ben")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        winners = [who for who, result in results.items() if result == "saved"]
        both_told_saved += len(winners) == 2
        assert len(winners) == 1, results
        assert json.loads((folder / name).read_text())["notes"] == winners[0]
    print(f"\n{both_told_saved} of {trials} races: both creators told their file was saved")
    assert both_told_saved == 0
    assert not [p.name for p in folder.iterdir() if p.name.startswith(".")]


def test_a_create_never_replaces_a_file_that_appeared_meanwhile(folder, monkeypatch):
    workspace = Workspace.open(folder)
    real_exists = Workspace.exists
    planted = folder / "fresh.json"

    def appears(self: Workspace, name: str) -> bool:  # checked: absent; then someone writes it
        answer = real_exists(self, name)
        planted.write_text("their file\n")
        return answer

    monkeypatch.setattr(Workspace, "exists", appears)
    data = {**example("lake-shore"), "id": "fresh"}
    with pytest.raises(FileRefused) as refused:
        documents.save(workspace, "fresh.json", data, None, create=True)
    assert refused.value.status == 409
    assert planted.read_text() == "their file\n"


def test_a_lost_race_is_a_409_that_says_the_text_is_kept(client, folder):
    opened = client.get("/api/open", params={"file": "lake-shore.json"}).json()
    external_edit(folder / "lake-shore.json", json.dumps(example("lake-shore")) + "\n ")
    mine = {**opened["scenario"], "notes": "mine"}
    answer = client.post(
        "/api/save", json={"file": "lake-shore.json", "scenario": mine, "hash": opened["hash"]}
    )
    assert answer.status_code == 409
    assert answer.json()["error"] == (
        "not saved: lake-shore.json changed on disk since it was opened; your edits are still "
        "here: reopen the file to see the other version, or save again to overwrite it"
    )
    assert "mine" not in (folder / "lake-shore.json").read_text()


def test_saves_work_on_a_drive_without_hard_links(folder, monkeypatch):
    import errno

    def no_links(*args, **kwargs):
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    workspace = Workspace.open(folder)
    data = {**example("lake-shore"), "id": "fresh"}
    documents.save(workspace, "fresh.json", data, None, create=True)
    with pytest.raises(FileRefused) as refused:
        documents.save(workspace, "fresh.json", data, None, create=True)
    assert refused.value.status == 409
    raw = (folder / "fresh.json").read_bytes()
    saved = documents.save(workspace, "fresh.json", {**data, "notes": "two"}, digest(raw))
    assert json.loads((folder / "fresh.json").read_text())["notes"] == "two"
    with pytest.raises(FileRefused):  # the old fingerprint no longer matches
        documents.save(workspace, "fresh.json", {**data, "notes": "three"}, digest(raw))
    assert digest((folder / "fresh.json").read_bytes()) == saved["hash"]
    assert sorted(p.name for p in folder.iterdir()) == ["fresh.json", "lake-shore.json"]
