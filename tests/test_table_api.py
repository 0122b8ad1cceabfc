"""The table's HTTP API: the door, decisions, refusals, new games, and saved games in the folder only."""

from __future__ import annotations

import json

import pytest

from pachaprint.engine.rules.log import load_log
from pachaprint.model.scenario import Scenario
from pachaprint.table.server import BackgroundTable, session_for
from pachaprint.table.session import NewGame
from tests.helpers import example
from tests.studio_http import Client


@pytest.fixture
def folder(tmp_path):
    inside = tmp_path / "discs"
    inside.mkdir()
    (inside / "lake-shore.json").write_text(json.dumps(example("lake-shore"), indent=2) + "\n")
    (tmp_path / "secret.json").write_text('{"secret": true}\n')
    return inside


@pytest.fixture
def table(folder):
    scenario = Scenario.from_dict(example("lake-shore"))
    session = session_for(folder, scenario, NewGame("competitive", ("human", "random"), seed=4))
    with BackgroundTable(session) as running:
        yield running


@pytest.fixture
def client(table):
    return Client(table.port, {"X-Pachaprint-Token": table.token})


ROUTES = [
    ("GET", "/"),
    ("GET", "/static/table.js"),
    ("GET", "/static/palette.css"),
    ("GET", "/api/setup"),
    ("GET", "/api/table"),
    ("GET", "/api/saves"),
    ("POST", "/api/act"),
    ("POST", "/api/step"),
    ("POST", "/api/back"),
    ("POST", "/api/jump"),
    ("POST", "/api/undo"),
    ("POST", "/api/new"),
    ("POST", "/api/save"),
    ("POST", "/api/open"),
]


@pytest.mark.parametrize(("method", "path"), ROUTES)
def test_every_request_needs_the_token_its_own_host_and_origin(table, method, path):
    stranger = Client(table.port)
    for extra in ({}, {"X-Pachaprint-Token": "wrong"}):
        answer = stranger.request(
            method, path, headers=extra, json={} if method == "POST" else None
        )
        assert answer.status_code == 403 and "pachaprint table" in answer.text
        assert "session token" in answer.text
    friend = Client(table.port, {"X-Pachaprint-Token": table.token})
    foreign = friend.request(method, path, headers={"Host": f"evil.example:{table.port}"})
    assert foreign.status_code == 403
    other = friend.request(method, path, headers={"Origin": "http://evil.example"})
    assert other.status_code == 403 and "other web pages" in other.text


def test_the_page_and_its_assets_come_from_the_table_with_a_strict_policy(table, client):
    page = client.get("/")
    assert page.status_code == 200
    assert f'<meta name="table-token" content="{table.token}">' in page.text
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "connect-src 'self'" in policy
    assert "default-src 'none'" in policy
    shipped = ("apps.js", "table.js", "table-core.js", "table-board.js", "table-panels.js")
    for name in (*shipped, "apps.css", "table.css"):
        assert f'/static/{name}?token={table.token}"' in page.text
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/static/secret.json").status_code == 404
    assert "http" not in client.get("/static/table.js").text.replace("http://www.w3.org", "")


def _table(client):
    return client.get("/api/table").json()


def test_a_person_acts_with_the_engines_codes_and_a_bot_steps(client):
    table = _table(client)
    if table["to_play"] != "human":
        table = client.post("/api/step", json={"moment": table["moment"]}).json()["table"]
    assert table["to_play"] == "human" and table["legal"]
    assert {"code", "kind", "text"} <= set(table["legal"][0])
    enter = next(a for a in table["legal"] if a["kind"] == "enter")
    answer = client.post("/api/act", json={"moment": table["moment"], "action": enter["code"]})
    assert answer.status_code == 200, answer.text
    after = answer.json()
    assert after["table"]["moment"] == table["moment"] + 1
    story = after["story"]
    assert story[0]["what"] == "enter" and story[0]["cell"] == enter["to"]
    assert len(story[0]["path"]) == 2  # the arrow from the edge into the cell
    cell = next(c for c in after["table"]["cells"] if c["cell"] == enter["to"])
    assert "pawn" in cell and "terrain" in cell


def test_refusals_say_why(client):
    table = _table(client)
    stale = client.post("/api/act", json={"moment": table["moment"] - 1, "action": 0})
    assert stale.status_code == 409 and "changed" in stale.json()["error"]
    if table["to_play"] == "human":
        illegal = client.post("/api/act", json={"moment": table["moment"], "action": 999999})
        assert illegal.status_code == 422 and "not legal" in illegal.json()["error"]
        bot = client.post("/api/step", json={"moment": table["moment"]})
        assert bot.status_code == 409 and "no bot is to play" in bot.json()["error"]
    text = client.post("/api/act", json={"moment": table["moment"], "action": "move a1 a2"})
    assert text.status_code == 400
    assert (
        client.post(
            "/api/act", content=b"{", headers={"Content-Type": "application/json"}
        ).status_code
        == 400
    )
    assert client.post("/api/undo", json={"moment": table["moment"]}).status_code == 409
    assert (
        client.post("/api/jump", json={"moment": table["moment"], "to": "middle"}).status_code
        == 400
    )


def test_a_new_game_follows_the_setup_form_and_refuses_what_the_disc_cannot_do(client, table):
    setup = client.get("/api/setup").json()
    assert setup["modes"] == ["competitive"]  # a tiny disc: no solo, no co-op
    # the form's words for every mode, and which modes choose a colour, are the classes'
    assert setup["headings"] == {
        "competitive": "Competitive",
        "solo": "Solo against the Otoma",
        "coop": "Co-op against the Otoma",
    }
    assert setup["colour_modes"] == ["solo"]
    assert setup["difficulties"] == {
        "competitive": [],
        "solo": ["easy", "hard"],
        "coop": ["easy", "normal", "expert"],
    }
    assert setup["seats"] == {"competitive": [2, 3, 4], "solo": [1], "coop": [2, 3, 4]}
    assert "oracle-cheat" not in setup["players"] and "expert" in setup["players"]
    assert set(setup["bases"]) == {"board", "diversity", "score"}
    started = client.post("/api/new", json={"seats": ["human", "human", "greedy"], "seed": 7})
    assert started.status_code == 200, started.text
    answer = started.json()["table"]
    assert [s["kind"] for s in answer["seats"]] == ["human", "human", "greedy"]
    assert answer["mode"] == "competitive" and "seed" not in answer
    assert table.table_session.game.state.config.seed == 7  # taken, kept on the server
    solo = client.post("/api/new", json={"mode": "solo", "seats": ["human"]})
    assert solo.status_code == 422 and "long scenarios" in solo.json()["error"]
    cheat = client.post("/api/new", json={"seats": ["human", "oracle-cheat"]})
    assert cheat.status_code == 422 and "hidden map" in cheat.json()["error"]
    for bad in (
        {"seats": "human"},
        {"seats": ["human", "human"], "seed": -1},
        {"seats": ["human", "nobody"]},
    ):
        assert client.post("/api/new", json=bad).status_code in (400, 422)


def test_games_are_saved_and_opened_in_the_folder_only(client, folder, tmp_path):
    saves = client.get("/api/saves").json()
    assert saves["saves"] == [] and saves["fresh"] == "lake-shore-game-1.json"
    saved = client.post("/api/save", json={"file": "lake-shore-game-1.json"})
    assert saved.status_code == 200, saved.text
    assert "terrain" not in saved.text  # the file holds the map; the answer does not
    log = load_log(folder / "lake-shore-game-1.json")
    assert log.seats == ["human", "random"]
    listed = client.get("/api/saves").json()["saves"]
    assert [s["file"] for s in listed] == ["lake-shore-game-1.json"]
    assert set(listed[0]) == {"file", "scenario", "mode", "seats", "decisions", "over"}
    # never over the disc, outside the folder, through a link, or with a strange name
    assert client.post("/api/save", json={"file": "lake-shore.json"}).status_code == 409
    for name in ("../secret.json", "/tmp/x.json", "sub/x.json", ".hidden.json", "x.txt", 7):
        assert client.post("/api/save", json={"file": name}).status_code == 403, name
        assert client.post("/api/open", json={"file": name}).status_code == 403, name
    (folder / "link.json").symlink_to(tmp_path / "secret.json")
    assert client.post("/api/open", json={"file": "link.json"}).status_code == 403
    assert client.post("/api/save", json={"file": "link.json"}).status_code == 403
    assert (tmp_path / "secret.json").read_text() == '{"secret": true}\n'
    not_a_game = client.post("/api/open", json={"file": "lake-shore.json"})
    assert not_a_game.status_code == 422 and "cannot open" in not_a_game.json()["error"]
    opened = client.post("/api/open", json={"file": "lake-shore-game-1.json"})
    assert opened.status_code == 200 and opened.json()["table"]["live"]
