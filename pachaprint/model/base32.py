"""The characters of a share code: Crockford's base 32 and a CRC-15 check.

A code is written with the 32 symbols ``0-9 A-Z`` less ``I L O U``, so no two
symbols look alike; reading ignores case, dashes and spaces, and takes ``O``
for ``0`` and ``I``/``L`` for ``1`` as Crockford's alphabet does. The last
three symbols are a CRC-15 (the CAN polynomial ``x^15 + x^14 + x^10 + x^8 +
x^7 + x^4 + x^3 + 1``) over the 5 bits of every symbol before them: a
polynomial of degree 15 catches every error burst of up to 15 bits, so every
changed, lost or swapped symbol and every pair of neighbouring ones, and any
other damage but one time in 32,768.
"""

from __future__ import annotations

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: symbol value -> character."""
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
_IGNORED = frozenset("- \t\n")
CHECK_SYMBOLS = 3
"""Symbols of the check at the end of every code."""
_POLY = 0x4599
_INIT = 0x7FFF
"""A start value that is not zero, so leading ``0`` symbols change the check too."""
GROUP = 5
"""Symbols per dash-separated group when a code is printed."""


class SymbolError(ValueError):
    """A character that is no symbol, with its position (1-based) in what was typed."""

    def __init__(self, message: str, position: int) -> None:
        super().__init__(message)
        self.position = position


def read_symbols(text: str) -> list[int]:
    """The symbol values of a typed code (case, dashes and spaces ignored)."""
    values = []
    for position, ch in enumerate(text, start=1):
        if ch in _IGNORED:
            continue
        value = _VALUE.get(ch.upper())
        if value is None:
            raise SymbolError(
                f"{ch!r} (character {position}) is not a share code symbol "
                "(codes use 0-9 and the letters A-Z without I, L, O and U)",
                position,
            )
        values.append(value)
    return values


def crc15(values: list[int]) -> int:
    """The CRC-15 of a sequence of 5-bit symbol values."""
    crc = _INIT
    for value in values:
        for bit in range(4, -1, -1):
            top = (crc >> 14 & 1) ^ (value >> bit & 1)
            crc = (crc << 1) & 0x7FFF
            if top:
                crc ^= _POLY
    return crc


def check_symbols(values: list[int]) -> list[int]:
    """The three check symbols that follow ``values``."""
    crc = crc15(values)
    return [crc >> 10 & 31, crc >> 5 & 31, crc & 31]


def spelled(values: list[int], group: int = GROUP) -> str:
    """Symbol values as text, in dash-separated groups (``group=0``: one block)."""
    text = "".join(ALPHABET[v] for v in values)
    if group <= 0:
        return text
    return "-".join(text[i : i + group] for i in range(0, len(text), group))


_BASE32 = "0123456789abcdefghijklmnopqrstuv"
"""The digits ``int(text, 32)`` reads: symbol value -> character (not the code's alphabet)."""


def digits(number: int) -> list[int]:
    """A non-negative integer in base 32, most significant symbol first (``[0]`` for 0).

    Read from the number's bits, five at a time: linear in its length (dividing
    by 32 again and again is quadratic for a long one)."""
    bits = format(number, "b")
    bits = "0" * (-len(bits) % 5) + bits
    return [int(bits[i : i + 5], 2) for i in range(0, len(bits), 5)]


def number(values: list[int]) -> int:
    """The integer whose base-32 symbols are ``values`` (most significant first); linear in
    their count (Python reads a power-of-two base without multiplying)."""
    if not values:
        return 0
    return int("".join(_BASE32[value] for value in values), 32)
