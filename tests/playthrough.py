"""Playthroughs: whole bot games written down step by step (OpenSpiel's playthrough files).

A playthrough is one game of one mode: after the setup, every decision a bot
took, the tiles that turned up with it (chance), and a digest of the game state
after it. ``tests/golden/playthroughs.json`` holds the playthroughs recorded
before the engine was reshaped (``python tests/golden/record.py --playthroughs``);
``tests/test_golden_playthroughs.py`` plays each again and names the first step
whose action or state differs. The aggregate reports (``simulate.json``) say
*that* a refactor changed a game; a playthrough says *where*.

The digest covers everything the table shows and the scores keep (terrain,
crops, pawns, the scores and where they came from, tokens, diversity stones,
supplies, the decision at hand, the Otoma, the tiles with arrows) and the
events of the step, in plain ints and words: how a module stores them (an
enum, a boxed int) does not change it; :func:`check_types` checks that part.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "playthroughs.json"


@dataclass(frozen=True)
class Case:
    """One playthrough: a scenario, the game's settings and a bot per seat."""

    name: str
    scenario: str
    mode: str
    players: int
    difficulty: str | None
    seed: int
    bots: tuple[str, ...]
    slow: bool = False
    """A search bot plays: seconds, not a fraction of one."""


# fmt: off
CASES = [
    Case("competitive-2-logician-greedy", "colca-canyon", "competitive", 2, None, 1, ("logician", "greedy")),
    Case("competitive-3-tiny", "akapana-mound", "competitive", 3, None, 8, ("random", "greedy", "logician")),
    Case("competitive-4-mixed", "inti-raymi", "competitive", 4, None, 3, ("logician", "random", "greedy", "logician")),
    Case("competitive-2-random", "sun-gate", "competitive", 2, None, 12, ("random", "random")),
    Case("competitive-2-expert", "titicaca-shoreline", "competitive", 2, None, 2, ("expert", "logician"), slow=True),
    Case("solo-logician-easy", "colca-canyon", "solo", 1, "easy", 1, ("logician",)),
    Case("solo-greedy-hard", "sacred-valley", "solo", 1, "hard", 4, ("greedy",)),
    Case("solo-random-hard", "misti-at-dawn", "solo", 1, "hard", 5, ("random",)),
    Case("solo-logician-hard", "cordillera-real", "solo", 1, "hard", 7, ("logician",)),
    Case("solo-expert-hard", "manu-headwaters", "solo", 1, "hard", 2, ("expert",), slow=True),
    Case("coop-2-logician-easy", "colca-canyon", "coop", 2, "easy", 1, ("logician",) * 2),
    Case("coop-3-greedy-expert", "edge-of-atacama", "coop", 3, "expert", 6, ("greedy",) * 3),
    Case("coop-4-random-normal", "uyuni-after-rain", "coop", 4, "normal", 9, ("random",) * 4),
    Case("coop-4-logician-normal", "road-to-copacabana", "coop", 4, "normal", 3, ("logician",) * 4),
    Case("coop-2-expert-normal", "stones-of-pumapunku", "coop", 2, "normal", 3, ("expert",) * 2, slow=True),
]
# fmt: on


def _scenario(name: str) -> Any:
    from pachaprint.model.scenario import Scenario

    return Scenario.from_dict(json.loads((ROOT / "scenarios" / f"{name}.json").read_text()))


def new_case_game(case: Case) -> tuple[Any, list[Any]]:
    """The game of a case, set up as ``pachaprint simulate`` sets up a game, and its bots."""
    from pachaprint.engine.bots import make_bot
    from pachaprint.engine.rules.config import GameConfig, Mode, first_start_cells
    from pachaprint.engine.rules.modes import draw_setup, mode_class, new_game

    scenario = _scenario(case.scenario)
    mode = Mode(case.mode)
    otoma = None
    if mode_class(mode).has_otoma:
        otoma = tuple(scenario.board.name(c) for c in first_start_cells(scenario))
    config = GameConfig(mode, case.players, case.difficulty, otoma, seed=case.seed)
    _, _, rng = draw_setup(config)
    bots = [make_bot(name, random.Random(rng.getrandbits(64)), mode) for name in case.bots]
    return new_game(scenario, config, record_events=True), bots


def digest(state: Any, events: list[Any]) -> str:
    """12 hex digits of the state's table, scores, decision, Otoma and tiles, and ``events``."""
    board = state.board
    otoma, tiles = state.otoma, state.tiles
    parts: list[Any] = [
        list(state.terrain),
        list(state.crop),
        list(state.owner),
        list(state.score),
        [list(p) for p in state.points],
        list(state.tokens),
        [list(s) for s in state.stones],
        list(state.reserve),
        list(state.supply),
        [list(state.wrong), list(state.correct)],
        [int(state.phase), state.current_player, state.turn, state.end_turns, state.skips],
        [bool(p) for p in state.passed],
        None if state.trigger is None else int(state.trigger),
        state.empty_points,
    ]
    if otoma is not None:
        parts.append(list(otoma.pawns))
        parts.append([m.path.describe(board) for m in otoma.moves])
    if tiles is not None:
        parts.append([t.name if t else None for t in tiles.tile_at])
        parts.append([list(h) for h in tiles.hands])
        parts.append([[t.name if t else None for t in tops] for tops in tiles.tops])
        parts.append([[t.name for t in column] for column in tiles.columns])
        parts.append([list(tiles.unseen), list(tiles.left), tiles.box_tiles])
        parts.append([_direction(tiles.arrow), _direction(tiles.pending)])
    parts.append([[str(e.what.value), e.who, e.cell, e.value, e.points] for e in events])
    text = json.dumps(parts, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _direction(value: Any) -> str | None:
    return None if value is None else ("N", "E", "S", "W")[int(value)]


def check_types(state: Any) -> None:
    """The enums a state hands out are enums (a compiled module must not box them as ints)."""
    from pachaprint.engine.rules.events import EventKind, Phase
    from pachaprint.engine.rules.movement import Direction

    assert type(state.phase) is Phase, type(state.phase)
    for event in state.events or ():
        assert type(event.what) is EventKind, type(event.what)
    if state.otoma is not None:
        for move in state.otoma.moves:
            assert type(move.path.direction) is Direction, type(move.path.direction)
            assert type(move.path.final_direction) is Direction, type(move.path.final_direction)
    if state.tiles is not None:
        for value in (state.tiles.arrow, state.tiles.pending):
            assert value is None or type(value) is Direction, type(value)
        for tile in state.tiles.tile_at:
            assert tile is None or type(tile.direction) is Direction, type(tile.direction)


def play(case: Case) -> list[str]:
    """The steps of a case's game: ``"setup #digest"``, then one line per decision,
    ``"move c3 e3 | tile valley V03 #digest"`` (the decision, then the tiles it turned up)."""
    state, bots = new_case_game(case)
    steps = [
        f"setup{''.join(f' | {state.action_text(c)}' for c in state.history)} #{digest(state, state.events)}"
    ]
    while not state.is_terminal():
        code = bots[state.current_player].decide(state)
        history, events = len(state.history), len(state.events)
        state.apply(code)
        check_types(state)
        texts = [state.action_text(c) for c in state.history[history:]]
        steps.append(f"{' | '.join(texts)} #{digest(state, state.events[events:])}")
    outcome = state.outcome()
    steps.append(
        f"over: {outcome.ending.value}, scores {list(outcome.scores)}, winners {list(outcome.winners)}"
    )
    return steps


def record() -> None:
    """Write every case's playthrough to :data:`GOLDEN`."""
    data = [{"case": case.name, "steps": play(case)} for case in CASES]
    GOLDEN.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
