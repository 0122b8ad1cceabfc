"""The scenario schema's fast validator, generated ahead of time.

fastjsonschema turns the JSON Schema into a plain Python function. Doing that
at run time costs more than checking a file (the compiler and its imports
take about as long as the rest of ``pachaprint validate`` on one file), so the
function is generated once and shipped as :mod:`pachaprint.check._scenario_validator`,
with fastjsonschema's exception classes replaced by a local one (importing
fastjsonschema itself is what costs the time). A test keeps the shipped
module in step with the schema (the module records the schema's hash, and
the fast and the full validator must agree on every test document); after
changing the schema, run::

    python -m pachaprint.check.schema_code
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

GENERATED = Path(__file__).with_name("_scenario_validator.py")

_HEADER = '''"""Generated from schemas/scenario.schema.json by pachaprint.check.schema_code: do not edit.

Regenerate with ``python -m pachaprint.check.schema_code``.
"""
# ruff: noqa
# mypy: ignore-errors


class JsonSchemaValueException(ValueError):
    """A value breaks the schema (where the slow path finds every problem in words)."""

    def __init__(self, message, value=None, name=None, definition=None, rule=None):
        super().__init__(message)
        self.value, self.name, self.definition, self.rule = value, name, definition, rule


JsonSchemaValuesException = JsonSchemaValueException


class _Pattern:
    """A pattern compiled on first use. With ``printable_matches`` (the free-text
    pattern, whose refused characters are none of them printable), a string that
    str.isprintable() accepts matches without any regular expression."""

    def __init__(self, source, printable_matches=False):
        self.source, self.printable_matches, self.compiled = source, printable_matches, None

    def search(self, text):
        if self.printable_matches and text.isprintable():
            return True
        if self.compiled is None:
            self.compiled = re.compile(self.source)
        return self.compiled.search(text)
'''

_IMPORT = "from fastjsonschema import JsonSchemaValueException, JsonSchemaValuesException\n"
_DECIMAL = "from decimal import Decimal\n"


_MODULUS = (1 << 61) - 1
"""A Mersenne prime: the checksum is the text's bytes, read as one number, modulo it."""


def schema_hash(schema: dict[str, Any]) -> str:
    """A checksum of the schema's canonical JSON (its length, and its bytes read as one
    number modulo a 61-bit prime, which any single changed byte alters): the generated
    module records it. Not a guard against tampering, only against a stale
    module; every ``validate`` computes it, and it needs neither zlib nor hashlib
    (importing either costs more than the whole sum)."""
    text = json.dumps(schema, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    number = int.from_bytes(text.encode("ascii"), "big")
    return f"{len(text)}-{number % _MODULUS:016x}"


def generate_source(schema: dict[str, Any]) -> str:
    """The module text for ``schema``: the generated function, named ``validate``."""
    import fastjsonschema

    code = fastjsonschema.compile_to_code(schema)
    if _IMPORT not in code or _DECIMAL not in code:
        raise RuntimeError("fastjsonschema's generated code changed shape; update schema_code.py")
    entry = re.search(r"^def (validate\w*)\(", code, re.MULTILINE)
    if entry is None:
        raise RuntimeError("no validate function in fastjsonschema's generated code")
    body = code.replace(_IMPORT, "").replace('VERSION = "', 'FASTJSONSCHEMA_VERSION = "', 1)
    # json.loads never makes decimal.Decimal numbers, and the decimal module costs
    # a millisecond of start-up: a Decimal handed in by a caller fails the fast
    # check and goes to the full validator, which takes it.
    body = body.replace(_DECIMAL, "class Decimal:  # see pachaprint.check.schema_code\n    pass\n")
    body = _lazy_patterns(body)
    return (
        f'{_HEADER}\nSCHEMA_CHECKSUM = "{schema_hash(schema)}"\n{body.rstrip()}\n\n\n'
        f"validate = {entry.group(1)}\n"
    )


def _lazy_patterns(body: str) -> str:
    """``body`` with its patterns compiled on first use, the free-text one only for text
    that is not all printable (see ``_Pattern`` in :data:`_HEADER`): compiling its
    character class of wide characters costs ``validate`` half a millisecond."""
    from pachaprint.model.text import TEXT_PATTERN

    start = body.find("REGEX_PATTERNS = {")
    end = body.find("\n}\n", start)
    if start < 0 or end < 0 or body.count("re.compile(") != body.count("re.compile(", start, end):
        raise RuntimeError("fastjsonschema's patterns changed shape; update schema_code.py")
    text = f"re.compile({TEXT_PATTERN.removesuffix('$') + chr(92) + 'Z'!r})"
    if text not in body:
        raise RuntimeError("the free-text pattern is not in the generated code")
    block = body[start:end].replace(text, text[:-1] + ", printable_matches=True)")
    return body[:start] + block.replace("re.compile(", "_Pattern(") + body[end:]


def main() -> None:
    from pachaprint.resources import schemas_dir  # not check.load, which imports this module

    schema = json.loads((schemas_dir() / "scenario.schema.json").read_text(encoding="utf-8"))
    GENERATED.write_text(generate_source(schema), encoding="utf-8")
    print(f"wrote {GENERATED}")


if __name__ == "__main__":
    main()
