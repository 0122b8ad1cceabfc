"""Headless Chromium for the browser tests (selenium), shared by every suite.

Chromium and chromedriver are required: when they are missing the tests fail
with a message saying how to install them (CI installs them in ``.ci/run``).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import WebDriverWait

CHROME_FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
    "--disable-extensions",
)
DESKTOP = (1280, 900)
TABLET = (768, 1024)
PHONE = (390, 844)
"""Window sizes (width, height) the pages are tested at."""
MOBILE = {
    "deviceMetrics": {"width": 360, "height": 740, "pixelRatio": 3.0, "touch": True},
    "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36",
}


def _find(names: tuple[str, ...], paths: tuple[str, ...]) -> str | None:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return next((p for p in paths if os.path.exists(p)), None)


def browser_paths() -> tuple[str, str]:
    """(chromium, chromedriver) or a test failure that says how to install them."""
    chromium = os.environ.get("PACHAPRINT_CHROMIUM") or _find(
        ("chromium", "chromium-browser"), ("/usr/bin/chromium", "/usr/lib/chromium/chromium")
    )
    driver = os.environ.get("PACHAPRINT_CHROMEDRIVER") or _find(
        ("chromedriver",), ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")
    )
    missing = [
        what
        for what, path in (("Chromium", chromium), ("chromedriver", driver))
        if not path or not os.path.exists(path)
    ]
    if missing:
        pytest.fail(
            f"the digital wheel tests need a real browser, but {' and '.join(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} missing (looked for chromium: {chromium or 'not on PATH'}, "
            f"chromedriver: {driver or 'not on PATH'}); install them with "
            "'apt-get install chromium chromium-driver' or point PACHAPRINT_CHROMIUM and "
            "PACHAPRINT_CHROMEDRIVER at them",
            pytrace=False,
        )
    return chromium, driver


@dataclass
class Browser:
    """One headless Chromium with its own fresh profile."""

    driver: Any
    profile: str
    events: list[dict] = field(default_factory=list)

    def quit(self) -> None:
        self.driver.quit()
        shutil.rmtree(self.profile, ignore_errors=True)


def start_browser(mobile: bool = False, profile: str | None = None) -> Browser:
    """Start Chromium (desktop 1280 x 900, or 360 px wide mobile emulation)."""
    chromium, driver_path = browser_paths()
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in CHROME_FLAGS:
        options.add_argument(flag)
    profile = profile or tempfile.mkdtemp(prefix="pachaprint-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    if mobile:
        options.add_experimental_option("mobileEmulation", MOBILE)
    else:
        options.add_argument("--window-size=1280,900")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(driver_path))
    return Browser(driver, profile)


def console_problems(driver) -> list[dict]:
    """Browser console entries at warning level or above since the last call."""
    return [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]


def requested_urls(driver) -> list[str]:
    """URLs of every network request the browser started since the last call (CDP events)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


@contextlib.contextmanager
def clean_page(browser: Browser, size: tuple[int, int], home: str) -> Iterator[Any]:
    """The browser's driver at ``size`` with its logs cleared. Leave the page (for
    about:blank) before the block ends; then no console problem may be left, nor any request
    to anywhere but ``home`` (an address prefix) and the page's own blob:, data: and about:."""
    driver = browser.driver
    driver.set_window_size(*size)
    console_problems(driver)
    requested_urls(driver)
    yield driver
    assert console_problems(driver) == []
    local = (home, "blob:", "data:", "about:")
    assert [url for url in requested_urls(driver) if not url.startswith(local)] == []


def load_every_image(driver) -> None:
    """Load the page's lazy images now (they load as they scroll into view) and wait until
    each has loaded or failed: ``complete`` is true either way, ``naturalWidth`` tells."""
    driver.execute_script("document.querySelectorAll('img').forEach(i => { i.loading = 'eager'; })")
    waiting(driver, 30).until(
        lambda d: d.execute_script("return [...document.images].every(i => i.complete)")
    )


def studio_settled(driver) -> bool:
    """The studio page has loaded and shows the verdict of the map as it is now."""
    return driver.execute_script(
        "const e = document.documentElement;"
        "return e.dataset.ready === 'true' && e.dataset.verdictVersion === e.dataset.docVersion;"
    )


POLL = 0.03
"""Seconds between two looks at the page while a test waits for it. Selenium's default,
half a second, is mostly idle time: a whole game clicked at the table waits for the page
some 200 times."""


def waiting(driver, seconds: float):
    """Selenium's wait for ``driver``, for at most ``seconds``, looking every :data:`POLL`.
    A look that meets an element the page replaced meanwhile (a list drawn again) looks
    again, as it does when an element is not there yet."""
    return WebDriverWait(
        driver,
        seconds,
        poll_frequency=POLL,
        ignored_exceptions=(NoSuchElementException, StaleElementReferenceException),
    )


def wait_until(driver, condition=studio_settled, seconds: float = 15) -> None:
    """Wait for the studio page, looking every :data:`POLL`."""
    waiting(driver, seconds).until(condition)


_ON_TOP = """
const element = arguments[0];
function covered() {
  const box = element.getBoundingClientRect();
  if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) return "out of view";
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return top === null ? "nothing" : top === element || element.contains(top) ? "" : top.outerHTML.slice(0, 200);
}
if (covered() === "") return "";
element.scrollIntoView({block: "center", inline: "center"});
return covered();
"""


def click(driver, element) -> None:
    """Click ``element`` as a person does: scrolled to the middle of the view when it is out
    of view or covered (by a sticky header, say), it must then be what lies on top at its
    centre (as WebDriver's own element click demands); then the pointer moves there, presses
    and releases (W3C actions, the browser's own input path). WebDriver's element click does
    the same with about four times the CPU (some 40 ms against 11 ms of chromedriver,
    Chromium and its page together), and a whole game at the table is some hundred clicks."""
    covered = driver.execute_script(_ON_TOP, element)
    assert covered == "", f"the click would land on {covered}, not on the element"
    ActionChains(driver, duration=0).move_to_element(element).click().perform()


def press(driver, element, *keys: str) -> None:
    """Type ``keys`` into ``element`` as a person does: focus it (the page's body: nothing
    focused), then the keys go to it (W3C actions; WebDriver's element send_keys costs five
    times the CPU)."""
    driver.execute_script(
        "const e = arguments[0];"
        "if (e === document.body) document.activeElement?.blur(); else e.focus();",
        element,
    )
    ActionChains(driver, duration=0).send_keys(*keys).perform()
