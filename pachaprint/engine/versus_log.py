"""Logs of solo and co-op games: the setup and the actions, replayed to the identical state.

A log is JSON::

    {"format": "pachaprint-versus-game/1", "mode": "solo", "scenario": {...},
     "difficulty": "hard", "colour": "brown", "otoma": ["d1", "a2", "i2", "f4", "i5"],
     "players": 1, "first_player": 0, "tiles_seed": 123, "seats": ["human"], "seed": 7,
     "actions": ["enter b1", "otoma yellow", "divine b1 2", "pass"],
     "result": {"score": 31, "otoma_score": 40, "over": true}}

``tiles_seed`` fixes the shuffled stacks (solo) or the dealt hands (co-op), so
the actions replay exactly. ``result`` is checked when replaying.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pachaprint.engine.coop import SPEND_KIND, CoopState, format_coop_action, parse_coop_action
from pachaprint.engine.log import LogError, replay_actions, write_log
from pachaprint.engine.oracle import WheelOracle
from pachaprint.engine.otoma import choose_otoma
from pachaprint.engine.solo import OTOMA, SoloState, format_solo_action, solo_otoma_cells
from pachaprint.model.scenario import Scenario

VERSUS_LOG_FORMAT = "pachaprint-versus-game/1"


@dataclass(frozen=True)
class VersusSetup:
    """Everything needed to set a solo or co-op game up again."""

    mode: str
    difficulty: str
    otoma: tuple[str, ...]
    players: int = 1
    first_player: int = 0
    tiles_seed: int = 0
    colour: str = "brown"

    def build(self, scenario: Scenario, record_events: bool = False) -> SoloState | CoopState:
        """A fresh state of this setup."""
        cells = solo_otoma_cells(scenario, list(self.otoma))
        oracle = WheelOracle(scenario)
        if self.mode == "solo":
            return SoloState(
                oracle,
                cells,
                self.difficulty,
                self.colour,
                self.tiles_seed,
                record_events=record_events,
            )
        if self.mode == "coop":
            return CoopState(
                oracle,
                cells,
                self.players,
                self.difficulty,
                self.tiles_seed,
                self.first_player,
                record_events=record_events,
            )
        raise ValueError(f"mode must be solo or coop, not {self.mode!r}")


def action_text(state, code: int) -> str:
    """Command text of any solo or co-op action (``otoma yellow``, ``spend forest``, ``move c3 e3``)."""
    if code >> 12 == SPEND_KIND:
        return format_coop_action(state.board, code)
    return format_solo_action(state.board, code, state)


def parse_text(state, text: str) -> int:
    """The action code of a logged command."""
    words = text.split()
    if words and words[0] == "otoma" and len(words) == 2:
        if words[1] in state.otoma_colours and state.otoma_colours.count(words[1]) == 1:
            return choose_otoma(state.otoma_colours.index(words[1]))
        if words[1].isdigit():
            return choose_otoma(int(words[1]) - 1)
        raise ValueError(f"no Otoma pawn {words[1]!r}")
    return parse_coop_action(state.board, text)


def versus_log(
    scenario: Scenario,
    setup: VersusSetup,
    state,
    seats: Sequence[str] = (),
    seed: int | None = None,
) -> dict[str, Any]:
    """The log mapping of a solo or co-op game in progress or finished."""
    return {
        "format": VERSUS_LOG_FORMAT,
        "mode": setup.mode,
        "scenario": scenario.to_dict(),
        "difficulty": setup.difficulty,
        "colour": setup.colour,
        "otoma": list(setup.otoma),
        "players": setup.players,
        "first_player": setup.first_player,
        "tiles_seed": setup.tiles_seed,
        "seats": list(seats),
        "seed": seed,
        "actions": [action_text(state, code) for code in state.history],
        "result": {
            "score": state.score[0],
            "otoma_score": state.score[OTOMA],
            "over": state.is_terminal(),
        },
    }


def save_versus_log(
    path: str | Path,
    scenario: Scenario,
    setup: VersusSetup,
    state,
    seats: Sequence[str] = (),
    seed: int | None = None,
) -> None:
    """Write the log (via a temporary file, then rename)."""
    write_log(path, versus_log(scenario, setup, state, seats, seed))


def setup_of(log: dict[str, Any]) -> VersusSetup:
    """The :class:`VersusSetup` written in a log (``KeyError``/``ValueError`` when it is incomplete)."""
    return VersusSetup(
        str(log["mode"]),
        str(log["difficulty"]),
        tuple(log["otoma"]),
        int(log["players"]),
        int(log["first_player"]),
        int(log["tiles_seed"]),
        str(log.get("colour", "brown")),
    )


def replay_versus(
    log: dict[str, Any], record_events: bool = False
) -> tuple[Scenario, SoloState | CoopState]:
    """Rebuild a solo or co-op game from its log; :class:`~pachaprint.engine.log.LogError` if it does not replay."""
    if not isinstance(log, dict) or log.get("format") != VERSUS_LOG_FORMAT:
        raise LogError(f"not a solo or co-op game log (format must be {VERSUS_LOG_FORMAT!r})")
    scenario, state = replay_actions(
        log, lambda scenario: setup_of(log).build(scenario, record_events), parse_text
    )
    result = log.get("result")
    if (
        isinstance(result, dict)
        and "score" in result
        and ([result["score"], result.get("otoma_score")] != [state.score[0], state.score[OTOMA]])
    ):
        raise LogError(
            f"replayed scores {state.score[0]}:{state.score[OTOMA]} differ from the logged "
            f"{result['score']}:{result.get('otoma_score')}"
        )
    return scenario, state
