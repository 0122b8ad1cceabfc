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


def share_document(data: Any, box: str = "retail") -> dict[str, str]:
    """``{"code": with the name, "disc": without}`` of a valid scenario mapping."""
    scenario = disc_of(data, box).scenario
    return {"code": code_of(scenario), "disc": code_of(scenario, with_name=False)}


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
