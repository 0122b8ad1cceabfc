"""Share codes: the format (pinned), the round trip of every disc, and that damage is caught."""

from __future__ import annotations

import json
import random
from math import ceil, log2

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pachaprint.check.generate import random_crops, random_terrain
from pachaprint.check.solver import solver_for
from pachaprint.check.validate import validate_data
from pachaprint.model.base32 import (
    ALPHABET,
    CHECK_SYMBOLS,
    check_symbols,
    crc15,
    one_slip_fixes,
    read_symbols,
    spelled,
)
from pachaprint.model.board import board_for
from pachaprint.model.scenario import Scenario, crops_to_rows
from pachaprint.model.sharecode import (
    NAME_MARK,
    ShareCodeError,
    SharedDisc,
    code_of,
    decode,
    encode,
    encode_symbols,
    field_bits,
)
from tests.helpers import REPO
from tests.share_corpus import corpus

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def complete(text: str) -> Scenario:
    """The scenario of a valid file with its dots filled, as ``share`` reads it."""
    report = validate_data(json.loads(text), difficulty=False)
    assert report.valid and report.scenario is not None and report.solution is not None
    return report.scenario.with_crops(crops_to_rows(report.scenario.board, report.solution))


def shipped(name: str) -> Scenario:
    return complete((REPO / "scenarios" / f"{name}.json").read_text(encoding="utf-8"))


# -- the format is fixed: these codes must never change -------------------------------------
def test_codes_of_shipped_discs_are_pinned():
    assert code_of(shipped("sun-gate"), with_name=False) == "1F0SC-9DYK9-39BTD-ZCQ0N-0APB"
    assert code_of(shipped("titicaca-shoreline"), with_name=False) == (
        "12JE0-NBYP5-J3146-SD70A-0C585-HBZBT-QXFT0-1ZNB"
    )
    assert code_of(shipped("sun-gate")) == (
        "1F0SC-9DYK9-39BTD-ZCQ0N-0APB.2N38C-MG56X-BE413-P2X35-46T"
    )


def test_bits_per_field_add_up_to_the_payload():
    disc = SharedDisc.of(shipped("titicaca-shoreline"), shipped("titicaca-shoreline").crop_levels)
    bits = field_bits(disc)
    assert bits["size"] == 1.0
    assert bits["terrain"] == 90.0
    assert bits["starts"] == pytest.approx(log2(45))
    assert bits["start set"] == pytest.approx(log2(1221759))  # C(45, 5)
    assert bits["otoma"] == pytest.approx(1 + log2(120))  # present, then 5 of 5 in order
    payload = len(encode_symbols(disc)) - 1 - CHECK_SYMBOLS
    # the payload is one number below the product of every radix: at most this many symbols
    assert payload <= ceil(sum(bits.values()) / 5)


# -- round trips ------------------------------------------------------------------------------
@pytest.mark.parametrize(("label", "text"), corpus(), ids=[label for label, _ in corpus()])
def test_every_shipped_and_fixture_disc_round_trips(label, text):
    scenario = complete(text)
    disc = decode(code_of(scenario))
    assert disc.size == scenario.size
    assert disc.terrain == scenario.terrain_flat
    assert disc.crops == scenario.crop_levels
    assert disc.start == tuple(sorted(scenario.start_cells))
    assert disc.otoma == (scenario.otoma_cells or None)
    assert disc.name == scenario.name
    assert decode(code_of(scenario, with_name=False)) == SharedDisc.of(
        scenario, scenario.crop_levels, with_name=False
    )


@st.composite
def discs(draw):
    """A random map that obeys the rules (uniqueness does not matter to the codec)."""
    size = draw(st.sampled_from(["tiny", "long"]))
    board = board_for(size)
    rng = random.Random(draw(st.integers(0, 1 << 30)))
    while True:
        terrain = random_terrain(board, rng)
        crops = random_crops(solver_for(board, terrain), rng)
        if crops is not None:
            break
    start = tuple(sorted(draw(st.sets(st.sampled_from(list(board.cells)), min_size=1))))
    otoma = None
    if size == "long" and len(start) >= 5 and draw(st.booleans()):
        otoma = tuple(draw(st.permutations(start))[:5])
    name = draw(
        st.none() | st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=60)
    )
    return SharedDisc(size, terrain, crops, start, otoma, name)


@pytest.mark.slow
@SETTINGS
@given(discs())
def test_random_discs_round_trip(disc):
    code = encode(disc)
    assert decode(code) == disc
    assert decode(code.lower().replace("-", "")) == disc
    assert decode(code.replace("-", " ")) == disc


@pytest.mark.slow
@SETTINGS
@given(discs(), st.data())
def test_any_single_changed_symbol_is_caught(disc, data):
    code = encode(disc, group=0)
    position = data.draw(st.integers(0, len(code) - 1))
    if code[position] == NAME_MARK:
        return
    other = data.draw(st.sampled_from([ch for ch in ALPHABET if ch != code[position]]))
    with pytest.raises(ShareCodeError):
        decode(code[:position] + other + code[position + 1 :])


@pytest.mark.slow
@SETTINGS
@given(discs(), st.data())
def test_swapped_neighbours_and_a_lost_symbol_are_caught(disc, data):
    code = encode(disc, group=0).partition(NAME_MARK)[0]
    i = data.draw(st.integers(0, len(code) - 2))
    if code[i] != code[i + 1]:
        with pytest.raises(ShareCodeError):
            decode(code[:i] + code[i + 1] + code[i] + code[i + 2 :])
    with pytest.raises(ShareCodeError):
        decode(code[:i] + code[i + 1 :])


@pytest.mark.slow
def test_every_single_symbol_change_of_a_long_code_is_caught():
    code = code_of(shipped("titicaca-shoreline"), group=0)
    caught = 0
    for position, ch in enumerate(code):
        if ch == NAME_MARK:
            continue
        for other in ALPHABET:
            if other != ch:
                with pytest.raises(ShareCodeError):
                    decode(code[:position] + other + code[position + 1 :])
                caught += 1
    assert caught == 31 * (len(code) - 1)


# -- reading what people type -------------------------------------------------------------------
def test_case_dashes_spaces_and_look_alikes_are_read_as_crockford_does():
    code = code_of(shipped("sun-gate"), with_name=False)
    disc = decode(code)
    assert decode(f"  {code.lower()}  ") == disc
    assert decode(code.replace("-", "")) == disc
    assert decode(code.replace("0", "o").replace("1", "l")) == disc
    assert decode(code.replace("1", "I")) == disc
    assert read_symbols("oOiIlL") == [0, 0, 1, 1, 1, 1]


def test_the_disc_reads_without_its_name_part():
    scenario = shipped("sun-gate")
    core, mark, _ = code_of(scenario).partition(NAME_MARK)
    assert mark
    assert decode(core).name is None
    assert decode(core).terrain == scenario.terrain_flat


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("1F0SC-9DYK9-39BTD-ZCQ0N-0APC", "the check symbols do not match"),
        ("1F0SC-9DYK9-39BDT-ZCQ0N-0APB", "the check symbols do not match"),
        ("1F0SC-9DYK9-39BTD-ZCQ0N-0AP", "the check symbols do not match"),
        ("1F0SC-9DYU9-39BTD-ZCQ0N-0APB", "'U' (character 10) is not a share code symbol"),
        ("1F0SC", "5 symbols are too few"),
        ("1F0SC-9DYK9-39BTD-ZCQ0N-0APB.2N38C-MG56X-BE413-P2X35-46V", "of the name part"),
        ("1F0SC-9DYK9-39BTD-ZCQ0N-0APB.2N", "the name part after '.' is too short"),
    ],
)
def test_bad_codes_say_what_is_wrong(code, message):
    with pytest.raises(ShareCodeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        decode(code)


def test_an_unknown_version_is_named():
    values = [2, *read_symbols("F0SC9DYK939BTDZCQ0N0")]
    code = spelled(values + check_symbols(values), 0)
    with pytest.raises(ShareCodeError, match="unknown share code version 2"):
        decode(code)


def test_a_name_part_belongs_to_its_own_disc():
    name_part = code_of(shipped("sun-gate")).partition(NAME_MARK)[2]
    other = code_of(shipped("akapana-mound"), with_name=False)
    with pytest.raises(ShareCodeError, match="name part"):
        decode(f"{other}{NAME_MARK}{name_part}")


def test_a_leading_zero_symbol_is_no_second_code_of_a_disc():
    values = encode_symbols(decode("1F0SC-9DYK9-39BTD-ZCQ0N-0APB"))
    padded = [values[0], 0, *values[1:-CHECK_SYMBOLS]]
    code = spelled(padded + check_symbols(padded), 0)
    with pytest.raises(ShareCodeError, match="spell no disc"):
        decode(code)


def test_a_layer_that_breaks_the_rules_has_no_code():
    scenario = shipped("sun-gate")
    broken = SharedDisc("tiny", scenario.terrain_flat, (1,) * 25, (0,))
    with pytest.raises(ShareCodeError, match="not each level"):
        encode(broken)


# -- where a typing slip is ---------------------------------------------------------------------
def _bitwise_crc15(values: list[int]) -> int:
    """The CRC-15 one bit at a time, as the format defines it (the reference)."""
    crc = 0x7FFF
    for value in values:
        for bit in range(4, -1, -1):
            top = (crc >> 14 & 1) ^ (value >> bit & 1)
            crc = (crc << 1) & 0x7FFF
            if top:
                crc ^= 0x4599
    return crc


@given(st.lists(st.integers(0, 31), max_size=60))
def test_the_crc_a_symbol_at_a_time_is_the_bitwise_crc(values):
    assert crc15(values) == _bitwise_crc15(values)
    assert crc15(values[7:], crc15(values[:7])) == crc15(values)


def _one_slip_codes(values: list[int]) -> set[tuple[int, ...]]:
    """Every code one slip from ``values`` (brute force: the reference for one_slip_fixes)."""
    found = set()
    for at in range(len(values) + 1):
        for symbol in range(32):
            found.add((*values[:at], symbol, *values[at:]))
            if at < len(values):
                found.add((*values[:at], symbol, *values[at + 1 :]))
        found.add((*values[:at], *values[at + 1 :]))
        if at + 1 < len(values):
            found.add((*values[:at], values[at + 1], values[at], *values[at + 2 :]))
    found.discard(tuple(values))
    return found


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 31), min_size=1, max_size=12),
    st.lists(st.integers(0, 31), min_size=5, max_size=45),
    st.integers(0, 4),
    st.data(),
)
def test_one_slip_fixes_are_every_neighbouring_code_whose_check_matches(before, body, slip, data):
    before = data.draw(st.sampled_from([[], before]))
    values = body + check_symbols(before + body)
    at = data.draw(st.integers(0, len(values) - 1))
    if slip == 0:
        values[at] ^= data.draw(st.integers(1, 31))
    elif slip == 1:
        values.insert(at, data.draw(st.integers(0, 31)))
    elif slip == 2:
        del values[at]
    elif slip == 3 and at + 1 < len(values):
        values[at], values[at + 1] = values[at + 1], values[at]
    elif slip == 4:
        values = data.draw(st.lists(st.integers(0, 31), min_size=4, max_size=48))
    fast = {tuple(code) for _, code in one_slip_fixes(values, before)}
    fast.discard(tuple(values))
    matching = {
        code
        for code in _one_slip_codes(values)
        if len(code) > CHECK_SYMBOLS
        and check_symbols([*before, *code[:-CHECK_SYMBOLS]]) == list(code[-CHECK_SYMBOLS:])
    }
    assert fast == matching


def test_a_mistyped_code_names_the_group_of_the_slip():
    code = code_of(shipped("sun-gate"), with_name=False)
    assert code == "1F0SC-9DYK9-39BTD-ZCQ0N-0APB"
    for typed, group in (
        ("1F0SC-9DYK9-39BTE-ZCQ0N-0APB", "3 (39BTE)"),  # changed
        ("1F0SC-9DYK9-39BD-ZCQ0N-0APB", "3 (39BD)"),  # left out
        ("1F0SC-9DYK9-39BTD-ZCQ0NN-0APB", "4 (ZCQ0NN)"),  # doubled
        ("1F0SC-9DKY9-39BTD-ZCQ0N-0APB", "2 (9DKY9)"),  # swapped
        ("1F0SC-9DYK9-39BTD-ZCQ0N-0ABP", "5 (0ABP)"),  # swapped in the check
        ("1f0sc9dyk939btdzcq0n0apc", "5 (0apc)"),  # in one block: groups of five
        ("1F0SC-9DYK9-39BTD-ZCQ0N-0APB0", "5 (0APB0)"),  # one too many keeps the check
    ):
        with pytest.raises(ShareCodeError) as caught:
            decode(typed)
        assert str(caught.value).endswith(
            f"a symbol was mistyped, left out or swapped, most likely in group {group}"
        ), typed


def test_a_slip_in_a_shipped_code_is_placed_in_its_group_nine_times_in_ten():
    """Each shipped disc's code with one symbol changed at a chosen place: the message
    names the group of the slip (alone, or among at most three)."""
    named = alone = tried = 0
    rng = random.Random(7)
    for path in sorted((REPO / "scenarios").glob("*.json")):
        code = code_of(complete(path.read_text(encoding="utf-8")), with_name=False)
        places = [i for i, ch in enumerate(code) if ch != "-"]
        for at in rng.sample(places, 5):
            other = rng.choice([ch for ch in ALPHABET if ch != code[at]])
            group = code[:at].count("-") + 1
            with pytest.raises(ShareCodeError) as caught:
                decode(code[:at] + other + code[at + 1 :])
            message = str(caught.value)
            tried += 1
            where = message.partition("most likely in group ")[2]
            named += f"{group} (" in where
            alone += where.startswith(f"{group} (") and " or " not in where
    assert tried == 100
    assert named >= 90 and alone >= 75, (named, alone)
