"""What the build's solo and co-op figures cost: the balance of each long scenario as the
build makes it (``build.reports.build_balance``: the strongest bot and the bound, each run
stopped once its interval decides every flag), in CPU seconds of this process.

    python benchmarks/bench_build_balance.py colca-canyon altiplano-crossing
    python benchmarks/bench_build_balance.py --strongest logician   # every long scenario

Prints, per scenario, the CPU seconds and the games each run played (adaptive sampling
stops a run early), then the total and an estimate for two cores; the load average at the
start and the end (CPU time holds on a busy machine, wall time does not).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    from pachaprint.model.scenario import Scenario
    from pachaprint.pipeline.options import BuildOptions
    from pachaprint.pipeline.reports import build_balance

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", help="ids (default: every long scenario)")
    parser.add_argument("--strongest", default=BuildOptions().strongest)
    parser.add_argument("--games", type=int, default=BuildOptions().games)
    args = parser.parse_args()
    paths = [ROOT / "scenarios" / f"{name}.json" for name in args.scenarios] or sorted(
        (ROOT / "scenarios").glob("*.json")
    )
    options = BuildOptions(modes=("solo", "coop"), strongest=args.strongest, games=args.games)
    print(
        f"load {os.getloadavg()[0]:.1f}; strongest {args.strongest}, at most {args.games} games a mode"
    )
    total = 0.0
    for path in paths:
        scenario = Scenario.from_dict(json.loads(path.read_text(encoding="utf-8")))
        if scenario.size != "long":
            continue
        start = time.process_time()
        balance = build_balance(scenario, options)
        cpu = time.process_time() - start
        total += cpu
        games = ", ".join(
            f"{s['mode']} {s['bots'][0]} {s['difficulty']} {s['games']}" for s in balance["split"]
        )
        print(f"{scenario.id}: {cpu:.1f} s CPU ({games})", flush=True)
    print(f"total {total:.0f} s CPU, about {total / 2 / 60:.1f} min on two cores")
    print(f"load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
