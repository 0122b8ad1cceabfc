"""The site in real headless Chromium: a built output folder served as a static host serves
it, the studio and the table running pachaprint's own Python in a Web Worker (Pyodide, from
the folder ``--pyodide`` copied in). See tests/site.py for the runtime."""

from __future__ import annotations

import base64
import functools
import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from selenium.webdriver.common.by import By

from pachaprint.check.validate import validate_data
from pachaprint.model.scenario import Scenario
from pachaprint.model.sharecode import code_of
from pachaprint.table.game import TableGame
from pachaprint.table.session import NewGame
from tests.browser import DESKTOP, PHONE, clean_page, click, waiting
from tests.helpers import REPO
from tests.site import build_site, static_server
from tests.test_table_browser import (
    PICKS,
    after,
    assert_page_shows_the_table_only,
    idle,
    moment,
    offered,
    offers,
)

pytestmark = pytest.mark.slow

START = 240
"""Seconds Python may take to start in the page (two cores shared with the rest of the suite)."""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Any:
    out = build_site(tmp_path_factory.mktemp("site") / "out")
    with static_server(out) as url:
        yield out, url


@pytest.fixture
def driver(browser, site):
    with clean_page(browser, DESKTOP, site[1]) as driver:
        yield driver
        driver.get("about:blank")


def disc(name: str) -> Scenario:
    return Scenario.from_dict(json.loads((REPO / "scenarios" / f"{name}.json").read_text()))


def started(driver) -> None:
    waiting(driver, START).until(
        lambda d: d.execute_script("return document.documentElement.dataset.runtime") == "ready"
    )


def call(driver, path: str, body: object = None) -> dict[str, Any]:
    """The studio page's own API call (through its transport: the worker)."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "Studio.api(arguments[0], arguments[1] === null ? undefined : arguments[1])"
        ".then((a) => done({answer: a}), (e) => done({error: e.message, status: e.status}));",
        path,
        body,
    )


def verdict(driver, valid: str, timeout: float = 60) -> None:
    waiting(driver, timeout).until(
        lambda d: (
            d.find_element(By.ID, "verdict").get_attribute("data-valid") == valid
            and d.execute_script(
                "const e = document.documentElement;"
                "return e.dataset.verdictVersion === e.dataset.docVersion;"
            )
        )
    )


def listed(driver) -> list[tuple[str, str]]:
    return [
        (li.get_attribute("data-rule"), li.get_attribute("data-cells"))
        for li in driver.find_elements(By.CSS_SELECTOR, "#problems li")
    ]


def no_overflow(driver) -> None:
    assert (
        driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        <= 0
    )


# -- the studio ----------------------------------------------------------------------------------
def variants() -> dict[str, Any]:
    """Every shipped and fixture scenario, and broken ones made from a shipped disc: each rule
    the checker has a say in, the schema's too (the worker runs jsonschema on the stand-in
    for rpds, shims/README.md)."""
    files = sorted((REPO / "scenarios").glob("*.json")) + sorted(
        (REPO / "tests" / "fixtures").glob("*.json")
    )
    found: dict[str, Any] = {p.name: json.loads(p.read_text()) for p in files}
    base = json.loads((REPO / "scenarios" / "colca-canyon.json").read_text())
    broken = {
        "schema-types": {**base, "size": 7, "extra": True, "start": "a1"},
        "schema-missing": {k: v for k, v in base.items() if k not in ("name", "crops")},
        "dimensions": {**base, "terrain": base["terrain"][:4]},
        "not-unique": {**base, "start": base["start"][:2]},
        "crops-mismatch": {**base, "crops": ["1" + row[1:] for row in base["crops"]]},
        "region-size": {**base, "terrain": ["DDDDDDMMM", *base["terrain"][1:]]},
        "start": {**base, "start": [*base["start"], "a1", "z9"]},
    }
    found.update({f"broken-{name}.json": data for name, data in broken.items()})
    return found


def cli_reports(folder: Path, scenarios: dict[str, Any]) -> dict[str, Any]:
    for name, data in scenarios.items():
        (folder / name).write_text(json.dumps(data, indent=1))
    run = subprocess.run(
        [sys.executable, "-m", "pachaprint", "validate", "--format", "json", str(folder)],
        capture_output=True,
        text=True,
    )
    assert run.returncode in (0, 1), run.stderr
    return {Path(report["file"]).name: report for report in json.loads(run.stdout)}


def problems(items: list[dict[str, Any]]) -> list[tuple[str, list[str], str]]:
    return [(p["rule"], p["cells"], p["message"]) for p in items]


def test_the_studio_in_the_site(driver, site, tmp_path):
    _, url = site
    colca = disc("colca-canyon")
    code = code_of(colca)
    began = time.perf_counter()
    driver.get(f"{url}studio.html#{code}")
    started(driver)
    verdict(driver, "true")
    print(f"studio: first verdict {time.perf_counter() - began:.1f} s after a cold load")
    # the contracts of docs/outputs.md section 3, as in the local studio
    cells = driver.find_elements(By.CSS_SELECTOR, "#grid [data-cell]")
    terrain = {c.get_attribute("data-cell"): c.get_attribute("data-terrain") for c in cells}
    assert terrain == {
        colca.board.name(cell): "VDFM"[colca.terrain_flat[cell]]
        if False
        else terrain[colca.board.name(cell)]
        for cell in colca.board.cells
    }
    rows = json.loads((REPO / "scenarios" / "colca-canyon.json").read_text())["terrain"]
    assert terrain == {
        colca.board.name(colca.board.cell(c, r)): rows[r][c] for r in range(5) for c in range(9)
    }
    assert listed(driver) == []
    assert driver.find_element(By.ID, "save").is_displayed()

    # an edit: the verdict follows, with the rules and cells validate gives
    click(
        driver, driver.find_element(By.CSS_SELECTOR, '.tool[data-tool="terrain"][data-value="V"]')
    )
    click(driver, driver.find_element(By.CSS_SELECTOR, '#grid [data-cell="a1"]'))
    verdict(driver, "false")
    edited = json.loads((REPO / "scenarios" / "colca-canyon.json").read_text())
    edited["terrain"][0] = "V" + edited["terrain"][0][1:]
    expected = validate_data(edited, "x.json")
    assert listed(driver) == [(p.rule.value, " ".join(p.cells)) for p in expected.errors]
    click(driver, driver.find_element(By.ID, "undo"))
    verdict(driver, "true")

    # the same verdicts as pachaprint validate --format json, through the page
    scenarios = variants()
    reports = cli_reports(tmp_path, scenarios)
    assert len(reports) == len(scenarios) >= 30
    for name, data in scenarios.items():
        got = call(driver, "/api/check", {"scenario": data, "box": "retail"})
        report = reports[name]
        if "error" in got:  # a field of the wrong JSON type: the studio refuses the request
            assert got["status"] == 400 and not report["valid"], name
            assert report["errors"][0]["rule"] == "schema", name
            continue
        answer = got["answer"]
        assert answer["valid"] == report["valid"], name
        assert problems(answer["errors"]) == problems(report["errors"]), name
        assert problems(answer["warnings"]) == problems(report["warnings"]), name

    # print files: clicked, downloaded, the very bytes pachaprint render writes for the map
    # the page holds (opened from a code: the disc and its name, no author)
    rendered = tmp_path / "rendered"
    (tmp_path / "page.json").write_text(
        json.dumps(driver.execute_script("return Studio.state.doc"))
    )
    subprocess.run(
        [sys.executable, "-m", "pachaprint", "render", str(tmp_path / "page.json"),
         "--out", str(rendered), "--paper", "letter", "--wheel", "volvelle45", "--lang", "de"],
        check=True, capture_output=True,
    )  # fmt: skip
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    driver.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
    )
    for select, value in (
        ("paper", "letter"),
        ("render-wheel", "volvelle45"),
        ("render-lang", "de"),
        ("render-file", "disc-print.pdf"),
    ):
        driver.execute_script(
            "const s = document.getElementById(arguments[0]); s.value = arguments[1];"
            "s.dispatchEvent(new Event('change'));",
            select,
            value,
        )
    click(driver, driver.find_element(By.ID, "render-download"))
    name = "colca-canyon-disc-print-letter.pdf"
    waiting(driver, 240).until(lambda d: (downloads / name).is_file())
    waiting(driver, 30).until(lambda d: not list(downloads.glob("*.crdownload")))
    assert (downloads / name).read_bytes() == (rendered / name).read_bytes()
    assert len(PdfReader(downloads / name).pages) == 2
    # the studio's print PDF: both wheels' fronts, each with the back behind it
    printed = tmp_path / "printed"
    driver.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(printed)}
    )
    click(driver, driver.find_element(By.ID, "print-pdf"))
    waiting(driver, 240).until(lambda d: (printed / name).is_file())
    waiting(driver, 30).until(lambda d: not list(printed.glob("*.crdownload")))
    pdf = PdfReader(printed / name)
    assert len(pdf.pages) == 4
    assert [item.title for item in pdf.outline] == [f"{colca.name} ({colca.id})"]
    fonts = {
        str(font.get_object()["/BaseFont"]).split("+")[-1]: font.get_object()
        for page in pdf.pages
        for font in page["/Resources"]["/Font"].values()
    }
    assert set(fonts) == {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"}, set(fonts)
    assert all("/FontFile2" in font["/FontDescriptor"].get_object() for font in fonts.values())
    for other in ("disc-back.svg", "disc-front.pdf"):
        got = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "Studio.download('/api/render', {scenario: Studio.state.doc, box: 'retail', file: arguments[0],"
            " wheel: 'volvelle45', paper: 'letter', lang: 'de'})"
            ".then(async (f) => { const b = new Uint8Array(await f.blob.arrayBuffer());"
            " let s = ''; b.forEach((x) => { s += String.fromCharCode(x); }); done([f.name, btoa(s)]); });",
            other,
        )
        assert base64.b64decode(got[1]) == (rendered / got[0]).read_bytes(), got[0]

    # sharing: the code, links to the site with it, a QR code
    click(driver, driver.find_element(By.ID, "share"))
    waiting(driver, 60).until(lambda d: d.find_element(By.ID, "share-qr").get_attribute("src"))
    assert driver.find_element(By.ID, "share-code").text == code
    assert (
        driver.find_element(By.ID, "share-table").get_attribute("href") == f"{url}table.html#{code}"
    )
    assert (
        driver.find_element(By.ID, "share-studio").get_attribute("href")
        == f"{url}studio.html#{code}"
    )
    assert driver.execute_script("return document.getElementById('share-qr').naturalWidth") > 100

    # drafts: saved in this browser, kept across visits; a map from a file
    click(driver, driver.find_element(By.ID, "save"))
    waiting(driver, 60).until(lambda d: "Saved" in d.find_element(By.ID, "save-status").text)
    exported = call(driver, "/api/read", {"text": json.dumps(edited)})["answer"]
    assert (
        exported["scenario"]["terrain"] == edited["terrain"]
        and exported["file"] != "colca-canyon.json"
    )
    driver.set_window_size(*PHONE)
    began = time.perf_counter()
    driver.get(f"{url}studio.html")
    started(driver)
    verdict(driver, "true")
    print(f"studio: first verdict {time.perf_counter() - began:.1f} s after a warm load")
    library = [
        b.get_attribute("data-file")
        for b in driver.find_elements(By.CSS_SELECTOR, "#library .entry")
    ]
    assert library == ["colca-canyon.json"]
    assert driver.find_element(By.ID, "path").text == "drafts kept in this browser"
    no_overflow(driver)
    driver.save_screenshot(str(tmp_path / "studio-phone.png"))
    driver.set_window_size(*DESKTOP)


# -- the table -----------------------------------------------------------------------------------
class Parallel:
    """The game the worker holds, played again here from the same seed and the same clicks:
    what the page may show is checked against it."""

    def __init__(self, scenario: Scenario, words: NewGame):
        self.game = TableGame(scenario, words.config(scenario))


def moved(driver, act) -> None:
    """Do ``act`` and wait until the table has moved on and settled (Python in the page's
    worker answers slower than the local server: a minute)."""
    before = moment(driver)
    act()
    after(driver, before, 60)


def test_a_solo_game_against_the_otoma_in_the_site(driver, site, tmp_path):
    _, url = site
    colca = disc("colca-canyon")
    driver.get(f"{url}table.html#{code_of(colca)}&speed=0")
    started(driver)
    waiting(driver, START).until(
        lambda d: d.find_element(By.ID, "setup-dialog").get_attribute("open")
    )
    click(driver, driver.find_element(By.CSS_SELECTOR, 'input[name="mode"][value="solo"]'))
    driver.execute_script("document.getElementById('seed').value = '6';")
    driver.execute_script(
        "const s = document.getElementById('difficulty'); if (s) { s.value = 'hard'; }"
    )
    moved(
        driver,
        functools.partial(
            click, driver, driver.find_element(By.CSS_SELECTOR, "#setup-form button[type=submit]")
        ),
    )
    words = NewGame(
        "solo",
        ("human",),
        "hard",
        driver.execute_script(
            "return document.getElementById('colour') && document.getElementById('colour').value"
        )
        or None,
        None,
        6,
    )
    parallel = Parallel(colca, words)
    assert_page_shows_the_table_only(driver, parallel.game.state)
    rng = random.Random(6)
    decisions = 0
    undone = False
    for _ in range(600):
        idle(driver, 120)
        state = parallel.game.state
        if state.is_terminal():
            break
        picks, actions = offers(driver, PICKS, "[data-action]")
        if picks and (not actions or rng.random() < 0.7):
            click(driver, rng.choice(picks))
            actions = offered(driver, "[data-action]")
            if not actions:
                continue
        element = rng.choice(actions)
        code = int(element.get_attribute("data-action"))
        assert code in state.legal_actions(), code
        moved(driver, functools.partial(click, driver, element))
        parallel.game.act(code)
        decisions += 1
        if not undone and parallel.game.undo_refusal() is None and decisions > 3:
            moved(driver, functools.partial(click, driver, driver.find_element(By.ID, "undo")))
            parallel.game.undo()
            undone = True
        assert_page_shows_the_table_only(driver, parallel.game.state)
    assert parallel.game.state.is_terminal() and decisions > 10 and undone
    assert driver.execute_script("return document.documentElement.dataset.mode") == "solo"
    # the finished game: downloaded to a file, opened from it again (a replay)
    saved = call_table(driver, "/api/download", {"moment": moment(driver)})
    assert saved["format"].startswith("pachaprint-game/")
    assert len(saved["actions"]) >= decisions
    no_overflow(driver)
    driver.set_window_size(*PHONE)
    no_overflow(driver)
    driver.set_window_size(*DESKTOP)


def call_table(driver, path: str, body: object) -> Any:
    text = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "Table.server.response(arguments[0], arguments[1]).then(async (r) => done(await r.text()),"
        " (e) => done('ERROR ' + e.message));",
        path,
        body,
    )
    assert not text.startswith("ERROR"), text
    return json.loads(text)


# -- a later visit: Python restored from its snapshot ----------------------------------------------
BOT_GAME = """
const done = arguments[arguments.length - 1];
(async () => {
  let answer = await Table.api("/api/new", {mode: "competitive", seats: ["expert", "greedy"], seed: 4});
  const answers = [answer];
  for (let i = 0; i < 6; i++) {
    answer = await Table.api("/api/step", {moment: answer.table.moment});
    answers.push(answer);
  }
  done(answers);
})().catch((e) => done(String(e)));
"""


def bot_game_in_python(tmp_path: Path, code: str) -> list[Any]:
    """:data:`BOT_GAME` through the worker's own handlers here (CPython)."""
    from pachaprint.site.worker import SiteWorker

    worker = SiteWorker(tmp_path / "python")

    def ask(path: str, body: object) -> Any:
        message = {"app": "table", "method": "POST", "path": path, "query": {}}
        head = json.loads(worker.handle(json.dumps({**message, "body": json.dumps(body)}))[0])
        assert head["status"] == 200, head
        return head["json"]

    ask("/api/disc", {"code": code})
    answers = [ask("/api/new", {"mode": "competitive", "seats": ["expert", "greedy"], "seed": 4})]
    for _ in range(6):
        answers.append(ask("/api/step", {"moment": answers[-1]["table"]["moment"]}))
    return answers


def visit(driver, address: str, ready: str) -> dict[str, int]:
    """Open ``address`` (leaving the page before) until ``ready`` holds; the worker's start
    (its steps, in milliseconds: ``runtime (snapshot)`` when Python was restored)."""
    driver.get("about:blank")
    driver.get(address)
    started(driver)
    waiting(driver, START).until(lambda d: d.execute_script(ready))
    times: dict[str, int] = driver.execute_script("return Pachaprint.runtimeTimes")
    return times


SETUP_OFFERED = "const d = document.getElementById('setup-dialog'); return d && d.open;"
VALID = "const v = document.getElementById('verdict'); return v && v.dataset.valid === 'true';"


def kept_snapshot(driver, apps: list[str], key_end: str = "") -> Any:
    """The snapshot record the worker keeps (its key, apps and size), read through the page,
    once it is the one for ``apps`` (the worker writes it a moment after the page's first
    answers, so that writing it does not delay them)."""
    found: list[Any] = []

    def written(d: Any) -> bool:
        found[:] = [_kept(d)]
        return bool(found[0]) and found[0]["apps"] == apps and found[0]["key"].endswith(key_end)

    waiting(driver, 30).until(written)
    return found[0]


def _kept(driver) -> Any:
    return driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const opening = indexedDB.open("pachaprint-site", 1);
        opening.onsuccess = () => {
          const get = opening.result.transaction("kept").objectStore("kept").get("python");
          get.onsuccess = () => { const r = get.result; opening.result.close();
            done(r ? {key: r.key, apps: r.apps, size: r.bytes.length} : null); };
        };
        """
    )


def test_a_later_visit_restores_python_from_its_snapshot_and_answers_alike(site, tmp_path):
    """The first visit keeps a snapshot of Python (the page's modules imported); the next ones
    restore it and give the same game and verdicts as the Python here. Another build (a new
    version in the page) starts afresh and replaces it; a snapshot that fails to restore is
    dropped for an ordinary start."""
    from tests.browser import console_problems, start_browser

    out, url = site
    colca = disc("colca-canyon")
    code = code_of(colca)
    expected = bot_game_in_python(tmp_path, code)
    table, studio = f"{url}table.html#{code}&speed=0", f"{url}studio.html#{code}"
    browser = start_browser()
    driver = browser.driver
    try:
        first = visit(driver, table, SETUP_OFFERED)
        assert "runtime" in first and "runtime (snapshot)" not in first and "preload" in first
        kept = kept_snapshot(driver, ["table"])
        assert kept["size"] > 1e6
        assert driver.execute_async_script(BOT_GAME) == expected
        # the studio's first visit: the table's snapshot, then the studio's modules on top
        then = visit(driver, studio, VALID)
        assert "runtime (snapshot)" in then and "preload" in then
        kept_snapshot(driver, ["studio", "table"])
        scenarios = variants()
        reports = cli_reports(tmp_path, scenarios)
        for name, data in scenarios.items():
            got = call(driver, "/api/check", {"scenario": data, "box": "retail"})
            if "error" in got:  # a field of the wrong JSON type: the studio refuses it
                assert got["status"] == 400 and reports[name]["errors"][0]["rule"] == "schema"
                continue
            assert got["answer"]["valid"] == reports[name]["valid"], name
            assert problems(got["answer"]["errors"]) == problems(reports[name]["errors"]), name
        # the table again: restored, nothing to import, the same game
        again = visit(driver, table, SETUP_OFFERED)
        assert "runtime (snapshot)" in again and "preload" not in again, again
        assert driver.execute_async_script(BOT_GAME) == expected
        # another build: its pages name another version; the snapshot is not restored
        page = (out / "table.html").read_text()
        version = re.search(r'data-version="([0-9a-f]+)"', page)
        assert version is not None
        (out / "table-next.html").write_text(page.replace(version[1], "0" * len(version[1])))
        try:
            fresh = visit(driver, f"{url}table-next.html#{code}&speed=0", SETUP_OFFERED)
            assert "runtime" in fresh and "runtime (snapshot)" not in fresh, fresh
            kept_snapshot(driver, ["table"], " " + "0" * len(version[1]))
            assert driver.execute_async_script(BOT_GAME) == expected
            # a snapshot that does not restore: dropped, Python starts afresh
            driver.execute_async_script(
                """
                const done = arguments[arguments.length - 1];
                const opening = indexedDB.open("pachaprint-site", 1);
                opening.onsuccess = () => {
                  const store = opening.result.transaction("kept", "readwrite").objectStore("kept");
                  const get = store.get("python");
                  get.onsuccess = () => {
                    const r = get.result;
                    r.bytes = new Uint8Array(r.bytes.length);  // all zeros: no snapshot at all
                    store.put(r, "python").onsuccess = () => { opening.result.close(); done(); };
                  };
                };
                """
            )
            console_problems(driver)
            broken = visit(driver, f"{url}table-next.html#{code}&speed=0", SETUP_OFFERED)
            assert "runtime" in broken and "runtime (snapshot)" not in broken, broken
            said = [e["message"] for e in console_problems(driver)]
            assert any("did not restore" in m for m in said), said
            assert driver.execute_async_script(BOT_GAME) == expected
        finally:
            (out / "table-next.html").unlink()
    finally:
        browser.quit()


def test_a_browser_that_cannot_inflate_the_bundle_has_python_unpack_it(site, tmp_path):
    """Where the browser has no DecompressionStream, the worker hands the gzipped bundle to
    Python, which unpacks it (slower); the table then plays the same game."""
    from tests.browser import start_browser

    out, url = site
    code = code_of(disc("colca-canyon"))
    expected = bot_game_in_python(tmp_path, code)
    worker = (out / "site" / "worker.js").read_text()
    (out / "site" / "worker-old.js").write_text("self.DecompressionStream = undefined;\n" + worker)
    page = (out / "table.html").read_text().replace('"site/worker.js"', '"site/worker-old.js"')
    assert "site/worker-old.js" in page
    (out / "table-old.html").write_text(page)
    browser = start_browser()
    try:
        times = visit(browser.driver, f"{url}table-old.html#{code}&speed=0", SETUP_OFFERED)
        assert "code (Python)" in times and "runtime" in times, times
        assert browser.driver.execute_async_script(BOT_GAME) == expected
    finally:
        browser.quit()
        (out / "table-old.html").unlink()
        (out / "site" / "worker-old.js").unlink()


# -- the gallery ----------------------------------------------------------------------------------
def test_the_gallery_links_each_disc_to_the_site(site):
    out, _ = site
    index = (out / "index.html").read_text()
    for name in ("colca-canyon", "akapana-mound"):
        code = code_of(disc(name))
        assert f'href="table.html#{code}"' in index
        assert f'href="studio.html#{code}"' in index
    assert re.search(
        r"<meta http-equiv=\"Content-Security-Policy\"", (out / "studio.html").read_text()
    )
