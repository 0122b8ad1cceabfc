"""Reading scenario files safely: bytes -> JSON (:mod:`pachaprint.check.decode`) -> schema-checked mapping.

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
from collections.abc import Callable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pachaprint.check.decode import parse_bytes, parse_text
from pachaprint.check.files import MAX_BYTES, is_hidden, read_file, scenario_files
from pachaprint.check.problems import Problem, Rule
from pachaprint.model.scenario import FORMAT as SCENARIO_FORMAT
from pachaprint.model.text import (
    TEXT_PATTERN,
    plural,
    pointer,
    printable,
    quote,
    text_problem,
)
from pachaprint.resources import schemas_dir

if TYPE_CHECKING:  # (jsonschema loads only for a file the shipped validator refuses)
    import jsonschema

PROBLEM_LIMIT = 100
"""At most this many problems of one rule are listed; the rest are counted in one more
(``and 139,900 more schema problems like these``), as compilers cap a flood of errors."""


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The scenario JSON Schema (draft 2020-12)."""
    loaded: dict[str, Any] = json.loads(
        (schemas_dir() / "scenario.schema.json").read_text(encoding="utf-8")
    )
    return loaded


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
        have = plural(len(value), "item") if value else "no items"
        return [(where, f"has {have}; at least {arg} {'is' if arg == 1 else 'are'} needed")]
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
    return [
        (0, int(part)) if part.isascii() and part.isdigit() else (1, part)
        for part in where.split("/")
    ]


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


_FORMAT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*/[0-9]+")


def other_format(raw: bytes) -> str | None:
    """The ``format`` of a file that says it is something else than a scenario (a game
    saved by ``play`` is ``pachaprint-game/3``, a studio draft ``pachaprint-draft/1``),
    else ``None``.

    A folder of scenarios skips such files with a note; a file named on its own is
    always checked. Only a well-formed ``name/version`` of another family counts: a
    scenario format with another version, or a slip of the pen
    (``pachaprint-scenaro/1``), is still checked and its schema problem reported.
    """
    data, problems = parse_bytes(raw)
    value = data.get("format") if not problems and isinstance(data, dict) else None
    if not isinstance(value, str) or not _FORMAT_NAME.fullmatch(value):
        return None
    import difflib

    family = value.split("/")[0]
    scenario_family = SCENARIO_FORMAT.split("/")[0]
    if difflib.SequenceMatcher(None, family, scenario_family).ratio() >= 0.8:
        return None
    return value


def skipped_note(file: str, kind: str) -> str:
    """The note a folder's listing gives for a file :func:`other_format` leaves out."""
    return f"{file}: skipped: its format is {kind}, not a scenario"


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
        if os.path.isdir(path):  # (False, not an error, for a name too long to be a file)
            files.extend(scenario_files(path))
        elif os.path.isfile(path):
            files.append(path)
        else:
            missing.append(name)
    return files, missing


__all__ = [
    "MAX_BYTES",
    "PROBLEM_LIMIT",
    "cap_problems",
    "collect_files",
    "is_hidden",
    "other_format",
    "parse_bytes",
    "parse_text",
    "pointer",
    "read_file",
    "scenario_files",
    "schema",
    "schema_problems",
    "skipped_note",
    "unusable_path",
]
