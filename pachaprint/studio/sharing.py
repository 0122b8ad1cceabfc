"""The studio's share codes: the code of the disc being edited, and a disc from a code or a fan link.

Thin calls into :mod:`pachaprint.share`; the studio encodes and decodes nothing itself.
"""

from __future__ import annotations

from typing import Any

from pachaprint.model.sharecode import code_of
from pachaprint.share.importing import convert
from pachaprint.share.inputs import item_of_text
from pachaprint.studio.authoring import DocumentError, disc_of

MAX_TEXT = 4096
"""A code with a name is under 500 characters, a tiwanaku-app link under 300."""


MAX_BASE = 1000
"""A site's address longer than this is refused (no link, no QR code)."""


def share_document(data: Any, box: str = "retail", base: object = None) -> dict[str, Any]:
    """``{"code": with the name, "disc": without}`` of a valid scenario mapping; with ``base``,
    the address of a published site's folder, also ``links`` to its table and studio with
    the code, and ``qr``, a QR code of the table's link (SVG text)."""
    scenario = disc_of(data, box).scenario
    code = code_of(scenario)
    found: dict[str, Any] = {"code": code, "disc": code_of(scenario, with_name=False)}
    if base is not None:
        folder = site_folder(base)
        links = {"table": f"{folder}table.html#{code}", "studio": f"{folder}studio.html#{code}"}
        found["links"] = links
        found["qr"] = qr_svg(links["table"])
    return found


def site_folder(base: object) -> str:
    """The folder of a site's address (``https://host/kit/studio.html#...`` gives
    ``https://host/kit/``); :class:`DocumentError` for anything but an http(s) address."""
    if not isinstance(base, str) or len(base) > MAX_BASE:
        raise DocumentError("base must be the address of the site (at most 1000 characters)")
    address = base.split("#", 1)[0].split("?", 1)[0]
    scheme = address.split("://", 1)[0] if "://" in address else ""
    if scheme not in ("http", "https") or any(ch in address for ch in ' "<>\\`'):
        raise DocumentError("base must be an http or https address")
    return address.rsplit("/", 1)[0] + "/"


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as a small SVG picture (black on white, with its quiet zone)."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(text, error="m", micro=False).save(
        out, kind="svg", scale=4, border=4, xmldecl=False, title="QR code of the link"
    )
    return out.getvalue().decode("utf-8")


def imported_document(text: Any, box: str = "retail") -> dict[str, Any]:
    """``{"scenario": mapping, "notes": [...]}`` from a share code or a tiwanaku-app link.

    Raises :class:`DocumentError` with the reasons when the text gives no valid disc.
    """
    if not isinstance(text, str) or not text.strip():
        raise DocumentError("type or paste a share code (or a tiwanaku-app link)")
    if len(text) > MAX_TEXT:
        raise DocumentError(f"that is over {MAX_TEXT} characters: no share code is that long")
    item = item_of_text(text)
    if item is None:
        raise DocumentError("that is neither a share code nor a tiwanaku-app link")
    imported = convert(item, box)
    if imported.scenario is None:
        raise DocumentError(
            imported.problems[0] if imported.problems else "no disc in that code",
            [{"rule": "share", "cells": [], "message": p} for p in imported.problems],
        )
    return {"scenario": imported.scenario.to_dict(), "notes": imported.notes}
