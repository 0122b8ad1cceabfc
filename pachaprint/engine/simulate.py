"""Simulate many bot games of one scenario and report how it plays (SPEC.md section 8).

:func:`simulate` is the library call behind ``pachaprint simulate`` and the
build. Game ``i`` draws everything (first player, every bot choice) from a seed
derived from ``(seed, i)``, so a report is the same for any number of worker
processes. Seats are numbered from 1; seat ``k`` plays the ``k``-th bot name
(names repeat in turn when there are fewer names than players).
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from pachaprint.engine.bots import BOT_NAMES, LogicianBot, make_bot
from pachaprint.engine.oracle import WheelOracle
from pachaprint.engine.state import SOURCE_NAMES, GameState
from pachaprint.engine.tally import mean, outcome_flags, rate, run_games, spread, turn_summary
from pachaprint.model.rules import PLAYER_COUNTS
from pachaprint.model.scenario import Scenario

MODE = "competitive"
DEFAULT_MAX_TURNS = 2000
"""Main-phase turns after which a game counts as not ending."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``seed`` (stable across runs and machines)."""
    digest = hashlib.sha256(f"pachaprint-game/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seat_bots(bots: Sequence[str], players: int) -> list[str]:
    """The bot name of every seat; ``ValueError`` for unknown names or too many names."""
    if players not in PLAYER_COUNTS:
        raise ValueError(f"players must be 2, 3 or 4, not {players}")
    names = [b.strip() for b in bots if b.strip()]
    if not names:
        raise ValueError("name at least one bot")
    for name in names:
        if name not in BOT_NAMES:
            raise ValueError(f"unknown bot {name!r} (choose from {', '.join(BOT_NAMES)})")
    if len(names) > players:
        raise ValueError(f"{len(names)} bots named for {players} players")
    return [names[k % len(names)] for k in range(players)]


@dataclass
class GameResult:
    """The outcome of one simulated game (plain data, picklable)."""

    index: int
    completed: bool
    turns: int
    first_player: int
    scores: list[int]
    tie_breaks: list[int]
    winners: list[int]
    points: list[list[int]]
    wrong: list[int]
    correct: list[int]
    proved: list[int]
    """Per seat: divinations by a logician (each one proven first)."""
    known: list[int] = field(default_factory=list)
    """Per seat: crops a logician proved during the game, divined or not."""
    skips: int = 0
    error: str | None = None
    actions: int = 0


def play_game(
    oracle: WheelOracle,
    names: Sequence[str],
    seed: int,
    index: int = 0,
    max_turns: int = DEFAULT_MAX_TURNS,
) -> GameResult:
    """Play one bot game; never raises (an exception ends the game as not completed)."""
    rng = random.Random(seed)
    players = len(names)
    first = rng.randrange(players)
    bots = [make_bot(name, random.Random(rng.getrandbits(64))) for name in names]
    state = GameState(oracle, players, first)
    error = None
    actions = 0
    try:
        while not state.is_terminal() and state.turn <= max_turns:
            p = state.current_player
            bot = bots[p]
            view = state.view(p) if bot.needs_view else None
            state.apply(bot.act(view, state.legal_actions()))
            actions += 1
    except Exception as exc:  # a bot or engine bug: report it, keep simulating
        error = f"{type(exc).__name__}: {exc}"
    done = state.is_terminal() and not state.stalled and error is None
    return GameResult(
        index=index,
        completed=done,
        turns=state.turn,
        first_player=first,
        scores=list(state.score),
        tie_breaks=[state.tie_break(p) for p in range(players)],
        winners=state.winners() if done else [],
        points=[list(row) for row in state.points],
        wrong=list(state.wrong),
        correct=list(state.correct),
        proved=[bot.proved if isinstance(bot, LogicianBot) else 0 for bot in bots],
        known=[len(bot.known) if isinstance(bot, LogicianBot) else 0 for bot in bots],
        skips=state.skips,
        error=error,
        actions=actions,
    )


@dataclass
class SimulationReport:
    """Aggregated results; :meth:`to_dict` gives the JSON of SPEC.md section 8."""

    scenario: str
    games: int
    completed: int
    players: int
    bots: list[str]
    seed: int
    turns: dict[str, float]
    seats: list[dict[str, Any]]
    wrong_divinations: dict[str, int]
    flags: list[str]
    mode: str = MODE
    first_player_win_rate: float = 0.0
    shared_wins: int = 0
    divinations: dict[str, int] = field(default_factory=dict)
    logician_proved: int = 0
    """Divinations by logicians, all proven (summed over games and seats)."""
    logician_known_mean: float = 0.0
    """Crops a logician seat proved per game on average, divined or not."""
    errors: list[str] = field(default_factory=list)
    max_turns: int = DEFAULT_MAX_TURNS

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        order = [
            "scenario",
            "mode",
            "games",
            "completed",
            "players",
            "bots",
            "seed",
            "turns",
            "seats",
            "wrong_divinations",
            "flags",
        ]
        out = {key: data[key] for key in order}
        out.update({key: value for key, value in data.items() if key not in out})
        return out

    def to_text(self) -> str:
        """A short readable summary."""
        lines = [
            f"{self.scenario}: {self.completed}/{self.games} games completed "
            f"({self.players} players: {', '.join(self.bots)}; seed {self.seed})",
            f"turns per game: mean {self.turns['mean']:.1f}, min {self.turns['min']}, max {self.turns['max']}",
            f"first player wins {self.first_player_win_rate:.0%} of games; shared victories: {self.shared_wins}",
        ]
        for seat in self.seats:
            points = seat["points"]
            lines.append(
                f"seat {seat['seat']} ({seat['bot']}): score {seat['score_mean']:.1f} "
                f"(sd {seat['score_sd']:.1f}), wins {seat['win_rate']:.0%}; points: "
                + ", ".join(f"{name} {points[name]:.1f}" for name in SOURCE_NAMES)
            )
        lines.append(
            "wrong divinations: " + ", ".join(f"{k} {v}" for k, v in self.wrong_divinations.items())
        )
        lines.append("divinations: " + ", ".join(f"{k} {v}" for k, v in self.divinations.items()))
        if "logician" in self.bots:
            lines.append(
                f"crops proved and divined by logicians: {self.logician_proved}; "
                f"crops a logician proves per game: {self.logician_known_mean:.1f}"
            )
        lines += [f"flag: {flag}" for flag in self.flags] or ["flags: none"]
        lines += [f"error: {error}" for error in self.errors[:5]]
        return "\n".join(lines)


def simulate(
    scenario: Scenario,
    games: int = 200,
    players: int = 2,
    bots: Sequence[str] = ("logician", "greedy"),
    seed: int = 1,
    jobs: int = 1,
    max_turns: int = DEFAULT_MAX_TURNS,
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    """Simulate ``games`` bot games of ``scenario`` and aggregate them.

    ``progress`` (if given) is called with the number of games finished so far.
    ``ValueError`` for bad arguments (unknown bot, player count, a scenario
    whose crop layer is not unique).
    """
    names = seat_bots(bots, players)
    if games < 1:
        raise ValueError("games must be at least 1")
    oracle = WheelOracle(scenario)
    results = list(
        run_games(
            scenario,
            oracle,
            _play_numbered,
            (names, seed, max_turns),
            range(games),
            max(1, jobs),
            50,
            progress,
        )
    )
    return summarise(scenario.id, names, seed, results, max_turns)


def _play_numbered(
    oracle: WheelOracle, names: Sequence[str], seed: int, max_turns: int, index: int
) -> GameResult:
    return play_game(oracle, names, game_seed(seed, index), index, max_turns)


def summarise(
    scenario_id: str,
    names: list[str],
    seed: int,
    results: list[GameResult],
    max_turns: int = DEFAULT_MAX_TURNS,
) -> SimulationReport:
    """Aggregate game results (in game order) into a report with flags."""
    games = len(results)
    players = len(names)
    done = [r for r in results if r.completed]
    seats = []
    for p, name in enumerate(names):
        scores = [r.scores[p] for r in done] or [0]
        wins = sum(1.0 / len(r.winners) for r in done if p in r.winners)
        points = {
            source: mean([r.points[p][k] for r in done]) for k, source in enumerate(SOURCE_NAMES)
        }
        seats.append(
            {
                "seat": p + 1,
                "bot": name,
                "score_mean": round(mean(scores), 3),
                "score_sd": spread(scores),
                "win_rate": rate(wins, len(done)),
                "points": {k: round(v, 3) for k, v in points.items()},
                "tie_break_mean": round(mean([r.tie_breaks[p] for r in done]), 3),
            }
        )
    wrong: dict[str, int] = {}
    divinations: dict[str, int] = {}
    for name in dict.fromkeys(names):
        seats_of = [p for p, n in enumerate(names) if n == name]
        wrong[name] = sum(r.wrong[p] for r in results for p in seats_of)
        divinations[name] = sum(r.wrong[p] + r.correct[p] for r in results for p in seats_of)
    first_wins = sum(1.0 / len(r.winners) for r in done if r.first_player in r.winners)
    report = SimulationReport(
        scenario=scenario_id,
        games=games,
        completed=len(done),
        players=players,
        bots=list(names),
        seed=seed,
        turns=turn_summary(done),
        seats=seats,
        wrong_divinations=wrong,
        flags=[],
        first_player_win_rate=rate(first_wins, len(done)),
        shared_wins=sum(1 for r in done if len(r.winners) > 1),
        divinations=divinations,
        logician_proved=sum(sum(r.proved) for r in results),
        logician_known_mean=round(
            mean(
                [r.known[p] for r in results for p, name in enumerate(names) if name == "logician"]
            ),
            3,
        ),
        errors=[f"game {r.index}: {r.error}" for r in results if r.error],
        max_turns=max_turns,
    )
    report.flags = flags_for(report, results)
    return report


def flags_for(report: SimulationReport, results: list[GameResult]) -> list[str]:
    """Anything odd: games not ending, engine errors, wrong logician divinations, a dominant seat."""
    flags = outcome_flags(report, results)
    if report.wrong_divinations.get("logician"):
        flags.append(
            f"the logician divined wrong {report.wrong_divinations['logician']} times (a bug: it must never)"
        )
    n = report.completed
    fair = 1.0 / report.players
    if n >= 30:
        margin = 3 * math.sqrt(fair * (1 - fair) / n)
        by_bot: dict[str, list[dict]] = {}
        for seat in report.seats:
            by_bot.setdefault(seat["bot"], []).append(seat)
        for bot, seats in by_bot.items():
            if len(seats) < 2:
                continue
            share = sum(s["win_rate"] for s in seats) / len(seats)
            for seat in seats:
                if seat["win_rate"] > share + max(margin, 0.1):
                    flags.append(
                        f"seat {seat['seat']} ({bot}) wins {seat['win_rate']:.0%} of games; "
                        f"the other {bot} seats average {share:.0%}"
                    )
        if report.first_player_win_rate > fair + max(margin, 0.1):
            flags.append(
                f"the first player wins {report.first_player_win_rate:.0%} of games "
                f"(fair share {fair:.0%})"
            )
        if report.turns["mean"] and report.turns["max"] > 4 * report.turns["mean"]:
            flags.append(
                f"some games run very long (max {report.turns['max']} turns, mean {report.turns['mean']:.0f})"
            )
    if n and all(r.skips for r in results if r.completed):
        flags.append("players had to skip turns in every game")
    return flags
