"""Record the golden simulation reports (run from the project root).

    python tests/golden/record.py                  # writes tests/golden/simulate.json
    python tests/golden/record.py --playthroughs   # writes tests/golden/playthroughs.json

The engine's refactors must keep every one of these reports identical: the
test ``tests/test_golden_reports.py`` replays each case and compares. Record
again only when a rules fix changes a report on purpose, and say why in the
commit message.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (scenario, arguments[, exit code]): modes, player counts, bot mixes, difficulties,
# worker processes, and games cut short by --max-turns (exit 1).
CASES: list[tuple[str, list[str]] | tuple[str, list[str], int]] = [
    ("colca-canyon", ["--games", "40", "--bots", "logician,greedy"]),
    ("colca-canyon", ["--games", "30", "--bots", "random,greedy", "--seed", "7"]),
    ("akapana-mound", ["--games", "40", "--players", "3", "--bots", "random,greedy,logician"]),
    ("sun-gate", ["--games", "30", "--players", "2", "--bots", "greedy,greedy", "--seed", "3"]),
    (
        "inti-raymi",
        ["--games", "20", "--players", "4", "--bots", "logician,random,greedy,logician"],
    ),
    ("titicaca-shoreline", ["--games", "20", "--players", "3", "--bots", "logician"]),
    (
        "colca-canyon",
        ["--games", "20", "--mode", "solo", "--bots", "logician", "--difficulty", "easy"],
    ),
    (
        "sacred-valley",
        ["--games", "20", "--mode", "solo", "--bots", "greedy", "--difficulty", "hard"],
    ),
    (
        "misti-at-dawn",
        [
            "--games",
            "20",
            "--mode",
            "solo",
            "--bots",
            "random",
            "--difficulty",
            "easy",
            "--seed",
            "5",
        ],
    ),
    (
        "cordillera-real",
        [
            "--games",
            "20",
            "--mode",
            "solo",
            "--bots",
            "logician",
            "--difficulty",
            "hard",
            "--seed",
            "2",
        ],
    ),
    (
        "colca-canyon",
        [
            "--games",
            "15",
            "--mode",
            "coop",
            "--players",
            "2",
            "--bots",
            "logician",
            "--difficulty",
            "easy",
        ],
    ),
    (
        "edge-of-atacama",
        [
            "--games",
            "15",
            "--mode",
            "coop",
            "--players",
            "3",
            "--bots",
            "greedy",
            "--difficulty",
            "normal",
        ],
    ),
    (
        "uyuni-after-rain",
        [
            "--games",
            "15",
            "--mode",
            "coop",
            "--players",
            "4",
            "--bots",
            "logician",
            "--difficulty",
            "expert",
        ],
    ),
    (
        "road-to-copacabana",
        [
            "--games",
            "15",
            "--mode",
            "coop",
            "--players",
            "2",
            "--bots",
            "random",
            "--difficulty",
            "normal",
            "--seed",
            "9",
        ],
    ),
    (
        "manu-headwaters",
        [
            "--games",
            "20",
            "--mode",
            "solo",
            "--bots",
            "logician",
            "--difficulty",
            "easy",
            "--otoma",
            "a1,a3,a5,d2,h2",
        ],
    ),
    # Added before the engine redesign (recorded from the same starting commit):
    # every bot on both solo difficulties, every bot on the three co-op levels,
    # worker processes, a tiny scenario at four players, an Otoma subset, and
    # games cut short. --games is the total over the runs (bot x difficulty);
    # the cases with several runs ask for runs x the games per run they were
    # recorded with, and so play the same games and keep their reports.
    ("sacred-valley", ["--games", "36", "--mode", "solo", "--bots", "logician,greedy,random"]),
    ("colca-canyon", ["--games", "18", "--mode", "coop", "--players", "3"]),
    (
        "misti-at-dawn",
        [
            "--games",
            "16",
            "--mode",
            "coop",
            "--players",
            "4",
            "--bots",
            "greedy,random",
            "--difficulty",
            "easy,expert",
            "--seed",
            "4",
        ],
    ),
    ("moray-terraces", ["--games", "20", "--players", "4", "--jobs", "2"]),
    (
        "sacred-valley",
        [
            "--games",
            "10",
            "--mode",
            "solo",
            "--bots",
            "random",
            "--difficulty",
            "hard",
            "--jobs",
            "2",
            "--seed",
            "11",
        ],
    ),
    (
        "road-to-copacabana",
        [
            "--games",
            "5",
            "--mode",
            "coop",
            "--bots",
            "logician",
            "--difficulty",
            "easy",
            "--otoma",
            "a1,c1,e1,b3,a4",
        ],
    ),
    ("colca-canyon", ["--games", "5", "--max-turns", "10"], 1),
    ("cordillera-real", ["--games", "20", "--mode", "solo", "--max-turns", "10"], 1),
]


def main() -> None:
    root = HERE.parent.parent
    if sys.argv[1:] == ["--playthroughs"]:
        sys.path.insert(0, str(root))
        from tests.playthrough import record

        record()
        return
    records = []
    for scenario, args, *code in CASES:
        expected = code[0] if code else 0
        command = [
            sys.executable,
            "-m",
            "pachaprint",
            "simulate",
            f"scenarios/{scenario}.json",
            "--format",
            "json",
            "--quiet",
            *args,
        ]
        done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)
        if done.returncode != expected:
            sys.exit(f"{' '.join(command)}: exit {done.returncode}\n{done.stderr}")
        record = {"scenario": scenario, "args": args, "report": json.loads(done.stdout)}
        if expected:
            record["exit"] = expected
        records.append(record)
        print(scenario, *args, file=sys.stderr)
    (HERE / "simulate.json").write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
