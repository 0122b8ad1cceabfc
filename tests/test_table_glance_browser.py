"""The table reads at a glance in real headless Chromium (issue 34): the story of a move
fades a moment after it is told, a phone gets cells a finger can tap, the primary button is
never a move that only loses, and the Otoma's score says where it began."""

from __future__ import annotations

import json
import random

import pytest
from selenium.webdriver.common.by import By

from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind, token_levels
from pachaprint.engine.rules.events import Phase
from pachaprint.model.scenario import Scenario
from pachaprint.table import seen
from pachaprint.table.session import NewGame, TableSession
from tests.browser import DESKTOP, PHONE, clean_page, click, waiting
from tests.helpers import example
from tests.test_table_browser import idle, long_disc, open_table, served

pytestmark = pytest.mark.slow


@pytest.fixture
def folder(tmp_path):
    for scenario in (Scenario.from_dict(example("lake-shore")), long_disc()):
        (tmp_path / f"{scenario.id}.json").write_text(json.dumps(scenario.to_dict(), indent=1))
    return tmp_path


@pytest.fixture
def driver(browser):
    with clean_page(browser, DESKTOP, "http://127.0.0.1:") as driver:
        yield driver
        driver.get("about:blank")


def box(driver, element) -> dict:
    return driver.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,"
        " width: r.width, height: r.height};",
        element,
    )


def disjoint(a: dict, b: dict) -> bool:
    return (
        a["right"] <= b["left"]
        or b["right"] <= a["left"]
        or a["bottom"] <= b["top"]
        or b["bottom"] <= a["top"]
    )


def story_items(driver) -> int:
    return driver.execute_script(
        "return [...document.querySelector('#board-picture svg.story').children]"
        ".filter(c => c.nodeName !== 'defs').length"
    )


def test_the_story_of_a_move_leaves_the_pawn_in_view_and_fades(driver, folder):
    scenario = Scenario.from_dict(example("lake-shore"))
    with served(folder, scenario, NewGame("competitive", ("human", "human"), seed=6)) as table:
        open_table(driver, table)
        moment = driver.execute_script("return Table.board.MOMENT")
        assert 0 < moment <= 2000  # a moment
        driver.execute_script("Table.board.MOMENT = 4000")  # time to look, under any load
        click(driver, driver.find_element(By.ID, "pick-supply"))
        targets = driver.find_elements(By.CSS_SELECTOR, "#board-picture g[data-action]")
        target = next(g for g in targets if not g.get_attribute("data-crop"))  # a discovery
        name = target.get_attribute("data-cell")
        click(driver, target)
        waiting(driver, 30).until(lambda d: story_items(d) > 0)
        cell = driver.find_element(By.CSS_SELECTOR, f'#board-picture g[data-cell="{name}"]')
        assert cell.get_attribute("data-pawn") == "brown"
        ring = driver.find_element(By.CSS_SELECTOR, "svg.story .story-now .story-ring")
        cell_box = box(driver, cell.find_element(By.CSS_SELECTOR, "rect"))
        ring_box = box(driver, ring)
        for side in ("left", "top", "right", "bottom"):  # along the cell's edge, round the pawn
            assert abs(ring_box[side] - cell_box[side]) <= 2, side
        halos = driver.find_elements(By.CSS_SELECTOR, '#board-picture g[data-halo="pawn"]')
        pawn = next(h for h in halos if not disjoint(box(driver, h), cell_box))
        badge = driver.find_element(By.CSS_SELECTOR, "svg.story .story-now .story-badge")
        assert disjoint(box(driver, badge), box(driver, pawn))  # the points beside the pawn
        # a moment later the story is gone: nothing lies over the pawn any more
        waiting(driver, 4 + 3).until(lambda d: story_items(d) == 0)
        assert driver.find_element(By.ID, "story-text").text  # the words stay in the turn card


def test_a_phone_gets_cells_for_a_finger_and_the_whole_board_on_request(driver, folder):
    driver.set_window_size(*PHONE)
    # (the Otoma start on named cells: on a disc that names none the player places them first)
    game = NewGame("solo", ("human",), "easy", otoma="i2,a1,e3,c5,h4", seed=4)
    with served(folder, long_disc(), game) as table:
        open_table(driver, table)
        inner = driver.execute_script("return innerWidth")
        assert inner <= PHONE[0]
        cells = driver.find_elements(
            By.CSS_SELECTOR, "#board-picture g[data-hit] > rect:first-child"
        )
        assert len(cells) == 45
        sizes = [box(driver, c) for c in cells[:1] + cells[-1:]]
        assert all(s["width"] >= 44 and s["height"] >= 44 for s in sizes), sizes
        # the board scrolls in its frame; the page itself does not
        assert driver.execute_script("return document.documentElement.scrollWidth") <= inner
        frame = driver.find_element(By.CSS_SELECTOR, ".board-frame")
        assert driver.execute_script("return arguments[0].scrollWidth", frame) > inner
        # a finger taps a cell at the far side: the supply, then an edge cell of column i
        click(driver, driver.find_element(By.ID, "pick-supply"))
        far = [
            g
            for g in driver.find_elements(By.CSS_SELECTOR, "#board-picture g[data-action]")
            if g.get_attribute("data-cell")[0] == "i"
        ]
        assert far
        before = driver.execute_script("return document.documentElement.dataset.moment")
        driver.execute_script(
            "arguments[0].scrollIntoView({block: 'center', inline: 'center'})", far[0]
        )
        click(driver, far[0])
        waiting(driver, 30).until(
            lambda d: d.execute_script("return document.documentElement.dataset.moment") != before
        )
        idle(driver)
        for button in driver.find_elements(By.CSS_SELECTOR, "#choices button, #replay button"):
            if button.is_displayed():
                assert box(driver, button)["height"] >= 44, button.text
        # the whole board at a glance, and back
        zoom = driver.find_element(By.ID, "board-zoom")
        assert zoom.is_displayed() and zoom.get_attribute("aria-pressed") == "false"
        click(driver, zoom)
        assert zoom.get_attribute("aria-pressed") == "true"
        whole = box(driver, driver.find_element(By.ID, "board-picture"))
        assert whole["right"] <= inner + 0.5
        click(driver, zoom)
        cell = driver.find_element(By.CSS_SELECTOR, "#board-picture g[data-hit] > rect")
        assert box(driver, cell)["width"] >= 44
        # the Otoma's score says where it began, beside it
        otoma = driver.find_elements(By.CSS_SELECTOR, "#scores tr")[1]
        note = otoma.find_element(By.CSS_SELECTOR, ".score-start").text
        assert note.startswith("Started with ") and " at setup: " in note
        said = seen.table(table.table_session.game)["accounts"][1]["start"]
        assert note == said  # (tests/test_table_glance.py checks its figures)
    driver.set_window_size(*DESKTOP)


def offer_with(session: TableSession, tokens: int, rng: random.Random) -> None:
    """Play people's moves until the seat to play may offer and holds ``tokens``: at random,
    but divining only right (the disc's crops are known here) and keeping tokens till then."""
    game = session.game
    truth = "".join(session.scenario.crops)
    for _ in range(3000):
        state = game.state
        held = len(token_levels(state.tokens[state.current_player]))
        offering = state.phase in (Phase.OFFER, Phase.FINAL_OFFER)
        if offering and held == tokens:
            return
        legal = []
        for code in state.legal_actions():
            kind, cell, level = A.fields(code)
            if kind == Kind.DIVINE and int(truth[cell]) != level:
                continue
            if offering and kind == Kind.OFFER:
                continue
            legal.append(code)
        game.act(legal[rng.randrange(len(legal))])
    raise AssertionError(f"no offer with {tokens} tokens")


def test_the_primary_button_never_only_loses(driver, folder):
    scenario = Scenario.from_dict(example("lake-shore"))
    with served(folder, scenario, NewGame("competitive", ("human", "human"), seed=2)) as table:
        session = table.table_session
        offer_with(session, 1, random.Random(2))
        open_table(driver, table)
        offer = driver.find_element(By.ID, "offer")
        keep = driver.find_element(By.CSS_SELECTOR, "#offer-row button.pass")
        assert offer.text.startswith("Offer 1 token (+0)")
        assert "primary" not in offer.get_attribute("class")  # it would give a token for nothing
        assert "primary" in keep.get_attribute("class") and keep.text == "Keep my tokens (P)"
        offer_with(session, 2, random.Random(3))
        driver.refresh()
        idle(driver)
        offer = driver.find_element(By.ID, "offer")
        keep = driver.find_element(By.CSS_SELECTOR, "#offer-row button.pass")
        assert offer.text.startswith("Offer 2 tokens (+1)")
        assert "primary" in offer.get_attribute("class")
        assert "primary" not in keep.get_attribute("class")
        # choosing one token of the two: the offer scores nothing, keeping is primary again
        click(driver, driver.find_element(By.CSS_SELECTOR, "#offer-tokens button"))
        assert offer.text.startswith("Offer 1 token (+0)")
        assert "primary" not in offer.get_attribute("class")
        assert "primary" in keep.get_attribute("class")
