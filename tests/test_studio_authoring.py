"""What the studio asks the library: the live verdict, the fix for ambiguity, the explained steps, saving text."""

from __future__ import annotations

import json

import pytest

from pachaprint.check.conflict import terrain_conflict
from pachaprint.check.explain import explain
from pachaprint.check.fill import filled_text, updated_text
from pachaprint.check.rules import settling_start_cells
from pachaprint.check.validate import validate_data
from pachaprint.model.board import board_for
from pachaprint.model.scenario import Scenario
from pachaprint.studio.authoring import (
    NO_START,
    TERRAIN_CONFLICT,
    TERRAIN_FITS,
    DocumentError,
    blank_document,
    check_document,
    disc_of,
    explain_document,
    generated_document,
)
from tests.helpers import LAKE_CROPS, REPO, example


def ambiguous() -> dict:
    """Lake Shore with one start cell left: many crop layers fit."""
    data = example("lake-shore")
    data["start"] = ["d1"]
    return data


def test_verdict_of_a_valid_map():
    verdict = check_document(example("lake-shore"))
    assert verdict["ready"] and verdict["valid"]
    assert verdict["status"] == "unique"
    assert verdict["difficulty"] == "medium"
    assert verdict["solution"] == LAKE_CROPS
    assert verdict["errors"] == [] and verdict["suggestion"] is None


def test_verdict_names_each_defect_with_its_rule_and_cells():
    data = example("lake-shore")
    data["crops"] = ["12142", "34531", "21242", "34353", "12144"]  # e5 now 4, beside d5 (4)
    verdict = check_document(data)
    assert not verdict["valid"]
    found = {(p["rule"], tuple(p["cells"])) for p in verdict["errors"]}
    assert ("crop-separation", ("d5", "e5")) in found
    assert all(p["message"] for p in verdict["errors"])


def test_unpainted_cells_are_one_problem_listing_them_and_other_fields_still_count():
    data = blank_document("tiny", "new-disc", "")
    data["terrain"] = ["VV...", ".....", ".....", ".....", "....."]
    verdict = check_document(data)
    assert not verdict["ready"] and not verdict["valid"]
    unpainted = verdict["errors"][0]
    assert unpainted["rule"] == "unpainted"
    assert len(unpainted["cells"]) == 23 and "a1" not in unpainted["cells"]
    assert unpainted["message"].startswith("23 cells still need a terrain: c1, d1")
    rules = [(p["rule"], p.get("pointer")) for p in verdict["errors"][1:]]
    assert rules == [("schema", "/name")]  # no start cells yet: the next step, not a problem
    assert verdict["guide"] is None and verdict["id_for_name"] is None


def test_a_blank_map_greets_with_the_first_step_not_a_schema_message():
    verdict = check_document(blank_document("long", "new-disc", "New disc"))
    assert [p["message"] for p in verdict["errors"]] == ["all 45 cells still need a terrain"]
    assert verdict["guide"].startswith("A blank map. Paint the terrain first")
    assert verdict["id_for_name"] == "new-disc"
    assert not any("item" in p["message"] for p in verdict["errors"])


def test_before_any_start_cell_the_terrain_alone_is_judged():
    data = example("lake-shore")
    data["start"] = []
    verdict = check_document(data)
    assert verdict["errors"][0] == {"rule": "start", "cells": [], "message": NO_START}
    assert verdict["guide"].startswith("Now mark the start cells")
    assert verdict["terrain"] == {"solvable": True, "message": TERRAIN_FITS, "cells": []}
    assert len(verdict["errors"]) == 1 and verdict["status"] is None
    # issue 20's terrain that admits no crop layer: the library's smallest conflict, by name
    data["terrain"] = ["VVVVD", "FFFVD", "MMFDD", "VMMMF", "VVDFF"]
    data["crops"] = ["....."] * 5
    verdict = check_document(data)
    conflict = terrain_conflict(data["terrain"])
    assert conflict is not None
    cells = board_for("tiny").names(conflict.cells)
    assert verdict["terrain"] == {
        "solvable": False,
        "message": TERRAIN_CONFLICT.format(count=15),
        "cells": cells,
    }
    assert verdict["terrain"]["message"].startswith(
        "No crop layer fits this terrain, whatever the start cells: repaint some of the 15 cells"
    )
    assert verdict["status"] == "none" and not verdict["ready"] and verdict["guide"] is None
    assert verdict["errors"][1:] == [
        {"rule": "unsolvable", "cells": cells, "message": conflict.message}
    ]


def test_suggested_start_cells_make_an_ambiguous_map_unique():
    data = ambiguous()
    verdict = check_document(data)
    assert verdict["status"] == "multiple"
    suggestion = verdict["suggestion"]
    assert suggestion, "a not-unique map offers start cells"
    message = next(p["message"] for p in verdict["errors"] if p["rule"] == "not-unique")
    for cell, level in suggestion.items():
        assert f"{cell} ({level})" in message
    crops = [list(row) for row in data["crops"]]
    for cell, level in suggestion.items():
        crops[int(cell[1]) - 1]["abcde".index(cell[0])] = str(level)
    data["crops"] = ["".join(row) for row in crops]
    data["start"] = data["start"] + list(suggestion)
    after = check_document(data)
    assert after["valid"] and after["status"] == "unique"


def test_settling_start_cells_is_empty_for_a_unique_map():
    assert settling_start_cells(Scenario.from_dict(example("lake-shore"))) == {}


def test_explained_steps_replay_the_library_chain_to_the_solution():
    data = example("lake-shore")
    explained = explain_document(data)
    chain = explain(Scenario.from_dict(data))
    assert [s["text"] for s in explained["steps"]] == [d.text for d in chain]
    assert explained["complete"] and explained["difficulty"] == "medium"
    assert explained["givens"] == ["d1", "b2", "a5", "e5"]
    assert sorted(explained["placed"]) == sorted(explained["givens"])
    assert explained["initial"][3] == "4"  # d1 is given as 4
    last = explained["steps"][-1]
    assert "".join(last["candidates"]) == "".join(LAKE_CROPS)
    assert len(last["placed"]) == 25
    for step in explained["steps"]:
        assert step["cells"], "every step changes a cell"
        for cell, levels in step["ruled_out"].items():
            index = "abcde".index(cell[0]) + 5 * (int(cell[1]) - 1)
            assert not set(map(str, levels)) & set(step["candidates"][index])


def test_explain_and_pictures_refuse_a_map_not_ready():
    blank = blank_document("long", "x", "X")
    with pytest.raises(DocumentError, match="paint every cell"):
        explain_document(blank)
    with pytest.raises(DocumentError) as refused:
        disc_of(ambiguous())
    assert [p["rule"] for p in refused.value.problems] == ["not-unique"]


def test_disc_of_fills_dots_and_grades():
    data = example("lake-shore")
    data["crops"] = ["...4.", ".4...", ".....", ".....", "1...1"]
    disc = disc_of(data)
    assert disc.scenario.crops == tuple(LAKE_CROPS) and disc.grade == "medium"


def test_generated_documents_are_valid_and_take_the_id_asked_for():
    data = generated_document("long", "easy", 7, "fresh-one")
    assert data["id"] == "fresh-one"
    report = validate_data(data)
    assert report.valid and report.stats["difficulty"] == "easy"
    assert len(data["solo"]["otoma"]) == 5
    with pytest.raises(ValueError):
        generated_document("huge", "easy", 7)


# -- saving text: the code behind solve --write ------------------------------------------
def test_updated_text_keeps_key_order_and_puts_new_keys_in_place():
    raw = json.dumps(
        {"format": "pachaprint-scenario/1", "id": "a", "name": "A", "zz": 1, "size": "tiny"}
    ).encode()
    text = updated_text(raw, {"name": "B", "author": "Me", "notes": "n", "id": None})
    assert list(json.loads(text)) == ["format", "name", "author", "zz", "size", "notes"]
    assert json.loads(text)["name"] == "B"
    fresh = updated_text(None, {"notes": "n", "terrain": ["VV", "DD"], "format": "f"})
    assert list(json.loads(fresh)) == ["format", "terrain", "notes"]
    assert '\n    "VV",\n    "DD"\n' in fresh and fresh.endswith("\n")


def test_filled_text_is_unchanged_by_the_refactor():
    data = example("lake-shore")
    data["crops"] = ["...4.", ".4...", ".....", ".....", "1...1"]
    raw = json.dumps(data, indent=4).encode()
    scenario = Scenario.from_dict(data)
    solution = tuple(int(ch) for ch in "".join(LAKE_CROPS))
    text = filled_text(raw, scenario.board, solution)
    expected = json.dumps({**data, "crops": LAKE_CROPS}, indent=2, ensure_ascii=False) + "\n"
    assert text == expected


def test_settling_start_cells_are_the_same_with_or_without_the_last_validation():
    from pachaprint.check import rules

    scenario = Scenario.from_dict(ambiguous())
    after_validation = check_document(ambiguous())["suggestion"]
    rules._SETTLED.clear()
    assert settling_start_cells(scenario) == after_validation


# -- the whole truth from the first painted cell (issue 34) ---------------------------------
ISSUE_34_MAP = ["VVDDDMMFF", "VMMDFFMVF", "VMFFVVDVV", "DDFMMVDDF", "DVVMFFDFF"]
"""A long terrain a fan painted: two Forest regions touch at a corner, and it needs more
level-1 and level-2 crop tiles than the box holds."""


def painted(terrain: list[str], start: list[str] | None = None) -> dict:
    data = blank_document("long" if len(terrain[0]) == 9 else "tiny", "painted", "Painted")
    data["terrain"] = terrain
    data["start"] = start or []
    return data


def test_a_painted_map_without_start_cells_lists_what_validate_finds_on_its_terrain():
    verdict = check_document(painted(ISSUE_34_MAP))
    listed = [(p["rule"], p["cells"], p["message"]) for p in verdict["errors"]]
    # what `pachaprint validate` reports on the same terrain (with a start cell, as the
    # schema needs one): every problem of the terrain alone, word for word
    with_start = painted(ISSUE_34_MAP, ["a1"])
    report = validate_data(with_start)
    terrain_rules = ("region-size", "region-separation", "box-limit")
    expected = [
        (p.rule.value, list(p.cells), p.message) for p in report.errors if p.rule in terrain_rules
    ]
    assert [(r, c) for r, c, _ in expected] == [
        ("region-separation", ["e2", "d3"]),
        ("box-limit", []),
        ("box-limit", []),
    ]
    assert [e for e in listed if e[0] in terrain_rules] == expected
    assert [r for r, _c, _m in listed] == [
        "region-separation",
        "start",
        "unsolvable",
        "box-limit",
        "box-limit",
    ]
    # the unlimited box has no box-limit
    unlimited = check_document(painted(ISSUE_34_MAP), box="unlimited")
    assert [p["rule"] for p in unlimited["errors"]] == ["region-separation", "start", "unsolvable"]


def test_standing_problems_show_while_cells_are_still_unpainted():
    # d3 unpainted: painting it Forest would join e2's region to c3-c4's, so no separation yet
    open_join = ["VVDDDMMFF", "VMMDFFMVF", "VMF.VVDVV", "DDFMMVDDF", "DVVMFFDFF"]
    # (and the crop tiles wait for the last cell: merging regions can lower their count)
    rules = [p["rule"] for p in check_document(painted(open_join))["errors"]]
    assert rules == ["unpainted"]
    # f2 unpainted: whatever it becomes, e2 and d3 stay in two Forest regions
    closed = ["VVDDDMMFF", "VMMDF.MVF", "VMFFVVDVV", "DDFMMVDDF", "DVVMFFDFF"]
    errors = check_document(painted(closed))["errors"]
    assert [(p["rule"], p["cells"]) for p in errors] == [
        ("unpainted", ["f2"]),
        ("region-separation", ["e2", "d3"]),
    ]
    # a region of six painted cells is too big whatever the rest becomes; a seventeenth
    # Desert tile is one more than the box holds; two equal crops touching stay so
    data = painted(["VVVVV", "V....", ".....", ".....", "....."])
    data["crops"] = ["11...", ".....", ".....", ".....", "....."]
    found = [(p["rule"], p["cells"]) for p in check_document(data)["errors"]]
    assert found[1:] == [
        ("region-size", ["a1", "b1", "c1", "d1", "e1", "a2"]),
        ("crop-separation", ["a1", "b1"]),
    ]
    deserts = painted(["DDDDD.DDD", ".........", "DDDDD.DDD", ".........", "D........"])
    assert [p["rule"] for p in check_document(deserts)["errors"]] == ["unpainted"]  # 17
    deserts["terrain"][4] = "DD......."  # 18 Desert cells: one more than the box holds
    box = [p for p in check_document(deserts)["errors"] if p["rule"] == "box-limit"]
    assert [p["message"] for p in box] == ["needs 18 Desert tiles; the box has 17"]


def test_a_start_cell_without_a_digit_offers_the_digits_that_still_fit():
    data = example("lake-shore")
    data["crops"] = ["....."] * 5
    data["start"] = ["d1"]  # no digit yet
    verdict = check_document(data)
    problem = next(p for p in verdict["errors"] if p["rule"] == "start")
    digits = verdict["candidates"]["d1"]
    assert problem["cells"] == ["d1"] and problem["action"] == "digit"
    assert problem["digits"] == digits and digits
    # d1 lies in the 4-cell Forest region c1-d1-e1-d2, yet no crop layer has a 1 there
    assert digits == [2, 3, 4]
    assert problem["message"] == "start cell d1 has no crop digit yet: 2, 3 or 4 fit there"
    # each digit offered leaves a crop layer; each digit left out leaves none
    for level in range(1, 6):
        data["crops"] = [f"...{level}.", ".....", ".....", ".....", "....."]
        status = check_document(data)["status"]
        assert (status != "none") == (level in digits), level
    # with another start crop the choice narrows: d1 (4) rules out 4 at c1, beside it
    data["crops"] = ["...4.", ".....", ".....", ".....", "....."]
    data["start"] = ["d1", "c1"]
    narrowed = check_document(data)["candidates"]["c1"]
    assert 4 not in narrowed and narrowed


def test_no_advice_in_the_studio_names_a_command():
    from pachaprint.check.validate import EXPLAIN_ADVICE, GUESSING
    from pachaprint.studio.authoring import in_page

    data = example("lake-shore")
    data["crops"] = ["...4.", ".4...", ".....", ".....", "1...1"]
    verdict = check_document(data)
    assert verdict["valid"]
    incomplete = next(p for p in verdict["warnings"] if p["rule"] == "incomplete")
    assert incomplete["message"] == "21 crops left as '.'; the start cells fix them"
    assert incomplete["action"] == "fill"
    # validate still tells the command line what to run
    report = validate_data(data)
    assert "`pachaprint solve FILE --write`" in report.warnings[0].message
    guessing = {"rule": "difficulty", "cells": [], "message": GUESSING + EXPLAIN_ADVICE}
    shown = in_page(guessing, verdict)
    assert shown["action"] == "explain" and "pachaprint" not in shown["message"]
    assert shown["message"].startswith(GUESSING)
    settle = check_document(ambiguous())
    problem = next(p for p in settle["errors"] if p["rule"] == "not-unique")
    assert problem["action"] == "settle"
    # over the library and these cases, no message names a command
    cases = [data, ambiguous(), painted(ISSUE_34_MAP), painted(ISSUE_34_MAP, ["a1"])]
    cases += [json.loads(p.read_text()) for p in sorted((REPO / "scenarios").glob("*.json"))]
    for case in cases:
        answer = check_document(case)
        for p in [*answer["errors"], *answer["warnings"]]:
            assert "`" not in p["message"] and "pachaprint " not in p["message"], p
