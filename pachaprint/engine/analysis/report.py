"""The simulation report (docs/formats/simulation-report.md) and its flags.

:func:`summarise` turns the :class:`~pachaprint.engine.analysis.record.GameRecord` of
every game of a simulation into a :class:`SimulationReport`. Every
report has the keys of every report; the competitive game adds the first player's
win rate, shared victories and the logicians' proofs, and a game against the
Otoma adds ``otoma_win_rate``, a run per bot and difficulty and the Otoma
cells (the fields a mode does not have are left out of :meth:`SimulationReport.to_dict`).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from pachaprint.engine.analysis.divinations import divination_words
from pachaprint.engine.analysis.flags import flags
from pachaprint.engine.analysis.record import GameRecord
from pachaprint.engine.analysis.stats import percent, wilson
from pachaprint.engine.analysis.summary import RunSummary, SeatSummary, Turns, plain
from pachaprint.engine.rules.config import Mode
from pachaprint.engine.rules.events import SOURCE_NAMES, Ending
from pachaprint.engine.rules.state import GameState
from pachaprint.model.scenario import Scenario
from pachaprint.model.text import plural


class Plan(Protocol):
    """What a report needs of the simulation's configuration (a ``SimulationConfig``)."""

    @property
    def mode(self) -> Mode: ...
    @property
    def rules(self) -> type[GameState]: ...
    @property
    def players(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def max_turns(self) -> int: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def levels(self) -> list[str]: ...


@dataclass
class SimulationReport:
    """Aggregated results; :meth:`to_dict` gives the JSON of docs/formats/simulation-report.md."""

    scenario: str
    mode: str
    games: int
    completed: int
    players: int
    bots: list[str]
    seed: int
    turns: Turns
    seats: list[SeatSummary]
    wrong_divinations: dict[str, int]
    flags: list[str]
    # the competitive game
    first_player_win_rate: float | None = None
    shared_wins: int | None = None
    divinations: dict[str, int] | None = None
    logician_proved: int | None = None
    """Divinations by logicians, all proven (summed over games and seats)."""
    logician_known_mean: float | None = None
    """Crops a logician seat proved per game on average, divined or not."""
    # against the Otoma
    otoma_win_rate: float | None = None
    difficulties: list[str] | None = None
    runs: list[RunSummary] | None = None
    """One entry per bot and difficulty."""
    otoma_cells: list[str] | None = None
    forced_guesses: dict[str, int] | None = None
    """Against the Otoma, per bot: divinations the rules forced without a proof (solo: a
    Divine turn divines with every pawn); they are among ``wrong_divinations`` when wrong."""
    forced_guesses_wrong: dict[str, int] | None = None
    """Per bot: the forced guesses that were wrong."""
    errors: list[str] = field(default_factory=list)
    max_turns: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON data, without the fields the mode does not have."""
        data: dict[str, Any] = plain(self)
        return data

    def to_text(self) -> str:
        """A short readable summary."""
        lines = (self._competitive_text if self.runs is None else self._otoma_text)()
        lines += [f"flag: {flag}" for flag in self.flags] or ["flags: none"]
        lines += [f"error: {error}" for error in self.errors[:5]]
        return "\n".join(lines)

    def _turns_line(self) -> str:
        turns = self.turns
        return f"turns per game: mean {turns.mean:.1f}, min {turns.min}, max {turns.max}"

    def _competitive_text(self) -> list[str]:
        n = self.completed
        first = wilson((self.first_player_win_rate or 0) * n, n)
        lines = [
            f"{self.scenario}: {self.completed}/{self.games} games completed "
            f"({self.players} players: {', '.join(self.bots)}; seed {self.seed})",
            self._turns_line(),
            f"first player wins {first.words()} of games; shared victories: {self.shared_wins}",
        ]
        for seat in self.seats:
            points = seat.points
            wins = wilson(seat.win_rate * n, n)
            lines.append(
                f"seat {seat.seat} ({seat.bot}): score {seat.score_mean:.1f} "
                f"(sd {seat.score_sd:.1f}), wins {wins.words()}; points: "
                + ", ".join(f"{name} {points[name]:.1f}" for name in SOURCE_NAMES)
            )
        lines.append(
            "wrong divinations: " + ", ".join(f"{k} {v}" for k, v in self.wrong_divinations.items())
        )
        lines.append(
            "divinations: " + ", ".join(f"{k} {v}" for k, v in (self.divinations or {}).items())
        )
        if "logician" in self.bots:
            lines.append(
                f"crops proved and divined by logicians: {self.logician_proved}; "
                f"crops a logician proves per game: {self.logician_known_mean or 0:.1f}"
            )
        return lines

    def _otoma_text(self) -> list[str]:
        who = "player" if self.mode == Mode.SOLO.value else f"group of {self.players}"
        runs = self.runs or []
        counts = [run.games for run in runs]
        split = f"{counts[0]} per run" if len(set(counts)) == 1 else ", ".join(map(str, counts))
        lines = [
            f"{self.scenario} ({self.mode}): {self.completed}/{self.games} games completed; "
            f"Otoma on {', '.join(self.otoma_cells or [])}; seed {self.seed}",
            f"{plural(self.games, 'game')} over {plural(len(runs), 'run')} (bot x difficulty): {split}",
            self._turns_line(),
            f"the Otoma win {percent(self.otoma_win_rate or 0)} of all games",
        ]
        for run in runs:
            wins = wilson(run.win_rate * run.completed, run.completed)
            head = f"{run.bot:>8} {run.difficulty:<6}: "
            lines.append(
                f"{head}{who} wins {wins.words()} "
                f"(score {run.score_mean:.1f} vs Otoma {run.otoma_score_mean:.1f})"
            )
            lines.append(" " * len(head) + divination_words(vars(run)))
        return lines


def mean(values: Iterable[float]) -> float:
    """The mean, 0.0 for no values."""
    values = list(values)
    return sum(values) / len(values) if values else 0.0


def spread(values: Sequence[float]) -> float:
    """The population standard deviation rounded to 3 places, 0.0 for fewer than two values."""
    return round(statistics.pstdev(values), 3) if len(values) > 1 else 0.0


def rate(count: float, total: int) -> float:
    """``count / total`` rounded to 4 places, 0.0 when ``total`` is 0."""
    return round(count / total, 4) if total else 0.0


def _points(records: Sequence[GameRecord], account: int) -> dict[str, float]:
    return {
        name: round(mean(r.points[account][k] for r in records), 3)
        for k, name in enumerate(SOURCE_NAMES)
    }


def summarise(
    scenario: Scenario, config: Plan, cells: list[str], records: list[GameRecord]
) -> SimulationReport:
    """Aggregate game records (in game order) into a report with flags."""
    done = [r for r in records if r.completed]
    turns = [r.turns for r in done] or [0]
    names = config.names
    report = SimulationReport(
        scenario=scenario.id,
        mode=config.mode.value,
        games=len(records),
        completed=len(done),
        players=config.players,
        bots=names,
        seed=config.seed,
        turns=Turns(round(mean(turns), 3), min(turns), max(turns)),
        seats=[],
        wrong_divinations={},
        flags=[],
        errors=[],
        max_turns=config.max_turns,
    )
    if not config.rules.has_otoma:
        _competitive(report, names, records, done)
    else:
        _against_otoma(report, names, config.levels, cells, records, done)
    report.flags = flags(report, records)
    return report


def _competitive(
    report: SimulationReport, names: list[str], records: list[GameRecord], done: list[GameRecord]
) -> None:
    for p, name in enumerate(names):
        scores = [r.scores[p] for r in done] or [0]
        wins = sum(1.0 / len(r.winners) for r in done if p in r.winners)
        report.seats.append(
            SeatSummary(
                seat=p + 1,
                bot=name,
                score_mean=round(mean(scores), 3),
                score_sd=spread(scores),
                win_rate=rate(wins, len(done)),
                points=_points(done, p),
                tie_break_mean=round(mean([r.tie_breaks[p] for r in done]), 3),
            )
        )
    report.divinations = {}
    for name in dict.fromkeys(names):
        seats = [p for p, n in enumerate(names) if n == name]
        report.wrong_divinations[name] = sum(r.wrong[p] for r in records for p in seats)
        report.divinations[name] = sum(r.wrong[p] + r.correct[p] for r in records for p in seats)
    first_wins = sum(1.0 / len(r.winners) for r in done if r.first_player in r.winners)
    report.first_player_win_rate = rate(first_wins, len(done))
    report.shared_wins = sum(1 for r in done if len(r.winners) > 1)
    report.logician_proved = sum(sum(r.proved) for r in records)
    known = [r.known[p] for r in records for p, name in enumerate(names) if name == "logician"]
    report.logician_known_mean = round(mean(known), 3)
    report.errors = [f"game {r.index}: {r.error}" for r in records if r.error]


def _against_otoma(
    report: SimulationReport,
    names: list[str],
    levels: list[str],
    cells: list[str],
    records: list[GameRecord],
    done: list[GameRecord],
) -> None:
    report.runs = []
    for name in names:
        for level in levels:
            mine = [r for r in records if r.bots[0] == name and r.difficulty == level]
            ok = [r for r in mine if r.completed]
            report.runs.append(
                RunSummary(
                    bot=name,
                    difficulty=level,
                    games=len(mine),
                    completed=len(ok),
                    win_rate=rate(sum(r.won for r in ok), len(ok)),
                    otoma_win_rate=rate(sum(not r.won for r in ok), len(ok)),
                    score_mean=round(mean(r.scores[0] for r in ok), 3),
                    score_sd=spread([r.scores[0] for r in ok]),
                    otoma_score_mean=round(mean(r.scores[1] for r in ok), 3),
                    turns_mean=round(mean(r.turns for r in ok), 3),
                    wrong_divinations=sum(r.wrong[0] for r in mine),
                    proven=sum(sum(r.proved) for r in mine),
                    proven_wrong=sum(sum(r.proven_wrong) for r in mine),
                    chosen_guesses=sum(sum(r.chosen) for r in mine),
                    chosen_guesses_wrong=sum(sum(r.chosen_wrong) for r in mine),
                    forced_guesses=sum(sum(r.forced) for r in mine),
                    forced_guesses_wrong=sum(sum(r.forced_wrong) for r in mine),
                    blocked_games=sum(r.ending is Ending.SHUT_OUT for r in ok),
                    points=_points(ok, 0),
                    otoma_points={
                        key: round(mean(r.otoma_points()[key] for r in ok), 3)
                        for key in (ok[0].otoma_points() if ok else {})
                    },
                )
            )
    for k, name in enumerate(names):
        ok = [r for r in done if r.bots[0] == name]
        report.seats.append(
            SeatSummary(
                seat=k + 1,
                bot=name,
                score_mean=round(mean(r.scores[0] for r in ok), 3),
                score_sd=spread([r.scores[0] for r in ok]),
                win_rate=rate(sum(r.won for r in ok), len(ok)),
                points=_points(ok, 0),
            )
        )
    report.wrong_divinations = {
        name: sum(r.wrong[0] for r in records if r.bots[0] == name) for name in names
    }
    report.forced_guesses = {
        name: sum(sum(r.forced) for r in records if r.bots[0] == name) for name in names
    }
    report.forced_guesses_wrong = {
        name: sum(sum(r.forced_wrong) for r in records if r.bots[0] == name) for name in names
    }
    report.otoma_win_rate = rate(sum(not r.won for r in done), len(done))
    report.difficulties = levels
    report.otoma_cells = cells
    report.errors = [
        f"{r.bots[0]} {r.difficulty} game {r.index}: {r.error}" for r in records if r.error
    ]
