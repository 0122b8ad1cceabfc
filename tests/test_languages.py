"""Every language has every text English has, in every template that holds words."""

from __future__ import annotations

from typing import Any

import pytest

from pachaprint.resources import LANGUAGES, load_template


def shape(value: Any) -> Any:
    """The structure of a text tree: keys of objects, lengths of lists, ``str`` for words."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(item) for item in value]
    return type(value).__name__


def holes(value: Any, where: str = "") -> list[str]:
    """Paths of empty strings (a text nobody wrote)."""
    if isinstance(value, dict):
        return [h for key, item in value.items() for h in holes(item, f"{where}/{key}")]
    if isinstance(value, list):
        return [h for index, item in enumerate(value) for h in holes(item, f"{where}/{index}")]
    return [where] if value == "" else []


TEMPLATES = {
    "reference card and sheets": lambda lang: load_template(f"reference/{lang}.json"),
    "wheel sheet": lambda lang: load_template("wheel/texts.json")[lang],
    "digital wheel": lambda lang: load_template("webwheel/text.json")[lang],
}


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("template", list(TEMPLATES))
def test_a_language_has_the_shape_of_english(template: str, lang: str) -> None:
    english, other = TEMPLATES[template]("en"), TEMPLATES[template](lang)
    assert shape(other) == shape(english)
    assert holes(other) == []
