"""How well the expert's crop odds match the crops it guesses: calibration in bins.

    python benchmarks/calibrate_expert.py --games 150                 # solo easy, co-op easy
    python benchmarks/calibrate_expert.py --games 90 --modes coop:normal --dump guesses.json

The expert (as ``make_bot`` makes it, or a configuration of ``bench_expert.py``) plays the shipped long discs, game ``i`` on
disc ``i mod n`` with seed ``game_seed(seed, i)``. At every divination it cannot
prove (a guess), the odds its belief gave the cell at that decision are kept with
the crop the map holds there. The report, per mode:

* the guesses, how many were right, and how many its odds said would be (the sum
  of the odds of the levels it named);
* the named level's odds in bins of 0.1: guesses, mean odds, share right;
* the log loss and Brier score of the whole odds vector against the true crop.

A calibrated belief is right as often as it says. ``--dump`` writes every guess
(odds, level named, true crop) as JSON, to fit a correction offline.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_bots import _long_scenarios, play_with  # noqa: E402


def play(config: str, mode: str, level: str, index: int, seed: int) -> list[dict[str, Any]]:
    """One game's guesses: ``{"odds", "named", "true"}`` each (the expert of ``config``,
    a configuration of ``bench_expert.py``)."""
    from bench_expert import make_expert

    from pachaprint.engine.bots.belief import PublicBelief, Refinements
    from pachaprint.engine.bots.expert import ExpertBot
    from pachaprint.engine.rules import actions as A
    from pachaprint.engine.rules.actions import Kind

    scenario = _long_scenarios()[0][index]
    guesses: list[dict[str, Any]] = []

    class Watched:
        """The expert, watched: its guesses are noted (a compiled class has no subclass)."""

        def __init__(self, bot: ExpertBot):
            self.bot = bot

        def decide(self, state: Any) -> int:
            bot = self.bot
            known = dict(bot.known)
            before = bot.guessed
            code = bot.decide(state)
            if bot.guessed > before and A.kind_of(code) == int(Kind.DIVINE):
                cell = A.cell_of(code)
                info = state.information_state()
                # a fresh memo: the same odds (seeded by the cells), the bot's memo untouched
                belief = PublicBelief.of_table(
                    info.geo,
                    info.terrain,
                    info.crop,
                    info.supply,
                    known,
                    {},
                    True,
                    Refinements(bot.budget.exact),
                )
                guesses.append(
                    {
                        "odds": list(belief.crop_odds(cell)),
                        "named": A.to_of(code),
                        "true": scenario.crop_at(cell),
                    }
                )
            return code

    def seat_bot(seat: int, rng: Any, game_mode: Any) -> Any:
        bot = make_expert(config, game_mode, rng)
        assert isinstance(bot, ExpertBot)
        return Watched(bot)

    players = 1 if mode == "solo" else 2
    play_with(mode, level, players, index, seed, seat_bot)
    return guesses


def report(name: str, guesses: list[dict[str, Any]]) -> None:
    """Prints the calibration of ``guesses`` (see the module documentation)."""
    right = sum(1 for g in guesses if g["named"] == g["true"])
    said = sum(g["odds"][g["named"]] for g in guesses)
    n = max(1, len(guesses))
    print(
        f"\n{name}: {len(guesses)} guesses, {right} right ({right / n:.1%}), odds said {said / n:.1%}"
    )
    print("  named level's odds   guesses   mean odds   right")
    for b in range(10):
        inside = [
            g
            for g in guesses
            if b / 10 <= g["odds"][g["named"]] < (b + 1) / 10
            or (b == 9 and g["odds"][g["named"]] >= 1)
        ]
        if inside:
            mean = sum(g["odds"][g["named"]] for g in inside) / len(inside)
            hit = sum(1 for g in inside if g["named"] == g["true"]) / len(inside)
            print(
                f"  {b / 10:.1f}-{(b + 1) / 10:.1f}            {len(inside):>7}   {mean:9.3f}   {hit:5.3f}"
            )
    loss = brier = 0.0
    for g in guesses:
        p = g["odds"]
        loss -= math.log(max(p[g["true"]], 1e-6))
        brier += sum((p[v] - (1.0 if v == g["true"] else 0.0)) ** 2 for v in range(1, 6))
    print(f"  log loss {loss / n:.3f}, Brier {brier / n:.3f}")


def main() -> None:
    from pachaprint.engine.analysis.simulate import game_seed

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--modes", default="solo:easy,coop:easy")
    parser.add_argument("--config", default="chosen", help="as in bench_expert.py (chosen)")
    parser.add_argument("--dump", type=Path, help="write every guess to this JSON file")
    args = parser.parse_args()
    discs = len(_long_scenarios()[0])
    dump: dict[str, list[dict[str, Any]]] = {}
    for item in args.modes.split(","):
        mode, level = item.split(":")
        guesses: list[dict[str, Any]] = []
        for i in range(args.games):
            guesses += play(args.config, mode, level, i % discs, game_seed(args.seed, i))
        report(f"{args.config}: {mode} {level}, {args.games} games, seed {args.seed}", guesses)
        dump[item] = guesses
    if args.dump:
        args.dump.write_text(json.dumps(dump), encoding="utf-8")


if __name__ == "__main__":
    main()
