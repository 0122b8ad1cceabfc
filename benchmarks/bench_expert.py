"""The expert against the Otoma and the logician: named configurations, interleaved.

    python benchmarks/bench_expert.py --configs today,chosen --games 150 --jobs 2
    python benchmarks/bench_expert.py --configs today,width14,width14+forced --only solo
    python benchmarks/bench_expert.py --list                   # the named configurations

Each configuration is a :class:`~pachaprint.engine.bots.search.Budget` and
:class:`~pachaprint.engine.bots.evaluate.Weights` of the expert, changed from
the one :func:`~pachaprint.engine.bots.make_bot` gives a mode by a few named
changes joined by ``+`` (``--list``). ``today`` is the expert of the release
before (width 6, every switch off), ``chosen`` is what ``make_bot`` plays now,
so both run in one process on the same seeds.

Games are played on every shipped long disc (``scenarios/*.json`` of size long):
game ``i`` of a line plays disc ``i mod n`` with seed ``game_seed(seed, i)``
(the seeds of ``pachaprint simulate``), and every configuration plays game ``i``
right after the others (interleaved: a change in the machine's load falls on all
of them alike). The figures do not depend on ``--jobs``.

* **solo** (easy, hard) and **coop** (two seats, easy, normal): win rate with
  its 95 % Wilson interval, and the CPU seconds of the expert's decisions per
  game (``time.process_time`` around every ``decide``: one core's work, whatever
  the load). Beside each configuration after the first, the games it won and the
  first lost, and the reverse, on the same deals (a paired comparison).
* **head**: two-player competitive games against the logician, the seats swapped
  every other game (one deal played twice).

The targets of issue 36 are printed at the end: solo easy >= 50 %, hard >= 20 %;
co-op easy >= 60 %, normal >= 30 %; against the logician at least 85.8 % (the
release before); at most 0.2 s a solo game and 0.3 s a two-seat co-op game.
The machine's load average is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_bots import _long_scenarios, play_with, rate  # noqa: E402

from pachaprint.cli import collect_less_often  # noqa: E402

CHANGES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "width6": ({"width": 6}, {}),
    "width8": ({"width": 8}, {}),
    "width10": ({"width": 10}, {}),
    "width12": ({"width": 12}, {}),
    "width14": ({"width": 14}, {}),
    "forced": ({}, {"forced": 1.0}),
    "forced5": ({}, {"forced": 0.5}),
    "unproven3": ({}, {"unproven": 0.3}),
    "unproven7": ({}, {"unproven": 0.7}),
    "samples2": ({"samples": 2}, {}),
    "inner3": ({"inner": 3}, {}),
    "sampled": ({"exact": False}, {}),
    "reveals8": ({}, {"reveals": 0.8}),
    "reveals12": ({}, {"reveals": 1.2}),
    "idle1": ({"idle": 1.0}, {}),
    "idle2": ({"idle": 2.0}, {}),
    "idle3": ({"idle": 3.0}, {}),
    "idle4": ({"idle": 4.0}, {}),
    "idle6": ({"idle": 6.0}, {}),
    "guess0": ({}, {"guess_odds": 0.0}),
    "guess2": ({}, {"guess_odds": 0.2}),
    "guess25": ({}, {"guess_odds": 0.25}),
    "guess35": ({}, {"guess_odds": 0.35}),
    "guess4": ({}, {"guess_odds": 0.4}),
    "guess5": ({}, {"guess_odds": 0.5}),
    "no-last-turns": ({}, {"last_turns": False}),
    "hoard": ({}, {"tokens": (0.0, 0.6, 1.9, 4.0, 7.0, 9.0)}),
    "hoard1": ({}, {"tokens": (0.0, 0.45, 1.6, 3.75, 6.75, 9.0)}),
    "offer": ({}, {"tokens": (0.0, 0.0, 1.0, 3.0, 6.0, 9.5)}),
    "offer1": ({}, {"tokens": (0.0, 0.2, 1.15, 3.25, 6.25, 9.0)}),
    "otoma-now": ({}, {"otoma_tokens": (0.0, 0.0, 1.0, 3.0, 6.0, 10.0)}),
    "otoma-low": ({}, {"otoma_tokens": (0.0, 0.6, 1.9, 4.0, 7.0, 10.0)}),
    "otoma-high": ({}, {"otoma_tokens": (0.0, 3.0, 5.5, 7.5, 9.0, 10.0)}),
    "otoma-even": ({}, {"otoma_tokens": (0.0, 2.0, 4.0, 6.0, 8.0, 10.0)}),
}
"""Named changes, each some Budget and Weights fields changed from the expert ``make_bot``
makes (``hoard``, ``offer*``, ``otoma-*``: co-op token weights tried around the chosen
ones, ``hoard`` the group's weights of every other mode; ``sampled``: crop odds from
sampled solutions only; ``sampled+idle2`` is the expert before the exact odds;
``guess*``: co-op guesses at any odds (``guess0``, the expert before) or from other
least odds than 0.3; ``no-last-turns``: co-op crops under pawns with no turn left
counted as if they could still be divined; ``guess0+no-last-turns`` is the expert
before both); a
configuration is ``chosen`` (that expert), ``today`` (the expert of the release before:
width 6, no forced guesses, sampled crop odds, an idle co-op turn costing 2, the token
weights of every mode in co-op too) or changes joined by ``+`` (``width14+forced``)."""

TODAY: dict[str, Any] = {"width": 6, "exact": False, "idle": 2.0}
"""The Budget fields of the expert of the release before (samples, inner and setups per
mode as :meth:`~pachaprint.engine.bots.search.Budget.for_mode` gives them)."""
TODAY_WEIGHTS: dict[str, Any] = {
    "forced": 0.0,
    "guess_odds": 0.0,
    "last_turns": False,
    "tokens": (0.0, 0.6, 1.9, 4.0, 7.0, 9.0),
    "otoma_tokens": (0.0, 0.0, 1.0, 3.0, 6.0, 10.0),
}
"""The Weights fields of the expert of the release before, in every mode (co-op: the
group's tokens as elsewhere, the Otoma's counted at their offering now)."""


def changes(config: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The Budget and Weights fields configuration ``config`` changes."""
    if config == "chosen":
        return {}, {}
    if config == "today":
        return dict(TODAY), dict(TODAY_WEIGHTS)
    budget: dict[str, Any] = {}
    weights: dict[str, Any] = {}
    for name in config.split("+"):
        more_budget, more_weights = CHANGES[name]
        budget.update(more_budget)
        weights.update(more_weights)
    return budget, weights


TARGETS = {
    ("solo", "easy"): 0.50,
    ("solo", "hard"): 0.20,
    ("coop", "easy"): 0.60,
    ("coop", "normal"): 0.30,
}
TARGET_HEAD = 0.858
SECONDS = {"solo": 0.2, "coop": 0.3}


def make_expert(config: str, mode: Any, rng: Any) -> Any:
    """The expert of configuration ``config`` for a game of ``mode``."""
    from pachaprint.engine.bots import make_bot
    from pachaprint.engine.bots.expert import ExpertBot

    bot = make_bot("expert", rng, mode)
    assert isinstance(bot, ExpertBot)
    budget_fields, weight_fields = changes(config)
    if not budget_fields and not weight_fields:
        return bot
    budget = dataclasses.replace(bot.budget, **budget_fields)
    weights = dataclasses.replace(bot.weights, **weight_fields)
    return ExpertBot(rng, budget, weights)


def play(job: tuple[str, str, str | None, int, tuple[str, ...], int, int]) -> dict[str, Any]:
    """One game: ``(config, mode, difficulty, players, seats, disc index, seed)``; a seat
    named ``expert`` plays configuration ``config``, the others the bot they name
    (``bench_bots.play_with``)."""
    from pachaprint.engine.bots import make_bot

    config, mode_name, difficulty, players, names, index, seed = job

    def seat_bot(seat: int, rng: Any, mode: Any) -> Any:
        name = names[seat]
        return make_expert(config, mode, rng) if name == "expert" else make_bot(name, rng, mode)

    return {**play_with(mode_name, difficulty, players, index, seed, seat_bot), "disc": index}


def _run(jobs: list[Any], workers: int) -> list[dict[str, Any]]:
    if workers <= 1:
        return [play(job) for job in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(play, jobs, chunksize=2))


def versus_otoma(
    mode: str, level: str, configs: list[str], games: int, seed: int, workers: int, discs: bool
) -> dict[str, Any]:
    from pachaprint.engine.analysis.simulate import game_seed

    scenarios, _ = _long_scenarios()
    players = 1 if mode == "solo" else 2
    jobs = [
        (c, mode, level, players, ("expert",) * players, i % len(scenarios), game_seed(seed, i))
        for i in range(games)
        for c in configs
    ]
    start = time.time()
    results = _run(jobs, workers)
    wall = time.time() - start
    won = {
        c: [bool(r["winners"]) for r in results[k :: len(configs)]] for k, c in enumerate(configs)
    }
    cpu = {
        c: sum(sum(r["cpu"]) for r in results[k :: len(configs)]) / games
        for k, c in enumerate(configs)
    }
    done = sum(1 for r in results if r["completed"])
    print(f"\n{mode} {level}: {games} games per configuration ({done} of {len(results)} ended;")
    print(f"{wall:.0f} s wall on {workers} workers); win rate [95 %], CPU s a game")
    base = configs[0]
    out: dict[str, Any] = {}
    for c in configs:
        wins = sum(won[c])
        paired = ""
        if c != base:
            gained = sum(1 for a, b in zip(won[c], won[base], strict=True) if a and not b)
            lost = sum(1 for a, b in zip(won[c], won[base], strict=True) if b and not a)
            paired = f"  vs {base}: +{gained} -{lost}"
        print(f"  {c:<24} {rate(wins, games):>20} {cpu[c]:7.3f} s{paired}")
        out[c] = {"wins": wins, "games": games, "win_rate": wins / games, "cpu_per_game": cpu[c]}
        if discs:
            per = []
            for d in range(len(scenarios)):
                mine = [w for i, w in enumerate(won[c]) if i % len(scenarios) == d]
                per.append(sum(mine) / max(1, len(mine)))
            out[c]["per_disc"] = per
    if discs:
        names = [s.id for s in scenarios]
        print("  per disc (win rate):")
        for d, name in enumerate(names):
            row = "".join(f"{out[c]['per_disc'][d]:>9.0%}" for c in configs)
            print(f"    {name:<24}{row}")
    return out


def head(configs: list[str], games: int, seed: int, workers: int) -> dict[str, Any]:
    from pachaprint.engine.analysis.simulate import game_seed

    scenarios, _ = _long_scenarios()
    jobs = []
    for i in range(games):
        deal = i // 2
        seats = ("expert", "logician") if i % 2 == 0 else ("logician", "expert")
        for c in configs:
            jobs.append(
                (c, "competitive", None, 2, seats, deal % len(scenarios), game_seed(seed, deal))
            )
    results = _run(jobs, workers)
    print(f"\nhead to head against the logician: {games} games per configuration")
    out: dict[str, Any] = {}
    for k, c in enumerate(configs):
        wins = 0.0
        cpu = 0.0
        for i, r in enumerate(results[k :: len(configs)]):
            mine = 0 if i % 2 == 0 else 1
            if mine in r["winners"]:
                wins += 1 / len(r["winners"])
            cpu += r["cpu"][mine]
        print(f"  {c:<24} {rate(wins, games):>20} {cpu / games:7.3f} s (the expert's seat)")
        out[c] = {"wins": wins, "games": games, "win_rate": wins / games}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--configs", default="today,chosen")
    parser.add_argument("--games", type=int, default=150, help="games per line (150)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", default="solo,coop,head", help="sections: solo, coop, head (all)")
    parser.add_argument("--levels", default="", help="e.g. solo:easy,coop:normal (default all)")
    parser.add_argument("--per-disc", action="store_true", help="also the win rate per disc")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--list", action="store_true", help="list the configurations")
    args = parser.parse_args()
    collect_less_often()  # as every pachaprint command does (its workers fork from here)
    if args.list:
        print(f"today: budget {TODAY}; chosen: as make_bot makes it; changes (join with +):")
        for name, (budget, weights) in CHANGES.items():
            print(f"  {name:<12} budget {budget} weights {weights}")
        return
    configs = [c.strip() for c in args.configs.split(",") if c.strip()]
    for c in configs:
        try:
            changes(c)
        except KeyError as error:
            parser.error(f"unknown change {error} in {c!r} (--list names them)")
    sections = {s.strip() for s in args.only.split(",")}
    wanted = {tuple(x.split(":")) for x in args.levels.split(",") if x}
    load = os.getloadavg()
    print(f"bench_expert: {args.games} games per line, seed {args.seed}, {args.jobs} workers")
    print(f"load average at start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    report: dict[str, Any] = {"games": args.games, "seed": args.seed, "load_start": load}
    for mode, level in TARGETS:
        if mode in sections and (not wanted or (mode, level) in wanted):
            line = versus_otoma(
                mode, level, configs, args.games, args.seed, args.jobs, args.per_disc
            )
            report[f"{mode} {level}"] = line
            for c, figures in line.items():
                ok = figures["win_rate"] >= TARGETS[(mode, level)]
                fast = figures["cpu_per_game"] <= SECONDS[mode]
                print(
                    f"    target {mode} {level} {c}: >= {TARGETS[(mode, level)]:.0%} "
                    f"{'met' if ok else 'NOT met'}; <= {SECONDS[mode]} s "
                    f"{'met' if fast else 'NOT met'}"
                )
    if "head" in sections:
        report["head"] = head(configs, args.games, args.seed, args.jobs)
        for c, figures in report["head"].items():
            ok = figures["win_rate"] >= TARGET_HEAD
            print(f"    target head {c}: >= {TARGET_HEAD:.1%} {'met' if ok else 'NOT met'}")
    load = os.getloadavg()
    report["load_end"] = load
    print(f"load average at end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
