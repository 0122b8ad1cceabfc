"""When does each crop follow from public information? A watcher for simulated games.

A disc's hard deductions are the cells whose crop the table proves late, or
never. :class:`ProofWatch` looks at a game after every action that changed the
table (terrain or crop tiles, and so the supply): it runs the logician's sound
analysis (:func:`~pachaprint.engine.bots.logic.analyse`) and proof by refutation
(:func:`~pachaprint.engine.bots.proofs.prove`) on the table alone, for every cell
with terrain and no crop it has not proved yet, and notes how many cells had
terrain when the proof first held. Provability only changes when the table
does, and more tiles never take a proof away, so the first moment is exact
(up to the proof search's node limit, the logician's own). The watcher only
reads the state: a watched game plays exactly as an unwatched one.
"""

from __future__ import annotations

from pachaprint.engine.bots.logic import Inconsistent, analyse
from pachaprint.engine.bots.proofs import prove
from pachaprint.engine.rules.movement import cells_of
from pachaprint.engine.rules.state import GameState

GUESSED = -1
"""The cell's crop tile was placed (a guess, an Otoma discovery) before the table proved it."""
OPEN = -2
"""The game ended with the cell neither proved nor given a crop tile."""
START = -3
"""A start cell: its crop is given at setup."""


class ProofWatch:
    """Follows one game; :attr:`proved` and :attr:`found` are the per-cell results.

    ``proved[c]``: the number of cells with terrain when the crop of ``c`` first
    followed from the table, or :data:`GUESSED`, :data:`OPEN`, :data:`START`.
    ``found[c]``: the number of cells with terrain just after ``c``'s own terrain
    tile was placed (0 for the start cells).
    """

    def __init__(self, state: GameState, node_limit: int = 200):
        n = state.board.cell_count
        self.node_limit = node_limit
        start = state.revealed
        self.proved = [START if start >> c & 1 else OPEN for c in range(n)]
        self.found = [0] * n
        self._key = (-1, -1)
        self.update(state)

    def update(self, state: GameState) -> None:
        """Look at the table after an action (cheap when nothing changed)."""
        revealed, crops = state.revealed, state.crop_mask
        if (revealed, crops) == self._key:
            return
        old_revealed = self._key[0] if self._key[0] >= 0 else revealed
        self._key = (revealed, crops)
        count = revealed.bit_count()
        proved = self.proved
        for cell in cells_of(revealed & ~old_revealed):
            self.found[cell] = count
        for cell in cells_of(crops):
            if proved[cell] == OPEN:
                proved[cell] = GUESSED
        todo = [c for c in cells_of(revealed & ~crops) if proved[c] == OPEN]
        if not todo:
            return
        try:
            knowledge = analyse(state.geo, state.terrain, state.crop, state.supply)
        except Inconsistent:  # cannot happen on a valid scenario; prove nothing
            return
        for cell in prove(knowledge, todo, self.node_limit):
            proved[cell] = count
