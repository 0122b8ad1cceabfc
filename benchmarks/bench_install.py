"""Install benchmark: how long does the README's ``pip install .`` take from a fresh clone?

    python benchmarks/bench_install.py [--rounds 3] [--baseline REV] [--rev REV]

Each round clones the repository (``--rev``, by default ``HEAD``; with
``--baseline``, that revision too, in turn, the order turning round each
round so that drift in the machine's load hits both alike) into a new folder
with a new virtual environment, brings its pip up to date, then times
``pip install .`` there, as a fan does it. Dependency wheels come from pip's
cache once the first round has fetched them. Prints, for each revision, the
wall time and the CPU time (user + system of pip and everything it ran: the
C compiler, mypyc) of every round and their medians, with the load average
before each run. The target: within 60 s on two idle cores.

Each clone also checks that its install compiled every module ``setup.py``
lists (``pachaprint.compiled.compiled_modules``), asked from outside the clone.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHECK = "from pachaprint.compiled import compiled_modules as c; print(len(c()))"


def install(rev: str, folder: Path) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, compiled modules) of ``pip install .`` of ``rev``."""
    clone = folder / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "-q", rev], check=True)
    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip"]
    subprocess.run(
        [*pip, "install", "-q", "--upgrade", "pip"], check=True, stderr=subprocess.DEVNULL
    )
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([*pip, "install", "-q", "."], cwd=clone, check=True, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    found = subprocess.run(
        [str(venv / "bin" / "python"), "-c", CHECK],
        cwd=folder,  # not the clone: there "import pachaprint" finds the sources
        check=True,
        capture_output=True,
        text=True,
    )
    return wall, cpu, int(found.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--rev", default="HEAD", help="the revision to install (default HEAD)")
    parser.add_argument("--baseline", help="another revision, installed in the same rounds")
    args = parser.parse_args()
    revs = [args.rev] + ([args.baseline] if args.baseline else [])
    # (the commits, resolved here: in a clone "HEAD" would be the clone's own)
    revs = [
        subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", rev], check=True, capture_output=True, text=True
        ).stdout.strip()
        for rev in revs
    ]
    names = {rev: rev[:9] for rev in revs}
    results: dict[str, list[tuple[float, float]]] = {rev: [] for rev in revs}
    print(f"{'round':>5}  {'revision':<10} {'load':>5} {'wall s':>7} {'CPU s':>7} {'compiled':>8}")
    for round_ in range(1, args.rounds + 1):
        order = revs if round_ % 2 else revs[::-1]
        for rev in order:
            load = os.getloadavg()[0]
            with tempfile.TemporaryDirectory(prefix="pachaprint-install-") as folder:
                wall, cpu, compiled = install(rev, Path(folder))
            results[rev].append((wall, cpu))
            print(f"{round_:>5}  {names[rev]:<10} {load:5.2f} {wall:7.1f} {cpu:7.1f} {compiled:>8}")
    print()
    for rev in revs:
        walls = [wall for wall, _ in results[rev]]
        cpus = [cpu for _, cpu in results[rev]]
        print(
            f"{names[rev]:<10} median wall {statistics.median(walls):5.1f} s "
            f"(min {min(walls):.1f}, max {max(walls):.1f}), "
            f"median CPU {statistics.median(cpus):5.1f} s"
        )


if __name__ == "__main__":
    main()
