"""Where the site's pages load Pyodide from (``build --pyodide URL|DIR``), and what the site
is made from besides pachaprint's own files. Light to import: a build with nothing
changed asks :func:`site_digest` (no renderer, no apps, not even ``dataclasses``,
``typing`` or ``importlib.metadata`` load: ``tests/test_cli_fast_build.py``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

DISTRIBUTIONS = (
    "reportlab",
    "svgwrite",
    "segno",
    "jsonschema",
    "jsonschema-specifications",
    "referencing",
    "attrs",
)
"""The distributions whose packages the code bundle carries (:mod:`pachaprint.site.bundle`):
their versions fingerprint the site."""
PYODIDE_VERSION = "314.0.7"
"""The Pyodide release the pages are made for (its Python runs the code bundle)."""
CDN = f"https://cdn.jsdelivr.net/npm/pyodide@{PYODIDE_VERSION}/"
"""Where the pages load that release from by default: its npm package on jsDelivr."""
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
"""What the worker loads of a runtime folder (the core: interpreter and standard library)."""
FOLDER = "site"
"""The folder, beside the pages, of their assets, the worker, the bundle and the runtime."""


class SiteError(ValueError):
    """A runtime the site cannot use (said in words)."""


class Runtime:
    """Where the pages load Pyodide from: ``url`` as the pages name it, and the folder
    copied into the site when it is a local one. (A value written out by hand, as
    :class:`pachaprint.pipeline.options.BuildOptions` is, to keep this module light.)"""

    __slots__ = ("folder", "url")

    def __init__(self, url: str, folder: Path | None = None) -> None:
        self.url = url
        self.folder = folder

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Runtime):
            return NotImplemented
        return (self.url, self.folder) == (other.url, other.folder)

    def __hash__(self) -> int:
        return hash((self.url, self.folder))

    def __repr__(self) -> str:
        return f"Runtime({self.url!r}, {self.folder!r})"

    @property
    def origin(self) -> str | None:
        """The origin the pages must be allowed to load from (``None``: the site's own)."""
        if self.folder is not None or "://" not in self.url:
            return None
        scheme, _, rest = self.url.partition("://")
        return f"{scheme}://{rest.split('/', 1)[0]}"


def runtime_of(value: str | None) -> Runtime:
    """The runtime ``--pyodide`` names: ``None`` for the pinned release on its CDN, an
    ``https://`` address of a Pyodide release folder, or a local folder holding
    :data:`RUNTIME_FILES` (:class:`SiteError` saying what is missing)."""
    if value is None:
        return Runtime(CDN)
    if value.startswith(("https://", "http://")):
        if any(ch in value for ch in "\"'<> \\"):
            raise SiteError(f"--pyodide: {value!r} is not a usable address")
        return Runtime(value if value.endswith("/") else value + "/")
    folder = Path(value)
    if not folder.is_dir():
        raise SiteError(f"--pyodide: {value} is neither an https:// address nor a folder")
    missing = [name for name in RUNTIME_FILES if not (folder / name).is_file()]
    if missing:
        raise SiteError(
            f"--pyodide: {value} is not a Pyodide runtime folder: it lacks "
            + ", ".join(missing)
            + " (the npm package pyodide has them: npm install pyodide@"
            + PYODIDE_VERSION
            + ")"
        )
    return Runtime(f"{FOLDER}/pyodide/", folder.resolve())


def site_digest(runtime: Runtime) -> list[object]:
    """What the site is made from besides pachaprint's own files (which the build's code
    fingerprint covers), cheap enough for a build with nothing changed: the dependencies'
    versions and the runtime (a folder by its files' sizes)."""
    parts: list[object] = [runtime.url, installed_versions()]
    if runtime.folder is not None:
        parts += [[name, (runtime.folder / name).stat().st_size] for name in RUNTIME_FILES]
    return parts


def installed_versions() -> list[str]:
    """The ``NAME-VERSION.dist-info`` folders of :data:`DISTRIBUTIONS` on the import path,
    sorted: which versions the bundle would carry (read off folder names, without
    ``importlib.metadata``, which costs a rebuild with nothing to do more than it does)."""
    wanted = {name.replace("-", "_").lower() for name in DISTRIBUTIONS}
    found = set()
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.endswith(".dist-info") and name.split("-", 1)[0].lower() in wanted:
                found.add(name)
    return sorted(found)
