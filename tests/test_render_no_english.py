"""Nothing English is left in another language's kit (issue 21: the disc pages said
"fronts/backs" in the German and Spanish builds).

The words of the English texts (five letters or more) that no text of the other
language uses must not appear anywhere in that language's core PDF or discs PDF.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from pachaprint.model.scenario import Scenario
from pachaprint.render.core import render_core
from pachaprint.render.discs import render_discs
from pachaprint.resources import load_template
from tests.helpers import EXAMPLES, both_wheels, disc_of
from tests.pdftext import page_texts

WORD = re.compile(r"[^\W\d_]{5,}")


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return [value] if isinstance(value, str) else []


def _words(lang: str) -> set[str]:
    texts = _strings(load_template(f"reference/{lang}.json"))
    texts += _strings(load_template("wheel/texts.json")[lang])
    return {w.lower() for text in texts for w in WORD.findall(text)}


def _scenario_words() -> set[str]:
    """Scenario names and ids are the author's words, in any language."""
    found: set[str] = set()
    for name in ("lake-shore", "high-valley"):
        data = json.loads((EXAMPLES / f"{name}.json").read_text())
        found |= {
            w.lower() for w in WORD.findall(f"{data['name']} {data['id']} {data.get('author', '')}")
        }
    return found


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "es"])
def test_no_english_word_in_the_kit(tmp_path, lang):
    english = _words("en") - _words(lang) - _scenario_words() - {"pachaprint", "retail", "volvelle"}
    settings = both_wheels(lang=lang)
    render_core(tmp_path, settings)
    discs = [
        disc_of(Scenario.from_dict(json.loads((EXAMPLES / f"{n}.json").read_text())))
        for n in ("lake-shore", "high-valley")
    ]
    files = [tmp_path / "pnp" / "pachaprint-core-a4.pdf"]
    for wheel in ("retail", "volvelle45"):
        files.append(render_discs(discs, tmp_path / f"discs-{wheel}.pdf", "a4", wheel, settings))
    for path in files:
        for number, text in enumerate(page_texts(path), 1):
            found = {w.lower() for w in WORD.findall(text)} & english
            assert not found, f"{path.name} page {number}: {sorted(found)}"
