"""Site benchmark: the studio and the table running in the browser (Pyodide in a Web Worker).

    python benchmarks/bench_site.py --pyodide DIR [--edits 20] [--decisions 5] [--runs 3]

The site's pages, assets, code bundle and the runtime from DIR (the npm
package ``pyodide``) are written into a temporary folder and served from
127.0.0.1 as a static host serves them; headless Chromium opens them. Figures:

* **cold load**: a fresh browser profile (nothing cached) opens
  ``studio.html#CODE``; seconds until the checker's verdict is on screen
  (the page answers its first edit from then on). Target: 8 s.
* **warm load**: the same page opened again in that browser, a few seconds
  later (the runtime and its compiled WebAssembly come from the browser's
  caches, the code folder and the snapshot of Python the first visit kept
  from its storage: Python is restored, not started). Target: 2 s.
* **table, cold and warm**: the same for ``table.html#CODE`` until its setup
  form is offered.
* **edit to verdict**: a terrain painted on a long map, or the paint undone, in
  turn; from the click to the verdict drawn (``Studio.latencies``). Target:
  300 ms (median).
* **expert decision**: a competitive game of the expert against a person;
  each of the expert's decisions timed in the page, from the request to its
  answer. Target: 2 s.
* **sizes**: the site without the runtime, and the runtime.

Say the machine's load beside the figures (``uptime``): two cores shared with
other work stretch every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from pachaprint.model.scenario import Scenario  # noqa: E402
from pachaprint.model.sharecode import code_of  # noqa: E402
from pachaprint.site.pages import site_files  # noqa: E402
from pachaprint.site.runtime import runtime_of  # noqa: E402
from tests.browser import start_browser  # noqa: E402
from tests.site import static_server  # noqa: E402

TARGETS = {"cold": 8.0, "warm": 2.0, "edit": 0.300, "expert": 2.0}


def write_site(folder: Path, runtime: str) -> tuple[int, int]:
    """The site's files into ``folder``; (bytes without the runtime, bytes of the runtime)."""
    own = runtime_bytes = 0
    for name, data in site_files(runtime_of(runtime)).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        if name.startswith("site/pyodide/"):
            runtime_bytes += len(data)
        else:
            own += len(data)
    return own, runtime_bytes


def wait(driver, script: str, timeout: float = 300) -> None:
    WebDriverWait(driver, timeout, poll_frequency=0.02).until(lambda d: d.execute_script(script))


VERDICT = "const v = document.getElementById('verdict'); return v && v.dataset.valid === 'true';"
SETUP = "const d = document.getElementById('setup-dialog'); return d && d.open;"


def load(driver, address: str, ready: str) -> float:
    driver.get("about:blank")
    began = time.perf_counter()
    driver.get(address)
    wait(driver, ready)
    spent = time.perf_counter() - began
    steps = driver.execute_script("return Pachaprint.runtimeTimes")
    print(f"    {address.rsplit('/', 1)[1][:12]}: {spent:.1f} s; in the worker (ms): {steps}")
    return spent


def edits(driver, count: int) -> list[float]:
    """Paint a1 Valley and undo it, in turn; each edit's latency in seconds."""
    driver.execute_script("Studio.latencies.length = 0;")
    driver.find_element(By.CSS_SELECTOR, '.tool[data-tool="terrain"][data-value="V"]').click()
    for number in range(count):
        version = driver.execute_script("return Studio.state.version")
        if number % 2 == 0:
            driver.find_element(By.CSS_SELECTOR, '#grid [data-cell="a1"]').click()
        else:
            driver.find_element(By.ID, "undo").click()
        wait(
            driver,
            f"return Studio.state.version > {version} && Studio.latencies.length > {number}",
            60,
        )
    return [entry["ms"] / 1000 for entry in driver.execute_script("return Studio.latencies")]


def expert_decisions(driver, count: int) -> list[float]:
    """The expert's decisions (seat 1) against a person, each timed in the page."""
    return driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        (async () => {
          let answer = await Table.api("/api/new", {mode: "competitive", seats: ["expert", "human"], seed: 11});
          const times = [];
          while (times.length < arguments[0]) {
            const table = answer.table;
            if (table.to_play === "human") {  // the person takes their first legal action
              answer = await Table.api("/api/act", {moment: table.moment, action: table.legal[0].code});
              continue;
            }
            const began = performance.now();
            answer = await Table.api("/api/step", {moment: table.moment});
            times.push((performance.now() - began) / 1000);
          }
          done(times);
        })().catch((e) => done(String(e)));
        """,
        count,
    )


def summary(label: str, values: list[float], target: str) -> str:
    ordered = sorted(values)
    return (
        f"  {label:<28} median {statistics.median(ordered):7.3f} s   min {ordered[0]:7.3f}"
        f"   max {ordered[-1]:7.3f}   (n={len(ordered)}; target {target})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--pyodide", default=os.environ.get("PACHAPRINT_PYODIDE"), required=False)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--decisions", type=int, default=5)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not args.pyodide:
        parser.error("--pyodide DIR (the npm package pyodide) is needed")
    data = json.loads((HERE.parent / "scenarios" / "colca-canyon.json").read_text())
    code = code_of(Scenario.from_dict(data))
    with tempfile.TemporaryDirectory() as folder:
        own, runtime = write_site(Path(folder), args.pyodide)
        print(f"site without the runtime: {own / 1e6:.2f} MB; the runtime: {runtime / 1e6:.2f} MB")
        with static_server(Path(folder)) as url:
            cold = {"studio": [], "table": []}
            warm = {"studio": [], "table": []}
            edit_times: list[float] = []
            expert: list[float] = []
            for run in range(args.runs):
                for page, ready in (("studio", VERDICT), ("table", SETUP)):
                    browser = start_browser()  # a fresh profile: nothing cached
                    try:
                        address = f"{url}{page}.html#{code}" + (
                            "&speed=0" if page == "table" else ""
                        )
                        cold[page].append(load(browser.driver, address, ready))
                        time.sleep(3)  # a person looks at the page before coming back
                        warm[page].append(load(browser.driver, address, ready))
                        if page == "studio" and run == 0:
                            edit_times = edits(browser.driver, args.edits)
                        if page == "table" and run == 0:
                            browser.driver.execute_script(
                                "document.getElementById('setup-dialog').close()"
                            )
                            found = expert_decisions(browser.driver, args.decisions)
                            if isinstance(found, str):
                                raise RuntimeError(found)
                            expert = found
                    finally:
                        browser.quit()
                print(f"run {run + 1}: studio cold {cold['studio'][-1]:.1f} s, warm "
                      f"{warm['studio'][-1]:.1f} s; table cold {cold['table'][-1]:.1f} s, "
                      f"warm {warm['table'][-1]:.1f} s", flush=True)  # fmt: skip
    print(f"load: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
    print(summary("studio, cold load", cold["studio"], "8 s"))
    print(summary("studio, warm load", warm["studio"], "2 s"))
    print(summary("table, cold load", cold["table"], "8 s"))
    print(summary("table, warm load", warm["table"], "2 s"))
    print(summary("edit to verdict", edit_times, "300 ms, median"))
    print(summary("expert decision", expert, "2 s"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
