"""Scripted solo games on a shipped long scenario: setup scoring, arrows and Otoma
moves with exact paths and scores, easy/hard own-colour arrows, divination,
no retrieval, the end and its tie rule."""

from __future__ import annotations

import io
import json
import random

import pytest

from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.actions import choose_otoma
from pachaprint.engine.rules.config import GameConfig, Mode, first_start_cells
from pachaprint.engine.rules.config import otoma_cells as solo_otoma_cells
from pachaprint.engine.rules.config import otoma_colours as colours_of
from pachaprint.engine.rules.events import Ending, Phase
from pachaprint.engine.rules.modes import new_game
from pachaprint.engine.rules.movement import Direction
from pachaprint.engine.rules.state import GameState
from pachaprint.engine.rules.tiles import ArrowTile, Deck, box_tiles
from pachaprint.model.scenario import Scenario
from pachaprint.terminal.play import Table, run_table
from tests.helpers import REPO, next_tile

PLAYER, OTOMA = 0, 1
"""Account (and pawn side) of the player and of the Otoma in a solo game."""

# The Sacred Valley (scenarios/sacred-valley.json):
#      a b c d e f g h i          crops
#   1  V V F F F F F M D          3 2 3 1 2 4 5 2 1
#   2  V D D V V M M M D          1 4 5 4 5 3 1 4 3
#   3  D D D V V F V D D          2 3 1 3 1 4 2 5 2
#   4  V V M M V F V D M          1 4 2 4 2 5 1 4 1
#   5  V V M M F F F M M          2 3 1 3 1 3 2 3 2
# start d1 h1 a2 i2 f4 i5; Otoma d1 a2 i2 f4 i5 = purple, yellow, white, green, blue
SCENARIO = Scenario.from_dict(json.loads((REPO / "scenarios" / "sacred-valley.json").read_text()))
BOARD = SCENARIO.board


def cell(name: str) -> int:
    return BOARD.index(name)


def game(difficulty: str = "easy", seed: int = 5, **options) -> GameState:
    config = GameConfig(Mode.SOLO, 1, difficulty, colour="brown", seed=seed)
    if options:
        config = GameConfig(Mode.SOLO, 1, difficulty, seed=seed, **options)
    return new_game(SCENARIO, config, record_events=True)


def otoma_at(state: GameState) -> list[str]:
    return [BOARD.name(c) for c in state.otoma.pawns]


def stack_tiles(state: GameState):
    """Every tile still in the solo stacks, stack by stack, bottom to top."""
    return [
        tile for t, stack in enumerate(state.deck.stacks) for tile in stack[: state.tiles.left[t]]
    ]


def test_setup_places_the_otoma_in_list_order_and_scores_each():
    state = game()
    assert state.otoma.colours == ("purple", "yellow", "white", "green", "blue")
    assert otoma_at(state) == ["d1", "a2", "i2", "f4", "i5"]
    # d1 forest 1: stone F to 1 (1 point) + crop 1; a2 valley 1: V to 1, two stones
    # at 1 (2) + 1; i2 desert 3: three stones at 1 (3) + 3; f4 forest 5: F to 2 (1)
    # + 5; i5 mountain 2: M to 1, three stones at 1 (3) + 2.
    assert [e.points for e in state.events if e.what == "otoma-setup"] == [2, 3, 6, 6, 5]
    assert state.score == [0, 22]
    assert state.stones[OTOMA] == [1, 1, 2, 1]
    assert state.reserve[PLAYER] == 5 and state.players == 1


def test_the_otoma_colours_skip_the_player_colour():
    assert colours_of("white") == ("purple", "yellow", "brown", "green", "blue")
    assert game(colour="blue").otoma.colours == (
        "purple",
        "yellow",
        "brown",
        "white",
        "green",
    )


def test_otoma_start_cells_checked():
    with pytest.raises(ValueError, match="h2 is not a start cell"):
        solo_otoma_cells(SCENARIO, ["d1", "h1", "a2", "i2", "h2"])
    with pytest.raises(ValueError, match="named twice"):
        solo_otoma_cells(SCENARIO, ["d1", "d1", "a2", "i2", "f4"])
    assert [BOARD.name(c) for c in solo_otoma_cells(SCENARIO, ["h1", "d1", "a2", "i2", "f4"])] == [
        "h1",
        "d1",
        "a2",
        "i2",
        "f4",
    ]
    chosen = game(otoma=("h1", "d1", "a2", "i2", "f4"))
    assert otoma_at(chosen) == ["h1", "d1", "a2", "i2", "f4"]
    without = Scenario.from_dict({k: v for k, v in SCENARIO.to_dict().items() if k != "solo"})
    with pytest.raises(ValueError, match="names no Otoma start cells"):
        solo_otoma_cells(without)
    assert [BOARD.name(c) for c in first_start_cells(without)] == ["d1", "h1", "a2", "i2", "f4"]


def test_stacks_hold_the_scenario_supply_with_template_arrows():
    state = game()
    counts = tuple(state.tiles.left)
    assert counts == tuple(state.supply)  # one tile per hidden cell, per terrain
    names = {t.name for t in stack_tiles(state)} | {
        state.tiles.tile_at[c].name for c in SCENARIO.start_cells
    }
    template = {t.name for group in box_tiles() for t in group}
    assert names <= template and len(names) == 45
    again = game()
    assert [t.name for t in stack_tiles(again)] == [t.name for t in stack_tiles(state)]
    other = game(seed=6)
    assert [t.name for t in stack_tiles(other)] != [t.name for t in stack_tiles(state)]


def test_more_tiles_than_the_template_repeat_it():
    stacks = Deck.shuffled((20, 0, 0, 0), 1)
    names = sorted(t.name for t in stacks.stacks[0])
    assert len(names) == 20 and "V01" in names and "V01+1" in names and "V05+1" in names


def test_no_retrieval_and_otoma_block_entry():
    state = game()
    legal = state.legal_actions()
    assert all(A.kind_of(code) != A.Kind.RETRIEVE for code in legal)
    entries = {BOARD.name(A.to_of(code)) for code in legal if A.kind_of(code) == A.Kind.ENTER}
    assert not entries & {"d1", "a2", "i2", "i5"}
    assert "h1" in entries and "b1" in entries
    state.apply(A.enter(cell("b1")))
    assert all(A.kind_of(code) != A.Kind.RETRIEVE for code in state.legal_actions())


def test_scripted_easy_game_paths_and_scores():
    state = game("easy")
    # 1. enter b1 (valley, discovered): player V to 1 = 1 point. Yellow arrow east:
    # yellow (a2) moves to b2, which has no terrain: desert 4 for the Otoma,
    # desert stone to 2 (F and D at 2: 2 points) + 4.
    next_tile(state, "V", "yellow", "E")
    state.apply(A.enter(cell("b1")))
    move = state.otoma.moves[-1]
    assert move.colour == "yellow" and [BOARD.name(c) for c in move.path.cells] == ["b2"]
    assert (move.terrain, move.crop, move.points) == (1, 4, 6)
    assert state.score == [1, 28] and otoma_at(state)[1] == "b2"
    assert state.phase is Phase.TURN and state.turn == 2
    # 2. enter c1 (forest): F to 1, V and F at 1 = 2 points. Purple arrow north:
    # purple (d1) leaves the top at column d, the trail brings it to column c
    # moving down: c1 (terrain, player pawn: passes), c2 (no terrain: stops).
    next_tile(state, "F", "purple", "N")
    state.apply(A.enter(cell("c1")))
    move = state.otoma.moves[-1]
    assert [BOARD.name(c) for c in move.path.cells] == ["c1", "c2"]
    assert move.path.trails == ((0, "top-d", "top-c"),)
    # c2 desert 5: Otoma desert stone to 3 (alone: 1) + 5.
    assert move.points == 6 and state.score == [3, 34]
    # 3. enter e1 (forest) on a brown arrow: own colour, easy: nothing happens.
    next_tile(state, "F", "brown", "S")
    moves = len(state.otoma.moves)
    state.apply(A.enter(cell("e1")))
    assert len(state.otoma.moves) == moves
    assert state.score == [4, 34] and state.phase is Phase.TURN
    # 4. Divine: every pawn on cropless terrain must divine, a mistake does not stop.
    state.apply(A.divine(cell("b1"), 2))
    assert state.score == [6, 34] and state.phase is Phase.DIVINING
    legal = set(state.legal_actions())
    assert A.PASS not in legal
    assert {A.cell_of(code) for code in legal} == {cell("c1"), cell("e1")}
    state.apply(A.divine(cell("c1"), 1))  # wrong: c1 holds 3
    assert state.score == [3, 34] and state.phase is Phase.DIVINING
    state.apply(A.divine(cell("e1"), 2))
    assert state.score == [5, 34]
    # the Offer still follows, after a mistake: token 2 held
    assert state.phase is Phase.OFFER and state.tokens[PLAYER] == 0b10
    assert set(state.legal_actions()) == {A.offer(0b10), A.PASS}
    state.apply(A.PASS)
    assert state.phase is Phase.TURN and state.turn == 5
    # the divination triggered no Otoma move
    assert len(state.otoma.moves) == moves
    assert [e.what for e in state.events].count("wrong") == 1


def test_ending_on_a_crop_triggers_no_arrow():
    state = game()
    next_tile(state, "F", "white", "W")
    state.apply(A.enter(cell("g1")))  # forest 5 hidden: discovered, white arrow west
    move = state.otoma.moves[-1]
    # white (i2) goes west: h2 has no terrain
    assert [BOARD.name(c) for c in move.path.cells] == ["h2"]
    before = len(state.otoma.moves)
    state.apply(A.move(cell("g1"), cell("h1")))  # h1 is a start cell with a crop
    assert len(state.otoma.moves) == before


def test_hard_own_colour_arrow_ends_the_turn_after_the_chosen_otoma_moves():
    state = game("hard")
    state.tokens[PLAYER] = 0b1  # a token in hand: the Offer step would be offered
    next_tile(state, "F", "brown", "S")
    state.apply(A.enter(cell("e1")))
    assert state.phase == Phase.CHOOSE_OTOMA and state.tiles.pending is Direction.S
    assert list(state.legal_actions()) == [choose_otoma(i) for i in range(5)]
    with pytest.raises(ValueError):
        state.apply(A.PASS)
    state.apply(choose_otoma(3))  # green, on f4: south to f5 (forest 3)
    move = state.otoma.moves[-1]
    assert move.colour == "green" and [BOARD.name(c) for c in move.path.cells] == ["f5"]
    # Otoma forest stone 2 -> 3 (alone at 3: 1 point) + crop 3
    assert move.points == 4 and state.score[OTOMA] == 26
    assert state.phase is Phase.TURN and state.turn == 2  # no Offer this turn


def test_easy_own_colour_arrow_keeps_the_offer():
    state = game("easy")
    state.tokens[PLAYER] = 0b1
    next_tile(state, "F", "brown", "S")
    state.apply(A.enter(cell("e1")))
    assert state.phase is Phase.OFFER


def reveal_all_but(state: GameState, *names: str) -> None:
    keep = {cell(n) for n in names}
    for c in BOARD.cells:
        if c not in keep:
            state.reveal(c)
    state.refresh()


def test_game_ends_after_the_turn_placing_the_last_tile_with_no_end_divination():
    state = game()
    reveal_all_but(state, "b1")
    state.tokens[PLAYER] = 0b11
    next_tile(state, "V", "purple", "S")
    state.apply(A.enter(cell("b1")))
    # purple has nowhere to go: no cell without terrain remains
    assert state.otoma.moves[-1].path.stop is None and otoma_at(state)[0] == "d1"
    assert state.phase is Phase.OFFER  # the turn finishes normally
    state.apply(A.offer(0b11))
    assert state.is_terminal() and state.score[PLAYER] == 1 + 1
    assert state.legal_actions() == A.NO_ACTIONS


def test_the_last_tile_placed_by_an_otoma_ends_the_game_after_the_turn():
    state = game()
    reveal_all_but(state, "b1", "b2")
    next_tile(state, "V", "yellow", "E")  # yellow a2 -> b2, the last hidden cell
    state.apply(A.enter(cell("b1")))
    assert state.is_terminal()
    assert otoma_at(state)[1] == "b2"


def test_tie_goes_to_the_otoma():
    state = game()
    reveal_all_but(state, "b1")
    next_tile(state, "V", "brown", "N")
    state.apply(A.enter(cell("b1")))
    assert state.is_terminal()
    state.score[PLAYER] = state.score[OTOMA]
    assert state.winners() == [] and state.outcome().winners == () and state.returns() == [0.0]
    state.score[PLAYER] += 1
    assert state.winners() == [PLAYER] and state.returns() == [1.0]


def test_tiny_scenarios_cannot_be_played_solo():
    tiny = Scenario.from_dict(json.loads((REPO / "scenarios" / "sun-gate.json").read_text()))
    assert tiny.size == "tiny"
    with pytest.raises(ValueError, match="long scenarios only"):
        solo_otoma_cells(tiny, [])


def test_a_player_shut_out_for_good_ends_the_game():
    # Every cell but e3 has terrain; the player's only pawn stands on a crop
    # (a1) and Otoma pawns wall e3 in: no Explore reaches a cell without crop.
    state = game()
    reveal_all_but(state, "e3")
    for c in BOARD.cells:
        if c != cell("e3"):
            state.reveal(c, crop=True)
    for name, otoma in (("e2", 0), ("d3", 1), ("f3", 2), ("e4", 3)):
        state.lift(OTOMA, state.otoma.pawns[otoma])
        state.place(OTOMA, cell(name))
        state.otoma.pawns[otoma] = cell(name)
    state.put_pawn(PLAYER, cell("a1"))
    state.reserve[PLAYER] = 0
    state.refresh()
    assert state.is_terminal() and state.ending is Ending.SHUT_OUT
    assert [e.what for e in state.events][-2:] == ["blocked", "over"]


def walled_in(difficulty: str, arrows: dict[str, tuple[str, str]]) -> GameState:
    """Every cell but e3 has terrain and Otoma pawns wall e3 in (e2, d3, f3, e4; blue
    stays on i5); c1 and g1 are tiles without crop whose arrows are ``arrows``; the
    player (brown) stands on a1 (a crop) and g1, with no pawn in supply."""
    state = game(difficulty)
    reveal_all_but(state, "e3")
    for c in BOARD.cells:
        if c not in (cell("e3"), cell("c1"), cell("g1")):
            state.reveal(c, crop=True)
    for name, otoma in (("e2", 0), ("d3", 1), ("f3", 2), ("e4", 3)):
        state.lift(OTOMA, state.otoma.pawns[otoma])
        state.place(OTOMA, cell(name))
        state.otoma.pawns[otoma] = cell(name)
    for name, (colour, direction) in arrows.items():
        state.tiles.tile_at[cell(name)] = ArrowTile("T", 2, colour, Direction[direction])
    state.put_pawn(PLAYER, cell("a1"))
    state.put_pawn(PLAYER, cell("g1"))
    state.reserve[PLAYER] = 0
    state.refresh()
    return state


def test_no_tile_left_to_discover_makes_the_next_turn_the_last():
    # e3 is walled in and both tiles without crop bear the player's own colour: on
    # easy no Explore can ever reveal a tile. The player divines with the pawn on g1
    # (the only one on a tile without crop), may offer, and the game ends.
    state = walled_in("easy", {"c1": ("brown", "N"), "g1": ("brown", "E")})
    assert state.sealed() and state.closing and state.phase is Phase.DIVINING
    assert [e.what for e in state.events][-1] == "blocked"
    assert state.events[-1].value == 1  # one cell left without terrain
    assert list(state.legal_actions()) == [A.divine(cell("g1"), v) for v in range(1, 6)]
    level = SCENARIO.crop_levels[cell("g1")]
    state.apply(A.divine(cell("g1"), level))
    assert state.phase is Phase.OFFER  # right: a token, and the Offer of a Divine turn
    state.apply(A.PASS)
    assert state.is_terminal() and state.ending is Ending.SHUT_OUT and state.turn == 1
    assert state.outcome().ending.completed
    assert state.crop_mask >> cell("c1") & 1 == 0  # no pawn on it: no one divines it


def test_an_arrow_that_sends_an_otoma_pawn_to_the_last_cell_keeps_the_game_going():
    # c1's purple arrow sends the purple pawn (e2) north: it stops on e3.
    state = walled_in("easy", {"c1": ("purple", "N"), "g1": ("brown", "E")})
    assert not state.sealed() and state.phase is Phase.TURN and not state.closing
    state.apply(A.move(cell("a1"), cell("c1")))
    assert otoma_at(state)[0] == "e3" and state.is_terminal()
    assert state.ending is Ending.FINISHED


def test_on_hard_an_own_colour_arrow_within_reach_can_send_any_otoma_pawn():
    assert walled_in("easy", {"c1": ("brown", "N"), "g1": ("brown", "E")}).sealed()
    state = walled_in("hard", {"c1": ("brown", "N"), "g1": ("brown", "E")})
    assert not state.sealed() and state.phase is Phase.TURN


def test_a_pawn_in_supply_may_still_enter_at_a_cell_without_terrain():
    state = game()
    reveal_all_but(state, "a3")  # an edge cell: a pawn from supply enters there
    for name, otoma in (("a2", 0), ("b3", 1), ("a4", 2)):
        state.lift(OTOMA, state.otoma.pawns[otoma])
        state.place(OTOMA, cell(name))
        state.otoma.pawns[otoma] = cell(name)
    state.refresh()
    assert state.reserve[PLAYER] == 5 and not state.sealed()
    assert A.enter(cell("a3")) in state.legal_actions()


def test_a_player_without_any_legal_action_ends_the_game_too():
    state = game()
    reveal_all_but(state, "e3")
    for c in BOARD.cells:
        if c != cell("e3"):
            state.reveal(c, crop=True)
    for name, otoma in (("a2", 1), ("b1", 0)):
        state.lift(OTOMA, state.otoma.pawns[otoma])
        state.place(OTOMA, cell(name))
        state.otoma.pawns[otoma] = cell(name)
    state.put_pawn(PLAYER, cell("a1"))
    state.reserve[PLAYER] = 0
    state.refresh()
    assert state.is_terminal() and state.ending is Ending.SHUT_OUT


def test_setup_scores_in_reading_order_and_colours_follow_the_list():
    # Manu Headwaters with the Otoma on a1, a3, a5, d2, h2 (not reading order):
    # a1 F1, a3 F2, a5 F3, d2 M3, h2 M5. Read row by row: a1 (F to 1: 1 + 1),
    # d2 (M to 1, F and M on 1: 2 + 3), h2 (M to 2: 1 + 5), a3 (F to 2, F and M
    # on 2: 2 + 2), a5 (F to 3: 1 + 3) = 21; in list order it would be 19.
    manu = Scenario.from_dict(json.loads((REPO / "scenarios" / "manu-headwaters.json").read_text()))
    config = GameConfig(Mode.SOLO, 1, otoma=("a1", "a3", "a5", "d2", "h2"))
    state = new_game(manu, config, record_events=True)
    setup = [e for e in state.events if e.what == "otoma-setup"]
    assert [manu.board.name(e.cell) for e in setup] == ["a1", "d2", "h2", "a3", "a5"]
    assert [e.points for e in setup] == [2, 5, 6, 4, 4]
    assert [e.value for e in setup] == [0, 3, 4, 1, 2]  # pawn numbers: list order
    assert state.score[OTOMA] == 21
    colours = dict(
        zip((manu.board.name(c) for c in state.otoma.pawns), state.otoma.colours, strict=True)
    )
    assert colours == {"a1": "purple", "a3": "yellow", "a5": "white", "d2": "green", "h2": "blue"}


def test_the_terminal_tells_a_person_no_tile_can_be_discovered_any_more():
    state = walled_in("easy", {"c1": ("brown", "N"), "g1": ("brown", "E")})
    out = io.StringIO()
    table = Table(SCENARIO, state, ["human"], [None], out)
    level = SCENARIO.crop_levels[cell("g1")]
    run_table(table, io.StringIO(f"divine g1 {level}\npass\n"), echo=True)
    text = out.getvalue()
    told = text.index(
        "No tile can be discovered any more: no Explore reaches the 1 cell left without "
        "terrain, not even through an arrow that sends an Otoma pawn there. Last turn (our "
        "ruling): player A (human) divines with every pawn on a tile without a crop, may "
        "offer, and the game ends"
    )
    assert told < text.index("divine with your next pawn on a tile without crop (all of them must)")
    assert text.index("> divine g1") < text.index(
        "The game ended early: no tile could be discovered any more, so the 1 cell left "
        "without terrain scores for no one."
    )


@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_a_state_that_keeps_no_record_plays_every_step_alike(difficulty: str) -> None:
    """What a search plays on (``keep_no_record``) differs from the game only by its record:
    each step leaves the same table, and the Otoma move the same, without their paths."""
    state = game(difficulty, seed=11)
    twin = state.clone()
    twin.keep_no_record()
    assert twin.history == [] and twin.events is None and twin.otoma.moves == []
    rng = random.Random(3)
    before = len(state.history)
    while not state.is_terminal():
        code = rng.choice(list(state.legal_actions()))
        state.apply(code)
        twin.apply(code)
        assert list(twin.legal_actions()) == list(state.legal_actions())
        assert (twin.phase, twin.turn, twin.score, twin.tokens) == (
            state.phase,
            state.turn,
            state.score,
            state.tokens,
        )
        assert (twin.terrain, twin.crop, twin.pawn_mask) == (
            state.terrain,
            state.crop,
            state.pawn_mask,
        )
        assert twin.otoma.pawns == state.otoma.pawns
    assert twin.outcome() == state.outcome()
    assert twin.history == state.history[before:]  # only what it played itself
    assert twin.events is None and twin.otoma.moves == []
    assert state.otoma.moves and state.events  # the game itself recorded both
