"""Writing the site: ``studio.html``, ``table.html`` and ``site/`` (their assets, the worker,
the code bundle and, from a local folder, the Pyodide runtime).

The pages are the local apps' own templates (:class:`~pachaprint.web.assets.AppPage`)
with another head: a Content-Security-Policy in a ``<meta>`` (a static host
sends no headers of ours), and ``<meta name="pachaprint-worker">``, which makes
``apps.js`` talk to the worker instead of a server. By default the runtime is
the pinned Pyodide release from its CDN; :func:`runtime_of` a folder (such as
the npm package ``pyodide``) copies it into ``site/pyodide/`` so that the site
works with no internet. Every file is made from the inputs alone (no date, no
path of this machine): the same inputs give the same bytes.
"""

from __future__ import annotations

import hashlib
import html
from importlib import resources

from pachaprint.site import bundle
from pachaprint.site.runtime import FOLDER, RUNTIME_FILES, Runtime
from pachaprint.studio.page import PAGE as STUDIO
from pachaprint.table.page import PAGE as TABLE
from pachaprint.web.assets import AppPage

PAGES = {"studio.html": ("studio", STUDIO), "table.html": ("table", TABLE)}


def content_security_policy(runtime: Runtime) -> str:
    """What a site page may load: its own files, the runtime (and WebAssembly, which Pyodide
    compiles), a worker made from a blob, pictures from blobs; nothing else."""
    extra = f" {runtime.origin}" if runtime.origin else ""
    return (
        f"default-src 'none'; script-src 'self'{extra} 'wasm-unsafe-eval'; "
        f"connect-src 'self'{extra}; worker-src blob:; style-src 'self'; "
        "img-src 'self' blob: data:; form-action 'self'; base-uri 'none'"
    )


def _attribute(text: str) -> str:
    """``text`` for a double-quoted attribute (its single quotes stay as they are)."""
    return html.escape(text, quote=False).replace('"', "&quot;")


def site_version(code: bytes, worker: bytes) -> str:
    """The site's version, as its pages tell the worker: a digest of the code bundle and the
    worker's script, which name the code folder and the Python snapshot the worker keeps in
    the browser's storage (a new build never restores an old one)."""
    digest = hashlib.sha256()
    for part in (code, worker):
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:20]


def page_html(app: str, page: AppPage, runtime: Runtime, version: str) -> str:
    """A site page (see the module documentation); ``version``: :func:`site_version`."""
    policy = _attribute(content_security_policy(runtime))
    meta = [
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">',
        '<meta name="referrer" content="no-referrer">',
        f'<meta name="pachaprint-worker" content="{FOLDER}/worker.js" data-app="{app}" '
        f'data-runtime="{_attribute(runtime.url)}" data-version="{_attribute(version)}">',
    ]
    return page.site_html(FOLDER, meta)


def _assets() -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    for _, page in PAGES.values():
        for name in sorted(page.asset_names()):
            files[f"{FOLDER}/{name}"] = page.asset(name)[0]
    worker = resources.files("pachaprint.site").joinpath("static/worker.js")
    files[f"{FOLDER}/worker.js"] = worker.read_bytes()
    return files


def site_files(runtime: Runtime) -> dict[str, bytes]:
    """Every file of the site, path (relative to the output folder) -> bytes."""
    files = _assets()
    code = files[f"{FOLDER}/{bundle.NAME}"] = bundle.bundle_bytes()
    version = site_version(code, files[f"{FOLDER}/worker.js"])
    for name, (app, page) in PAGES.items():
        files[name] = page_html(app, page, runtime, version).encode("utf-8")
    if runtime.folder is not None:
        for name in RUNTIME_FILES:
            files[f"{FOLDER}/pyodide/{name}"] = (runtime.folder / name).read_bytes()
    return dict(sorted(files.items()))
