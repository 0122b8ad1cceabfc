"""One disc's print files: the renderer's entry point for a checked disc and its print settings.

:func:`disc_files` makes every file of a disc in memory (docs/outputs.md section 1)::

    disc-front.svg / .pdf              the retail template
    disc-front-<template>.svg / .pdf   any other template (``disc-front-volvelle45``)
    disc-back.svg / .pdf
    disc-print-<paper>.pdf             (with ``print_sheet``) the disc ready to print, duplex

and :func:`write_disc_files` writes them into a folder. Nothing here asks the
checker anything: the disc carries its crop layer, grade and share code, the
settings everything about how it is printed (templates, paper, language, ink,
back offset, share URL).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pachaprint.fileio import atomic_write_bytes
from pachaprint.model.disc import Disc
from pachaprint.model.printing import PrintSettings

from . import draw as d
from .components.disc_back import disc_back
from .components.disc_front import disc_front
from .pdf import pdf_bytes
from .sheets import Sheet, document, impose
from .svg import svg_string
from .texts import texts
from .wheel_templates import load_wheel, wheel_names


def front_file_stem(wheel_name: str) -> str:
    """``disc-front`` for the retail template, ``disc-front-<name>`` for any other."""
    return "disc-front" if wheel_name == "retail" else f"disc-front-{wheel_name}"


def disc_faces(disc: Disc, settings: PrintSettings) -> list[tuple[str, d.Drawing]]:
    """``(file stem, drawing)`` for every face of ``disc``: a front per template of
    ``settings``, then the back (at the first template's size)."""
    names = wheel_names(settings.wheels)
    out = [
        (front_file_stem(load_wheel(name).name), disc_front(disc, name, settings)) for name in names
    ]
    out.append(("disc-back", disc_back(disc, names[0], settings)))
    return out


def disc_pieces(disc: Disc, settings: PrintSettings) -> list[d.Piece]:
    """One round piece per template of ``settings``: its front, the disc's back behind it."""
    return [
        d.Piece(
            front=disc_front(disc, name, settings),
            back=disc_back(disc, name, settings),
            cut="circle",
        )
        for name in wheel_names(settings.wheels)
    ]


def disc_print_pages(discs: Sequence[Disc], settings: PrintSettings) -> list[d.Drawing]:
    """Numbered pages on ``settings.paper`` with every template's front of every disc and,
    behind each, its back (long-edge duplex): a disc's own print file and the studio's.

    The kit's discs PDF has one file per template (:func:`pachaprint.render.discs.discs_document`).
    """
    words = texts(settings.lang)
    found: list[Sheet] = []
    for disc in discs:
        pieces = disc_pieces(disc, settings)
        found += impose(pieces, settings.paper, settings, label=disc.title, duplex=True)
    if not found:
        raise ValueError("no scenarios to print")
    title = words["discs"]["title"].format(wheel=", ".join(wheel_names(settings.wheels)))
    return document(found, title, settings, duplex=True)


def disc_print_pdf(disc: Disc, settings: PrintSettings) -> bytes:
    """The disc ready to print on ``settings.paper`` (``disc-print-<paper>.pdf``), with an
    outline entry for the disc, as a discs PDF has one per disc."""
    pages = disc_print_pages([disc], settings)
    return pdf_bytes(pages, title=disc.title, duplex=True, outline=[(disc.title, 0)])


def disc_files(
    disc: Disc, settings: PrintSettings, *, print_sheet: bool = False
) -> dict[str, bytes]:
    """Every file of ``disc``, file name -> bytes, made in memory: each face as SVG and PDF
    and, with ``print_sheet``, ``disc-print-<paper>.pdf``."""
    files: dict[str, bytes] = {}
    for stem, drawing in disc_faces(disc, settings):
        files[f"{stem}.svg"] = svg_string(drawing).encode("utf-8")
        files[f"{stem}.pdf"] = pdf_bytes([drawing], title=f"{disc.title}: {stem}")
    if print_sheet:
        files[f"disc-print-{settings.paper}.pdf"] = disc_print_pdf(disc, settings)
    return files


def write_disc_files(
    disc: Disc,
    settings: PrintSettings,
    out_dir: str | Path,
    *,
    print_sheet: bool = False,
    by_id: bool = False,
) -> list[Path]:
    """Write :func:`disc_files` into ``out_dir``; returns the paths written.

    Every file's bytes are made before the first is written, and each is written
    atomically, so a failure never leaves a half-written file or a half-replaced
    set. With ``by_id`` every name starts with the disc's id (``ID-disc-front.svg``),
    so the discs of several scenarios share one folder.
    """
    files = disc_files(disc, settings, print_sheet=print_sheet)
    prefix = f"{disc.id}-" if by_id else ""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    return [atomic_write_bytes(out / f"{prefix}{name}", data) for name, data in files.items()]


__all__ = [
    "disc_faces",
    "disc_files",
    "disc_pieces",
    "disc_print_pages",
    "disc_print_pdf",
    "front_file_stem",
    "write_disc_files",
]
