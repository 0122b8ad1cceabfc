"""The fast path (code fastjsonschema generated, shipped) and jsonschema agree on every document.

Valid files take the fast path; any file it rejects is re-checked by
jsonschema for the complete list of errors. If the two ever disagreed, a bad
file could slip through, so hypothesis mutates good scenarios key by key.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pachaprint.check import _scenario_validator
from pachaprint.check.load import _fast_validator, _validator, schema
from pachaprint.check.schema_code import generate_source, schema_hash
from pachaprint.model.text import TEXT_PATTERN, forbidden_characters
from tests.helpers import example

BASES = [
    example("lake-shore"),
    dict(example("high-valley"), solo={"otoma": ["i2", "a1", "b1", "c1", "d1"]}),
]
KEYS = [
    "$schema",
    "format",
    "id",
    "name",
    "author",
    "size",
    "terrain",
    "crops",
    "start",
    "solo",
    "notes",
    "extra",
]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 5)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet="VDFMabcdefghi12345.-xZ\n ", max_size=12),
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(st.sampled_from(["otoma", "x"]), inner, max_size=2)
    ),
    max_leaves=12,
)


def fast_accepts(data) -> bool:
    try:
        _fast_validator()(data)
        return True
    except ValueError:
        return False


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(
    base=st.sampled_from(BASES),
    changes=st.dictionaries(st.sampled_from(KEYS), json_values, max_size=3),
    drop=st.lists(st.sampled_from(KEYS), max_size=2),
)
def test_fast_path_agrees_with_jsonschema(base, changes, drop):
    data = {k: v for k, v in {**base, **changes}.items() if k not in drop}
    assert fast_accepts(data) == _validator().is_valid(data)


def test_both_accept_the_examples_and_reject_a_bad_cell_name():
    for base in BASES:
        assert fast_accepts(base) and _validator().is_valid(base)
    bad = dict(BASES[0], start=["j9"])
    assert not fast_accepts(bad) and not _validator().is_valid(bad)


def test_the_shipped_validator_is_generated_from_the_current_schema():
    # If this fails: python -m pachaprint.check.schema_code
    assert schema_hash(schema()) == _scenario_validator.SCHEMA_CHECKSUM
    assert _fast_validator() is _scenario_validator.validate
    generated = generate_source(schema())
    assert f'SCHEMA_CHECKSUM = "{schema_hash(schema())}"' in generated


def test_no_character_free_text_refuses_is_printable():
    """The shipped validator lets text that str.isprintable() accepts pass the free-text
    pattern without compiling it: sound only while every refused character is unprintable."""
    every = "".join(map(chr, range(0x110000)))
    refused = [c for _, c in forbidden_characters(every)]
    assert len(refused) == 9 + 21 + 33 + 2048 + 2
    assert not any(c.isprintable() for c in refused)
    pattern = _scenario_validator.REGEX_PATTERNS[TEXT_PATTERN]
    assert pattern.search("Colca Canyon, Ñuñoa") and not pattern.search("a\x1bb")
    assert pattern.search("two\nlines\tand a tab") and not pattern.search("\ud800")
