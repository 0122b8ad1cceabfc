"""Content hashes that make rebuilds incremental, and a journal that survives a kill.

A build records, per unit of work (a scenario, the core set, a PnP volume),
the hash of everything that went in (input bytes, options, the code and
template fingerprint) and the SHA-256 of every file that came out. A unit is
skipped only when its input hash is unchanged and every output still has the
recorded content: a file damaged in place, even to the same size, is rebuilt.

Each finished unit is also appended at once to a journal beside the manifest
(one JSON line, synced), so a build killed midway keeps the units it finished:
the next build replays the journal and skips them. Saving the manifest at the
end folds the journal in and removes it.

Both files sit in OUT, where anyone may edit them: a unit whose output names
are not plain relative paths inside OUT (:mod:`pachaprint.build.names`) is
dropped at load and listed in :attr:`Manifest.refused`, so no name the build
did not write is ever hashed, replaced or removed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from pachaprint.build.names import unsafe_output_name
from pachaprint.build.staging import replace_file
from pachaprint.model.text import display_path, printable
from pachaprint.resources import schemas_dir, templates_dir

MANIFEST_NAME = ".pachaprint-build.json"
JOURNAL_NAME = ".pachaprint-build.journal"
MANIFEST_FORMAT = "pachaprint-build/2"
_CHUNK = 1 << 20


COMPILED = frozenset({".so", ".pyd", ".dylib", ".dll", ".o", ".pyc", ".pyo"})
"""Suffixes of what an install compiles from the sources (the sources are hashed instead)."""


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Hash of the package's sources, templates and schema: any change reruns everything."""
    return fingerprint(Path(__file__).resolve().parent.parent, templates_dir(), schemas_dir())


def fingerprint(package: Path, templates: Path, schemas: Path) -> str:
    """Hash of every source file of ``package`` and every file of ``templates`` and
    ``schemas``, by name relative to its folder and content.

    Two installs of the same version agree: where the install lives, compiled
    speed-ups (mypyc's, built by another compiler, for another Python, or not at
    all), byte-code caches and hidden files do not count, and the templates and
    schema count once whether they lie inside the package (an ordinary install)
    or beside it (a source checkout).
    """
    digest = hashlib.sha256()
    data_folders = {os.path.realpath(templates), os.path.realpath(schemas)}
    for label, root in (("pachaprint", package), ("templates", templates), ("schemas", schemas)):
        found = []
        for folder, subfolders, names in os.walk(root):
            subfolders[:] = [
                name
                for name in subfolders
                if not name.startswith(".")
                and name != "__pycache__"
                and os.path.realpath(os.path.join(folder, name)) not in data_folders
            ]
            for name in names:
                path = Path(folder, name)
                if name.startswith(".") or path.suffix in COMPILED or not path.is_file():
                    continue
                found.append((path.relative_to(root).as_posix(), path))
        for name, path in sorted(found):
            digest.update(f"{label}/{name}".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def input_hash(*parts: Any) -> str:
    """Hash of the given parts (bytes, or JSON-serialisable values) plus the code fingerprint."""
    digest = hashlib.sha256(code_fingerprint().encode())
    for part in parts:
        digest.update(
            part if isinstance(part, bytes) else json.dumps(part, sort_keys=True).encode()
        )
        digest.update(b"\0")
    return digest.hexdigest()


def file_hash(path: Path) -> str | None:
    """SHA-256 of a regular file's bytes; ``None`` when it is missing, a link or unreadable."""
    try:
        if path.is_symlink() or not path.is_file():
            return None
        digest = hashlib.sha256()
        with open(path, "rb") as handle:
            while chunk := handle.read(_CHUNK):
                digest.update(chunk)
        return digest.hexdigest()
    except OSError:
        return None


def _valid_entry(entry: Any) -> bool:
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("input"), str)
        and isinstance(entry.get("outputs"), dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in entry["outputs"].items())
    )


@dataclass
class Manifest:
    """What the builds of an output folder made, unit by unit."""

    units: dict[str, dict[str, Any]] = field(default_factory=dict)
    journal: Path | None = field(default=None, compare=False)
    """Where :meth:`record` and :meth:`forget` append (``None``: in memory only)."""
    refused: list[str] = field(default_factory=list, compare=False)
    """One message per output name the loaded files held that is not a plain relative path
    inside OUT (its unit was dropped: nothing it names is touched)."""

    def _safe(self, source: Path, unit: str, entry: dict[str, Any]) -> bool:
        """True when every output name of ``entry`` is plain; else each bad name is refused."""
        bad = [
            (name, reason)
            for name in entry["outputs"]
            if (reason := unsafe_output_name(name)) is not None
        ]
        for name, reason in bad:
            self.refused.append(
                f"{display_path(source)}: unit {printable(unit[:100])} names "
                f"{printable(name[:200])} ({reason}): refused, nothing was removed"
            )
        return not bad

    @classmethod
    def load(cls, out_dir: Path) -> Manifest:
        """The manifest of ``out_dir`` with its journal replayed (empty if unreadable)."""
        manifest = cls(journal=out_dir / JOURNAL_NAME)
        source = out_dir / MANIFEST_NAME
        try:
            data = json.loads(source.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None
        if isinstance(data, dict) and data.get("format") == MANIFEST_FORMAT:
            units = data.get("units")
            if isinstance(units, dict):
                manifest.units = {
                    k: v
                    for k, v in units.items()
                    if _valid_entry(v) and manifest._safe(source, k, v)
                }
        manifest._replay(out_dir / JOURNAL_NAME)
        return manifest

    @classmethod
    def fresh(cls, out_dir: Path) -> Manifest:
        """An empty manifest that journals into ``out_dir`` (for ``--force``)."""
        with contextlib.suppress(OSError):
            (out_dir / JOURNAL_NAME).unlink(missing_ok=True)
        return cls(journal=out_dir / JOURNAL_NAME)

    def _replay(self, journal: Path) -> None:
        try:
            lines = journal.read_bytes().splitlines()
        except OSError:
            return
        for line in lines:
            try:
                event = json.loads(line)
            except ValueError:
                continue  # a line cut short by a kill
            if not isinstance(event, dict) or event.get("format") != MANIFEST_FORMAT:
                continue
            unit = event.get("unit")
            if not isinstance(unit, str):
                continue
            if event.get("forget"):
                self.units.pop(unit, None)
            elif _valid_entry(event.get("entry")):
                if self._safe(journal, unit, event["entry"]):
                    self.units[unit] = event["entry"]
                else:
                    self.units.pop(unit, None)

    def _append(self, event: dict[str, Any]) -> None:
        if self.journal is None:
            return
        line = json.dumps({"format": MANIFEST_FORMAT, **event}, sort_keys=True) + "\n"
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
        try:  # best effort: without a journal a killed build only redoes more work
            handle = os.open(self.journal, flags, 0o644)
            try:
                os.write(handle, line.encode("utf-8"))
                os.fsync(handle)
            finally:
                os.close(handle)
        except OSError:
            self.journal = None

    def save(self, out_dir: Path) -> None:
        """Write the manifest (atomically) and drop the journal it now contains."""
        text = (
            json.dumps({"format": MANIFEST_FORMAT, "units": self.units}, indent=1, sort_keys=True)
            + "\n"
        )
        replace_file(out_dir, MANIFEST_NAME, text.encode("utf-8"))
        with contextlib.suppress(OSError):
            (out_dir / JOURNAL_NAME).unlink(missing_ok=True)

    def is_current(self, out_dir: Path, unit: str, digest: str) -> bool:
        """True when ``unit`` was built from ``digest`` and every output still has its recorded content."""
        entry = self.units.get(unit)
        if not entry or entry.get("input") != digest:
            return False
        return all(
            file_hash(out_dir / name) == recorded for name, recorded in entry["outputs"].items()
        )

    def outputs(self, unit: str) -> list[str]:
        """The output names (relative to OUT) recorded for ``unit``."""
        return sorted((self.units.get(unit) or {}).get("outputs", {}))

    def units_named(self, prefix: str) -> list[str]:
        """The recorded units whose name starts with ``prefix``."""
        return sorted(u for u in self.units if u.startswith(prefix))

    def record(self, unit: str, digest: str, outputs: dict[str, str]) -> None:
        """Remember what ``unit`` made (output name relative to OUT -> SHA-256) and journal it."""
        entry = {"input": digest, "outputs": dict(sorted(outputs.items()))}
        self.units[unit] = entry
        self._append({"unit": unit, "entry": entry})

    def forget(self, unit: str) -> None:
        if self.units.pop(unit, None) is not None:
            self._append({"unit": unit, "forget": True})
