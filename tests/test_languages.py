"""Every language has every text English has, in every template that holds words."""

from __future__ import annotations

from typing import Any

import pytest

from pachaprint.resources import LANGUAGES, load_template, templates_dir


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


def sections(value: Any, where: str) -> list[tuple[str, dict[str, Any]]]:
    """``(where, object)`` for every object in a template that holds words per language:
    one with an English section (``en``)."""
    if isinstance(value, list):
        return [s for n, item in enumerate(value) for s in sections(item, f"{where}/{n}")]
    if not isinstance(value, dict):
        return []
    found = [(where, value)] if isinstance(value.get("en"), (dict, str)) else []
    return found + [s for key, item in value.items() for s in sections(item, f"{where}/{key}")]


REFERENCE = "reference/<lang>.json"


def worded_templates() -> dict[str, dict[str, Any] | None]:
    """Every template that holds words, found by looking (not from a list a new file could
    miss): where it is -> the object with a section per language, ``None`` for
    ``reference/<lang>.json`` (a file per language)."""
    found: dict[str, dict[str, Any] | None] = {REFERENCE: None}
    root = templates_dir()
    for path in sorted(root.rglob("*.json")):
        relative = path.relative_to(root).as_posix()
        if not relative.startswith("reference/"):
            found.update(sections(load_template(relative), relative))
    return found


WORDED = worded_templates()


def words(template: str, lang: str) -> Any:
    """The words of ``lang`` in a worded template (``None`` where it has none)."""
    holder = WORDED[template]
    if holder is None:
        return load_template(f"reference/{lang}.json")
    return holder.get(lang)


def test_the_worded_templates_are_found() -> None:
    assert set(WORDED) >= {REFERENCE, "wheel/texts.json", "webwheel/text.json"}
    files = sorted(p.stem for p in (templates_dir() / "reference").glob("*.json"))
    assert files == sorted(LANGUAGES)


@pytest.mark.parametrize("template", list(WORDED))
def test_every_language_has_a_section_and_no_other_does(template: str) -> None:
    """A language in the list and not in a template fails here, and so does a section for a
    language the list lacks (a two-letter key beside ``en``)."""
    for lang in LANGUAGES:
        assert words(template, lang) is not None, (template, lang)
    holder = WORDED[template]
    if holder is not None:
        assert {key for key in holder if len(key) == 2} == set(LANGUAGES), template


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("template", list(WORDED))
def test_a_language_has_the_shape_of_english(template: str, lang: str) -> None:
    english, other = words(template, "en"), words(template, lang)
    assert other is not None, (template, lang)
    assert shape(other) == shape(english)
    assert holes(other) == []


TERRAIN_LETTERS = tuple(load_template("palette.json")["terrains"])
"""The terrain letters every kit prints (the scenario file's letters)."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_colour_letters_never_collide_with_terrain_letters(lang: str) -> None:
    """A colour's letter on a tile arrow or a pawn is never read as a terrain (issue 21:
    brown was "M" in Italian and French, like Mountain; green "V" in Spanish, like Valley),
    and no two colours share one."""
    letters = load_template(f"reference/{lang}.json")["pawn_letters"]
    upper = [v.upper() for v in letters.values()]
    assert not set(upper) & {t.upper() for t in TERRAIN_LETTERS}, letters
    assert len(set(upper)) == len(upper), letters


def _words(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [w for item in value.values() for w in _words(item)]
    if isinstance(value, list):
        return [w for item in value for w in _words(item)]
    return [value] if isinstance(value, str) else []


def _all_words(lang: str) -> str:
    return "\n".join(w for template in WORDED for w in _words(words(template, lang)))


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
        ["gettoni di coltura", "Ruota di Pachamama", "Divinare", "Offerta", "Scoperta"],
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
