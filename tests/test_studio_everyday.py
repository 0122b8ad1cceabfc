"""The studio keeps out of the way, at desktop and at phone width (headless Chromium):
keys work after any click, nothing is "unsaved" before it changes, a new name offers a new
id and file name, half-painted maps save as drafts, a blank map says what to do first, the
terrain is judged before any start cell, previews enlarge, and nothing overlaps."""

from __future__ import annotations

import json

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pachaprint.check.conflict import terrain_conflict
from pachaprint.model.board import board_for
from pachaprint.studio.server import BackgroundStudio
from pachaprint.web.workspace import Workspace
from tests.browser import DESKTOP, PHONE, clean_page, click, console_problems
from tests.browser import wait_until as wait
from tests.helpers import example_folder

pytestmark = pytest.mark.slow

SIZES = {"desktop": DESKTOP, "phone": PHONE}


@pytest.fixture
def folder(tmp_path):
    return example_folder(tmp_path)


@pytest.fixture(params=list(SIZES))
def driver(request, browser, folder):
    """The browser at one width on a studio of ``folder``; no console problem may be left,
    nor any request to anywhere but the studio."""
    size = SIZES[request.param]
    with BackgroundStudio(Workspace.open(folder)) as studio:
        home = f"http://127.0.0.1:{studio.port}/"
        with clean_page(browser, size, home) as driver:
            driver.studio = studio
            yield driver
            # leave without the unsaved-work guard (its dialog is an error where no one clicked)
            driver.execute_script(
                "if (window.Studio && Studio.state.doc) "
                "Studio.markSaved(Studio.state.file, Studio.state.hash)"
            )
            driver.get("about:blank")


def open_file(driver, file: str) -> None:
    driver.get(f"{driver.studio.url}#file={file}")
    wait(driver, lambda d: d.find_element(By.ID, "doc-file").text == file)
    wait(driver)  # and the verdict of that file shown


def by_id(driver, name: str):
    return driver.find_element(By.ID, name)


def cell(driver, name: str):
    return driver.find_element(By.CSS_SELECTOR, f'.cell[data-cell="{name}"]')


def doc(driver) -> dict:
    return driver.execute_script("return Studio.state.doc")


def type_name(driver, text: str) -> None:
    """Give the map a new name; the page offers the id (and file name) it suggests."""
    name = by_id(driver, "f-name")
    name.clear()
    name.send_keys(text)
    wait(driver, lambda d: d.find_element(By.ID, "rename-offer").is_displayed())


def press(driver, *keys: str) -> None:
    """Keys as a person types them: to whatever has the focus."""
    ActionChains(driver).send_keys(*keys).perform()


def shown(driver, name: str) -> bool:
    return by_id(driver, name).is_displayed()


def new_blank(driver, size: str = "tiny") -> None:
    click(driver, by_id(driver, f"new-{size}"))
    wait(driver, lambda d: d.find_element(By.ID, "doc-file").text.startswith("new-disc"))
    wait(driver)


def overlaps(driver, selectors: list[str]) -> list[tuple[str, str]]:
    """Pairs of visible elements (by selector) whose boxes overlap on the page."""
    return driver.execute_script(
        """
        const seen = new Set();
        const boxes = arguments[0].flatMap((s) => [...document.querySelectorAll(s)].map((el) => [s, el]))
          .filter(([, el]) => el.offsetParent !== null && !seen.has(el) && seen.add(el))
          .map(([s, el]) => [s + (el.id ? "#" + el.id : ""), el.getBoundingClientRect(), el]);
        const found = [];
        for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
          const [a, r, x] = boxes[i], [b, q, y] = boxes[j];
          if (x.contains(y) || y.contains(x)) continue;
          if (r.left < q.right - 0.5 && q.left < r.right - 0.5 && r.top < q.bottom - 0.5 && q.top < r.bottom - 0.5)
            found.push([a, b]);
        }
        return found;
        """,
        selectors,
    )


# -- the tests ----------------------------------------------------------------------------------
def test_keys_work_after_a_click_on_a_button_or_a_cell(driver):
    open_file(driver, "lake-shore.json")
    click(
        driver, driver.find_element(By.CSS_SELECTOR, '.tool[data-tool="terrain"][data-value="D"]')
    )
    assert driver.switch_to.active_element.get_attribute("data-tool") == "terrain"
    press(driver, Keys.ARROW_RIGHT, "m")  # the cursor leaves a1 for b1, which becomes a mountain
    wait(driver)
    assert doc(driver)["terrain"][0][1] == "M"
    click(driver, cell(driver, "c3"))  # paints c3 with the chosen tool (Desert) and keeps the keys
    press(driver, "f", Keys.ARROW_DOWN, "d")
    wait(driver)
    assert doc(driver)["terrain"][2][2] == "F" and doc(driver)["terrain"][3][2] == "D"
    click(driver, by_id(driver, "undo"))  # c4 is a valley again
    press(driver, Keys.ARROW_LEFT, "3")  # after Undo: from c4 to b4, crop 3
    wait(driver)
    assert doc(driver)["terrain"][3][2] == "V" and doc(driver)["crops"][3][1] == "3"
    click(driver, by_id(driver, "f-name"))
    press(driver, "x")  # a text field keeps its letters
    assert doc(driver)["name"] == "Lake Shorex" and doc(driver)["terrain"][3] == "MMVMM"


def test_nothing_is_unsaved_until_it_changes_and_generate_asks_nothing_then(driver, folder):
    open_file(driver, "lake-shore.json")
    assert not shown(driver, "dirty")
    new_blank(driver, "tiny")
    assert not shown(driver, "dirty") and "\u25cf" not in driver.title
    driver.execute_script(
        "window.asked = 0; window.confirm = () => { window.asked++; return false; };"
    )
    by_id(driver, "gen-size").send_keys("tiny")
    click(driver, by_id(driver, "generate"))
    wait(driver, lambda d: "from seed" in d.find_element(By.ID, "generate-note").text)
    wait(driver)
    assert driver.execute_script("return window.asked") == 0
    assert shown(driver, "dirty")  # a generated map is on no disk yet
    click(driver, by_id(driver, "generate"))  # now there is something to lose
    assert driver.execute_script("return window.asked") == 1
    driver.execute_script("window.confirm = () => true;")  # yes, leave the generated map
    open_file(driver, "high-valley.json")
    assert not shown(driver, "dirty")
    by_id(driver, "f-author").send_keys("A. Fan")
    wait(driver, lambda d: d.find_element(By.ID, "dirty").is_displayed())


def test_a_new_name_offers_its_id_and_the_file_name(driver, folder):
    open_file(driver, "lake-shore.json")
    assert not shown(driver, "rename-offer")
    type_name(driver, "Salt Flats")
    assert by_id(driver, "rename-text").text == (
        "Rename the id to \u201csalt-flats\u201d and the file to salt-flats.json?"
    )
    click(driver, by_id(driver, "rename-yes"))
    wait(driver, lambda d: "Saved salt-flats.json" in d.find_element(By.ID, "save-status").text)
    assert by_id(driver, "doc-file").text == "salt-flats.json"
    assert by_id(driver, "f-id").get_attribute("value") == "salt-flats"
    saved = json.loads((folder / "salt-flats.json").read_text())
    assert saved["id"] == "salt-flats" and saved["name"] == "Salt Flats"
    assert not (folder / "lake-shore.json").exists() and not shown(driver, "dirty")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '.entry[data-file="salt-flats.json"]'))
    # a name whose id another file has: the offer is refused in words, nothing is lost
    type_name(driver, "High Valley")
    click(driver, by_id(driver, "rename-yes"))
    wait(driver, lambda d: "Not renamed" in d.find_element(By.ID, "save-status").text)
    assert "high-valley.json exists already" in by_id(driver, "save-status").text
    assert by_id(driver, "save-status").text.endswith("The id stays \u201csalt-flats\u201d.")
    assert doc(driver)["id"] == "salt-flats" and by_id(driver, "doc-file").text == "salt-flats.json"
    refused = console_problems(driver)  # the browser logs the 409 answer; nothing else
    assert [e["message"].split(" - ")[0].rsplit("/", 1)[1] for e in refused] == ["rename"]
    assert (folder / "salt-flats.json").exists() and (folder / "high-valley.json").exists()
    # a new map on no disk yet: the id, and with it the name the first save will give the file
    driver.execute_script("window.confirm = () => true;")  # leave the unsaved name
    new_blank(driver, "tiny")
    type_name(driver, "Salt Lake")
    assert by_id(driver, "rename-text").text == (
        "Use the id \u201csalt-lake\u201d? The file will be salt-lake.json."
    )
    click(driver, by_id(driver, "rename-yes"))
    wait(driver, lambda d: d.find_element(By.ID, "doc-file").text == "salt-lake.json")
    assert doc(driver)["id"] == "salt-lake" and not shown(driver, "rename-offer")
    assert sorted(p.name for p in folder.iterdir()) == ["high-valley.json", "salt-flats.json"]


def test_a_half_painted_map_saves_as_a_draft_and_says_so(driver, folder):
    open_file(driver, "lake-shore.json")
    new_blank(driver, "tiny")
    assert shown(driver, "draft")
    click(driver, cell(driver, "a1"))
    press(driver, "d", Keys.ARROW_RIGHT, "f")
    wait(driver)
    click(driver, by_id(driver, "save"))
    wait(driver, lambda d: "as a draft" in d.find_element(By.ID, "save-status").text)
    assert "23 cells still need a terrain" in by_id(driver, "save-status").text
    file = by_id(driver, "doc-file").text
    written = json.loads((folder / file).read_text())
    assert written["format"] == "pachaprint-draft/1" and written["terrain"][0] == "DF..."
    # (the library is drawn again once its list comes back, after the status line)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'.entry[data-file="{file}"]'))
    entry = driver.find_element(By.CSS_SELECTOR, f'.entry[data-file="{file}"]')
    assert "draft" in entry.text and shown(driver, "draft") and not shown(driver, "dirty")
    driver.refresh()
    wait(driver)
    assert doc(driver)["terrain"][0] == "DF..." and shown(driver, "draft")


def test_a_blank_map_greets_with_its_first_step(driver):
    open_file(driver, "lake-shore.json")
    new_blank(driver, "long")
    guide = by_id(driver, "guide")
    assert guide.is_displayed() and guide.text.startswith("A blank map. Paint the terrain first")
    assert by_id(driver, "verdict").text.startswith("\u25cc\nPaint every cell")
    rules = [
        li.get_attribute("data-rule")
        for li in driver.find_elements(By.CSS_SELECTOR, "#problems li")
    ]
    assert rules == ["unpainted"]
    assert "item(s)" not in driver.find_element(By.TAG_NAME, "body").text


def test_the_terrain_is_judged_before_any_start_cell(driver):
    open_file(driver, "lake-shore.json")
    driver.execute_script("Studio.edit((d) => { d.start = []; delete d.solo; return true; })")
    wait(driver)
    check = by_id(driver, "terrain-check")
    assert check.is_displayed() and check.get_attribute("data-solvable") == "true"
    assert check.find_element(By.CSS_SELECTOR, ".terrain-mark").text == "\u2714"
    assert check.find_element(By.CSS_SELECTOR, ".terrain-text").text == (
        "The terrain alone admits a crop layer: the start cells will pick one."
    )
    assert by_id(driver, "guide").text.startswith("Now mark the start cells")
    click(
        driver, driver.find_element(By.CSS_SELECTOR, '.tool[data-tool="terrain"][data-value="D"]')
    )
    for name in ("b1", "a2", "c2", "b3"):  # b2, a Valley, walled in by deserts
        click(driver, cell(driver, name))
    wait(driver)
    wait(
        driver,
        lambda d: d.find_element(By.ID, "terrain-check").get_attribute("data-solvable") == "false",
    )
    assert check.find_element(By.CSS_SELECTOR, ".terrain-mark").text == "\u2716"
    conflict = terrain_conflict(doc(driver)["terrain"])  # the library's smallest conflict
    assert conflict is not None
    names = board_for("tiny").names(conflict.cells)
    assert check.find_element(By.CSS_SELECTOR, ".terrain-text").text == (
        f"No crop layer fits this terrain, whatever the start cells: repaint some of the "
        f"{len(names)} cells marked on the map (the unsolvable problem says why)."
    )
    assert not shown(driver, "guide")  # no next step until the terrain is fixed
    # the walled-in b2 touches a1's Valley at a corner, the new deserts touch each other at
    # corners: listed at once, as the checker lists them, whatever the start cells
    shown_now = [
        (li.get_attribute("data-rule"), li.get_attribute("data-cells"))
        for li in driver.find_elements(By.CSS_SELECTOR, "#problems li")
    ]
    separations = [c for r, c in shown_now if r == "region-separation"]
    assert separations == ["a1 b2", "b1 a2", "b1 c2", "a2 b3"]
    assert by_id(driver, "verdict").text.startswith(f"\u2716\n{len(shown_now)} problems")
    problem = driver.find_element(By.CSS_SELECTOR, '#problems li[data-rule="unsolvable"]')
    assert problem.get_attribute("data-cells") == " ".join(names)
    assert problem.text.endswith(conflict.message)  # the library's words for the conflict
    assert conflict.message.startswith(
        "the terrain alone admits no crop layer, whatever the start crops: a1 touches every cell"
    )
    marked = driver.find_elements(By.CSS_SELECTOR, ".cell[data-problem]")
    every = {c for _rule, cells in shown_now for c in cells.split()}
    assert sorted(c.get_attribute("data-cell") for c in marked) == sorted(every)
    assert set(names) <= every


def test_previews_enlarge_on_click(driver):
    open_file(driver, "lake-shore.json")
    wait(
        driver,
        lambda d: d.execute_script(
            "return document.getElementById('preview-back').naturalWidth > 0"
        ),
    )
    thumb = by_id(driver, "preview-back")
    driver.execute_script("arguments[0].scrollIntoView()", thumb)
    small = thumb.rect["width"]
    click(driver, thumb)
    dialog = by_id(driver, "preview-dialog")
    wait(driver, lambda d: dialog.is_displayed())
    large = by_id(driver, "preview-large")
    wait(driver, lambda d: d.execute_script("return arguments[0].naturalWidth > 0", large))
    assert large.rect["width"] >= 2.5 * small and by_id(driver, "preview-caption").text == "Back"
    viewport = driver.execute_script("return [innerWidth, innerHeight]")
    assert large.rect["x"] >= 0 and large.rect["x"] + large.rect["width"] <= viewport[0]
    press(driver, Keys.ESCAPE)
    wait(driver, lambda d: not dialog.is_displayed())


def test_nothing_overlaps_and_nothing_spills_over_the_side(driver):
    open_file(driver, "lake-shore.json")
    driver.execute_script(
        "Studio.edit((d) => Studio.change.terrain(d, 'b2', '.'))"
    )  # draft + unsaved
    wait(driver)
    assert shown(driver, "dirty") and shown(driver, "draft")
    header = ["#doc-name", "#doc-file", "#draft", "#dirty", "#undo", "#redo", "#save", ".brand"]
    assert overlaps(driver, header) == []
    name = "The Very Long Name Of A Disc That Fills The Whole Header Row Up"[:60]
    driver.execute_script(f"Studio.edit((d) => {{ d.name = '{name}'; return true; }})")
    wait(driver, lambda d: d.find_element(By.ID, "doc-name").text == name)
    assert overlaps(driver, header) == [] and shown(driver, "dirty") and shown(driver, "draft")
    assert overlaps(driver, [".tool"]) == []
    assert overlaps(driver, [".card", ".editor > *"]) == []
    width = driver.execute_script("return document.documentElement.clientWidth")
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width
    for element in driver.find_elements(By.CSS_SELECTOR, "header *, .tool, .cell"):
        if element.is_displayed():
            box = element.rect
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, element.get_attribute(
                "id"
            )


# -- a fan's first minutes (issue 34) -------------------------------------------------------------
ISSUE_34_MAP = ["VVDDDMMFF", "VMMDFFMVF", "VMFFVVDVV", "DDFMMVDDF", "DVVMFFDFF"]


def listed(driver, which: str = "problems") -> list[tuple[str, str]]:
    return [
        (li.get_attribute("data-rule"), li.get_attribute("data-cells"))
        for li in driver.find_elements(By.CSS_SELECTOR, f"#{which} li")
    ]


def test_painting_a_map_shows_its_terrain_problems_before_any_start_cell(driver):
    from pachaprint.check.validate import validate_data

    open_file(driver, "lake-shore.json")
    new_blank(driver, "long")
    click(driver, cell(driver, "a1"))  # paints a1 with the chosen tool (Valley), as a fan starts
    keys: list[str] = []
    for row in ISSUE_34_MAP:  # then the keyboard: a letter, a step right, ...
        for column, letter in enumerate(row):
            keys += [letter.lower()] + ([Keys.ARROW_RIGHT] if column < 8 else [])
        keys += [Keys.HOME, Keys.ARROW_DOWN]
    press(driver, *keys)
    wait(driver)
    assert doc(driver)["terrain"] == ISSUE_34_MAP and doc(driver)["start"] == []
    problems = listed(driver)
    assert problems == [
        ("region-separation", "e2 d3"),
        ("start", ""),
        ("unsolvable", "a1 b1 a2 b2 c2 a3 b3"),
        ("box-limit", ""),
        ("box-limit", ""),
    ]
    # word for word what validate says of the same terrain
    report = validate_data({**doc(driver), "start": ["a1"]})
    said = {p.message for p in report.errors if p.rule.value in ("region-separation", "box-limit")}
    shown_words = {
        li.find_element(By.CSS_SELECTOR, ".message").text
        for li in driver.find_elements(By.CSS_SELECTOR, "#problems li")
        if li.get_attribute("data-rule") in ("region-separation", "box-limit")
    }
    assert shown_words == said and len(said) == 3
    flagged = {
        c.get_attribute("data-cell")
        for c in driver.find_elements(By.CSS_SELECTOR, ".cell[data-problem]")
    }
    assert {"e2", "d3"} <= flagged
    assert by_id(driver, "verdict").get_attribute("data-valid") == "false"
    assert by_id(driver, "verdict").text.startswith("\u2716\n5 problems")


def test_a_new_start_cell_offers_the_digits_that_fit_and_takes_one(driver):
    open_file(driver, "lake-shore.json")
    driver.execute_script(
        "Studio.edit((d) => { d.crops = Array(5).fill('.....'); d.start = []; return true; })"
    )
    wait(driver)
    click(driver, cell(driver, "d1"))  # the Valley tool paints d1 (a Forest)... undo that
    click(driver, by_id(driver, "undo"))
    wait(driver)
    assert doc(driver)["terrain"][0][3] == "F"
    driver.execute_script("arguments[0].focus()", cell(driver, "d1"))
    press(driver, "s")  # d1 becomes a start cell, without a digit
    wait(driver)
    d1 = cell(driver, "d1")
    assert d1.get_attribute("data-candidates") == "2 3 4"
    marks = [c.text for c in d1.find_elements(By.CSS_SELECTOR, ".cand") if c.is_displayed()]
    assert marks == ["2", "3", "4"]
    assert "digits that fit: 2, 3, 4" in d1.get_attribute("aria-label")
    problem = driver.find_element(By.CSS_SELECTOR, '#problems li[data-rule="start"]')
    assert problem.find_element(By.CSS_SELECTOR, ".message").text == (
        "start cell d1 has no crop digit yet: 2, 3 or 4 fit there"
    )
    buttons = problem.find_elements(By.CSS_SELECTOR, "button.digit")
    assert [b.text for b in buttons] == ["2", "3", "4"]
    click(driver, buttons[1])
    wait(driver)
    assert doc(driver)["crops"][0] == "...3." and doc(driver)["start"] == ["d1"]
    assert not d1.get_attribute("data-candidates")
    assert ("start", "d1") not in listed(driver)


def test_advice_is_a_button_of_the_page_never_a_command(driver):
    open_file(driver, "lake-shore.json")
    driver.execute_script(
        "Studio.edit((d) => { d.crops = ['...4.', '.4...', '.....', '.....', '1...1']; "
        "return true; })"
    )
    wait(driver)
    warning = driver.find_element(By.CSS_SELECTOR, '#warnings li[data-rule="incomplete"]')
    assert warning.find_element(By.CSS_SELECTOR, ".message").text == (
        "21 crops left as '.'; the start cells fix them"
    )
    page = driver.find_element(By.TAG_NAME, "body").text
    assert "pachaprint solve" not in page and "`" not in page
    fill = warning.find_element(By.CSS_SELECTOR, 'button[data-do="fill"]')
    assert fill.text == "Fill crops from the start cells"
    click(driver, fill)
    wait(driver)
    assert doc(driver)["crops"] == ["12142", "34531", "21242", "34353", "12141"]
    assert listed(driver, "warnings") == []
    # an ambiguous map: the not-unique problem carries the button that settles it
    driver.execute_script("Studio.edit((d) => { d.start = ['d1']; return true; })")
    wait(driver)
    problem = driver.find_element(By.CSS_SELECTOR, '#problems li[data-rule="not-unique"]')
    click(driver, problem.find_element(By.CSS_SELECTOR, 'button[data-do="settle"]'))
    wait(driver)
    assert by_id(driver, "verdict").get_attribute("data-valid") == "true"


def test_the_share_code_comes_into_view_when_made(driver):
    open_file(driver, "lake-shore.json")
    driver.execute_script("window.scrollTo(0, 0)")
    share = by_id(driver, "share")
    wait(driver, lambda d: share.is_enabled())
    driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", share)
    click(driver, share)
    wait(driver, lambda d: d.find_element(By.ID, "share-out").is_displayed())

    def in_view(d) -> bool:
        return d.execute_script(
            "const r = document.getElementById('share-code').getBoundingClientRect();"
            "return r.top >= 0 && r.bottom <= innerHeight && r.height > 0;"
        )

    wait(driver, in_view, 5)
    assert by_id(driver, "share-code").text


def test_the_saved_line_belongs_to_the_map_it_was_said_of(driver):
    open_file(driver, "lake-shore.json")
    by_id(driver, "f-author").send_keys("A. Fan")
    click(driver, by_id(driver, "save"))
    wait(driver, lambda d: "Saved lake-shore.json" in d.find_element(By.ID, "save-status").text)
    assert by_id(driver, "save-status").text.endswith(", valid.")
    open_file(driver, "high-valley.json")  # another map: the line says nothing of it
    assert by_id(driver, "save-status").text == ""
    open_file(driver, "lake-shore.json")
    click(driver, by_id(driver, "save"))  # nothing changed: saved again, then an edit
    wait(driver, lambda d: "Saved" in d.find_element(By.ID, "save-status").text)
    driver.execute_script("arguments[0].focus()", cell(driver, "a1"))
    press(driver, "5")  # a1 is 1 in a 2-cell region: now not valid, and not saved
    wait(driver)
    assert by_id(driver, "save-status").text == "" and shown(driver, "dirty")
    driver.execute_script("window.confirm = () => true;")  # leave the edit unsaved
    new_blank(driver, "tiny")
    assert by_id(driver, "save-status").text == ""
