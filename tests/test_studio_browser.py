"""The studio page in real headless Chromium (selenium, see tests/browser.py)."""

from __future__ import annotations

import json

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pachaprint.studio.authoring import check_document, explain_document
from pachaprint.studio.server import BackgroundStudio
from pachaprint.web.workspace import Workspace
from tests.browser import (
    DESKTOP,
    TABLET,
    clean_page,
    click,
    console_problems,
)
from tests.browser import wait_until as wait
from tests.helpers import REPO, example, example_folder

pytestmark = pytest.mark.slow

HOSTILE = '<img src=x onerror="alert(1)"><i class="pwned">x</i>'


@pytest.fixture
def folder(tmp_path):
    return example_folder(tmp_path)


@pytest.fixture
def studio(folder):
    with BackgroundStudio(Workspace.open(folder)) as running:
        yield running


@pytest.fixture
def driver(browser, studio):
    """The browser at desktop size, logs cleared; no console problem may be left after the
    test, nor any request to anywhere but the studio."""
    with clean_page(browser, DESKTOP, f"http://127.0.0.1:{studio.port}/") as driver:
        yield driver
        # leave the page before this test's server stops (its timers would call a dead server)
        driver.get("about:blank")


# -- reading and driving the page -------------------------------------------------------------
def open_studio(driver, studio, file: str) -> None:
    driver.get(f"{studio.url}#file={file}")
    wait(driver)
    assert driver.find_element(By.ID, "doc-file").text == file


def cell(driver, name: str):
    return driver.find_element(By.CSS_SELECTOR, f'.cell[data-cell="{name}"]')


def focus(driver, name: str):
    """Put the keyboard cursor on a cell without painting it."""
    element = cell(driver, name)
    driver.execute_script("arguments[0].focus()", element)
    return element


def tool(driver, kind: str, value: str | None = None):
    selector = f'.tool[data-tool="{kind}"]' + (f'[data-value="{value}"]' if value else "")
    click(driver, driver.find_element(By.CSS_SELECTOR, selector))


def listed(driver, which: str = "problems") -> list[tuple[str, str]]:
    return [
        (li.get_attribute("data-rule"), li.get_attribute("data-cells"))
        for li in driver.find_elements(By.CSS_SELECTOR, f"#{which} li")
    ]


def marked(driver) -> set[str]:
    return {
        c.get_attribute("data-cell")
        for c in driver.find_elements(By.CSS_SELECTOR, ".cell[data-problem]")
    }


def current_doc(driver) -> dict:
    return driver.execute_script("return Studio.state.doc")


def expected(doc: dict) -> list[tuple[str, str]]:
    return [(p["rule"], " ".join(p["cells"])) for p in check_document(doc)["errors"]]


# -- the tests ----------------------------------------------------------------------------------
def test_a_painted_defect_is_listed_with_its_rule_and_marked_on_the_grid(driver, studio):
    open_studio(driver, studio, "lake-shore.json")
    assert listed(driver) == [] and marked(driver) == set()
    assert driver.find_element(By.ID, "verdict").get_attribute("class") == "verdict ok"
    # b3 gets crop 2 from the keyboard: it now touches a3 and c3, both 2
    focus(driver, "b3").send_keys("2")
    wait(driver)
    problems = listed(driver)
    assert ("crop-separation", "a3 b3") in problems and ("crop-separation", "b3 c3") in problems
    assert problems == expected(current_doc(driver))
    cells = {c for _, names in problems for c in names.split()}
    assert marked(driver) == cells
    flagged = cell(driver, "a3")
    # not by colour alone: a dashed outline and a "!" badge
    assert flagged.value_of_css_property("outline-style") == "dashed"
    badge = flagged.find_element(By.CSS_SELECTOR, ".flag")
    assert badge.is_displayed() and badge.text == "!"
    assert "has a problem" in flagged.get_attribute("aria-label")
    assert cell(driver, "e5").value_of_css_property("outline-style") == "none"
    # selecting a problem hatches its cells
    click(driver, driver.find_element(By.CSS_SELECTOR, '#problems li[data-cells="a3 b3"]'))
    focused = {
        c.get_attribute("data-cell")
        for c in driver.find_elements(By.CSS_SELECTOR, ".cell[data-focus]")
    }
    assert focused == {"a3", "b3"}
    assert "repeating-linear-gradient" in cell(driver, "a3").value_of_css_property(
        "background-image"
    )


def test_dragging_paints_terrain_and_one_undo_takes_the_whole_stroke_back(driver, studio):
    open_studio(driver, studio, "lake-shore.json")
    before = current_doc(driver)["terrain"]
    tool(driver, "terrain", "V")
    chain = ActionChains(driver).click_and_hold(cell(driver, "c1"))
    for name in ("d1", "e1"):
        chain = chain.move_to_element(cell(driver, name))
    chain.release().perform()
    wait(driver)
    assert current_doc(driver)["terrain"][0] == "VVVVV"
    assert [cell(driver, n).get_attribute("data-terrain") for n in ("c1", "d1", "e1")] == ["V"] * 3
    assert cell(driver, "d1").find_element(By.CSS_SELECTOR, ".letter").text == "V"
    region = next(cells for rule, cells in listed(driver) if rule == "region-size")
    assert {"c1", "d1", "e1", "e2"} <= set(region.split())
    assert listed(driver) == expected(current_doc(driver))
    assert set(region.split()) <= marked(driver)
    click(driver, driver.find_element(By.ID, "undo"))
    wait(driver)
    assert current_doc(driver)["terrain"] == before and listed(driver) == []
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.CONTROL, "y")
    wait(driver)
    assert current_doc(driver)["terrain"][0] == "VVVVV"


def test_the_offered_start_cells_make_a_non_unique_map_unique(driver, studio):
    open_studio(driver, studio, "lake-shore.json")
    tool(driver, "start")
    for name in ("b2", "a5", "e5"):
        click(driver, cell(driver, name))
    wait(driver)
    assert [rule for rule, _ in listed(driver)] == ["not-unique"]
    suggestion = driver.find_element(By.ID, "suggestion")
    assert suggestion.is_displayed()
    offered = suggestion.get_attribute("data-cells").split()
    assert offered and all(o in suggestion.text for o in offered)
    click(driver, driver.find_element(By.ID, "apply-suggestion"))
    wait(driver)
    assert listed(driver) == []
    assert driver.find_element(By.ID, "verdict").get_attribute("class") == "verdict ok"
    doc = current_doc(driver)
    assert set(offered) <= set(doc["start"])
    assert all(cell(driver, name).get_attribute("data-start") == "true" for name in offered)
    assert check_document(doc)["valid"]
    # the previews of the now valid map are drawn by the renderer
    wait(
        driver,
        lambda d: d.execute_script(
            "return document.getElementById('preview-back').naturalWidth > 0"
        ),
    )


def test_save_and_reload_keep_the_edits_and_markup_stays_text(driver, studio, folder):
    open_studio(driver, studio, "lake-shore.json")
    name = driver.find_element(By.ID, "f-name")
    name.clear()
    name.send_keys(HOSTILE)
    focus(driver, "e5").send_keys(Keys.DELETE)  # e5 is a start cell: no digit is a problem
    wait(driver)
    assert ("start", "e5") in listed(driver)
    cell(driver, "e5").send_keys("1")
    wait(driver)
    assert not driver.find_element(By.ID, "dirty").get_attribute("hidden")
    click(driver, driver.find_element(By.ID, "save"))
    wait(driver, lambda d: "Saved lake-shore.json" in d.find_element(By.ID, "save-status").text)
    assert driver.find_element(By.ID, "dirty").get_attribute("hidden")
    saved = json.loads((folder / "lake-shore.json").read_text())
    assert saved["name"] == HOSTILE
    assert list(saved) == ["$schema", *example("lake-shore")]  # added, pointing from here
    assert (folder / saved["$schema"]).resolve() == REPO / "schemas" / "scenario.schema.json"
    driver.refresh()
    wait(driver)
    assert driver.find_element(By.ID, "f-name").get_attribute("value") == HOSTILE
    assert driver.find_element(By.ID, "doc-name").text == HOSTILE
    entry = driver.find_element(By.CSS_SELECTOR, '.entry[data-file="lake-shore.json"] strong')
    assert entry.text == HOSTILE
    assert driver.find_elements(By.CSS_SELECTOR, "[onerror], .pwned") == []


def test_the_page_needs_the_session_token(driver, studio):
    base = f"http://127.0.0.1:{studio.port}/"
    for address in (base, base + "?token=wrong", base + "api/library"):
        driver.get(address)
        assert "session token" in driver.find_element(By.TAG_NAME, "body").text
        assert driver.find_elements(By.ID, "grid") == []
    refused = console_problems(driver)
    assert refused and all("403" in entry["message"] for entry in refused)
    driver.get(studio.url)
    wait(driver)
    assert driver.find_elements(By.CSS_SELECTOR, ".cell[data-cell]")


@pytest.mark.parametrize("size", [DESKTOP, TABLET], ids=["desktop", "tablet"])
def test_no_console_errors_and_no_overflow_at_desktop_and_tablet_width(driver, studio, size):
    driver.set_window_size(*size)
    open_studio(driver, studio, "high-valley.json")
    assert len(driver.find_elements(By.CSS_SELECTOR, ".cell[data-cell]")) == 45
    overflow = driver.execute_script(
        "return document.documentElement.scrollWidth - window.innerWidth"
    )
    assert overflow <= 0
    grid = driver.find_element(By.ID, "grid").rect
    assert grid["x"] >= 0 and grid["x"] + grid["width"] <= size[0]
    focus(driver, "e3").send_keys("m")
    wait(driver)
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.CONTROL, "z")
    wait(driver)
    wait(
        driver,
        lambda d: d.execute_script(
            "return document.getElementById('preview-front').naturalWidth > 0"
        ),
    )
    click(driver, driver.find_element(By.ID, "explain-open"))
    wait(driver, lambda d: d.find_element(By.ID, "explain-bar").is_displayed())
    click(driver, driver.find_element(By.ID, "explain-next"))
    click(driver, driver.find_element(By.ID, "explain-close"))


def test_explained_steps_show_on_the_grid_one_at_a_time(driver, studio):
    open_studio(driver, studio, "lake-shore.json")
    steps = explain_document(example("lake-shore"))["steps"]
    click(driver, driver.find_element(By.ID, "explain-open"))
    wait(driver, lambda d: d.find_element(By.ID, "explain-bar").is_displayed())
    assert driver.find_element(By.ID, "explain-count").text == "Start position"
    assert cell(driver, "d1").find_element(By.CSS_SELECTOR, ".crop").text == "4"
    assert cell(driver, "a1").find_element(By.CSS_SELECTOR, ".crop").text == ""
    for number in (1, 2):
        click(driver, driver.find_element(By.ID, "explain-next"))
        step = steps[number - 1]
        assert driver.find_element(By.ID, "explain-count").text == f"Step {number} of {len(steps)}"
        assert driver.find_element(By.ID, "explain-text").text.startswith(step["text"])
        changed = {
            c.get_attribute("data-cell")
            for c in driver.find_elements(By.CSS_SELECTOR, '.cell[data-step="changed"]')
        }
        assert changed == set(step["cells"])
        because = {
            c.get_attribute("data-cell")
            for c in driver.find_elements(By.CSS_SELECTOR, '.cell[data-step="because"]')
        }
        assert because == set(step["because"]) - set(step["cells"])
    click(driver, driver.find_element(By.ID, "explain-last"))
    assert all(
        cell(driver, name).find_element(By.CSS_SELECTOR, ".crop").text
        for name in ("a1", "c3", "e4")
    )
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    assert not driver.find_element(By.ID, "explain-bar").is_displayed()


def test_generate_makes_a_fresh_valid_scenario_with_a_new_id(driver, studio, folder):
    open_studio(driver, studio, "lake-shore.json")
    driver.find_element(By.ID, "gen-size").send_keys("tiny")
    driver.find_element(By.ID, "gen-difficulty").send_keys("easy")
    click(driver, driver.find_element(By.ID, "generate"))
    wait(driver, lambda d: d.find_element(By.ID, "doc-file").text.startswith("tiny-disc-"))
    wait(driver)
    doc = current_doc(driver)
    assert doc["size"] == "tiny" and driver.find_element(By.ID, "difficulty").text == "easy"
    file = driver.find_element(By.ID, "doc-file").text
    assert file == f"{doc['id']}.json" and not (folder / file).exists()
    click(driver, driver.find_element(By.ID, "save"))
    wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, f'.entry[data-file="{file}"]'))
    assert json.loads((folder / file).read_text())["terrain"] == doc["terrain"]


def test_from_an_empty_file_to_a_saved_disc_and_its_print_files(browser, tmp_path):
    target = tmp_path / "my-disc.json"
    driver = browser.driver
    driver.set_window_size(*DESKTOP)
    console_problems(driver)
    with BackgroundStudio(Workspace.open(target)) as studio:
        driver.get(studio.url)
        wait(driver)
        assert driver.find_element(By.ID, "library-panel").get_attribute("hidden")
        assert {
            c.get_attribute("data-terrain") for c in driver.find_elements(By.CSS_SELECTOR, ".cell")
        } == {"."}
        assert listed(driver)[0][0] == "unpainted"
        assert driver.find_element(By.ID, "print-pdf").get_attribute("disabled")
        driver.find_element(By.ID, "gen-difficulty").send_keys("hard")
        click(driver, driver.find_element(By.ID, "generate"))
        wait(driver, lambda d: "from seed" in d.find_element(By.ID, "generate-note").text)
        wait(driver)
        assert listed(driver) == [] and driver.find_element(By.ID, "difficulty").text == "hard"
        assert driver.find_element(By.ID, "f-id").get_attribute("value") == "my-disc"
        click(driver, driver.find_element(By.ID, "save"))
        wait(driver, lambda d: "Saved my-disc.json" in d.find_element(By.ID, "save-status").text)
        saved = json.loads(target.read_text())
        assert saved["id"] == "my-disc" and len(saved["solo"]["otoma"]) == 5
        assert check_document(saved)["valid"]
        made = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "const body = {scenario: Studio.state.doc, paper: 'a4'};"
            "Promise.all([Studio.download('/api/print', body), Studio.download('/api/wheel', body)])"
            ".then(files => Promise.all(files.map(async f => [f.name, f.blob.size, (await f.blob.text()).slice(0, 15)])))"
            ".then(done, e => done(String(e)));"
        )
        assert made[0][0] == "my-disc-disc-print-a4.pdf" and made[0][2].startswith("%PDF")
        assert made[1][0] == "my-disc-wheel.html" and made[1][2].startswith("<!DOCTYPE html>")
        assert made[0][1] > 10_000 and made[1][1] > 10_000
        driver.get("about:blank")
    assert console_problems(driver) == []
