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

from collections.abc import Iterator, Sequence

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


def _step_table() -> tuple[int, ...]:
    """What five CRC steps add for each value of the top five bits xor a symbol's bits."""
    table = []
    for top in range(32):
        crc = top << 10
        for _ in range(5):
            crc = ((crc << 1) ^ _POLY if crc & 0x4000 else crc << 1) & 0x7FFF
        table.append(crc)
    return tuple(table)


_STEP = _step_table()


def crc15(values: list[int], crc: int = _INIT) -> int:
    """The CRC-15 of a sequence of 5-bit symbol values (a symbol at a time: the five bit
    steps of one symbol fold into a table look-up). ``crc``: the CRC of the symbols before
    ``values``, to go on from."""
    for value in values:
        crc = ((crc << 5) & 0x7FFF) ^ _STEP[(crc >> 10) ^ value]
    return crc


def _shift(crc: int) -> int:
    """The CRC after one more symbol of value 0 (a linear map: the CRC of a symbol ``v``
    after ``crc`` is ``_shift(crc) ^ _STEP[v]``)."""
    return ((crc << 5) & 0x7FFF) ^ _STEP[crc >> 10]


def one_slip_fixes(
    values: list[int], before: Sequence[int] = ()
) -> Iterator[tuple[int, list[int]]]:
    """The codes one slip away from ``values`` (symbols, their check last) whose check
    matches, as ``(position, symbols)``: one symbol changed, added, left out or two
    neighbours swapped. ``before``: symbols the check covers ahead of ``values`` (a
    name part's check covers its code).

    A CRC is linear, so the change a slip makes to it is worked out from a table per
    position rather than by checking each of the ~3,000 neighbouring codes in full.
    """
    body, check = values[:-CHECK_SYMBOLS], values[-CHECK_SYMBOLS:]
    size = len(body)
    received = _value(check)
    start = crc15(list(before))
    prefix = [start]
    for value in body:
        prefix.append(crc15([value], prefix[-1]))
    syndrome = prefix[size] ^ received
    # effect[e][d]: what xor-ing d into the symbol e places before the check does to the CRC
    effect = [list(_STEP)]
    for _ in range(size):
        effect.append([_shift(crc) for crc in effect[-1]])
    # tail[k]: the part of the CRC that the body's symbols from k on contribute
    tail = [0] * (size + 1)
    for k in range(size - 1, -1, -1):
        tail[k] = tail[k + 1] ^ effect[size - 1 - k][body[k]]

    def changed(at: int, symbol: int) -> list[int]:
        return [*values[:at], symbol, *values[at + 1 :]]

    for at in range(size):  # one body symbol changed
        row = effect[size - 1 - at]
        for delta in range(1, 32):
            if row[delta] == syndrome:
                yield at, changed(at, body[at] ^ delta)
    for j in range(CHECK_SYMBOLS):  # one check symbol changed
        shift = 5 * (CHECK_SYMBOLS - 1 - j)
        delta = syndrome >> shift & 31
        if delta and syndrome == delta << shift:
            yield size + j, changed(size + j, check[j] ^ delta)
    for at in range(size - 1):  # neighbours in the body swapped
        delta = body[at] ^ body[at + 1]
        if delta and effect[size - 1 - at][delta] ^ effect[size - 2 - at][delta] == syndrome:
            yield at, [*values[:at], values[at + 1], values[at], *values[at + 2 :]]
    for at in range(size + 1):  # a symbol left out of the body before ``at``
        # with x put back at ``at`` the CRC is received iff effect[size - at][x] == target
        target = received ^ tail[at] ^ _shift(prefix[size] ^ tail[at])
        for symbol, crc in enumerate(effect[size - at]):
            if crc == target:
                yield at, [*values[:at], symbol, *values[at:]]
    for at in range(size):  # one body symbol too many
        if crc15(body[at + 1 :], prefix[at]) == received:
            yield at, values[:at] + values[at + 1 :]
    # slips among the check symbols, or across their start: few enough to try in full
    for at in range(size - 1, len(values) + 1):
        tries = [[*values[:at], symbol, *values[at:]] for symbol in range(32)]
        if at < len(values):
            tries.append(values[:at] + values[at + 1 :])
        if at + 1 < len(values):
            tries.append([*values[:at], values[at + 1], values[at], *values[at + 2 :]])
        for tried in tries:
            cut = len(tried) - CHECK_SYMBOLS
            base = min(at, cut, size)  # the symbols before are the body's: go on from its CRC
            if tried != values and crc15(tried[base:cut], prefix[base]) == _value(tried[cut:]):
                yield min(at, len(values) - 1), tried


def _value(check: list[int]) -> int:
    return (check[0] << 10) | (check[1] << 5) | check[2]


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
