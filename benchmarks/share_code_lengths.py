"""How long are share codes? The chosen format against the one that leaves the crops to a solver.

    python benchmarks/share_code_lengths.py [--corpus N]

For every shipped scenario (and the first N discs of ``benchmarks/corpus/long.jsonl``,
seeded output of ``pachaprint new``) it prints the symbols of the code under two formats:

* **full** (the format pachaprint writes, :mod:`pachaprint.model.sharecode`): the whole crop
  layer as each region's permutation (log2(n!) bits a region), the start cells' crops
  read from it. A page rebuilds the disc without a solver.
* **starts**: only the start cells' crops (log2(region size) bits each); the other crops
  follow from uniqueness, so a reader needs the solver (the digital wheel page would
  need a second solver in JavaScript).

Both count the version symbol and the three check symbols, and leave the name out (the
name part after the ``.`` is the same in both: its UTF-8 bytes in base 32, three check
symbols). Then min / median / max per size, and the name part's length.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from math import ceil, log2
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from pachaprint.model.base32 import CHECK_SYMBOLS  # noqa: E402
from pachaprint.model.scenario import Scenario  # noqa: E402
from pachaprint.model.sharecode import NAME_MARK, code_of, field_bits, shared_disc  # noqa: E402


def lengths(scenario: Scenario) -> tuple[int, int, int]:
    """(full, starts, name part) symbols for a complete, valid scenario."""
    bits = field_bits(shared_disc(scenario))
    full = len(code_of(scenario, with_name=False, group=0))
    sizes = {cell: len(region.cells) for region in scenario.regions for cell in region.cells}
    start_crops = sum(log2(sizes[cell]) for cell in scenario.start_cells)
    starts_only = sum(bits.values()) - bits["crops"] + start_crops
    starts = 1 + ceil(starts_only / 5) + CHECK_SYMBOLS
    name_part = len(code_of(scenario, group=0).partition(NAME_MARK)[2])
    return full, starts, name_part


def spread(values: list[int]) -> str:
    return f"{min(values)} / {statistics.median(values):g} / {max(values)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=int, default=200, help="discs of the corpus to add")
    args = parser.parse_args()
    library = [
        Scenario.from_dict(json.loads(p.read_text(encoding="utf-8")))
        for p in sorted((HERE.parent / "scenarios").glob("*.json"))
    ]
    print(
        f"{'scenario':26} {'size':5} {'starts':>6} {'full':>5} {'starts-only':>11} {'name part':>9}"
    )
    rows: dict[str, list[tuple[int, int, int]]] = {"tiny": [], "long": []}
    for scenario in library:
        full, starts, name_part = lengths(scenario)
        rows[scenario.size].append((full, starts, name_part))
        print(
            f"{scenario.id:26} {scenario.size:5} {len(scenario.start_cells):6} {full:5} {starts:11} {name_part:9}"
        )
    corpus = [
        Scenario.from_dict(json.loads(line))
        for line in (HERE / "corpus" / "long.jsonl").read_text().splitlines()[: args.corpus]
    ]
    print("\nsymbols, min / median / max (version and check included, name part apart)")
    for size, found in rows.items():
        print(
            f"library {size:5} ({len(found):3}): full {spread([f for f, _, _ in found])}, "
            f"starts-only {spread([s for _, s, _ in found])}, name part {spread([n for _, _, n in found])}"
        )
    if corpus:
        found = [lengths(s) for s in corpus]
        print(
            f"corpus  long  ({len(found):3}): full {spread([f for f, _, _ in found])}, "
            f"starts-only {spread([s for _, s, _ in found])}"
        )


if __name__ == "__main__":
    main()
