"""Share codes: a whole disc (terrain, crop layer, start and Otoma cells, name) as a short code.

A code is one version symbol, a payload, and three check symbols
(:mod:`pachaprint.model.base32`). The payload is one integer written in
base 32: the disc's fields as digits of a mixed radix, each digit's radix
known from the digits before it, read in this order:

=========  ==========================  =====================================
field      radix of each digit         bits (long disc)
=========  ==========================  =====================================
size       2                           1
terrain    4 per cell (V D F M)        90
crops      n, n-1, ..., 2 per region   log2(n!) per region of n cells
           (the region's levels in
           reading order, each as its
           rank among those left)
starts     cells (how many, less one)  5.5
start set  C(cells, k)                 log2 C(45, k): 25.4 for k = 7
otoma      2 (present?), then k, k-1,  1, then log2(k!/(k-5)!): 11.3 for k = 7
           ..., k-4 (each Otoma cell's
           rank among the start cells
           not used yet, in order)
=========  ==========================  =====================================

A name may follow after a ``.``: its UTF-8 bytes in base 32 and three check
symbols of its own (:func:`name_symbols`), so the code before it is the same
with or without the name.

The whole crop layer is in the code (not just the start crops), so a page
can rebuild the disc without a solver (the digital wheel's ``sharecode.js``
reads this format; it holds no rule); the start cells' crops are read from
it. That costs about 8 symbols against start crops alone: the shipped long
discs take 39 to 45 symbols (median 42), the tiny ones 23 to 25
(``benchmarks/share_code_lengths.py``). Regions are found as the model finds
them (reading order of their first cell). Decoding re-encodes what it read
and refuses a code that does not come out the same, so every disc has
exactly one code.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from math import ceil, comb, log2

from pachaprint.model.base32 import (
    ALPHABET,
    CHECK_SYMBOLS,
    GROUP,
    SymbolError,
    check_symbols,
    digits,
    number,
    one_slip_fixes,
    read_symbols,
    spelled,
)
from pachaprint.model.board import board_for
from pachaprint.model.regions import find_regions
from pachaprint.model.rules import MAX_REGION_SIZE, OTOMA_START_CELLS, TERRAIN_LETTERS
from pachaprint.model.scenario import Scenario

VERSION = 1
"""The code format this module writes and reads (the first symbol)."""
SIZES = ("tiny", "long")
TERRAINS = TERRAIN_LETTERS
OTOMA_CELLS = OTOMA_START_CELLS
MAX_NAME_BYTES = 240
"""A name is at most 60 characters, so at most 240 bytes of UTF-8."""
MIN_SYMBOLS = 12
"""Fewer symbols spell no disc: a tiny map's terrain alone makes the payload at least 2**39."""
NAME_MARK = "."
"""Between the code and the name part that may follow it."""
_LONG_CELLS = 45
MAX_SYMBOLS = (
    1
    + ceil(
        (
            1  # size
            + 2 * _LONG_CELLS  # terrain
            + _LONG_CELLS * log2(MAX_REGION_SIZE)  # crops: a rank below the region's size per cell
            + log2(_LONG_CELLS)  # how many start cells
            + _LONG_CELLS  # which: C(45, k) < 2**45
            + 1
            + OTOMA_CELLS * log2(_LONG_CELLS)  # Otoma
        )
        / 5
    )
    + CHECK_SYMBOLS
)
"""More symbols than any disc's code has (before a name part); longer codes are refused
before they are read."""
MAX_NAME_SYMBOLS = len(digits(1 << 8 * (MAX_NAME_BYTES + 1))) + CHECK_SYMBOLS
"""More symbols than a name part of :data:`MAX_NAME_BYTES` takes."""
MAX_CODE_TEXT = 4 * (MAX_SYMBOLS + MAX_NAME_SYMBOLS)
"""Characters of typed text, dashes and spaces included, beyond which no code is read."""


class ShareCodeError(ValueError):
    """A code that cannot be read: the message says why, in words."""


@dataclass(frozen=True)
class SharedDisc:
    """What a share code carries. Cells are indexes in reading order."""

    size: str
    terrain: str
    """One letter per cell, reading order."""
    crops: tuple[int, ...]
    """The complete crop layer, one level per cell."""
    start: tuple[int, ...]
    """Start cells, ascending."""
    otoma: tuple[int, ...] | None = None
    """The five Otoma start cells in the file's order (it fixes their colours)."""
    name: str | None = None

    @classmethod
    def of(cls, scenario: Scenario, crops: tuple[int, ...], with_name: bool = True) -> SharedDisc:
        """The disc of a valid scenario whose complete crop layer is ``crops``."""
        return cls(
            size=scenario.size,
            terrain=scenario.terrain_flat,
            crops=tuple(crops),
            start=tuple(sorted(scenario.start_cells)),
            otoma=scenario.otoma_cells or None,
            name=scenario.name if with_name else None,
        )


def shared_disc(scenario: Scenario, with_name: bool = True) -> SharedDisc:
    """The disc of a valid scenario whose crop layer is complete (no dots)."""
    if not scenario.is_complete:
        raise ValueError(f"{scenario.id}: the crop layer has dots; solve it first")
    return SharedDisc.of(scenario, scenario.crop_levels, with_name)


def code_of(scenario: Scenario, with_name: bool = True, group: int = GROUP) -> str:
    """The share code of a valid, complete scenario (its name part too, unless not ``with_name``)."""
    return encode(shared_disc(scenario, with_name), group)


class _Digits:
    """Mixed-radix digits written least significant first."""

    def __init__(self) -> None:
        self.value = 0
        self.weight = 1
        self.bits: dict[str, float] = {}

    def put(self, field: str, digit: int, radix: int) -> None:
        if not 0 <= digit < radix:
            raise ShareCodeError(f"{field}: {digit} does not fit in a digit of radix {radix}")
        self.value += digit * self.weight
        self.weight *= radix
        self.bits[field] = self.bits.get(field, 0.0) + log2(radix)


class _Reader:
    def __init__(self, value: int) -> None:
        self.value = value

    def take(self, radix: int) -> int:
        self.value, digit = divmod(self.value, radix)
        return digit


def _regions(size: str, terrain: str) -> list[tuple[int, ...]]:
    return [region.cells for region in find_regions(board_for(size), terrain)]


def _combination_rank(cells: tuple[int, ...]) -> int:
    """Rank of an ascending set of cells in the combinatorial number system."""
    return sum(comb(cell, i + 1) for i, cell in enumerate(cells))


def _combination(rank: int, count: int) -> tuple[int, ...]:
    """The ascending set of ``count`` cells whose rank is ``rank``."""
    cells = []
    for i in range(count, 0, -1):
        cell = i - 1
        while comb(cell + 1, i) <= rank:
            cell += 1
        rank -= comb(cell, i)
        cells.append(cell)
    return tuple(reversed(cells))


def _payload(disc: SharedDisc) -> _Digits:
    board = board_for(disc.size)
    out = _Digits()
    out.put("size", SIZES.index(disc.size), 2)
    for letter in disc.terrain:
        out.put("terrain", TERRAINS.index(letter), 4)
    for cells in _regions(disc.size, disc.terrain):
        left = sorted(range(1, len(cells) + 1))
        for cell in cells:
            level = disc.crops[cell]
            if level not in left:
                raise ShareCodeError(
                    f"the crops of the region at {board.name(cells[0])} are not each level 1-{len(cells)} once"
                )
            out.put("crops", left.index(level), len(left))
            left.remove(level)
    count = len(disc.start)
    out.put("starts", count - 1, board.cell_count)
    out.put("start set", _combination_rank(disc.start), comb(board.cell_count, count))
    out.put("otoma", 1 if disc.otoma else 0, 2)
    if disc.otoma:
        left = list(disc.start)
        for cell in disc.otoma:
            out.put("otoma", left.index(cell), len(left))
            left.remove(cell)
    return out


def encode_symbols(disc: SharedDisc) -> list[int]:
    """The symbol values of a disc's code (its name left out), check included."""
    body = [VERSION, *digits(_payload(disc).value)]
    return body + check_symbols(body)


def name_symbols(core: list[int], name: str) -> list[int]:
    """The symbol values of the name part that follows the code ``core``, check included.

    The name's UTF-8 bytes, after a byte 1 that keeps leading zero bytes, as one
    number in base 32; its check covers the code before it too (less that
    code's own check symbols: after a message and its own CRC every CRC is in
    the same state), so a name part reads only after its own disc.
    """
    raw = name.encode("utf-8")
    if not raw or len(raw) > MAX_NAME_BYTES:
        raise ShareCodeError(
            f"a name of {len(raw)} bytes of UTF-8 (a code holds 1 to {MAX_NAME_BYTES})"
        )
    body = digits(int.from_bytes(b"\x01" + raw, "big"))
    return body + check_symbols(core[:-CHECK_SYMBOLS] + body)


def encode(disc: SharedDisc, group: int = GROUP) -> str:
    """A disc's share code in dash-separated groups of ``group`` symbols (0: none).

    With a name, the name part follows after a ``.``; the code before it is the
    same with or without the name, and reads on its own.
    """
    core = encode_symbols(disc)
    if not disc.name:
        return spelled(core, group)
    return spelled(core, group) + NAME_MARK + spelled(name_symbols(core, disc.name), group)


def field_bits(disc: SharedDisc) -> dict[str, float]:
    """Bits each field of a disc's code takes (for the figures in reports and benchmarks)."""
    return _payload(disc).bits


def decode(text: str) -> SharedDisc:
    """The disc a share code carries; :class:`ShareCodeError` says why a code is not one."""
    text = text.strip()
    if len(text) > MAX_CODE_TEXT:
        raise ShareCodeError(
            f"{len(text):,} characters are too many for a share code (a code with its name "
            f"part has at most {MAX_SYMBOLS + 1 + MAX_NAME_SYMBOLS} symbols)"
        )
    core_text, mark, name_text = text.partition(NAME_MARK)
    values = _symbols(core_text, 0)
    if len(values) > MAX_SYMBOLS:
        raise ShareCodeError(
            f"{len(values)} symbols are too many for a share code (at most {MAX_SYMBOLS}"
            f" before a name part)"
        )
    disc = _decode_core(values, core_text)
    if not mark:
        return disc
    name_values = _symbols(name_text, len(core_text) + 1)
    if len(name_values) > MAX_NAME_SYMBOLS:
        raise ShareCodeError(
            f"the name part (after '{NAME_MARK}') has {len(name_values)} symbols; a name part "
            f"has at most {MAX_NAME_SYMBOLS}"
        )
    return replace(disc, name=_decode_name(values, name_values, name_text))


def _symbols(text: str, offset: int) -> list[int]:
    try:
        return read_symbols(text)
    except SymbolError as error:
        raise ShareCodeError(
            str(error).replace(
                f"character {error.position}", f"character {error.position + offset}"
            )
        ) from None


def _decode_name(core: list[int], values: list[int], text: str = "") -> str:
    if len(values) < 1 + CHECK_SYMBOLS:
        raise ShareCodeError(f"the name part after '{NAME_MARK}' is too short")
    body, check = values[:-CHECK_SYMBOLS], values[-CHECK_SYMBOLS:]
    if check_symbols(core[:-CHECK_SYMBOLS] + body) != check:
        before = core[:-CHECK_SYMBOLS]

        raise ShareCodeError(
            f"the check symbols of the name part (after '{NAME_MARK}') do not match: "
            + _where(values, text, lambda changed: True, before)
        )
    value = number(body)
    raw = value.to_bytes((value.bit_length() + 7) // 8, "big")
    try:
        name = raw[1:].decode("utf-8")
    except UnicodeDecodeError:
        name = ""
    if raw[:1] != b"\x01" or not name or name_symbols(core, name) != values:
        raise ShareCodeError(f"the name part (after '{NAME_MARK}') spells no name")
    return name


def _decode_core(values: list[int], text: str = "") -> SharedDisc:
    if len(values) < MIN_SYMBOLS:
        raise ShareCodeError(f"{len(values)} symbols are too few for a share code")
    body, check = values[:-CHECK_SYMBOLS], values[-CHECK_SYMBOLS:]
    if check_symbols(body) != check:
        if body[0] != VERSION:
            raise ShareCodeError(_unknown_version(body[0]))
        found = _where(values, text, lambda changed: _disc_of(changed) is not None)
        raise ShareCodeError(f"the check symbols do not match: {found}")
    if body[0] != VERSION:
        raise ShareCodeError(_unknown_version(body[0]))
    disc = _disc_of(values)
    if disc is None:
        # the check cannot see every slip: a symbol added at the end can keep it matching
        found = _where(values, text, lambda changed: _disc_of(changed) is not None)
        if found == SLIP:
            found = "not a share code"
        raise ShareCodeError(f"the check matches but the symbols spell no disc: {found}")
    return disc


def _disc_of(values: list[int]) -> SharedDisc | None:
    """The disc of a code's symbols (check included), or ``None`` if they are none."""
    body, check = values[:-CHECK_SYMBOLS], values[-CHECK_SYMBOLS:]
    if len(values) < MIN_SYMBOLS or body[0] != VERSION or check_symbols(body) != check:
        return None
    try:
        disc = _read_payload(_Reader(number(body[1:])))
    except (ShareCodeError, IndexError):
        return None
    return disc if encode_symbols(disc) == values else None


SUSPECTS = 3
"""At most this many groups are named as where a typing slip may be."""
SLIP = "a symbol was mistyped, left out or swapped"


def _where(
    values: list[int], text: str, fits: Callable[[list[int]], bool], before: Sequence[int] = ()
) -> str:
    """Where in ``text`` (the symbols ``values``, as typed) one slip would explain a check
    that does not match: the groups where changing, leaving out, adding or swapping one
    symbol gives symbols whose check matches (after ``before``) and that ``fits`` accepts."""
    chunks = _chunks(text, len(values))
    if chunks is None:
        return SLIP
    group_of = [n for n, chunk in enumerate(chunks) for _ in chunk]
    suspects: set[int] = set()
    for at, changed in one_slip_fixes(values, before):
        if group_of[at] not in suspects and fits(changed):
            suspects.add(group_of[at])
            if len(suspects) > SUSPECTS:
                return SLIP
    if not suspects:
        return SLIP
    named = [f"{n + 1} ({chunks[n]})" for n in sorted(suspects)]
    where = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " or " + named[-1]
    return f"{SLIP}, most likely in group {where}"


def _chunks(text: str, count: int) -> list[str] | None:
    """The groups of a typed code of ``count`` symbols: as its dashes and spaces part it,
    or (typed in one block) in groups of :data:`GROUP` as codes are printed."""
    chunks = [chunk for chunk in re.split(r"[-\s]+", text.strip()) if chunk]
    if len(chunks) == 1:
        chunks = [chunks[0][i : i + GROUP] for i in range(0, len(chunks[0]), GROUP)]
    return chunks if sum(len(c) for c in chunks) == count else None


def _unknown_version(symbol: int) -> str:
    return (
        f"unknown share code version {ALPHABET[symbol]} (this pachaprint reads version "
        f"{ALPHABET[VERSION]}): was the code made by a newer pachaprint, or mistyped?"
    )


def _read_payload(reader: _Reader) -> SharedDisc:
    size = SIZES[reader.take(2)]
    board = board_for(size)
    terrain = "".join(TERRAINS[reader.take(4)] for _ in board.cells)
    crops = [0] * board.cell_count
    for cells in _regions(size, terrain):
        if len(cells) > MAX_REGION_SIZE:
            raise ShareCodeError(f"a region of {len(cells)} cells")
        left = list(range(1, len(cells) + 1))
        for cell in cells:
            crops[cell] = left.pop(reader.take(len(left)))
    count = reader.take(board.cell_count) + 1
    start = _combination(reader.take(comb(board.cell_count, count)), count)
    otoma = None
    if reader.take(2):
        if count < OTOMA_CELLS:
            raise ShareCodeError("Otoma cells without five start cells")
        left = list(start)
        otoma = tuple(left.pop(reader.take(len(left))) for _ in range(OTOMA_CELLS))
    if reader.value:
        raise ShareCodeError("symbols left over after the disc")
    return SharedDisc(size, terrain, tuple(crops), start, otoma)
