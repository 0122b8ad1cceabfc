"""Simulate solo and co-op games against the Otoma (SPEC.md section 8, ``otoma_win_rate``).

:func:`simulate_versus` plays ``games`` games for every bot and every
difficulty (solo: easy, hard; co-op: easy, normal, expert) and reports the
win rates against the Otoma per bot and difficulty. Game ``i`` of every run
uses the seed :func:`~pachaprint.engine.simulate.game_seed` ``(seed, i)``, so
the bots meet the same shuffled tiles and the same seat order, and a report is
the same for any number of worker processes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from pachaprint.engine.bots import BOT_NAMES
from pachaprint.engine.coop import LEVELS, CoopState
from pachaprint.engine.oracle import WheelOracle
from pachaprint.engine.otoma_bots import VersusBot, make_versus_bot
from pachaprint.engine.simulate import DEFAULT_MAX_TURNS, game_seed
from pachaprint.engine.solo import DIFFICULTIES, SoloState, first_start_cells
from pachaprint.engine.state import SOURCE_NAMES, Source
from pachaprint.engine.tally import mean, outcome_flags, rate, run_games, spread, turn_summary
from pachaprint.model.rules import PLAYER_COUNTS
from pachaprint.model.scenario import Scenario

MODES = ("solo", "coop")


def difficulties_of(mode: str) -> tuple[str, ...]:
    """The difficulties of a mode: solo easy/hard, co-op easy/normal/expert."""
    if mode == "solo":
        return DIFFICULTIES
    if mode == "coop":
        return LEVELS
    raise ValueError(f"mode must be solo or coop, not {mode!r}")


@dataclass
class VersusResult:
    """One game against the Otoma (plain data, picklable)."""

    index: int
    bot: str
    difficulty: str
    completed: bool
    turns: int
    score: int
    """The player's (solo) or the group's (co-op) final score."""
    otoma_score: int
    won: bool
    points: list[int]
    otoma_points: dict[str, int]
    wrong: int
    correct: int
    proved: int
    guessed: int = 0
    """Divinations forced on a bot without a proof."""
    blocked: bool = False
    error: str | None = None


def play_versus_game(
    oracle: WheelOracle,
    otoma_cells,
    mode: str,
    bot: str,
    difficulty: str,
    seed: int,
    index: int = 0,
    players: int = 2,
    max_turns: int = DEFAULT_MAX_TURNS,
) -> VersusResult:
    """Play one solo or co-op bot game; never raises (an exception ends it as not completed)."""
    rng = random.Random(seed)
    tiles_seed = rng.getrandbits(64)
    if mode == "solo":
        state: SoloState | CoopState = SoloState(
            oracle, otoma_cells, difficulty, "brown", tiles_seed
        )
        seats = 1
    else:
        state = CoopState(
            oracle, otoma_cells, players, difficulty, tiles_seed, rng.randrange(players)
        )
        seats = players
    bots = [make_versus_bot(bot, random.Random(rng.getrandbits(64))) for _ in range(seats)]
    error = None
    try:
        while not state.is_terminal() and state.turn <= max_turns:
            p = state.current_player
            state.apply(bots[p].act(state.view(p), state.legal_actions()))
    except Exception as exc:  # a bot or engine bug: report it, keep simulating
        error = f"{type(exc).__name__}: {exc}"
    done = state.is_terminal() and not state.stalled and error is None
    otoma = state.points[1]
    otoma_points = {
        "diversity": otoma[Source.DISCOVERY],
        "crops": otoma[Source.DIVINATION],
        "offering": otoma[Source.OFFERING],
        "empty_cells": getattr(state, "empty_points", 0),
    }
    return VersusResult(
        index=index,
        bot=bot,
        difficulty=difficulty,
        completed=done,
        turns=state.turn,
        score=state.score[0],
        otoma_score=state.score[1],
        won=done and bool(state.winners()),
        points=list(state.points[0]),
        otoma_points=otoma_points,
        wrong=state.wrong[0],
        correct=state.correct[0],
        proved=sum(b.proved for b in bots if isinstance(b, VersusBot)),
        guessed=sum(b.guessed for b in bots if isinstance(b, VersusBot)),
        blocked=getattr(state, "blocked", False),
        error=error,
    )


@dataclass
class VersusReport:
    """Aggregated solo or co-op results; :meth:`to_dict` gives the JSON report."""

    scenario: str
    mode: str
    games: int
    completed: int
    players: int
    bots: list[str]
    seed: int
    turns: dict[str, float]
    seats: list[dict[str, Any]]
    wrong_divinations: dict[str, int]
    flags: list[str]
    otoma_win_rate: float
    difficulties: list[str]
    runs: list[dict[str, Any]] = field(default_factory=list)
    """One entry per bot and difficulty: win rates, scores, points by source."""
    otoma_cells: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    max_turns: int = DEFAULT_MAX_TURNS

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_text(self) -> str:
        """A short readable summary: one line per bot and difficulty."""
        who = "player" if self.mode == "solo" else f"group of {self.players}"
        lines = [
            f"{self.scenario} ({self.mode}): {self.completed}/{self.games} games completed; "
            f"Otoma on {', '.join(self.otoma_cells)}; seed {self.seed}",
            f"turns per game: mean {self.turns['mean']:.1f}, min {self.turns['min']}, max {self.turns['max']}",
            f"the Otoma win {self.otoma_win_rate:.0%} of all games",
        ]
        for run in self.runs:
            lines.append(
                f"{run['bot']:>8} {run['difficulty']:<6}: {who} wins {run['win_rate']:.0%} "
                f"(score {run['score_mean']:.1f} vs Otoma {run['otoma_score_mean']:.1f}; "
                f"wrong divinations {run['wrong_divinations']})"
            )
        lines += [f"flag: {flag}" for flag in self.flags] or ["flags: none"]
        lines += [f"error: {error}" for error in self.errors[:5]]
        return "\n".join(lines)


def simulate_versus(
    scenario: Scenario,
    mode: str = "solo",
    games: int = 200,
    bots: Sequence[str] = ("logician", "greedy", "random"),
    difficulties: Sequence[str] | None = None,
    players: int = 2,
    seed: int = 1,
    jobs: int = 1,
    otoma: Sequence[str] | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
    progress: Callable[[int], None] | None = None,
) -> VersusReport:
    """Simulate ``games`` games per bot and difficulty against the Otoma.

    ``otoma``: the Otoma start cells (names) when the scenario names none (or to
    override it); by default its ``solo.otoma``, else its first five start cells.
    ``ValueError`` for bad arguments (mode, bot, difficulty, player count, a
    scenario that cannot be played against the Otoma).
    """
    levels = tuple(difficulties) if difficulties else difficulties_of(mode)
    allowed = difficulties_of(mode)
    for level in levels:
        if level not in allowed:
            raise ValueError(
                f"{mode} difficulty must be one of {', '.join(allowed)}, not {level!r}"
            )
    names = list(dict.fromkeys(b.strip() for b in bots if b.strip()))
    if not names:
        raise ValueError("name at least one bot")
    for name in names:
        if name not in BOT_NAMES:
            raise ValueError(f"unknown bot {name!r} (choose from {', '.join(BOT_NAMES)})")
    if mode == "coop" and players not in PLAYER_COUNTS:
        raise ValueError(f"the co-operative game is for 2 to 4 players, not {players}")
    if games < 1:
        raise ValueError("games must be at least 1")
    from pachaprint.engine.solo import solo_otoma_cells

    cells = solo_otoma_cells(scenario, otoma) if otoma else first_start_cells(scenario)
    oracle = WheelOracle(scenario)
    work = [(name, level, i) for name in names for level in levels for i in range(games)]
    seats = players if mode == "coop" else 1
    results = list(
        run_games(
            scenario,
            oracle,
            _play_item,
            (cells, mode, seats, seed, max_turns),
            work,
            max(1, jobs),
            25,
            progress,
        )
    )
    return summarise_versus(
        scenario, mode, seats, seed, names, list(levels), cells, results, max_turns
    )


def _play_item(
    oracle: WheelOracle,
    cells,
    mode: str,
    seats: int,
    seed: int,
    max_turns: int,
    item: tuple[str, str, int],
) -> VersusResult:
    name, level, i = item
    return play_versus_game(
        oracle, cells, mode, name, level, game_seed(seed, i), i, seats, max_turns
    )


def summarise_versus(
    scenario: Scenario,
    mode: str,
    players: int,
    seed: int,
    names: list[str],
    levels: list[str],
    cells,
    results: list[VersusResult],
    max_turns: int = DEFAULT_MAX_TURNS,
) -> VersusReport:
    """Aggregate game results into a report with runs per bot and difficulty, and flags."""
    done = [r for r in results if r.completed]
    runs = []
    for name in names:
        for level in levels:
            mine = [r for r in results if r.bot == name and r.difficulty == level]
            ok = [r for r in mine if r.completed]
            runs.append(
                {
                    "bot": name,
                    "difficulty": level,
                    "games": len(mine),
                    "completed": len(ok),
                    "win_rate": rate(sum(r.won for r in ok), len(ok)),
                    "otoma_win_rate": rate(sum(not r.won for r in ok), len(ok)),
                    "score_mean": round(mean(r.score for r in ok), 3),
                    "score_sd": spread([r.score for r in ok]),
                    "otoma_score_mean": round(mean(r.otoma_score for r in ok), 3),
                    "turns_mean": round(mean(r.turns for r in ok), 3),
                    "wrong_divinations": sum(r.wrong for r in mine),
                    "forced_guesses": sum(r.guessed for r in mine),
                    "blocked_games": sum(r.blocked for r in ok),
                    "points": {
                        src: round(mean(r.points[k] for r in ok), 3)
                        for k, src in enumerate(SOURCE_NAMES)
                    },
                    "otoma_points": {
                        key: round(mean(r.otoma_points[key] for r in ok), 3)
                        for key in (ok[0].otoma_points if ok else {})
                    },
                }
            )
    seats = []
    for k, name in enumerate(names):
        ok = [r for r in done if r.bot == name]
        seats.append(
            {
                "seat": k + 1,
                "bot": name,
                "score_mean": round(mean(r.score for r in ok), 3),
                "score_sd": spread([r.score for r in ok]),
                "win_rate": rate(sum(r.won for r in ok), len(ok)),
                "points": {
                    src: round(mean(r.points[i] for r in ok), 3)
                    for i, src in enumerate(SOURCE_NAMES)
                },
            }
        )
    board = scenario.board
    report = VersusReport(
        scenario=scenario.id,
        mode=mode,
        games=len(results),
        completed=len(done),
        players=players,
        bots=names,
        seed=seed,
        turns=turn_summary(done),
        seats=seats,
        wrong_divinations={name: sum(r.wrong for r in results if r.bot == name) for name in names},
        flags=[],
        otoma_win_rate=rate(sum(not r.won for r in done), len(done)),
        difficulties=levels,
        runs=runs,
        otoma_cells=[board.name(c) for c in cells],
        errors=[f"{r.bot} {r.difficulty} game {r.index}: {r.error}" for r in results if r.error],
        max_turns=max_turns,
    )
    report.flags = versus_flags(report, results)
    return report


def versus_flags(report: VersusReport, results: list[VersusResult]) -> list[str]:
    """Anything odd: games not ending, errors, a wrong co-op logician, a mode nobody can win."""
    flags = outcome_flags(report, results)
    logician = [r for r in results if r.bot == "logician"]
    unforced = sum(r.wrong for r in logician) - sum(r.guessed for r in logician)
    if unforced > 0:
        flags.append(
            f"the logician divined wrong {unforced} times beyond its forced guesses (a bug: it must never)"
        )
    blocked = sum(r.blocked for r in results if r.completed)
    if blocked:
        flags.append(f"in {blocked} games the player was shut out before every cell had terrain")
    best = max((run["win_rate"] for run in report.runs if run["bot"] != "random"), default=None)
    enough = min((run["completed"] for run in report.runs), default=0)
    if best is not None and enough >= 30:
        easiest = report.difficulties[0]
        if best == 0.0:
            flags.append(f"no bot ever beat the Otoma, even on {easiest}")
        if best >= 0.95:
            flags.append(
                f"the best bot beats the Otoma {best:.0%} of the time: the Otoma pose no threat"
            )
    return flags
