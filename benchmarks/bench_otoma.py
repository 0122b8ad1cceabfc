"""Win rates against the Otoma on the shipped long scenarios, and simulation speed.

Usage: python benchmarks/bench_otoma.py [GAMES] [JOBS]

For every scenario of ``scenarios/`` with Otoma start cells, simulates solo
(easy, hard) and co-op at 2 players (easy, normal, expert) with the greedy and
logician bots, and prints the player's (group's) win rate per bot and
difficulty, the mean scores, and games per second.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from pachaprint.engine.simulate_modes import simulate_versus
from pachaprint.model.scenario import Scenario

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    jobs = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    bots = ["logician", "greedy"]
    totals: dict[tuple[str, str, str], list[float]] = {}
    played = 0
    start = time.perf_counter()
    for path in sorted((ROOT / "scenarios").glob("*.json")):
        scenario = Scenario.from_dict(json.loads(path.read_text()))
        if not scenario.otoma:
            continue
        for mode in ("solo", "coop"):
            report = simulate_versus(scenario, mode, games, bots, seed=1, jobs=jobs)
            played += report.games
            cells = []
            for run in report.runs:
                key = (mode, run["bot"], run["difficulty"])
                totals.setdefault(key, []).append(run["win_rate"])
                cells.append(
                    f"{run['bot'][0]}-{run['difficulty'][:2]} {run['win_rate']:4.0%} "
                    f"({run['score_mean']:.0f}:{run['otoma_score_mean']:.0f})"
                )
            flags = f"  [{'; '.join(report.flags)}]" if report.flags else ""
            print(f"{scenario.id:<22} {mode:<4} " + "  ".join(cells) + flags, flush=True)
    elapsed = time.perf_counter() - start
    print()
    print("mean win rate against the Otoma over the scenarios:")
    for (mode, bot, level), rates in totals.items():
        print(
            f"  {mode:<4} {bot:<8} {level:<6} {sum(rates) / len(rates):6.1%}  (best scenario {max(rates):.0%})"
        )
    print(f"{played} games in {elapsed:.1f} s ({played / elapsed:.1f} games/s, {jobs} job(s))")


if __name__ == "__main__":
    main()
