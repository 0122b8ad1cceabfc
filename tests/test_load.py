"""No input file can make validation raise: each gets a clear json/schema problem."""

from __future__ import annotations

import json

import pytest

from pachaprint.check.validate import validate_bytes, validate_data
from tests.helpers import example

GOOD = example("lake-shore")


def rules_of(report):
    return [p.rule.value for p in report.errors]


@pytest.mark.parametrize(
    "raw,expected",
    [
        (b"", "the file is empty; expected a JSON object"),
        (b"   \n\t", "the file is empty; expected a JSON object"),
        (
            b"\xff\xfe{}",
            "the file is UTF-16 text (little-endian, with a byte-order mark); pachaprint reads"
            " UTF-8: save it as UTF-8",
        ),
        (b"{\xff}", "not UTF-8 text: byte 0xff at line 1 (offset 1) is invalid"),
        (b'{"format": NaN}', "NaN is not allowed in JSON (write a number or a string)"),
        (b'{"format": -Infinity}', "-Infinity is not allowed in JSON (write a number or a string)"),
        (b'{"id": "a", "id": "b"}', "the key 'id' appears twice in one object"),
        (
            b'{\n  "id": "a",\n  oops\n}',
            "line 3 column 3: Expecting property name enclosed in double quotes",
        ),
        (
            b"[" * 200_000 + b"]" * 200_000,
            "the JSON is nested too deeply to read (a scenario, a game log or a board is a few levels deep)",
        ),
    ],
)
def test_unreadable_json(raw, expected):
    report = validate_bytes(raw, "f.json")
    assert rules_of(report) == ["json"]
    assert report.errors[0].message == expected
    assert not report.valid


def test_binary_garbage_and_huge_files():
    garbage = bytes(range(256)) * 20
    assert rules_of(validate_bytes(garbage)) == ["json"]
    huge = json.dumps({"format": "x" * 5_000_000}).encode()
    report = validate_bytes(huge)
    assert rules_of(report) == ["json"]
    assert "a scenario file is at most 1,048,576 bytes" in report.errors[0].message


def test_byte_order_mark_is_accepted():
    raw = b"\xef\xbb\xbf" + json.dumps(GOOD).encode()
    assert validate_bytes(raw).valid


def test_top_level_not_an_object():
    report = validate_bytes(b"[1, 2]")
    assert [(p.rule.value, p.pointer) for p in report.errors] == [("schema", "")]
    assert report.errors[0].message == "(top level): must be an object, not an array"


def test_keys_of_digits_that_are_no_number_are_named_in_order():
    """Keys such as "¹" (a digit to str.isdigit, no number to int) are sorted with the other
    names, after the array indexes (Hypothesis found "¹" in a game log's scenario)."""
    data = dict(GOOD, **{"¹": None, "٣": None, "start": ["a1", 7]})
    report = validate_data(data, "f.json")
    assert [(p.pointer, p.message) for p in report.errors] == [
        ("/start/1", "/start/1: must be a string, not a whole number"),
        ("/¹", f"/¹: unknown key '¹' (allowed: {ALLOWED})"),
        ("/٣", f"/٣: unknown key '٣' (allowed: {ALLOWED})"),
    ]


ALLOWED = "$schema, author, crops, format, id, name, notes, size, solo, start, terrain"


WRONG_VALUES = [1, 1.5, True, None, "x", [], {}, [1], ["x" * 3]]


@pytest.mark.parametrize(
    "key", ["format", "id", "name", "author", "size", "terrain", "crops", "start", "solo", "notes"]
)
@pytest.mark.parametrize("value", WRONG_VALUES, ids=repr)
def test_wrong_types_at_every_key(key, value):
    data = dict(GOOD, **{key: value})
    report = validate_data(data, "f.json")
    problems = report.errors
    if problems:
        assert {p.rule.value for p in problems} <= {"schema", "dimensions"}
        assert all(p.pointer is not None for p in problems)
        schema_pointers = [p.pointer for p in problems if p.rule.value == "schema"]
        assert all(ptr == f"/{key}" or ptr.startswith(f"/{key}/") for ptr in schema_pointers)
    else:
        # Only values that really fit can pass: "x" is a fine id, name, author or note.
        assert key in ("id", "name", "author", "notes") and value == "x"


def test_every_schema_problem_is_reported_not_just_the_first():
    data = {
        "format": 2,
        "id": "UPPER",
        "name": "",
        "size": "huge",
        "terrain": "V",
        "crops": [1],
        "start": [],
        "solo": {"otoma": ["a1"], "more": 1},
        "colour": "red",
    }
    report = validate_data(data)
    assert [p.pointer for p in report.errors] == [
        "/colour",
        "/crops/0",
        "/format",
        "/id",
        "/name",
        "/size",
        "/solo/more",
        "/solo/otoma",
        "/start",
        "/terrain",
    ]
    crops = next(p for p in report.errors if p.pointer == "/crops/0")
    assert crops.message == "/crops/0: must be a string, not a whole number"
    counts = {p.pointer: p.message for p in report.errors if " item" in p.message}
    assert counts == {
        "/start": "/start: has no items; at least 1 is needed",
        "/solo/otoma": "/solo/otoma: has 1 item; at least 5 are needed",
    }


def test_deep_nesting_inside_a_value_and_long_strings():
    data = dict(GOOD, notes=[[[[[[["deep"]]]]]]], name="n" * 61)
    report = validate_data(data)
    assert [(p.pointer, p.message) for p in report.errors] == [
        ("/name", "/name: has 61 characters; at most 60 are allowed"),
        ("/notes", "/notes: must be a string, not an array"),
    ]


def test_unicode_lengths_count_characters():
    assert validate_data(dict(GOOD, name="Ñ" * 60, author="Jürgen Müller")).valid


def test_a_trailing_line_break_is_not_a_valid_cell_or_id():
    # JSON Schema patterns are ECMA-262: "$" is the very end, unlike Python's re.
    report = validate_data(dict(GOOD, id="lake\n", start=["d1\n", "b2", "a5", "e5"]))
    assert [(p.rule.value, p.pointer) for p in report.errors] == [
        ("schema", "/id"),
        ("schema", "/start/0"),
    ]
    assert report.errors[1].message == '/start/0: "d1\\n" must not end with a line break'
