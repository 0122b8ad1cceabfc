"""Maps in the fan apps' formats, dealt the way those apps deal them.

    python benchmarks/fan_maps.py [--count 300] [--seed 1] [--write DIR]

The fan apps (tiwanaku-app, tiwanaku-web) deal a random map with its whole
crop layer and show a few random cells at the start: tiwanaku-app 2-4 cells
on a small map and 5-7 on a long one, anywhere; tiwanaku-web 3-7 and 5-12,
three quarters of them on the border. We cannot run their code here, so this
script deals maps with pachaprint's own generator (a random terrain and crop
layer) and shows cells by those same counts, written in their formats (a
tiwanaku-app link, a tiwanaku-web board). Then every map goes through
``pachaprint import`` (the library call) and the script prints how many
imported, how many needed added start cells, and how many cells were added.
``--write DIR`` also writes the links (``app-links.txt``) and boards
(``web-boards.json``) for ``pachaprint import`` to read.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pachaprint.check.generate import random_crops, random_terrain
from pachaprint.check.solver import solver_for
from pachaprint.model.board import Board, board_for
from pachaprint.share.fanmaps import APP, APP_TERRAINS, WEB, WEB_TERRAINS
from pachaprint.share.importing import convert
from pachaprint.share.inputs import Item

APP_LETTER = {ours: theirs for theirs, ours in APP_TERRAINS.items()}
WEB_FIELD = {ours: theirs for theirs, ours in WEB_TERRAINS.items()}
APP_SHOWN = {"tiny": (2, 4), "long": (5, 7)}
WEB_SHOWN = {"tiny": (3, 7), "long": (5, 12)}


def deal(board: Board, rng: random.Random) -> tuple[str, tuple[int, ...]]:
    """A random valid terrain map and one complete crop layer for it."""
    while True:
        terrain = random_terrain(board, rng)
        crops = random_crops(solver_for(board, terrain), rng)
        if crops is not None:
            return terrain, crops


def app_link(board: Board, terrain: str, crops: tuple[int, ...], rng: random.Random) -> str:
    low, high = APP_SHOWN[board.size]
    shown = set(rng.sample(list(board.cells), rng.randint(low, high)))
    cells = [
        f"{APP_LETTER[terrain[c]]}{crops[c]}{int(c in shown)}{int(c in shown)}" for c in board.cells
    ]
    return "https://fan.example/?game=" + "-".join(cells)


def web_board(
    board: Board, terrain: str, crops: tuple[int, ...], rng: random.Random
) -> dict[str, Any]:
    low, high = WEB_SHOWN[board.size]
    border = [c for c in board.cells if board.is_edge(c)]
    inner = [c for c in board.cells if not board.is_edge(c)]
    shown: set[int] = set()
    target = rng.randint(low, high)
    while len(shown) < target:
        shown.add(rng.choice(border if rng.random() < 0.76 else inner))
    rows = []
    for row in range(board.height):
        cells = []
        for column in range(board.width):
            c = board.cell(column, row)
            cells.append(
                {
                    "field": WEB_FIELD[terrain[c]],
                    "crop": crops[c],
                    "coordinates": {"x": column, "y": row},
                    "groupId": 0,
                    "hiddenField": c not in shown,
                    "hiddenCrop": c not in shown,
                }
            )
        rows.append(cells)
    counts = {
        name: sum(1 for c in board.cells if terrain[c] == letter)
        for name, letter in WEB_TERRAINS.items()
    }
    return {"board": rows, "hiddenFields": counts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=300, help="maps per app and size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", type=Path, default=None)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    links: list[str] = []
    boards: list[dict[str, Any]] = []
    rows = []
    for kind in (APP, WEB):
        for size in ("tiny", "long"):
            board = board_for(size)
            added, cells, failed, unique = 0, [], 0, 0
            started = time.process_time()
            for _ in range(args.count):
                terrain, crops = deal(board, rng)
                if kind == APP:
                    value: Any = app_link(board, terrain, crops, rng)
                    links.append(value)
                else:
                    value = web_board(board, terrain, crops, rng)
                    boards.append(value)
                result = convert(Item("map", kind, value))
                if result.scenario is None:
                    failed += 1
                elif result.added:
                    added += 1
                    cells.append(len(result.added))
                else:
                    unique += 1
            spent = time.process_time() - started
            rows.append((kind, size, args.count, unique, added, failed, cells, spent))
    print(
        f"{'app':13} {'size':5} {'maps':>5} {'unique':>6} {'added':>6} {'failed':>6} {'cells added (median, max)':>26} {'CPU s/map':>9}"
    )
    for kind, size, count, unique, added, failed, cells, spent in rows:
        spread = f"{statistics.median(cells):.0f}, {max(cells)}" if cells else "-"
        print(
            f"{kind:13} {size:5} {count:5} {unique:6} {added:6} {failed:6} {spread:>26} {spent / count:9.3f}"
        )
    if args.write:
        args.write.mkdir(parents=True, exist_ok=True)
        (args.write / "app-links.txt").write_text("\n".join(links) + "\n", encoding="utf-8")
        (args.write / "web-boards.json").write_text(json.dumps(boards) + "\n", encoding="utf-8")
        print(f"wrote {args.write / 'app-links.txt'} and {args.write / 'web-boards.json'}")


if __name__ == "__main__":
    main()
