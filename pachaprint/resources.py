"""Locate the data shipped with the package: the JSON Schema and the templates.

In a source checkout they are the repository's ``schemas/`` and ``templates/``
folders; an installed package carries them as ``pachaprint.schemas`` and
``pachaprint.templates`` (see ``pyproject.toml``).
"""

from __future__ import annotations

import importlib
import json
from functools import cache
from pathlib import Path

TYPE_CHECKING = False  # typing is not loaded at run time (start-up time of validate)
if TYPE_CHECKING:
    from typing import Any

_REPO = Path(__file__).resolve().parent.parent

LANGUAGES = ("en", "de", "it", "fr", "es")
"""Every language of the printed words and the digital wheel, in one place. A
language needs its texts in ``templates/reference/<lang>.json``,
``templates/wheel/texts.json`` and ``templates/webwheel/text.json`` (a test
checks each has every key English has); CONTRIBUTING.md says how to add one."""


def _folder(name: str) -> Path:
    local = _REPO / name
    if local.is_dir() and (local / ".pachaprint-data").exists():
        return local
    # The data folders are packages (they hold an __init__.py), so their
    # __path__ is a real folder in an ordinary and in an editable install alike;
    # importlib.resources would cost a few milliseconds of start-up.
    return Path(importlib.import_module(f"pachaprint.{name}").__path__[0])


def templates_dir() -> Path:
    """The folder of template data (geometry, colours, texts, symbols)."""
    return _folder("templates")


def schemas_dir() -> Path:
    return _folder("schemas")


@cache
def load_template(relative: str) -> Any:
    """Parse a JSON template such as ``"wheel/retail.json"``."""
    return json.loads((templates_dir() / relative).read_text(encoding="utf-8"))
