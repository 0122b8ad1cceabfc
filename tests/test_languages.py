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


TERRAIN_LETTERS = tuple(load_template("palette.json")["terrains"])
"""The terrain letters every kit prints (the scenario file's letters)."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_colour_letters_never_collide_with_terrain_letters(lang: str) -> None:
    """A colour's letter on a tile arrow or a pawn is never read as a terrain (issue 21:
    brown was "M" in Italian and French, like Mountain; green "V" in Spanish, like Valley),
    and no two colours share one. Nor does a two-letter code begin with a terrain letter
    (issue 35: "Mr", "Mn", "Ma", "Mo" read as Mountain beside an M; "Ve", "Vi" as Valley)."""
    letters = load_template(f"reference/{lang}.json")["pawn_letters"]
    upper = [v.upper() for v in letters.values()]
    terrains = {t.upper() for t in TERRAIN_LETTERS}
    assert not set(upper) & terrains, letters
    assert not {code[0] for code in upper} & terrains, letters
    assert len(set(upper)) == len(upper), letters


def _words(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [w for item in value.values() for w in _words(item)]
    if isinstance(value, list):
        return [w for item in value for w in _words(item)]
    return [value] if isinstance(value, str) else []


def _all_words(lang: str) -> str:
    return "\n".join(w for load in TEMPLATES.values() for w in _words(load(lang)))


PUBLISHED = {
    # the German and Italian player aids' terms (our seeds), and what they replace
    "de": (
        [
            "Gaben-Marker",
            "Gaben darbringen",
            "Vielfalt-Scheibe",
            "Boden-Plättchen",
            "Pachamama-Rad",
            "Pflanze",
        ],
        ["Opfer", "opfer", "Vielfaltsstein", "Geländeplättchen", "Ernte"],
    ),
    "it": (
        [
            "gettoni di coltura",
            "Ruota di Pachamama",
            "Divinare",
            "Offerta",
            "Scoperta",
            # issue 35: the published Italian help's board, pawns and first two crops
            "Tabellone",
            "pedine",
            "patata dolce",
            "foglia di coca",
        ],
        ["gettoni offerta", "Gettoni offerta"],
    ),
}


@pytest.mark.parametrize("lang", sorted(PUBLISHED))
def test_the_published_terms(lang: str) -> None:
    words = _all_words(lang)
    used, gone = PUBLISHED[lang]
    for term in used:
        assert term in words, term
    for term in gone:
        assert term not in words, term


def test_in_german_a_scheibe_is_a_diversity_marker_or_a_named_disc() -> None:
    """ "Vielfalt-Scheibe" is the diversity marker: any other disc says which one it is."""
    import re

    for match in re.finditer(r"[\w-]*[Ss]cheibe", _all_words("de")):
        assert (
            match.group(0)
            .lower()
            .rstrip("n")
            .endswith(("vielfalt-scheibe", "szenarioscheibe", "kalibrierscheibe"))
        ), match.group(0)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_has_a_setup_section(lang: str) -> None:
    """Issue 21: the offering supply, the terrain supply from the disc back, the start tiles,
    a random first player and clockwise play are on the card, in every language."""
    steps = load_template(f"reference/{lang}.json")["card"]["setup_steps"]
    assert len(steps) == 4
    assert "{pawns}" in steps[0]
