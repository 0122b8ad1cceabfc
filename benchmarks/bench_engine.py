"""Engine speed and the logician's soundness, in figures.

    python benchmarks/bench_engine.py                 # games per second (one core)
    python benchmarks/bench_engine.py --soundness 2000 # thousands of logician games: zero wrong?
    python benchmarks/bench_engine.py --audit 300      # every proof at every decision vs the map

Speed: complete 2-player games on a long scenario (the high-valley example and
generated long discs), with random bots and with logician bots, run in this
one process. Both CPU time (``time.process_time``, what one core delivers even
on a busy machine) and wall time are shown. Targets: 200 games/s random,
50 games/s logician.

Soundness: logician-versus-others games on the shipped scenarios
(``scenarios/*.json``), the examples beside the repository and generated
scenarios of both sizes and every difficulty; prints the wrong divinations of
every bot (the logician's must be 0).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pachaprint.check.generate import generate  # noqa: E402
from pachaprint.engine.oracle import WheelOracle  # noqa: E402
from pachaprint.engine.simulate import game_seed, play_game  # noqa: E402
from pachaprint.model.scenario import Scenario  # noqa: E402

EXAMPLES = ROOT / "tests" / "fixtures"


def load(path: Path) -> Scenario:
    return Scenario.from_dict(json.loads(path.read_text(encoding="utf-8-sig")))


def long_scenarios(count: int) -> list[Scenario]:
    found = (
        [load(EXAMPLES / "high-valley.json")] if (EXAMPLES / "high-valley.json").exists() else []
    )
    seed = 100
    while len(found) < count:
        found.append(generate("long", seed, "medium").scenario)
        seed += 1
    return found


def speed(bot: str, games: int, scenarios: list[Scenario]) -> tuple[float, float, float]:
    oracles = [WheelOracle(s) for s in scenarios]
    cpu0, wall0 = time.process_time(), time.perf_counter()
    turns = 0
    for i in range(games):
        result = play_game(oracles[i % len(oracles)], [bot, bot], game_seed(0, i))
        assert result.completed, result.error
        turns += result.turns
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - wall0
    return games / cpu, games / wall, turns / games


def soundness(games: int) -> int:
    scenarios = [load(p) for p in sorted((ROOT / "scenarios").glob("*.json"))]
    scenarios += [load(p) for p in sorted(EXAMPLES.glob("*.json"))]
    seed = 500
    while len(scenarios) < 40:
        size = "tiny" if seed % 2 else "long"
        difficulty = ("easy", "medium", "hard", "expert")[seed // 2 % 4]
        # a seed without a scenario at that difficulty is skipped
        with contextlib.suppress(Exception):
            scenarios.append(generate(size, seed, difficulty).scenario)
        seed += 1
    line_ups = [
        ["logician", "logician"],
        ["logician", "greedy"],
        ["logician", "random", "greedy"],
        ["logician", "greedy", "logician", "random"],
    ]
    wrong: dict[str, int] = {}
    divinations: dict[str, int] = {}
    completed = 0
    start = time.perf_counter()
    for i in range(games):
        scenario = scenarios[i % len(scenarios)]
        names = line_ups[i // len(scenarios) % len(line_ups)]
        result = play_game(WheelOracle(scenario), names, game_seed(7, i))
        completed += result.completed
        for p, name in enumerate(names):
            wrong[name] = wrong.get(name, 0) + result.wrong[p]
            divinations[name] = divinations.get(name, 0) + result.wrong[p] + result.correct[p]
    elapsed = time.perf_counter() - start
    print(
        f"soundness: {games} games on {len(scenarios)} scenarios ({completed} completed) in {elapsed:.0f} s"
    )
    for name in sorted(wrong):
        print(f"  {name}: {divinations[name]} divinations, {wrong[name]} wrong")
    return wrong.get("logician", 0)


def audit(games: int) -> int:
    """Prove every revealed cell without crop at every decision and compare with the map.

    A harder test than divinations alone: it checks proofs about cells no pawn
    stands on, in the tables bots actually reach. Returns the number of errors.
    """
    import random

    from pachaprint.engine.bots import make_bot
    from pachaprint.engine.logic import analyse, prove
    from pachaprint.engine.state import GameState

    scenarios = [load(p) for p in sorted((ROOT / "scenarios").glob("*.json"))]
    scenarios += [load(p) for p in sorted(EXAMPLES.glob("*.json"))]
    checked = proofs = errors = 0
    start = time.perf_counter()
    for i in range(games):
        scenario = scenarios[i % len(scenarios)]
        truth = [int(ch) for ch in scenario.crops_flat]
        rng = random.Random(game_seed(11, i))
        names = (["logician", "greedy"], ["greedy", "random", "logician"])[i % 2]
        state = GameState(WheelOracle(scenario), len(names), rng.randrange(len(names)))
        bots = [make_bot(name, random.Random(rng.getrandbits(64))) for name in names]
        while not state.is_terminal():
            p = state.current_player
            view = state.view(p)
            know = analyse(view.board, view.terrain, view.crop, view.supply)
            targets = [c for c in view.board.cells if view.terrain[c] >= 0 and not view.crop[c]]
            for cell in targets:
                checked += 1
                if not know.domains[cell] >> truth[cell] & 1:
                    errors += 1
                    print(
                        f"  {scenario.id}: {view.board.name(cell)} lost its true level {truth[cell]}"
                    )
            for cell, level in prove(know, targets).items():
                proofs += 1
                if level != truth[cell]:
                    errors += 1
                    print(
                        f"  {scenario.id}: {view.board.name(cell)} proven {level}, truly {truth[cell]}"
                    )
            state.apply(bots[p].act(view, state.legal_actions()))
    elapsed = time.perf_counter() - start
    print(
        f"audit: {games} games on {len(scenarios)} scenarios, {checked} cell domains checked, "
        f"{proofs} proofs, {errors} errors, in {elapsed:.0f} s"
    )
    return errors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per speed measurement")
    parser.add_argument(
        "--soundness", type=int, default=0, help="also play this many soundness games"
    )
    parser.add_argument(
        "--audit", type=int, default=0, help="also audit every proof in this many games"
    )
    args = parser.parse_args()
    scenarios = long_scenarios(4)
    for bot, target in (("random", 200), ("greedy", None), ("logician", 50)):
        n = args.games if bot == "random" else max(20, args.games // 4)
        cpu_rate, wall_rate, turns = speed(bot, n, scenarios)
        goal = f" (target {target})" if target else ""
        print(
            f"{bot:9s} 2-player long games: {cpu_rate:6.1f}/s CPU, {wall_rate:6.1f}/s wall, "
            f"{turns:.0f} turns a game, {n} games{goal}"
        )
    failed = False
    if args.soundness:
        failed |= soundness(args.soundness) > 0
    if args.audit:
        failed |= audit(args.audit) > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
