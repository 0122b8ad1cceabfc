"""Hypothesis strategies for the fuzz tests: byte and structure mutations of valid scenarios.

Every strategy starts from a valid scenario (the two fixtures and a generated
long scenario with solo cells) and damages it the way hostile or unlucky input
does: flipped, inserted, deleted and repeated bytes, tokens that have crashed
parsers before (lone surrogate escapes, numbers of thousands of digits,
NaN, deep nesting, byte-order marks, invalid UTF-8), and at the JSON level
replaced, removed and added keys, damaged grids, start and Otoma lists, and
free text holding any character at all.

``PACHAPRINT_FUZZ_EXAMPLES`` sets the number of examples per test (default
300; the issue's one-off run used 10,000), ``PACHAPRINT_FUZZ_BUILD_EXAMPLES``
that of the build-step test (default a thirtieth, at least 10).
"""

from __future__ import annotations

import copy
import json
import os
from functools import cache
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from pachaprint.check.generate import generate
from tests.helpers import EXAMPLES

EXAMPLES_PER_RUN = int(os.environ.get("PACHAPRINT_FUZZ_EXAMPLES", "300"))
BUILD_EXAMPLES_PER_RUN = int(
    os.environ.get("PACHAPRINT_FUZZ_BUILD_EXAMPLES", str(max(10, EXAMPLES_PER_RUN // 30)))
)
"""The build step simulates and renders each example (half a second): a thirtieth as many
(10 in a normal run; the long run's 10,000 examples give 333)."""

FUZZ_SETTINGS = settings(
    max_examples=EXAMPLES_PER_RUN,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

NASTY_CHARACTERS = [
    "\x00",
    "\x07",
    "\x1b",
    "\r",
    "\x7f",
    "\x85",
    "\x9b",
    "\ud800",
    "\udbff",
    "\udc00",
    "\udfff",
    "\ufffe",
    "\uffff",
    "\ufeff",
    "\u202e",
    "\u2028",
    "\u200d",
    "\U0001f999",
    "\U0010ffff",
    "\n",
    "\t",
    "<",
    "&",
    '"',
    "'",
    "\\",
    "%",
    "{",
    "]]>",
    "<!--",
    "\x1b]0;pwned\x07",
    "\x1b[2J",
]

ANY_CHARACTER = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())
"""Every code point, lone surrogates and controls included."""

HOSTILE_TEXT = st.lists(
    st.one_of(st.sampled_from(NASTY_CHARACTERS), ANY_CHARACTER, st.text(max_size=4)),
    max_size=12,
).map("".join)

BYTE_TOKENS = [
    b'"\\ud800"',
    b"\\ud800",
    b"\\udfff\\ud800",
    b"\\u0000",
    b"\\u001b]0;x\\u0007",
    b"\\u009b",
    b"\\ufffe",
    b"9" * 4301,
    b"-" + b"1" * 10_000,
    b"1e999",
    b"-1e-999",
    b"NaN",
    b"Infinity",
    b"-Infinity",
    b"\xff",
    b"\xed\xa0\x80",
    b"\xc0\xaf",
    b"\xef\xbb\xbf",
    b"\x00",
    b"[" * 2000,
    b"{" * 500,
    b'{"a":' * 300,
    b'"',
    b",",
    b":",
    b"}",
    b"]",
    b"null",
    b"true",
    b"{}",
    b"[]",
    b'"id": "x", ',
    b'"name": "x", ',
    b'"solo": {"otoma": ["a1","a1","a1","a1","a1"]}, ',
    b'"start": [], ',
    b"\n",
    b"\r\n",
]


@cache
def seed_scenarios() -> tuple[dict[str, Any], ...]:
    """Valid scenarios to start from: tiny, long, long with solo cells and notes."""
    lake = json.loads((EXAMPLES / "lake-shore.json").read_text(encoding="utf-8"))
    high = json.loads((EXAMPLES / "high-valley.json").read_text(encoding="utf-8"))
    solo = generate("long", 7, "easy", notes="Seeded for the fuzz tests.").scenario.to_dict()
    return (lake, high, solo)


@cache
def seed_bytes() -> tuple[bytes, ...]:
    texts = [json.dumps(d, indent=2, ensure_ascii=False) for d in seed_scenarios()]
    texts.append(json.dumps(seed_scenarios()[0], separators=(",", ":")))
    return tuple(t.encode("utf-8") for t in texts)


@st.composite
def byte_mutations(draw: st.DrawFn) -> bytes:
    """A valid scenario file with 1 to 4 byte-level mutations."""
    raw = bytearray(draw(st.sampled_from(seed_bytes())))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["flip", "insert", "delete", "repeat", "token", "cut"]))
        at = draw(st.integers(0, len(raw)))
        if kind == "flip" and at < len(raw):
            raw[at] = draw(st.integers(0, 255))
        elif kind == "insert":
            raw[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif kind == "delete":
            del raw[at : at + draw(st.integers(1, 40))]
        elif kind == "repeat":
            piece = raw[at : at + draw(st.integers(1, 60))]
            raw[at:at] = piece * draw(st.integers(1, 3))
        elif kind == "token":
            raw[at:at] = draw(st.sampled_from(BYTE_TOKENS))
        elif kind == "cut":
            del raw[at:]
    return bytes(raw)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | HOSTILE_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(HOSTILE_TEXT, inner, max_size=3),
    max_leaves=8,
)

KEYS = ["format", "id", "name", "author", "size", "terrain", "crops", "start", "solo", "notes"]
TEXT_KEYS = ["name", "author", "notes", "$schema"]
CELL_CHARACTERS = [*"VDFM.12345", "0", "6", "x", "v", " ", "\n", "\ud800", "\x00"]


CELL_NAMES = st.from_regex(r"[a-i][1-5]", fullmatch=True)

SAFE_TEXT = st.text(
    st.characters(
        min_codepoint=0,
        max_codepoint=0x10FFFF,
        exclude_categories=("Cs",),
        exclude_characters=[chr(c) for c in [*range(0, 9), *range(11, 32), *range(127, 160)]]
        + ["\ufffe", "\uffff"],
    ),
    max_size=12,
)
"""Free text the schema accepts: any character but controls (tab and newline
excepted), lone surrogates and U+FFFE/U+FFFF."""


def _cells(draw: st.DrawFn, gentle: bool) -> list[Any]:
    if gentle:
        return draw(st.lists(CELL_NAMES, min_size=1, max_size=7))
    return draw(
        st.lists(
            st.one_of(CELL_NAMES, CELL_NAMES, HOSTILE_TEXT, st.sampled_from(["j1", "a0", "A1"])),
            max_size=7,
        )
    )


GENTLE_KINDS = ["text", "cell", "cell", "cell", "start", "solo"]
HOSTILE_KINDS = ["text", "value", "drop", "add", "cell", "row", "start", "solo", "size", "deep"]


@st.composite
def structure_mutations(draw: st.DrawFn) -> dict[str, Any]:
    """A valid scenario mapping with 1 to 3 JSON-level mutations.

    Two in three are gentle (only values of the right shape: terrain letters,
    crop digits, cell names, accepted text), so many reach the rule checker,
    the solver and the renderers; the rest are hostile (any value, any key,
    damaged rows, deep nesting, any character).
    """
    data: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(seed_scenarios())))
    gentle = draw(st.sampled_from([True, True, False]))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(GENTLE_KINDS if gentle else HOSTILE_KINDS))
        if kind == "text":
            data[draw(st.sampled_from(TEXT_KEYS))] = draw(SAFE_TEXT if gentle else HOSTILE_TEXT)
        elif kind == "value":
            data[draw(st.sampled_from(KEYS))] = draw(JSON_VALUES)
        elif kind == "drop":
            data.pop(draw(st.sampled_from(KEYS)), None)
        elif kind == "add":
            data[draw(HOSTILE_TEXT)] = draw(JSON_VALUES)
        elif kind in ("cell", "row"):
            key = draw(st.sampled_from(["terrain", "crops"]))
            rows = data.get(key)
            if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
                continue
            r = draw(st.integers(0, len(rows) - 1))
            if kind == "cell" and rows[r]:
                c = draw(st.integers(0, len(rows[r]) - 1))
                choices = ("VDFM" if key == "terrain" else "12345.") if gentle else CELL_CHARACTERS
                rows[r] = rows[r][:c] + draw(st.sampled_from(choices)) + rows[r][c + 1 :]
            elif kind == "row":
                choice = draw(st.sampled_from(["drop", "repeat", "shorten", "lengthen"]))
                if choice == "drop":
                    del rows[r]
                elif choice == "repeat":
                    rows.insert(r, rows[r])
                elif choice == "shorten":
                    rows[r] = rows[r][:-1]
                else:
                    rows[r] = rows[r] + rows[r][-1:]
        elif kind == "start":
            data["start"] = _cells(draw, gentle)
        elif kind == "solo":
            data["solo"] = {"otoma": _cells(draw, gentle)}
        elif kind == "size":
            data["size"] = "tiny" if data.get("size") == "long" else "long"
        elif kind == "deep":
            value: Any = draw(JSON_VALUES)
            for _ in range(draw(st.integers(1, 200))):
                value = [value]
            data[draw(st.sampled_from(KEYS))] = value
    return data


@st.composite
def structure_bytes(draw: st.DrawFn) -> bytes:
    """A structure mutation written as a file: escaped ASCII, or raw text (lone
    surrogates then make invalid UTF-8)."""
    data = draw(structure_mutations())
    if draw(st.booleans()):
        return json.dumps(data, indent=2, ensure_ascii=True).encode("ascii")
    return json.dumps(data, indent=2, ensure_ascii=False).encode("utf-8", "surrogatepass")


@st.composite
def hostile_valid_scenarios(draw: st.DrawFn) -> dict[str, Any]:
    """A valid scenario whose free text is anything the schema lets through
    (markup, quotes, right-to-left marks, emoji, line breaks, tabs...)."""
    data: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(seed_scenarios())))
    piece = st.one_of(
        SAFE_TEXT, st.sampled_from(["<", "&", '"', "]]>", "\n", "\t", "\u202e", "%s"])
    )
    text = st.lists(piece, max_size=8).map("".join)
    data["name"] = draw(text.map(lambda t: t[:60]).filter(lambda t: len(t) >= 1))
    if draw(st.booleans()):
        data["author"] = draw(text.map(lambda t: t[:60]))
    if draw(st.booleans()):
        data["notes"] = draw(text)
    return data


# -- the other inputs: game logs, share codes, fan-app maps, requests, arguments ----------------
WHOLE_FLOATS = [7.0, -0.0, 1e18, 0.0, 1.0, 2.0, 3.0]
"""Whole numbers written as floats: JSON Schema's ``integer`` takes them (issue 31)."""
NUMBERS_TO_TRY = st.one_of(
    st.sampled_from([*WHOLE_FLOATS, 0.5, -1, 2**63, 10**30, 1e308, -1e-300, True, False]),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=False, allow_infinity=False),
)


class Deep:
    """A value nested ``depth`` lists deep, deeper than Python can build or write: only
    :func:`dumps_any` writes it, as brackets."""

    def __init__(self, depth: int) -> None:
        self.depth = depth

    def __repr__(self) -> str:
        return f"Deep({self.depth})"


DEEP = st.integers(1, 100_000).map(Deep)
"""Deep nesting (the parsers refuse the deepest in words)."""


def dumps_any(data: Any) -> bytes:
    """``data`` as JSON bytes, :class:`Deep` values written as brackets, lone surrogates
    as the bytes they stand for (not UTF-8: a file may hold anything)."""
    marks: dict[str, int] = {}

    def mark(value: Any) -> str:
        if not isinstance(value, Deep):
            raise TypeError(type(value).__name__)
        name = f"@@deep{len(marks)}@@"
        marks[name] = value.depth
        return name

    text = json.dumps(data, default=mark, ensure_ascii=False)
    for name, depth in marks.items():
        text = text.replace(json.dumps(name), "[" * depth + "]" * depth)
    return text.encode("utf-8", "surrogatepass")


ANY_VALUE = st.one_of(JSON_VALUES, NUMBERS_TO_TRY, DEEP)

LOG_PATHS = [
    ("config", "seed"),
    ("config", "tiles_seed"),
    ("config", "first_player"),
    ("config", "players"),
    ("config", "mode"),
    ("config", "difficulty"),
    ("config", "otoma"),
    ("config", "colour"),
    ("result", "scores", 0),
    ("result", "winners"),
    ("result", "over"),
    ("seats",),
    ("seats", 0),
    ("actions",),
    ("actions", 0),
    ("format",),
    ("scenario",),
    ("scenario", "id"),
    ("config",),
    ("result",),
]
"""Every place of a game log (``pachaprint-game/2``) a damage is put."""


def set_at(data: Any, path: tuple[Any, ...], value: Any) -> None:
    """Put ``value`` at ``path`` in ``data`` (a missing list item or mapping is skipped)."""
    *parents, last = path
    for key in parents:
        if not _has(data, key):
            return
        data = data[key]
    if isinstance(data, dict) or _has(data, last):
        data[last] = value


def _has(data: Any, key: Any) -> bool:
    """True when ``data[key]`` is there (a mapping's key, a list's index)."""
    if isinstance(data, dict):
        return key in data
    return isinstance(data, list) and isinstance(key, int) and key < len(data)


@st.composite
def log_damage(draw: st.DrawFn) -> list[tuple[tuple[Any, ...], Any]]:
    """One to three ``(path, value)`` damages of a saved game: a whole number written as a
    float in an integer field, or any value anywhere (wrong types, deep nesting)."""
    damages = []
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(LOG_PATHS))
        value = draw(st.one_of(st.sampled_from(WHOLE_FLOATS), ANY_VALUE))
        damages.append((path, value))
    return damages


CODE_SYMBOLS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


@st.composite
def share_code_text(draw: st.DrawFn, codes: tuple[str, ...]) -> str:
    """What a person may type or paste as a share code: one of ``codes`` damaged (a symbol
    changed, lost or doubled, the name part cut or repeated, case and dashes changed),
    a code thousands of symbols long, or any text at all."""
    kind = draw(st.sampled_from(["damaged", "damaged", "long", "any", "link"]))
    if kind == "any":
        return draw(HOSTILE_TEXT)
    code = draw(st.sampled_from(codes))
    if kind == "long":
        return code.replace("-", "") * draw(st.integers(2, 2000))
    if kind == "link":
        return f"https://example.org/wheel.html#{code}"
    chars = list(code)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, max(0, len(chars) - 1)))
        change = draw(st.sampled_from(["symbol", "lose", "double", "case", "dot"]))
        if change == "symbol" and chars:
            chars[at] = draw(st.sampled_from(CODE_SYMBOLS + "-. iloIO!"))
        elif change == "lose" and chars:
            del chars[at]
        elif change == "double" and chars:
            chars.insert(at, chars[at])
        elif change == "case":
            chars = list("".join(chars).lower())
        elif change == "dot":
            chars.insert(at, ".")
    return "".join(chars)


@st.composite
def app_link_text(draw: st.DrawFn, links: tuple[str, ...]) -> str:
    """A tiwanaku-app link damaged: cells changed, lost or added, the query mangled."""
    link = draw(st.sampled_from(links))
    base, _, cells = link.partition("game=")
    parts = cells.split("-")
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(parts) - 1))
        change = draw(st.sampled_from(["cell", "lose", "add", "text", "many"]))
        if change == "cell":
            parts[at] = draw(st.text(alphabet="sdgrx0123456789%-&", min_size=0, max_size=6))
        elif change == "lose" and len(parts) > 1:
            del parts[at]
        elif change == "add":
            parts.insert(at, parts[at])
        elif change == "text":
            parts[at] = draw(HOSTILE_TEXT)
        else:  # (at most 20,000 cells: repeated thrice, it must not fill the memory)
            parts = (parts * draw(st.integers(2, 500)))[:20_000]
    return base + "game=" + "-".join(parts)


@st.composite
def web_board_mutations(draw: st.DrawFn, boards: tuple[dict[str, Any], ...]) -> Any:
    """A tiwanaku-web board with 1 to 3 damages: a cell's field, crop or coordinates of any
    type (lists, objects, whole floats, huge numbers), cells lost or doubled, deep nesting,
    or the board stored as a string (``persist:root``)."""
    data: Any = copy.deepcopy(draw(st.sampled_from(boards)))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["cell", "cell", "row", "deep", "value", "stored"]))
        rows = data.get("board") if isinstance(data, dict) else None
        if kind == "cell" and isinstance(rows, list) and rows and isinstance(rows[0], list):
            row = rows[draw(st.integers(0, len(rows) - 1))]
            if row and isinstance(row, list) and isinstance(row[0], dict):
                cell = row[draw(st.integers(0, len(row) - 1))]
                key = draw(st.sampled_from(["field", "crop", "coordinates", "hiddenField"]))
                if key == "coordinates" and isinstance(cell.get(key), dict):
                    cell[key][draw(st.sampled_from(["x", "y"]))] = draw(ANY_VALUE)
                else:
                    cell[key] = draw(ANY_VALUE)
        elif kind == "row" and isinstance(rows, list) and rows:
            at = draw(st.integers(0, len(rows) - 1))
            if draw(st.booleans()):
                del rows[at]
            else:
                rows.insert(at, copy.deepcopy(rows[at]))
        elif kind == "deep" and isinstance(data, dict):
            data["board"] = draw(DEEP)
        elif kind == "value" and isinstance(data, dict):
            data[draw(st.sampled_from(["board", "hiddenFields", "persist:root"]))] = draw(ANY_VALUE)
        elif kind == "stored":
            stored = dumps_any(data).decode("utf-8", "surrogatepass")
            data = {"persist:root": json.dumps({"board": stored})}
    return data


TABLE_REQUESTS = [
    ("POST", "/api/act", ("moment", "action")),
    ("POST", "/api/step", ("moment",)),
    ("POST", "/api/back", ("moment",)),
    ("POST", "/api/jump", ("moment", "to")),
    ("POST", "/api/undo", ("moment",)),
    ("POST", "/api/new", ("mode", "seats", "difficulty", "colour", "seed")),
    ("POST", "/api/save", ("file",)),
    ("POST", "/api/open", ("file",)),
]
STUDIO_REQUESTS = [
    ("POST", "/api/check", ("scenario", "box", "version")),
    ("POST", "/api/explain", ("scenario",)),
    ("POST", "/api/generate", ("size", "difficulty")),
    ("POST", "/api/new", ("size",)),
    ("POST", "/api/preview", ("scenario", "box")),
    ("POST", "/api/share", ("scenario", "box")),
    ("POST", "/api/import", ("code", "box")),
    ("POST", "/api/save", ("file", "scenario", "hash", "create", "force")),
    ("POST", "/api/rename", ("file", "to", "hash")),
]
FILE_NAMES = st.one_of(
    st.sampled_from(
        [
            "a.json",
            "x\x85y.json",
            "\u202egnp.json",
            "a\u200b.json",
            "\ufeffa.json",
            ".hidden.json",
            "../out.json",
            "a" * 300 + ".json",
            "a/b.json",
            "nul\x00.json",
        ]
    ),
    HOSTILE_TEXT.map(lambda text: text + ".json"),
)


@st.composite
def request_body(draw: st.DrawFn, fields: tuple[str, ...], good: dict[str, Any]) -> Any:
    """A request body: the good one with some fields given any value (whole floats, wrong
    types, deep nesting, hostile file names), or not an object at all."""
    if draw(st.integers(0, 9)) == 0:
        return draw(ANY_VALUE)
    body = copy.deepcopy(good)
    for key in draw(st.lists(st.sampled_from(fields), min_size=1, max_size=3, unique=True)):
        if key in ("file", "to"):
            body[key] = draw(st.one_of(FILE_NAMES, ANY_VALUE))
        else:
            body[key] = draw(st.one_of(st.sampled_from(WHOLE_FLOATS), ANY_VALUE))
    return body
