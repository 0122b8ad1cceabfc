"""Flags fire only on evidence, and name the difficulty they rest on."""

from __future__ import annotations

from pachaprint.engine.analysis.flags import flags, otoma_level_flags
from pachaprint.engine.analysis.record import GameRecord
from pachaprint.engine.analysis.report import SimulationReport
from pachaprint.engine.analysis.summary import RunSummary, Turns
from pachaprint.engine.rules.events import Ending


def record(index: int, first: int, winners: list[int], players: int = 2) -> GameRecord:
    zeros = [0] * players
    return GameRecord(
        index=index,
        bots=("logician",) * players,
        difficulty=None,
        ending=Ending.FINISHED,
        turns=50,
        first_player=first,
        scores=[10] * players,
        winners=winners,
        tie_breaks=zeros,
        points=[[0] * 5 for _ in range(players)],
        wrong=zeros,
        correct=zeros,
        proved=zeros,
        known=zeros,
        guessed=zeros,
    )


def competitive(records: list[GameRecord], players: int = 2) -> SimulationReport:
    return SimulationReport(
        scenario="s",
        mode="competitive",
        games=len(records),
        completed=len(records),
        players=players,
        bots=["logician"] * players,
        seed=1,
        turns=Turns(50, 50, 50),
        seats=[],
        wrong_divinations={"logician": 0},
        flags=[],
        max_turns=2000,
    )


def games(n: int, first_wins: int) -> list[GameRecord]:
    """n games, the first player alternating, who wins ``first_wins`` of them."""
    out = []
    for i in range(n):
        first = i % 2
        out.append(record(i, first, [first] if i < first_wins else [1 - first]))
    return out


def test_a_first_player_advantage_is_flagged_only_when_the_interval_excludes_fairness():
    strong = games(200, 124)  # 62 %: interval 55-68 %
    found = flags(competitive(strong), strong)
    assert found == [
        "the first player wins 62 % (95 % interval 55.1-68.4 %) of games, a fair share being 50 %: "
        "starting is an advantage"
    ]
    weak = games(20, 13)  # 65 % as a point, but 20 games: interval 43-82 %
    assert flags(competitive(weak), weak) == []
    behind = games(400, 170)  # 42.5 %: interval 38-47 %
    assert flags(competitive(behind), behind)[0].endswith("starting is a disadvantage")


def test_seats_of_one_bot_are_flagged_when_one_wins_beyond_its_interval():
    records = [record(i, i % 2, [0] if i < 140 else [1]) for i in range(200)]
    found = flags(competitive(records), records)
    assert any(
        f.startswith("seat 1 (logician) wins 70 % (95 % interval 63.3-75.9 %)") for f in found
    )
    assert any(f.startswith("seat 2 (logician) wins 30 %") for f in found)


def run(bot: str, level: str, wins: int, games: int) -> RunSummary:
    rate = wins / games
    return RunSummary(bot, level, games, games, rate, 1 - rate, *[0] * 12, {}, {})


def test_the_otoma_flag_names_the_level_it_rests_on():
    # hard is unwinnable, easy is not: the flag says hard, never "even on easy"
    runs = [run("logician", "easy", 12, 100), run("logician", "hard", 0, 100)]
    assert otoma_level_flags("solo", runs) == [
        "on hard no bot beat the Otoma in 100 games (logician 0 of 100, 95 % interval 0-3.7 %)"
    ]
    # both levels: one flag, and now "even on easy" is true
    runs = [run("logician", "easy", 0, 100), run("logician", "hard", 0, 100)]
    assert otoma_level_flags("solo", runs) == [
        "no bot ever beat the Otoma at any level, even on easy (easy: logician 0 of 100, "
        "95 % interval 0-3.7 %; hard: logician 0 of 100, 95 % interval 0-3.7 %)"
    ]
    # only hard was played: nothing about easy
    assert otoma_level_flags("solo", [run("logician", "hard", 0, 100)])[0].startswith("on hard ")
    # the best bot decides: greedy loses everything on easy, the logician does not
    runs = [run("greedy", "easy", 0, 100), run("logician", "easy", 9, 100)]
    assert otoma_level_flags("solo", runs) == []


def test_the_otoma_flags_need_evidence_and_honest_bots():
    # 0 of 30 games: the interval reaches 11 %, above the 10 % line: no flag yet
    assert otoma_level_flags("solo", [run("logician", "easy", 0, 30)]) == []
    # a few wins, but the interval is below 10 %: the Otoma win almost every game
    assert otoma_level_flags("coop", [run("logician", "expert", 2, 200)]) == [
        "on expert the Otoma win almost every game (logician 2 of 200, 95 % interval 0.3-3.6 %)"
    ]
    # a bot that reads the hidden map is a bound, never evidence about the scenario
    runs = [run("logician", "easy", 0, 100), run("oracle-cheat", "easy", 60, 100)]
    assert otoma_level_flags("solo", runs)[0].startswith("on easy no bot beat the Otoma")
    # too easy: the interval lies wholly above 90 %
    assert otoma_level_flags("solo", [run("greedy", "easy", 98, 100)]) == [
        "on easy the Otoma pose little threat: greedy wins 98 % (95 % interval 93-99.4 %) of games"
    ]
