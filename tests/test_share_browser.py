"""Share codes in real headless Chromium: the page's decoder against Python's, wheel.html#CODE, the studio."""

from __future__ import annotations

import json

import pytest
from selenium.webdriver.common.by import By

from pachaprint.model.printing import PrintSettings
from pachaprint.model.sharecode import code_of, decode
from pachaprint.render.webwheel import write_webwheel
from pachaprint.studio.server import BackgroundStudio
from pachaprint.web.workspace import Workspace
from tests.browser import click, console_problems, requested_urls, waiting
from tests.helpers import EXAMPLES, REPO, disc_of
from tests.share_corpus import corpus
from tests.test_share_codec import complete, shipped
from tests.test_webwheel_browser import cell_button, expected_cells, expected_supply, reveal, state

pytestmark = pytest.mark.slow  # end to end in a browser

BAD = {
    "1F0SC-9DYK9-39BTD-ZCQ0N-0APC": "check",
    "2F0SC-9DYK9-39BTD-ZCQ0N-0APB": "version",
    "1F0SC-9DYU9-39BTD-ZCQ0N-0APB": "symbol",
    "1F0SC-9DYK9-39BTD-ZCQ0N-0APB.2N38C-MG56X-BE413-P2X35-46V": "name",
}


@pytest.fixture(scope="module")
def hosted(tmp_path_factory):
    """The page that holds no disc (``pachaprint wheel`` without FILE) and a disc's own page."""
    folder = tmp_path_factory.mktemp("hosted")
    return write_webwheel(None, folder / "wheel.html"), write_webwheel(
        disc_of(shipped("sun-gate")), folder / "sun-gate.html"
    )


@pytest.fixture
def driver(browser):
    driver = browser.driver
    console_problems(driver)
    requested_urls(driver)
    yield driver
    assert console_problems(driver) == []
    foreign = [
        url
        for url in requested_urls(driver)
        if url.startswith(("http:", "https:", "ws:", "wss:"))
        and not url.startswith("http://127.0.0.1:")
    ]
    assert foreign == []


def open_page(driver, url: str) -> None:
    driver.get("about:blank")
    driver.get(url)
    waiting(driver, 5).until(
        lambda d: (
            d.execute_script("return document.documentElement.getAttribute('data-ready')") == "true"
        )
    )
    driver.execute_script("window.localStorage.clear()")


def test_the_pages_decoder_reads_every_disc_as_python_does(driver, hosted):
    open_page(driver, hosted[0].as_uri())
    codes = [code_of(complete(text)) for _, text in corpus()]
    found = driver.execute_script(
        "return arguments[0].map(c => { const d = PachaprintShareCode.decode(c);"
        " return [d.size, d.terrain, d.crops, d.start, d.otoma, d.name, d.code]; })",
        [c.lower() for c in codes],
    )
    for code, (size, terrain, crops, start, otoma, name, core) in zip(codes, found, strict=True):
        disc = decode(code)
        assert (size, terrain, tuple(crops), tuple(start)) == (
            disc.size,
            disc.terrain,
            disc.crops,
            disc.start,
        )
        assert (tuple(otoma) if otoma else None) == disc.otoma
        assert name == disc.name
        assert core == code.partition(".")[0]
    reasons = driver.execute_script(
        "return arguments[0].map(c => { try { PachaprintShareCode.decode(c); return 'read'; }"
        " catch (e) { return e.reason; } })",
        list(BAD),
    )
    assert reasons == list(BAD.values())


def test_a_hosted_page_opens_the_disc_of_its_address(driver, hosted):
    scenario = shipped("titicaca-shoreline")
    code = code_of(scenario)
    open_page(driver, f"{hosted[0].as_uri()}#{code}")
    assert driver.execute_script("return document.documentElement.dataset.code") == "opened"
    assert driver.find_element(By.CSS_SELECTOR, ".top h1").text == "Titicaca Shoreline"
    assert driver.title == "Titicaca Shoreline \u2014 digital wheel"
    assert (
        "on e1, g1, i2, c3 and e4 (in this order)"
        in driver.find_element(By.CSS_SELECTOR, ".legend.otoma").text
    )
    assert state(driver)["cells"] == expected_cells(scenario, set(), set())
    assert state(driver)["supply"] == expected_supply(scenario, set())
    board = scenario.board
    reveal(driver, "a3", "terrain")
    reveal(driver, "a3", "crop")
    cell = board.index("a3")
    assert state(driver)["cells"]["a3"] == [scenario.terrain_at(cell), scenario.crop_at(cell)]
    assert state(driver)["supply"] == expected_supply(scenario, {"a3"})


def test_a_code_without_its_name_and_a_tiny_disc_on_another_discs_page(driver, hosted):
    scenario = shipped("akapana-mound")
    code = code_of(scenario, with_name=False)
    open_page(driver, f"{hosted[1].as_uri()}#{code.lower()}")  # the sun gate's own page
    assert driver.find_element(By.CSS_SELECTOR, ".top h1").text == f"Shared disc {code}"
    assert state(driver)["cells"] == expected_cells(scenario, set(), set())
    assert len(driver.find_elements(By.CSS_SELECTOR, ".head.element")) == 5


def test_without_a_code_the_hosted_page_asks_for_one(driver, hosted):
    open_page(driver, hosted[0].as_uri())
    assert driver.find_element(By.ID, "open-code").is_displayed()
    assert not driver.find_element(By.CSS_SELECTOR, "main.layout").is_displayed()
    assert driver.title == "Digital wheel"
    field = driver.find_element(By.ID, "code-input")
    field.send_keys("1F0SC-9DYK9-39BTD-ZCQ0N-0APC")
    click(driver, driver.find_element(By.ID, "btn-open"))
    problem = driver.find_element(By.ID, "code-problem")
    assert problem.text == (
        "This share code cannot be opened: the check symbols do not match: "
        "a symbol was mistyped, left out or swapped."
    )
    field.clear()
    field.send_keys(code_of(shipped("sun-gate")).lower())
    click(driver, driver.find_element(By.ID, "btn-open"))
    waiting(driver, 5).until(
        lambda d: d.execute_script("return document.documentElement.dataset.code") == "opened"
    )
    assert driver.find_element(By.CSS_SELECTOR, ".top h1").text == "The Sun Gate"
    assert cell_button(driver, "c1").get_attribute("data-terrain") == "D"


def test_a_bad_code_on_a_discs_own_page_says_so_and_keeps_the_disc(driver, hosted):
    open_page(driver, f"{hosted[1].as_uri()}#2F0SC-9DYK9-39BTD-ZCQ0N-0APB")
    assert driver.execute_script("return document.documentElement.dataset.code") == "refused"
    text = driver.find_element(By.ID, "code-problem").text
    assert "another version of share codes" in text and "its own disc instead" in text
    assert driver.find_element(By.CSS_SELECTOR, ".top h1").text == "The Sun Gate"
    assert state(driver)["cells"] == expected_cells(shipped("sun-gate"), set(), set())


def test_the_page_in_german_names_a_typo(driver, tmp_path):
    page = write_webwheel(None, tmp_path / "wheel.html", PrintSettings(lang="de"))
    open_page(driver, f"{page.as_uri()}#1F0SC-9DYK9-39BTD-ZCQ0N-0APC")
    assert driver.find_element(By.ID, "code-problem").text.startswith(
        "Dieser Teilen-Code lässt sich nicht öffnen: die Prüfzeichen passen nicht"
    )


# -- the studio -------------------------------------------------------------------------------------
@pytest.fixture
def studio(tmp_path):
    folder = tmp_path / "discs"
    folder.mkdir()
    (folder / "lake-shore.json").write_text((EXAMPLES / "lake-shore.json").read_text())
    with BackgroundStudio(Workspace.open(folder)) as running:
        yield running, folder


def settled(driver) -> bool:
    return driver.execute_script(
        "const e = document.documentElement;"
        "return e.dataset.ready === 'true' && e.dataset.verdictVersion === e.dataset.docVersion;"
    )


def test_the_studio_shares_a_disc_and_opens_a_code(driver, studio):
    running, folder = studio
    driver.get(f"{running.url}#file=lake-shore.json")
    waiting(driver, 10).until(settled)
    waiting(driver, 10).until(lambda d: d.find_element(By.ID, "share").is_enabled())
    click(driver, driver.find_element(By.ID, "share"))
    shown = driver.find_element(By.ID, "share-code")
    waiting(driver, 10).until(lambda d: shown.text)
    lake = complete((EXAMPLES / "lake-shore.json").read_text())
    assert shown.text == code_of(lake)
    assert shown.get_attribute("data-disc") == code_of(lake, with_name=False)
    field = driver.find_element(By.ID, "code-input")
    field.send_keys(code_of(shipped("sun-gate")))
    click(driver, driver.find_element(By.ID, "open-code"))
    waiting(driver, 10).until(
        lambda d: "Opened The Sun Gate" in d.find_element(By.ID, "code-note").text
    )
    waiting(driver, 10).until(settled)
    assert driver.find_element(By.ID, "doc-name").text == "The Sun Gate"
    assert driver.find_element(By.ID, "doc-file").text == "the-sun-gate.json"
    assert (
        driver.find_element(By.CSS_SELECTOR, '[data-cell="c1"]').get_attribute("data-terrain")
        == "D"
    )
    click(driver, driver.find_element(By.ID, "save"))
    waiting(driver, 10).until(lambda d: (folder / "the-sun-gate.json").exists())
    saved = json.loads((folder / "the-sun-gate.json").read_text())
    assert (
        saved["terrain"]
        == json.loads((REPO / "scenarios" / "sun-gate.json").read_text())["terrain"]
    )
    field.send_keys("1F0SC-9DYK9-39BTD-ZCQ0N-0APC\n")  # Enter sends the form too
    waiting(driver, 10).until(lambda d: "Not opened" in d.find_element(By.ID, "code-note").text)
    assert "the check symbols do not match" in driver.find_element(By.ID, "code-note").text
    # the refused code is the one failed request, and the page says why in words
    (refused,) = console_problems(driver)
    assert "/api/import" in refused["message"] and "422" in refused["message"]
    driver.get("about:blank")
