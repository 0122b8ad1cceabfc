"""What compiling buys the checker: grading, generation and ``validate``, compiled and not.

    python benchmarks/bench_compiled.py [--rounds 3] [--maps 300] [--baseline VENV]

Runs each workload in a fresh process of this environment's Python, with the
mypyc-compiled modules (an install with a C compiler) and with
``PACHAPRINT_PURE_PYTHON=1`` (the same ``.py`` files interpreted), and, with
``--baseline``, in another virtual environment (say an install of an older
commit), interleaved round by round. Prints the median CPU time of each
(user + system of the child, so the machine's load matters less than for
wall time) and the ratios:

* ``grade``: grade ``--maps`` corpus maps from their start cells
  (``benchmarks/corpus/long.jsonl``);
* ``generate``: ``pachaprint new`` for seeds 1-6 at medium and at expert;
* ``validate``: ``pachaprint validate --format json`` on a folder of the same
  maps, process start-up included.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus" / "long.jsonl"

GRADE = """
import json, sys
from pachaprint.check.grade import grade_givens
from pachaprint.check.solver import givens_of
from pachaprint.model.scenario import Scenario
for line in open(sys.argv[1]).read().splitlines()[: int(sys.argv[2])]:
    s = Scenario.from_dict(json.loads(line))
    grade_givens(s.board, s.terrain_flat, givens_of(s))
"""

GENERATE = """
from pachaprint.check.generate import generate
for level in ("medium", "expert"):
    for seed in range(1, 7):
        generate("long", seed, level)
"""


def cpu_seconds(command: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        command, env=env, cwd=tempfile.gettempdir(), check=True, stdout=subprocess.DEVNULL
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--maps", type=int, default=300)
    parser.add_argument("--baseline", help="another virtual environment to time beside")
    args = parser.parse_args()
    bin_dir = Path(sys.executable).parent
    pure = dict(os.environ, PACHAPRINT_PURE_PYTHON="1")
    plain = {k: v for k, v in os.environ.items() if k != "PACHAPRINT_PURE_PYTHON"}
    installs = {"compiled": (bin_dir, plain), "interpreted": (bin_dir, pure)}
    if args.baseline:
        installs["baseline"] = (Path(args.baseline) / "bin", plain)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "maps"
        folder.mkdir()
        for line in CORPUS.read_text(encoding="utf-8").splitlines()[: args.maps]:
            data = json.loads(line)
            (folder / f"{data['id']}.json").write_text(line, encoding="utf-8")
        workloads: dict[str, Callable[[Path], list[str]]] = {
            "grade": lambda b: [str(b / "python"), "-c", GRADE, str(CORPUS), str(args.maps)],
            "generate": lambda b: [str(b / "python"), "-c", GENERATE],
            "validate": lambda b: [
                str(b / "pachaprint"),
                "validate",
                "--format",
                "json",
                str(folder),
            ],
        }
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.rounds):
            for work, command in workloads.items():
                for name, (where, env) in installs.items():
                    times.setdefault((work, name), []).append(cpu_seconds(command(where), env))
    load = os.getloadavg()
    print(
        f"{args.rounds} interleaved rounds, {args.maps} maps; CPU seconds (median); load {load[0]:.1f}"
    )
    names = list(installs)
    print(f"{'workload':10}" + "".join(f"{n:>13}" for n in names) + f"{'interp/comp':>13}")
    for work in workloads:
        medians = [statistics.median(times[(work, n)]) for n in names]
        ratio = medians[1] / medians[0]
        print(f"{work:10}" + "".join(f"{m:13.2f}" for m in medians) + f"{ratio:13.2f}")


if __name__ == "__main__":
    main()
