"""A disc's hard deductions: which cells the table proves late, or never.

Built from the :class:`~pachaprint.engine.analysis.record.GameRecord` of games played
with ``watch_proofs`` (see :class:`~pachaprint.engine.analysis.proofwatch.ProofWatch`).
For every cell that is not a start cell, each game ends in one of three ways:

* **proved**: the table proved its crop before its crop tile was placed; we
  note how much of the map had terrain then (``at``) and how many terrain
  tiles were placed after the cell's own before the proof (``wait``);
* **guessed**: its crop tile was placed first (a guess, or an Otoma
  discovery): the game does not say when the proof would have come;
* **open**: the game ended with the cell unproved and without a crop tile,
  so even the final table, with every terrain tile placed, did not prove it.

A cell is **never** proved when no game proved it and at least
:data:`MIN_OPEN` games ended with it open (evidence, not a lack of chances);
**rarely** when fewer than half the games that decided it proved it; **late**
when, in most games that proved it, the proof came only once every terrain
tile was placed (the deduction needs the whole map). Most crops of a disc
follow late in a game, when most of the map is open; the cells that need all
of it are the ones an author may want to know about.
"""

from __future__ import annotations

from collections.abc import Sequence

from pachaprint.engine.analysis.proofwatch import GUESSED, OPEN, START
from pachaprint.engine.analysis.record import GameRecord
from pachaprint.engine.analysis.stats import quantile
from pachaprint.engine.analysis.summary import CellProof
from pachaprint.model.board import Board

MIN_OPEN = 10
"""Games that must end with a cell open before it is called never proved."""
LATE = 1.0
"""Share of the map with terrain at the median proof from which a cell is called late (all of it)."""


def cell_proofs(board: Board, records: Sequence[GameRecord]) -> list[CellProof]:
    """One entry per non-start cell, hardest first (never, rarely, late, then by median ``at``).

    See :class:`~pachaprint.engine.analysis.summary.CellProof`.
    """
    watched = [r for r in records if r.completed and r.proved_at]
    if not watched:
        return []
    total = board.cell_count
    out = []
    for cell in range(total):
        if watched[0].proved_at[cell] == START:
            continue
        at: list[float] = []
        waits: list[float] = []
        guessed = still_open = 0
        for record in watched:
            value = record.proved_at[cell]
            if value == GUESSED:
                guessed += 1
            elif value == OPEN:
                still_open += 1
            elif value >= 0:
                at.append(value / total)
                waits.append(value - record.found_at[cell])
        at.sort()
        waits.sort()
        decided = len(at) + still_open
        share = len(at) / decided if decided else 0.0
        median_at = quantile(at, 0.5) if at else None
        verdict = ""
        if not at and still_open >= MIN_OPEN:
            verdict = "never"
        elif decided >= MIN_OPEN and share < 0.5:
            verdict = "rarely"
        elif median_at is not None and median_at >= LATE:
            verdict = "late"
        out.append(
            CellProof(
                board.name(cell),
                len(watched),
                len(at),
                guessed,
                still_open,
                round(share, 4),
                round(median_at, 4) if median_at is not None else None,
                round(quantile(waits, 0.5), 1) if waits else None,
                verdict,
            )
        )
    out.sort(key=_hardest_first)
    return out


_RANK = {"never": 0, "rarely": 1, "late": 2, "": 3}


def _hardest_first(entry: CellProof) -> tuple[int, float, float, str]:
    at = entry.median_at
    return (_RANK[entry.verdict], entry.proved_share, -(1.0 if at is None else at), entry.cell)


def cell_flags(cells: Sequence[CellProof]) -> list[str]:
    """A flag for the cells the table never proved (the evidence: games that ended with them open)."""
    never = [c for c in cells if c.verdict == "never"]
    if not never:
        return []
    names = ", ".join(c.cell for c in never)
    games = min(c.open for c in never)
    return [
        f"the table never proved the crop of {names}: each ended at least {games} games "
        "unproved with every terrain tile placed, so players must guess it"
    ]
