"""The logician never divines wrong: thousands of games, and every proof audited against the map.

    python benchmarks/soundness.py --games 2000      # logician games: how many divinations wrong?
    python benchmarks/soundness.py --audit 300       # every proof at every decision vs the map

Soundness: competitive games of logicians against the other bots on the
shipped scenarios and generated ones of both sizes and every difficulty (40
in all); game ``i`` plays scenario ``i mod 40`` with seed ``game_seed(7, i)``.
Prints every bot's divinations and how many were wrong (the logician's must
be 0).

Audit: at every decision of ``--audit`` games on the shipped scenarios, the
domains the table's knowledge leaves for every revealed cell without crop must
hold the cell's true level, and every crop the logician's proofs name must be
the true one. Prints each miss. Exit code 1 on any error.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import time
from pathlib import Path

from pachaprint.check.generate import generate
from pachaprint.engine.analysis.games import game_seed, play_game
from pachaprint.engine.bots import make_bot
from pachaprint.engine.bots.logic import analyse
from pachaprint.engine.bots.proofs import prove
from pachaprint.engine.rules.config import GameConfig
from pachaprint.engine.rules.events import Ending
from pachaprint.engine.rules.modes import new_game
from pachaprint.engine.rules.oracle import WheelOracle
from pachaprint.model.scenario import Scenario

ROOT = Path(__file__).resolve().parent.parent


def shipped() -> list[Scenario]:
    return [
        Scenario.from_dict(json.loads(p.read_text(encoding="utf-8")))
        for p in sorted((ROOT / "scenarios").glob("*.json"))
    ]


def soundness(games: int) -> int:
    """Wrong divinations of the logician in ``games`` games (each bot's are printed)."""
    scenarios = shipped()
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
    start = time.process_time()
    for i in range(games):
        scenario = scenarios[i % len(scenarios)]
        names = line_ups[i // len(scenarios) % len(line_ups)]
        config = GameConfig(players=len(names), seed=game_seed(7, i))
        record = play_game(WheelOracle(scenario), config, names)
        completed += record.ending is Ending.FINISHED
        for p, name in enumerate(names):
            wrong[name] = wrong.get(name, 0) + record.wrong[p]
            divinations[name] = divinations.get(name, 0) + record.wrong[p] + record.correct[p]
    print(
        f"soundness: {games} games on {len(scenarios)} scenarios ({completed} finished) "
        f"in {time.process_time() - start:.1f} CPU s"
    )
    for name in sorted(wrong):
        print(f"  {name}: {divinations[name]} divinations, {wrong[name]} wrong")
    return wrong.get("logician", 0)


def audit(games: int) -> int:
    """Prove every revealed cell without crop at every decision and compare with the map."""
    scenarios = shipped()
    checked = proofs = errors = 0
    start = time.process_time()
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
            know = analyse(view.geo, view.terrain, view.crop, view.supply)
            targets = [c for c in view.board.cells if view.terrain[c] >= 0 and not view.crop[c]]
            for cell in targets:
                checked += 1
                if not know.domains[cell] >> truth[cell] & 1:
                    errors += 1
                    print(f"  {scenario.id}: {view.board.name(cell)} lost its level {truth[cell]}")
            for cell, level in prove(know, targets).items():
                proofs += 1
                if level != truth[cell]:
                    errors += 1
                    print(
                        f"  {scenario.id}: {view.board.name(cell)} proven {level}, truly {truth[cell]}"
                    )
            state.apply(bots[state.current_player].decide(state))
    print(
        f"audit: {games} games on {len(scenarios)} scenarios, {checked} cell domains checked, "
        f"{proofs} proofs, {errors} errors, in {time.process_time() - start:.1f} CPU s"
    )
    return errors


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=0, help="soundness games to play")
    parser.add_argument("--audit", type=int, default=0, help="games whose every proof to audit")
    args = parser.parse_args()
    if not args.games and not args.audit:
        parser.error("ask for --games N, --audit N or both")
    failed = False
    if args.games:
        failed |= soundness(args.games) > 0
    if args.audit:
        failed |= audit(args.audit) > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
