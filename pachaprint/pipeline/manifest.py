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

Both files sit in OUT, where anyone may edit them: a unit whose record is not
one the build writes, or names a file that unit's layout cannot give
(:mod:`pachaprint.pipeline.layout`: a plain relative path inside OUT, of the
unit's own kind), is dropped at load and listed in :attr:`Manifest.refused`,
so no name the build did not write is ever hashed, replaced or removed. Even
a name that passes is removed only by :meth:`Manifest.remove_outputs`, which
first proves the file there is the very one recorded
(:func:`~pachaprint.pipeline.staging.remove_owned`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pachaprint.model.text import display_path, printable
from pachaprint.pipeline import fingerprint
from pachaprint.pipeline.fingerprint import code_fingerprint
from pachaprint.pipeline.layout import layout_refusal
from pachaprint.pipeline.staging import PlacementError, remove_owned, replace_file

MANIFEST_NAME = ".pachaprint-build.json"
JOURNAL_NAME = ".pachaprint-build.journal"
MANIFEST_FORMAT = "pachaprint-build/2"
_CHUNK = 1 << 20


def replace_if_changed(out_dir: Path, relative: str, data: bytes) -> None:
    """:func:`~pachaprint.pipeline.staging.replace_file` unless ``OUT/relative`` already holds
    exactly ``data`` (a rebuild with nothing changed rewrites nothing)."""
    path = out_dir / relative
    try:
        if _stat(path) is not None and path.read_bytes() == data:
            return
    except OSError:
        pass
    replace_file(out_dir, relative, data)


def input_hash(*parts: Any) -> str:
    """Hash of the given parts (bytes, or JSON-serialisable values) plus the code fingerprint."""
    digest = hashlib.sha256(code_fingerprint().encode())
    for part in parts:
        digest.update(part if isinstance(part, bytes) else _JSON.encode(part).encode())
        digest.update(b"\0")
    return digest.hexdigest()


_JSON = json.JSONEncoder(sort_keys=True)
"""``json.dumps(part, sort_keys=True)``, the encoder made once (a rebuild hashes hundreds of parts)."""


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


_RACY_NS = 2_000_000_000
"""Two seconds: coarser than the timestamps of any file system the build writes to."""


def _stat(path: str | os.PathLike[str]) -> list[int] | None:
    """``[size, modification time, change time (ns), inode]`` of a regular file; ``None``
    for a link or nothing. Any write moves the change time, which no tool sets back."""
    try:
        found = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(found.st_mode):
        return None
    return [found.st_size, found.st_mtime_ns, found.st_ctime_ns, found.st_ino]


def _seen(entry: dict[str, Any]) -> dict[str, Any]:
    """The sizes and times an entry remembers, by output name (``{}`` if not a mapping;
    a value that is not a list of the four numbers :func:`_stat` gives never equals one)."""
    seen = entry.get("seen")
    return seen if isinstance(seen, dict) else {}


_DIGEST = re.compile(r"[0-9a-f]{64}")
"""A SHA-256 as the build records it."""


def _valid_entry(entry: Any) -> bool:
    """True for a unit's record of the shape :meth:`Manifest.record` writes."""
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("input"), str)
        and isinstance(entry.get("outputs"), dict)
        and all(
            isinstance(k, str) and isinstance(v, str) and _DIGEST.fullmatch(v) is not None
            for k, v in entry["outputs"].items()
        )
    )


def _valid_card(card: Any) -> bool:
    """True for a card of the shape :func:`~pachaprint.pipeline.verdicts.gallery_record`
    makes (anything else is read again from the scenario's report)."""

    def text(value: Any, optional: bool = False) -> bool:
        return isinstance(value, str) or (optional and value is None)

    return (
        isinstance(card, dict)
        and text(card.get("name"))
        and text(card.get("size"))
        and text(card.get("author"), optional=True)
        and text(card.get("difficulty"), optional=True)
        and isinstance(card.get("flags"), list)
        and all(text(flag) for flag in card["flags"])
        and isinstance(card.get("verdicts"), list)
        and all(
            isinstance(v, dict)
            and all(text(v.get(key)) for key in ("mode", "title", "text", "who"))
            and type(v.get("flags")) is int
            for v in card["verdicts"]
        )
    )


@dataclass(slots=True)
class Manifest:
    """What the builds of an output folder made, unit by unit: ``units`` maps a unit's
    name to its entry (``input`` digest, ``outputs`` by name, and what :meth:`is_current`
    and :meth:`record` keep beside them). Manifests are equal when their units are."""

    units: dict[str, dict[str, Any]] = field(default_factory=dict)
    journal: Path | None = field(default=None, compare=False)
    """Where :meth:`record` and :meth:`forget` append (``None``: in memory only)."""
    refused: list[str] = field(default_factory=list, init=False, compare=False)
    """One message per output name the loaded files held that is not a plain relative path
    inside OUT (its unit was dropped: nothing it names is touched)."""
    _inputs: dict[str, str] | None = field(default=None, init=False, compare=False, repr=False)
    """Unit by recorded input, made on first use by :meth:`unit_built_from`."""
    _as_read: Any = field(default=None, init=False, compare=False, repr=False)
    """The ``code`` of the file as read, while nothing changed since (``None`` otherwise):
    :meth:`save` then has nothing to write."""

    def _safe(self, source: Path, unit: str, entry: Any) -> bool:
        """True when ``entry`` is a record the build writes and its every output name is one
        the unit's layout gives; else why not is listed in :attr:`refused`."""
        shown = f"{display_path(source)}: unit {printable(unit[:100])}"
        if not _valid_entry(entry):
            self.refused.append(
                f"{shown}: not a record the build writes (an input digest and a SHA-256 "
                "per file): refused, nothing was removed"
            )
            return False
        bad = [
            (name, reason)
            for name in entry["outputs"]
            if (reason := layout_refusal(unit, name)) is not None
        ]
        for name, reason in bad:
            self.refused.append(
                f"{shown} names {printable(name[:200])} ({reason}): refused, nothing was removed"
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
            code = data.get("code")
            if isinstance(code, dict) and all(
                isinstance(code.get(key), str) for key in ("signature", "fingerprint")
            ):
                fingerprint.remember(code["signature"], code["fingerprint"])
            units = data.get("units")
            if isinstance(units, dict):
                manifest.units = {k: v for k, v in units.items() if manifest._safe(source, k, v)}
                if len(manifest.units) == len(units):
                    manifest._as_read = ("code", code)
        if manifest._replay(out_dir / JOURNAL_NAME):
            manifest._as_read = None
        return manifest

    @classmethod
    def fresh(cls, out_dir: Path) -> Manifest:
        """An empty manifest that journals into ``out_dir`` (for ``--force``)."""
        with contextlib.suppress(OSError):
            (out_dir / JOURNAL_NAME).unlink(missing_ok=True)
        return cls(journal=out_dir / JOURNAL_NAME)

    def _replay(self, journal: Path) -> bool:
        """Apply the journal's events; True when it held any line."""
        try:
            lines = journal.read_bytes().splitlines()
        except OSError:
            return False
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
            if event.get("forget") is True:
                self.units.pop(unit, None)
            elif self._safe(journal, unit, event.get("entry")):
                self.units[unit] = event["entry"]
            else:
                self.units.pop(unit, None)
        return bool(lines)

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
        """Write the manifest (atomically, unless it holds this text already) and drop the
        journal it now contains."""
        data: dict[str, Any] = {"format": MANIFEST_FORMAT, "units": self.units}
        code = fingerprint.settled()
        if code is not None:  # (the next build need not hash the code again)
            data["code"] = code
        if self._as_read != ("code", code):
            text = json.dumps(data, indent=1, sort_keys=True) + "\n"
            replace_if_changed(out_dir, MANIFEST_NAME, text.encode("utf-8"))
        with contextlib.suppress(OSError):
            (out_dir / JOURNAL_NAME).unlink(missing_ok=True)

    def is_current(self, out_dir: Path, unit: str, digest: str) -> bool:
        """True when ``unit`` was built from ``digest`` and every output still has its recorded content.

        An output is hashed again unless its size, times and inode are the ones
        seen when its content was last confirmed, and its modification time lies
        well before the confirmation (a change in the same clock tick could keep
        them all: as git does, such a file is hashed again). Confirmed outputs
        have these remembered, so the next build with nothing changed reads no
        output; a file rewritten in place, even to its old size and modification
        time, has a new change time and is read. (When nothing had to be read, the
        entry stays as it was, and so does the manifest's text.)
        """
        entry = self.units.get(unit)
        if not entry or entry.get("input") != digest:
            return False
        checked = time.time_ns()
        seen = _seen(entry)
        before = entry.get("checked")
        settled = before - _RACY_NS if type(before) is int else 0
        confirmed: dict[str, list[int]] = {}
        read = False
        folder = os.path.join(out_dir, "")  # (no Path per output: a rebuild checks hundreds)
        for name, recorded in entry["outputs"].items():
            path = folder + name
            found = _stat(path)
            if found is None:
                return False
            if seen.get(name) != found or found[1] >= settled:
                if file_hash(Path(path)) != recorded:
                    return False
                read = True
            confirmed[name] = found
        if read:
            entry["seen"], entry["checked"] = confirmed, checked
            self._as_read = None
        return True

    def card(self, unit: str) -> dict[str, Any] | None:
        """The ``card`` recorded with ``unit`` (see :meth:`record`), if any."""
        card = (self.units.get(unit) or {}).get("card")
        return card if _valid_card(card) else None

    def unit_built_from(self, digest: str) -> str | None:
        """The unit whose recorded input is ``digest`` (``None`` for none)."""
        if self._inputs is None:
            self._inputs = {entry["input"]: unit for unit, entry in self.units.items()}
        return self._inputs.get(digest)

    def outputs(self, unit: str) -> list[str]:
        """The output names (relative to OUT) recorded for ``unit``."""
        return sorted((self.units.get(unit) or {}).get("outputs", {}))

    def units_named(self, prefix: str) -> list[str]:
        """The recorded units whose name starts with ``prefix``."""
        return sorted(u for u in self.units if u.startswith(prefix))

    def record(
        self, unit: str, digest: str, outputs: dict[str, str], card: dict[str, Any] | None = None
    ) -> None:
        """Remember what ``unit`` made (output name relative to OUT -> SHA-256) and journal it;
        ``card``: what a later build shows of the unit while it stays current (a scenario's
        gallery record, which it would otherwise read from its report)."""
        entry: dict[str, Any] = {"input": digest, "outputs": dict(sorted(outputs.items()))}
        if card is not None:
            entry["card"] = card
        self.units[unit] = entry
        self._inputs = self._as_read = None
        self._append({"unit": unit, "entry": entry})

    def remove_outputs(self, out_dir: Path, unit: str) -> list[str]:
        """Delete the files ``unit`` made, which this build no longer makes (an old volume),
        and forget the unit; returns a message per file kept.

        A file is removed only when it is the very one recorded: a regular file, not a
        link, of one name (no hard link), holding the recorded bytes
        (:func:`~pachaprint.pipeline.staging.remove_owned`); any other is kept and named.
        """
        kept = []
        for name, recorded in sorted((self.units.get(unit) or {}).get("outputs", {}).items()):
            try:
                remove_owned(out_dir, name, recorded)
            except PlacementError as error:
                kept.append(str(error))
            except OSError as error:
                kept.append(
                    f"{display_path(out_dir)}/{printable(name)}: not removed: "
                    f"{error.strerror or error}"
                )
        self.forget(unit)
        return kept

    def forget(self, unit: str) -> None:
        self._inputs = None
        if self.units.pop(unit, None) is not None:
            self._as_read = None
            self._append({"unit": unit, "forget": True})
