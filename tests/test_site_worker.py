"""The site's Python without a browser: the worker's messages, the code bundle, the pages and
their Content-Security-Policy, the runtime option, and the stand-ins the bundle ships."""

from __future__ import annotations

import gzip
import json
import random
import subprocess
import sys
import tarfile
from io import BytesIO
from pathlib import Path

import pytest

from pachaprint.model.scenario import Scenario
from pachaprint.model.sharecode import code_of
from pachaprint.site import bundle
from pachaprint.site.pages import content_security_policy, page_html, site_files, site_version
from pachaprint.site.runtime import CDN, PYODIDE_VERSION, RUNTIME_FILES, SiteError, runtime_of
from pachaprint.site.worker import WARM_UP, SiteWorker
from pachaprint.studio.page import PAGE as STUDIO
from tests.helpers import REPO

COLCA = json.loads((REPO / "scenarios" / "colca-canyon.json").read_text())


def ask(worker: SiteWorker, app: str, method: str, path: str, body: object = None, **query: str):
    message = {"app": app, "method": method, "path": path, "query": query}
    message["body"] = None if body is None else json.dumps(body)
    head, data = worker.handle(json.dumps(message))
    return json.loads(head), data


# -- the worker ------------------------------------------------------------------------------------
def test_the_worker_answers_the_studio_as_its_server_does(tmp_path):
    worker = SiteWorker(tmp_path)
    head, data = ask(worker, "studio", "POST", "/api/check", {"scenario": COLCA, "version": 3})
    assert head["status"] == 200 and data is None and not head["stored"]
    assert head["json"]["valid"] is True and head["json"]["version"] == 3
    head, _ = ask(worker, "studio", "GET", "/api/session")
    assert (
        head["json"]["mode"] == "folder" and head["json"]["path"] == "drafts kept in this browser"
    )
    head, _ = ask(
        worker,
        "studio",
        "POST",
        "/api/save",
        {"file": "c.json", "scenario": COLCA, "hash": None, "create": True},
    )
    assert head["status"] == 200 and head["stored"] is True
    assert (tmp_path / "drafts" / "c.json").is_file()
    head, _ = ask(worker, "studio", "GET", "/api/library")
    assert [e["file"] for e in head["json"]["scenarios"]] == ["c.json"]
    head, _ = ask(worker, "studio", "POST", "/api/generate", {"size": "tiny", "difficulty": "easy"})
    generated = head["json"]["scenario"]
    assert head["status"] == 200 and generated["size"] == "tiny"
    head, _ = ask(worker, "studio", "POST", "/api/check", {"scenario": generated})
    assert head["json"]["valid"] is True
    head, _ = ask(worker, "studio", "POST", "/api/explain", {"scenario": COLCA})
    assert head["json"]["complete"] is True and head["json"]["steps"]
    head, data = ask(worker, "studio", "POST", "/api/export", {"scenario": COLCA})
    assert head["file"] == {"name": "colca-canyon.json", "type": "application/json"}
    assert json.loads(data)["terrain"] == COLCA["terrain"] and "$schema" not in json.loads(data)


def test_the_worker_refuses_bad_messages_in_words(tmp_path):
    worker = SiteWorker(tmp_path)
    for message, status in (
        ("not json", 400),
        ("[]", 400),
        (json.dumps({"app": "cli", "method": "GET", "path": "/api/session"}), 400),
        (json.dumps({"app": "studio", "method": "PUT", "path": "/api/session"}), 400),
        (json.dumps({"app": "studio", "method": "POST", "path": "/api/check", "body": "[1]"}), 400),
        (
            json.dumps(
                {"app": "studio", "method": "POST", "path": "/api/check", "body": "x" * 300_000}
            ),
            413,
        ),
        (json.dumps({"app": "studio", "method": "GET", "path": "/api/nothing"}), 404),
        (json.dumps({"app": "studio", "method": "GET", "path": "/api/check"}), 405),
    ):
        head, data = worker.handle(message)
        answer = json.loads(head)
        assert answer["status"] == status, message[:60]
        assert answer["json"]["error"] and data is None


def test_the_worker_holds_the_table_and_answers_only_what_was_revealed(tmp_path):
    worker = SiteWorker(tmp_path)
    head, _ = ask(worker, "table", "GET", "/api/setup")
    assert head["status"] == 404 and "share code" in head["json"]["error"]
    scenario = Scenario.from_dict(COLCA)
    head, _ = ask(worker, "table", "POST", "/api/disc", {"code": code_of(scenario)})
    assert head["status"] == 200
    table = head["json"]["table"]
    head, _ = ask(worker, "table", "GET", "/api/setup")
    assert (
        head["json"]["scenario"]["id"] == "colca-canyon"
        and head["json"]["folder"] == "this browser"
    )
    # the crops the page may know are the start cells'; no other cell's crop is in any answer
    board = scenario.board
    hidden = [board.name(c) for c in board.cells if board.name(c) not in scenario.start]
    text = json.dumps(table)
    for name in hidden:
        assert f'"{name}": {{' not in text
    for mode, seats in (("competitive", ["expert", "expert"]), ("coop", ["greedy", "greedy"])):
        body = {"mode": mode, "seats": seats, "seed": 5}
        head, _ = ask(worker, "table", "POST", "/api/new", body)
        now = head["json"]["table"]
        assert now["mode"] == mode and now["to_play"] == seats[0]
        head, _ = ask(worker, "table", "POST", "/api/step", {"moment": now["moment"]})
        assert head["status"] == 200 and head["json"]["story"]
    head, _ = ask(
        worker, "table", "POST", "/api/new", {"mode": "solo", "seats": ["human"], "seed": 5}
    )
    assert head["json"]["table"]["mode"] == "solo"
    head, _ = ask(worker, "table", "POST", "/api/save", {"file": "g.json"})
    assert head["stored"] is True and (tmp_path / "games" / "g.json").is_file()
    head, data = ask(worker, "table", "POST", "/api/download", {"moment": 0})
    assert head["file"]["name"].endswith(".json") and json.loads(data)["format"].startswith(
        "pachaprint-game/"
    )
    head, _ = ask(worker, "table", "POST", "/api/open", {"file": "x.json", "text": data.decode()})
    assert head["status"] == 200 and head["json"]["table"]["mode"] == "solo"
    head, _ = ask(worker, "table", "POST", "/api/disc", {"code": "NOT-A-CODE"})
    assert head["status"] == 422


FIRST_REQUESTS = """
import json, sys
from pachaprint.site.worker import SiteWorker, preload

app, folder, scenario, code = sys.argv[1:]
preload(app)
before = set(sys.modules)
worker = SiteWorker(folder)


def ask(method, path, body=None):
    message = {"app": app, "method": method, "path": path, "query": {}}
    message["body"] = None if body is None else json.dumps(body)
    head = json.loads(worker.handle(json.dumps(message))[0])
    assert head["status"] == 200, (path, head)


if app == "studio":  # the page's session, its library and the first verdict
    ask("GET", "/api/session")
    ask("GET", "/api/library")
    ask("POST", "/api/check", {"scenario": json.loads(scenario), "box": "retail"})
else:  # the disc from the address with the table behind the setup form, the setup form
    ask("POST", "/api/disc", {"code": code})
    ask("GET", "/api/setup")
first = sorted(name for name in set(sys.modules) - before if name.startswith("pachaprint"))
pdf = "reportlab" in sys.modules
if app == "table":  # a game with a bot seat: the bots load now
    ask("POST", "/api/new", {"mode": "competitive", "seats": ["expert", "human"], "seed": 3})
bots = sorted(name for name in sys.modules if name.startswith("pachaprint.engine.bots."))
print(json.dumps({"first": first, "bots": bots, "pdf": pdf}))
"""


@pytest.mark.parametrize("app", ["studio", "table"])
def test_a_preloaded_worker_answers_the_first_requests_with_nothing_left_to_import(app, tmp_path):
    """What the worker's snapshot holds (worker.py PRELOADS) is all the page's first requests
    need; the table's setup form comes before any bot is loaded, and neither page loads the
    PDF library before it writes a PDF."""
    found = subprocess.run(
        [sys.executable, "-c", FIRST_REQUESTS, app, str(tmp_path),
         json.dumps(COLCA), code_of(Scenario.from_dict(COLCA))],
        check=True, capture_output=True, text=True, cwd=REPO,
    )  # fmt: skip
    loaded = json.loads(found.stdout)
    assert loaded["first"] == []
    # the PDF library loads only where a PDF is written (render/fonts.py): about 0.5 s of a
    # first visit to the site's table
    assert loaded["pdf"] is False
    if app == "table":
        assert "pachaprint.engine.bots.expert" in loaded["bots"]
        assert "pachaprint.engine.bots.search" in loaded["bots"]


def test_the_table_s_warm_up_is_a_shipped_disc_s_first_requests(tmp_path):
    """worker.py WARM_UP: the share code of akapana-mound, and requests the table answers."""
    akapana = json.loads((REPO / "scenarios" / "akapana-mound.json").read_text())
    assert WARM_UP[0] == ("POST", "/api/disc", {"code": code_of(Scenario.from_dict(akapana))})
    worker = SiteWorker(tmp_path)
    heads = []
    for method, path, body in WARM_UP:
        head, _ = ask(worker, "table", method, path, body)
        assert head["status"] == 200, (path, head)
        heads.append(head)
    assert [path for _, path, _ in WARM_UP] == ["/api/disc", "/api/setup"]
    table = heads[0]["json"]["table"]
    assert table["scenario"]["id"] == "akapana-mound" and len(table["cells"]) == 25
    assert set(table["pictures"]) == {"board", "diversity", "score", "supplies"}
    assert set(heads[1]["json"]["bases"]) == {"board", "diversity", "score"}


def test_the_bots_load_when_a_game_seats_one():
    """The table's setup imports the engine and the bots' names, not the bots."""
    found = subprocess.run(
        [sys.executable, "-c",
         "import sys, pachaprint.table.api, pachaprint.engine.bots as b;"
         "print(sorted(m for m in sys.modules if m.startswith('pachaprint.engine.bots.')));"
         "print(b.ExpertBot.__name__, b.OracleCheatBot.__module__)"],
        check=True, capture_output=True, text=True, cwd=REPO,
    )  # fmt: skip
    modules, names = found.stdout.splitlines()
    assert "expert" not in modules and "search" not in modules and "greedy" not in modules
    assert names == "ExpertBot pachaprint.engine.bots.cheat"
    with pytest.raises(AttributeError, match="no attribute 'NoBot'"):
        import pachaprint.engine.bots as bots

        _ = bots.NoBot


# -- the bundle ------------------------------------------------------------------------------------
def test_the_bundle_is_deterministic_and_holds_what_the_browser_runs():
    first = bundle.bundle_bytes()
    assert bundle.bundle_bytes() == first
    # what static/worker.js reads: one gzip stream (no name or time in its header), then
    # ustar headers of regular files, each with the bytes of its file
    assert first[:4] == b"\x1f\x8b\x08\x00" and first[4:8] == b"\0\0\0\0" and first[9] == 255
    tar = gzip.decompress(first)
    assert tar[257:263] == b"ustar\0"
    files = bundle.bundle_files()
    with tarfile.open(fileobj=BytesIO(tar)) as archive:
        members = archive.getmembers()
        assert all(
            m.isreg() and m.mtime == bundle.ARCHIVE_TIME and m.mode == 0o644 for m in members
        )
        for member in members[::40]:
            extracted = archive.extractfile(member)
            assert extracted is not None and extracted.read() == files[member.name].read_bytes()
    names = [m.name for m in members]
    assert names == list(files)
    assert names == sorted(names)
    assert "pachaprint/site/worker.py" in names and "pachaprint/studio/api.py" in names
    assert "pachaprint/templates/fonts/metrics.json" in names
    assert "pachaprint/schemas/scenario.schema.json" in names
    assert not [n for n in names if n.startswith("pachaprint/templates/icc/")]  # print shops'
    assert {"rpds/__init__.py", "PIL/__init__.py", "PIL/Image.py"} <= set(names)
    assert not [n for n in names if n.startswith(("pachaprint/cli/", "pachaprint/pipeline/"))]
    assert not [n for n in names if n.endswith((".so", ".pyc")) or "__pycache__" in n]
    assert [n for n in names if n.startswith("reportlab/fonts/")] == [
        "reportlab/fonts/Vera.ttf",
        "reportlab/fonts/VeraBd.ttf",
        "reportlab/fonts/bitstream-vera-license.txt",
    ]
    for top in {n.split("/")[0] for n in names}:
        assert top in {"pachaprint", "PIL", "rpds", *bundle.DEPENDENCIES}, top


BROWSER_PATH = """
import json, sys
sys.path.insert(0, sys.argv[1])
import rpds, PIL.Image
assert rpds.__file__.startswith(sys.argv[1]), rpds.__file__
assert PIL.__file__.startswith(sys.argv[1]), PIL.__file__
from pachaprint.check.validate import validate_data
from pachaprint.studio import printing, authoring
reports = [validate_data(d, "x.json").to_dict() for d in json.load(sys.stdin)]
printing.print_pdf(authoring.disc_of(json.load(open(sys.argv[2]))), "a4")
print(json.dumps(reports))
"""


def test_the_stand_ins_give_the_checker_s_reports_and_the_pdf_needs_no_pillow(tmp_path):
    """With shims/ first on the path (as in the bundle), jsonschema runs on the rpds stand-in
    and reportlab imports the Pillow stand-in: every report equals the real packages' one,
    schema problems included, and the print PDF is made."""
    shims = Path(bundle.__file__).parent / "shims"
    cases = [COLCA, {**COLCA, "size": 7, "extra": 1, "start": "a1"}, {"format": 3}, {}]
    cases += [json.loads(p.read_text()) for p in sorted((REPO / "scenarios").glob("*.json"))]
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            BROWSER_PATH,
            str(shims),
            str(REPO / "scenarios" / "colca-canyon.json"),
        ],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
    )
    from pachaprint.check.validate import validate_data

    assert json.loads(run.stdout) == [validate_data(d, "x.json").to_dict() for d in cases]


# -- the pages and the runtime ----------------------------------------------------------------------
def test_the_runtime_is_the_pinned_cdn_release_an_address_or_a_folder(tmp_path):
    assert runtime_of(None).url == CDN == f"https://cdn.jsdelivr.net/npm/pyodide@{PYODIDE_VERSION}/"
    assert runtime_of("https://example.org/py").url == "https://example.org/py/"
    with pytest.raises(SiteError, match="neither an https:// address nor a folder"):
        runtime_of(str(tmp_path / "missing"))
    with pytest.raises(SiteError, match=r"lacks pyodide\.mjs"):
        runtime_of(str(tmp_path))
    for name in RUNTIME_FILES:
        (tmp_path / name).write_text(name)
    local = runtime_of(str(tmp_path))
    assert local.url == "site/pyodide/" and local.origin is None
    files = site_files(local)
    assert files["site/pyodide/pyodide.mjs"] == b"pyodide.mjs"
    assert site_files(local) == files  # the same inputs, the same bytes


def test_the_pages_name_the_site_s_version_of_its_bundle_and_worker():
    """The version keys what the worker keeps in the browser (its code folder, its snapshot
    of Python): it changes with the bundle or the worker's script, and only with them."""
    files = site_files(runtime_of(None))
    version = site_version(files["site/pachaprint-site.tar.gz"], files["site/worker.js"])
    assert len(version) == 20 and int(version, 16) >= 0
    for page in ("studio.html", "table.html"):
        assert f'data-version="{version}"' in files[page].decode("utf-8")
    assert site_version(files["site/pachaprint-site.tar.gz"], b"another worker") != version
    assert site_version(b"another bundle", files["site/worker.js"]) != version
    assert site_files(runtime_of("https://example.org/py"))["studio.html"] != files["studio.html"]
    assert f'data-version="{version}"' in site_files(runtime_of("https://example.org/py"))[
        "studio.html"
    ].decode("utf-8")


def test_the_pages_carry_a_policy_that_allows_only_what_they_need():
    cdn = runtime_of(None)
    policy = content_security_policy(cdn)
    assert "script-src 'self' https://cdn.jsdelivr.net 'wasm-unsafe-eval'" in policy
    assert "connect-src 'self' https://cdn.jsdelivr.net" in policy
    assert "'unsafe-eval'" not in policy.replace("'wasm-unsafe-eval'", "")
    assert "'unsafe-inline'" not in policy and "default-src 'none'" in policy
    html = page_html("studio", STUDIO, cdn, "0a1b2c")
    assert f'content="{policy}"' in html
    assert 'name="pachaprint-worker" content="site/worker.js" data-app="studio"' in html
    assert 'data-version="0a1b2c"' in html
    assert 'href="site/apps.css"' in html and "token" not in html.lower().replace(
        "studio-token", ""
    )
    # the controls of docs/outputs.md section 3 are in the page itself
    for needed in ('id="grid"', 'id="save"', 'id="verdict"', 'id="problems"'):
        assert needed in html


@pytest.mark.slow
def test_no_answer_of_the_site_s_table_holds_the_disc(tmp_path):
    """tests/test_table_hidden.py's plainer check, through the worker: a solo game played to
    its end with undos, a look back, a save and its reopening; the disc's rows never appear
    in an answer, and no table lists more of a cell than the rules show. (Only the download
    of a game holds the map, as every saved game does, to resume it.)"""
    scenario = Scenario.from_dict(COLCA)
    worker = SiteWorker(tmp_path)
    answers: list[tuple[str, str]] = []

    def call(method: str, path: str, body: object = None) -> dict:
        head, data = ask(worker, "table", method, path, body)
        assert data is None and head["status"] in (200, 409), (path, head)
        answers.append((path, json.dumps(head["json"])))
        return head["json"]

    call("POST", "/api/disc", {"code": code_of(scenario)})
    call("GET", "/api/setup")
    now = call("POST", "/api/new", {"mode": "solo", "seats": ["human"], "seed": 9})["table"]
    rng = random.Random(9)
    for _ in range(400):
        if now["over"]:
            break
        legal = now["legal"]
        now = call(
            "POST", "/api/act", {"moment": now["moment"], "action": rng.choice(legal)["code"]}
        )["table"]
        if rng.random() < 0.2:
            call("POST", "/api/undo", {"moment": now["moment"]})
            now = call("GET", "/api/table")
    assert now["over"]
    now = call("POST", "/api/back", {"moment": now["moment"]})["table"]
    now = call("POST", "/api/jump", {"moment": now["moment"], "to": "start"})["table"]
    call("POST", "/api/save", {"file": "the-game.json"})
    call("GET", "/api/saves")
    call("POST", "/api/open", {"file": "the-game.json"})
    rows = [*scenario.terrain, *scenario.crops]
    for path, text in answers:
        for row in rows:
            assert row not in text, path
        data = json.loads(text)
        table = data.get("table", data)
        for cell in table.get("cells", []):
            assert set(cell) <= {"cell", "terrain", "crop", "pawn", "side", "otoma", "arrow"}
