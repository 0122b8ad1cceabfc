"""What the gallery says about each print-and-play PDF, read from the file the build wrote.

From the PDF itself: its page count, paper (the first page's trim size), the
viewer preferences a print dialog reads (duplex flip edge, print scaling), and
what each page holds. The sections come from the file's outline (bookmarks)
when it has one; otherwise from the label in each page's footer
("pachaprint core set · Terrain tiles (1/2), fronts"), grouped under the
component or scenario named in it; in a double-sided file the back of a sheet
goes with its front. A section goes on card unless it is a page
to read (the contents and the print test, in the build's language) or comes
before the first bookmark. Nothing here knows a file name or a page number.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

PT_MM = 25.4 / 72
PAPERS_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
PART = re.compile(r"\((\d+)/(\d+)\)")
"""``(1/2)`` in a page label: the part of a component spread over several sheets."""


@dataclass(frozen=True)
class Section:
    """Consecutive pages of one PDF that hold one thing (1-based, inclusive)."""

    title: str
    first: int
    last: int
    card: bool
    parts: tuple[tuple[int, int, int], ...] = ()
    """``(part, first, last)`` when the footers number its sheets ``(part/parts)``."""

    @property
    def pages(self) -> str:
        return page_range(self.first, self.last)


@dataclass(frozen=True)
class PrintFile:
    """A print-and-play PDF as read back from disk."""

    href: str
    """The path relative to OUT, with ``/``."""
    label: str
    """The build's name for it, e.g. ``Core set, A4``."""
    ids: tuple[str, ...]
    """The scenarios whose discs it holds."""
    pages: int
    size_bytes: int
    paper: str
    """``A4``, ``Letter`` or the trim size such as ``210 x 148 mm``."""
    duplex: str
    """``long`` or ``short`` (the edge to flip on), or ``""`` (one-sided)."""
    actual_size: bool
    """The file asks print dialogs not to scale it (``PrintScaling /None``)."""
    sections: tuple[Section, ...]
    problem: str = ""
    """Why the file could not be read (then it has no pages)."""

    @property
    def card_pages(self) -> list[tuple[int, int]]:
        return _ranges(self.sections, True)

    @property
    def paper_pages(self) -> list[tuple[int, int]]:
        return _ranges(self.sections, False)

    @property
    def parts(self) -> int:
        """How many parts (``(k/n)``) each section of a discs file has, 0 when it varies."""
        counts = {len(s.parts) for s in self.sections if s.card}
        return counts.pop() if len(counts) == 1 else 0


def page_range(first: int, last: int) -> str:
    """``"5"`` or ``"5-30"`` (an en dash)."""
    return str(first) if first == last else f"{first}\u2013{last}"


def ranges_words(ranges: Sequence[tuple[int, int]]) -> str:
    """``"1-4, 9"`` for page ranges."""
    return ", ".join(page_range(a, b) for a, b in ranges)


def _ranges(sections: Sequence[Section], card: bool) -> list[tuple[int, int]]:
    found: list[tuple[int, int]] = []
    for s in sections:
        if s.card != card:
            continue
        if found and found[-1][1] + 1 == s.first:
            found[-1] = (found[-1][0], s.last)
        else:
            found.append((s.first, s.last))
    return found


@dataclass(frozen=True)
class Words:
    """The names the page labels use, in the build's language."""

    known: tuple[str, ...]
    """Component and scenario names a label may hold, longest first."""
    to_read: frozenset[str]
    """Sections printed on plain paper: read, not cut out."""
    blank: str
    """The label of a blank back."""


def words_for(lang: str, scenarios: Sequence[tuple[str, str]]) -> Words:
    """The names in ``lang``'s texts and ``(id, name)`` of each built scenario."""
    from pachaprint.render.texts import texts

    words = texts(lang)
    to_read = {words["contents"]["label"], words["alignment"]["label"]}
    names = set(words["components"].values()) | to_read
    names |= {f"{name} ({sid})" for sid, name in scenarios}
    return Words(
        tuple(sorted(names, key=lambda n: (-len(n), n))),
        frozenset(to_read),
        words["sheets"]["blank_label"],
    )


def read_print_files(
    out_dir: Path,
    files: Sequence[tuple[str, str, Sequence[str]]],
    lang: str,
    scenarios: Sequence[tuple[str, str]],
) -> list[PrintFile]:
    """Every print file ``(href, label, scenario ids)`` read back; one that cannot be read
    says why. ``scenarios`` are ``(id, name)`` of the built scenarios."""
    import pypdfium2

    words = words_for(lang, scenarios)
    found = []
    for href, label, ids in files:
        try:
            found.append(read_print_file(out_dir, href, label, ids, words))
        except (OSError, pypdfium2.PdfiumError) as exc:
            paper = next((p for p in PAPERS_MM if f"-{p.lower()}" in href), "")
            problem = f"{href} could not be read ({type(exc).__name__}: {exc})"
            found.append(PrintFile(href, label, tuple(ids), 0, 0, paper, "", True, (), problem))
    return found


def read_print_file(
    out_dir: Path, href: str, label: str, ids: Sequence[str], words: Words
) -> PrintFile:
    """``OUT/href`` read back (raises ``OSError`` or ``pypdfium2.PdfiumError`` when it cannot)."""
    import pypdfium2
    import pypdfium2.raw as pdfium

    path = out_dir / href
    document = pypdfium2.PdfDocument(str(path))
    try:
        pages = len(document)
        flip = pdfium.FPDF_VIEWERREF_GetDuplex(document.raw)
        duplex = {pdfium.DuplexFlipLongEdge: "long", pdfium.DuplexFlipShortEdge: "short"}
        scaling = bool(pdfium.FPDF_VIEWERREF_GetPrintScaling(document.raw))
        left, bottom, right, top = document[0].get_trimbox()
        outline = [
            (item.get_title(), dest.get_index())
            for item in document.get_toc()
            if item.level == 0 and (dest := item.get_dest()) is not None
        ]
        outline = [(title, index) for title, index in outline if index is not None]
        if outline:
            sections = _outline_sections(outline, pages, words)
        else:
            title = document.get_metadata_dict().get("Title", "")
            # Double-sided, a sheet's back goes with its front: only the fronts are read
            # (loading a page is most of the time this takes).
            step = 2 if flip in duplex else 1
            labels = [
                _footer_label(document[n], title) if n % step == 0 else "" for n in range(pages)
            ]
            sections = _label_sections(labels, words)
    finally:
        document.close()
    return PrintFile(
        href=href,
        label=label,
        ids=tuple(ids),
        pages=pages,
        size_bytes=path.stat().st_size,
        paper=paper_name((right - left) * PT_MM, (top - bottom) * PT_MM),
        duplex=duplex.get(flip, ""),
        actual_size=not scaling,
        sections=tuple(sections),
    )


def paper_name(width_mm: float, height_mm: float) -> str:
    """``A4``, ``Letter`` (either way round) or ``"210 x 148 mm"``."""
    size = sorted((width_mm, height_mm))
    for name, (w, h) in PAPERS_MM.items():
        if abs(size[0] - w) < 1 and abs(size[1] - h) < 1:
            return name
    return f"{width_mm:.0f} x {height_mm:.0f} mm"


def _outline_sections(outline: list[tuple[str, int]], pages: int, words: Words) -> list[Section]:
    """A section per top-level bookmark; pages before the first are the file's front matter."""
    found = []
    starts = sorted({index for _, index in outline})
    if starts[0] > 0:
        found.append(Section("", 1, starts[0], card=False))
    for title, index in outline:
        if index not in starts:  # a second bookmark on the same page adds nothing
            continue
        starts.remove(index)
        last = starts[0] if starts else pages
        found.append(Section(title, index + 1, last, card=title not in words.to_read))
    return found


def _footer_label(page: object, title: str) -> str:
    """The label after ``title · `` in the page's footer (the lines of the foot band
    before the page-number line), or ``""``."""
    import pypdfium2

    assert isinstance(page, pypdfium2.PdfPage)
    width, _height = page.get_size()
    band = page.get_textpage().get_text_bounded(left=0, bottom=0, right=width, top=72.0)
    lines = [line.strip() for line in band.splitlines() if line.strip()]
    marker = f"{title} · " if title else " · "
    for n, line in enumerate(lines):
        if marker in line:
            rest = lines[n + 1 : -1] if n + 1 < len(lines) else []
            return " ".join([line.split(marker, 1)[1], *rest]).strip()
    return ""


def _title(label: str, known: Sequence[str]) -> str:
    """The stretch of ``label`` from the first known name in it to the end of the last
    ("Crop tiles + Offering tokens" of "Crop tiles + Offering tokens (1/2), fronts");
    the whole label when it holds none."""
    spans: list[tuple[int, int]] = []
    for name in known:  # longest first: a name inside a longer one found is skipped
        start = label.find(name)
        while start >= 0:
            end = start + len(name)
            if not any(a < end and start < b for a, b in spans):
                spans.append((start, end))
            start = label.find(name, end)
    if not spans:
        return label
    return label[min(a for a, _ in spans) : max(b for _, b in spans)]


def _label_sections(labels: list[str], words: Words) -> list[Section]:
    """Consecutive pages whose labels name the same component or scenario; a blank back
    joins the page before it."""
    found: list[Section] = []
    for number, label in enumerate(labels, start=1):
        part = PART.search(label)
        if found and (label == words.blank or not label):
            title = found[-1].title
        else:
            title = _title(label, words.known)
        if found and found[-1].title == title:
            last = found[-1]
            parts = last.parts
            if part:
                k = int(part.group(1))
                if parts and parts[-1][0] == k:
                    parts = (*parts[:-1], (k, parts[-1][1], number))
                else:
                    parts = (*parts, (k, number, number))
            elif parts:
                parts = (*parts[:-1], (parts[-1][0], parts[-1][1], number))
            found[-1] = Section(title, last.first, number, last.card, parts)
        else:
            parts = ((int(part.group(1)), number, number),) if part else ()
            card = title not in words.to_read and title != words.blank
            found.append(Section(title, number, number, card, parts))
    return found
