"""Simulate many bot games of one scenario, in any mode (SPEC.md section 8).

:func:`simulate` is the library call behind ``pachaprint simulate`` and the
build. A :class:`SimulationConfig` names the mode, the seats, the bots and the
difficulties; it is cut into *runs* (the competitive game: one run with a bot
per seat; against the Otoma: one run per bot and difficulty, the bot in every
seat), each of ``games`` games. Game ``i`` of every run draws everything
(first player, tiles, every bot choice) from the seed :func:`game_seed`
``(seed, i)``, so the bots of different runs meet the same tiles, and a report
is the same for any number of worker processes.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from pachaprint.engine.bots import check_bot, make_bot
from pachaprint.engine.config import (
    ConfigError,
    GameConfig,
    Mode,
    check_difficulty,
    check_seats,
    first_start_cells,
    otoma_cells,
)
from pachaprint.engine.events import Ending
from pachaprint.engine.game import draw_setup
from pachaprint.engine.oracle import WheelOracle
from pachaprint.engine.record import GameRecord
from pachaprint.engine.report import SimulationReport, summarise
from pachaprint.engine.state import GameState
from pachaprint.model.rules import PLAYER_COUNTS
from pachaprint.model.scenario import Scenario

DEFAULT_MAX_TURNS = 2000
"""Turns after which a game counts as not ending."""
BATCH = 25
"""Most games a worker process plays per batch."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``seed`` (stable across runs and machines)."""
    digest = hashlib.sha256(f"pachaprint-game/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seat_bots(bots: Sequence[str], players: int) -> list[str]:
    """The bot name of every seat (names repeat in turn when there are fewer than seats);
    :class:`~pachaprint.engine.config.ConfigError` for unknown names or too many."""
    if players not in PLAYER_COUNTS:
        raise ConfigError("players", f"players must be 2, 3 or 4, not {players}")
    names = [check_bot(b.strip()) for b in bots if b.strip()]
    if not names:
        raise ConfigError("bots", "name at least one bot")
    if len(names) > players:
        raise ConfigError("bots", f"{len(names)} bots named for {players} players")
    return [names[k % len(names)] for k in range(players)]


@dataclass(frozen=True)
class Run:
    """Games with one line-up: a bot per seat, at one difficulty."""

    bots: tuple[str, ...]
    difficulty: str | None = None


@dataclass(frozen=True)
class SimulationConfig:
    """What to simulate. ``bots``: the competitive game, one per seat; against the Otoma,
    the bots to try (each plays every seat of its runs). ``games``: per run."""

    mode: Mode = Mode.COMPETITIVE
    players: int = 2
    bots: tuple[str, ...] = ("logician", "greedy")
    difficulties: tuple[str, ...] = ()
    games: int = 200
    seed: int = 1
    otoma: tuple[str, ...] | None = None
    max_turns: int = DEFAULT_MAX_TURNS
    runs: tuple[Run, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.games < 1:
            raise ConfigError("games", "must be at least 1")
        check_seats(self.mode, self.players)
        if self.mode is Mode.COMPETITIVE:
            runs = [Run(tuple(seat_bots(self.bots, self.players)))]
            if self.difficulties:
                check_difficulty(self.mode, self.difficulties[0])
            if self.otoma is not None:
                raise ConfigError("otoma", "applies to --mode solo or coop only")
        else:
            if not self.bots:
                raise ConfigError("bots", "name at least one bot")
            levels = [check_difficulty(self.mode, d) for d in self.difficulties]
            runs = [
                Run((check_bot(name),) * self.players, level)
                for name in self.bots
                for level in levels or self.mode.difficulties
            ]
        object.__setattr__(self, "runs", tuple(runs))

    @classmethod
    def parse(
        cls,
        mode: str = "competitive",
        players: int | None = None,
        bots: str = "logician,greedy",
        difficulty: str | None = None,
        games: int = 200,
        seed: int = 1,
        otoma: str | None = None,
        max_turns: int = DEFAULT_MAX_TURNS,
    ) -> SimulationConfig:
        """A configuration from command-line words: ``bots`` and ``difficulty`` comma-separated,
        ``otoma`` cell names comma-separated; ``players`` by default 2 (solo: 1)."""
        game_mode = Mode.parse(mode)
        names = [b.strip().lower() for b in bots.split(",") if b.strip()]
        if game_mode is not Mode.COMPETITIVE:
            names = list(dict.fromkeys(names))
        levels = tuple(d.strip().lower() for d in difficulty.split(",")) if difficulty else ()
        return cls(
            game_mode,
            players if players is not None else (1 if game_mode is Mode.SOLO else 2),
            tuple(names),
            levels,
            games,
            seed,
            split_cells(otoma),
            max_turns,
        )

    @property
    def names(self) -> list[str]:
        """The bots of the report: per seat (competitive), or each bot once."""
        if self.mode is Mode.COMPETITIVE:
            return list(self.runs[0].bots)
        return list(dict.fromkeys(run.bots[0] for run in self.runs))

    @property
    def levels(self) -> list[str]:
        return list(dict.fromkeys(run.difficulty for run in self.runs if run.difficulty))


def split_cells(words: str | None) -> tuple[str, ...] | None:
    """Comma-separated cell names (``a1,b2``), or ``None`` for none."""
    if not words:
        return None
    return tuple(c.strip().lower() for c in words.split(",") if c.strip())


def play_game(
    oracle: WheelOracle,
    config: GameConfig,
    bots: Sequence[str],
    index: int = 0,
    max_turns: int = DEFAULT_MAX_TURNS,
    otoma: Sequence[int] = (),
) -> GameRecord:
    """Play one bot game; never raises (an exception ends the game as an error)."""
    first, tiles_seed, rng = draw_setup(config)
    seats = [make_bot(name, random.Random(rng.getrandbits(64)), config.mode) for name in bots]
    state = GameState(oracle, config, first_player=first, otoma_cells=otoma, tiles_seed=tiles_seed)
    error = None
    actions = 0
    try:
        while not state.is_terminal() and state.turn <= max_turns:
            state.apply(seats[state.current_player].decide(state))
            actions += 1
    except Exception as exc:  # a bot or engine bug: report it, keep simulating
        error = f"{type(exc).__name__}: {exc}"
    ending = Ending.ERROR if error else state.ending or Ending.TURN_LIMIT
    return GameRecord.of(state, index, tuple(bots), ending, seats, actions, error)


def simulate(
    scenario: Scenario,
    config: SimulationConfig,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    """Simulate the runs of ``config`` on ``scenario`` and aggregate them.

    ``progress`` (if given) is called with the number of games finished so far.
    ``ValueError`` for a scenario the mode cannot use (or whose crop layer is not unique).
    """
    cells: tuple[int, ...] = ()
    if config.mode.has_otoma:
        cells = otoma_cells(scenario, config.otoma) if config.otoma else first_start_cells(scenario)
    oracle = WheelOracle(scenario)
    work = [(r, i) for r in range(len(config.runs)) for i in range(config.games)]
    records = list(_run(scenario, oracle, config, cells, work, max(1, jobs), progress))
    return summarise(scenario, config, [scenario.board.name(c) for c in cells], records)


def _play(
    oracle: WheelOracle, config: SimulationConfig, cells: tuple[int, ...], item: tuple[int, int]
) -> GameRecord:
    run, index = config.runs[item[0]], item[1]
    names = tuple(oracle.board.name(c) for c in cells) or None
    game = GameConfig(
        config.mode, config.players, run.difficulty, names, seed=game_seed(config.seed, index)
    )
    return play_game(oracle, game, run.bots, index, config.max_turns, cells)


def _run(
    scenario: Scenario,
    oracle: WheelOracle,
    config: SimulationConfig,
    cells: tuple[int, ...],
    work: list[tuple[int, int]],
    jobs: int,
    progress: Callable[[int], None] | None,
) -> Iterator[GameRecord]:
    """Every game of ``work``, in order: here, or on ``jobs`` worker processes."""
    if jobs == 1 or len(work) < 2 * jobs:
        for done, item in enumerate(work, start=1):
            yield _play(oracle, config, cells, item)
            if progress:
                progress(done)
        return
    chunk = max(1, min(BATCH, len(work) // (jobs * 4)))
    data = scenario.to_dict()
    batches = [
        (data, config, cells, work[start : start + chunk]) for start in range(0, len(work), chunk)
    ]
    done = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for records in pool.map(_play_batch, batches):
            yield from records
            done += len(records)
            if progress:
                progress(done)


def _play_batch(
    job: tuple[dict[str, object], SimulationConfig, tuple[int, ...], list[tuple[int, int]]],
) -> list[GameRecord]:
    data, config, cells, batch = job
    oracle = WheelOracle(Scenario.from_dict(data))
    return [_play(oracle, config, cells, item) for item in batch]
