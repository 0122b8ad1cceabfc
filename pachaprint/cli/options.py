"""Option value sets shared by the commands (one definition each)."""

from __future__ import annotations

from enum import Enum


class OutputFormat(str, Enum):
    text = "text"
    json = "json"


class BoxLimit(str, Enum):
    retail = "retail"
    unlimited = "unlimited"


class Lang(str, Enum):
    en = "en"
    de = "de"
    it = "it"
    fr = "fr"
    es = "es"


class Paper(str, Enum):
    a4 = "a4"
    letter = "letter"


class PaperChoice(str, Enum):
    a4 = "a4"
    letter = "letter"
    both = "both"


class WheelChoice(str, Enum):
    retail = "retail"
    volvelle45 = "volvelle45"
    both = "both"
