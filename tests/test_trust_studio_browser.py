"""A save that lost a race, in real headless Chromium: the page says why and keeps the text."""

from __future__ import annotations

import json

import pytest
from selenium.webdriver.common.by import By

from pachaprint.studio.server import BackgroundStudio
from pachaprint.web.workspace import Workspace
from tests.browser import click, console_problems, waiting
from tests.helpers import example
from tests.test_studio_browser import open_studio, wait

pytestmark = pytest.mark.slow


def test_a_lost_race_is_explained_and_the_authors_text_is_kept(browser, tmp_path):
    folder = tmp_path / "discs"
    folder.mkdir()
    path = folder / "lake-shore.json"
    path.write_text(json.dumps(example("lake-shore"), indent=2) + "\n")
    driver = browser.driver
    with BackgroundStudio(Workspace.open(folder)) as studio:
        open_studio(driver, studio, "lake-shore.json")
        name = driver.find_element(By.ID, "f-name")
        name.clear()
        name.send_keys("My own name")
        wait(driver)
        theirs = {**example("lake-shore"), "notes": "edited in another program"}
        path.write_text(json.dumps(theirs, indent=2) + "\n")  # meanwhile, on disk
        click(driver, driver.find_element(By.ID, "save"))
        waiting(driver, 10).until(lambda d: _alert_text(d) is not None)
        asked = driver.switch_to.alert.text
        assert asked.startswith(
            "not saved: lake-shore.json changed on disk since it was opened; your edits are"
            " still here"
        )
        driver.switch_to.alert.dismiss()  # keep the other version for now
        status = driver.find_element(By.ID, "save-status")
        waiting(driver, 10).until(lambda d: "changed on disk" in status.text)
        assert "your edits are still here" in status.text
        assert driver.find_element(By.ID, "f-name").get_attribute("value") == "My own name"
        assert not driver.find_element(By.ID, "dirty").get_attribute("hidden")
        assert json.loads(path.read_text())["notes"] == "edited in another program"
        click(driver, driver.find_element(By.ID, "save"))  # now overwrite it on purpose
        waiting(driver, 10).until(lambda d: _alert_text(d) is not None)
        driver.switch_to.alert.accept()
        waiting(driver, 10).until(lambda d: "Saved lake-shore.json" in status.text)
        assert json.loads(path.read_text())["name"] == "My own name"
        driver.get("about:blank")
    problems = [problem["message"] for problem in console_problems(driver)]
    assert problems and all("/api/save" in p and "409 (Conflict)" in p for p in problems), problems


def _alert_text(driver) -> str | None:
    try:
        return driver.switch_to.alert.text
    except Exception:
        return None
