"""Fill a scenario file's crop layer with the solution, keeping the file readable."""

from __future__ import annotations

from pachaprint.check.load import parse_bytes
from pachaprint.model.board import Board
from pachaprint.model.scenario import crops_to_rows, dumps_scenario


def filled_text(raw: bytes, board: Board, solution: tuple[int, ...]) -> str:
    """The file's text with ``crops`` replaced by ``solution``.

    Key order and every other value are kept; the output has one grid row per
    line (two-space indent) and ends with a newline.
    """
    data, problems = parse_bytes(raw)
    if problems:
        raise ValueError(problems[0].message)
    data["crops"] = crops_to_rows(board, solution)
    return dumps_scenario(data)
