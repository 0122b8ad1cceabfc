"""The solo mode (RULES.md section 4): one player against the Otoma.

:class:`SoloState` is a :class:`~pachaprint.engine.state.GameState` with one
player (side and account 0) and the Otoma (side and account 1: their pawns,
score and diversity stones). It keeps the OpenSpiel-style interface, so the
bots and the simulator drive it like a competitive game. What changes:

* setup as for two players; the five Otoma pawns go on the scenario's Otoma
  start cells (``solo.otoma``, in list order: purple, yellow, then the player
  colours other than the player's, brown, white, green, blue) or on five
  starting crop cells chosen by the player, and score crop level plus
  diversity one by one;
* the terrain supply is one shuffled stack per terrain with arrows
  (:class:`~pachaprint.engine.tiles.TileStacks`);
* no retrieval; after an Explore that ends on terrain without a crop, the
  tile's arrow moves the Otoma pawn of its colour (see
  :mod:`pachaprint.engine.otoma`); an arrow of the player's own colour does
  nothing (*easy*) or ends the turn after the player moved the Otoma pawn of
  their choice that way (*hard*, an action of kind
  :data:`~pachaprint.engine.otoma.OTOMA_KIND`);
* a Divine turn divines with every pawn on cropless terrain, mistakes included,
  and may still Offer;
* the game ends after the turn in which the last terrain tile is placed, with no
  end-phase divination; the player wins with strictly more points. Our ruling
  where the rules are silent: the game also ends when the player is shut out
  for good (every Explore ends on a crop and no Divine is possible; see
  :meth:`SoloState._blocked`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from enum import IntEnum

from pachaprint.engine import actions as A
from pachaprint.engine.actions import LegalActions
from pachaprint.engine.oracle import WheelOracle
from pachaprint.engine.otoma import OTOMA_KIND, OtomaPeople, choose_otoma
from pachaprint.engine.state import GameState, Phase
from pachaprint.engine.tiles import ArrowTile, Direction, TileStacks, colours_of
from pachaprint.engine.view import PlayerView
from pachaprint.model.scenario import Scenario

PLAYER = 0
OTOMA = 1
"""Side and account index of the Otoma in a solo state's lists (``score[OTOMA]``, ...)."""
DIFFICULTIES = ("easy", "hard")
OTOMA_PAWNS = 5


class SoloPhase(IntEnum):
    """The decision the solo mode adds to :class:`~pachaprint.engine.state.Phase`."""

    CHOOSE_OTOMA = 6
    """Hard mode, own-colour arrow: choose the Otoma pawn that moves in the arrow's direction."""


def solo_otoma_cells(scenario: Scenario, chosen=None) -> tuple[int, ...]:
    """The five Otoma start cells: ``chosen`` (cell names or indexes) or the scenario's ``solo.otoma``.

    ``ValueError`` with a readable message: tiny scenario, fewer than five start
    cells, no Otoma cells given, a cell that is not a start cell, repeats.
    """
    board = scenario.board
    if scenario.size != "long":
        raise ValueError(f"scenario {scenario.id}: solo and co-op use long scenarios only")
    if len(scenario.start_cells) < OTOMA_PAWNS:
        raise ValueError(
            f"scenario {scenario.id}: {len(scenario.start_cells)} start cells; the Otoma need {OTOMA_PAWNS}"
        )
    if chosen is None:
        if not scenario.otoma:
            raise ValueError(
                f"scenario {scenario.id} names no Otoma start cells (solo.otoma); choose {OTOMA_PAWNS} start cells"
            )
        chosen = scenario.otoma
    cells = []
    for item in chosen:
        if isinstance(item, str):
            if not board.has(item):
                raise ValueError(f"{item!r} is not a cell of the long board")
            item = board.index(item)
        if item not in scenario.start_cells:
            raise ValueError(
                f"{board.name(item)} is not a start cell (the Otoma start on starting crop tiles)"
            )
        if item in cells:
            raise ValueError(f"{board.name(item)} is named twice as an Otoma start cell")
        cells.append(item)
    if len(cells) != OTOMA_PAWNS:
        raise ValueError(f"the Otoma need exactly {OTOMA_PAWNS} start cells, not {len(cells)}")
    return tuple(cells)


def first_start_cells(scenario: Scenario) -> tuple[int, ...]:
    """The Otoma cells a scenario names, else its first five start cells in file order (for bots)."""
    if scenario.otoma:
        return solo_otoma_cells(scenario)
    return solo_otoma_cells(scenario, scenario.start_cells[:OTOMA_PAWNS])


class SoloState(OtomaPeople, GameState):
    """A solo game in progress (see the module documentation)."""

    otoma_side = OTOMA
    otoma_account = OTOMA
    otoma_takes_tokens = False

    def __init__(
        self,
        oracle: WheelOracle,
        otoma_cells,
        difficulty: str = "easy",
        colour: str = "brown",
        seed: int = 0,
        stacks: TileStacks | None = None,
        record_events: bool = False,
    ):
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty must be easy or hard, not {difficulty!r}")
        if oracle.board.size != "long":
            raise ValueError("solo and co-op use long scenarios only")
        self.difficulty = difficulty
        self.colour = colour
        self.otoma_colours = colours_of(colour)
        self.stacks = (
            stacks
            if stacks is not None
            else TileStacks(oracle.terrain_supply(), random.Random(seed))
        )
        self.tile_at: list[ArrowTile | None] = [None] * oracle.board.cell_count
        self.pending: Direction | None = None
        self.blocked = False
        """True when the game ended because the player could no longer change the table."""
        self._setting_up = True
        super().__init__(oracle, 2, 0, record_events)
        self.players = 1
        self.reserve[OTOMA] = 0
        cells = tuple(otoma_cells)
        if len(cells) != OTOMA_PAWNS or len(set(cells)) != OTOMA_PAWNS:
            raise ValueError(f"the Otoma need {OTOMA_PAWNS} distinct start cells")
        for cell in cells:
            if not self.crop_mask >> cell & 1:
                raise ValueError(f"{self.board.name(cell)} is not a starting crop cell")
        self._place_otoma(cells)
        self._setting_up = False
        self._settle()

    @classmethod
    def new(
        cls,
        scenario: Scenario,
        difficulty: str = "easy",
        colour: str = "brown",
        otoma=None,
        seed: int = 0,
        record_events: bool = False,
    ) -> SoloState:  # type: ignore[override]
        """A solo game of ``scenario``; Otoma on ``otoma`` (names) or the scenario's ``solo.otoma``."""
        cells = solo_otoma_cells(scenario, otoma)
        return cls(
            WheelOracle(scenario), cells, difficulty, colour, seed, record_events=record_events
        )

    # -- results ------------------------------------------------------------------------
    @property
    def otoma_score(self) -> int:
        return self.score[OTOMA]

    def winners(self) -> list[int]:
        """``[0]`` when the player has strictly more points than the Otoma, else ``[]`` (the Otoma win ties)."""
        return [PLAYER] if self.is_terminal() and self.score[PLAYER] > self.score[OTOMA] else []

    @property
    def otoma_won(self) -> bool:
        return self.is_terminal() and not self.winners()

    def ranking(self) -> list[int]:
        return [1 if self.score[PLAYER] > self.score[OTOMA] else 2]

    def returns(self) -> list[float]:
        return [1.0 if self.winners() else 0.0]

    def view(self, player: int = PLAYER) -> SoloView:
        return SoloView.of(self, player)

    # -- terrain tiles ---------------------------------------------------------------
    def reveal(self, cell: int, crop: bool = False) -> None:
        """Place a cell's terrain tile, drawn from the top of its terrain's stack."""
        new = not self.revealed >> cell & 1
        super().reveal(cell, crop)
        if new:
            self.tile_at[cell] = self.stacks.draw(self.terrain[cell])

    def arrow_at(self, cell: int) -> ArrowTile | None:
        """The tile (with its arrow) on a cell, ``None`` where no terrain lies."""
        return self.tile_at[cell]

    # -- the turn ------------------------------------------------------------------------
    def apply(self, action: int) -> None:
        if action >> 12 == OTOMA_KIND:
            if action not in self._legal:
                raise ValueError(f"illegal action {format_solo_action(self.board, action, self)!r}")
            self.history.append(action)
            direction = self.pending
            self.pending = None
            self._move_otoma(action & 63, direction)  # type: ignore[arg-type]
            self._end_turn()
            self._settle()
            return
        super().apply(action)

    def _after_explore(self, p: int, cell: int) -> None:
        if not self.revealed >> cell & 1:
            self._discover(p, cell)
        if not self.crop_mask >> cell & 1:
            tile = self.tile_at[cell]
            assert tile is not None
            if tile.colour == self.colour:
                self._note("own-arrow", p, cell, int(tile.direction))
                if self.difficulty == "hard":
                    if self.hidden_left:
                        self.pending = tile.direction
                        self.phase = SoloPhase.CHOOSE_OTOMA  # type: ignore[assignment]
                    else:
                        self._end_turn()
                    return
            else:
                self._move_otoma(self.otoma_colours.index(tile.colour), tile.direction)
        self._to_offer(p)

    def _divine(self, p: int, cell: int, level: int) -> None:
        """Solo divination: scored as usual, but a mistake does not stop the others."""
        self._score_divination(p, cell, level)
        if self.eligible(p):
            self.phase = Phase.DIVINING
        else:
            self._to_offer(p)

    def _end_turn(self) -> None:
        if self.trigger is not None:
            self.phase = Phase.OVER
            self._note("over", -1)
            return
        self.current_player = PLAYER
        self.phase = Phase.TURN
        self.turn += 1

    def _pass(self, p: int) -> None:
        if self.phase is Phase.OFFER:
            self._note("pass", p)
            self._end_turn()
        else:
            super()._pass(p)

    def _settle(self) -> None:
        if getattr(self, "_setting_up", False):
            return
        super()._settle()
        if self.stalled:
            # no legal action at all: nothing can ever change either (see _blocked)
            self.stalled = False
            self.blocked = True
            self._note("blocked", PLAYER)
            return
        if self.phase is Phase.TURN and self._blocked():
            self.blocked = True
            self.phase = Phase.OVER
            self._legal = A.NO_ACTIONS
            self._note("blocked", PLAYER)
            self._note("over", -1)

    def _blocked(self) -> bool:
        """True when the table can never change again (RULES.md is silent; our ruling).

        Without retrieval the player can be shut out: every Explore ends on a crop
        (no arrow, so no Otoma move) and no pawn may divine. Pawns standing on
        crops do not change where the others can go (crops and own pawns are both
        crossed), so the position is final and the game ends; cells still
        without terrain score for no one.
        """
        crops = self.crop_mask
        for base, mask, _ in self._legal.groups:
            kind = base >> 12
            if kind == A.Kind.DIVINE or (
                (kind == A.Kind.ENTER or kind == A.Kind.MOVE) and mask & ~crops
            ):
                return False
        return not any(code >> 12 != A.Kind.PASS for code in self._legal.extra)

    def _compute_legal(self) -> LegalActions:
        phase = self.phase
        if phase == SoloPhase.CHOOSE_OTOMA:
            return LegalActions([], [choose_otoma(i) for i in range(len(self.otoma_pawns))])
        if phase is Phase.DIVINING:
            return LegalActions(self._divine_groups(self.current_player), [])
        return super()._compute_legal()

    def _turn_actions(self, p: int) -> LegalActions:
        legal = super()._turn_actions(p)
        return LegalActions(
            [g for g in legal.groups if g[0] >> 12 != A.Kind.RETRIEVE], list(legal.extra)
        )


def format_solo_action(board, code: int, state=None) -> str:
    """Command text of a solo or co-op action: ``otoma 2`` (or ``otoma purple`` with a state), else as usual."""
    if code >> 12 == OTOMA_KIND:
        pawn = code & 63
        if state is not None and pawn < len(getattr(state, "otoma_colours", ())):
            return f"otoma {state.otoma_colours[pawn]}"
        return f"otoma {pawn + 1}"
    return A.format_action(board, code)


@dataclass(frozen=True)
class SoloView(PlayerView):
    """A :class:`~pachaprint.engine.view.PlayerView` plus what the solo table shows."""

    otoma_pawns: tuple[int, ...] = ()
    """Cell of each Otoma pawn, in setup order."""
    otoma_colours: tuple[str, ...] = ()
    colour: str = "brown"
    difficulty: str = "easy"
    arrows: tuple[tuple[str, int] | None, ...] = ()
    """Per cell: (arrow colour, direction index) of the tile lying there, ``None`` where no tile lies."""
    pending: int = -1
    """Direction index of a hard-mode own-colour arrow waiting for the choice of an Otoma pawn."""

    @classmethod
    def of(cls, state: SoloState, player: int = PLAYER) -> SoloView:  # type: ignore[override]
        base = PlayerView.of(state, player)
        values = {f.name: getattr(base, f.name) for f in fields(PlayerView)}
        return cls(
            **values,
            otoma_pawns=tuple(state.otoma_pawns),
            otoma_colours=state.otoma_colours,
            colour=state.colour,
            difficulty=state.difficulty,
            arrows=tuple((t.colour, int(t.direction)) if t else None for t in state.tile_at),
            pending=int(state.pending) if state.pending is not None else -1,
        )
