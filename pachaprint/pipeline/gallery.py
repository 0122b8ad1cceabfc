"""``index.html``: the print-and-play kit first, then one compact card per scenario.

The page opens with the PDFs to print, each as read back from its file
(:mod:`pachaprint.pipeline.printfiles`): page count, what it holds, which pages go
on card and how to print them. Then a card per scenario: its name, size and
difficulty, a line per mode in plain words (:mod:`pachaprint.pipeline.verdicts`),
a thumbnail of the disc back, and a link to its report page
(:mod:`pachaprint.pipeline.report_page`), where the charts and figures are.
Plain HTML and CSS, no script; every text is escaped; the same inputs give
the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from functools import cache
from html import escape
from importlib import resources
from typing import Any
from urllib.parse import quote

from pachaprint.pipeline.printfiles import PART, PrintFile, Section, page_range, ranges_words
from pachaprint.pipeline.verdicts import Verdict, gallery_record

FLIP = {
    "long": "double-sided, flipping on the long edge",
    "short": "double-sided, flipping on the short edge",
    "": "one-sided",
}


def words(text: str) -> str:
    """``text`` escaped, a percent sign kept on the line of its number."""
    return escape(text).replace(" %", "\u00a0%")


@cache
def page_css() -> str:
    """The stylesheet both gallery pages carry inline (``assets/gallery.css``)."""
    return resources.files("pachaprint.pipeline").joinpath("assets/gallery.css").read_text("utf-8")


def html_page(title: str, body: str, header: str) -> str:
    """A whole page: ``header`` (HTML) in the top bar, then ``body``."""
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{page_css()}</style>
</head>
<body>
<header class="top">{header}</header>
<main>
{body}
</main>
<footer>Made with pachaprint. Disc fronts stay hidden behind a click, so nobody sees a map by accident.</footer>
</body>
</html>
"""


# -- the print-and-play PDFs ------------------------------------------------------------
def _kind(pdf: PrintFile) -> str:
    """The file's name without its paper, so that the A4 and Letter files share a block."""
    stem = pdf.href.rsplit("/", 1)[-1]
    for paper in (pdf.paper.lower(), "a4", "letter"):
        stem = stem.replace(f"-{paper}-", "-").replace(f"-{paper}.", ".")
    return stem


def _title(pdf: PrintFile) -> str:
    for cut in (f", {pdf.paper}", f" {pdf.paper}"):
        if cut in pdf.label:
            return pdf.label.replace(cut, "", 1)
    return pdf.label


def disc_wheels(pdf: PrintFile, wheels: Sequence[str]) -> list[str]:
    """The wheel templates whose discs ``pdf`` holds: the one its name ends with, every
    template when each disc has a sheet per template, else the default (first) one."""
    stem = pdf.href.rsplit("/", 1)[-1].removesuffix(".pdf")
    named = [w for w in wheels[1:] if stem.endswith(f"-{w}") or f"-{w}-" in stem]
    if named:
        return named[:1]
    if len(wheels) > 1 and pdf.parts == len(wheels):
        return list(wheels)
    return list(wheels[:1])


def _pieces(titles: Sequence[str]) -> list[str]:
    """The pieces a file's sections hold, each named once: the sheets of one piece
    (``Terrain tiles (1/2), fronts`` and ``(2/2), fronts``) become ``Terrain tiles
    (2 sheets)``; "Page by page" keeps every sheet."""
    sheets: dict[str, int] = {}
    for title in titles:
        part = PART.search(title)
        if part is None:
            sheets.setdefault(title, 1)
        else:
            name = title[: part.start()].rstrip()
            sheets[name] = max(sheets.get(name, 1), int(part.group(2)))
    return [name if n == 1 else f"{name} ({n} sheets)" for name, n in sheets.items()]


def _holds(files: list[PrintFile], wheels: Sequence[str]) -> str:
    """What the file holds: its parts to cut out, or whose discs for which wheel."""
    first = files[0]
    if not first.ids:
        cut = _pieces([s.title for s in first.sections if s.card and s.title])
        return f'<p class="small">{escape(", ".join(cut))}.</p>' if cut else ""
    held = disc_wheels(first, wheels)
    n = len(first.ids)
    text = f"Disc fronts and backs of {n} scenario{'s' if n > 1 else ''}, "
    if len(held) == 1:
        text += f"for the {held[0]} wheel."
    else:
        text += (
            f"for {len(held)} wheels: each scenario has a sheet for the {held[0]} wheel, then "
            + ", then ".join(f"one for {w}" for w in held[1:])
            + "."
        )
    return f'<p class="small">{escape(text)}</p>'


def _how(files: list[PrintFile]) -> str:
    flips = {f.duplex for f in files}
    how = " or ".join(FLIP[flip] for flip in sorted(flips))
    scale = "at 100 % (actual size)"
    if not all(f.actual_size for f in files):
        scale += "; turn off “fit to page”"
    return f'<p class="small"><strong>How:</strong> {words(how)}, {words(scale)}.</p>'


def _paper_table(files: list[PrintFile]) -> str:
    """A column per paper: the file with its pages, then which pages go on card."""
    head = "".join(f'<th scope="col">{escape(f.paper)}</th>' for f in files)
    links = "".join(
        f'<td><a href="{escape(f.href)}">{f.pages} pages</a>'
        f' <span class="muted small">{f.size_bytes / 1e6:.1f} MB</span></td>'
        if not f.problem
        else f"<td>{escape(f.problem)}</td>"
        for f in files
    )
    card = "".join(f"<td>{escape(ranges_words(f.card_pages) or 'none')}</td>" for f in files)
    rows = [
        f'<tr><th scope="row">File</th>{links}</tr>',
        f'<tr><th scope="row">On card</th>{card}</tr>',
    ]
    if any(f.paper_pages for f in files):
        plain = "".join(f"<td>{escape(ranges_words(f.paper_pages) or 'none')}</td>" for f in files)
        rows.append(f'<tr><th scope="row">On plain paper</th>{plain}</tr>')
    return f"<table><tr><th></th>{head}</tr>{''.join(rows)}</table>"


def _section_cells(section: Section | None, held: list[str]) -> list[str]:
    """The pages of ``section``: one range, or one per wheel when its sheets are numbered
    a part per wheel."""
    if section is None:
        return [""] * max(1, len(held))
    if len(held) > 1:
        if len(section.parts) == len(held):
            return [page_range(first, last) for _k, first, last in section.parts]
        return [section.pages] + [""] * (len(held) - 1)
    return [section.pages]


def _page_list(files: list[PrintFile], wheels: Sequence[str], anchors: Set[str]) -> str:
    """Page by page: each section of the first file and its pages in every paper (a column
    per wheel too when a discs file holds several)."""
    first = files[0]
    if not first.sections:
        return ""
    held = disc_wheels(first, wheels) if first.ids and first.parts > 1 else []
    by_title = [{s.title: s for s in f.sections} for f in files]
    mixed = any(not s.card for s in first.sections)  # else every page goes on card
    rows = []
    for section in first.sections:
        title = escape(section.title or "Contents")
        for sid in first.ids:
            if section.title.endswith(f" ({sid})") and sid in anchors:
                name = escape(section.title.removesuffix(f" ({sid})"))
                title = f'<a href="#scenario-{escape(sid)}">{name}</a>'
        cells = "".join(
            f'<td class="pages">{escape(cell)}</td>'
            for sections in by_title
            for cell in _section_cells(sections.get(section.title), held)
        )
        where = f"<td>{'card' if section.card else 'paper'}</td>" if mixed else ""
        rows.append(f"<tr><td>{title}</td>{cells}{where}</tr>")
    head = "".join(
        f'<th scope="col">{escape(f.paper)}{f"<br>{escape(w)}" if w else ""}</th>'
        for f in files
        for w in (held or [""])
    )
    on = '<th scope="col">on</th>' if mixed else ""
    return (
        "<details><summary>Page by page</summary>"
        f'<div class="scroll"><table><tr><th scope="col">holds</th>{head}{on}</tr>'
        f"{''.join(rows)}</table></div></details>"
    )


def print_section(
    prints: list[PrintFile], wheels: Sequence[str], anchors: Set[str] = frozenset()
) -> str:
    """The "Print the kit" section: a block per kind of PDF, a column per paper."""
    if not prints:
        return ""
    groups: dict[str, list[PrintFile]] = {}
    for pdf in prints:
        groups.setdefault(_kind(pdf), []).append(pdf)
    blocks = []
    for kind, files in groups.items():
        blocks.append(
            f'<article class="box pdf" id="pdf-{escape(kind.removesuffix(".pdf"))}">'
            f"<h3>{escape(_title(files[0]))}</h3>"
            f"{_holds(files, wheels)}{_how(files)}{_paper_table(files)}"
            f"{_page_list(files, wheels, anchors)}</article>"
        )
    papers = sorted({f.paper for f in prints})
    choose = f"Pick one paper size ({' or '.join(papers)}). " if len(papers) > 1 else ""
    return (
        '<section id="print" aria-labelledby="print-title">'
        '<h2 id="print-title">Print the kit</h2>'
        f'<p class="lead small">{escape(choose)}Print at 100 % (the bar at the foot of each '
        "page must measure 50 mm): first the contents and the print test on plain paper, "
        "then the pieces on card (160 g/m² or more).</p>"
        f'<div class="grid pdfs">{"".join(blocks)}</div></section>'
    )


# -- the scenarios ----------------------------------------------------------------------
def _verdict_rows(items: list[dict[str, Any]], report_href: str, lineup: str) -> str:
    """A ``<dl>`` with a line per mode; a mode's flags as a marked link to the report."""
    rows = []
    for item in items:
        flags = int(item.get("flags") or 0)
        count = f"{flags} flag{'s' if flags > 1 else ''}"
        mark = (
            f' <a class="badge flag" href="{escape(report_href)}#flags" title="{count}" '
            f'aria-label="{count}">⚑ {flags}</a>'
            if flags
            else ""
        )
        text = item["text"]
        if item["mode"] == "competitive" and item.get("who") and item["who"] != lineup:
            text += f" ({item['who']})"
        rows.append(f"<dt>{escape(item['title'])}{mark}</dt><dd>{words(text)}</dd>")
    return f'<dl class="verdicts">{"".join(rows)}</dl>' if rows else ""


def site_links(code: str | None) -> str:
    """Links to the site's pages with the disc's share code: play it, open it in the studio."""
    if not code:
        return ""
    quoted = escape(quote(code, safe=""))
    return (
        f' · <a href="table.html#{quoted}">Play in the browser</a>'
        f' · <a href="studio.html#{quoted}">Open in the studio</a>'
    )


def _print_links(base: str, wheels: Sequence[str]) -> str:
    """The disc's own PDFs, to print it alone: its front (for the first wheel built; the
    report page links every file) and its back."""
    from pachaprint.render.disc_files import front_file_stem

    front = f"{escape(base)}{front_file_stem(wheels[0] if wheels else 'retail')}.pdf"
    return f'PDF: <a href="{front}">front</a>, <a href="{escape(base)}disc-back.pdf">back</a>'


def scenario_card(
    entry: dict[str, Any],
    lineup: str = "",
    site: bool = False,
    wheels: Sequence[str] = ("retail",),
) -> str:
    """One scenario: thumbnail (opening the disc back large), name, whether the disc is
    valid, size, difficulty, a line per mode, its links (its report, its digital wheel, its
    own PDFs). ``lineup``: the competitive bots every card shares (said once, above the
    cards); ``site``: the site's pages are built (the card links to them); ``wheels``: the
    wheel templates built (the card links the first one's front)."""
    sid = escape(entry["id"])
    if entry.get("failed"):
        problems = "".join(f"<li>{escape(p)}</li>" for p in entry["problems"])
        state = "✖ not valid" if entry.get("invalid") else "not built"
        return (
            f'<article class="box scenario failed" id="scenario-{sid}">'
            f"<h3>{escape(entry.get('name') or entry['id'])}</h3>"
            f'<p class="meta"><span class="badge">{state}</span> {escape(entry["file"])}</p>'
            f"<ul>{problems}</ul></article>"
        )
    record = entry["report"]
    base = f"scenarios/{entry['id']}/"
    report = base + "report.html"
    name = escape(record["name"])
    meta = f"{record['size']} · difficulty {record.get('difficulty') or 'unknown'}"
    site_part = site_links(record.get("code")) if site else ""
    return f"""<article class="box scenario" id="scenario-{sid}">
<a class="thumb" href="#large-{sid}" title="See the disc back large"><img src="{escape(base)}preview-back.png" alt="Disc back of {name} (opens it large)" width="80" height="80" loading="lazy"></a>
<div><h3><a href="{escape(report)}">{name}</a></h3>
<p class="meta"><span class="badge valid">✔ valid</span> {escape(meta)}</p>
<p class="links"><a href="{escape(report)}">Report</a> · <a href="{escape(base)}wheel.html">Digital wheel</a> · {_print_links(base, wheels)}{site_part}</p></div>
{_verdict_rows(record.get("verdicts") or [], report, lineup)}
<div class="large" id="large-{sid}" role="dialog" aria-label="Disc back of {name}, large">
<a class="large-away" href="#scenario-{sid}" tabindex="-1" aria-hidden="true"></a>
<img src="{escape(base)}disc-back.svg" alt="Disc back of {name}" loading="lazy">
<a class="large-close" href="#scenario-{sid}">✕ Close</a>
</div>
</article>"""


def gallery_html(
    entries: list[dict[str, Any]],
    title: str = "pachaprint scenarios",
    prints: list[PrintFile] | None = None,
    wheels: Sequence[str] = ("retail",),
    site: bool = False,
) -> str:
    """The page for ``entries`` (one per scenario: ``id``, ``file``, its :func:`gallery_record`
    as ``report``, or ``failed`` with ``problems``) and the print files ``prints``; ``site``:
    the cards link to the site's studio and table."""
    built = sum(1 for e in entries if not e.get("failed"))
    anchors = {e["id"] for e in entries}
    lineups = {
        v.get("who") or ""
        for e in entries
        if not e.get("failed")
        for v in e["report"].get("verdicts") or []
        if v["mode"] == "competitive"
    }
    lineup = lineups.pop() if len(lineups) == 1 else ""
    cards = "\n".join(scenario_card(e, lineup, site, wheels) for e in entries)
    said = f" Competitive games: {lineup}." if lineup else ""
    header = (
        f"<h1>{escape(title)}</h1><p>{built} of {len(entries)} scenarios built · "
        '<a href="#print">Print the kit</a> · <a href="#scenarios">Scenarios</a></p>'
    )
    body = f"""{print_section(prints or [], wheels, anchors)}
<section id="scenarios" aria-labelledby="scenarios-title">
<h2 id="scenarios-title">Scenarios</h2>
<p class="lead small">Every disc here passed the checker (✔ valid). A line per mode says how the build's bots did: who wins the competitive game, and how often a bot beats the Otoma in solo and co-op. Our strongest bot plays as a person does, not seeing the hidden map; a bot that sees the map shows the most any play could win.{escape(said)} ⚑ counts flags, findings for authors; the report has them, the charts and every figure. Click a disc to see its back large.</p>
<div class="grid">
{cards}
</div>
</section>"""
    return html_page(title, body, header)


__all__ = ["Verdict", "gallery_html", "gallery_record", "html_page", "page_css", "print_section"]
