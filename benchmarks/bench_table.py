"""Table benchmark: what the page weighs, and how long the server takes per decision.

    python benchmarks/bench_table.py [--games 3]

The table is served from a thread (uvicorn on 127.0.0.1) and played through its
HTTP API over one kept-alive connection, as the page plays it: people choose at
random among the legal actions, bots step. Per mode (a competitive game on a
tiny disc with two people and a greedy bot, a hard solo game, a normal co-op
game with two people and a greedy bot, all on fixture discs), interleaved game
by game:

* **page**: the HTML and its assets, in bytes, raw and gzipped (the page loads
  them once);
* **answer**: bytes of each decision's answer (the story and the whole table,
  with its SVG layers), raw and gzipped;
* **round trip**: wall milliseconds per decision, request to parsed answer
  (median and 90th percentile), and the server's CPU milliseconds per decision
  (``time.process_time`` of the whole process around the game, divided by the
  decisions: client and server share the process, the client's part is small).

The machine is shared: the load (``uptime``) is printed beside the figures.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from pachaprint.model.scenario import Scenario  # noqa: E402
from pachaprint.table.page import PAGE  # noqa: E402
from pachaprint.table.server import BackgroundTable, session_for  # noqa: E402
from pachaprint.table.session import NewGame  # noqa: E402

FIXTURES = HERE.parent / "tests" / "fixtures"


def disc(name: str) -> Scenario:
    data = json.loads((FIXTURES / f"{name}.json").read_text())
    if name == "high-valley":
        data["start"] = ["i2", "a1", "e3", "c5", "h4"]
    return Scenario.from_dict(data)


GAMES = {
    "competitive": ("lake-shore", NewGame("competitive", ("human", "human", "greedy"))),
    "solo": ("high-valley", NewGame("solo", ("human",), "hard")),
    "coop": ("high-valley", NewGame("coop", ("human", "greedy", "human"), "normal")),
}


class Api:
    def __init__(self, port: int, token: str):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.headers = {"X-Pachaprint-Token": token, "Host": f"127.0.0.1:{port}"}

    def call(self, method: str, path: str, body: object = None) -> bytes:
        headers = dict(self.headers)
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        self.connection.request(method, path, data, headers)
        answer = self.connection.getresponse()
        content = answer.read()
        if answer.status != 200:
            raise SystemExit(f"{method} {path}: {answer.status} {content[:200]!r}")
        return content


def page_bytes(api: Api) -> tuple[int, int]:
    parts = [api.call("GET", "/")]
    parts += [api.call("GET", f"/static/{name}") for name in sorted(PAGE.asset_names())]
    return sum(map(len, parts)), sum(len(gzip.compress(p)) for p in parts)


def play(folder: Path, mode: str, seed: int) -> dict[str, list[float]]:
    name, words = GAMES[mode]
    words = NewGame(words.mode, words.seats, words.difficulty, seed=seed)
    figures: dict[str, list[float]] = {"ms": [], "bytes": [], "gzip": [], "cpu": []}
    rng = random.Random(seed)
    with BackgroundTable(session_for(folder, disc(name), words)) as table:
        api = Api(table.port, table.token)
        now = json.loads(api.call("GET", "/api/table"))
        cpu = time.process_time()
        decisions = 0
        while not now["over"]:
            if now["to_play"] == "human":
                code = rng.choice(now["legal"])["code"]
                path, body = "/api/act", {"moment": now["moment"], "action": code}
            else:
                path, body = "/api/step", {"moment": now["moment"]}
            start = time.perf_counter()
            raw = api.call("POST", path, body)
            now = json.loads(raw)["table"]
            figures["ms"].append((time.perf_counter() - start) * 1000)
            figures["bytes"].append(len(raw))
            figures["gzip"].append(len(gzip.compress(raw)))
            decisions += 1
        figures["cpu"].append((time.process_time() - cpu) * 1000 / decisions)
    return figures


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per mode (default 3)")
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    found: dict[str, dict[str, list[float]]] = {m: {} for m in GAMES}
    with tempfile.TemporaryDirectory() as folder:
        name, words = GAMES["competitive"]
        with BackgroundTable(session_for(Path(folder), disc(name), words)) as table:
            raw, packed = page_bytes(Api(table.port, table.token))
        print(f"page and assets: {raw:,} bytes, {packed:,} gzipped")
        for game in range(args.games):
            for mode in GAMES:  # interleaved: one game of each mode in turn
                for key, values in play(Path(folder), mode, 100 + game).items():
                    found[mode].setdefault(key, []).extend(values)
    print(
        f"{'mode':<12} {'decisions':>9} {'ms median':>10} {'ms p90':>8} {'cpu ms':>7}"
        f" {'answer B':>9} {'gzipped':>8}"
    )
    for mode, f in found.items():
        print(
            f"{mode:<12} {len(f['ms']):>9} {statistics.median(f['ms']):>10.1f} {p90(f['ms']):>8.1f}"
            f" {statistics.median(f['cpu']):>7.1f} {statistics.median(f['bytes']):>9,.0f}"
            f" {statistics.median(f['gzip']):>8,.0f}"
        )
    print(f"load: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
