"""Time the core set's rendering and report its size (run: python benchmarks/bench_render_core.py)."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from pypdf import PdfReader

from pachaprint.pipeline.options import every_paper_and_wheel
from pachaprint.render.core import COMPONENTS, core_pages, render_core
from pachaprint.render.pdf import pdf_bytes
from pachaprint.render.svg import svg_string


def main() -> None:
    settings = every_paper_and_wheel()  # the build's: both papers, both wheel templates
    for component in COMPONENTS:
        start = time.perf_counter()
        drawing = component.drawing(settings, None)
        drawn = time.perf_counter()
        svg = svg_string(drawing)
        written = time.perf_counter()
        pdf = pdf_bytes([drawing])
        done = time.perf_counter()
        print(
            f"{component.stem:16} draw {1000 * (drawn - start):6.1f} ms  svg {1000 * (written - drawn):6.1f} ms "
            f"({len(svg) / 1024:6.1f} KiB)  pdf {1000 * (done - written):6.1f} ms ({len(pdf) / 1024:6.1f} KiB)"
        )
    for paper in ("a4", "letter"):
        start = time.perf_counter()
        pages = core_pages(paper, settings)
        imposed = time.perf_counter()
        data = pdf_bytes(pages, duplex=True)
        done = time.perf_counter()
        print(
            f"pnp {paper:7} {len(pages)} pages: impose {1000 * (imposed - start):6.1f} ms, "
            f"pdf {1000 * (done - imposed):6.1f} ms, {len(data) / 1024:.1f} KiB"
        )
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        paths = render_core(folder, settings)
        elapsed = time.perf_counter() - start
        total = sum(p.stat().st_size for p in paths)
        pnp = [p for p in paths if p.parent.name == "pnp"]
        print(
            f"render_core(both): {len(paths)} files, {total / 1024:.0f} KiB, {elapsed:.2f} s; "
            + ", ".join(
                f"{p.name} {len(PdfReader(p).pages)} pages {p.stat().st_size / 1024:.0f} KiB"
                for p in pnp
            )
        )
        assert all(Path(p).exists() for p in paths)


if __name__ == "__main__":
    main()
