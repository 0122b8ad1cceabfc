"""SHA-256 of what a build is made from, without loading OpenSSL.

``import hashlib`` loads OpenSSL's library, which costs a rebuild with nothing
changed about a fifth of a bare Python start; the digests it takes (a
scenario file, the options, the code signature: a few kilobytes) need no more
than CPython's own SHA-256, the module ``hashlib`` itself falls back on
without OpenSSL. The same algorithm, so the same digests. Large files (the
outputs) are hashed with ``hashlib``, whose OpenSSL code is faster per byte.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing is not loaded at run time (start-up time of a rebuild)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Protocol

    class Hash(Protocol):
        def update(self, data: bytes, /) -> None: ...

        def hexdigest(self) -> str: ...


def _builtin_sha256() -> Callable[[bytes], Hash]:
    for name in ("_sha256", "_sha2"):  # CPython up to 3.11; from 3.12
        try:
            constructor: Callable[[bytes], Hash] = importlib.import_module(name).sha256
        except (ImportError, AttributeError):
            continue
        return constructor
    import hashlib

    return hashlib.sha256


_SHA256 = _builtin_sha256()


def sha256(data: bytes = b"") -> Hash:
    """A SHA-256 hash object (``update``, ``hexdigest``), fed ``data``."""
    return _SHA256(data)
