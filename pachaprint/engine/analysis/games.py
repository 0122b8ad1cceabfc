"""One game of a simulation: what a simulation plays, and how it plays each game.

A :class:`SimulationConfig` names the mode, the seats, the bots and the
difficulties; it is cut into *runs* (the competitive game: one run with a bot
per seat; against the Otoma: one run per bot and difficulty, the bot in every
seat). ``games`` is the total: :func:`split_games` shares it out, the first
runs taking one game more when it does not divide evenly. Game ``i`` of every
run draws everything (first player, tiles, every bot choice) from the seed
:func:`game_seed` ``(seed, i)``, so the bots of different runs meet the same
tiles and a run of ``n`` games plays the same games whatever else is simulated
beside it. :func:`play_item` plays one game of a simulation, :func:`play_batch`
a batch of them in a worker process (:mod:`~pachaprint.engine.analysis.schedule`
hands the batches out).
"""

from __future__ import annotations

import gc
import hashlib
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from pachaprint.engine.analysis.proofwatch import ProofWatch
from pachaprint.engine.analysis.record import GameRecord
from pachaprint.engine.bots import check_bot, make_bot
from pachaprint.engine.rules.config import (
    ConfigError,
    GameConfig,
    Mode,
    check_otoma_names,
    first_start_cells,
    otoma_cells,
)
from pachaprint.engine.rules.events import Ending
from pachaprint.engine.rules.modes import check_difficulty, draw_setup, make_game, mode_class
from pachaprint.engine.rules.modes import start as start_game
from pachaprint.engine.rules.oracle import WheelOracle
from pachaprint.engine.rules.state import GameState
from pachaprint.model.rules import PLAYER_COUNTS
from pachaprint.model.scenario import Scenario
from pachaprint.model.text import plural

DEFAULT_MAX_TURNS = 2000
"""Turns after which a game counts as not ending."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``seed`` (stable across runs and machines)."""
    digest = hashlib.sha256(f"pachaprint-game/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seat_bots(bots: Sequence[str], players: int) -> list[str]:
    """The bot name of every seat (names repeat in turn when there are fewer than seats);
    :class:`~pachaprint.engine.rules.config.ConfigError` for unknown names or too many."""
    if players not in PLAYER_COUNTS:
        raise ConfigError("players", f"players must be 2, 3 or 4, not {players}")
    names = [check_bot(b.strip()) for b in bots if b.strip()]
    if not names:
        raise ConfigError("bots", "name at least one bot")
    if len(names) > players:
        raise ConfigError("bots", f"{len(names)} bots named for {players} players")
    return [names[k % len(names)] for k in range(players)]


def split_games(total: int, runs: int) -> list[int]:
    """``total`` games shared out over ``runs`` runs, the first runs taking one more when
    it does not divide evenly (``split_games(10, 4) == [3, 3, 2, 2]``)."""
    share, extra = divmod(total, runs)
    return [share + (1 if k < extra else 0) for k in range(runs)]


@dataclass(frozen=True)
class Run:
    """Games with one line-up: a bot per seat, at one difficulty; ``games`` of them."""

    bots: tuple[str, ...]
    difficulty: str | None = None
    games: int = 0


@dataclass(frozen=True)
class SimulationConfig:
    """What to simulate. ``bots``: the competitive game, one per seat; against the Otoma,
    the bots to try (each plays every seat of its runs). ``games``: in total, shared
    out over the runs (:func:`split_games`). ``watch_proofs``: in the first this many
    games of each run, follow when each crop follows from the table
    (:class:`~pachaprint.engine.analysis.proofwatch.ProofWatch`, which costs about as much
    as a logician's game); the games and the report do not change, the records gain it.
    ``keep_history``: the records keep every game's actions (to write game logs,
    :mod:`~pachaprint.engine.analysis.gamelogs`).
    ``adaptive`` (against the Otoma): play each run in waves of :data:`~pachaprint.engine.analysis.schedule.WAVE` games and
    stop it once its win rate decides every flag (:func:`~pachaprint.engine.analysis.flags.decided`);
    ``games`` is then the most a run plays. The games played are the first ones of the
    run, the same for any number of workers."""

    mode: Mode = Mode.COMPETITIVE
    players: int = 2
    bots: tuple[str, ...] = ("logician", "greedy")
    difficulties: tuple[str, ...] = ()
    games: int = 200
    seed: int = 1
    otoma: tuple[str, ...] | None = None
    max_turns: int = DEFAULT_MAX_TURNS
    watch_proofs: int = 0
    keep_history: bool = False
    adaptive: bool = False
    runs: tuple[Run, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.games < 1:
            raise ConfigError("games", "must be at least 1")
        rules = mode_class(self.mode)
        rules.check_seats(self.players)
        if not rules.has_otoma:
            runs = [Run(tuple(seat_bots(self.bots, self.players)))]
            if self.difficulties:
                check_difficulty(self.mode, self.difficulties[0])
            if self.otoma is not None:
                raise ConfigError("otoma", "applies to --mode solo or coop only")
        else:
            if self.otoma is not None:
                check_otoma_names(self.otoma)
            if not self.bots:
                raise ConfigError("bots", "name at least one bot")
            levels = [check_difficulty(self.mode, d) for d in self.difficulties]
            runs = [
                Run((check_bot(name),) * self.players, level)
                for name in self.bots
                for level in levels or rules.difficulties
            ]
        if self.games < len(runs):
            kinds = len(dict.fromkeys(r.difficulty for r in runs))
            raise ConfigError(
                "games",
                f"{plural(self.games, 'game')} cannot cover the {plural(len(runs), 'run')} "
                f"({plural(len(runs) // kinds, 'bot')} x "
                f"{plural(kinds, 'difficulty', 'difficulties')}): ask for at least "
                f"{len(runs)} games, or choose fewer runs with --bots and --difficulty",
            )
        counts = split_games(self.games, len(runs))
        runs = [Run(r.bots, r.difficulty, n) for r, n in zip(runs, counts, strict=True)]
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
        rules = mode_class(game_mode)
        names = [b.strip().lower() for b in bots.split(",") if b.strip()]
        if rules.has_otoma:
            names = list(dict.fromkeys(names))
        levels = tuple(d.strip().lower() for d in difficulty.split(",")) if difficulty else ()
        return cls(
            game_mode,
            players if players is not None else rules.seat_counts[0],
            tuple(names),
            levels,
            games,
            seed,
            split_cells(otoma),
            max_turns,
        )

    @property
    def rules(self) -> type[GameState]:
        """The class of the mode simulated: what the mode is."""
        return mode_class(self.mode)

    @property
    def names(self) -> list[str]:
        """The bots of the report: per seat (competitive), or each bot once."""
        if not self.rules.has_otoma:
            return list(self.runs[0].bots)
        return list(dict.fromkeys(run.bots[0] for run in self.runs))

    @property
    def levels(self) -> list[str]:
        return list(dict.fromkeys(run.difficulty for run in self.runs if run.difficulty))

    def work(self) -> list[tuple[int, int]]:
        """Every game to play as (run, game index), in report order."""
        return [(r, i) for r, run in enumerate(self.runs) for i in range(run.games)]


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
    watch_proofs: bool = False,
    keep_history: bool = False,
) -> GameRecord:
    """Play one bot game; never raises (an exception ends the game as an error).

    ``watch_proofs``: note when each crop follows from the table (the record's
    ``proved_at`` and ``found_at``); the game is the same."""
    first, tiles_seed, rng = draw_setup(config)
    seats = [make_bot(name, random.Random(rng.getrandbits(64)), config.mode) for name in bots]
    game = make_game(oracle, config, first_player=first, otoma_cells=otoma, tiles_seed=tiles_seed)
    state = start_game(game)
    watch = ProofWatch(state) if watch_proofs else None
    error = None
    actions = 0
    try:
        with collector_resting():
            while not state.is_terminal() and state.turn <= max_turns:
                state.apply(seats[state.current_player].decide(state))
                actions += 1
                if watch:
                    watch.update(state)
    except Exception as exc:  # a bot or engine bug: report it, keep simulating
        error = f"{type(exc).__name__}: {exc}"
    ending = Ending.ERROR if error else state.ending or Ending.TURN_LIMIT
    record = GameRecord.of(state, index, tuple(bots), ending, seats, actions, error)
    if watch:
        record.proved_at, record.found_at = tuple(watch.proved), tuple(watch.found)
    if keep_history:
        record.history = tuple(state.history)
    return record


@contextmanager
def collector_resting() -> Iterator[None]:
    """Python's cyclic garbage collector rests while a bot game plays. A game makes almost
    no reference cycles (its memory is freed by reference counting as it goes), yet the
    collector would walk every table a search keeps alive many times a move; it takes up
    again, and catches any cycle, once the game is over."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def otoma_start(scenario: Scenario, config: SimulationConfig) -> tuple[int, ...]:
    """The Otoma cells of the simulation (none in the competitive game); ``ValueError`` if unusable."""
    if not config.rules.has_otoma:
        return ()
    return otoma_cells(scenario, config.otoma) if config.otoma else first_start_cells(scenario)


def game_config(
    config: SimulationConfig, item: tuple[int, int], otoma: tuple[str, ...]
) -> GameConfig:
    """The configuration of game ``item`` (run, index) of a simulation whose Otoma start on
    the cells named ``otoma``."""
    run, index = config.runs[item[0]], item[1]
    seed = game_seed(config.seed, index)
    return GameConfig(config.mode, config.players, run.difficulty, otoma or None, seed=seed)


def play_item(
    oracle: WheelOracle, config: SimulationConfig, cells: tuple[int, ...], item: tuple[int, int]
) -> GameRecord:
    """Play game ``item`` (run, index) of a simulation whose Otoma start on ``cells``."""
    run, index = config.runs[item[0]], item[1]
    game = game_config(config, item, tuple(oracle.board.name(c) for c in cells))
    watch = index < config.watch_proofs
    return play_game(
        oracle, game, run.bots, index, config.max_turns, cells, watch, config.keep_history
    )


Job = tuple[dict[str, object], SimulationConfig, tuple[int, ...], list[tuple[int, int]]]
"""A batch for a worker process: the scenario (as a dict), the configuration, the Otoma
cells and the games to play as (run, game index)."""


def play_batch(job: Job) -> list[GameRecord]:
    """Play a batch in a worker process (here, in a local pool or on a cluster)."""
    data, config, cells, batch = job
    oracle = WheelOracle(Scenario.from_dict(data))
    return [play_item(oracle, config, cells, item) for item in batch]
