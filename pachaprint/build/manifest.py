"""Content hashes that make rebuilds incremental.

A build records, per unit of work (a scenario, the core set, a PnP file), the
hash of everything that went in (input bytes, options, the code and template
fingerprint) and the files that came out. A unit whose input hash is unchanged
and whose outputs are all still there is skipped.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from pachaprint.fileio import atomic_write_text
from pachaprint.resources import schemas_dir, templates_dir

MANIFEST_NAME = ".pachaprint-build.json"
MANIFEST_FORMAT = "pachaprint-build/1"


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Hash of the package's source, templates and schema: any change reruns everything."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent.parent
    roots = [package, templates_dir(), schemas_dir()]
    for root in roots:
        for path in sorted(
            p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts
        ):
            digest.update(str(path.relative_to(root)).encode())
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


@dataclass
class Manifest:
    """What the last build of an output folder made, unit by unit."""

    units: dict[str, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def load(cls, out_dir: Path) -> Manifest:
        try:
            data = json.loads((out_dir / MANIFEST_NAME).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT:
            return cls()
        return cls(units=data.get("units", {}))

    def save(self, out_dir: Path) -> None:
        text = (
            json.dumps({"format": MANIFEST_FORMAT, "units": self.units}, indent=1, sort_keys=True)
            + "\n"
        )
        atomic_write_text(out_dir / MANIFEST_NAME, text)

    def is_current(self, out_dir: Path, unit: str, digest: str) -> bool:
        """True when ``unit`` was built from ``digest`` and its outputs are all present."""
        entry = self.units.get(unit)
        if not entry or entry.get("input") != digest:
            return False
        return all(
            (out_dir / name).is_file() and (out_dir / name).stat().st_size == size
            for name, size in entry.get("outputs", {}).items()
        )

    def record(self, out_dir: Path, unit: str, digest: str, outputs: list[Path]) -> None:
        self.units[unit] = {
            "input": digest,
            "outputs": {
                p.relative_to(out_dir).as_posix(): p.stat().st_size for p in sorted(outputs)
            },
        }

    def forget(self, unit: str) -> None:
        self.units.pop(unit, None)
