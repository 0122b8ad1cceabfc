"""The code fingerprint: a hash of everything in the package that can change a build's output.

Every unit's input hash includes it (:func:`pachaprint.pipeline.manifest.input_hash`),
so any change to the sources, templates or schema rebuilds everything, and
nothing else does: two installs of the same version share it (compiled
speed-ups, byte-code caches, hidden files and where the install lives do not
count, and the data folders count once wherever they lie).

Hashing every file costs a rebuild with nothing changed most of its time, so a
build remembers, beside the fingerprint, a signature of the files' names,
sizes, times and inodes (:func:`signature`): while the signature is the same,
and no file changed within two seconds of the fingerprint being taken, the
remembered fingerprint stands (as git trusts its index). Any write to a file
moves its change time (``st_ctime``, which no tool sets back), so a file
rewritten with its old size and modification time is still noticed.
"""

from __future__ import annotations

import hashlib
import os
import time
from functools import lru_cache
from pathlib import Path

from pachaprint.resources import schemas_dir, templates_dir

COMPILED = (".so", ".pyd", ".dylib", ".dll", ".o", ".pyc", ".pyo")
"""Suffixes of what an install compiles from the sources (the sources are hashed instead)."""

_RACY_NS = 2_000_000_000
"""Two seconds: coarser than the timestamps of any file system."""

_remembered: dict[str, str] = {}
"""Signature -> fingerprint, as a build's manifest remembers them (:func:`remember`)."""


def code_files(package: Path, templates: Path, schemas: Path) -> list[tuple[str, os.DirEntry[str]]]:
    """``(name, entry)`` of every file the fingerprint covers: ``name`` is ``pachaprint/...``,
    then ``templates/...``, then ``schemas/...`` (with ``/``), sorted within each."""
    every: list[tuple[str, os.DirEntry[str]]] = []
    data_folders = {_identity(templates), _identity(schemas)}
    for label, root in (("pachaprint", package), ("templates", templates), ("schemas", schemas)):
        found: list[tuple[str, os.DirEntry[str]]] = []
        _collect(os.fspath(root), f"{label}/", data_folders, found)
        every += sorted(found, key=lambda item: item[0])
    return every


def _identity(folder: str | os.PathLike[str]) -> tuple[int, int]:
    found = os.stat(folder)
    return found.st_dev, found.st_ino


def _collect(
    folder: str,
    prefix: str,
    data_folders: set[tuple[int, int]],
    found: list[tuple[str, os.DirEntry[str]]],
) -> None:
    """Files under ``folder`` (links to folders are not followed; a link to a file is read),
    skipping hidden names, byte-code caches, compiled files and the data folders (which
    count once, under their own label)."""
    with os.scandir(folder) as entries:
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                continue
            if entry.is_dir(follow_symlinks=False):
                if name != "__pycache__" and _identity(entry.path) not in data_folders:
                    _collect(entry.path, f"{prefix}{name}/", data_folders, found)
            elif not name.endswith(COMPILED) and entry.is_file():
                found.append((prefix + name, entry))


def fingerprint(package: Path, templates: Path, schemas: Path) -> str:
    """Hash of every source file of ``package`` and every file of ``templates`` and
    ``schemas``, by name relative to its folder and content."""
    digest = hashlib.sha256()
    for name, entry in code_files(package, templates, schemas):
        digest.update(name.encode())
        with open(entry.path, "rb") as handle:
            digest.update(handle.read())
    return digest.hexdigest()


def signature(package: Path, templates: Path, schemas: Path) -> tuple[str, int]:
    """A hash of the covered files' names, places, sizes, times and inodes, and the
    latest of their times (ns): what must stay the same for a remembered
    fingerprint to stand."""
    lines = []
    latest = 0
    for name, entry in code_files(package, templates, schemas):
        found = entry.stat()
        latest = max(latest, found.st_mtime_ns, found.st_ctime_ns)
        stamp = f"{entry.path}\0{found.st_size}\0{found.st_mtime_ns}\0{found.st_ctime_ns}"
        lines.append(f"{name}\0{stamp}\0{found.st_ino}\n")
    return hashlib.sha256("".join(lines).encode()).hexdigest(), latest


def _roots() -> tuple[Path, Path, Path]:
    return Path(__file__).resolve().parent.parent, templates_dir(), schemas_dir()


@lru_cache(maxsize=1)
def code_signature() -> tuple[str, int]:
    """:func:`signature` of this install, with the time it was taken (ns)."""
    taken = time.time_ns()
    digest, latest = signature(*_roots())
    return digest, taken if latest < taken - _RACY_NS else 0


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Hash of the package's sources, templates and schema: any change reruns everything.

    The remembered fingerprint of this very signature when a manifest holds one
    (:func:`remember`), else every file hashed."""
    known = _remembered.get(code_signature()[0])
    return known if known is not None else fingerprint(*_roots())


def remember(signature_digest: str, fingerprint_digest: str) -> None:
    """Take ``fingerprint_digest`` as the fingerprint of the files while their signature
    is ``signature_digest`` (read from a manifest: see :func:`settled`)."""
    _remembered[signature_digest] = fingerprint_digest


def settled() -> dict[str, str] | None:
    """What a manifest remembers of this install's code, or ``None`` when a file changed
    within two seconds of now (its fingerprint is then taken afresh next time too)."""
    digest, taken = code_signature()
    if not taken:
        return None
    return {"signature": digest, "fingerprint": code_fingerprint()}
