"""The typed parts of the simulation report, and how a report becomes JSON (:func:`plain`)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any


def plain(value: object) -> Any:
    """The JSON data of a report or a part of one: a dataclass as the mapping of its fields in
    order, leaving out those that are ``None`` (but those marked ``field(metadata=NULL)``),
    and lists and mappings of them alike."""
    if is_dataclass(value) and not isinstance(value, type):
        out = {}
        for f in fields(value):
            item = getattr(value, f.name)
            if item is not None or f.metadata.get("null"):
                out[f.name] = plain(item)
        return out
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


NULL = {"null": True}
"""Field metadata: the field is written as ``null`` when it is ``None`` (see :func:`plain`)."""


@dataclass
class Turns:
    """Game lengths in turns: the mean and the range."""

    mean: float
    min: int
    max: int


@dataclass
class SeatSummary:
    """One seat (the competitive game), or one bot against the Otoma."""

    seat: int
    bot: str
    score_mean: float
    score_sd: float
    win_rate: float
    points: dict[str, float]
    """Mean points by source (see :data:`~pachaprint.engine.rules.events.SOURCE_NAMES`)."""
    tie_break_mean: float | None = None
    """The competitive game: mean levels advanced on the diversity board."""


@dataclass
class RunSummary:
    """One bot at one difficulty against the Otoma: win rates, scores, points by source."""

    bot: str
    difficulty: str
    games: int
    completed: int
    win_rate: float
    otoma_win_rate: float
    score_mean: float
    score_sd: float
    otoma_score_mean: float
    turns_mean: float
    wrong_divinations: int
    proven: int
    """Divinations of a crop the bot had proved."""
    proven_wrong: int
    """Of those, the wrong ones (a bug: a proof is never wrong)."""
    chosen_guesses: int
    """Divinations without a proof the bot chose to make."""
    chosen_guesses_wrong: int
    forced_guesses: int
    """Divinations without a proof the rules forced (solo: a Divine turn divines with every
    pawn); ``wrong_divinations`` is the sum of the three wrong counts."""
    forced_guesses_wrong: int
    blocked_games: int
    points: dict[str, float]
    otoma_points: dict[str, float]


# -- the balance report (pachaprint.engine.analysis.balance) --------------------------------------
Distribution = dict[str, float]
"""Mean, standard deviation and quantiles (:func:`~pachaprint.engine.analysis.stats.summary`)."""
Histogram = dict[str, list[int]]
"""Bin starts and counts (:func:`~pachaprint.engine.analysis.stats.histogram`)."""


@dataclass
class Split:
    """The games one run of a mode played: its bots, difficulty and game indexes."""

    mode: str
    bots: list[str]
    difficulty: str | None = field(metadata=NULL)
    games: int
    game_indexes: list[int]


@dataclass
class FirstPlayer:
    """The first player's win rate, its 95 % interval and the fair share."""

    win_rate: float
    interval: list[float]
    fair: float


@dataclass
class SeatBalance:
    """One competitive seat: its win rate overall and when it started, with intervals."""

    seat: int
    bot: str
    win_rate: float
    interval: list[float]
    first_games: int
    win_rate_first: float
    interval_first: list[float]
    score: Distribution
    score_histogram: Histogram


@dataclass
class CompetitiveBalance:
    """The competitive game of a balance report."""

    players: int
    bots: list[str]
    games: int
    completed: int
    first_player: FirstPlayer
    shared_wins: int | None
    seats: list[SeatBalance]
    turns: Distribution
    turns_histogram: Histogram
    simulation: dict[str, Any]
    """The simulation report (docs/formats/simulation-report.md) of these games."""


@dataclass
class RunBalance:
    """One bot at one difficulty against the Otoma: its win rate with an interval, the scores."""

    bot: str
    difficulty: str
    games: int
    completed: int
    win_rate: float
    interval: list[float]
    score: Distribution
    otoma_score: Distribution
    margin: Distribution
    margin_histogram: Histogram
    wrong_divinations: int
    proven: int
    proven_wrong: int
    chosen_guesses: int
    chosen_guesses_wrong: int
    forced_guesses: int
    forced_guesses_wrong: int
    """The run's divinations by kind (as :class:`RunSummary`)."""


@dataclass
class VersusBalance:
    """Solo or co-op in a balance report."""

    players: int
    bots: list[str]
    bot: str
    """The bot the report's verdicts rest on."""
    games: int
    completed: int
    otoma_cells: list[str] | None
    runs: list[RunBalance]
    turns: Distribution
    turns_histogram: Histogram
    simulation: dict[str, Any]


@dataclass
class CellProof:
    """When the table proved one cell's crop in watched games (see
    :func:`~pachaprint.engine.analysis.cells.cell_proofs`)."""

    cell: str
    games: int
    proved: int
    guessed: int
    open: int
    proved_share: float
    """Of the games that decided it (proved or open)."""
    median_at: float | None = field(metadata=NULL)
    """Share of the map with terrain at the proof."""
    median_wait: float | None = field(metadata=NULL)
    """Terrain tiles placed after the cell's own before the proof."""
    verdict: str
    """``never``, ``rarely``, ``late`` or ``""``."""


@dataclass
class BalanceReport:
    """How fair a scenario is, how it plays, how hard it is to beat (``pachaprint-balance/1``)."""

    format: str
    scenario: str
    name: str
    size: str
    seed: int
    games_per_mode: int
    adaptive: bool
    """Whether each run against the Otoma stopped once its win rate decided every flag."""
    strongest: str
    split: list[Split]
    modes: dict[str, CompetitiveBalance | VersusBalance]
    skipped: list[str]
    cells: list[CellProof]
    flags: list[str]
    hard_cells: list[str]

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON data."""
        data: dict[str, Any] = plain(self)
        return data
