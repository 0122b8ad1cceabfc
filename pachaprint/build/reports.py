"""Per-scenario build reports: ``report.json`` for scripts, ``report.md`` for people."""

from __future__ import annotations

import json
from typing import Any

from pachaprint.model.rules import CROP_NAMES, Terrain
from pachaprint.model.scenario import Scenario


def scenario_report(
    validation: dict[str, Any], simulation: dict[str, Any] | None, scenario: Scenario
) -> dict[str, Any]:
    """The ``report.json`` content: verdict, counts, difficulty, simulation summary, flags."""
    stats = validation.get("stats", {})
    flags = list(simulation.get("flags", [])) if simulation else []
    return {
        "scenario": scenario.id,
        "name": scenario.name,
        "author": scenario.author,
        "size": scenario.size,
        "file": validation["file"],
        "valid": validation["valid"],
        "errors": validation["errors"],
        "warnings": validation["warnings"],
        "difficulty": stats.get("difficulty"),
        "regions": stats.get("regions"),
        "start_cells": list(scenario.start),
        "otoma": list(scenario.otoma or []),
        "terrain_tiles": scenario.terrain_counts(),
        "crop_tiles": {str(k): v for k, v in scenario.crop_tile_counts().items()},
        "simulation": simulation,
        "flags": flags,
    }


def report_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def _table(header: list[str], rows: list[list[Any]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return lines


def report_markdown(report: dict[str, Any]) -> str:
    """A readable summary of ``report`` (same facts as the JSON)."""
    lines = [f"# {report['name']} (`{report['scenario']}`)", ""]
    author = f" by {report['author']}" if report.get("author") else ""
    lines.append(f"A {report['size']} scenario{author}. Source file: `{report['file']}`.")
    lines.append("")
    verdict = "valid" if report["valid"] else "INVALID"
    lines.append(
        f"**Verdict:** {verdict}; difficulty **{report.get('difficulty') or 'unknown'}**; "
        f"{report['regions']} regions; {len(report['start_cells'])} start cells ({', '.join(report['start_cells'])})."
    )
    if report["otoma"]:
        lines.append(f"Otoma start cells (solo/co-op): {', '.join(report['otoma'])}.")
    for problem in report["errors"]:
        lines.append(f"- error `{problem['rule']}`: {problem['message']}")
    for problem in report["warnings"]:
        lines.append(f"- warning `{problem['rule']}`: {problem['message']}")
    lines += ["", "## Tiles", ""]
    lines += _table(
        ["terrain", "tiles"], [[Terrain(k).label, v] for k, v in report["terrain_tiles"].items()]
    )
    lines.append("")
    lines += _table(
        ["crop", "tiles"],
        [[f"{k} {CROP_NAMES[int(k)]}", v] for k, v in report["crop_tiles"].items()],
    )
    sim = report.get("simulation")
    if sim:
        lines += ["", "## Simulation", ""]
        turns = sim["turns"]
        lines.append(
            f"{sim['completed']} of {sim['games']} games completed ({sim['players']} players: {', '.join(sim['bots'])}; seed {sim['seed']}). "
            f"Turns per game: mean {turns['mean']}, min {turns['min']}, max {turns['max']}."
        )
        lines.append("")
        rows = []
        for seat in sim["seats"]:
            points = seat.get("points", {})
            rows.append(
                [
                    seat["seat"],
                    seat["bot"],
                    seat["score_mean"],
                    seat["score_sd"],
                    f"{seat['win_rate']:.0%}",
                    points.get("discovery", ""),
                    points.get("divination", ""),
                    points.get("offering", ""),
                ]
            )
        lines += _table(
            ["seat", "bot", "mean score", "sd", "wins", "discovery", "divination", "offering"], rows
        )
        lines.append("")
        wrong = ", ".join(f"{bot} {n}" for bot, n in sim.get("wrong_divinations", {}).items())
        lines.append(f"Wrong divinations: {wrong or 'none'}.")
        if "first_player_win_rate" in sim:
            lines.append(
                f"The player who takes the first turn wins {sim['first_player_win_rate']:.0%} of the games."
            )
        if "logician_proved" in sim:
            lines.append(
                f"Crops the logician proved from public information and divined: {sim['logician_proved']} "
                f"in {sim['games']} games ({sim['logician_proved'] / sim['games']:.1f} per game)."
            )
    lines += ["", "## Flags", ""]
    lines += [f"- {flag}" for flag in report["flags"]] or ["None."]
    return "\n".join(lines) + "\n"
