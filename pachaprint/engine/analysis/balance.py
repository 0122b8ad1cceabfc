"""The balance report of a scenario: how fair it is, how it plays, how hard it is to beat.

:func:`balance` simulates every mode a scenario can be played in (the
competitive game; solo and co-op on long scenarios with five start cells) and
reads the game records:

* the competitive game: the first player's win rate and each seat's, with 95 %
  Wilson intervals (:mod:`pachaprint.engine.analysis.stats`), score and game-length
  distributions, and the cells the table proves late or never
  (:mod:`pachaprint.engine.analysis.cells`; the games are watched for proofs);
* solo and co-op: the win rate against the Otoma by difficulty, with its
  interval, for the strongest bot (:func:`strongest_bot`) or the bots asked for,
  and the distributions of scores and of the margin over the Otoma.

``games`` is the total of each mode, shared out over its runs exactly as
``pachaprint simulate --games`` does; the report says how
(``split``). Several scenarios are simulated together by :func:`balance_many`,
whose batches can go to local worker processes or to a Dask cluster
(:mod:`pachaprint.engine.analysis.cluster`): the reports are the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from pachaprint.engine.analysis.cells import cell_flags, cell_proofs
from pachaprint.engine.analysis.divinations import DIVINATION_KEYS
from pachaprint.engine.analysis.games import DEFAULT_MAX_TURNS, SimulationConfig
from pachaprint.engine.analysis.record import GameRecord
from pachaprint.engine.analysis.report import SimulationReport
from pachaprint.engine.analysis.schedule import Pending, play_waves, start
from pachaprint.engine.analysis.stats import histogram, summary, wilson
from pachaprint.engine.analysis.summary import (
    BalanceReport,
    CompetitiveBalance,
    FirstPlayer,
    RunBalance,
    SeatBalance,
    Split,
    VersusBalance,
)
from pachaprint.engine.bots import BOT_NAMES
from pachaprint.engine.rules.config import OTOMA_PAWNS, ConfigError, Mode
from pachaprint.engine.rules.modes import mode_class
from pachaprint.model.scenario import Scenario

FORMAT = "pachaprint-balance/1"
STRENGTH = ("expert", "logician")
"""Bots from the strongest down; the first one that exists is "the strongest bot"."""


def strongest_bot() -> str:
    """The strongest bot there is: ``expert`` once it exists, else ``logician``."""
    return next((name for name in STRENGTH if name in BOT_NAMES), BOT_NAMES[-1])


@dataclass(frozen=True)
class BalanceConfig:
    """What a balance report simulates.

    ``games``: per mode, in total (shared out over the mode's runs). ``bots``:
    the competitive line-up (one per seat, repeated when short) and, against
    the Otoma, each bot in turn; empty for the strongest bot everywhere.
    ``versus_bots`` overrides ``bots`` against the Otoma (the build plays its
    fast line-up in the competitive game and the strongest bot it was given
    against the Otoma). ``difficulties``: the levels to play in the modes that
    have them (all of a mode's levels when empty). ``watched``: competitive games
    watched for the hard cells.
    """

    games: int = 200
    seed: int = 1
    modes: tuple[Mode, ...] = tuple(Mode)
    players: int = 2
    bots: tuple[str, ...] = ()
    versus_bots: tuple[str, ...] = ()
    difficulties: tuple[str, ...] = ()
    max_turns: int = DEFAULT_MAX_TURNS
    strongest: str = field(default_factory=strongest_bot)
    watched: int = 50
    """Competitive games (the first ones) watched for the hard cells: enough for their
    verdicts, and a watched game costs about twice an unwatched one."""
    adaptive: bool = False
    """Against the Otoma, stop each run once its win rate decides every flag (``games``
    is then the most a mode plays; :attr:`SimulationConfig.adaptive`)."""

    def simulations(self, scenario: Scenario) -> tuple[list[SimulationConfig], list[str]]:
        """The simulation of each mode this scenario can be played in, and a note per
        mode it cannot (``"solo: ..."``). :class:`ConfigError` for bad settings."""
        configs, notes = [], []
        for mode in self.modes:
            rules = mode_class(mode)
            if rules.has_otoma and scenario.size != "long":
                notes.append(f"{mode.value}: long scenarios only")
                continue
            if rules.has_otoma and len(scenario.start_cells) < OTOMA_PAWNS:
                notes.append(f"{mode.value}: needs five start cells for the Otoma")
                continue
            levels = tuple(d for d in self.difficulties if d in rules.difficulties)
            if rules.has_otoma and self.difficulties and not levels:
                notes.append(f"{mode.value}: none of the difficulties asked for")
                continue
            bots = self.bots or (self.strongest,)
            if rules.has_otoma:
                bots = tuple(dict.fromkeys(self.versus_bots or bots))
            seats = rules.seat_counts
            try:
                configs.append(
                    SimulationConfig(
                        mode,
                        seats[0] if len(seats) == 1 else self.players,
                        bots,
                        levels,
                        self.games,
                        self.seed,
                        max_turns=self.max_turns,
                        watch_proofs=0 if rules.has_otoma else self.watched,
                        adaptive=self.adaptive and rules.has_otoma,
                    )
                )
            except ConfigError as exc:
                if exc.setting != "games":
                    raise
                notes.append(f"{mode.value}: {exc}")
        return configs, notes

    def check(self) -> None:
        """:class:`ConfigError` for settings no scenario could use."""
        known = {d for mode in self.modes for d in mode_class(mode).difficulties}
        for level in self.difficulties:
            if level not in known:
                raise ConfigError(
                    "difficulty",
                    f"{level!r} is no level of {', '.join(m.value for m in self.modes)} "
                    f"(levels: {', '.join(sorted(known)) or 'none'})",
                )
        if not self.modes:
            raise ConfigError("mode", "name at least one mode")


def balance(
    scenario: Scenario,
    config: BalanceConfig,
    jobs: int = 1,
    executor: Executor | None = None,
    workers: int = 0,
) -> dict[str, Any]:
    """The balance report of one scenario as JSON data (see :func:`balance_reports`)."""
    return balance_reports([scenario], config, jobs, executor, workers)[0].to_dict()


def balance_many(
    scenarios: Sequence[Scenario],
    config: BalanceConfig,
    jobs: int = 1,
    executor: Executor | None = None,
    workers: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> list[dict[str, Any]]:
    """The balance report of each scenario as JSON data (see :func:`balance_reports`)."""
    reports = balance_reports(scenarios, config, jobs, executor, workers, progress)
    return [report.to_dict() for report in reports]


def balance_reports(
    scenarios: Sequence[Scenario],
    config: BalanceConfig,
    jobs: int = 1,
    executor: Executor | None = None,
    workers: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> list[BalanceReport]:
    """The balance report of each scenario, in order. Every simulation is handed out
    first (to ``executor`` for ``workers`` workers, to ``jobs`` local processes, or
    kept here), then collected; ``progress(done, total)`` counts games."""
    config.check()
    own_pool = ProcessPoolExecutor(max_workers=jobs) if executor is None and jobs > 1 else None
    pool = executor or own_pool
    try:
        plans = []
        for scenario in scenarios:
            configs, notes = config.simulations(scenario)
            pending = [start(scenario, c, jobs, pool, workers or jobs) for c in configs]
            plans.append((scenario, pending, notes))
        total = sum(p.total for _, pending, _ in plans for p in pending)
        if pool is not None:  # every scenario's games at once
            everything = [p for _, pending, _ in plans for p in pending]
            played = iter(play_waves(everything, _offset(progress, 0, total)))
            return [
                _report(scenario, config, [(p, next(played)) for p in pending], notes)
                for scenario, pending, notes in plans
            ]
        done = 0
        reports = []
        for scenario, pending, notes in plans:
            results = []
            for p in pending:
                results.append((p, p.records(_offset(progress, done, total))))
                done += p.total
            reports.append(_report(scenario, config, results, notes))
        return reports
    finally:
        if own_pool is not None:
            own_pool.shutdown(cancel_futures=True)


def _offset(
    progress: Callable[[int, int], None] | None, base: int, total: int
) -> Callable[[int], None] | None:
    """A simulation's progress (games of its own) as progress of the whole balance."""
    if progress is None:
        return None
    report = progress
    return lambda n: report(base + n, total)


def _report(
    scenario: Scenario,
    config: BalanceConfig,
    results: list[tuple[Pending, list[GameRecord]]],
    notes: list[str],
) -> BalanceReport:
    report = BalanceReport(
        FORMAT,
        scenario.id,
        scenario.name,
        scenario.size,
        config.seed,
        config.games,
        config.adaptive,
        config.strongest,
        split=[],
        modes={},
        skipped=notes,
        cells=[],
        flags=[],
        hard_cells=[],
    )
    cells: list[str] = []
    for pending, records in results:
        sim = pending.report(records)
        mode = pending.config.mode
        played = [
            sum(1 for r in records if r.bots == run.bots and r.difficulty == run.difficulty)
            for run in pending.config.runs
        ]
        report.split += [
            Split(mode.value, list(run.bots), run.difficulty, games, [0, games - 1])
            for run, games in zip(pending.config.runs, played, strict=True)
        ]
        if not pending.config.rules.has_otoma:
            report.modes[mode.value] = competitive(sim, records)
            report.cells = cell_proofs(scenario.board, records)
            cells = cell_flags(report.cells)
        else:
            report.modes[mode.value] = versus(sim, records, config.strongest)
        report.flags += [f"{mode.value}: {flag}" for flag in sim.flags]
    report.flags += cells
    report.hard_cells = [c.cell for c in report.cells if c.verdict]
    return report


def competitive(sim: SimulationReport, records: Sequence[GameRecord]) -> CompetitiveBalance:
    """First-player advantage, seat win rates with intervals, score and length distributions."""
    done = [r for r in records if r.completed]
    n = len(done)
    first_wins = sum(1.0 / len(r.winners) for r in done if r.first_player in r.winners)
    first = wilson(first_wins, n)
    seats = []
    for p, bot in enumerate(sim.bots):
        wins = sum(1.0 / len(r.winners) for r in done if p in r.winners)
        starts = [r for r in done if r.first_player == p]
        won_first = sum(1.0 / len(r.winners) for r in starts if p in r.winners)
        scores = [r.scores[p] for r in done]
        interval = wilson(wins, n)
        when_first = wilson(won_first, len(starts))
        seats.append(
            SeatBalance(
                p + 1,
                bot,
                round(interval.rate, 4),
                interval.to_list(),
                len(starts),
                round(when_first.rate, 4),
                when_first.to_list(),
                summary(scores),
                histogram(scores, 5),
            )
        )
    turns = [r.turns for r in done]
    return CompetitiveBalance(
        sim.players,
        sim.bots,
        sim.games,
        sim.completed,
        FirstPlayer(round(first.rate, 4), first.to_list(), round(1.0 / sim.players, 4)),
        sim.shared_wins,
        seats,
        summary(turns),
        histogram(turns, 2),
        sim.to_dict(),
    )


def versus(sim: SimulationReport, records: Sequence[GameRecord], strongest: str) -> VersusBalance:
    """Win rates against the Otoma by bot and difficulty, with intervals and distributions."""
    runs = []
    for run in sim.runs or []:
        mine = [
            r
            for r in records
            if r.completed and r.bots[0] == run.bot and r.difficulty == run.difficulty
        ]
        interval = wilson(sum(r.won for r in mine), len(mine))
        margins = [r.scores[0] - r.scores[1] for r in mine]
        runs.append(
            RunBalance(
                run.bot,
                run.difficulty,
                run.games,
                len(mine),
                round(interval.rate, 4),
                interval.to_list(),
                summary([r.scores[0] for r in mine]),
                summary([r.scores[1] for r in mine]),
                summary(margins),
                histogram(margins, 5),
                **{key: getattr(run, key) for key in DIVINATION_KEYS},
            )
        )
    turns = [r.turns for r in records if r.completed]
    bots = list(dict.fromkeys(r.bot for r in runs))
    return VersusBalance(
        sim.players,
        bots,
        strongest if strongest in bots else bots[0],
        sim.games,
        sim.completed,
        sim.otoma_cells,
        runs,
        summary(turns),
        histogram(turns, 2),
        sim.to_dict(),
    )
