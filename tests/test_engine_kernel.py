"""The compiled playout kernel and the pure-Python engine play identical games.

The same seeds through both give the same games: every action, every field of
the table, the tiles, the Otoma's moves, the legal actions, the scores, and the
random generators left in the same state. Games of every mode and seat count,
played from the start, from the middle, from an information state given a
sampled map (chance nodes drawn by the playout), step by step through the
search interface, and with one generator per seat as in a simulation. And
the logician's proofs: the same knowledge, proofs and verdicts on the tables
of many games, damaged ones included; and the Otoma's paths.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pachaprint.engine import kernel
from pachaprint.engine.bots.logic import Inconsistent, analyse
from pachaprint.engine.bots.proofs import prove
from pachaprint.engine.compiled import COMPILED
from pachaprint.engine.rules import actions as A
from pachaprint.engine.rules.config import GameConfig, Mode, first_start_cells
from pachaprint.engine.rules.game import new_game
from pachaprint.engine.rules.movement import Direction
from pachaprint.engine.rules.oracle import HiddenInformation, WheelOracle
from pachaprint.engine.rules.state import GameState
from pachaprint.engine.rules.trails import otoma_stop, reaction_stops, trails_for
from pachaprint.model.rules import TERRAIN_LETTERS
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

SCENARIOS = [
    Scenario.from_dict(json.loads(p.read_text(encoding="utf-8")))
    for p in sorted((REPO / "scenarios").glob("*.json"))
]
LONG = [s for s in SCENARIOS if s.otoma]


def configs() -> list[tuple[str, Scenario, GameConfig]]:
    """Every mode, seat count and difficulty, on several scenarios."""
    out = []
    for i, scenario in enumerate(SCENARIOS[:8]):
        for players in (2, 3, 4):
            out.append(
                ("competitive", scenario, GameConfig(players=players, seed=10 * i + players))
            )
    for i, scenario in enumerate(LONG[:6]):
        names = tuple(scenario.board.name(c) for c in first_start_cells(scenario))
        for level in ("easy", "hard"):
            out.append(("solo", scenario, GameConfig(Mode.SOLO, 1, level, names, seed=i)))
        for players, level in ((2, "easy"), (3, "normal"), (4, "expert"), (2, "normal")):
            config = GameConfig(Mode.COOP, players, level, names, seed=100 + i + players)
            out.append(("coop", scenario, config))
    return out


CONFIGS = configs()
IDS = [f"{mode}-{s.id}-{c.players}-{c.difficulty}" for mode, s, c in CONFIGS]


def snapshot(state: GameState) -> dict[str, Any]:
    """Everything a game is: the table, the tiles, the Otoma and the legal actions."""
    names = (
        "terrain crop owner revealed crop_mask all_pawns pawn_mask reserve supply score tokens "
        "stones points wrong correct first_player current_player phase turn end_turns skips "
        "trigger passed ending empty_points _skips_in_row _final_left chance history"
    )
    out = {name: getattr(state, name) for name in names.split()}
    out["legal"] = list(state.legal_actions())
    if state.tiles is not None:
        tiles = state.tiles
        for name in [
            "tile_at",
            "unseen",
            "left",
            "hands",
            "tops",
            "columns",
            "arrow",
            "pending",
            "box_tiles",
        ]:
            out[f"tiles.{name}"] = getattr(tiles, name)
    if state.otoma is not None:
        out["otoma.pawns"] = state.otoma.pawns
        out["otoma.moves"] = state.otoma.moves
    return out


def test_the_kernel_is_built() -> None:
    assert COMPILED, (
        "pachaprint.engine._cengine was not built: install with a C compiler "
        "(pip install .) to get the fast engine; the pure-Python fallback still works"
    )


def test_the_generator_draws_as_python_does() -> None:
    from pachaprint.engine._cengine import draws

    for seed in (0, 1, 7, -3, 2**32 - 1, 2**32, 2**64 + 5, 12345678901234567890123):
        for n in (1, 2, 3, 5, 17, 64, 1000, 2**31 - 1):
            ours, theirs = random.Random(seed), random.Random(seed)
            assert draws(ours, n, 50) == [theirs.randrange(n) for _ in range(50)]
            assert ours.getstate() == theirs.getstate()
    # past the first 624 words the generator twists its state: still the same draws
    ours, theirs = random.Random(3), random.Random(3)
    assert draws(ours, 10**6, 3000) == [theirs.randrange(10**6) for _ in range(3000)]
    assert ours.getstate() == theirs.getstate()


def test_a_seed_is_random_random_of_that_seed() -> None:
    from pachaprint.engine._cengine import draws

    for seed in (0, 5, -5, 2**40 + 3, 2**70):
        reference = random.Random(seed)
        assert draws(seed, 1000, 700) == [reference.randrange(1000) for _ in range(700)]


@pytest.mark.parametrize(("mode", "scenario", "config"), CONFIGS, ids=IDS)
def test_a_playout_is_the_python_game(mode: str, scenario: Scenario, config: GameConfig) -> None:
    reference, compiled = new_game(scenario, config), new_game(scenario, config)
    seats = config.players
    draws = [random.Random(config.seed * 31 + s) for s in range(seats)]
    twins = [random.Random(config.seed * 31 + s) for s in range(seats)]
    played = kernel.python_playout(reference, draws)
    assert kernel.playout(compiled, twins) == played
    assert reference.is_terminal()
    assert snapshot(compiled) == snapshot(reference)
    assert [d.getstate() for d in draws] == [t.getstate() for t in twins]
    assert compiled.outcome() == reference.outcome()


@pytest.mark.parametrize(("mode", "scenario", "config"), CONFIGS[::3], ids=IDS[::3])
def test_a_playout_from_the_middle_of_a_game(
    mode: str, scenario: Scenario, config: GameConfig
) -> None:
    state = new_game(scenario, config)
    rng = random.Random(config.seed)
    while len(state.history) < 40 and not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    reference, compiled = state.clone(), state.clone()
    kernel.python_playout(reference, random.Random(99))
    kernel.playout(compiled, random.Random(99))
    assert snapshot(compiled) == snapshot(reference)


@pytest.mark.parametrize(("mode", "scenario", "config"), CONFIGS[1::3], ids=IDS[1::3])
def test_the_search_interface_step_by_step(
    mode: str, scenario: Scenario, config: GameConfig
) -> None:
    state = new_game(scenario, config)
    fast = kernel.search_state(state)
    assert not isinstance(fast, kernel.PythonSearchState)
    slow = kernel.PythonSearchState(state.clone())
    rng = random.Random(config.seed + 1)
    while not slow.is_terminal():
        assert fast.current_player == slow.current_player and fast.turn == slow.turn
        assert list(fast.legal_actions()) == list(slow.legal_actions())
        assert fast.is_chance_node() == slow.is_chance_node()
        legal = slow.legal_actions()
        code = legal[rng.randrange(len(legal))]
        if rng.random() < 0.1:  # a copy goes its own way; the original is untouched
            copy = fast.clone()
            copy.playout(rng.getrandbits(32))
            assert copy.is_terminal()
        fast.apply(code)
        slow.apply(code)
    assert fast.is_terminal()
    assert fast.returns() == slow.returns() and fast.scores() == slow.scores()
    assert fast.legal_actions() == []


@pytest.mark.parametrize(("mode", "scenario", "config"), CONFIGS[2::3], ids=IDS[2::3])
def test_a_rollout_leaves_the_state_and_matches_a_playout(
    mode: str, scenario: Scenario, config: GameConfig
) -> None:
    state = new_game(scenario, config)
    fast = kernel.search_state(state)
    slow = kernel.search_state(state)
    before = fast.legal_actions()
    for seed in range(5):
        returns = fast.rollout(seed)
        assert fast.legal_actions() == before and not fast.is_terminal()
        reference = kernel.PythonSearchState(state.clone())
        assert reference.rollout(seed) == returns
    slow.playout(4)
    reference = kernel.PythonSearchState(state.clone())
    reference.playout(4)
    assert slow.returns() == reference.returns() and slow.scores() == reference.scores()


def sampled(scenario: Scenario, state: GameState, rng: random.Random) -> WheelOracle:
    """A map for the hidden cells: the open tiles as they lie, the rest shuffled (a search's
    determinisation needs only the open tiles to agree; the rules need not hold)."""
    terrain = [TERRAIN_LETTERS.index(t) for t in scenario.terrain_flat]
    crops = [int(c) for c in scenario.crops_flat]
    hidden = [c for c in scenario.board.cells if not state.revealed >> c & 1]
    shuffled = [terrain[c] for c in hidden]
    rng.shuffle(shuffled)
    for c, t in zip(hidden, shuffled, strict=True):
        terrain[c] = t
    return WheelOracle.of_map(scenario.board, terrain, crops, scenario.start_cells)


@pytest.mark.parametrize(("mode", "scenario", "config"), CONFIGS[::2], ids=IDS[::2])
def test_an_information_state_on_a_sampled_map(
    mode: str, scenario: Scenario, config: GameConfig
) -> None:
    game = new_game(scenario, config)
    rng = random.Random(config.seed + 5)
    while len(game.history) < 30 and not game.is_terminal():
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    info = game.information_state().with_wheel(sampled(scenario, game, rng))
    reference, compiled = info.clone(), info.clone()
    kernel.python_playout(reference, random.Random(8))
    kernel.playout(compiled, random.Random(8))
    assert snapshot(compiled) == snapshot(reference)
    if game.tiles is not None:  # chance nodes were answered by the playout's draws
        assert any(A.kind_of(code) == A.Kind.TILE for code in compiled.history[len(game.history) :])


def test_the_kernel_marks_the_cells_it_read_on_the_wheel() -> None:
    scenario = LONG[0]
    game = new_game(scenario, GameConfig(seed=2))
    oracle = game._oracle
    assert isinstance(oracle, WheelOracle)
    kernel.playout(game, 3)
    board = scenario.board
    assert oracle.consulted_terrain == {c for c in board.cells if game.revealed >> c & 1}
    assert oracle.consulted_crops == {c for c in board.cells if game.crop_mask >> c & 1}


def test_a_sealed_wheel_refuses_the_kernel_too() -> None:
    info = new_game(LONG[1], GameConfig(seed=3)).information_state()
    fast = kernel.search_state(info)
    hidden = ~info.revealed
    enter = next(
        c for c in fast.legal_actions() if A.kind_of(c) == A.Kind.ENTER and hidden >> A.to_of(c) & 1
    )
    with pytest.raises(HiddenInformation, match=r"the terrain of [a-i][1-5] is hidden"):
        fast.apply(enter)
    with pytest.raises(ValueError, match="illegal action"):
        fast.apply(A.divine(0, 9))


def test_a_recorded_game_is_played_by_the_python_engine() -> None:
    scenario = LONG[2]
    config = GameConfig(Mode.SOLO, 1, "hard", seed=8)
    recorded = new_game(scenario, config, record_events=True)
    plain = new_game(scenario, config)
    kernel.playout(recorded, 5)
    kernel.playout(plain, 5)
    assert recorded.events and recorded.history == plain.history
    assert recorded.score == plain.score


def test_the_turn_limit_stops_both_alike() -> None:
    scenario = LONG[0]
    reference, compiled = (new_game(scenario, GameConfig(seed=4)) for _ in range(2))
    assert kernel.python_playout(reference, 6, max_turns=10) == kernel.playout(
        compiled, 6, max_turns=10
    )
    assert not compiled.is_terminal() and compiled.turn == 11
    assert snapshot(compiled) == snapshot(reference)


def tables() -> list[tuple[Any, list[int], list[int], list[int]]]:
    """Tables from random games of both sizes, and damaged copies (some break the rules)."""
    found = []
    for i in range(40):
        scenario = SCENARIOS[i % len(SCENARIOS)]
        state = new_game(scenario, GameConfig(players=2, seed=i))
        rng = random.Random(i)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            if rng.random() < 0.1:
                found.append((scenario.board, list(state.terrain), list(state.crop), state.supply))
    rng = random.Random(5)
    for board, terrain, crop, supply in found[::3]:
        terrain, crop, supply = list(terrain), list(crop), list(supply)
        cell = rng.randrange(len(terrain))
        if terrain[cell] >= 0:
            crop[cell] = rng.randint(0, 5)
        else:
            terrain[cell] = rng.randrange(4)
        supply[rng.randrange(4)] += rng.choice([-1, 1]) if supply[0] else 1
        found.append((board, terrain, crop, [max(0, s) for s in supply]))
    return found


def knowledge_of(
    board: Any, terrain: list[int], crop: list[int], supply: list[int], compiled: bool
):
    try:
        know = analyse(board, terrain, crop, supply, compiled=compiled)
    except Inconsistent as error:
        return str(error), None
    components = [(c.terrain, c.mask, c.cells, c.size, c.upper, c.lower) for c in know.components]
    peers, units, unit_of = know.links
    links = ([tuple(p) for p in peers], [(tuple(c), full) for c, full in units], list(unit_of))
    return (know.domains, know.possible, components, know.component_of, links), know


def test_the_compiled_proofs_are_the_python_proofs() -> None:
    inconsistent = proved = 0
    for board, terrain, crop, supply in tables():
        fast, compiled = knowledge_of(board, terrain, crop, supply, True)
        slow, reference = knowledge_of(board, terrain, crop, supply, False)
        assert fast == slow
        if compiled is None or reference is None:
            inconsistent += 1
            continue
        assert compiled.core is not None and reference.core is None
        open_cells = [c for c in board.cells if terrain[c] >= 0 and not crop[c]]
        rng = random.Random(len(open_cells))
        for node_limit in (3, 40, 200):  # the caches of earlier proofs carry over, alike
            cells = rng.sample(open_cells, min(len(open_cells), rng.randint(1, 6)))
            found = prove(compiled, cells, node_limit)
            assert list(found.items()) == list(prove(reference, cells, node_limit).items())
            proved += len(found)
    assert inconsistent and proved


def test_the_compiled_otoma_paths_are_the_python_ones() -> None:
    board = LONG[0].board
    trails = trails_for(board)
    rng = random.Random(1)
    moved = 0
    for i in range(3000):
        revealed = rng.getrandbits(45) | rng.getrandbits(45) | rng.getrandbits(45)
        if i % 50 == 0:
            revealed = (1 << 45) - 1  # nowhere to go
        pawns = rng.sample(range(45), rng.randint(0, 5))
        cell = rng.choice([c for c in range(45) if c not in pawns])
        stops = reaction_stops(trails, cell, pawns, revealed)
        assert stops == reaction_stops(trails, cell, pawns, revealed, compiled=False)
        moved += len(stops)
        heading = Direction(rng.randrange(4))
        start = rng.randrange(45)
        compiled = otoma_stop(trails, start, heading, revealed)
        assert compiled == otoma_stop(trails, start, heading, revealed, compiled=False)
    assert moved


def test_a_deck_rigged_in_place_is_read_again() -> None:
    scenario = LONG[3]
    names = tuple(scenario.board.name(c) for c in first_start_cells(scenario))
    config = GameConfig(Mode.SOLO, 1, "hard", names, seed=12)
    reference, compiled = new_game(scenario, config), new_game(scenario, config)
    kernel.search_state(compiled).rollout(1)  # the kernel has seen this deck
    for state in (reference, compiled):  # swap the two top tiles of the biggest stack
        assert state.deck is not None and state.tiles is not None
        t = max(range(4), key=lambda k: state.tiles.left[k])
        stack, top = state.deck.stacks[t], state.tiles.left[t] - 1
        stack[top], stack[top - 1] = stack[top - 1], stack[top]
    kernel.python_playout(reference, 3)
    kernel.playout(compiled, 3)
    assert snapshot(compiled) == snapshot(reference)
