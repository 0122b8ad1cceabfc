"""Engine speed in every mode, this engine against an older one, and the logician's soundness.

    python benchmarks/bench_engine.py                       # games/s and clones/s, one core
    python benchmarks/bench_engine.py --baseline ../old     # the same, side by side with the
                                                            # engine of another checkout, interleaved
    python benchmarks/bench_engine.py --soundness 2000      # thousands of logician games: zero wrong?
    python benchmarks/bench_engine.py --audit 300           # every proof at every decision vs the map

Speed: complete games of the shipped long scenarios (those with Otoma cells),
the competitive game at two players, solo on easy and co-op at two players on
normal, each with ``random``, ``greedy`` and ``logician`` bots in every seat;
game ``i`` plays scenario ``i mod n`` with the seed ``game_seed(0, i)``. Each
measurement runs in a fresh worker process on one core and reports CPU time
(``time.process_time``: what one core delivers even on a busy machine) and
wall time; ``clone`` is the copy of a mid-game state a search bot makes.

``kernel`` plays the very games of ``random`` (the same seeds, a generator per
seat drawn as the simulation draws them) through ``engine.kernel.playout``, the
compiled playout kernel; so its check must equal the ``random`` row's, and an
engine without the kernel plays them with ``random`` bots. ``rollout`` is what a
search does: random playouts to the end (seed ``k`` for the ``k``-th) from one
position 30 decisions into a game of colca-canyon; solo and co-op from its
information state given a map (chance nodes drawn by the playout). With the
kernel, through ``search_state(...).rollout(seed)``; without, the same loop on
clones of the state.

With ``--baseline DIR`` (a checkout of an older commit, for example
``git worktree add ../old 9f36b9d``) every measurement also runs on DIR's
engine, the two sides interleaved in rounds (ABBA, so drift in the machine's
load hits both alike), and the table shows the median of each side. Both sides
play the same games, so their scores must agree too (the golden rule of the
engine: refactors keep every game); the run says whether they do.

Soundness: logician-versus-others games on the shipped scenarios and
generated scenarios of both sizes and every difficulty; prints the wrong
divinations of every bot (the logician's must be 0).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HEAD = 50
"""Games whose results the ``random`` and ``kernel`` rows must share (as many as both played)."""
WORKLOADS = [
    ("competitive", "random", 300),
    ("competitive", "greedy", 60),
    ("competitive", "logician", 60),
    ("solo", "random", 200),
    ("solo", "greedy", 40),
    ("solo", "logician", 40),
    ("coop", "random", 100),
    ("coop", "greedy", 16),
    ("coop", "logician", 16),
    ("competitive", "kernel", 3000),
    ("solo", "kernel", 2000),
    ("coop", "kernel", 1000),
    ("competitive", "rollout", 5000),
    ("solo", "rollout", 3000),
    ("coop", "rollout", 2000),
    ("competitive", "clone", 20000),
    ("solo", "clone", 20000),
]


# -- the worker: one measurement, on whichever engine PYTHONPATH selects ------------------------
def _scenarios() -> list[Any]:
    from pachaprint.model.scenario import Scenario

    found = []
    for path in sorted((ROOT / "scenarios").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("solo"):
            found.append(Scenario.from_dict(data))
    return found


Play = Callable[[Any, Any, int], tuple[bool, list[int], int]]


def _player(mode: str, bot: str) -> Play:
    """``play(scenario, oracle, seed) -> (completed, scores, turns)`` on this engine's API."""
    players = 1 if mode == "solo" else 2
    difficulty = {"competitive": None, "solo": "easy", "coop": "normal"}[mode]
    try:
        from pachaprint.engine.analysis.simulate import play_game
        from pachaprint.engine.rules.config import GameConfig, Mode, first_start_cells
    except ImportError:  # the engine before the redesign
        from pachaprint.engine.analysis.simulate import play_game as play_old

        if mode == "competitive":
            return lambda s, oracle, seed: _old(play_old(oracle, [bot] * players, seed))
        from pachaprint.engine.simulate_modes import play_versus_game
        from pachaprint.engine.solo import first_start_cells as cells_of

        def versus(scenario: Any, oracle: Any, seed: int) -> tuple[bool, list[int], int]:
            r = play_versus_game(
                oracle, cells_of(scenario), mode, bot, difficulty, seed, 0, players
            )
            return r.completed, [r.score, r.otoma_score], r.turns

        return versus

    try:
        from pachaprint.engine import kernel
    except ImportError:  # an engine without the playout kernel: random bots play the same games
        kernel = None
    if bot == "kernel" and kernel is not None:
        return _kernel_player(mode, players, difficulty)

    def game(scenario: Any, oracle: Any, seed: int) -> tuple[bool, list[int], int]:
        game_mode = Mode(mode)
        cells = first_start_cells(scenario) if game_mode.has_otoma else ()
        names = tuple(scenario.board.name(c) for c in cells) or None
        config = GameConfig(game_mode, players, difficulty, names, seed=seed)
        name = "random" if bot == "kernel" else bot
        r = play_game(oracle, config, [name] * players, 0, 2000, cells)
        return r.completed, r.scores, r.turns

    return game


def _kernel_player(mode: str, players: int, difficulty: str | None) -> Play:
    """Random games through the playout kernel: the seeds and generators of play_game."""
    import random

    from pachaprint.engine import kernel
    from pachaprint.engine.rules.config import GameConfig, Mode, first_start_cells
    from pachaprint.engine.rules.game import draw_setup
    from pachaprint.engine.rules.state import GameState

    def game(scenario: Any, oracle: Any, seed: int) -> tuple[bool, list[int], int]:
        game_mode = Mode(mode)
        cells = first_start_cells(scenario) if game_mode.has_otoma else ()
        names = tuple(scenario.board.name(c) for c in cells) or None
        config = GameConfig(game_mode, players, difficulty, names, seed=seed)
        first, tiles_seed, rng = draw_setup(config)
        seats = [random.Random(rng.getrandbits(64)) for _ in range(players)]
        state = GameState(
            oracle, config, first_player=first, otoma_cells=cells, tiles_seed=tiles_seed
        )
        kernel.playout(state, seats, 2000)
        return state.is_terminal(), list(state.score), state.turn

    return game


def _old(result: Any) -> tuple[bool, list[int], int]:
    return result.completed, list(result.scores), result.turns


def _rollouts(mode: str, count: int) -> tuple[float, float, int]:
    """``count`` random playouts to the end from one position: (CPU s, wall s, check)."""
    import random

    state = _mid_game(mode)
    if mode != "competitive":  # what a search plays on: the information state, given a map
        from pachaprint.engine.rules.oracle import WheelOracle
        from pachaprint.model.rules import TERRAIN_LETTERS

        scenario = next(s for s in _scenarios() if s.id == "colca-canyon")
        terrain = [TERRAIN_LETTERS.index(t) for t in scenario.terrain_flat]
        crops = [int(c) for c in scenario.crops_flat]
        wheel = WheelOracle.of_map(scenario.board, terrain, crops, scenario.start_cells)
        state = state.information_state().with_wheel(wheel)
    try:
        from pachaprint.engine.kernel import search_state

        start = search_state(state)
        cpu0, wall0 = time.process_time(), time.perf_counter()
        outcomes = [start.rollout(k) for k in range(count)]
    except ImportError:  # the same playouts on clones of the state, in Python

        def rollout(seed: int) -> list[float]:
            twin, rng = state.clone(), random.Random(seed)
            while not twin.is_terminal() and twin.turn <= 2000:
                legal = twin.legal_actions()
                twin.apply(legal[rng.randrange(len(legal))])
            return list(twin.returns())

        cpu0, wall0 = time.process_time(), time.perf_counter()
        outcomes = [rollout(k) for k in range(count)]
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return cpu, wall, int(sum(sum(r) for r in outcomes) * 1000)


def _mid_game(mode: str) -> Any:
    """A state 30 random decisions into a game of colca-canyon."""
    import random

    scenario = next(s for s in _scenarios() if s.id == "colca-canyon")
    try:
        from pachaprint.engine.rules.config import GameConfig, Mode
        from pachaprint.engine.rules.modes import new_game

        players = 1 if mode == "solo" else 2
        state = new_game(scenario, GameConfig(Mode(mode), players, seed=1))
    except ImportError:
        from pachaprint.engine.rules.state import GameState
        from pachaprint.engine.solo import SoloState

        state = SoloState.new(scenario, seed=1) if mode == "solo" else GameState.new(scenario, 2)
    rng = random.Random(1)
    for _ in range(30):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def worker(mode: str, bot: str, count: int) -> dict[str, Any]:
    """One measurement: ``count`` games (or clones) and the time they took."""
    from pachaprint.engine.analysis.simulate import game_seed
    from pachaprint.engine.rules.oracle import WheelOracle

    if bot == "rollout":
        cpu, wall, check = _rollouts(mode, count)
        return {"cpu": cpu, "wall": wall, "check": check}
    if bot == "clone":
        state = _mid_game(mode)
        cpu0, wall0 = time.process_time(), time.perf_counter()
        for _ in range(count):
            state.clone()
        return {"cpu": time.process_time() - cpu0, "wall": time.perf_counter() - wall0, "check": 0}
    scenarios = _scenarios()
    oracles = [WheelOracle(s) for s in scenarios]
    play = _player(mode, bot)
    check, head = 0, []
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for i in range(count):
        k = i % len(scenarios)
        completed, scores, turns = play(scenarios[k], oracles[k], game_seed(0, i))
        assert completed, f"{mode} {bot} game {i} did not end"
        check = (check * 1_000_003 + sum(s * 131**j for j, s in enumerate(scores)) + turns) % (
            1 << 61
        )
        if i < HEAD:
            head.append(check)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {"cpu": cpu, "wall": wall, "check": check, "head": head}


# -- the parent: interleaved rounds ------------------------------------------------------------------
def measure(root: Path, mode: str, bot: str, count: int) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(root))
    spec = json.dumps([mode, bot, count])
    done = subprocess.run(
        [sys.executable, __file__, "--worker", spec],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        sys.exit(f"worker failed on {root} ({mode} {bot}):\n{done.stderr}")
    return json.loads(done.stdout)


def speed(baseline: Path | None, rounds: int, scale: float, only: list[str]) -> bool:
    workloads = [w for w in WORKLOADS if not only or f"{w[0]}:{w[1]}" in only or w[0] in only]
    sides = [("new", ROOT)] + ([("old", baseline)] if baseline else [])
    rates: dict[tuple[str, str, str], list[tuple[float, float]]] = {}
    checks: dict[tuple[str, str, str], set[int]] = {}
    heads: dict[tuple[str, str], list[list[int]]] = {}
    for r in range(rounds):
        order = sides if r % 2 == 0 else sides[::-1]
        for mode, bot, count in workloads:
            n = max(1, int(count * scale))
            for name, root in order if bot not in ("clone", "rollout") else sides:
                m = measure(root, mode, bot, n)
                rates.setdefault((name, mode, bot), []).append((n / m["cpu"], n / m["wall"]))
                checks.setdefault(("", mode, bot), set()).add(m["check"])
                heads.setdefault((mode, bot), []).append(m.get("head", []))
        print(f"round {r + 1} of {rounds} done", file=sys.stderr, flush=True)
    head = f"{'mode':<12} {'bot':<9} {'new CPU/s':>10} {'new wall/s':>10}"
    if baseline:
        head += f" {'old CPU/s':>10} {'old wall/s':>10} {'new/old':>8}"
    print(head)
    same = True
    for mode, bot, _ in workloads:
        line = f"{mode:<12} {bot:<9}"
        medians = {}
        for name, _root in sides:
            cpu = statistics.median(c for c, _ in rates[(name, mode, bot)])
            wall = statistics.median(w for _, w in rates[(name, mode, bot)])
            medians[name] = cpu
            line += f" {cpu:10.1f} {wall:10.1f}"
        if baseline:
            line += f" {medians['new'] / medians['old']:8.2f}"
            same &= len(checks[("", mode, bot)]) == 1
        print(line)
    unit = "games per second (playouts for rollout, copies for clone), median of the rounds"
    print(f"{unit}; {rounds} rounds on {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    if baseline:
        print(
            "both engines played identical games" if same else "THE ENGINES PLAYED DIFFERENT GAMES"
        )
    for mode in dict.fromkeys(w[0] for w in workloads):
        runs = heads.get((mode, "random"), []) + heads.get((mode, "kernel"), [])
        if heads.get((mode, "random")) and heads.get((mode, "kernel")):
            common = min(len(run) for run in runs)
            alike = len({tuple(run[:common]) for run in runs}) == 1
            same &= alike
            print(
                f"{mode}: the kernel played the random bots' games"
                if alike
                else f"{mode}: THE KERNEL AND THE RANDOM BOTS PLAYED DIFFERENT GAMES"
            )
    return same


# -- soundness and audit ----------------------------------------------------------------------------
def soundness(games: int) -> int:
    from pachaprint.check.generate import generate
    from pachaprint.engine.analysis.simulate import game_seed, play_game
    from pachaprint.engine.rules.config import GameConfig
    from pachaprint.engine.rules.oracle import WheelOracle
    from pachaprint.model.scenario import Scenario

    scenarios = [
        Scenario.from_dict(json.loads(p.read_text()))
        for p in sorted((ROOT / "scenarios").glob("*.json"))
    ]
    seed = 500
    while len(scenarios) < 40:
        size = "tiny" if seed % 2 else "long"
        difficulty = ("easy", "medium", "hard", "expert")[seed // 2 % 4]
        with contextlib.suppress(Exception):  # a seed without a scenario at that difficulty
            scenarios.append(generate(size, seed, difficulty).scenario)
        seed += 1
    line_ups = [
        ["logician", "logician"],
        ["logician", "greedy"],
        ["logician", "random", "greedy"],
        ["logician", "greedy", "logician", "random"],
    ]
    wrong: dict[str, int] = {}
    divinations: dict[str, int] = {}
    completed = 0
    start = time.perf_counter()
    for i in range(games):
        scenario = scenarios[i % len(scenarios)]
        names = line_ups[i // len(scenarios) % len(line_ups)]
        config = GameConfig(players=len(names), seed=game_seed(7, i))
        result = play_game(WheelOracle(scenario), config, names)
        completed += result.completed
        for p, name in enumerate(names):
            wrong[name] = wrong.get(name, 0) + result.wrong[p]
            divinations[name] = divinations.get(name, 0) + result.wrong[p] + result.correct[p]
    print(
        f"soundness: {games} games on {len(scenarios)} scenarios ({completed} completed) "
        f"in {time.perf_counter() - start:.0f} s"
    )
    for name in sorted(wrong):
        print(f"  {name}: {divinations[name]} divinations, {wrong[name]} wrong")
    return wrong.get("logician", 0)


def audit(games: int) -> int:
    """Prove every revealed cell without crop at every decision and compare with the map."""
    import random

    from pachaprint.engine.analysis.simulate import game_seed
    from pachaprint.engine.bots import make_bot
    from pachaprint.engine.bots.logic import analyse
    from pachaprint.engine.bots.proofs import prove
    from pachaprint.engine.rules.config import GameConfig
    from pachaprint.engine.rules.modes import new_game
    from pachaprint.model.scenario import Scenario

    scenarios = [
        Scenario.from_dict(json.loads(p.read_text()))
        for p in sorted((ROOT / "scenarios").glob("*.json"))
    ]
    checked = proofs = errors = 0
    start = time.perf_counter()
    for i in range(games):
        scenario = scenarios[i % len(scenarios)]
        truth = [int(ch) for ch in scenario.crops_flat]
        rng = random.Random(game_seed(11, i))
        names = (["logician", "greedy"], ["greedy", "random", "logician"])[i % 2]
        state = new_game(
            scenario, GameConfig(players=len(names), first_player=rng.randrange(len(names)))
        )
        bots = [make_bot(name, random.Random(rng.getrandbits(64))) for name in names]
        while not state.is_terminal():
            view = state.view()
            know = analyse(view.board, view.terrain, view.crop, view.supply)
            targets = [c for c in view.board.cells if view.terrain[c] >= 0 and not view.crop[c]]
            for cell in targets:
                checked += 1
                if not know.domains[cell] >> truth[cell] & 1:
                    errors += 1
                    print(
                        f"  {scenario.id}: {view.board.name(cell)} lost its true level {truth[cell]}"
                    )
            for cell, level in prove(know, targets).items():
                proofs += 1
                if level != truth[cell]:
                    errors += 1
                    print(
                        f"  {scenario.id}: {view.board.name(cell)} proven {level}, truly {truth[cell]}"
                    )
            state.apply(bots[state.current_player].act(view, state.legal_actions()))
    print(
        f"audit: {games} games on {len(scenarios)} scenarios, {checked} cell domains checked, "
        f"{proofs} proofs, {errors} errors, in {time.perf_counter() - start:.0f} s"
    )
    return errors


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--baseline", type=Path, help="a checkout of an older engine to compare with"
    )
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count")
    parser.add_argument(
        "--soundness", type=int, default=0, help="also play this many soundness games"
    )
    parser.add_argument(
        "--audit", type=int, default=0, help="also audit every proof in this many games"
    )
    parser.add_argument(
        "--only", nargs="*", default=[], help="measure only these: MODE or MODE:BOT (solo:greedy)"
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(*json.loads(args.worker))))
        return 0
    sys.path.insert(0, str(ROOT))
    baseline = args.baseline.resolve() if args.baseline else None
    failed = not speed(baseline, args.rounds, args.scale, args.only)
    if args.soundness:
        failed |= soundness(args.soundness) > 0
    if args.audit:
        failed |= audit(args.audit) > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
