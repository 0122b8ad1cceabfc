"""Reading long share codes and long files of codes takes time in proportion to their length.

    python benchmarks/bench_share_decode.py [--repeat N]

Issue 31 found decoding quadratic: a 400 KB one-line file took 120 s. This
script times, for inputs of 1, 2, 4 and 8 times a size, each best of N runs:

* ``symbols``: base 32 both ways (:func:`~pachaprint.model.base32.number` and
  :func:`~pachaprint.model.base32.digits`) on that many symbols, the work a
  long code would need if nothing refused it first;
* ``decode``: :func:`~pachaprint.model.sharecode.decode` of a code that long
  (refused at once: it is longer than any disc's code);
* ``import``: ``pachaprint import FILE`` of a one-line file that long, in this
  process (refused at once for the same reason).

Linear work doubles with the input; the ratio column says how much each step
took against the one before (about 2 is linear, about 4 quadratic).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from typer.testing import CliRunner  # noqa: E402

from pachaprint.cli import app  # noqa: E402
from pachaprint.model.base32 import ALPHABET, digits, number  # noqa: E402
from pachaprint.model.sharecode import ShareCodeError, decode  # noqa: E402

BASE = 50_000
"""Symbols (or characters) of the smallest input."""


def best(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def symbols(size: int) -> Callable[[], object]:
    values = [random.Random(size).randrange(32) for _ in range(size)]
    return lambda: digits(number(values))


def decoding(size: int) -> Callable[[], object]:
    text = "".join(random.Random(size).choice(ALPHABET) for _ in range(size))

    def work() -> None:
        with contextlib.suppress(ShareCodeError):
            decode(text)

    return work


def importing(size: int, folder: Path) -> Callable[[], object]:
    path = folder / f"code-{size}.txt"
    path.write_text("".join(random.Random(size).choice(ALPHABET) for _ in range(size)) + "\n")
    runner = CliRunner()
    return lambda: runner.invoke(app, ["import", str(path), "-o", str(folder / "out")])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    with tempfile.TemporaryDirectory() as tmp:
        kinds: dict[str, Callable[[int], Callable[[], object]]] = {
            "symbols": symbols,
            "decode": decoding,
            "import": lambda size: importing(size, Path(tmp)),
        }
        print(f"{'input':<8} {'size':>8} {'seconds':>9} {'ratio':>6}")
        for name, make in kinds.items():
            before = None
            for factor in (1, 2, 4, 8):
                size = BASE * factor
                took = best(make(size), repeat)
                ratio = f"{took / before:6.1f}" if before else ""
                print(f"{name:<8} {size:>8,} {took:>9.4f} {ratio:>6}")
                before = took


if __name__ == "__main__":
    main()
