"""Every rule id triggered and not triggered on small hand-made grids (table-driven).

Each row: a grid, and the exact problems expected as (rule id, cells) pairs.
The base is the tiny example "Lake Shore":

    VVFFF  12142        regions: V{a1 b1 a2 b2 c2} F{c1 d1 e1 d2} V{e2}
    VVVFV  34531                 D{b3 c3} M{a3 a4 b4 a5} M{d3 e3 d4 e4 e5}
    MDDMM  21242                 V{c4 b5 c5 d5}
    MMVMM  34353
    MVVVM  12141
"""

from __future__ import annotations

import pytest

from pachaprint.check.validate import validate_data
from tests.helpers import LAKE_CROPS, LAKE_TERRAIN, example, scenario_dict

START = ["d1", "b2", "a5", "e5"]

CASES = [
    # (name, terrain, crops, start, extra keys, expected [(rule, cells)])
    ("valid", LAKE_TERRAIN, LAKE_CROPS, START, {}, []),
    (
        "region-size",
        ["VVFFF", "VVVVV", "MDDMM", "MMVMM", "MVVVM"],
        LAKE_CROPS,
        START,
        {},
        [
            ("region-size", ("a1", "b1", "a2", "b2", "c2", "d2", "e2")),
            ("crop-range", ("c1", "d1", "e1")),  # the Forest region shrank to 3 cells but holds a 4
            ("unsolvable", ("a1", "b1", "a2", "b2", "c2", "d2", "e2")),  # the terrain: 7 cells
        ],
    ),
    (
        "region-separation",
        ["VVFFF", "VVVFV", "MDDVM", "MMVMM", "MVVVM"],
        LAKE_CROPS,
        START,
        {},
        [
            ("region-separation", ("c2", "d3")),
            ("region-separation", ("e2", "d3")),
            ("region-separation", ("d3", "c4")),
            ("crop-range", ("d3",)),
            ("crop-range", ("e3", "d4", "e4", "e5")),
            ("unsolvable", ("e2", "d3")),  # the terrain: two touching 1-cell Valley regions
        ],
    ),
    (
        "crop-separation and mismatch",
        LAKE_TERRAIN,
        ["12142", "34531", "21242", "34353", "12411"],
        START,
        {},
        [
            ("crop-separation", ("b4", "c5")),
            ("crop-separation", ("d5", "e5")),
            ("crops-mismatch", ("c5", "d5")),
        ],
    ),
    (
        "crop-range repeat",
        LAKE_TERRAIN,
        ["12142", "34531", "21242", "34353", "12131"],
        START,
        {},
        [
            ("crop-range", ("c4", "b5", "c5", "d5")),
            ("crop-separation", ("c4", "d5")),
            ("crop-separation", ("e4", "d5")),
            ("crops-mismatch", ("d5",)),
        ],
    ),
    (
        "crops-mismatch only",
        LAKE_TERRAIN,
        [".1.4.", ".4...", ".....", ".....", "1...1"],
        START,
        {},
        [
            ("crops-mismatch", ("b1",)),
        ],
    ),
    (
        "not-unique",
        LAKE_TERRAIN,
        LAKE_CROPS,
        ["a5"],
        {},
        [
            ("not-unique", ("e4", "e5")),
        ],
    ),
    (
        "start repeated and without digit",
        LAKE_TERRAIN,
        ["1214.", "34531", "21242", "34353", "12141"],
        ["d1", "b2", "a5", "e5", "e1", "b2"],
        {},
        [
            ("start", ("e1",)),
            ("start", ("b2",)),
        ],
    ),
    ("start off a tiny board", LAKE_TERRAIN, LAKE_CROPS, [*START, "g3"], {}, [("start", ("g3",))]),
    (
        "solo on tiny",
        LAKE_TERRAIN,
        LAKE_CROPS,
        START,
        {"solo": {"otoma": ["d1", "b2", "a5", "e5", "a1"]}},
        [
            ("start", ("d1", "b2", "a5", "e5", "a1")),
        ],
    ),
    (
        "unsolvable start crops",
        LAKE_TERRAIN,
        ["12142", "34531", "21242", "34353", "12142"],
        START,
        {},
        [
            ("crop-range", ("d3", "e3", "d4", "e4", "e5")),
            ("unsolvable", ("a5", "e5")),  # the smallest set of start crops no layer holds
        ],
    ),
]


@pytest.mark.parametrize(
    "name,terrain,crops,start,extra,expected", CASES, ids=[c[0] for c in CASES]
)
def test_rule_table(name, terrain, crops, start, extra, expected):
    report = validate_data(scenario_dict(terrain, crops, start, **extra))
    assert [(p.rule.value, p.cells) for p in report.errors] == expected
    assert report.valid == (not expected)


def test_every_rule_id_is_covered_by_the_tables():
    covered = {rule for case in CASES for rule, _ in case[5]}
    covered |= {"json", "schema", "dimensions", "box-limit"}  # tested below and in test_load
    assert covered == {
        "json",
        "schema",
        "dimensions",
        "region-size",
        "region-separation",
        "crop-range",
        "crop-separation",
        "start",
        "unsolvable",
        "not-unique",
        "crops-mismatch",
        "box-limit",
    }


LONG_TERRAIN = example("high-valley")["terrain"]
LONG_CROPS = example("high-valley")["crops"]


def test_otoma_cells_must_be_start_cells_and_distinct():
    start = ["i2", "a1", "b1", "c1", "d1"]
    report = validate_data(
        scenario_dict(
            LONG_TERRAIN, LONG_CROPS, start, solo={"otoma": ["i2", "a1", "b1", "a1", "e5"]}
        )
    )
    assert [(p.rule.value, p.cells) for p in report.errors] == [
        ("start", ("a1",)),
        ("start", ("e5",)),
    ]
    assert "listed 2 times" in report.errors[0].message
    assert "e5 is not a start cell" in report.errors[1].message


def test_box_limit_terrain_and_crops():
    # A long map with 18 desert cells (box: 17) built from desert singletons
    # and 2-cell regions is out of the box; the checker names the cells.
    terrain = ["DVDVDVDVD", "VDVDVDVDV", "DVDVDVDVD", "VDVDVDVDV", "DVDVDVDVD"]
    crops = ["111111111"] * 5
    report = validate_data(scenario_dict(terrain, crops, ["a1"]))
    boxes = [p for p in report.errors if p.rule.value == "box-limit"]
    # 23 single-cell desert regions, 22 valley: both beyond their stacks, and 45 level-1 crops > 13.
    assert [p.message for p in boxes] == [
        "needs 45 level-1 crop tiles (one per region of 1+ cells); the box has 13",
        "needs 23 Desert tiles; the box has 17",
        "needs 22 Valley tiles; the box has 15",
    ]
    assert len(boxes[1].cells) == 23
    unlimited = validate_data(scenario_dict(terrain, crops, ["a1"]), box="unlimited")
    assert not [p for p in unlimited.errors if p.rule.value == "box-limit"]


def test_dimensions_stop_later_checks():
    report = validate_data(scenario_dict(LAKE_TERRAIN[:4], ["1214", *LAKE_CROPS[1:]], START))
    assert [(p.rule.value, p.pointer) for p in report.errors] == [
        ("dimensions", "/terrain"),
        ("dimensions", "/crops/0"),
    ]
    assert report.errors[0].message == "terrain has 4 rows; a tiny board has 5"
    long_rows = validate_data(scenario_dict(LAKE_TERRAIN, LAKE_CROPS, START, size="long"))
    assert {p.pointer for p in long_rows.errors} == {
        f"/{k}/{i}" for k in ("terrain", "crops") for i in range(5)
    }


def test_warnings_do_not_invalidate():
    dots = validate_data(
        scenario_dict(LAKE_TERRAIN, [".2.4.", ".4...", ".....", ".....", "1...1"], START)
    )
    assert dots.valid
    assert [p.rule.value for p in dots.warnings] == ["incomplete"]
    assert len(dots.warnings[0].cells) == 25 - 5
    few = validate_data(example("high-valley"))
    assert few.valid and [p.rule.value for p in few.warnings] == ["solo"]


def test_not_unique_counts_and_suggests_start_cells():
    report = validate_data(scenario_dict(LAKE_TERRAIN, LAKE_CROPS, ["a5"]))
    message = report.errors[0].message
    assert message.startswith("16 crop layers fit")
    # The suggested cells, added with the author's crops, must make the map unique.
    suggested = message.split("Adding start cells ")[1].split(" would")[0]
    names = [part.split(" ")[0] for part in suggested.replace(" and ", ", ").split(", ")]
    fixed = validate_data(scenario_dict(LAKE_TERRAIN, LAKE_CROPS, ["a5", *names]))
    assert fixed.valid


def test_unsolvable_names_a_simple_reason():
    # c3 (a 1-cell Forest) touches every cell of the 5-cell Desert region around it: no level fits.
    terrain = ["MVVVM", "MDDDM", "VDFDV", "VMVMV", "FFMFF"]
    report = validate_data(
        scenario_dict(terrain, ["1....", ".....", ".....", ".....", "....."], ["a1"])
    )
    unsolvable = [p for p in report.errors if p.rule.value == "unsolvable"]
    assert len(unsolvable) == 1
    assert "c3 touches every cell of the 5-cell Desert region" in unsolvable[0].message


def test_unsolvable_names_the_cell_left_without_a_level():
    # d1 now holds 1 (a start cell); e2, a 1-cell Valley region touching d1, needs 1 too.
    crops = ["12112", *LAKE_CROPS[1:]]
    report = validate_data(scenario_dict(LAKE_TERRAIN, crops, START))
    unsolvable = [p for p in report.errors if p.rule.value == "unsolvable"]
    assert [(p.message, p.cells) for p in unsolvable] == [
        (
            "start cell d1 holds 1, but no crop layer of this terrain has 1 there: "
            "placing it leaves no level for e2",
            ("d1",),
        )
    ]
