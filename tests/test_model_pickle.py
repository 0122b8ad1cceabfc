"""Values the build hands to its worker processes survive pickling, compiled or not.

A frozen, slotted dataclass compiled by mypyc cannot be restored field by field,
pickle's default (``FrozenInstanceError``): a build with ``--jobs 2`` lost every
scenario to a broken worker pool. CI runs this compiled and interpreted.
"""

from __future__ import annotations

import json
import pickle

from pachaprint.model.board import board_for
from pachaprint.model.regions import Region, find_regions
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO


def test_boards_regions_and_scenarios_pickle_whole() -> None:
    data = json.loads((REPO / "scenarios" / "sacred-valley.json").read_text(encoding="utf-8"))
    scenario = Scenario.from_dict(data)
    board = scenario.board
    again = pickle.loads(pickle.dumps(board))
    assert again == board and again.neighbours8 == board.neighbours8
    assert again.name(again.cell(2, 3)) == board.name(board.cell(2, 3))
    regions = find_regions(board, "".join(data["terrain"]))
    assert len(regions) > 5
    assert [pickle.loads(pickle.dumps(r)) for r in regions] == regions
    assert pickle.loads(pickle.dumps(Region(3, "V", (0, 1)))).size == 2
    assert pickle.loads(pickle.dumps(scenario)).to_dict() == scenario.to_dict()
    assert pickle.loads(pickle.dumps(board_for("tiny"))) == board_for("tiny")
