"""Studio benchmark: how long from an edit on a long map to its verdict on screen.

    python benchmarks/bench_studio.py [--scenarios 20] [--edits 12] [--bursts 10] [--no-browser]

Long scenarios from the shipped corpus (``benchmarks/corpus/long.jsonl``, a mix
of difficulties) are opened in the real studio (uvicorn on 127.0.0.1, from a
thread) in headless Chromium. Each gets a seeded series of edits typed on the
grid with the keyboard: a terrain repainted, a crop digit changed or cleared, a
start cell toggled, and every other edit is an undo (Ctrl+Z), so the maps seen
are valid, broken or ambiguous in turn.
Figures, interleaved edit by edit in one run:

* **edit to verdict on screen**: in the page, from the keydown that changes
  the map to the animation frame after the verdict is drawn (grid marks,
  problem list, difficulty); ``Studio.latencies`` records it;
* **check compute**: the library's time inside the server for that verdict
  (``verdict.ms``);
* **server round trip**: the same map posted again to ``/api/check`` from
  Python over a kept-alive connection (the server's part of the latency; the
  library's caches are warm for it).

A second series removes all start cells but one in a single edit (the
heaviest verdict: many crop layers fit and the start cells that settle the map
are worked out). A third types bursts of five keys back to back (as when painting
fast): the studio keeps one check in flight and checks the newest map next, so
every edit's latency counts the wait. The target is a verdict within 100 ms.
"""

from __future__ import annotations

import argparse
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

from pachaprint.studio.server import BackgroundStudio  # noqa: E402
from pachaprint.web.workspace import Workspace  # noqa: E402

CORPUS = HERE / "corpus" / "long.jsonl"
TARGET_MS = 100.0
COLUMNS = "abcdefghi"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def line(label: str, values: list[float]) -> str:
    if not values:
        return f"  {label:<34} (none)"
    within = sum(v <= TARGET_MS for v in values) / len(values)
    return (
        f"  {label:<34} n={len(values):4}  median {statistics.median(values):7.2f} ms  "
        f"p95 {percentile(values, 0.95):7.2f} ms  max {max(values):7.2f} ms  "
        f"within {TARGET_MS:.0f} ms: {within:6.1%}"
    )


class Checker:
    """Posts maps to /api/check on one kept-alive connection."""

    def __init__(self, studio: BackgroundStudio):
        self.connection = http.client.HTTPConnection("127.0.0.1", studio.port)
        self.headers = {
            "Host": f"127.0.0.1:{studio.port}",
            "X-Pachaprint-Token": studio.token,
            "Content-Type": "application/json",
        }

    def check(self, doc: dict) -> tuple[float, dict]:
        body = json.dumps({"scenario": doc}).encode()
        began = time.perf_counter()
        self.connection.request("POST", "/api/check", body=body, headers=self.headers)
        verdict = json.loads(self.connection.getresponse().read())
        return (time.perf_counter() - began) * 1000, verdict


def edit_keys(rng: random.Random, doc: dict) -> tuple[str, str]:
    """(cell, key) for one edit that changes the map."""
    column = rng.randrange(9)
    row = rng.randrange(5)
    name = f"{COLUMNS[column]}{row + 1}"
    kind = rng.choice(("terrain", "terrain", "crop", "crop", "start", "unstart"))
    if kind == "unstart" and doc["start"]:
        return rng.choice(doc["start"]), "s"  # one start cell fewer: often ambiguous
    if kind == "terrain":
        letter = doc["terrain"][row][column]
        return name, rng.choice([t for t in "vdfm" if t.upper() != letter])
    if kind == "crop":
        digit = doc["crops"][row][column]
        return name, rng.choice(
            [d for d in "0123" if d != digit and not (d == "0" and digit == ".")]
        )
    return name, "s"


def run_browser(
    studio: BackgroundStudio, files: list[str], edits: int, bursts: int, seed: int
) -> dict:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    from tests.browser import start_browser

    settled = (
        "const e = document.documentElement;"
        "return e.dataset.ready === 'true' && e.dataset.verdictVersion === e.dataset.docVersion;"
    )
    browser = start_browser()
    driver = browser.driver
    checker = Checker(studio)
    rng = random.Random(seed)
    results: dict[str, list[float]] = {
        "screen": [],
        "round": [],
        "compute": [],
        "burst": [],
        "ambiguous": [],
        "ambiguous compute": [],
    }
    kinds: dict[str, list[float]] = {"valid": [], "not unique": [], "other problems": []}
    try:
        for file in files:
            driver.get("about:blank")  # a fresh page for each scenario
            driver.get(f"{studio.url}#file={file}")
            WebDriverWait(driver, 20).until(lambda d: d.execute_script(settled))
            driver.execute_script("Studio.latencies.length = 0; window.onbeforeunload = null;")
            for number in range(edits):
                doc = driver.execute_script("return Studio.state.doc")
                if number % 2:  # every other edit is an undo: back to the valid map
                    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.CONTROL, "z")
                else:
                    name, key = edit_keys(rng, doc)
                    driver.find_element(By.CSS_SELECTOR, f'.cell[data-cell="{name}"]').send_keys(
                        key
                    )
                WebDriverWait(driver, 20).until(lambda d: d.execute_script(settled))
                WebDriverWait(driver, 5).until(
                    lambda d: d.execute_script("return Studio.latencies.length > 0")
                )
                screen = driver.execute_script("return Studio.latencies.splice(0)")[-1]["ms"]
                results["compute"].append(driver.execute_script("return Studio.verdict.ms"))
                doc = driver.execute_script("return Studio.state.doc")
                round_trip, verdict = checker.check(doc)
                results["screen"].append(screen)
                results["round"].append(round_trip)
                kind = (
                    "valid"
                    if verdict["valid"]
                    else "not unique"
                    if verdict["status"] == "multiple"
                    else "other problems"
                )
                kinds[kind].append(screen)
            # the heaviest verdict: all start cells but one removed in one edit
            # (many crop layers fit; the studio also works out the start cells to offer)
            driver.execute_script(
                "Studio.edit(d => { d.start = d.start.slice(0, 1); delete d.solo; return true; })"
            )
            WebDriverWait(driver, 20).until(lambda d: d.execute_script(settled))
            WebDriverWait(driver, 5).until(
                lambda d: d.execute_script("return Studio.latencies.length > 0")
            )
            results["ambiguous"].append(
                driver.execute_script("return Studio.latencies.splice(0)")[-1]["ms"]
            )
            results["ambiguous compute"].append(driver.execute_script("return Studio.verdict.ms"))
            driver.find_element(By.TAG_NAME, "body").send_keys(Keys.CONTROL, "z")
            WebDriverWait(driver, 20).until(lambda d: d.execute_script(settled))
            driver.execute_script("Studio.latencies.length = 0")
            for _ in range(bursts // max(1, len(files))):
                doc = driver.execute_script("return Studio.state.doc")
                for _ in range(5):
                    name, key = edit_keys(rng, doc)
                    driver.find_element(By.CSS_SELECTOR, f'.cell[data-cell="{name}"]').send_keys(
                        key
                    )
                WebDriverWait(driver, 20).until(lambda d: d.execute_script(settled))
                WebDriverWait(driver, 5).until(
                    lambda d: d.execute_script("return Studio.latencies.length > 0")
                )
                results["burst"] += [
                    e["ms"] for e in driver.execute_script("return Studio.latencies.splice(0)")
                ]
            driver.execute_script("Studio.state.saved = JSON.stringify(Studio.state.doc)")
    finally:
        browser.quit()
    return {"results": results, "kinds": kinds}


def run_server_only(
    studio: BackgroundStudio, docs: list[dict], edits: int, seed: int
) -> list[float]:
    """Round trips alone, edits applied in Python (for machines without Chromium)."""
    checker = Checker(studio)
    rng = random.Random(seed)
    times = []
    for doc in docs:
        for _ in range(edits):
            name, key = edit_keys(rng, doc)
            column, row = COLUMNS.index(name[0]), int(name[1]) - 1
            if key in "vdfm":
                rows = doc["terrain"]
                rows[row] = rows[row][:column] + key.upper() + rows[row][column + 1 :]
            elif key != "s":
                rows = doc["crops"]
                rows[row] = (
                    rows[row][:column] + (key if key != "0" else ".") + rows[row][column + 1 :]
                )
            times.append(checker.check(doc)[0])
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scenarios", type=int, default=20)
    parser.add_argument("--edits", type=int, default=12, help="edits per scenario, one at a time")
    parser.add_argument(
        "--bursts", type=int, default=20, help="bursts of 5 back-to-back keys, in all"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-browser", action="store_true", help="server round trips only")
    args = parser.parse_args()
    docs = [json.loads(text) for text in CORPUS.read_text().splitlines()[: args.scenarios]]
    with tempfile.TemporaryDirectory(prefix="bench-studio-") as folder:
        files = []
        for doc in docs:
            name = f"{doc['id']}.json"
            Path(folder, name).write_text(json.dumps(doc, indent=2) + "\n")
            files.append(name)
        load = os.getloadavg()
        print(
            f"studio benchmark: {len(files)} long scenarios, {os.cpu_count()} cores, "
            f"load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at start"
        )
        began = time.perf_counter()
        with BackgroundStudio(Workspace.open(folder)) as studio:
            if args.no_browser:
                print(
                    line(
                        "server round trip (/api/check)",
                        run_server_only(studio, docs, args.edits, args.seed),
                    )
                )
                return
            measured = run_browser(studio, files, args.edits, args.bursts, args.seed)
        results, kinds = measured["results"], measured["kinds"]
        print(
            f"one edit at a time ({len(results['screen'])} edits, {time.perf_counter() - began:.0f} s):"
        )
        print(line("edit -> verdict on screen", results["screen"]))
        print(line("check compute in the server", results["compute"]))
        print(line("server round trip (same map again)", results["round"]))
        print("edit -> verdict on screen, by the verdict reached:")
        for kind, values in kinds.items():
            print(line(f"  {kind}", values))
        print("one edit leaving a single start cell (not unique; start cells to offer worked out):")
        print(line("edit -> verdict on screen", results["ambiguous"]))
        print(line("check compute in the server", results["ambiguous compute"]))
        print("bursts of 5 keys back to back (each edit until a verdict that includes it):")
        print(line("edit -> verdict on screen", results["burst"]))
        load = os.getloadavg()
        print(f"load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end")


if __name__ == "__main__":
    main()
