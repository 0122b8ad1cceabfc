"""Everyday commands against a bare Python start: start-up, memory, a rebuild.

    .venv/bin/python benchmarks/bench_everyday.py [--rounds 30] [--files 1000,5000]
        [--skip-startup] [--skip-memory] [--skip-build]

Run it with the environment's own interpreter (``.venv/bin/python``, not a
pyenv shim, which adds a shell script to every start); the ``pachaprint``
script beside that interpreter is the one measured. Three parts, each
interleaved round by round with its yardstick so that machine noise hits both
alike (the project machine is shared: the load average is printed beside the
figures):

* start-up: a bare ``python -c "import json"``, then ``pachaprint validate
  one.json``, ``pachaprint validate --format json one.json`` and ``pachaprint
  validate --box unlimited one.json``: median wall and CPU time (user +
  system, of the child process) and the ratio to the bare start;
* memory: ``pachaprint validate --format json DIR`` (and the text format) on
  folders of generated long scenarios (the shipped corpus, repeated under new
  ids), peak resident memory of the process (target: at most 30 MB for 5,000
  files, about flat in the number of files);
* rebuild: ``pachaprint build`` of the shipped library (20 scenarios, 10
  competitive games each, to keep the first build short), then the same build
  again with nothing changed, in its default text format (no terminal: no
  progress bars), with ``-q`` and with ``--format json``: median wall and CPU
  time (target: within 0.3 s), interleaved with the bare start. With
  ``--callgrind``, the instructions each of them runs (``valgrind
  --tool=callgrind``, one run each: immune to the machine's load).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
SCENARIO = REPO / "scenarios" / "colca-canyon.json"
CORPUS = HERE / "corpus" / "long.jsonl"
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
"""The children may cache their compiled modules, as an ordinary install does."""


TIME = Path("/usr/bin/time")
"""GNU time: it reports its child's own peak memory. The peak ``wait4`` gives for a
child of this script counts the pages it shared with this script before ``exec``."""


class Run:
    """One finished child process: wall and CPU seconds, peak memory in MB, its output.

    Peak memory is measured through GNU time (``memory=True``) where it is
    installed, else it is at least this script's own size (see :data:`TIME`).
    """

    def __init__(self, command: list[str], cwd: Path | None = None, memory: bool = False):
        with tempfile.TemporaryFile() as out, tempfile.NamedTemporaryFile("r") as peak:
            if memory and TIME.exists():
                command = [str(TIME), "-f", "%M", "-o", peak.name, *command]
            start = time.perf_counter()
            child = subprocess.Popen(
                command, stdout=out, stderr=subprocess.DEVNULL, cwd=cwd, env=ENV
            )
            _, status, usage = os.wait4(child.pid, 0)
            self.wall = time.perf_counter() - start
            child.returncode = os.waitstatus_to_exitcode(status)
            out.seek(0)
            self.stdout = out.read().decode("utf-8", "replace")
            reported = peak.read().split()
        self.code = child.returncode
        self.cpu = usage.ru_utime + usage.ru_stime
        self.rss_mb = (int(reported[-1]) if reported else usage.ru_maxrss) / 1024


def pachaprint() -> str:
    """The console script installed beside this interpreter."""
    script = Path(sys.executable).with_name("pachaprint")
    if not script.exists():
        raise SystemExit(f"no pachaprint script beside {sys.executable}: pip install -e . first")
    return str(script)


def load() -> str:
    return "load average " + ", ".join(f"{v:.2f}" for v in os.getloadavg())


def table(title: str, samples: dict[str, list[Run]], base: str) -> None:
    wall0 = statistics.median(r.wall for r in samples[base])
    cpu0 = statistics.median(r.cpu for r in samples[base])
    print(f"\n{title} ({load()})")
    print(f"{'command':52} {'wall ms':>8} {'x bare':>7} {'cpu ms':>8} {'x bare':>7} {'MB':>6}")
    for name, runs in samples.items():
        wall = statistics.median(r.wall for r in runs)
        cpu = statistics.median(r.cpu for r in runs)
        rss = max(r.rss_mb for r in runs)
        print(
            f"{name:52} {wall * 1e3:8.1f} {wall / wall0:7.2f} {cpu * 1e3:8.1f} "
            f"{cpu / cpu0:7.2f} {rss:6.1f}"
        )


def interleave(
    commands: dict[str, list[str]], rounds: int, cwd: Path | None = None, memory: bool = False
) -> dict[str, list[Run]]:
    for command in commands.values():  # warm the file cache
        Run(command, cwd)
    samples: dict[str, list[Run]] = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            run = Run(command, cwd, memory)
            if run.code not in (0, 1):
                raise SystemExit(f"{name}: exit {run.code}")
            samples[name].append(run)
    return samples


def startup(rounds: int) -> None:
    tool = pachaprint()
    commands = {
        "python -c 'import json' (bare start)": [sys.executable, "-c", "import json"],
        "pachaprint validate one.json": [tool, "validate", str(SCENARIO)],
        "pachaprint validate --format json one.json": [
            tool,
            "validate",
            "--format",
            "json",
            str(SCENARIO),
        ],
        "pachaprint validate --box unlimited one.json": [
            tool,
            "validate",
            "--box",
            "unlimited",
            str(SCENARIO),
        ],
    }
    table(
        f"start-up, {rounds} interleaved rounds", interleave(commands, rounds), next(iter(commands))
    )


def write_corpus(folder: Path, count: int) -> None:
    lines = CORPUS.read_text(encoding="utf-8").splitlines()
    folder.mkdir()
    for index in range(count):
        data = json.loads(lines[index % len(lines)])
        data["id"] = f"gen-{index:06d}"
        (folder / f"{data['id']}.json").write_text(json.dumps(data), encoding="utf-8")


def memory(counts: list[int], rounds: int) -> None:
    tool = pachaprint()
    with tempfile.TemporaryDirectory() as temporary:
        commands = {"python -c 'import json' (bare start)": [sys.executable, "-c", "import json"]}
        for count in counts:
            folder = Path(temporary) / f"n{count}"
            write_corpus(folder, count)
            commands[f"validate --format json, {count:,} files"] = [
                tool,
                "validate",
                "--format",
                "json",
                str(folder),
            ]
            commands[f"validate (text), {count:,} files"] = [tool, "validate", str(folder)]
        table(
            f"memory, {rounds} interleaved rounds (MB: peak resident memory)",
            interleave(commands, rounds, memory=True),
            next(iter(commands)),
        )


def instructions(command: list[str]) -> int | None:
    """The instructions ``command`` runs, counted by callgrind (``None`` without valgrind)."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "log"
        subprocess.run(
            [
                valgrind,
                "--tool=callgrind",
                f"--callgrind-out-file={folder}/out",
                f"--log-file={log}",
                *command,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=ENV,
            check=False,
        )
        for line in log.read_text().splitlines():
            if "Collected :" in line:
                return int(line.split(":")[-1])
    return None


def rebuild(rounds: int, callgrind: bool) -> None:
    tool = pachaprint()
    with tempfile.TemporaryDirectory() as temporary:
        source, out = Path(temporary) / "scenarios", Path(temporary) / "out"
        shutil.copytree(REPO / "scenarios", source)
        words = ["build", str(source), "--out", str(out), "--games", "10", "--mode", "competitive"]
        build = [tool, *words]
        first = Run([*build, "-q"])
        if first.code != 0:
            raise SystemExit(f"the first build failed (exit {first.code})")
        count = len(list(source.glob("*.json")))
        print(f"\nfirst build of {count} scenarios, 10 games each: {first.wall:.1f} s")
        time.sleep(2.5)  # outputs younger than 2 s are read again (see pipeline/manifest.py)
        Run([*build, "-q"])  # confirms every output once, as any first rebuild does
        commands = {
            "python -c 'import json' (bare start)": [sys.executable, "-c", "import json"],
            "pachaprint build (nothing changed)": build,
            "pachaprint build -q (nothing changed)": [*build, "-q"],
            "pachaprint build --format json (nothing changed)": [*build, "--format", "json"],
        }
        samples = interleave(commands, rounds)
        for run in samples["pachaprint build (nothing changed)"]:
            lines = run.stdout.splitlines()
            if len(lines) != count + 1 or any(": unchanged" not in line for line in lines[:-1]):
                raise SystemExit("a rebuild did work:\n" + run.stdout[-500:])
        table(
            f"rebuild with nothing changed, {rounds} interleaved rounds",
            samples,
            next(iter(commands)),
        )
        if callgrind:
            print(f"\ninstructions (valgrind --tool=callgrind, one run each; {load()})")
            for name, command in commands.items():
                counted = instructions(command)
                shown = f"{counted / 1e6:8.1f} M" if counted is not None else "  (no valgrind)"
                print(f"{name:52} {shown}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--files", default="1000,5000", help="folder sizes for the memory part")
    parser.add_argument("--memory-rounds", type=int, default=3)
    parser.add_argument("--skip-startup", action="store_true")
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument(
        "--callgrind", action="store_true", help="also count the rebuild's instructions"
    )
    args = parser.parse_args()
    print(f"interpreter {sys.executable}; pachaprint {pachaprint()}")
    if not args.skip_startup:
        startup(args.rounds)
    if not args.skip_memory:
        memory([int(n) for n in args.files.split(",") if n], args.memory_rounds)
    if not args.skip_build:
        rebuild(args.rounds, args.callgrind)


if __name__ == "__main__":
    main()
