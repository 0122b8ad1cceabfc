"""Win rates against the Otoma on the shipped long scenarios, and simulation speed.

    python benchmarks/bench_otoma.py [--games N] [--jobs N] [--baseline DIR]

For every scenario of ``scenarios/`` with Otoma start cells, simulates solo
(easy, hard) and co-op at 2 players (easy, normal, expert) with the greedy and
logician bots, and prints the player's (group's) win rate per bot and
difficulty, the mean scores, and games per second. Each simulation runs in a
worker process. With ``--baseline DIR`` (a checkout of an older commit) each
one also runs on DIR's engine, the two interleaved, and the run prints both
speeds side by side and whether the two reports are identical.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BOTS = ["logician", "greedy"]


def worker(path: str, mode: str, games: int, jobs: int) -> dict[str, Any]:
    """One simulation on whichever engine PYTHONPATH selects: its report and CPU time."""
    from pachaprint.model.scenario import Scenario

    scenario = Scenario.from_dict(json.loads(Path(path).read_text(encoding="utf-8")))
    start = time.process_time(), time.perf_counter()
    try:
        from pachaprint.engine.analysis.simulate import SimulationConfig, simulate
        from pachaprint.engine.rules.config import Mode

        players = 1 if mode == "solo" else 2
        config = SimulationConfig(Mode(mode), players, tuple(BOTS), (), games, 1)
        report = simulate(scenario, config, jobs).to_dict()
    except ImportError:  # the engine before the redesign
        from pachaprint.engine.simulate_modes import simulate_versus

        report = simulate_versus(scenario, mode, games, BOTS, seed=1, jobs=jobs).to_dict()
    cpu, wall = time.process_time() - start[0], time.perf_counter() - start[1]
    return {"report": report, "cpu": cpu, "wall": wall}


def run(root: Path, path: Path, mode: str, games: int, jobs: int) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, "--worker", json.dumps([str(path), mode, games, jobs])],
        env=dict(os.environ, PYTHONPATH=str(root)),
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        sys.exit(f"worker failed on {root} ({path.name} {mode}):\n{done.stderr}")
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per bot and difficulty")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes per simulation")
    parser.add_argument(
        "--baseline", type=Path, help="a checkout of an older engine to compare with"
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(*json.loads(args.worker))))
        return 0
    sides = [("new", ROOT)] + ([("old", args.baseline.resolve())] if args.baseline else [])
    totals: dict[tuple[str, str, str], list[float]] = {}
    played = 0
    seconds: dict[str, float] = {name: 0.0 for name, _ in sides}
    identical = True
    turn = 0
    for path in sorted((ROOT / "scenarios").glob("*.json")):
        if not json.loads(path.read_text(encoding="utf-8")).get("solo"):
            continue
        for mode in ("solo", "coop"):
            turn += 1
            results = {
                name: run(root, path, mode, args.games, args.jobs)
                for name, root in (sides if turn % 2 else sides[::-1])
            }
            report = results["new"]["report"]
            if args.baseline:
                identical &= report == results["old"]["report"]
            for name, _ in sides:
                seconds[name] += results[name]["cpu" if args.jobs == 1 else "wall"]
            played += report["games"]
            cells = []
            for r in report["runs"]:
                totals.setdefault((mode, r["bot"], r["difficulty"]), []).append(r["win_rate"])
                cells.append(
                    f"{r['bot'][0]}-{r['difficulty'][:2]} {r['win_rate']:4.0%} "
                    f"({r['score_mean']:.0f}:{r['otoma_score_mean']:.0f})"
                )
            flags = f"  [{'; '.join(report['flags'])}]" if report["flags"] else ""
            print(f"{report['scenario']:<22} {mode:<4} " + "  ".join(cells) + flags, flush=True)
    print()
    print("mean win rate against the Otoma over the scenarios:")
    for (mode, bot, level), rates in totals.items():
        print(
            f"  {mode:<4} {bot:<8} {level:<6} {sum(rates) / len(rates):6.1%}  (best scenario {max(rates):.0%})"
        )
    clock = "CPU" if args.jobs == 1 else "wall"
    for name, _ in sides:
        print(
            f"{name}: {played} games in {seconds[name]:.1f} s {clock} ({played / seconds[name]:.1f} games/s)"
        )
    if args.baseline:
        print(
            f"new/old speed {seconds['old'] / seconds['new']:.2f}; reports "
            + ("identical" if identical else "DIFFERENT")
        )
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
