"""The studio's HTTP API (Starlette test client): the door, the answers, saving, and files outside the folder."""

from __future__ import annotations

import json
import re

import pytest

from pachaprint.studio.app import BODY_LIMIT
from pachaprint.studio.documents import digest
from pachaprint.studio.server import BackgroundStudio
from pachaprint.web.workspace import Workspace
from tests.helpers import LAKE_CROPS, REPO, example, example_folder
from tests.studio_http import Client

HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script>'


@pytest.fixture
def folder(tmp_path):
    inside = example_folder(tmp_path)
    (inside / "broken.json").write_text('{"id": ')
    (tmp_path / "secret.json").write_text('{"secret": true}\n')
    return inside


@pytest.fixture
def studio(folder):
    """The studio on the folder, served by uvicorn from a thread on a free port."""
    with BackgroundStudio(Workspace.open(folder)) as running:
        yield running


@pytest.fixture
def client(studio):
    return Client(studio.port, {"X-Pachaprint-Token": studio.token})


@pytest.fixture
def stranger(studio):
    """A client without the token."""
    return Client(studio.port)


@pytest.fixture(scope="module")
def door(tmp_path_factory):
    """One studio for the tests that only knock at its door or ask for a verdict: they change
    nothing, so they share it (a studio takes about 0.2 s to stop)."""
    inside = example_folder(tmp_path_factory.mktemp("door"))
    (inside.parent / "secret.json").write_text('{"secret": true}\n')
    with BackgroundStudio(Workspace.open(inside)) as running:
        yield running


@pytest.fixture
def door_client(door):
    return Client(door.port, {"X-Pachaprint-Token": door.token})


ROUTES = [
    ("GET", "/"),
    ("GET", "/static/studio.js"),
    ("GET", "/static/palette.css"),
    ("GET", "/api/session"),
    ("GET", "/api/library"),
    ("GET", "/api/open?file=lake-shore.json"),
    ("POST", "/api/check"),
    ("POST", "/api/explain"),
    ("POST", "/api/generate"),
    ("POST", "/api/new"),
    ("POST", "/api/preview"),
    ("POST", "/api/print"),
    ("POST", "/api/wheel"),
    ("POST", "/api/save"),
    ("POST", "/api/rename"),
    ("GET", "/no-such-page"),
]


# -- the door ------------------------------------------------------------------------------
@pytest.mark.parametrize(("method", "path"), ROUTES)
def test_every_request_without_the_right_token_is_refused(door, method, path):
    stranger = Client(door.port)
    body = {"scenario": example("lake-shore"), "file": "lake-shore.json", "size": "tiny"}
    for extra in ({}, {"X-Pachaprint-Token": "wrong"}, {"X-Pachaprint-Token": door.token[:-1]}):
        answer = stranger.request(
            method, path, json=body if method == "POST" else None, headers=extra
        )
        assert answer.status_code == 403, (path, extra)
        assert "session token" in answer.text
        assert answer.headers["content-security-policy"].startswith("default-src 'none'")
    wrong_query = stranger.request(method, path + ("&" if "?" in path else "?") + "token=nope")
    assert wrong_query.status_code == 403


def test_the_token_works_in_the_query_or_the_header(studio, stranger):
    token = studio.token
    assert stranger.get(f"/api/session?token={token}").status_code == 200
    assert stranger.get("/api/session", headers={"X-Pachaprint-Token": token}).status_code == 200
    assert stranger.get(f"/api/session?token={token}&token={token}").status_code == 403


@pytest.mark.parametrize(
    "host",
    [
        "evil.example",
        "evil.example:{port}",
        "127.0.0.1",
        "127.0.0.1:9",
        "",
        "127.0.0.1:{port}.evil.example",
    ],
)
def test_a_foreign_host_header_is_refused_dns_rebinding(door_client, host):
    answer = door_client.get("/api/session", headers={"Host": host.format(port=door_client.port)})
    assert answer.status_code == 403
    assert "own address" in answer.text


def test_localhost_is_the_studio_too(client):
    assert (
        client.get("/api/session", headers={"Host": f"localhost:{client.port}"}).status_code == 200
    )


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "null", "http://127.0.0.1:9", "https://127.0.0.1:{port}"]
)
def test_requests_from_other_origins_are_refused(door_client, origin):
    body = {"scenario": example("lake-shore")}
    answer = door_client.post(
        "/api/check", json=body, headers={"Origin": origin.format(port=door_client.port)}
    )
    assert answer.status_code == 403
    own = door_client.post("/api/check", json=body, headers={"Origin": door_client.base})
    assert own.status_code == 200


def test_cross_site_fetches_are_refused_but_opening_the_address_is_not(client):
    cross = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty"}
    assert client.get("/api/library", headers=cross).status_code == 403
    navigate = {
        "Sec-Fetch-Site": "cross-site",
        "Sec-Fetch-Mode": "navigate",
        "Sec-Fetch-Dest": "document",
    }
    assert client.get("/", headers=navigate).status_code == 200
    assert client.get("/api/library", headers=navigate).status_code == 403


def test_state_changes_are_post_only(client):
    assert client.get("/api/save").status_code == 405
    assert client.get("/api/check").status_code == 405
    assert client.request("PUT", "/api/save", json={}).status_code == 405
    assert client.request("DELETE", "/api/open?file=lake-shore.json").status_code == 405


def test_every_answer_carries_the_security_headers(client):
    for answer in (client.get("/"), client.get("/api/session"), client.get("/static/studio.css")):
        headers = answer.headers
        assert "script-src 'self'" in headers["content-security-policy"]
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["cache-control"] == "no-store"
        assert headers["referrer-policy"] == "no-referrer"
        assert "access-control-allow-origin" not in headers


# -- the page and its assets ------------------------------------------------------------------
def test_the_page_loads_everything_from_the_studio_with_the_token(studio, client):
    page = client.get("/").text
    token = studio.token
    assert f'<meta name="studio-token" content="{token}">' in page
    sources = re.findall(r'(?:src|href)="([^"#]+)"', page)
    assert sources, "the page loads its scripts and styles"
    for source in sources:
        assert source == "data:," or (
            source.startswith("/static/") and source.endswith(f"?token={token}")
        )
        if source.startswith("/static/"):
            assert client.get(source).status_code == 200
    assert "<script>" not in page and "style=" not in page, (
        "the CSP allows no inline script or style"
    )
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", page), (
        "no network beyond the studio"
    )
    for required in ('id="save"', 'id="grid"', 'id="problems"', 'id="sym-terrain-V"'):
        assert required in page


def test_assets_have_their_types_and_nothing_else_is_served(client):
    assert client.get("/static/studio.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/studio.css").headers["content-type"].startswith("text/css")
    assert ".t-V" in client.get("/static/palette.css").text
    for name in (
        "studio.html",
        "app.py",
        "..%2fapp.py",
        "..%2F..%2Fpyproject.toml",
        "%2e%2e%2fapp.py",
    ):
        assert client.get(f"/static/{name}").status_code == 404, name


# -- reading ---------------------------------------------------------------------------------
def test_session_and_library(client, folder):
    session = client.get("/api/session").json()
    assert session["mode"] == "folder" and session["path"] == str(folder.resolve())
    entries = {e["file"]: e for e in client.get("/api/library").json()["scenarios"]}
    assert list(entries) == ["broken.json", "high-valley.json", "lake-shore.json"]
    assert (
        entries["lake-shore.json"]["valid"] and entries["lake-shore.json"]["difficulty"] == "medium"
    )
    assert entries["high-valley.json"]["size"] == "long"
    assert entries["broken.json"]["valid"] is False and entries["broken.json"]["rules"] == ["json"]


def test_open_gives_the_mapping_in_file_order_and_its_fingerprint(client, folder):
    opened = client.get("/api/open", params={"file": "lake-shore.json"}).json()
    assert list(opened["scenario"]) == list(example("lake-shore"))
    assert opened["hash"] == digest((folder / "lake-shore.json").read_bytes())
    broken = client.get("/api/open", params={"file": "broken.json"})
    assert broken.status_code == 422 and broken.json()["problems"][0]["rule"] == "json"
    assert client.get("/api/open", params={"file": "missing.json"}).status_code == 404


@pytest.mark.parametrize(
    "name",
    [
        "../secret.json",
        "..%2Fsecret.json",
        "%2e%2e/secret.json",
        "/etc/passwd",
        "discs/../../secret.json",
        "",
    ],
)
def test_open_never_reads_outside_the_folder(door_client, name):
    answer = door_client.get(f"/api/open?file={name}")
    assert answer.status_code == 403
    assert "secret" not in answer.text


def test_open_refuses_a_link_to_outside(client, folder):
    (folder / "link.json").symlink_to(folder.parent / "secret.json")
    answer = client.get("/api/open", params={"file": "link.json"})
    assert answer.status_code == 403 and "secret" not in answer.text


# -- the live check and the help ---------------------------------------------------------------
def test_check_answers_the_verdict_and_echoes_the_version(client):
    verdict = client.post(
        "/api/check", json={"scenario": example("lake-shore"), "version": 7}
    ).json()
    assert verdict["valid"] and verdict["solution"] == LAKE_CROPS and verdict["version"] == 7
    bad = example("lake-shore")
    bad["terrain"][0] = "VVVVV"
    verdict = client.post("/api/check", json={"scenario": bad, "box": "unlimited"}).json()
    assert ("region-size", ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "e2"]) in [
        (p["rule"], p["cells"]) for p in verdict["errors"]
    ]


@pytest.mark.parametrize("scenario", [{}, {"size": "huge"}, {"a": {"b": [None]}}])
def test_check_answers_any_json_object_of_the_right_types_with_a_verdict(door_client, scenario):
    answer = door_client.post("/api/check", json={"scenario": scenario})
    assert answer.status_code == 200
    assert answer.json()["errors"][0]["rule"] == "schema"


@pytest.mark.parametrize(
    ("scenario", "field"),
    [
        (None, "/scenario"),
        (3, "/scenario"),
        ("text", "/scenario"),
        ([], "/scenario"),
        ({"terrain": [1, 2]}, "/scenario/terrain/0"),
        ({"size": ["tiny"]}, "/scenario/size"),
    ],
)
def test_check_answers_a_malformed_scenario_with_400_naming_the_field(door_client, scenario, field):
    answer = door_client.post("/api/check", json={"scenario": scenario})
    assert answer.status_code == 400 and answer.json()["field"] == field


def test_request_bodies_are_checked(client):
    check = "/api/check"
    assert (
        client.post(check, content=b"{}", headers={"Content-Type": "text/plain"}).status_code == 415
    )
    assert (
        client.post(check, content=b"{", headers={"Content-Type": "application/json"}).status_code
        == 400
    )
    assert (
        client.post(check, content=b"[1]", headers={"Content-Type": "application/json"}).status_code
        == 400
    )
    dup = b'{"scenario": 1, "scenario": 2}'
    assert (
        client.post(check, content=dup, headers={"Content-Type": "application/json"}).status_code
        == 400
    )
    huge = b'{"scenario": "' + b"x" * BODY_LIMIT + b'"}'
    assert (
        client.post(check, content=huge, headers={"Content-Type": "application/json"}).status_code
        == 413
    )
    assert client.post(check, json={"scenario": {}, "box": "huge"}).status_code == 400


def test_explain_generate_and_new(client):
    steps = client.post("/api/explain", json={"scenario": example("lake-shore")}).json()
    assert steps["complete"] and steps["steps"][0]["text"]
    made = client.post("/api/generate", json={"size": "tiny", "difficulty": "easy"}).json()
    assert made["file"] == f"{made['scenario']['id']}.json"
    assert client.post("/api/check", json={"scenario": made["scenario"]}).json()["valid"]
    assert (
        client.post("/api/generate", json={"size": "tiny", "difficulty": "impossible"}).status_code
        == 400
    )
    blank = client.post("/api/new", json={"size": "long"}).json()
    assert blank["file"] == "new-disc.json" and blank["scenario"]["terrain"] == ["........."] * 5


# -- pictures ---------------------------------------------------------------------------------
def test_previews_print_and_wheel_of_a_valid_map_with_markup_in_its_name(client):
    data = example("lake-shore")
    data["name"] = HOSTILE[:60]
    svgs = client.post("/api/preview", json={"scenario": data}).json()["svgs"]
    assert sorted(svgs) == ["disc-back", "disc-front", "disc-front-volvelle45"]
    assert 'id="cell-c3"' in svgs["disc-front"] and 'id="slot-22"' in svgs["disc-front-volvelle45"]
    for svg in svgs.values():
        assert "<script" not in svg and "<img" not in svg
    pdf = client.post("/api/print", json={"scenario": data, "paper": "letter"})
    assert pdf.content.startswith(b"%PDF")
    assert (
        pdf.headers["content-disposition"]
        == 'attachment; filename="lake-shore-disc-print-letter.pdf"'
    )
    wheel = client.post("/api/wheel", json={"scenario": data})
    assert wheel.headers["content-disposition"] == 'attachment; filename="lake-shore-wheel.html"'
    assert b"<script>alert(2)" not in wheel.content and b"&lt;script&gt;" in wheel.content


def test_pictures_of_an_invalid_map_are_refused_with_its_problems(client):
    data = example("lake-shore")
    data["start"] = ["d1"]
    answer = client.post("/api/preview", json={"scenario": data})
    assert answer.status_code == 422
    assert [p["rule"] for p in answer.json()["problems"]] == ["not-unique"]
    assert (
        client.post(
            "/api/print", json={"scenario": example("lake-shore"), "paper": "a3"}
        ).status_code
        == 400
    )


# -- saving ---------------------------------------------------------------------------------
def test_save_keeps_key_order_and_one_row_per_line(client, folder):
    path = folder / "lake-shore.json"
    original = {"$schema": "../schemas/scenario.schema.json", **example("lake-shore")}
    path.write_text(json.dumps(original))
    opened = client.get("/api/open", params={"file": "lake-shore.json"}).json()
    data = opened["scenario"]
    data["name"] = HOSTILE[:60]
    data["author"] = "A. Fan"
    data["crops"] = ["...4.", ".4...", ".....", ".....", "1...1"]
    saved = client.post(
        "/api/save", json={"file": "lake-shore.json", "scenario": data, "hash": opened["hash"]}
    )
    assert saved.status_code == 200, saved.text
    assert saved.json()["valid"] is True
    text = path.read_text()
    assert saved.json()["hash"] == digest(text.encode())
    written = json.loads(text)
    assert list(written) == [
        "$schema",
        "format",
        "id",
        "name",
        "author",
        "size",
        "terrain",
        "crops",
        "start",
        "notes",
    ]
    assert written["name"] == HOSTILE[:60]
    assert '  "crops": [\n    "...4.",\n    ".4...",\n' in text and text.endswith('library."\n}\n')
    assert sorted(p.name for p in folder.iterdir()) == [
        "broken.json",
        "high-valley.json",
        "lake-shore.json",
    ]


def test_save_refuses_a_file_changed_on_disk_unless_forced(client, folder):
    opened = client.get("/api/open", params={"file": "lake-shore.json"}).json()
    (folder / "lake-shore.json").write_text(json.dumps(example("lake-shore")))
    body = {"file": "lake-shore.json", "scenario": opened["scenario"], "hash": opened["hash"]}
    refused = client.post("/api/save", json=body)
    assert refused.status_code == 409 and "changed on disk" in refused.json()["error"]
    assert client.post("/api/save", json={**body, "force": True}).status_code == 200


def test_save_never_writes_a_file_that_would_not_load(client, folder):
    path = folder / "lake-shore.json"
    before = path.read_bytes()
    opened = client.get("/api/open", params={"file": "lake-shore.json"}).json()
    for key, value in (
        ("name", ""),
        ("id", "Not An Id"),
        ("start", []),
        ("notes", "x" * 2001),
        ("size", "tiny "),
    ):
        data = {**opened["scenario"], key: value}
        answer = client.post(
            "/api/save", json={"file": "lake-shore.json", "scenario": data, "hash": opened["hash"]}
        )
        assert answer.status_code == 422, key
        assert answer.json()["error"].startswith("not saved")
        assert path.read_bytes() == before
    assert not [p for p in folder.iterdir() if p.name.startswith(".")], "no temporary file left"


def test_a_half_painted_map_is_saved_as_a_draft_that_opens_again(client, folder):
    opened = client.get("/api/open", params={"file": "lake-shore.json"}).json()
    blank = {**opened["scenario"], "terrain": ["VV...", "VVVFV", "MDDMM", "MMVMM", "MVVVM"]}
    body = {"file": "lake-shore.json", "scenario": blank, "hash": opened["hash"]}
    saved = client.post("/api/save", json=body).json()
    assert saved["draft"] is True and saved["unpainted"] == 3 and saved["valid"] is False
    written = json.loads((folder / "lake-shore.json").read_text())
    assert written["format"] == "pachaprint-draft/1" and "$schema" not in written
    assert written["terrain"][0] == "VV..."
    again = client.get("/api/open", params={"file": "lake-shore.json"}).json()
    assert again["scenario"]["terrain"][0] == "VV..." and again["hash"] == saved["hash"]
    entry = next(
        e for e in client.get("/api/library").json()["scenarios"] if e["file"] == "lake-shore.json"
    )
    assert entry["draft"] is True and entry["message"] == "a draft: 3 cells still need a terrain"
    # painted in full, it is a scenario again, its $schema found from where the file is
    done = {**again["scenario"], "terrain": example("lake-shore")["terrain"]}
    final = client.post(
        "/api/save", json={"file": "lake-shore.json", "scenario": done, "hash": saved["hash"]}
    ).json()
    assert final["draft"] is False and final["valid"] is True
    written = json.loads((folder / "lake-shore.json").read_text())
    assert written["format"] == "pachaprint-scenario/1"
    assert (folder / written["$schema"]).resolve() == (REPO / "schemas" / "scenario.schema.json")


def test_rename_gives_the_file_a_new_name_and_never_replaces_one(client, folder):
    opened = client.get("/api/open", params={"file": "lake-shore.json"}).json()
    body = {"file": "lake-shore.json", "hash": opened["hash"]}
    taken = client.post("/api/rename", json={**body, "to": "high-valley.json"})
    assert taken.status_code == 409 and "exists already" in taken.json()["error"]
    assert client.post("/api/rename", json={**body, "to": "../x.json"}).status_code == 403
    stale = client.post("/api/rename", json={**body, "hash": "0" * 64, "to": "shore.json"})
    assert stale.status_code == 409 and "changed on disk" in stale.json()["error"]
    before = (folder / "lake-shore.json").read_bytes()
    done = client.post("/api/rename", json={**body, "to": "shore.json"})
    assert done.status_code == 200 and done.json() == {"file": "shore.json", "hash": opened["hash"]}
    assert (folder / "shore.json").read_bytes() == before
    assert not (folder / "lake-shore.json").exists()
    assert (folder / "high-valley.json").exists()


def test_save_writes_work_in_progress_that_breaks_a_rule(client, folder):
    opened = client.get("/api/open", params={"file": "lake-shore.json"}).json()
    data = {**opened["scenario"], "start": ["d1"]}
    saved = client.post(
        "/api/save", json={"file": "lake-shore.json", "scenario": data, "hash": opened["hash"]}
    )
    assert saved.status_code == 200 and saved.json() | {"hash": None} == {
        "file": "lake-shore.json",
        "hash": None,
        "bytes": saved.json()["bytes"],
        "valid": False,
        "errors": 1,
        "draft": False,
        "unpainted": 0,
    }


@pytest.mark.parametrize(
    "name",
    [
        "../secret.json",
        "..%2fsecret.json",
        "/tmp/escape.json",
        "sub/new.json",
        ".hidden.json",
        None,
    ],
)
def test_save_never_writes_outside_the_folder(client, folder, name):
    before = (folder.parent / "secret.json").read_text()
    answer = client.post(
        "/api/save", json={"file": name, "scenario": example("lake-shore"), "create": True}
    )
    assert answer.status_code == 403
    assert (folder.parent / "secret.json").read_text() == before
    assert sorted(p.name for p in folder.parent.iterdir()) == ["discs", "secret.json"]


def test_save_through_a_link_is_refused(client, folder):
    (folder / "link.json").symlink_to(folder.parent / "secret.json")
    answer = client.post(
        "/api/save", json={"file": "link.json", "scenario": example("lake-shore"), "force": True}
    )
    assert answer.status_code == 403
    assert (folder.parent / "secret.json").read_text() == '{"secret": true}\n'


def test_creating_a_new_file_never_replaces_one(client, folder):
    made = client.post("/api/generate", json={"size": "tiny", "difficulty": "easy"}).json()
    body = {"file": made["file"], "scenario": made["scenario"], "hash": None, "create": True}
    assert client.post("/api/save", json=body).status_code == 200
    assert json.loads((folder / made["file"]).read_text())["id"] == made["scenario"]["id"]
    again = client.post("/api/save", json=body)
    assert again.status_code == 409 and "exists already" in again.json()["error"]
    taken = client.post("/api/new", json={"size": "tiny"}).json()
    assert taken["file"] == "new-disc.json"


def test_file_mode_edits_its_file_only(tmp_path):
    target = tmp_path / "mine.json"
    with BackgroundStudio(Workspace.open(target)) as studio:
        client = Client(studio.port, {"X-Pachaprint-Token": studio.token})
        assert client.get("/api/session").json() | {"path": None} == {
            "mode": "file",
            "path": None,
            "file": "mine.json",
            "sizes": ["tiny", "long"],
            "difficulties": ["easy", "medium", "hard", "expert"],
        }
        opened = client.get("/api/open", params={"file": "mine.json"}).json()
        assert opened["exists"] is False and opened["scenario"]["id"] == "mine"
        assert client.post("/api/new", json={"size": "tiny"}).status_code == 403
        data = {**example("lake-shore"), "id": "mine"}
        saved = client.post(
            "/api/save", json={"file": "mine.json", "scenario": data, "hash": None, "create": True}
        )
        assert saved.status_code == 200
        assert json.loads(target.read_text())["id"] == "mine"
        other = client.post(
            "/api/save", json={"file": "other.json", "scenario": data, "create": True}
        )
        assert other.status_code == 403 and not (tmp_path / "other.json").exists()
