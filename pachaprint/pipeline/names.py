"""Which output names the build may act on when it reads them back from its own records.

The manifest and its journal live in OUT, where anyone can edit them (a shared
kit, a zip, a repository's ``output/``). Before the build removes, replaces or
even hashes a file it read from them, the name must be a plain relative path
of the kind the build itself writes: parts separated by ``/``, none empty,
none ``.`` or ``..``, none hidden, no backslash, no drive, no colon, no control
character. Anything else was not written by the build and is refused.
"""

from __future__ import annotations

import re

MAX_NAME = 1024
"""Longer names are refused: the build writes names well under 200 characters."""
_CONTROL = r"[\x00-\x1f\x7f-\x9f]"
_DRIVE = r"^[A-Za-z]:"
"""(Patterns compiled by :mod:`re` on first use: most builds meet only plain names.)"""
_PLAIN = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]*(?:/[A-Za-z0-9_-][A-Za-z0-9._-]*)*")
"""Names of the kind the build writes (``scenarios/sun-gate/disc-back.pdf``): parts of
letters, digits, ``.``, ``_`` and ``-``, none empty or starting with a dot. They pass at
once; any other name goes through every check below."""


def unsafe_output_name(name: object) -> str | None:
    """Why ``name`` is not a plain relative path inside OUT (``it contains '..'``), or ``None``."""
    if not isinstance(name, str):
        return "it is not text"
    if len(name) <= MAX_NAME and _PLAIN.fullmatch(name):
        return None  # (a rebuild reads hundreds of names: most are of this kind)
    if not name:
        return "it is empty"
    if len(name) > MAX_NAME:
        return f"it is over {MAX_NAME} characters long"
    if re.search(_CONTROL, name):
        return "it contains a control character"
    if "\\" in name:
        return "it contains a backslash"
    if name.startswith("/"):
        return "it is absolute"
    if re.match(_DRIVE, name):
        return "it starts with a drive letter"
    if ":" in name:
        return "it contains a colon"
    parts = name.split("/")
    if "" in parts:
        return "it has an empty part"
    if ".." in parts:
        return "it contains '..'"
    if "." in parts:
        return "it contains '.'"
    if any(part.startswith(".") for part in parts):
        return "it names a hidden file or folder"
    return None
