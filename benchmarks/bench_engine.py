"""Engine speed, compiled and interpreted, against another install, end to end.

    python benchmarks/bench_engine.py --baseline /path/to/other/.venv     # the table below
    python benchmarks/bench_engine.py --rounds 5 --only expert,logician    # some workloads
    python benchmarks/bench_engine.py --baseline VENV --build              # also whole builds

Every workload is a command a user runs (``pachaprint simulate ... --format json``,
and with ``--build`` the default build of the shipped library), timed in a fresh
process on up to three sides, interleaved in rounds (the order turns round each
round, so drift in the machine's load hits every side alike):

* ``compiled``: this checkout's install as it is (``pip install -e .`` compiled the
  modules listed in ``setup.py``);
* ``interpreted``: the same install with ``PACHAPRINT_PURE_PYTHON=1`` (the ``.py``
  files, as a machine without a C compiler runs them);
* ``baseline`` (``--baseline VENV``): another install, for example of an older
  commit (``VENV/bin/pachaprint``; run from a folder outside its sources).

The figure is CPU time (user + system of the child process, ``resource.getrusage``):
what one core gives the command even on a busy machine; wall time and the load
average are printed beside it. The median of the rounds is shown, and the ratio
of each side to the baseline (or to ``compiled``). Every side must print the same
report: the run says so, or names the workloads where they differ.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"


def _simulate(scenario: str, *args: str) -> list[str]:
    return ["simulate", str(SCENARIOS / f"{scenario}.json"), "--format", "json", "--quiet", *args]


WORKLOADS: dict[str, list[str]] = {
    "start (1 random game)": _simulate("colca-canyon", "--games", "1", "--bots", "random"),
    "competitive random,greedy": _simulate(
        "inti-raymi", "--games", "400", "--bots", "random,greedy"
    ),
    "competitive logician": _simulate(
        "colca-canyon", "--games", "100", "--bots", "logician,logician"
    ),
    "solo logician": _simulate(
        "sacred-valley", "--games", "100", "--mode", "solo", "--bots", "logician"
    ),
    "co-op logician": _simulate(
        "colca-canyon", "--games", "60", "--mode", "coop", "--seats", "3", "--bots", "logician"
    ),
    # one expert game per command: an expert remembers what it sampled for the rest of
    # its game only, but before issue 19 for its whole process, so that several games
    # in one process played otherwise than each alone
    "competitive expert": _simulate(
        "titicaca-shoreline", "--games", "1", "--bots", "expert,logician", "--seed", "2"
    ),
    "solo expert": _simulate(
        "manu-headwaters",
        "--games",
        "1",
        "--mode",
        "solo",
        "--bots",
        "expert",
        "--difficulty",
        "hard",
    ),
    "co-op expert": _simulate(
        "road-to-copacabana",
        "--games",
        "1",
        "--mode",
        "coop",
        "--bots",
        "expert",
        "--difficulty",
        "normal",
    ),
}
BUILD = "build (default)"


def run(command: list[str], env: dict[str, str]) -> tuple[float, float, bytes]:
    """CPU seconds (user + system) and wall seconds of a command, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, cwd=tempfile.gettempdir(), capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):  # 1: a report with flags or unfinished games
        sys.exit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr.decode()[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.stdout


def sides(baseline: Path | None) -> dict[str, tuple[str, dict[str, str]]]:
    """Side name -> (the pachaprint executable, its environment)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PACHAPRINT_PURE_PYTHON", "PYTHONPATH")}
    here = str(Path(sys.executable).parent / "pachaprint")
    found = {
        "compiled": (here, env),
        "interpreted": (here, {**env, "PACHAPRINT_PURE_PYTHON": "1"}),
    }
    if baseline is not None:
        found["baseline"] = (str(baseline / "bin" / "pachaprint"), env)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="a virtual environment with another install")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--only", default="", help="workloads whose name contains one of these words"
    )
    parser.add_argument("--build", action="store_true", help="also time the default build")
    args = parser.parse_args()
    words = [w for w in args.only.split(",") if w]
    workloads = {n: c for n, c in WORKLOADS.items() if not words or any(w in n for w in words)}
    if args.build:
        workloads[BUILD] = ["build", str(SCENARIOS), "--out", "OUT"]
    who = sides(args.baseline)
    order = list(who)
    cpu: dict[tuple[str, str], list[float]] = {}
    wall: dict[tuple[str, str], list[float]] = {}
    outputs: dict[str, set[bytes]] = {}
    loads = [os.getloadavg()[0]]
    for r in range(args.rounds):
        for name, command in workloads.items():
            for side in order if r % 2 == 0 else order[::-1]:
                exe, env = who[side]
                out = Path(tempfile.mkdtemp(prefix="pachaprint-bench-"))
                try:
                    full = [exe, *(str(out / "build") if a == "OUT" else a for a in command)]
                    seconds, elapsed, printed = run(full, env)
                finally:
                    shutil.rmtree(out, ignore_errors=True)
                cpu.setdefault((name, side), []).append(seconds)
                wall.setdefault((name, side), []).append(elapsed)
                if name != BUILD:
                    outputs.setdefault(name, set()).add(printed)
        loads.append(os.getloadavg()[0])
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    reference = "baseline" if "baseline" in who else "compiled"
    head = f"{'workload':<26}" + "".join(f" {side + ' CPU s':>16} {'wall s':>7}" for side in order)
    head += "".join(f" {side[:4] + '/' + reference[:4]:>10}" for side in order if side != reference)
    print(head)
    for name in workloads:
        line = f"{name:<26}"
        med = {side: statistics.median(cpu[(name, side)]) for side in order}
        for side in order:
            line += f" {med[side]:16.2f} {statistics.median(wall[(name, side)]):7.1f}"
        for side in order:
            if side != reference:
                line += f" {med[side] / med[reference]:10.2f}"
        print(line)
    print(
        f"CPU seconds of the whole command (user + system), median of {args.rounds} rounds; "
        f"{os.cpu_count()} cores, load average {min(loads):.1f}-{max(loads):.1f} during the run"
    )
    differ = [name for name, seen in outputs.items() if len(seen) > 1]
    print(
        "every side printed the same reports"
        if not differ
        else f"THE SIDES PRINTED DIFFERENT REPORTS: {', '.join(differ)}"
    )


if __name__ == "__main__":
    main()
