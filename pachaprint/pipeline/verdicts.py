"""A scenario's balance in a line per mode, in plain words, for the gallery and its report page,
and what the gallery and a later build keep of a report (:func:`gallery_record`).

Read from ``report.json`` as the build writes it: the balance report's modes
(the first player's win rate; the compared bot's win rate against the Otoma
at each difficulty) and its flags, which begin with their mode
(``"solo: ..."``). Where a mode carries a ``verdict`` of its own, or a flag is
a mapping with a ``message``, those words are shown as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pachaprint.model.figures import percent

MODE_TITLES = {"competitive": "Competitive", "solo": "Solo", "coop": "Co-op"}


@dataclass(frozen=True)
class Verdict:
    """One mode of one scenario."""

    mode: str
    """The report's key: ``competitive``, ``solo`` or ``coop``."""
    title: str
    text: str
    flags: tuple[str, ...]
    who: str = ""
    """The bots the line rests on: ``logician vs greedy``, ``logician``."""

    @property
    def line(self) -> str:
        """The text, with the line-up of a competitive game (the Otoma modes name their bot)."""
        return f"{self.text} ({self.who})" if self.mode == "competitive" and self.who else self.text


def flag_mode(flag: Any) -> tuple[str, str]:
    """``(mode, words)`` of a flag: the mode it begins with (``""`` for none, such as a
    hard-cell flag) and the rest."""
    if isinstance(flag, dict):
        mode = str(flag.get("mode") or "")
        return mode, str(flag.get("message") or flag.get("text") or "")
    text = str(flag)
    head, sep, rest = text.partition(": ")
    if sep and head in MODE_TITLES:
        return head, rest
    return "", text


def verdicts(report: dict[str, Any]) -> list[Verdict]:
    """A verdict for every mode the build played, in the order played."""
    balance = report.get("balance") or {}
    strongest = balance.get("strongest")
    by_mode: dict[str, list[str]] = {}
    for flag in report.get("flags") or []:
        mode, words = flag_mode(flag)
        by_mode.setdefault(mode, []).append(words)
    found = []
    for mode, data in (balance.get("modes") or {}).items():
        text = data.get("verdict")
        if not isinstance(text, str):
            text = (
                competitive_words(data) if mode == "competitive" else otoma_words(data, strongest)
            )
        title = MODE_TITLES.get(mode, mode)
        who = " vs ".join(data.get("bots") or []) if mode == "competitive" else data.get("bot")
        found.append(Verdict(mode, title, text, tuple(by_mode.get(mode, ())), str(who or "")))
    return found


def other_flags(report: dict[str, Any]) -> list[str]:
    """The flags that name no mode (hard cells)."""
    return [words for mode, words in map(flag_mode, report.get("flags") or []) if not mode]


FAIR_WITHIN = 0.10
"""A start is called fair only when the first player's 95 % interval lies within this of the
fair share (40-60 % with two players): the same evidence a flag needs to call it unfair (an
interval wholly on one side), turned round. Ten games never say "fair"; 200 usually do."""


def competitive_words(data: dict[str, Any]) -> str:
    """``"Fair start: first player wins 53 % of 200 games"``: fair only on the evidence of
    :data:`FAIR_WITHIN`, else ``"Fairness not yet clear"``."""
    first = data["first_player"]
    low, high = first["interval"]
    fair = first["fair"]
    if low > fair:
        head = "Starting helps"
    elif high < fair:
        head = "Starting is a handicap"
    elif fair - FAIR_WITHIN <= low and high <= fair + FAIR_WITHIN:
        head = "Fair start"
    else:
        head = "Fairness not yet clear"
    played = _played(data)
    if head == "Fairness not yet clear" and played:  # the count says why
        return f"{head}: first player wins {percent(first['win_rate'])} of {played} games"
    return f"{head}: first player wins {percent(first['win_rate'])}"


def otoma_words(data: dict[str, Any], strongest: str | None = None) -> str:
    """``"Expert, our strongest bot, wins 3/10 on easy, 0/40 on hard; a bot that sees the
    map wins 8/10 on easy, 10/10 on hard"`` (against the Otoma): games won of games played,
    so that a rate from ten games does not read like one from a hundred. The bot that sees
    the hidden map (a ``-cheat`` bot) plays as no person can: its games are the most any
    play could win (``wins all`` when it won every one)."""
    bot = data["bot"]
    players = data.get("players") or 1
    rates = [f"{_won(run)} on {run['difficulty']}" for run in data["runs"] if run["bot"] == bot]
    seeing = [
        f"{_won(run)} on {run['difficulty']}"
        for run in data["runs"]
        if str(run["bot"]).endswith("-cheat")
    ]
    name = f"{bot[:1].upper()}{bot[1:]}"
    if players == 1:
        who = f"{name}, our strongest bot, wins" if bot == strongest else f"{name} wins"
        sees = "a bot that sees the map wins"
    else:
        best = ", our strongest," if bot == strongest else ""
        who = f"{players} {bot} bots{best} win"
        sees = f"{players} that see the map win"
    text = f"{who} {', '.join(rates)}" if rates else f"{who} no game: none was played"
    if not seeing:
        return text
    cheats = [run for run in data["runs"] if str(run["bot"]).endswith("-cheat")]
    if all(
        _played(run) and round(run["win_rate"] * _played(run)) == _played(run) for run in cheats
    ):
        return f"{text}; {sees} all"
    return f"{text}; {sees} {', '.join(seeing)}"


def _played(run: dict[str, Any]) -> int:
    """The games of a run (or a mode) that ended (0 when the report does not say)."""
    played = run.get("completed", run.get("games"))
    return played if isinstance(played, int) and played > 0 else 0


def _won(run: dict[str, Any]) -> str:
    """``"3/10"`` (games won of games played), or the rate alone (``"30 %"``) when the
    report gives no game count."""
    played = _played(run)
    if not played:
        return percent(run["win_rate"])
    return f"{round(run['win_rate'] * played)}/{played}"


def gallery_record(report: dict[str, Any]) -> dict[str, Any]:
    """What the index, the build summary and a later build keep of a scenario's
    ``report.json``: a few names and lines, so that a build of thousands of scenarios
    does not hold every full report in memory until the end."""
    return {
        "name": report["name"],
        "size": report["size"],
        "author": report.get("author"),
        "difficulty": report.get("difficulty"),
        "flags": list(report.get("flags") or []),
        "verdicts": [
            {"mode": v.mode, "title": v.title, "text": v.text, "who": v.who, "flags": len(v.flags)}
            for v in verdicts(report)
        ],
    }
