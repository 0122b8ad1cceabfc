"""The table in real headless Chromium (selenium, see tests/browser.py): whole games by clicking
and by keyboard, saving and resuming, replays, and nothing hidden in the page."""

from __future__ import annotations

import json
import random
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import Kind
from pachaprint.engine.rules.log import game_log, load_log
from pachaprint.engine.rules.state import GameState
from pachaprint.model.rules import TERRAIN_LETTERS, Terrain
from pachaprint.model.scenario import Scenario
from pachaprint.table.server import BackgroundTable, session_for
from pachaprint.table.session import NewGame, TableSession
from tests.browser import (
    DESKTOP,
    TABLET,
    clean_page,
    click,
    press,
    waiting,
)
from tests.helpers import example

pytestmark = pytest.mark.slow


def long_disc() -> Scenario:
    data = example("high-valley")
    data["start"] = ["i2", "a1", "e3", "c5", "h4"]
    data["id"] = "high-valley-5"
    return Scenario.from_dict(data)


@pytest.fixture
def folder(tmp_path):
    for scenario in (Scenario.from_dict(example("lake-shore")), long_disc()):
        (tmp_path / f"{scenario.id}.json").write_text(json.dumps(scenario.to_dict(), indent=1))
    return tmp_path


def served(folder, scenario: Scenario, words: NewGame) -> BackgroundTable:
    return BackgroundTable(session_for(folder, scenario, words))


@pytest.fixture
def driver(browser):
    """The browser at desktop size, logs cleared; no console problem may be left after a test,
    and no request may have left the table."""
    with clean_page(browser, DESKTOP, "http://127.0.0.1:") as driver:
        yield driver
        driver.get("about:blank")


# -- reading and driving the page -------------------------------------------------------------------
# Each look at the page is a round trip to chromedriver (about 20 ms on two busy cores, some
# 2,000 in a whole game), so a helper reads everything it needs in one script.
SETTLED = (
    "const e = document.documentElement;"
    "return [Number(e.dataset.moment ?? -1), e.dataset.busy === 'false'];"
)
"""The table's moment (it moves on with every change the server makes) and whether the page
is idle (no request out, nothing being drawn)."""


def idle(driver, seconds: float = 30) -> None:
    waiting(driver, seconds).until(lambda d: d.execute_script(SETTLED)[1])


def open_table(driver, table: BackgroundTable) -> None:
    driver.get(table.url + "#speed=0")
    idle(driver)


def moment(driver) -> int:
    return int(driver.execute_script(SETTLED)[0])


def after(driver, before: int, seconds: float = 30) -> None:
    """Wait until the table has moved on from ``before`` and settled."""

    def settled(d) -> bool:
        now, quiet = d.execute_script(SETTLED)
        return now != before and quiet

    waiting(driver, seconds).until(settled)


LOOK = """
const hidden = arguments[0];
const source = document.documentElement.outerHTML;
const escaped = (name) => name.replace(/[.*+?^${}()|[\\]\\\\]/g, "\\\\$&");
return [
  [...document.querySelectorAll("#board-picture g[data-cell]")]
    .map((g) => [g.dataset.cell, g.dataset.terrain || null, g.dataset.crop || null]),
  hidden.filter((name) => new RegExp(`data-cell="${escaped(name)}"[^>]*data-terrain`).test(source)),
  (document.getElementById("turn") || {dataset: {}}).dataset.seat ?? null,
];
"""
"""Per board cell on the page (data-cell, data-terrain, data-crop); those of the hidden cells
(``arguments[0]``, their names) that carry a terrain anywhere in the page's source; and the
seat the turn line names. The source is searched in the page: sending it here is some 190 KB
a look."""


def assert_page_shows_the_table_only(driver, state: GameState) -> str | None:
    """Every cell the page shows holds exactly what the table has revealed, nothing more, and
    the page's source holds no hidden cell's terrain anywhere. Returns the seat the turn line
    names (read in the same look)."""
    board = state.board
    hidden = [board.name(cell) for cell in board.cells if not state.revealed >> cell & 1]
    found, betrayed, seat = driver.execute_script(LOOK, hidden)
    cells = {cell: (terrain, crop) for cell, terrain, crop in found}
    assert len(cells) == board.cell_count
    for cell in board.cells:
        terrain = TERRAIN_LETTERS[state.terrain[cell]] if state.revealed >> cell & 1 else None
        crop = str(state.crop[cell]) if state.crop_mask >> cell & 1 else None
        assert cells[board.name(cell)] == (terrain, crop), board.name(cell)
    assert betrayed == [], f"the page's source names the terrain of hidden cells {betrayed}"
    return seat


def legal_codes(session: TableSession) -> set[int]:
    game = session.game
    return set(game.state.legal_actions()) if game.human_to_play else set()


def click_action(driver, element, session: TableSession) -> None:
    """Click an element carrying data-action, after checking the code is legal for the seat."""
    code, before = driver.execute_script(
        "return [Number(arguments[0].dataset.action), Number(document.documentElement.dataset.moment)];",
        element,
    )
    assert code in legal_codes(session), code
    click(driver, element)
    after(driver, before)


def leave(driver) -> None:
    """Leave the page before its server stops (its bots would call a server that is gone)."""
    driver.get("about:blank")


KEYBOARD_LOOK = """
const all = (s) => [...document.querySelectorAll(s)];
const acting = (s) => all(s).map((e) => [e, Number(e.dataset.action), e.getAttribute("aria-label"), e.innerText]);
return {
  moment: Number(document.documentElement.dataset.moment ?? -1),
  body: document.body,
  levels: acting("#divine-row:not([hidden]) button[data-action]"),
  offer: all("#offer-row:not([hidden]) #offer[data-action]").length > 0,
  keep: all("#offer-row button.pass[data-action]").length > 0,
  buttons: acting("#choice-buttons button[data-action]"),
  pawns: all("#board-picture g[data-select]"),
  supply: document.getElementById("pick-supply") !== null,
};
"""
"""What the keyboard may act on now, in one look: each element that carries an action comes
with its code, its label and its text."""

TARGETS = 'return [...document.querySelectorAll("#board-picture g[data-action]")].map((e) => [e, Number(e.dataset.action), e.getAttribute("aria-label")]);'
"""The board's lit-up cells, each with its action code and label."""


def act_by_keyboard(driver, session: TableSession, rng: random.Random) -> bool:
    """One decision with the keyboard only, when the page offers one: the board's cursor and
    Enter, the letters and digits, or Enter on a focused button. False if none was taken."""
    page = driver.execute_script(KEYBOARD_LOOK)
    before, body = page["moment"], page["body"]
    if page["levels"]:
        level = rng.choice(page["levels"])[3].strip()
        press(driver, body, level)  # 1-5: divine under the chosen pawn
    elif page["offer"]:  # keep, or offer the chosen
        press(driver, body, "p" if page["keep"] and rng.random() < 0.5 else "o")
    elif page["buttons"]:
        button, code, _, _ = rng.choice(page["buttons"])
        assert code in legal_codes(session)
        press(driver, button, Keys.ENTER)
    else:
        pawns = page["pawns"]
        if page["supply"] and (not pawns or rng.random() < 0.5):
            press(driver, body, "e")  # the pawns in supply: the edge cells light up
        elif pawns:
            press(driver, rng.choice(pawns), Keys.ENTER)
        targets = driver.execute_script(TARGETS)
        if not targets:
            return False
        target, code, label = rng.choice(targets)
        assert code in legal_codes(session)
        assert label.endswith("; a legal choice (Enter takes it)")
        press(driver, target, Keys.ENTER)
    after(driver, before)
    return True


def offered(driver, selector: str) -> list:
    """The elements of ``selector`` the page offers now (not in a hidden part, not disabled)."""
    return offers(driver, selector)[0]


def offers(driver, *selectors: str) -> list[list]:
    """:func:`offered` for each of ``selectors``, in one look at the page."""
    return driver.execute_script(
        "return [...arguments].map(s => [...document.querySelectorAll(s)]"
        ".filter(e => !e.closest('[hidden]') && !e.disabled));",
        *selectors,
    )


PICKS = "#board-picture g[data-select], #pick-supply"
"""What the page offers to pick before a move: a pawn on the board, or the supply."""


def act_by_mouse(driver, session: TableSession, rng: random.Random) -> None:
    """One decision with the mouse: pick a pawn (or the supply) when the page asks for one,
    then click a lit-up destination or a button carrying data-action."""
    actions, picks = offers(driver, "[data-action]", PICKS)
    if picks and (not actions or rng.random() < 0.7):
        click(driver, rng.choice(picks))
        actions = offered(driver, "[data-action]")
        if not actions:  # a pawn that can only divine after all: pick again next time
            return
    click_action(driver, rng.choice(actions), session)


def play_whole_game(driver, session: TableSession, seed: int, keyboard: float) -> int:
    """Play to the end, checking after each decision that the page shows the table and
    nothing hidden; ``keyboard``: the share of decisions taken with the keyboard."""
    rng = random.Random(seed)
    decisions = 0
    for _ in range(600):
        idle(driver)
        if session.game.state.is_terminal():
            return decisions
        assert session.game.human_to_play
        if rng.random() < keyboard and act_by_keyboard(driver, session, rng):
            decisions += 1
        else:
            act_by_mouse(driver, session, rng)
            decisions += 1
        seat = assert_page_shows_the_table_only(driver, session.game.state)
        if not session.game.state.is_terminal():
            assert seat == str(session.game.state.current_player)
    raise AssertionError("the game did not end")


# -- whole games ------------------------------------------------------------------------------------
def test_a_whole_solo_game_by_mouse_and_keyboard(driver, folder):
    scenario = long_disc()
    with served(folder, scenario, NewGame("solo", ("human",), "hard", seed=6)) as table:
        open_table(driver, table)
        session = table.table_session
        assert driver.find_element(By.ID, "turn").get_attribute("data-seat") == "0"
        decisions = play_whole_game(driver, session, seed=1, keyboard=0.4)
        assert decisions > 10
        text = driver.find_element(By.ID, "turn").text
        assert "The game is over" in text and ("win" in text)
        scores = driver.find_elements(By.CSS_SELECTOR, "#scores td.score")
        assert [int(s.text) for s in scores] == session.game.state.score
        driver.save_screenshot("/tmp/table-solo-over.png")


def test_a_whole_two_player_game_hot_seat_with_the_end_phase(driver, folder):
    scenario = Scenario.from_dict(example("lake-shore"))
    with served(folder, scenario, NewGame("competitive", ("human", "human"), seed=12)) as table:
        open_table(driver, table)
        session = table.table_session
        play_whole_game(driver, session, seed=2, keyboard=0.4)
        events = [e.what.value for e in session.game.state.events or []]
        assert "end-phase" in events  # the end phase was played at the page
        log = driver.find_element(By.ID, "log").text
        assert "end phase" in log
        assert "Final ranking" in driver.find_element(By.ID, "turn-prompt").text


def test_coop_spending_by_keyboard_and_a_bot_told_step_by_step(driver, folder):
    scenario = long_disc()
    words = NewGame("coop", ("human", "random"), "easy", seed=4)
    with served(folder, scenario, words) as table:
        session = table.table_session
        driver.get(table.url + "#speed=350")
        idle(driver)
        spent = 0
        for _ in range(40):
            if spent >= 2:
                break
            waiting(driver, 60).until(lambda d: session.game.human_to_play)
            idle(driver)
            before = moment(driver)
            buttons = driver.find_elements(By.CSS_SELECTOR, "#choice-buttons button[data-action]")
            if session.game.state.phase.name == "SPEND":
                assert buttons and all("tile (arrow" in b.text for b in buttons)
                press(driver, buttons[0], Keys.ENTER)
                after(driver, before)
                assert any(A.kind_of(code) == Kind.SPEND for code in session.game.state.history)
                spent += 1
            else:
                assert act_by_keyboard(driver, session, random.Random(3))
        assert spent >= 2
        # the bot's turns were told step by step: the words, and a drawing over the board
        waiting(driver, 30).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "#board-picture svg.story .story-step")
        )
        log = driver.find_element(By.ID, "log").text
        assert "Player 2 (white, random)" in log
        leave(driver)


# -- saving, resuming, replaying -------------------------------------------------------------------
def shown_save(driver, name: str):
    """The Open button of the saved game ``name``, once the Save / open dialog shows it.

    The dialog opens when the folder's list has come back; until then the list of the
    last time the dialog was open is still in the page, hidden, so waiting for the button
    to exist is not enough."""
    selector = f'#saves button[data-file="{name}"]'
    return waiting(driver, 10).until(
        lambda d: next(
            (b for b in d.find_elements(By.CSS_SELECTOR, selector) if b.is_displayed()), None
        )
    )


def test_save_then_resume_a_game_and_replay_it(driver, folder):
    scenario = Scenario.from_dict(example("lake-shore"))
    with served(folder, scenario, NewGame("competitive", ("human", "greedy"), seed=3)) as table:
        session = table.table_session
        open_table(driver, table)
        rng = random.Random(4)
        for _ in range(5):
            idle(driver)
            act_by_mouse(driver, session, rng)
        idle(driver)
        history = list(session.game.state.history)
        click(driver, driver.find_element(By.ID, "games"))
        waiting(driver, 10).until(
            lambda d: d.find_element(By.ID, "save-name").get_attribute("value")
        )
        name = driver.find_element(By.ID, "save-name").get_attribute("value")
        assert name == "lake-shore-game-1.json"
        click(driver, driver.find_element(By.ID, "save"))
        waiting(driver, 10).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, f'#saves button[data-file="{name}"]')
        )
        click(driver, driver.find_element(By.ID, "games-close"))
        assert (folder / name).exists()
        # a new game, then back to the saved one
        click(driver, driver.find_element(By.ID, "new-game"))
        driver.find_element(By.ID, "seed").send_keys("99")
        before = moment(driver)
        click(driver, driver.find_element(By.ID, "setup-start"))
        waiting(driver, 10).until(lambda d: session.game.state.config.seed == 99)
        after(driver, before)
        assert "99" not in driver.find_element(By.ID, "game-line").text  # the seed stays hidden
        idle(driver)
        click(driver, driver.find_element(By.ID, "games"))
        saved = shown_save(driver, name)
        before = moment(driver)
        click(driver, saved)
        after(driver, before)
        assert session.game.state.history == history  # the saved game goes on where it was left
        assert_page_shows_the_table_only(driver, session.game.state)
        # the replay controls walk back through it and forward again
        known = session.game.decisions()[1]
        click(driver, driver.find_element(By.ID, "to-start"))
        waiting(driver, 10).until(lambda d: session.game.decisions() == (0, known))
        idle(driver)
        assert_page_shows_the_table_only(driver, session.game.state)
        assert "Decision 0 of" in driver.find_element(By.ID, "position").text
        for step in range(1, 3):
            before = moment(driver)
            click(driver, driver.find_element(By.ID, "next"))
            after(driver, before)
            assert session.game.decisions()[0] == step
        click(driver, driver.find_element(By.ID, "to-end"))
        waiting(driver, 10).until(lambda d: session.game.live)
        idle(driver)
        assert session.game.state.history == history


def test_a_finished_game_opens_as_a_replay_that_plays_itself(driver, folder):
    scenario = Scenario.from_dict(example("lake-shore"))
    words = NewGame("competitive", ("random", "greedy"), seed=8)
    with served(folder, scenario, words) as table:
        session = table.table_session
        driver.get(table.url + "#speed=0")
        waiting(driver, 60).until(lambda d: session.game.state.is_terminal())
        idle(driver)
        log = game_log(session.game.scenario, session.game.state, session.game.kinds)
        (folder / "watched.json").write_text(json.dumps(log))
    saved = load_log(folder / "watched.json", record_events=True)
    with BackgroundTable(session_for(folder, saved=saved)) as table:
        session = table.table_session
        open_table(driver, table)
        assert session.game.decisions()[0] == 0 and not session.game.live
        assert driver.find_element(By.ID, "run").text.startswith("Play")
        click(driver, driver.find_element(By.ID, "run"))
        waiting(driver, 60).until(lambda d: session.game.live)
        idle(driver)
        assert session.game.state.is_terminal()
        assert "The game is over" in driver.find_element(By.ID, "turn").text
        leave(driver)


# -- escaping ----------------------------------------------------------------------------------------
HOSTILE = '<img src=x onerror="document.title=1">&amp; <b>bold</b>'


def test_names_from_a_disc_or_a_saved_game_are_shown_as_text(driver, folder):
    """A disc's name and author, and a saved game's scenario name, reach the page as text:
    never markup, never run."""
    data = example("lake-shore")
    data["name"], data["author"] = HOSTILE, HOSTILE
    scenario = Scenario.from_dict(data)
    words = NewGame("competitive", ("human", "human"), seed=2)
    with served(folder, scenario, words) as table:
        session = table.table_session
        log = game_log(scenario, session.game.state, session.game.kinds)
        (folder / "hostile-game.json").write_text(json.dumps(log))
        open_table(driver, table)
        assert driver.find_element(By.ID, "disc-name").text == HOSTILE
        click(driver, driver.find_element(By.ID, "games"))
        shown_save(driver, "hostile-game.json")
        assert HOSTILE in driver.find_element(By.ID, "saves").text
        assert driver.find_elements(By.CSS_SELECTOR, "img, b") == []
        assert driver.title == "pachaprint table"
        click(driver, driver.find_element(By.ID, "games-close"))
        leave(driver)


# -- at tablet width, and undo --------------------------------------------------------------------
@pytest.mark.parametrize("size", [DESKTOP, TABLET])
def test_the_table_fits_the_screen_and_undo_takes_back_a_move_onto_a_crop(driver, folder, size):
    driver.set_window_size(*size)
    scenario = Scenario.from_dict(example("lake-shore"))
    with served(folder, scenario, NewGame("competitive", ("human", "human"), seed=6)) as table:
        session = table.table_session
        open_table(driver, table)
        start = list(session.game.state.history)
        width = driver.execute_script("return document.documentElement.scrollWidth")
        assert width <= driver.execute_script("return window.innerWidth")
        # the turn, the board and the choices below it fit one screen, the board at least 440 px
        board = driver.find_element(By.ID, "board-picture").rect
        choices = driver.find_element(By.ID, "choices").rect
        assert board["width"] >= 439
        assert choices["y"] + choices["height"] <= driver.execute_script("return innerHeight")
        click(driver, driver.find_element(By.ID, "pick-supply"))
        crops = [
            g
            for g in driver.find_elements(By.CSS_SELECTOR, "#board-picture g[data-action]")
            if g.get_attribute("data-crop")
        ]
        assert crops, "an edge start cell with a crop to enter"
        click_action(driver, crops[0], session)
        undo = driver.find_element(By.ID, "undo")
        assert undo.is_enabled()
        before = moment(driver)
        click(driver, undo)
        after(driver, before)
        assert session.game.state.history == start
        name = "desktop" if size == DESKTOP else "tablet"
        driver.save_screenshot(f"/tmp/table-{name}.png")


# -- the choices the rules leave to the players -------------------------------------------------------
def test_a_person_places_the_otoma_and_a_group_chooses_the_hand(driver, folder):
    """On a disc that names no Otoma cells the person places the Otoma pawns: a button per pawn
    to place, its start cells lit on the board; in co-op the group chooses the hand that gives
    a discovery's tile, a button per hand that holds one."""
    scenario = long_disc()  # five start cells, no Otoma cells
    with served(folder, scenario, NewGame("solo", ("human",), "easy", seed=2)) as table:
        open_table(driver, table)
        session = table.table_session
        assert session.game.state.phase.name == "PLACE_OTOMA"
        assert (
            "Place the Otoma pawns on start cells" in driver.find_element(By.ID, "turn-prompt").text
        )
        pawns = offered(driver, "#choice-buttons button[data-select^='otoma-']")
        assert [re.search(r"Place Otoma pawn \d", b.text).group(0) for b in pawns] == [
            f"Place Otoma pawn {n}" for n in range(1, 6)
        ]
        assert pawns[0].get_attribute("aria-pressed") == "true"  # the first one is picked
        click(driver, pawns[3])  # pick pawn 4, then its cell
        targets = offered(driver, "#board-picture g[data-action]")
        starts = sorted(scenario.board.name(c) for c in scenario.start_cells)
        assert sorted(t.get_attribute("data-cell") for t in targets) == starts
        driver.save_screenshot("/tmp/table-place-otoma.png")
        c5 = next(t for t in targets if t.get_attribute("data-cell") == "c5")
        click_action(driver, c5, session)
        otoma = session.game.state.otoma
        assert otoma.pawns[3] == scenario.board.index("c5") and otoma.unplaced() == [0, 1, 2, 4]
        assert "starts on c5" in driver.find_element(By.ID, "log").text
        while session.game.state.phase.name == "PLACE_OTOMA":  # the rest, cell by cell
            click_action(driver, offered(driver, "#board-picture g[data-action]")[0], session)
        assert session.game.state.phase.name == "TURN"
        leave(driver)
    words = NewGame("coop", ("human", "human"), "normal", seed=1)
    with served(folder, scenario, words) as table:
        session = table.table_session
        state = session.game.state
        while state.phase.name == "PLACE_OTOMA":
            session.game.act(state.rule_choice())
        session.game.act(state.parse("spend valley"))
        session.game.act(state.parse("enter d1"))  # no spent tile of d1's terrain waits
        assert state.phase.name == "GIVE_TILE"
        open_table(driver, table)
        assert "comes from a hand: agree whose" in driver.find_element(By.ID, "turn-prompt").text
        hands = offered(driver, "#choice-buttons button[data-action]")
        assert [re.search(r"From the hand of Player \d", b.text).group(0) for b in hands] == [
            "From the hand of Player 1",
            "From the hand of Player 2",
        ]
        driver.save_screenshot("/tmp/table-give-tile.png")
        click_action(driver, hands[1], session)
        assert A.hand(1) in session.game.state.history
        terrain = TERRAIN_LETTERS[session.game.state.terrain[scenario.board.index("d1")]]
        told = f"Player 2 (white, human) gives the {Terrain(terrain).label.lower()} tile for d1"
        assert told in driver.find_element(By.ID, "log").text
        leave(driver)
