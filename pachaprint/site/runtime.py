"""Where the site's pages load Pyodide from (``build --pyodide URL|DIR``), and what the site
is made from besides pachaprint's own files. Light to import: a build with nothing
changed asks :func:`site_digest` (no renderer, no apps load)."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from pachaprint.site.bundle import DISTRIBUTIONS

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


@dataclass(frozen=True)
class Runtime:
    """Where the pages load Pyodide from: ``url`` as the pages name it, and the folder
    copied into the site when it is a local one."""

    url: str
    folder: Path | None = None

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
    parts: list[object] = [runtime.url]
    parts += [[name, metadata.version(name)] for name in DISTRIBUTIONS]
    if runtime.folder is not None:
        parts += [[name, (runtime.folder / name).stat().st_size] for name in RUNTIME_FILES]
    return parts
