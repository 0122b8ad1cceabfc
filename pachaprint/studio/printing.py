"""The renderer's pictures of the scenario being edited: SVG previews, the print PDF, the wheel page.

Thin calls into :mod:`pachaprint.render`; the studio draws nothing itself.
"""

from __future__ import annotations

from pachaprint.model.disc import Disc
from pachaprint.model.printing import PrintSettings, papers
from pachaprint.render.disc_files import disc_faces, disc_files, disc_print_pdf, front_file_stem
from pachaprint.render.svg import svg_string
from pachaprint.render.webwheel import render_webwheel
from pachaprint.resources import shipped_wheels

FILES = ("disc-front.svg", "disc-front.pdf", "disc-back.svg", "disc-back.pdf", "disc-print.pdf")
"""The files of one disc that ``pachaprint render FILE`` writes (a front per wheel template)."""
_rendered: dict[tuple[Disc, PrintSettings], dict[str, bytes]] = {}


def settings_for(paper: str = "a4") -> PrintSettings:
    """The studio's print settings: every shipped template, on ``paper``, in English."""
    return PrintSettings(papers=(paper,), wheels=shipped_wheels())


def preview_svgs(disc: Disc) -> dict[str, str]:
    """File stem -> SVG text: a disc front per shipped template (``disc-front``,
    ``disc-front-volvelle45``), and ``disc-back``."""
    return {stem: svg_string(drawing) for stem, drawing in disc_faces(disc, settings_for())}


def print_pdf(disc: Disc, paper: str) -> bytes:
    """The disc ready to print: every shipped template's front with the back behind each (duplex)."""
    if paper not in papers():
        raise ValueError(f"paper must be {' or '.join(papers())}, not {paper!r}")
    return disc_print_pdf(disc, settings_for(paper))


def wheel_page(disc: Disc) -> str:
    """The digital wheel page (``pachaprint wheel``) of the disc."""
    return render_webwheel(disc)


def print_file_name(disc: Disc, paper: str) -> str:
    return f"{disc.id}-disc-print-{paper}.pdf"


def wheel_file_name(disc: Disc) -> str:
    return f"{disc.id}-wheel.html"


def disc_file(disc: Disc, file: str, wheel: str, paper: str, lang: str) -> tuple[bytes, str]:
    """One file of ``pachaprint render FILE --wheel W --paper P --lang L``, byte for byte
    (the same call makes it): ``(bytes, name)``. ``file`` is one of :data:`FILES`; the disc's
    files are kept for the next request of another one (the last disc only)."""
    if file not in FILES:
        raise ValueError(f"file must be one of {', '.join(FILES)}")
    key = (disc, PrintSettings(papers=(paper,), wheels=(wheel,), lang=lang))
    if key not in _rendered:
        files = disc_files(*key, print_sheet=True)
        _rendered.clear()
        _rendered[key] = files
    stem, _, kind = file.rpartition(".")
    stem = {"disc-front": front_file_stem(wheel), "disc-print": f"disc-print-{paper}"}.get(
        stem, stem
    )
    return _rendered[key][f"{stem}.{kind}"], f"{disc.id}-{stem}.{kind}"
