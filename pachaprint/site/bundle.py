"""The site's code bundle: pachaprint's pure-Python modules and what they need, as one
gzipped tar.

The worker unpacks it into Pyodide's file system at load (nothing is fetched
from a package index at run time). One gzip stream over a plain tar lets the
worker inflate it with the browser's own ``DecompressionStream`` and read it
while Python is still starting, where unpacking a zip in Python cost the first
visit a third of a second. It holds

* the pachaprint modules the browser runs (not the command line, the build
  pipeline or the site's own packaging), with the templates and the schemas;
* the pure-Python packages they import (:data:`DEPENDENCIES`), copied from this
  install;
* the stand-ins of ``shims/`` for two compiled packages that code never reaches
  (``shims/README.md``).

The archive is deterministic: entries sorted, one fixed time stamp, owner and
mode, one compression level, no name or time in the gzip header, so the same
install gives the same bytes. Its entries are regular files only, in the
POSIX ustar format (a name longer than 100 characters is split into the
header's prefix and name fields), which is all that ``static/worker.js`` reads.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib
import io
import tarfile
from collections.abc import Iterator
from pathlib import Path

from pachaprint.site.runtime import DISTRIBUTIONS

__all__ = ["DEPENDENCIES", "DISTRIBUTIONS", "NAME", "bundle_bytes", "bundle_digest", "bundle_files"]

DEPENDENCIES = (
    "reportlab",
    "svgwrite",
    "segno",
    "jsonschema",
    "jsonschema_specifications",
    "referencing",
    "attr",
    "attrs",
)
"""Top-level packages of this install that the browser's code path imports."""
LEFT_OUT = frozenset({"cli", "pipeline", "shims", "__pycache__"})
"""What of pachaprint the browser never imports: the command line, the build pipeline,
the stand-ins (they go to the top of the bundle) and compiled caches."""
DATA_LEFT_OUT = frozenset({"__pycache__", "icc"})
"""Of the templates, what the browser never reads: the print-shop files' colour profile
(:mod:`pachaprint.render.printshop` needs pikepdf, which the runtime has not)."""
DEPENDENCY_LEFT_OUT = frozenset({"__pycache__", "tests"})
"""Folders of the dependencies the browser never reads."""
FONTS = ("reportlab/fonts/", ("Vera.ttf", "VeraBd.ttf", "bitstream-vera-license.txt"))
"""Of reportlab's fonts, only the typeface every component uses (:mod:`pachaprint.render.fonts`)
and its licence."""
SKIPPED_SUFFIXES = (".pyc", ".pyo", ".so", ".pyd", ".dylib", ".dll", ".c", ".pyi")
ARCHIVE_TIME = 315532800
"""Every entry's time stamp (1980-01-01, as a zip's earliest)."""
NAME = "pachaprint-site.tar.gz"
"""The bundle's file name in the site's folder."""


def _package_folder(name: str) -> Path:
    module = importlib.import_module(name)
    return Path(next(iter(module.__path__)))


def _walk(root: Path, left_out: frozenset[str]) -> Iterator[Path]:
    for path in sorted(root.iterdir()):
        if path.name in left_out or path.name.startswith("."):
            continue
        if path.is_dir():
            yield from _walk(path, left_out)
        elif path.is_file() and not path.name.endswith(SKIPPED_SUFFIXES):
            yield path


def bundle_files() -> dict[str, Path]:
    """Archive name -> file, for every file of the bundle."""
    files: dict[str, Path] = {}
    package = _package_folder("pachaprint")
    for path in _walk(package, LEFT_OUT):
        files["pachaprint/" + path.relative_to(package).as_posix()] = path
    for data in ("templates", "schemas"):
        folder = _package_folder(f"pachaprint.{data}")
        for path in _walk(folder, DATA_LEFT_OUT):
            files[f"pachaprint/{data}/" + path.relative_to(folder).as_posix()] = path
    for name in DEPENDENCIES:
        folder = _package_folder(name)
        for path in _walk(folder, DEPENDENCY_LEFT_OUT):
            member = f"{name}/" + path.relative_to(folder).as_posix()
            if not member.startswith(FONTS[0]) or path.name in FONTS[1]:
                files[member] = path
    shims = Path(__file__).parent / "shims"
    for path in _walk(shims, frozenset({"__pycache__"})):
        if path.parent != shims:  # (the folder's own __init__.py and README.md stay out)
            files[path.relative_to(shims).as_posix()] = path
    return dict(sorted(files.items()))


def bundle_bytes() -> bytes:
    """The gzipped tar (see the module documentation)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for name, path in bundle_files().items():
            data = path.read_bytes()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = ARCHIVE_TIME
            info.mode = 0o644
            archive.addfile(info, io.BytesIO(data))
    packed = io.BytesIO()
    # GzipFile rather than gzip.compress: its header says "unknown" for the system, where
    # zlib's would differ between Windows and the rest.
    with gzip.GzipFile(filename="", mode="wb", fileobj=packed, compresslevel=6, mtime=0) as out:
        out.write(buffer.getvalue())
    return packed.getvalue()


def bundle_digest() -> str:
    """A fingerprint of what the bundle would hold (names and bytes), without packing it."""
    digest = hashlib.sha256()
    for name, path in bundle_files().items():
        digest.update(name.encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()
