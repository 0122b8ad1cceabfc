"""Scale benchmark: build a folder of many generated scenarios; time and peak memory.

    python benchmarks/bench_build_scale.py [--scenarios 2000] [--games 10] [--jobs 2]
                                           [--folder DIR] [--compare SRC_DIR] [--rounds 1]

Generates ``--scenarios`` valid scenarios (mixed sizes and difficulties, fixed
seeds) into ``--folder`` (kept for reuse), then runs ``python -m pachaprint
build`` on them in a fresh process and prints the wall time, the largest
single-process peak RSS (as ``/usr/bin/time -v`` reports it), the CPU time of
all its processes, and the peak of
the whole process tree (RSS and PSS summed over the build and its workers,
sampled every 0.2 s), plus the discs PDFs made. With ``--compare SRC_DIR``
(a checkout of another version, e.g. ``git archive main``) both versions run
alternately, ``--rounds`` times each, so the machine's load hits both alike.

Target (issue 16): 2,000 scenarios with peak memory under 300 MB.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
_WRAPPER = (
    "import resource, subprocess, sys; code = subprocess.call(sys.argv[1:]); "
    "r = resource.getrusage(resource.RUSAGE_CHILDREN); "
    "print(code, r.ru_maxrss, r.ru_utime + r.ru_stime, file=sys.stderr)"
)
"""Runs the build; reports its exit code, the largest peak RSS of its process tree (kB) and
the CPU seconds of the whole tree (less sensitive to a shared machine's load than wall time)."""


def make_folder(folder: Path, count: int) -> None:
    from pachaprint.check.generate import generate

    folder.mkdir(parents=True, exist_ok=True)
    levels = ["easy", "medium", "hard"]
    for number in range(count):
        path = folder / f"fan-{number:04d}.json"
        if path.exists():
            continue
        size = "tiny" if number % 4 == 0 else "long"
        made = generate(
            size, 10_000 + number, levels[number % 3], id=f"fan-{number:04d}", name=f"Fan {number}"
        )
        path.write_text(made.scenario.dumps(), encoding="utf-8")


def _tree(root: int) -> list[int]:
    found, index = [root], 0
    while index < len(found):
        pid = found[index]
        index += 1
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children") as handle:
                    found += [int(p) for p in handle.read().split()]
        except OSError:
            continue
    return found


def _memory(pid: int) -> tuple[int, int]:
    """(RSS, PSS) in kB."""
    rss = pss = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            for line in handle:
                if line.startswith("Rss:"):
                    rss = int(line.split()[1])
                elif line.startswith("Pss:"):
                    pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def run(source: Path, folder: Path, games: int, jobs: int) -> dict[str, float]:
    out = Path(tempfile.mkdtemp(prefix="pachaprint-scale-"))
    env = dict(os.environ, PYTHONPATH=str(source))
    command = [
        sys.executable,
        "-m",
        "pachaprint",
        "build",
        str(folder),
        "--out",
        str(out / "out"),
        "--games",
        str(games),
        "--jobs",
        str(jobs),
        "--quiet",
    ]
    peaks = {"rss": 0, "pss": 0}
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", _WRAPPER, *command],
        env=env,
        cwd=source,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )

    def sample() -> None:
        while proc.poll() is None:
            totals = [_memory(pid) for pid in _tree(proc.pid)]
            peaks["rss"] = max(peaks["rss"], sum(r for r, _ in totals))
            peaks["pss"] = max(peaks["pss"], sum(p for _, p in totals))
            time.sleep(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, errors = proc.communicate()
    elapsed = time.perf_counter() - start
    sampler.join()
    lines = errors.strip().splitlines()
    fields = lines[-1].split() if lines else ["-1", "0", "0"]
    code, single, cpu = int(fields[0]), int(fields[1]), float(fields[2])
    discs = sorted(p for p in (out / "out" / "pnp").glob("pachaprint-discs-*.pdf"))
    sizes = [p.stat().st_size for p in discs]
    subprocess.run(["rm", "-rf", str(out)], check=False)
    return {
        "seconds": elapsed,
        "cpu_seconds": cpu,
        "exit": code,
        "max_single_mib": single / 1024,
        "tree_rss_mib": peaks["rss"] / 1024,
        "tree_pss_mib": peaks["pss"] / 1024,
        "discs_files": len(discs),
        "largest_discs_mib": max(sizes, default=0) / 2**20,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--scenarios", type=int, default=2000)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--folder", type=Path, default=Path(tempfile.gettempdir()) / "pachaprint-scale"
    )
    parser.add_argument("--compare", type=Path, help="another source tree to run alternately")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    folder = args.folder / str(args.scenarios)
    make_folder(folder, args.scenarios)
    sources = [("this", REPO)] + ([("compare", args.compare)] if args.compare else [])
    with open("/proc/loadavg") as handle:
        print(f"load average before: {handle.read().split()[:3]}")
    for round_number in range(1, args.rounds + 1):
        for label, source in sources:
            figures = run(source, folder, args.games, args.jobs)
            print(
                f"round {round_number} {label:8}: {figures['seconds']:7.1f} s "
                f"(CPU {figures['cpu_seconds']:7.1f} s), exit {figures['exit']}, "
                f"largest process {figures['max_single_mib']:6.0f} MiB, "
                f"tree peak RSS {figures['tree_rss_mib']:6.0f} MiB / PSS {figures['tree_pss_mib']:6.0f} MiB, "
                f"{figures['discs_files']:.0f} discs PDFs (largest {figures['largest_discs_mib']:.1f} MiB) "
                f"[{args.scenarios} scenarios, --games {args.games}, --jobs {args.jobs}]",
                flush=True,
            )
    with open("/proc/loadavg") as handle:
        print(f"load average after: {handle.read().split()[:3]}")


if __name__ == "__main__":
    main()
