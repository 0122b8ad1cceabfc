"""Reading scenario files safely: bytes -> JSON -> schema-checked mapping.

Whatever the input (empty, binary, huge, deeply nested, not UTF-8, numbers
of thousands of digits, lone surrogates), these functions return problems in
words; they never raise for bad content. Every value a message quotes is
escaped (:func:`pachaprint.model.text.quote`), so a problem prints safely.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    import jsonschema

from pachaprint.check.problems import Problem, Rule
from pachaprint.model.text import (
    TEXT_PATTERN,
    printable,
    quote,
    text_problem,
)
from pachaprint.resources import schemas_dir

MAX_BYTES = 1 << 20
"""Files above 1 MiB are refused: a scenario is well under 2 KB."""
PROBLEM_LIMIT = 100
"""At most this many problems of one rule are listed; the rest are counted in one more
(``and 139,900 more schema problems like these``), as compilers cap a flood of errors."""


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The scenario JSON Schema (draft 2020-12)."""
    loaded = json.loads((schemas_dir() / "scenario.schema.json").read_text(encoding="utf-8"))
    return cast(dict[str, Any], loaded)


@lru_cache(maxsize=1)
def _validator() -> jsonschema.protocols.Validator:
    """The full validator, imported only for a rejected file (it costs ~35 ms to import)."""
    import jsonschema

    return jsonschema.Draft202012Validator(schema())


@lru_cache(maxsize=1)
def _fast_validator() -> Callable[[Any], object]:
    """A compiled validator for the common case of a valid file (jsonschema gives the full
    list otherwise): the shipped, pre-generated one while it matches the schema (see
    :mod:`pachaprint.check.schema_code`), else one generated now. It raises ``ValueError``."""
    from pachaprint.check import _scenario_validator as shipped
    from pachaprint.check.schema_code import schema_hash

    if schema_hash(schema()) == shipped.SCHEMA_CHECKSUM:
        return shipped.validate
    import fastjsonschema

    compiled: Callable[[Any], object] = fastjsonschema.compile(schema())
    return compiled


class _JsonProblem(Exception):
    pass


class _Numbers:
    """``parse_int`` for :func:`json.loads`: a number too long for Python's ``int``
    (over 4,300 digits by default) is a ``json`` problem with its line and column."""

    def __init__(self, text: str):
        self.text = text
        self.search_from = 0

    def __call__(self, literal: str) -> int:
        try:
            value = int(literal)
        except ValueError:
            at = self.text.find(literal, self.search_from)
            where = _position(self.text, at) if at >= 0 else ""
            digits = len(literal.lstrip("-"))
            raise _JsonProblem(
                f"{where}a number with {digits:,} digits is too long to read"
            ) from None
        at = self.text.find(literal, self.search_from)
        if at >= 0:
            self.search_from = at + len(literal)
        return value


def _position(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line} column {column}: "


def _reject_constant(name: str) -> Any:
    raise _JsonProblem(f"{name} is not allowed in JSON (write a number or a string)")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _JsonProblem(f"the key {key!r} appears twice in one object")
        data[key] = value
    return data


_BYTE_ORDER_MARKS = (
    (b"\xff\xfe\x00\x00", "UTF-32 text (little-endian, with a byte-order mark)"),
    (b"\x00\x00\xfe\xff", "UTF-32 text (big-endian, with a byte-order mark)"),
    (b"\xff\xfe", "UTF-16 text (little-endian, with a byte-order mark)"),
    (b"\xfe\xff", "UTF-16 text (big-endian, with a byte-order mark)"),
)


def _wide_encoding(raw: bytes) -> str | None:
    """``UTF-16 text (little-endian)`` and the like for a file in a wide encoding, else ``None``.

    Without a byte-order mark, text whose first characters are ASCII has a zero
    in every other byte in UTF-16; UTF-8 text never starts that way.
    """
    for mark, words in _BYTE_ORDER_MARKS:
        if raw.startswith(mark):
            return words
    head = raw[: min(len(raw), 64) & ~1]
    if len(head) < 4:
        return None
    if not any(head[1::2]) and all(head[0::2]):
        return "UTF-16 text (little-endian)"
    if not any(head[0::2]) and all(head[1::2]):
        return "UTF-16 text (big-endian)"
    return None


def parse_bytes(raw: bytes) -> tuple[Any, list[Problem]]:
    """Decode and parse a scenario file's bytes. Returns ``(data, [])`` or ``(None, [json problem])``."""
    if len(raw) > MAX_BYTES:
        return None, [
            Problem(
                Rule.JSON,
                f"the file is {len(raw):,} bytes; a scenario file is at most {MAX_BYTES:,} bytes",
            )
        ]
    wide = _wide_encoding(raw)
    if wide is not None:
        return None, [
            Problem(Rule.JSON, f"the file is {wide}; pachaprint reads UTF-8: save it as UTF-8")
        ]
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return None, [
            Problem(
                Rule.JSON,
                f"not UTF-8 text: byte 0x{raw[exc.start]:02x} at line {line} (offset {exc.start}) is invalid",
            )
        ]
    return parse_text(text)


def _decode_error(text: str, exc: json.JSONDecodeError) -> str:
    """The message for a JSON syntax error, with its line and column."""
    where = f"line {exc.lineno} column {exc.colno}: "
    if exc.msg == "Invalid control character at" and 0 <= exc.pos < len(text):
        code = f"U+{ord(text[exc.pos]):04X}"
        return (
            f"{where}a raw control character ({code}) inside a string; JSON needs it written"
            f" as an escape such as \\u{ord(text[exc.pos]):04x}"
        )
    return where + exc.msg


def parse_text(text: str) -> tuple[Any, list[Problem]]:
    """Parse JSON text (no BOM). NaN/Infinity and duplicate keys are ``json`` problems."""
    if not text.strip():
        return None, [Problem(Rule.JSON, "the file is empty; expected a JSON object")]
    nul = text.find("\x00")
    if nul >= 0:
        return None, [
            Problem(
                Rule.JSON,
                f"{_position(text, nul)}a NUL byte (U+0000); a JSON file is text and holds none",
            )
        ]
    try:
        data = json.loads(
            text,
            parse_constant=_reject_constant,
            object_pairs_hook=_no_duplicates,
            parse_int=_Numbers(text),
        )
    except json.JSONDecodeError as exc:
        return None, [Problem(Rule.JSON, _decode_error(text, exc))]
    except _JsonProblem as exc:
        return None, [Problem(Rule.JSON, str(exc))]
    except RecursionError:
        return None, [Problem(Rule.JSON, "the JSON is nested too deeply to be a scenario")]
    return data, []


def pointer(path: Sequence[str | int]) -> str:
    """A JSON pointer (RFC 6901) for a path of keys and indexes.

    Keys are shown escaped (:func:`~pachaprint.model.text.printable`), so a
    pointer prints safely whatever the key holds.
    """
    parts = [printable(str(p)).replace("~", "~0").replace("/", "~1") for p in path]
    return "/" + "/".join(parts) if parts else ""


_TYPE_NAMES = {
    dict: "an object",
    list: "an array",
    str: "a string",
    bool: "true/false",
    int: "a whole number",
    float: "a number",
    type(None): "null",
}


def _type_name(value: Any) -> str:
    """``a whole number`` and the like (``bool`` is checked before ``int``)."""
    for kind, name in _TYPE_NAMES.items():
        if isinstance(value, kind):
            return name
    return printable(type(value).__name__)


_PATTERN_HINTS = {
    "id": "use lower-case letters, digits and hyphens, starting with a letter or digit (at most 40)",
    "terrain": "use only the terrain letters V, D, F and M",
    "crops": "use only crop digits 1-5 or '.'",
    "start": "a cell is a column letter a-i and a row number 1-5, like c3",
    "solo": "a cell is a column letter a-i and a row number 1-5, like c3",
}


_TEXT_KEYS = ("$schema", "name", "author", "notes")
"""Free-text keys: their pattern is :data:`~pachaprint.model.text.TEXT_PATTERN`."""


def _short(value: Any, limit: int = 40) -> str:
    if isinstance(value, (dict, list)):
        return _type_name(value)
    return quote(value, limit)


def _schema_message(error: jsonschema.ValidationError) -> list[tuple[str, str]]:
    """(pointer, message) pairs for one jsonschema error, in our words."""
    where = pointer(list(error.absolute_path))
    value: Any = error.instance
    key: Any = error.validator
    arg: Any = error.validator_value
    part: Any = error.schema
    top = str(error.absolute_path[0]) if error.absolute_path else ""
    if key == "required":
        missing = [k for k in arg if isinstance(value, dict) and k not in value]
        return [
            (pointer([*error.absolute_path, k]), f"the required key {k!r} is missing")
            for k in missing
        ]
    if key == "additionalProperties":
        known = set(part.get("properties", {}))
        return [
            (
                pointer([*error.absolute_path, k]),
                f"unknown key {k!r} (allowed: {', '.join(sorted(known))})",
            )
            for k in value
            if k not in known
        ]
    if key == "type":
        return [
            (
                where,
                f"must be {_TYPE_NAMES.get({'object': dict, 'array': list, 'string': str, 'integer': int, 'number': float, 'boolean': bool, 'null': type(None)}[arg], arg)}, not {_type_name(value)}",
            )
        ]
    if key == "const":
        return [(where, f"must be exactly {json.dumps(arg)}, not {_short(value)}")]
    if key == "enum":
        return [
            (where, f"must be one of {', '.join(json.dumps(a) for a in arg)}, not {_short(value)}")
        ]
    if key == "pattern" and arg == TEXT_PATTERN and isinstance(value, str):
        return [(where, text_problem(value) or f"must match {arg}")]
    if key == "pattern":
        hint = _PATTERN_HINTS.get(top, f"must match {arg}")
        return [(where, f"{_short(value)} is not allowed here: {hint}")]
    if key == "minLength":
        return [
            (where, "must not be empty" if arg == 1 else f"must have at least {arg} characters")
        ]
    if key == "maxLength":
        return [(where, f"has {len(value)} characters; at most {arg} are allowed")]
    if key == "minItems":
        return [(where, f"has {len(value)} item(s); at least {arg} needed")]
    if key == "maxItems":
        return [(where, f"has {len(value)} items; at most {arg} allowed")]
    return [(where, printable(error.message[:200]))]


def _pattern_paths(data: dict[str, Any]) -> Iterator[tuple[str, str, str]]:
    """(pointer, value, pattern) for every string the schema checks with a pattern."""
    props = schema()["properties"]
    for key in ("id",):
        if isinstance(data.get(key), str):
            yield f"/{key}", data[key], props[key]["pattern"]
    for key in ("terrain", "crops", "start"):
        values = data.get(key)
        if isinstance(values, list):
            for index, value in enumerate(values):
                if isinstance(value, str):
                    yield f"/{key}/{index}", value, props[key]["items"]["pattern"]
    solo = data.get("solo")
    if isinstance(solo, dict) and isinstance(solo.get("otoma"), list):
        for index, value in enumerate(solo["otoma"]):
            if isinstance(value, str):
                yield (
                    f"/solo/otoma/{index}",
                    value,
                    props["solo"]["properties"]["otoma"]["items"]["pattern"],
                )


def _line_end_problems(data: Any) -> list[Problem]:
    """JSON Schema patterns follow ECMA-262, where ``$`` is the very end of the string;
    Python's ``$`` also matches before a final line break, so check those strings whole."""
    if not isinstance(data, dict):
        return []
    return [
        Problem(
            Rule.SCHEMA, f"{where}: {_short(value)} must not end with a line break", pointer=where
        )
        for where, value, pattern in _pattern_paths(data)
        if value.endswith("\n") and re.fullmatch(pattern.rstrip("$"), value.rstrip("\n"))
    ]


_SCHEMA_DEPTH = 4
"""Deeper than this, no schema keyword looks inside a value (solo/otoma/items is the deepest)."""
_HUGE_BITS = 10_000


class _HugeInt(int):
    """A number too long for ``repr`` (jsonschema spells every failing value out)."""

    def __repr__(self) -> str:
        return "<a whole number with thousands of digits>"


class _DeepList(list[Any]):
    """Stands for a list nested deeper than any schema keyword reads (short ``repr``)."""

    def __repr__(self) -> str:
        return "[...]"


class _DeepDict(dict[str, Any]):
    def __repr__(self) -> str:
        return "{...}"


def _tame(value: Any, depth: int = 0) -> Any:
    """``value`` with what would make jsonschema's messages crash replaced by stand-ins
    of the same JSON type: integers over 4,300 digits, and containers nested
    deeper than the schema reads (their ``repr`` would recurse too far)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _HugeInt(value) if value.bit_length() > _HUGE_BITS else value
    if isinstance(value, list):
        if depth >= _SCHEMA_DEPTH:
            return _DeepList()
        return [_tame(item, depth + 1) for item in value]
    if isinstance(value, dict):
        if depth >= _SCHEMA_DEPTH:
            return _DeepDict()
        return {key: _tame(item, depth + 1) for key, item in value.items()}
    return value


def schema_problems(data: Any) -> list[Problem]:
    """Every JSON Schema violation of ``data``, each with its JSON pointer, sorted by pointer."""
    try:
        _fast_validator()(data)
        return _line_end_problems(data)
    except ValueError:  # the schema is broken somewhere: the full validator says where
        pass
    problems = _line_end_problems(data)
    for error in _validator().iter_errors(_tame(data)):
        for where, message in _schema_message(error):
            problems.append(
                Problem(Rule.SCHEMA, f"{where or '(top level)'}: {message}", pointer=where)
            )
    ordered = sorted(set(problems), key=lambda p: (_pointer_order(p.pointer or ""), p.message))
    return cap_problems(ordered)


def _pointer_order(where: str) -> list[tuple[int, int | str]]:
    """Sort key of a JSON pointer: array indexes in number order (``/start/9`` before ``/start/10``)."""
    return [(0, int(part)) if part.isdigit() else (1, part) for part in where.split("/")]


def cap_problems(problems: list[Problem], limit: int = PROBLEM_LIMIT) -> list[Problem]:
    """``problems`` with at most ``limit`` of each rule; the rest of a rule become one problem
    that counts them (``omitted``), placed after the ones listed.

    Its pointer is the deepest one the omitted problems share (``/start``).
    """
    kept: list[Problem] = []
    seen: dict[Rule, int] = {}
    dropped: dict[Rule, list[Problem]] = {}
    for problem in problems:
        seen[problem.rule] = seen.get(problem.rule, 0) + 1
        if seen[problem.rule] <= limit:
            kept.append(problem)
        else:
            dropped.setdefault(problem.rule, []).append(problem)
    for rule, rest in dropped.items():
        pointers = [p.pointer for p in rest if p.pointer is not None]
        shared = None
        if pointers:
            common = pointers[0].split("/")
            for parts in (p.split("/") for p in pointers[1:]):
                same = 0
                while same < min(len(common), len(parts)) and common[same] == parts[same]:
                    same += 1
                common = common[:same]
            shared = "/".join(common)
        lead = f"{shared or '(top level)'}: " if shared is not None else ""
        message = f"{lead}and {len(rest):,} more {rule.value} problems like these (not listed)"
        last = max(i for i, p in enumerate(kept) if p.rule is rule)
        kept.insert(last + 1, Problem(rule, message, pointer=shared, omitted=len(rest)))
    return kept


def read_file(path: Path) -> bytes:
    """The file's bytes (``OSError`` propagates: a missing file is a usage error)."""
    with open(path, "rb") as handle:
        return handle.read(MAX_BYTES + 1)


def is_hidden(path: Path) -> bool:
    """Hidden files (``.name``: editor backups, the build manifest) are never scenarios."""
    return path.name.startswith(".")


def scenario_files(folder: Path) -> list[Path]:
    """The ``*.json`` files directly inside ``folder``, sorted, hidden files skipped."""
    return sorted(p for p in folder.glob("*.json") if p.is_file() and not is_hidden(p))


def unusable_path(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` is neither a file nor a folder one can read, in words; ``None`` if it is one.

    ``no such file or folder``, ``too many levels of symbolic links (a link loop)``...
    """
    try:
        info = os.stat(path)
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "too many levels of symbolic links (a link loop)"
        if error.errno == errno.ENOENT and os.path.islink(path):
            return "a symbolic link to nothing (its target is missing)"
        if error.errno in (errno.ENOENT, errno.ENOTDIR):
            return "no such file or folder"
        return printable(error.strerror or str(error))
    if not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)):
        return "not a file or folder (a device or a pipe?)"
    return None


def collect_files(paths: list[str]) -> tuple[list[Path], list[str]]:
    """Expand files and folders -> (files, paths that are neither a file nor a folder).

    A folder gives its :func:`scenario_files`; a file named on its own is
    always taken, hidden or not. :func:`unusable_path` says why a path is left out.
    """
    files: list[Path] = []
    missing: list[str] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files.extend(scenario_files(path))
        elif path.is_file():
            files.append(path)
        else:
            missing.append(name)
    return files, missing
