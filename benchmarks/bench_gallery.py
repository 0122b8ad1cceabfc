"""Gallery benchmark: the CPU time of the build's last step, the pages for people.

    python benchmarks/bench_gallery.py OUT [--runs 5]

OUT is a built folder (``pachaprint build scenarios/ --out OUT``). Interleaved
in each run: reading every print-and-play PDF back (page count, outline or
footer labels), writing ``index.html``, and writing every ``report.html``. Prints
the median CPU time of each (``time.process_time``, steadier than wall time on a
shared machine) and checks that the index comes out byte-identical every run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

from pachaprint.pipeline.gallery import gallery_html, gallery_record
from pachaprint.pipeline.printfiles import read_print_files
from pachaprint.pipeline.report_page import report_html
from pachaprint.pipeline.volumes import paper_label


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    folders = sorted(p for p in (args.out / "scenarios").iterdir() if p.is_dir())
    reports = [json.loads((f / "report.json").read_text(encoding="utf-8")) for f in folders]
    names = [(r["scenario"], r["name"]) for r in reports]
    pdfs = sorted((args.out / "pnp").glob("*.pdf"))
    files = [
        (
            f"pnp/{p.name}",
            f"{'Core set' if 'core' in p.name else 'Discs'}, {paper_label(p.stem.split('-')[2])}",
            () if "core" in p.name else [i for i, _ in names],
        )
        for p in pdfs
    ]
    pages = 0
    times: dict[str, list[float]] = {"read PDFs": [], "index.html": [], "report pages": []}
    pages_seen: set[bytes] = set()
    for _ in range(args.runs):
        start = time.process_time()
        prints = read_print_files(args.out, files, "en", names)
        times["read PDFs"].append(time.process_time() - start)
        start = time.process_time()
        entries = [
            {"id": r["scenario"], "file": r["file"], "report": gallery_record(r)} for r in reports
        ]
        index = gallery_html(entries, prints=prints, wheels=("retail", "volvelle45"))
        times["index.html"].append(time.process_time() - start)
        start = time.process_time()
        for folder, report in zip(folders, reports, strict=True):
            report_html(report, sorted(p.name for p in folder.iterdir()))
        times["report pages"].append(time.process_time() - start)
        pages = sum(p.pages for p in prints)
        pages_seen.add(index.encode())
    load = os.getloadavg()[0]
    print(f"{len(reports)} scenarios, {len(pdfs)} PDFs of {pages} pages; load {load:.1f}")
    for what, values in times.items():
        print(f"  {what:13} {statistics.median(values) * 1000:7.1f} ms CPU (median of {args.runs})")
    print(f"  index.html identical in every run: {len(pages_seen) == 1}")


if __name__ == "__main__":
    main()
