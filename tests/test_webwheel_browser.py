"""The digital wheel page driven in headless Chromium (selenium, see tests/browser.py)."""

from __future__ import annotations

import json
import tempfile
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By

from pachaprint.model.printing import PrintSettings
from pachaprint.model.rules import TERRAIN_LETTERS, Terrain
from pachaprint.model.scenario import Scenario
from pachaprint.render.webwheel import write_webwheel
from tests.browser import click, console_problems, requested_urls, start_browser, waiting
from tests.helpers import disc_of

pytestmark = pytest.mark.slow  # end to end: the quick set (-m "not slow") skips it

# -- fixtures -----------------------------------------------------------------

EXAMPLES = Path(__file__).resolve().parent / "fixtures"
TERRAIN_NAMES = {t.value: t.label for t in Terrain}


def load_example(name: str) -> Scenario:
    return Scenario.from_dict(json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, tuple[Scenario, Path]]:
    """The example scenarios, each written as a wheel page."""
    folder = tmp_path_factory.mktemp("wheel")
    result = {}
    for name in ("high-valley", "lake-shore"):
        scenario = load_example(name)
        path = write_webwheel(disc_of(scenario), folder / name / "wheel.html")
        result[name] = (scenario, path)
    return result


@pytest.fixture(scope="module")
def desktop():
    browser = start_browser()
    yield browser
    browser.quit()


@pytest.fixture(scope="module")
def mobile():
    browser = start_browser(mobile=True)
    yield browser
    browser.quit()


@pytest.fixture
def page(desktop, pages):
    """Open a page with empty storage; after the test, no console problems allowed."""

    def open_page(name: str, url: str | None = None, clear: bool = True) -> Scenario:
        scenario, path = pages[name]
        goto(desktop.driver, url or path.as_uri())
        if clear:
            desktop.driver.execute_script("window.localStorage.clear()")
            goto(desktop.driver, url or path.as_uri())
        return scenario

    console_problems(desktop.driver)
    yield open_page
    problems = console_problems(desktop.driver)
    assert problems == [], f"console errors or warnings: {problems}"


def goto(driver, url: str) -> None:
    driver.get(url)
    waiting(driver, 5).until(
        lambda d: (
            d.execute_script("return document.documentElement.getAttribute('data-ready')") == "true"
        )
    )


# -- page actions and readings ------------------------------------------------
def cell_button(driver, name: str):
    return driver.find_element(By.CSS_SELECTOR, f'.cell[data-cell="{name}"]')


def button(driver, ident: str):
    return driver.find_element(By.ID, ident)


def reveal(driver, name: str, kind: str) -> None:
    """Tap the cell, press Discovery (terrain) or Divination (crop), confirm."""
    click(driver, cell_button(driver, name))
    click(driver, button(driver, "btn-discovery" if kind == "terrain" else "btn-divination"))
    waiting(driver, 5).until(lambda d: button(d, "confirm").is_displayed())
    click(driver, button(driver, "btn-confirm"))


READ_STATE = """
const cells = {};
document.querySelectorAll('.cell').forEach(b => {
  cells[b.dataset.cell] = [b.dataset.terrain || null, b.dataset.crop ? Number(b.dataset.crop) : null];
});
const supply = {};
document.querySelectorAll('.tile').forEach(t => { supply[t.dataset.terrain] = Number(t.dataset.left); });
const shown = document.getElementById('window');
return {cells, supply, window: shown.textContent, windowCell: shown.dataset.cell || null,
        log: Array.from(document.querySelectorAll('#log li')).map(li => li.textContent)};
"""


def state(driver) -> dict:
    return driver.execute_script(READ_STATE)


def shows_cells(driver, expected: dict[str, list]) -> None:
    """Wait until the board shows ``expected``. A page opened just after another page
    wrote its progress may read the storage before Chromium hands the write across
    renderer processes; the page then follows the ``storage`` event that brings it."""
    try:
        waiting(driver, 5).until(lambda d: state(d)["cells"] == expected)
    except TimeoutException:
        assert state(driver)["cells"] == expected  # the comparison, for the report


def expected_cells(scenario: Scenario, terrain: set[str], crop: set[str]) -> dict[str, list]:
    """What the board must show: start cells in full, plus the revealed terrains and crops."""
    board = scenario.board
    result = {}
    for cell in board.cells:
        name = board.name(cell)
        start = cell in scenario.start_cells
        result[name] = [
            scenario.terrain_at(cell) if start or name in terrain else None,
            scenario.crop_at(cell) if start or name in crop else None,
        ]
    return result


def expected_supply(scenario: Scenario, terrain: set[str]) -> dict[str, int]:
    """Terrain counts of the map minus the revealed terrains (start cells count as revealed)."""
    board = scenario.board
    left = scenario.terrain_counts()
    shown = {board.name(c) for c in scenario.start_cells} | terrain
    for name in shown:
        left[scenario.terrain_at(board.index(name))] -= 1
    return left


# -- tests: revealing -----------------------------------------------------------
def test_start_cells_shown_as_at_setup(page, desktop):
    for name in ("high-valley", "lake-shore"):
        scenario = page(name)
        got = state(desktop.driver)
        assert got["cells"] == expected_cells(scenario, set(), set())
        assert got["supply"] == expected_supply(scenario, set())
        sizes = desktop.driver.execute_script("""
            return Array.from(document.querySelectorAll('.head use, .pick use, .tile use')).map(u => {
              const box = u.getBBox(); return [u.getAttribute('href'), box.width, box.height]; });""")
        assert len(sizes) == 2 * (scenario.board.width + scenario.board.height) + 4
        for href, width, height in sizes:
            assert width > 20 and height > 20, f"the symbol {href} draws (almost) nothing"
        first = scenario.start_cells[0]
        click(desktop.driver, cell_button(desktop.driver, scenario.board.name(first)))
        window = button(desktop.driver, "window").text
        assert "start cell" in window and TERRAIN_NAMES[scenario.terrain_at(first)] in window
        assert f"crop {scenario.crop_at(first)}" in window


def test_discovery_and_divination_reveal_the_scenario(page, desktop):
    driver = desktop.driver
    scenario = page("high-valley")
    board = scenario.board
    terrain: set[str] = set()
    crop: set[str] = set()
    for name in ("a1", "e3", "h5", "d2"):
        cell = board.index(name)
        reveal(driver, name, "terrain")
        terrain.add(name)
        got = state(driver)
        assert got["cells"][name] == [scenario.terrain_at(cell), None]
        assert got["windowCell"] == name
        assert TERRAIN_NAMES[scenario.terrain_at(cell)] in got["window"]
        reveal(driver, name, "crop")
        crop.add(name)
        got = state(driver)
        assert got["cells"][name] == [scenario.terrain_at(cell), scenario.crop_at(cell)]
        assert f"Crop {scenario.crop_at(cell)}" in got["window"]
    got = state(driver)
    assert got["cells"] == expected_cells(scenario, terrain, crop)
    assert got["supply"] == expected_supply(scenario, terrain)
    assert len(got["log"]) == 8


def test_each_reveal_needs_its_confirmation(page, desktop):
    driver = desktop.driver
    scenario = page("lake-shore")
    before = state(driver)
    click(driver, cell_button(driver, "c3"))
    assert not button(driver, "btn-divination").is_enabled(), (
        "a crop is divined only on a discovered cell"
    )
    click(driver, button(driver, "btn-discovery"))
    assert button(driver, "confirm").is_displayed()
    assert "c3" in button(driver, "confirm-text").text
    assert state(driver)["cells"] == before["cells"], "pressing Discovery alone revealed something"
    click(driver, button(driver, "btn-cancel"))
    assert not button(driver, "confirm").is_displayed()
    assert state(driver)["cells"] == before["cells"]
    # choosing another cell drops a pending confirmation
    click(driver, button(driver, "btn-discovery"))
    click(driver, cell_button(driver, "e3"))
    assert not button(driver, "confirm").is_displayed()
    # start cells are already revealed: both actions are off
    start = scenario.start[0]
    click(driver, cell_button(driver, start))
    assert not button(driver, "btn-discovery").is_enabled()
    assert not button(driver, "btn-divination").is_enabled()
    assert state(driver)["cells"] == before["cells"]


def test_choose_a_cell_by_element_and_animal(page, desktop):
    driver = desktop.driver
    scenario = page("high-valley")
    click(driver, driver.find_element(By.CSS_SELECTOR, '.pick.element[data-column="g"]'))
    assert not button(driver, "btn-discovery").is_enabled(), "one picker alone chooses no cell"
    click(driver, driver.find_element(By.CSS_SELECTOR, '.pick.animal[data-row="4"]'))
    assert "selected" in cell_button(driver, "g4").get_attribute("class")
    assert button(driver, "selection").text.startswith("g4")
    click(driver, button(driver, "btn-discovery"))
    click(driver, button(driver, "btn-confirm"))
    assert state(driver)["cells"]["g4"][0] == scenario.terrain_at(scenario.board.index("g4"))
    # changing only the element keeps the animal: g4 -> b4
    click(driver, driver.find_element(By.CSS_SELECTOR, '.pick.element[data-column="b"]'))
    assert button(driver, "selection").text.startswith("b4")
    # tapping a cell moves both pickers
    click(driver, cell_button(driver, "e2"))
    pressed = driver.find_elements(By.CSS_SELECTOR, '.pick[aria-pressed="true"]')
    assert sorted(p.text.split()[-1] for p in pressed) == ["2", "e"]


def test_undo_takes_back_the_last_reveal_only(page, desktop):
    driver = desktop.driver
    scenario = page("high-valley")
    reveal(driver, "b2", "terrain")
    reveal(driver, "c4", "terrain")
    reveal(driver, "c4", "crop")
    assert "Divination of c4" in button(driver, "btn-undo").text
    click(driver, button(driver, "btn-undo"))
    assert state(driver)["cells"] == expected_cells(scenario, {"b2", "c4"}, set())
    click(driver, button(driver, "btn-undo"))
    got = state(driver)
    assert got["cells"] == expected_cells(scenario, {"b2"}, set())
    assert got["supply"] == expected_supply(scenario, {"b2"})
    click(driver, button(driver, "btn-undo"))
    assert state(driver)["cells"] == expected_cells(scenario, set(), set())
    assert not button(driver, "btn-undo").is_enabled(), "undo cannot remove the start cells"
    driver.refresh()
    assert state(driver)["cells"] == expected_cells(scenario, set(), set()), "undo is saved too"


def test_remaining_tiles_count_down_to_zero(page, desktop):
    """Reveal the whole map through the buttons; the supply ends empty and every cell matches."""
    driver = desktop.driver
    for name in ("lake-shore", "high-valley"):
        scenario = page(name)
        board = scenario.board
        counts = driver.execute_script("""
            const counts = [];
            const left = () => Object.fromEntries(Array.from(document.querySelectorAll('.tile'))
                .map(t => [t.dataset.terrain, Number(t.dataset.left)]));
            for (const cell of Array.from(document.querySelectorAll('.cell')).map(b => b.dataset.cell)) {
              for (const id of ['btn-discovery', 'btn-divination']) {
                document.querySelector(`.cell[data-cell="${cell}"]`).click();
                const action = document.getElementById(id);
                if (action.disabled) continue;
                action.click();
                document.getElementById('btn-confirm').click();
                if (id === 'btn-discovery') counts.push([cell, left()]);
              }
            }
            return counts;""")
        shown = {board.name(c) for c in scenario.start_cells}
        assert len(counts) == board.cell_count - len(shown)
        for name_, left in counts:
            shown.add(name_)
            assert left == expected_supply(scenario, shown), f"after revealing {name_}"
        got = state(driver)
        everything = {board.name(c) for c in board.cells}
        assert got["cells"] == expected_cells(scenario, everything, everything)
        # colour is never alone: each tile shows its terrain symbol, each crop token its digit
        marks = driver.execute_script("""
            return Array.from(document.querySelectorAll('.cell')).map(b => [b.dataset.cell,
              b.querySelector('.terrain use').getAttribute('href'), b.querySelector('.crop').textContent]);""")
        for name_, href, digit in marks:
            cell = board.index(name_)
            assert (href, digit) == (
                f"#sym-terrain-{scenario.terrain_at(cell)}",
                str(scenario.crop_at(cell)),
            )
        assert set(got["supply"].values()) == {0}
        assert set(got["supply"]) == set(TERRAIN_LETTERS)


# -- tests: keeping progress -------------------------------------------------------
def test_progress_survives_reload_and_reset_clears_it(page, desktop):
    driver = desktop.driver
    scenario = page("lake-shore")
    reveal(driver, "a1", "terrain")
    reveal(driver, "a1", "crop")
    reveal(driver, "c3", "terrain")
    want = expected_cells(scenario, {"a1", "c3"}, {"a1"})
    driver.refresh()
    waiting(driver, 5).until(
        lambda d: d.execute_script("return document.documentElement.dataset.ready")
    )
    got = state(driver)
    assert got["cells"] == want
    assert got["supply"] == expected_supply(scenario, {"a1", "c3"})
    assert len(got["log"]) == 3
    click(driver, button(driver, "btn-reset"))
    assert state(driver)["cells"] == want, "reset waits for its confirmation"
    click(driver, button(driver, "btn-confirm"))
    assert state(driver)["cells"] == expected_cells(scenario, set(), set())
    driver.refresh()
    assert state(driver)["cells"] == expected_cells(scenario, set(), set())
    assert (
        driver.execute_script("return window.localStorage.getItem('pachaprint-wheel:lake-shore')")
        is None
    )


def test_progress_is_kept_per_scenario(page, desktop):
    driver = desktop.driver
    valley = page("high-valley")
    reveal(driver, "a1", "terrain")
    lake = page("lake-shore", clear=False)
    shows_cells(driver, expected_cells(lake, set(), set()))
    reveal(driver, "b1", "terrain")
    page("high-valley", clear=False)
    shows_cells(driver, expected_cells(valley, {"a1"}, set()))
    page("lake-shore", clear=False)
    shows_cells(driver, expected_cells(lake, {"b1"}, set()))


def test_progress_survives_a_browser_restart(pages):
    """file:// storage is written to the profile: a new browser on that profile finds it."""
    scenario, path = pages["high-valley"]
    profile = tempfile.mkdtemp(prefix="pachaprint-chromium-")
    first = start_browser(profile=profile)
    try:
        goto(first.driver, path.as_uri())
        reveal(first.driver, "f4", "terrain")
        reveal(first.driver, "f4", "crop")
    finally:
        first.driver.quit()
    second = start_browser(profile=profile)
    try:
        goto(second.driver, path.as_uri())
        shows_cells(second.driver, expected_cells(scenario, {"f4"}, {"f4"}))
        assert console_problems(second.driver) == []
    finally:
        second.quit()


def test_served_over_http_works_too(page, desktop, pages):
    """Served from a web server (localhost) the page behaves the same and keeps progress."""
    scenario, path = pages["lake-shore"]
    handler = partial(SimpleHTTPRequestHandler, directory=str(path.parent))
    handler.log_message = lambda *args: None  # type: ignore[assignment]
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/wheel.html"
        page("lake-shore", url=url)
        requested_urls(desktop.driver)
        reveal(desktop.driver, "e2", "terrain")
        desktop.driver.refresh()
        assert state(desktop.driver)["cells"] == expected_cells(scenario, {"e2"}, set())
        assert requested_urls(desktop.driver) == [url], "the page loads nothing besides itself"
    finally:
        server.shutdown()
        server.server_close()


def test_damaged_or_foreign_progress_is_set_aside(page, desktop):
    driver = desktop.driver
    scenario = page("lake-shore")
    for saved in (
        "{not json",
        json.dumps(
            {
                "format": "pachaprint-wheel-progress/1",
                "fingerprint": "00000000",
                "history": [{"cell": "a1", "reveal": "terrain"}],
            }
        ),
    ):
        driver.execute_script(
            "window.localStorage.setItem('pachaprint-wheel:lake-shore', arguments[0])", saved
        )
        driver.refresh()
        assert state(driver)["cells"] == expected_cells(scenario, set(), set())
        assert button(driver, "storage-note").is_displayed()


# -- tests: offline, console, layout ---------------------------------------------
def test_no_network_and_no_console_errors(page, desktop):
    driver = desktop.driver
    requested_urls(driver)
    console_problems(driver)
    scenario = page("high-valley")
    reveal(driver, "c1", "terrain")
    reveal(driver, "c1", "crop")
    click(driver, button(driver, "btn-undo"))
    click(driver, button(driver, "btn-reset"))
    click(driver, button(driver, "btn-confirm"))
    driver.refresh()
    urls = requested_urls(driver)
    assert urls, "the performance log recorded no request at all: the check would be blind"
    assert {u.split(":", 1)[0] for u in urls} <= {"file", "data"}, urls
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert console_problems(driver) == []
    assert scenario.id in driver.title or scenario.name in driver.title


def _layout(driver) -> dict:
    return driver.execute_script("""
        const doc = document.documentElement;
        const cells = Array.from(document.querySelectorAll('.cell')).map(b => {
          const r = b.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return {name: b.dataset.cell, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                  width: r.width, height: r.height, hit: !!hit && b.contains(hit)};
        });
        return {viewport: window.innerWidth, height: window.innerHeight, scrollWidth: doc.scrollWidth,
                bodyWidth: document.body.scrollWidth, cells};""")


def _reachable(driver, ident: str) -> dict:
    return driver.execute_script(
        """
        const el = document.getElementById(arguments[0]);
        el.scrollIntoView({block: 'center'});
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {left: r.left, right: r.right, width: r.width, height: r.height, hit: !!hit && el.contains(hit)};""",
        ident,
    )


@pytest.mark.parametrize("name", ["high-valley", "lake-shore"])
def test_layout_on_a_360_px_phone(mobile, pages, name):
    driver = mobile.driver
    scenario, path = pages[name]
    goto(driver, path.as_uri())
    driver.execute_script("window.localStorage.clear()")
    goto(driver, path.as_uri())
    layout = _layout(driver)
    assert layout["viewport"] == 360, "mobile emulation did not give a 360 px viewport"
    assert layout["scrollWidth"] <= 360 and layout["bodyWidth"] <= 360, "the page scrolls sideways"
    cells = layout["cells"]
    assert len(cells) == scenario.board.cell_count
    for cell in cells:
        assert cell["left"] >= 0 and cell["right"] <= 360, f"{cell['name']} sticks out: {cell}"
        assert cell["top"] >= 0 and cell["bottom"] <= layout["height"], (
            f"{cell['name']} is below the first screen"
        )
        assert cell["width"] >= 28 and cell["height"] >= 28, (
            f"{cell['name']} is too small to tap: {cell}"
        )
        assert cell["hit"], f"{cell['name']} is covered by something else"
    # tap a cell, reveal it with the buttons: all reachable without sideways scrolling
    click(driver, cell_button(driver, "c2"))
    for ident in ("btn-discovery", "btn-divination", "btn-undo", "btn-reset"):
        box = _reachable(driver, ident)
        assert box["hit"] and box["left"] >= 0 and box["right"] <= 360 and box["height"] >= 40, (
            ident,
            box,
        )
    click(driver, button(driver, "btn-discovery"))
    box = _reachable(driver, "btn-confirm")
    assert box["hit"] and box["right"] <= 360, box
    click(driver, button(driver, "btn-confirm"))
    assert state(driver)["cells"]["c2"][0] == scenario.terrain_at(scenario.board.index("c2"))
    for ident in ("pick-element", "pick-animal", "supply", "window"):
        box = _reachable(driver, ident)
        assert box["left"] >= 0 and box["right"] <= 360, (ident, box)
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 360
    assert console_problems(driver) == []


def test_works_without_storage(desktop, pages):
    """A browser that refuses local storage (private mode): reveals work, a note says they are not kept."""
    driver = desktop.driver
    scenario, path = pages["lake-shore"]
    script = driver.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument",
        {
            "source": """
        Storage.prototype.setItem = function () { throw new DOMException('refused', 'QuotaExceededError'); };
        Storage.prototype.getItem = function () { throw new DOMException('refused', 'SecurityError'); };"""
        },
    )
    try:
        console_problems(driver)
        goto(driver, path.as_uri())
        reveal(driver, "c3", "terrain")
        assert state(driver)["cells"] == expected_cells(scenario, {"c3"}, set())
        assert button(driver, "storage-note").is_displayed()
        assert "not" in button(driver, "storage-note").text
        click(driver, button(driver, "btn-undo"))
        assert state(driver)["cells"] == expected_cells(scenario, set(), set())
        assert console_problems(driver) == []
    finally:
        driver.execute_cdp_cmd(
            "Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]}
        )


def test_keyboard_chooses_and_confirms(page, desktop):
    """Arrow keys move the chosen cell; Escape cancels a pending reveal; Enter on the confirm button reveals."""
    from selenium.webdriver.common.keys import Keys

    driver = desktop.driver
    scenario = page("high-valley")
    click(driver, cell_button(driver, "b2"))
    focused = lambda: driver.switch_to.active_element.get_attribute("data-cell")  # noqa: E731
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    assert focused() == "c4" and button(driver, "selection").text.startswith("c4")
    driver.switch_to.active_element.send_keys(Keys.ARROW_UP * 9)
    assert focused() == "c1", "the cursor stops at the board's edge"
    click(driver, button(driver, "btn-discovery"))
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert not button(driver, "confirm").is_displayed()
    click(driver, button(driver, "btn-discovery"))
    assert driver.switch_to.active_element.get_attribute("id") == "btn-confirm"
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    assert state(driver)["cells"]["c1"] == [scenario.terrain_at(scenario.board.index("c1")), None]
    assert (
        driver.execute_script("return document.querySelectorAll('.cell[tabindex=\"0\"]').length")
        == 1
    )


def test_two_tabs_of_one_scenario_stay_in_step(page, desktop, pages):
    driver = desktop.driver
    scenario = page("lake-shore")
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    try:
        goto(driver, pages["lake-shore"][1].as_uri())
        second = driver.current_window_handle
        reveal(driver, "c1", "terrain")
        driver.switch_to.window(first)
        waiting(driver, 5).until(lambda d: state(d)["cells"]["c1"][0] is not None)
        assert state(driver)["cells"] == expected_cells(scenario, {"c1"}, set())
        click(driver, button(driver, "btn-reset"))
        click(driver, button(driver, "btn-confirm"))
        driver.switch_to.window(second)
        waiting(driver, 5).until(lambda d: state(d)["cells"]["c1"][0] is None)
        driver.close()
    finally:
        driver.switch_to.window(first)


def test_pages_in_other_languages(desktop, tmp_path):
    """German, Italian and French pages: the same play, texts from the language tables, no blanks left."""
    from pachaprint.render.webwheel import page_text

    driver = desktop.driver
    scenario = load_example("lake-shore")
    cell = scenario.board.index("c3")
    for lang in ("de", "it", "fr"):
        text = page_text(lang)
        path = write_webwheel(
            disc_of(scenario), tmp_path / lang / "wheel.html", PrintSettings(lang=lang)
        )
        console_problems(driver)
        goto(driver, path.as_uri())
        driver.execute_script("window.localStorage.clear()")
        goto(driver, path.as_uri())
        assert button(driver, "selection").text == text["choose_hint"]
        reveal(driver, "c3", "terrain")
        assert text["terrains"][scenario.terrain_at(cell)] in button(driver, "window").text
        reveal(driver, "c3", "crop")
        window = button(driver, "window").text
        assert text["crops"][str(scenario.crop_at(cell))] in window
        assert text["window_crop"].replace("{cell}", "c3") in window
        assert button(driver, "btn-undo").text == text["undo_crop"].replace("{cell}", "c3")
        click(driver, button(driver, "btn-reset"))
        shown = driver.execute_script("return document.body.innerText")
        assert "{" not in shown and "undefined" not in shown, lang
        assert state(driver)["cells"] == expected_cells(scenario, {"c3"}, {"c3"})
        assert console_problems(driver) == [], lang


def test_nothing_is_clipped_on_a_360_px_phone(mobile, pages):
    """Start-cell names, terrain icons and crop circles stay inside their cell and clear of
    the start cell's double frame; no label anywhere is cut by a box that hides overflow."""
    driver = mobile.driver
    scenario, path = pages["high-valley"]
    goto(driver, path.as_uri())
    driver.execute_script("window.localStorage.clear()")
    goto(driver, path.as_uri())
    found = driver.execute_script(
        """
        const out = [];
        const inside = (r, p, inset) => r.left >= p.left + inset - 0.5 && r.right <= p.right - inset + 0.5
            && r.top >= p.top + inset - 0.5 && r.bottom <= p.bottom - inset + 0.5;
        const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        for (const cell of document.querySelectorAll('.cell.start')) {
          const box = cell.getBoundingClientRect();
          const name = cell.querySelector('.name').getBoundingClientRect();
          const parts = ['.terrain', '.crop'].map(s => cell.querySelector(s)).filter(Boolean)
            .map(e => e.getBoundingClientRect());
          const frame = cell.clientLeft;  // the double frame is the border
          if (frame < 3) out.push(['no double frame', cell.dataset.cell]);
          if (!inside(name, box, frame)) out.push(['name on the frame', cell.dataset.cell]);
          for (const r of parts) {
            if (!inside(r, box, frame)) out.push(['icon on the frame', cell.dataset.cell]);
            if (overlap(name, r)) out.push(['name under an icon', cell.dataset.cell]);
          }
        }
        for (const el of document.querySelectorAll('body *')) {
          if (el.children.length || !el.textContent.trim()) continue;
          const r = el.getBoundingClientRect();
          if (!r.width) continue;
          if (r.left < -0.5 || r.right > window.innerWidth + 0.5) out.push(['off screen', el.textContent]);
          for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
            if (getComputedStyle(p).overflow === 'visible') continue;
            if (!inside(r, p.getBoundingClientRect(), 0)) out.push(['cut', el.textContent]);
            break;
          }
        }
        return [document.querySelectorAll('.cell.start').length, out];"""
    )
    count, problems = found
    assert count == len(scenario.start_cells)
    assert problems == []


def test_the_reveal_line_names_the_terrain_not_the_columns_element(desktop, pages):
    driver = desktop.driver
    scenario, path = pages["high-valley"]
    goto(driver, path.as_uri())
    driver.execute_script("window.localStorage.clear()")
    goto(driver, path.as_uri())
    # column c's element is the mountain: the line must not read as if the terrain were
    cell = next(
        f"c{r}" for r in range(1, 6) if scenario.board.index(f"c{r}") not in scenario.start_cells
    )
    click(driver, cell_button(driver, cell))
    assert (
        button(driver, "selection").text
        == f"{cell} — not revealed (element Mountain, animal {_animal(cell)})"
    )
    reveal(driver, cell, "terrain")
    terrain = {"V": "Valley", "D": "Desert", "F": "Forest", "M": "Mountain"}[
        scenario.terrain_at(scenario.board.index(cell))
    ]
    line = button(driver, "selection").text
    assert line.startswith(f"{cell} — terrain: {terrain}"), line
    assert line.endswith(f"(element Mountain, animal {_animal(cell)})"), line


def _animal(cell: str) -> str:
    return ("Condor", "Lizard", "Puma", "Snake", "Turtle")[int(cell[1]) - 1]
