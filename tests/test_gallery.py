"""The gallery of a real build in headless Chromium, at desktop (1280 px) and phone (390 px)
width: print files as the PDFs say, heights within targets, every link and image working,
nothing wider than the screen."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from pypdf import PdfReader

from pachaprint.pipeline.gallery import gallery_html, gallery_record
from pachaprint.pipeline.printfiles import read_print_files
from tests.browser import click, waiting
from tests.helpers import EXAMPLES
from tests.pdftext import page_texts

pytestmark = pytest.mark.slow  # a browser, on the shared kit

WHEELS = ("retail", "volvelle45")
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
TARGETS = {"desktop": 2400, "phone": 5000}
"""Page heights (CSS px) for an index of the 20 shipped scenarios: 14,068 and 34,368
before the gallery was made for fans (about 2,250 and 4,750 after)."""


@pytest.fixture(scope="module")
def built(kit) -> Path:
    """The shared kit (``tests/kits.py``): a long and a tiny scenario and one that is not
    unique, on both papers with both wheel templates, the expert as the strongest bot (the
    verdicts as the strongest fair bot gives them)."""
    assert kit.exit_code == 1, kit.stdout  # the ambiguous file, and only it
    return kit.out


@pytest.fixture(scope="module")
def library(built, tmp_path_factory) -> Path:
    """The index of the whole shipped library (its reports as a default build wrote them),
    over the print files and scenario folders of the small build (a long and a tiny one)."""
    out = tmp_path_factory.mktemp("library") / "out"
    shutil.copytree(built / "pnp", out / "pnp")
    reports = json.loads((EXAMPLES / "gallery" / "library.json").read_text(encoding="utf-8"))
    for report in reports:
        model = "sacred-valley" if report["size"] == "long" else "sun-gate"
        shutil.copytree(built / "scenarios" / model, out / "scenarios" / report["scenario"])
    names = [(r["scenario"], r["name"]) for r in reports]
    files = [("pnp/pachaprint-core-a4.pdf", "Core set, A4", ())]
    files += [("pnp/pachaprint-core-letter.pdf", "Core set, Letter", ())]
    files += [
        (f"pnp/pachaprint-discs-{p}.pdf", f"Discs, {p}", [i for i, _ in names])
        for p in ("a4", "letter")
    ]
    entries = [{"id": r["scenario"], "file": "f", "report": gallery_record(r)} for r in reports]
    prints = read_print_files(out, files, "en", names)
    (out / "index.html").write_text(gallery_html(entries, prints=prints, wheels=WHEELS))
    return out


@pytest.fixture(scope="module")
def browser():
    from tests.browser import start_browser

    started = start_browser()
    yield started.driver
    started.quit()


def show(driver, page: Path, width: str) -> None:
    from tests.browser import load_every_image

    if width == "phone":
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    else:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.get(page.as_uri())
    load_every_image(driver)


def layout(driver) -> dict:
    return driver.execute_script(
        """return {height: document.documentElement.scrollHeight,
                   wide: document.documentElement.scrollWidth, screen: innerWidth,
                   broken: [...document.images].filter(i => !(i.complete && i.naturalWidth > 0))
                           .map(i => i.getAttribute('src'))}"""
    )


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_the_library_index_is_a_few_screens_and_fits_the_width(library, browser, width):
    show(browser, library / "index.html", width)
    found = layout(browser)
    assert found["height"] <= TARGETS[width], found
    assert found["wide"] <= found["screen"] and found["broken"] == []
    assert len(browser.find_elements("css selector", "article.scenario")) == 20
    # print first: the kit's PDFs come before the first scenario
    first_pdf = browser.find_element("css selector", "#print").location["y"]
    assert first_pdf < browser.find_element("css selector", "#scenarios").location["y"]


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_every_page_of_the_build_fits_the_width_and_its_images_load(built, browser, width):
    for page in [built / "index.html", *sorted(built.glob("scenarios/*/report.html"))]:
        show(browser, page, width)
        found = layout(browser)
        assert found["wide"] <= found["screen"], (page, found)
        assert found["broken"] == [], page
    from tests.browser import console_problems

    assert console_problems(browser) == []


def links(driver) -> list[str]:
    return driver.execute_script("return [...document.links].map(a => a.href)")


SITE_PAGES = ("studio.html", "table.html")
"""The site's apps: their #fragment is a disc's share code, not an element."""


def test_every_link_works(built, browser):
    """Every link of the index and of every page it links to opens a file of the build,
    every #fragment names an element of its page, and a link to the site's studio or table
    carries the share code of a disc the build built."""
    from pachaprint.model.sharecode import decode

    seen: set[str] = set()
    fragments: dict[str, set[str]] = {}
    codes: set[str] = set()
    visited = {(built / "index.html").as_uri()}
    pages = [(built / "index.html").as_uri()]
    while pages:
        page = pages.pop()
        browser.get(page)
        for href in links(browser):
            url = urlparse(href)
            assert url.scheme == "file", (page, href)  # nothing leaves the folder
            target = Path(unquote(url.path))
            assert target.is_file() and built in target.parents, (page, href)
            seen.add(href.split("#")[0])
            if target.name in SITE_PAGES:
                codes.add(unquote(url.fragment))
            elif url.fragment:
                fragments.setdefault(target.as_uri(), set()).add(url.fragment)
            page_of_ours = target.suffix == ".html" and target.name not in (
                "wheel.html",
                *SITE_PAGES,
            )
            if page_of_ours and target.as_uri() not in visited:
                visited.add(target.as_uri())
                pages.append(target.as_uri())
    for page, ids in fragments.items():
        browser.get(page)
        assert all(browser.find_elements("id", i) for i in ids), (page, ids)
    assert {Path(urlparse(h).path).name for h in seen} >= {"report.html", "wheel.html", *SITE_PAGES}
    built_names = {p.name for p in (built / "scenarios").iterdir()}
    assert codes and all(decode(code).name for code in codes)
    assert len(codes) == len(built_names)  # one code per built disc, each linked to both pages


def test_print_files_say_what_the_pdfs_hold(built):
    page = (built / "index.html").read_text(encoding="utf-8")
    for pdf in sorted((built / "pnp").glob("*.pdf")):
        reader = PdfReader(pdf)
        pages = len(reader.pages)
        assert f'<a href="pnp/{pdf.name}">{pages} pages</a>' in page
        assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    # the core set, then the discs of each wheel template (--wheel both)
    assert page.count("double-sided, flipping on the long edge, at 100\u00a0% (actual size)") == 3
    names = [("sacred-valley", "The Sacred Valley"), ("sun-gate", "The Sun Gate")]
    files = [(f"pnp/{p.name}", p.name, ()) for p in sorted((built / "pnp").glob("*core*.pdf"))]
    files += [
        (f"pnp/{p.name}", p.name, [i for i, _ in names]) for p in (built / "pnp").glob("*discs*")
    ]
    for found in read_print_files(built, files, "en", names):
        texts = page_texts(built / found.href)
        covered = [
            n
            for first, last in found.card_pages + found.paper_pages
            for n in range(first, last + 1)
        ]
        assert sorted(covered) == list(range(1, found.pages + 1)), found.href
        for section in found.sections[1:]:  # each section starts on a page that names it
            assert section.title in texts[section.first - 1], section
        if found.ids:  # a contents page on paper, then each disc's front and back on card
            assert [s.title for s in found.sections] == [
                "",
                "The Sacred Valley (sacred-valley)",
                "The Sun Gate (sun-gate)",
            ]
            assert found.paper_pages == [(1, 2)] and found.card_pages == [(3, 6)]
        else:
            assert found.paper_pages == [(1, 4)]  # the contents and the print test
    # three groups (core, discs per wheel), each a table of files and one of pages
    assert page.count('<th scope="col">A4</th><th scope="col">Letter</th>') == 6
    assert page.count("<td>Contents</td>") == 3  # the first pages of each group's files
    assert re.search(
        r'Sacred Valley</a></td><td class="pages">3\u20134</td><td class="pages">3\u20134', page
    )


def test_cards_say_how_each_mode_played(built, browser):
    show(browser, built / "index.html", "desktop")
    card = browser.find_element("id", "scenario-sacred-valley")
    modes = [dt.text.split()[0] for dt in card.find_elements("css selector", "dt")]
    assert modes == ["Competitive", "Solo", "Co-op"]
    text = card.text
    assert "first player wins" in text
    # the strongest bot and the bot that sees the map, each named as such (issue 34)
    assert "Expert, our strongest bot, wins" in text and "2 expert bots, our strongest, win" in text
    assert re.search(r"; a bot that sees the map wins (all|\d+/\d+ on easy)", text)
    assert "bound" not in text
    # 12 games in total: never enough to call a start fair
    assert "Fairness not yet clear: first player wins" in text and "Fair start" not in text
    tiny = browser.find_element("id", "scenario-sun-gate")
    assert [dt.text for dt in tiny.find_elements("css selector", "dt")] == ["Competitive"]
    for built_card in (card, tiny):
        assert built_card.find_element("css selector", ".meta .badge.valid").text == "\u2714 valid"
    failed = browser.find_element("id", "scenario-ambiguous")
    assert "\u2716 not valid" in failed.text and "not-unique" in failed.text
    assert not failed.find_elements("css selector", ".badge.valid")
    report = json.loads((built / "scenarios" / "sacred-valley" / "report.json").read_text())
    flagged = card.find_elements("css selector", "a.flag")
    assert sum(int(a.text.split()[-1]) for a in flagged) == len(report["flags"])


def test_the_report_page_shows_the_charts_and_hides_the_front(built, browser):
    show(browser, built / "scenarios" / "sacred-valley" / "report.html", "desktop")
    charts = browser.execute_script(
        "return [...document.images].filter(i => i.src.includes('/chart-')).map(i => i.alt)"
    )
    assert charts == [
        "Win rate of the first player and of each seat, with 95 % intervals",
        "Final scores of each seat (competitive games)",
        "Win rate against the Otoma by difficulty, with 95 % intervals",
        "Turns per game in each mode",
    ]
    front = browser.find_element("css selector", "details img[src='preview-front.png']")
    assert not front.is_displayed()  # a spoiler until clicked
    click(browser, browser.find_element("css selector", "details summary"))
    assert front.is_displayed()
    assert "Disc front, volvelle45 wheel (PDF)" in browser.find_element("id", "summary").text


def test_each_card_links_its_own_pdfs_and_opens_its_back_large(built, browser):
    show(browser, built / "index.html", "desktop")
    for sid in ("sacred-valley", "sun-gate"):
        card = browser.find_element("id", f"scenario-{sid}")
        pdfs = {
            a.text: Path(unquote(urlparse(a.get_attribute("href")).path))
            for a in card.find_elements("css selector", ".links a")
            if a.get_attribute("href").endswith(".pdf")
        }
        folder = built / "scenarios" / sid
        assert pdfs == {"front": folder / "disc-front.pdf", "back": folder / "disc-back.pdf"}
        assert all(PdfReader(path).pages for path in pdfs.values())
    card = browser.find_element("id", "scenario-sacred-valley")
    thumb = card.find_element("css selector", "a.thumb img")
    large = card.find_element("css selector", ".large img")
    assert not large.is_displayed()
    small = thumb.rect["width"]
    click(browser, thumb)
    waiting(browser, 10).until(
        lambda d: (
            large.is_displayed() and d.execute_script("return arguments[0].naturalWidth > 0", large)
        )
    )
    viewport = browser.execute_script("return [innerWidth, innerHeight]")
    box = browser.execute_script("return arguments[0].getBoundingClientRect().toJSON()", large)
    assert box["width"] >= 5 * small and box["width"] >= 500  # large: most of the screen
    assert box["top"] >= 0 and box["bottom"] <= viewport[1]  # all of it in view
    assert large.get_attribute("src").endswith("scenarios/sacred-valley/disc-back.svg")
    click(browser, card.find_element("css selector", ".large-close"))
    waiting(browser, 10).until(lambda d: not large.is_displayed())
