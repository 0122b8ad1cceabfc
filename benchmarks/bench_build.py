"""Build benchmark: a cold build of the shipped library and a rebuild with no change.

    python benchmarks/bench_build.py [--games 200] [--jobs 2]

Targets on the 2-core project machine: cold build at most 60 s with
``--jobs 2``; a rebuild with nothing changed at most 5 s. Both are timed end to
end as a user runs them (a fresh ``python -m pachaprint build`` process).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def run(out: Path, games: int, jobs: int) -> tuple[float, dict]:
    command = [
        sys.executable,
        "-m",
        "pachaprint",
        "build",
        str(REPO / "scenarios"),
        "--out",
        str(out),
        "--games",
        str(games),
        "--jobs",
        str(jobs),
        "--format",
        "json",
    ]
    start = time.perf_counter()
    proc = subprocess.run(command, capture_output=True, text=True, cwd=REPO)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"build failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    return elapsed, json.loads(proc.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    out = Path(tempfile.mkdtemp(prefix="pachaprint-bench-"))
    try:
        cold, summary = run(out, args.games, args.jobs)
        built = sum(1 for s in summary["scenarios"] if s["status"] == "built")
        files = sum(1 for p in out.rglob("*") if p.is_file() and not p.name.startswith("."))
        size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
        print(
            f"cold build: {cold:6.1f} s  ({built} scenarios x {args.games} games, --jobs {args.jobs}; "
            f"{files} files, {size / 1e6:.1f} MB)  target <= 60 s"
        )
        warm, summary = run(out, args.games, args.jobs)
        unchanged = sum(1 for s in summary["scenarios"] if s["status"] == "unchanged")
        print(
            f"no-change rebuild: {warm:6.2f} s  ({unchanged} scenarios unchanged, core {summary['core']})  "
            f"target <= 5 s"
        )
    finally:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
