"""A stand-in for ``PIL.Image`` in the site's bundle (see ``shims/README.md``)."""

from __future__ import annotations

from typing import Any


class Image:
    """Never made: pachaprint puts no bitmap into its PDFs."""


def open(*args: Any, **kwargs: Any) -> Image:
    raise NotImplementedError("the site's pachaprint draws no bitmap images (no Pillow here)")


def new(*args: Any, **kwargs: Any) -> Image:
    raise NotImplementedError("the site's pachaprint draws no bitmap images (no Pillow here)")
