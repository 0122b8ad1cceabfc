"""The flags of a simulation report: what an author should look at, and only with evidence.

Games that did not end, engine errors and a logician that divined wrong are
always flagged. Balance findings are flagged only when a 95 % Wilson interval
(:func:`~pachaprint.engine.analysis.stats.wilson`) supports them: a seat or the first
player whose interval excludes the fair share, a difficulty where the best
honest bot's interval lies wholly below :data:`UNWINNABLE` (the Otoma win
almost every game) or a bot's wholly above :data:`EFFORTLESS`. Each flag
names the level it rests on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pachaprint.engine.analysis.record import GameRecord
from pachaprint.engine.analysis.stats import Interval, percent, span, wilson
from pachaprint.engine.analysis.summary import RunSummary, Turns
from pachaprint.engine.rules.config import Mode
from pachaprint.engine.rules.events import Ending
from pachaprint.engine.rules.modes import mode_class
from pachaprint.model.text import plural


class Summary(Protocol):
    """What the flags read of a report (a :class:`~pachaprint.engine.analysis.report.SimulationReport`)."""

    mode: str
    games: int
    completed: int
    players: int
    bots: list[str]
    turns: Turns
    wrong_divinations: dict[str, int]
    runs: list[RunSummary] | None
    max_turns: int


UNWINNABLE = 0.10
"""A level is flagged too hard when the best bot's 95 % interval lies wholly below this win rate."""
EFFORTLESS = 0.90
"""A level is flagged too easy when a bot's 95 % interval lies wholly above this win rate."""
MIN_GAMES = 10
"""Fewer games than this flag no rate (an interval over so few says little)."""


def decided(wins: float, games: int, most: int | None = None) -> bool:
    """Whether ``wins`` in ``games`` decide every flag on a win rate against the Otoma:
    at least :data:`MIN_GAMES` games, and for each of :data:`UNWINNABLE` and
    :data:`EFFORTLESS` either the 95 % interval lies on one side of it (more games would
    flag the same) or, when the run plays at most ``most`` games, its flag can no longer
    be raised: not even losing (or winning) every game left would take the interval
    past it. An adaptive simulation stops a run once it is decided."""
    if games < MIN_GAMES:
        return False
    interval = wilson(wins, games)
    left = max(0, most - games) if most is not None else None
    hard = too_hard(interval) or interval.low >= UNWINNABLE
    if not hard and left is not None:
        hard = not too_hard(wilson(wins, games + left))
    easy = too_easy(interval) or interval.high <= EFFORTLESS
    if not easy and left is not None:
        easy = not too_easy(wilson(wins + left, games + left))
    return hard and easy


def too_hard(interval: Interval) -> bool:
    """The flag's rule: the interval lies wholly below :data:`UNWINNABLE`."""
    return interval.high < UNWINNABLE


def too_easy(interval: Interval) -> bool:
    """The flag's rule: the interval lies wholly above :data:`EFFORTLESS`."""
    return interval.low > EFFORTLESS


def honest(bot: str) -> bool:
    """False for bots that read the hidden map (named ``...-cheat``, such as ``oracle-cheat``):
    they measure a bound, never the scenario, so no flag rests on them."""
    return not bot.endswith("-cheat")


def flags(report: Summary, records: list[GameRecord]) -> list[str]:
    """Anything odd: games not ending, engine errors, a logician divining wrong, and the
    balance findings the evidence supports: a 95 % interval (:func:`~pachaprint.engine.analysis.stats.wilson`)
    that excludes a fair share (a seat, the first player) or a win rate against the
    Otoma that lies wholly below :data:`UNWINNABLE` or above :data:`EFFORTLESS`."""
    out = []
    errors = sum(1 for r in records if r.error)
    if errors:
        out.append(f"{plural(errors, 'game')} stopped on an error")
    stalled = report.games - report.completed - errors
    if stalled:
        out.append(f"{stalled} of {report.games} games did not end within {report.max_turns} turns")
    if report.runs is None:
        out += _competitive_flags(report, records)
    else:
        out += _otoma_flags(report, records)
    return out


def _competitive_flags(report: Summary, records: list[GameRecord]) -> list[str]:
    out = []
    if report.wrong_divinations.get("logician"):
        out.append(
            f"the logician divined wrong {report.wrong_divinations['logician']} times (a bug: it must never)"
        )
    done = [r for r in records if r.completed]
    n = len(done)
    fair = 1.0 / report.players
    if n >= MIN_GAMES:
        by_bot: dict[str, list[int]] = {}
        for p, bot in enumerate(report.bots):
            by_bot.setdefault(bot, []).append(p)
        for bot, seats in by_bot.items():
            if len(seats) < 2:
                continue
            share = sum(_wins(done, p) for p in seats) / (n * len(seats))
            for p in seats:
                seat = wilson(_wins(done, p), n)
                if seat.excludes(share):
                    out.append(
                        f"seat {p + 1} ({bot}) wins {seat.words(1)} of games; the {bot} seats "
                        f"share {percent(share)} on average (seats with one bot should not differ)"
                    )
        first = wilson(sum(1.0 / len(r.winners) for r in done if r.first_player in r.winners), n)
        if first.excludes(fair):
            edge = "an advantage" if first.rate > fair else "a disadvantage"
            out.append(
                f"the first player wins {first.words(1)} of games, a fair share being "
                f"{percent(fair)}: starting is {edge}"
            )
    turns = report.turns
    if n >= 30 and turns.mean and turns.max > 4 * turns.mean:
        out.append(f"some games run very long (max {turns.max} turns, mean {turns.mean:.0f})")
    if n and all(r.skips for r in done):
        out.append("players had to skip turns in every game")
    return out


def _wins(done: Sequence[GameRecord], seat: int) -> float:
    return sum(1.0 / len(r.winners) for r in done if seat in r.winners)


def _otoma_flags(report: Summary, records: list[GameRecord]) -> list[str]:
    out = []
    for bot in dict.fromkeys(r.bots[0] for r in records):
        wrong = sum(sum(r.proven_wrong) for r in records if r.bots[0] == bot)
        if wrong:
            out.append(
                f"the {bot} divined wrong {wrong} times a crop it had proved (a bug: a proof "
                "is never wrong)"
            )
    blocked = sum(r.ending is Ending.SHUT_OUT for r in records if r.completed)
    if blocked:
        games = "game" if blocked == 1 else "games"
        out.append(
            f"in {blocked} {games} no tile could be discovered any more before every cell had "
            "terrain (the Otoma walled the last cells in): the player divined what was left "
            "and the game ended, by our ruling"
        )
    return out + otoma_level_flags(report.mode, report.runs or [])


def otoma_level_flags(mode: str, runs: Sequence[RunSummary]) -> list[str]:
    """Flags on the win rates against the Otoma, one difficulty at a time (the wording names
    the level it rests on; "even on easy" only when the easiest level was measured too)."""
    levels = list(dict.fromkeys(run.difficulty for run in runs))
    hard: dict[str, tuple[str, int, Interval]] = {}
    out = []
    for level in levels:
        tried = [
            (wilson(run.win_rate * run.completed, run.completed), run)
            for run in runs
            if run.difficulty == level and honest(run.bot) and run.completed >= MIN_GAMES
        ]
        if not tried:
            continue
        best, run = max(tried, key=lambda item: (item[0].rate, item[0].high))
        if too_hard(best):
            hard[level] = (run.bot, run.completed, best)
        for interval, each in tried:
            if too_easy(interval):
                out.append(
                    f"on {level} the Otoma pose little threat: {each.bot} wins {interval.words()} of games"
                )
    if not hard:
        return out
    easiest = mode_class(Mode(mode)).difficulties[0]
    never = all(round(i.rate * n) == 0 for _, n, i in hard.values())
    if len(hard) == len(levels) > 1 and easiest in hard:
        details = "; ".join(f"{level}: {_won(*found)}" for level, found in hard.items())
        what = "no bot ever beat the Otoma" if never else "the Otoma win almost every game"
        return [f"{what} at any level, even on {easiest} ({details})", *out]
    found = []
    for level, (bot, n, interval) in hard.items():
        what = (
            f"no bot beat the Otoma in {n} games"
            if round(interval.rate * n) == 0
            else "the Otoma win almost every game"
        )
        found.append(f"on {level} {what} ({_won(bot, n, interval)})")
    return found + out


def _won(bot: str, games: int, interval: Interval) -> str:
    wins = round(interval.rate * games)
    return f"{bot} {wins} of {games}, 95 % interval {span(interval)}"
