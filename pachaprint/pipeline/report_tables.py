"""The tables of a scenario's report as plain values: ``report.md`` and ``report.html`` show
the same rows, each in its own markup."""

from __future__ import annotations

from typing import Any

from pachaprint.engine.analysis.divinations import wrong_guesses
from pachaprint.engine.analysis.flags import honest
from pachaprint.engine.analysis.stats import percent
from pachaprint.model.text import plural

Table = tuple[list[str], list[list[Any]]]
"""A header and its rows."""

BOUND = "oracle-cheat"
"""The bot whose win rate against the Otoma is the perfect-information bound: the same
search as the expert, knowing the hidden map and the tiles."""

OTOMA_NOTE = (
    "Bound: how often the same search wins when it knows the hidden map and the tiles "
    f"({BOUND}; its games in brackets), the most any strategy could win. Wrong guesses: "
    "of the divinations a bot made without a proof, those it chose and those the rules "
    "forced on it (in solo a Divine turn divines with every pawn), how many named the "
    "wrong level. A proved crop is never divined wrong."
)
"""What the bound and the wrong guesses of :func:`otoma_table` are."""

CELLS_SHOWN = 15
"""Hard cells listed in the table; the rest are named after it."""


def interval(entry: dict[str, Any]) -> str:
    """``"46-60 %"``: the 95 % interval of a rate."""
    low, high = entry["interval"]
    return f"{percent(low)[:-2]}-{percent(high)}"


def otoma_table(balance: dict[str, Any]) -> Table:
    """Every fair run against the Otoma (solo and co-op): its games, wins, the
    perfect-information bound at its level (:data:`BOUND`), median scores and its wrong
    guesses, chosen and forced (:data:`OTOMA_NOTE`)."""
    versus = [(m, balance["modes"][m]) for m in ("solo", "coop") if m in balance["modes"]]
    rows = [
        [
            mode if mode == "solo" else f"co-op ({data['players']} players)",
            run["difficulty"],
            run["bot"],
            run["completed"],
            percent(run["win_rate"]),
            interval(run),
            bound(data["runs"], run["difficulty"]),
            run["score"]["median"],
            run["otoma_score"]["median"],
            run["margin"]["median"],
            wrong_guesses(run) if "chosen_guesses" in run else "-",
        ]
        for mode, data in versus
        for run in data["runs"]
        if honest(run["bot"])
    ]
    header = ["mode", "difficulty", "bot", "games", "player wins", "95 % interval", "bound"]
    header += ["median score", "median Otoma score", "median margin"]
    return [*header, "wrong guesses: chosen, forced"], rows


def bound(runs: list[dict[str, Any]], difficulty: str) -> str:
    """The perfect-information bound at ``difficulty``: ``"96 % (25)"``, or ``-``."""
    for run in runs:
        if run["bot"] == BOUND and run["difficulty"] == difficulty:
            return f"{percent(run['win_rate'])} ({run['completed']})"
    return "-"


def cell_summary(cells: list[dict[str, Any]]) -> str:
    """How many crops the table proves never, rarely or late, in a paragraph."""
    counts = {v: sum(1 for c in cells if c["verdict"] == v) for v in ("never", "rarely", "late")}
    return (
        f"When does each crop follow from the table? The {cells[0]['games']} competitive games "
        "were watched after every move with the logician's proofs. Of the "
        f"{plural(len(cells), 'cell')} without a given crop, {counts['never']} were never proved, "
        f"{counts['rarely']} rarely (in under half the games that decided them) and "
        f"{counts['late']} late (only once every terrain tile was placed, in most games)."
    )


def cell_table(cells: list[dict[str, Any]]) -> tuple[list[str], list[list[Any]], str]:
    """The first :data:`CELLS_SHOWN` hard cells, and the rest named in a line (or ``""``)."""
    hard = [c for c in cells if c["verdict"]]
    rows = [
        [
            c["cell"],
            c["verdict"],
            f"{c['proved']} of {c['games']}",
            c["guessed"],
            c["open"],
            percent(c["median_at"]) if c["median_at"] is not None else "-",
            c["median_wait"] if c["median_wait"] is not None else "-",
        ]
        for c in hard[:CELLS_SHOWN]
    ]
    header = ["cell", "verdict", "proved", "crop placed first", "still open at the end"]
    header += ["map open at the proof (median)", "tiles after its own (median)"]
    rest = ", ".join(f"{c['cell']} ({c['verdict']})" for c in hard[CELLS_SHOWN:])
    return header, rows, rest
