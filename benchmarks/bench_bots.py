"""How strong and how fast the bots are: head to head, against the Otoma, and the bound.

    python benchmarks/bench_bots.py                         # everything: 400 games per line
    python benchmarks/bench_bots.py --games 60 --jobs 2     # a quicker look
    python benchmarks/bench_bots.py --only head,speed       # some sections
    python benchmarks/bench_bots.py --bots logician,expert  # some bots

Every game is played on the shipped long scenarios (``scenarios/*.json`` of size
long), in a worker process, with the seeds of ``pachaprint simulate``
(``game_seed(seed, i)``), so the figures are the same for any ``--jobs``.

* **head**: every pair of bots plays ``--games`` two-player competitive games.
  Games ``2k`` and ``2k + 1`` are one deal played twice with the seats swapped
  (same scenario, same seed; the first seat starts), so each bot starts half
  the games and the luck of the deal cancels. The table gives the row bot's
  win rate (a shared victory counts a half) with its 95 % Wilson interval.
* **solo**, **coop** (two seats): every bot at every difficulty, ``--games``
  games each; game ``i`` plays scenario ``i mod n`` with seed ``game_seed(seed,
  i)``, so every bot meets the same tiles. ``oracle-cheat`` knows the map and the
  tiles: its line is the perfect-information bound beside the fair bots.
* **speed**: CPU seconds of each bot's own decisions per game
  (``time.process_time`` around every ``decide``: what one core gives it, even
  on a busy machine), in two-player self-play, solo (easy) and co-op (normal);
  games per second are their inverse. The expert's solo figure is the 0.2 s
  target of issue 20.

Every section against the Otoma also counts the games that ran to their end (issue 20:
every expert game against the Otoma must end).

The machine's load average is printed at the start and the end: on a shared
machine the CPU times hold, the wall times do not.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BOTS = ("random", "greedy", "logician", "expert", "oracle-cheat")
SOLO_LEVELS = ("easy", "hard")
COOP_LEVELS = ("easy", "normal", "expert")
TARGET_H2H = 0.90
TARGET_SOLO = 0.30
TARGET_SOLO_SECONDS = 0.2

_SCENARIOS: list[Any] = []
_ORACLES: list[Any] = []


def _long_scenarios() -> tuple[list[Any], list[Any]]:
    """The shipped long scenarios and their wheels (loaded once per worker)."""
    if not _SCENARIOS:
        from pachaprint.engine.rules.oracle import WheelOracle
        from pachaprint.model.scenario import Scenario

        for path in sorted((ROOT / "scenarios").glob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("size") == "long":
                scenario = Scenario.from_dict(data)
                _SCENARIOS.append(scenario)
                _ORACLES.append(WheelOracle(scenario))
    return _SCENARIOS, _ORACLES


def play(job: tuple[str, str | None, int, tuple[str, ...], int, int]) -> dict[str, Any]:
    """One game: ``(mode, difficulty, players, bots per seat, scenario index, seed)``
    (:func:`play_with`, each seat the bot it names)."""
    from pachaprint.engine.bots import make_bot

    mode_name, difficulty, players, bots, index, seed = job
    return play_with(
        mode_name,
        difficulty,
        players,
        index,
        seed,
        lambda seat, rng, mode: make_bot(bots[seat], rng, mode),
    )


def play_with(
    mode_name: str,
    difficulty: str | None,
    players: int,
    index: int,
    seed: int,
    seat_bot: Callable[[int, Any, Any], Any],
) -> dict[str, Any]:
    """One game on the shipped long disc ``index``, set up as ``pachaprint simulate`` does
    (each seat's bot made by ``seat_bot(seat, rng, mode)`` with an rng drawn from the
    game's seed), with the first seat starting in the competitive game; returns scores,
    winners and the CPU seconds of each seat's decisions."""
    import random

    from pachaprint.engine.rules.config import GameConfig, Mode, first_start_cells
    from pachaprint.engine.rules.modes import draw_setup, make_game, mode_class
    from pachaprint.engine.rules.modes import start as start_game

    scenarios, oracles = _long_scenarios()
    scenario, oracle = scenarios[index], oracles[index]
    mode = Mode(mode_name)
    cells = first_start_cells(scenario) if mode_class(mode).has_otoma else ()
    names = tuple(scenario.board.name(c) for c in cells) or None
    first = 0 if mode is Mode.COMPETITIVE else None
    config = GameConfig(mode, players, difficulty, names, seed=seed, first_player=first)
    first_player, tiles_seed, rng = draw_setup(config)
    seats = [seat_bot(seat, random.Random(rng.getrandbits(64)), mode) for seat in range(players)]
    game = make_game(
        oracle, config, first_player=first_player, otoma_cells=cells, tiles_seed=tiles_seed
    )
    state = start_game(game)
    cpu = [0.0] * players
    clock = time.process_time
    while not state.is_terminal() and state.turn <= 2000:
        seat = state.current_player
        start = clock()
        action = seats[seat].decide(state)
        cpu[seat] += clock() - start
        state.apply(action)
    return {
        "completed": bool(state.ending and state.ending.completed),
        "scores": list(state.score),
        "winners": state.winners() if state.is_terminal() else [],
        "wrong": list(state.wrong),
        "cpu": cpu,
        "turns": state.turn,
    }


def _run(jobs: list[Any], workers: int, label: str) -> list[dict[str, Any]]:
    """Every job in order, on ``workers`` processes (the results do not depend on it)."""
    start = time.time()
    if workers <= 1:
        out = [play(job) for job in jobs]
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            out = list(pool.map(play, jobs, chunksize=4))
    print(f"  ({label}: {len(jobs)} games in {time.time() - start:.0f} s wall)", flush=True)
    return out


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a rate."""
    if not n:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(wins: float, n: int) -> str:
    low, high = wilson(wins, n)
    return f"{wins / n:5.1%} [{low:.0%}-{high:.0%}]" if n else "-"


# -- sections ------------------------------------------------------------------------------
def head_to_head(bots: list[str], games: int, seed: int, workers: int) -> dict[str, Any]:
    from pachaprint.engine.analysis.simulate import game_seed

    scenarios, _ = _long_scenarios()
    pairs = [(a, b) for i, a in enumerate(bots) for b in bots[i + 1 :]]
    table: dict[tuple[str, str], tuple[float, int, float]] = {}
    for a, b in pairs:
        jobs = []
        for i in range(games):
            deal = i // 2
            seats = (a, b) if i % 2 == 0 else (b, a)
            jobs.append(
                ("competitive", None, 2, seats, deal % len(scenarios), game_seed(seed, deal))
            )
        results = _run(jobs, workers, f"{a} v {b}")
        wins = margin = 0.0
        done = 0
        for i, r in enumerate(results):
            if not r["completed"]:
                continue
            done += 1
            seat_a = 0 if i % 2 == 0 else 1
            if seat_a in r["winners"]:
                wins += 1 / len(r["winners"])
            margin += r["scores"][seat_a] - r["scores"][1 - seat_a]
        table[(a, b)] = (wins, done, margin / max(1, done))
        table[(b, a)] = (done - wins, done, -margin / max(1, done))
    print(f"\nHead to head: 2 players, {games} games per pair on {len(scenarios)} long scenarios,")
    print("seats swapped every other game; the row bot's win rate [95 % interval], mean margin")
    width = 24
    print(" " * 14 + "".join(f"{b:>{width}}" for b in bots))
    for a in bots:
        cells = []
        for b in bots:
            if a == b:
                cells.append(f"{'-':>{width}}")
            else:
                wins, n, margin = table[(a, b)]
                text = f"{rate(wins, n)} {margin:+5.1f}"
                cells.append(f"{text:>{width}}")
        print(f"{a:<14}" + "".join(cells))
    return {
        f"{a} v {b}": {"win_rate": w / max(1, n), "games": n, "margin": m}
        for (a, b), (w, n, m) in table.items()
    }


def versus_otoma(
    mode: str, levels: tuple[str, ...], bots: list[str], games: int, seed: int, workers: int
) -> dict[str, Any]:
    from pachaprint.engine.analysis.simulate import game_seed

    scenarios, _ = _long_scenarios()
    players = 1 if mode == "solo" else 2
    out: dict[str, Any] = {}
    for bot in bots:
        for level in levels:
            jobs = [
                (mode, level, players, (bot,) * players, i % len(scenarios), game_seed(seed, i))
                for i in range(games)
            ]
            results = _run(jobs, workers, f"{mode} {level} {bot}")
            done = [r for r in results if r["completed"]]
            wins = sum(1 for r in done if r["winners"])
            margin = sum(r["scores"][0] - r["scores"][1] for r in done) / max(1, len(done))
            cpu = sum(sum(r["cpu"]) for r in results) / len(results)
            out[f"{bot} {level}"] = {
                "wins": wins,
                "games": len(done),
                "win_rate": wins / max(1, len(done)),
                "margin": margin,
                "completed": len(done),
                "played": len(results),
                "cpu_per_game": cpu,
            }
    label = "Solo (one player)" if mode == "solo" else "Co-op (two players)"
    print(f"\n{label} against the Otoma: {games} games per line, the same deals for every bot;")
    print(
        "the player's win rate [95 % interval], mean margin; oracle-cheat = perfect-information bound"
    )
    width = 26
    print(" " * 14 + "".join(f"{level:>{width}}" for level in levels))
    for bot in bots:
        row = []
        for level in levels:
            line = out[f"{bot} {level}"]
            text = f"{rate(line['wins'], line['games'])} {line['margin']:+5.1f}"
            row.append(f"{text:>{width}}")
        print(f"{bot:<14}" + "".join(row))
    return out


def speed(bots: list[str], games: int, seed: int, workers: int) -> dict[str, Any]:
    from pachaprint.engine.analysis.simulate import game_seed

    scenarios, _ = _long_scenarios()
    setups = [("competitive", None, 2), ("solo", "easy", 1), ("coop", "normal", 2)]
    out: dict[str, Any] = {}
    print(
        f"\nSpeed: CPU seconds of the bot's own decisions per game (one core), {games} games each"
    )
    print(f"{'':<14}" + "".join(f"{m + ' s/game':>22}{'games/s':>10}" for m, _, _ in setups))
    for bot in bots:
        row = ""
        for mode, level, players in setups:
            jobs = [
                (mode, level, players, (bot,) * players, i % len(scenarios), game_seed(seed, i))
                for i in range(games)
            ]
            results = _run(jobs, workers, f"speed {mode} {bot}")
            per_game = sum(sum(r["cpu"]) for r in results) / len(results)
            per_seat = per_game / players
            out[f"{bot} {mode}"] = {"seconds_per_game": per_game, "seconds_per_seat": per_seat}
            row += f"{per_game:>22.4f}{1 / per_game if per_game else float('inf'):>10.1f}"
        print(f"{bot:<14}" + row)
    print("(competitive and co-op: both seats played by the bot; per seat, halve the seconds)")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pair or line (400)")
    parser.add_argument("--speed-games", type=int, default=45, help="games per speed line (45)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--bots", default=",".join(BOTS))
    parser.add_argument("--only", default="head,solo,coop,speed")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    sections = {s.strip() for s in args.only.split(",")}
    load = os.getloadavg()
    print(f"bench_bots: {args.games} games per line, seed {args.seed}, {args.jobs} workers")
    print(
        f"load average at start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores"
    )
    report: dict[str, Any] = {"games": args.games, "seed": args.seed, "load_start": load}
    if "head" in sections:
        report["head"] = head_to_head(bots, args.games, args.seed, args.jobs)
    if "solo" in sections:
        report["solo"] = versus_otoma("solo", SOLO_LEVELS, bots, args.games, args.seed, args.jobs)
    if "coop" in sections:
        report["coop"] = versus_otoma("coop", COOP_LEVELS, bots, args.games, args.seed, args.jobs)
    if "speed" in sections:
        report["speed"] = speed(bots, args.speed_games, args.seed, args.jobs)
    _targets(report)
    load = os.getloadavg()
    report["load_end"] = load
    print(f"load average at end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1), encoding="utf-8")


def _targets(report: dict[str, Any]) -> None:
    """The targets of issue 20 (a faster expert of the same strength), met or not."""
    print("\nTargets")
    head = report.get("head", {})
    if "expert v logician" in head:
        line = head["expert v logician"]
        ok = line["win_rate"] >= TARGET_H2H
        print(
            f"  expert beats logician in >= 90 % of 2-player games: {line['win_rate']:.1%} "
            f"{'met' if ok else 'NOT met'}"
        )
    solo = report.get("solo", {})
    if "expert easy" in solo:
        mine = solo["expert easy"]["win_rate"]
        ok = mine >= TARGET_SOLO
        print(f"  expert wins >= 30 % of easy solo games: {mine:.1%} {'met' if ok else 'NOT met'}")
    speeds = report.get("speed", {})
    if "expert solo" in speeds:
        seconds = speeds["expert solo"]["seconds_per_game"]
        ok = seconds <= TARGET_SOLO_SECONDS
        print(
            f"  an expert solo game takes <= 0.2 s of CPU: {seconds:.3f} s {'met' if ok else 'NOT met'}"
        )
    games = done = 0
    for section in ("solo", "coop"):
        for name, line in report.get(section, {}).items():
            if name.startswith("expert "):
                games += line["played"]
                done += line["completed"]
    if games:
        print(f"  every expert game against the Otoma ends: {done} of {games} completed")


if __name__ == "__main__":
    main()
