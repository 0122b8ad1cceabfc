"""Game logs saved by earlier versions still load and replay to the same game.

``tests/fixtures/logs/`` holds logs in the formats written before this one,
recorded with the code of their time: the two before the engine redesign
(``pachaprint-game/1`` for competitive games, ``pachaprint-versus-game/1`` for
solo and co-op), and ``pachaprint-game/2`` (``*-v2.json``: co-op games whose
hand choices the engine made by its rule, one of them unfinished), and
``expected.json`` the state each one replayed to then: scores, diversity
stones, tokens, points by source, every cell, pawns, the turn and every event.
"""

from __future__ import annotations

import json

import pytest

from pachaprint.engine.rules.log import replay
from tests.helpers import REPO

LOGS = REPO / "tests" / "fixtures" / "logs"
EXPECTED = json.loads((LOGS / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_old_log_replays_to_the_recorded_state(name):
    log = json.loads((LOGS / name).read_text(encoding="utf-8"))
    state = replay(log, record_events=True).state
    want = EXPECTED[name]
    assert list(state.score) == want["score"]
    assert [list(s) for s in state.stones] == want["stones"]
    assert list(state.tokens) == want["tokens"]
    assert [list(p) for p in state.points] == want["points"]
    assert list(state.terrain) == want["terrain"]
    assert list(state.crop) == want["crop"]
    assert list(state.owner) == want["owner"]
    assert state.turn == want["turn"] and state.is_terminal() == want["over"]
    assert state.current_player == want["current_player"]
    assert state.phase.name == want["phase"]
    assert (state.otoma.pawns if state.otoma else []) == want["otoma_pawns"]
    assert [[e.what, e.who, e.cell, e.value, e.points] for e in state.events] == want["events"]
