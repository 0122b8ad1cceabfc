"""One simulated game in plain, picklable data: what the simulation report is made of."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pachaprint.engine.bots import Bot
from pachaprint.engine.bots.base import Divination
from pachaprint.engine.rules.events import Ending, Source
from pachaprint.engine.rules.state import GameState


@dataclass
class GameRecord:
    """The outcome of one simulated game (plain data, picklable).

    Lists ``scores``, ``points``, ``wrong`` and ``correct`` are per score account
    (the players; or the player or group, then the Otoma); ``tie_breaks``,
    ``proved``, ``known``, ``guessed`` and the divinations by kind
    per seat.
    """

    index: int
    bots: tuple[str, ...]
    difficulty: str | None
    ending: Ending
    turns: int
    first_player: int
    scores: list[int]
    winners: list[int]
    """Winning seats of a completed game (none when the Otoma won)."""
    tie_breaks: list[int]
    points: list[list[int]]
    wrong: list[int]
    correct: list[int]
    proved: list[int]
    known: list[int]
    guessed: list[int]
    forced: list[int] = field(default_factory=list)
    """Forced guesses: divinations the rules forced without a proof (every legal action
    was a divination)."""
    forced_wrong: list[int] = field(default_factory=list)
    """Forced guesses that named the wrong level."""
    chosen: list[int] = field(default_factory=list)
    """Chosen guesses: divinations without a proof the bot chose to make."""
    chosen_wrong: list[int] = field(default_factory=list)
    proven_wrong: list[int] = field(default_factory=list)
    """Divinations of a crop the bot had proved that named the wrong level (a bug)."""
    skips: int = 0
    empty_points: int = 0
    actions: int = 0
    error: str | None = None
    proved_at: tuple[int, ...] = ()
    """Per cell, when the table proved its crop (see :class:`~pachaprint.engine.analysis.proofwatch.ProofWatch`);
    empty unless the simulation watched proofs."""
    found_at: tuple[int, ...] = ()
    """Per cell, the cells with terrain once its terrain tile was placed (with ``proved_at``)."""
    history: tuple[int, ...] = ()
    """The game's actions (its ``GameState.history``), when the simulation keeps them to write
    game logs; empty otherwise."""

    @classmethod
    def of(
        cls,
        state: GameState,
        index: int,
        bots: tuple[str, ...],
        ending: Ending,
        seats: Sequence[Bot],
        actions: int,
        error: str | None,
    ) -> GameRecord:
        done = ending.completed
        return cls(
            index=index,
            bots=bots,
            difficulty=state.config.difficulty,
            ending=ending,
            turns=state.turn,
            first_player=state.first_player,
            scores=list(state.score),
            winners=state.winners() if done else [],
            tie_breaks=[state.tie_break(p) for p in range(state.players)],
            points=[list(row) for row in state.points],
            wrong=list(state.wrong),
            correct=list(state.correct),
            proved=[bot.proved for bot in seats],
            known=[bot.proofs_known() for bot in seats],
            guessed=[bot.guessed for bot in seats],
            forced=_count(seats, _forced),
            forced_wrong=_count(seats, _forced, state.crop),
            chosen=_count(seats, _chosen),
            chosen_wrong=_count(seats, _chosen, state.crop),
            proven_wrong=_count(seats, _proven, state.crop),
            skips=state.skips,
            empty_points=state.empty_points,
            actions=actions,
            error=error,
        )

    @property
    def completed(self) -> bool:
        return self.ending.completed

    @property
    def won(self) -> bool:
        """Against the Otoma: the player or group won."""
        return bool(self.winners)

    def otoma_points(self) -> dict[str, int]:
        """The Otoma's points by source (account 1)."""
        otoma = self.points[1]
        return {
            "diversity": otoma[Source.DISCOVERY],
            "crops": otoma[Source.DIVINATION],
            "offering": otoma[Source.OFFERING],
            "empty_cells": self.empty_points,
        }


def _forced(d: Divination) -> bool:
    return d.forced and not d.proven


def _chosen(d: Divination) -> bool:
    return not d.forced and not d.proven


def _proven(d: Divination) -> bool:
    return d.proven


def _count(
    seats: Sequence[Bot], kind: Callable[[Divination], bool], crops: Sequence[int] | None = None
) -> list[int]:
    """Per seat, the divinations of a kind (only those that named a level other than the
    crop, when given the table's ``crops``)."""
    return [
        sum(1 for d in bot.divinations if kind(d) and (crops is None or d.wrong(crops)))
        for bot in seats
    ]
