"""Checker benchmark: validation throughput, and our uniqueness check against a SAT encoding.

    python benchmarks/bench_checker.py [--count 1000] [--regenerate]

The corpus is ``benchmarks/corpus/long.jsonl``: seeded long scenarios from
``pachaprint new`` (``generate``), a mix of difficulties, shipped so runs are
comparable; ``--regenerate`` rebuilds it. Figures printed:

* full validation (JSON Schema, every rule, uniqueness; as ``validate`` runs it)
  in scenarios per second, with and without the difficulty grade;
* the uniqueness check alone, ours (CropSolver built + solved) against the SAT
  encoding (CNF built + pycosat up to two solutions), end to end, and the
  ratio of our time to the SAT time. Both must agree on every scenario.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from pachaprint.check.solver import CropSolver, SolveStatus, givens_of  # noqa: E402
from pachaprint.check.validate import validate_data  # noqa: E402
from pachaprint.model.scenario import Scenario  # noqa: E402

CORPUS = HERE / "corpus" / "long.jsonl"
DIFFICULTIES = ("easy", "medium", "hard", "expert")


def make_corpus(count: int) -> list[dict]:
    from pachaprint.check.generate import generate

    corpus = []
    for seed in range(count):
        made = generate(
            "long", seed=10_000 + seed, difficulty=DIFFICULTIES[seed % len(DIFFICULTIES)]
        )
        corpus.append(made.scenario.to_dict())
        if seed % 100 == 99:
            print(f"  generated {seed + 1}/{count}", file=sys.stderr)
    return corpus


def load_corpus(count: int, regenerate: bool) -> list[dict]:
    if regenerate or not CORPUS.exists():
        corpus = make_corpus(count)
        CORPUS.parent.mkdir(exist_ok=True)
        CORPUS.write_text("".join(json.dumps(d, separators=(",", ":")) + "\n" for d in corpus))
    lines = CORPUS.read_text().splitlines()
    return [json.loads(line) for line in lines[:count]]


def timed(function, repeat: int = 3) -> float:
    """Best of ``repeat`` runs, in seconds (the machine is shared and noisy)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--regenerate", action="store_true")
    args = parser.parse_args()
    corpus = load_corpus(args.count, args.regenerate)
    n = len(corpus)
    distinct = len({tuple(d["terrain"]) for d in corpus})
    print(
        f"corpus: {n} long scenarios ({distinct} distinct terrain maps), "
        f"start cells mean {statistics.mean(len(d['start']) for d in corpus):.1f}"
    )

    reports = [validate_data(d) for d in corpus]
    invalid = [r.file for r in reports if not r.valid]
    assert not invalid, f"{len(invalid)} corpus scenarios are invalid"

    rules = timed(lambda: [validate_data(d, difficulty=False) for d in corpus])
    print(
        f"validate, every rule (schema..box-limit):   {n / rules:8.0f} scenarios/s  ({rules / n * 1e6:.0f} us each)"
    )
    full = timed(lambda: [validate_data(d) for d in corpus])
    print(
        f"validate + difficulty grade (as the CLI):   {n / full:8.0f} scenarios/s  ({full / n * 1e6:.0f} us each)"
    )

    scenarios = [Scenario.from_dict(d) for d in corpus]
    problems = [(s.board, s.terrain_flat, givens_of(s)) for s in scenarios]

    def ours():
        return [
            CropSolver(board, terrain).solve(givens).status for board, terrain, givens in problems
        ]

    import sat_encoding

    def sat():
        return [
            sat_encoding.count_solutions(board, terrain, givens)
            for board, terrain, givens in problems
        ]

    assert all(status is SolveStatus.UNIQUE for status in ours())
    assert all(count == 1 for count in sat()), "the SAT encoding disagrees with our solver"
    our_time = timed(ours)
    sat_time = timed(sat)
    print(
        f"uniqueness, ours (propagation + search):    {n / our_time:8.0f} scenarios/s  ({our_time / n * 1e6:.0f} us each)"
    )
    print(
        f"uniqueness, SAT (CNF build + pycosat x2):   {n / sat_time:8.0f} scenarios/s  ({sat_time / n * 1e6:.0f} us each)"
    )
    print(f"our time / SAT time:                        {our_time / sat_time:8.2f}")


if __name__ == "__main__":
    main()
