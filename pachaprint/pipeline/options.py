"""What a build is asked to do: the options that shape its output, and its progress callback."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

SCENARIOS_PER_VOLUME = 100
"""Scenarios per discs PDF (:mod:`pachaprint.pipeline.volumes`): with both wheel templates,
200 discs and about 400 pages."""

PAPERS = ("a4", "letter")
WHEELS = ("retail", "volvelle45")


@dataclass(frozen=True, slots=True)
class BuildOptions:
    """Everything that changes what a build produces (and so its content hashes).

    ``strongest`` is the bot whose solo and co-op win rates the balance report and
    its flags give: the strongest fair bot, the expert, by default, so that a flag
    such as "the Otoma win almost every game" is not the fault of a weak player;
    ``logician`` is faster and weaker, and every flag names the bot it rests on.
    """

    papers: tuple[str, ...] = PAPERS
    wheels: tuple[str, ...] = WHEELS
    games: int = 200
    players: int = 2
    bots: tuple[str, ...] = ("logician", "greedy")
    strongest: str = "expert"
    modes: tuple[str, ...] = ("competitive", "solo", "coop")
    seed: int = 1
    lang: str = "en"
    box: str = "retail"
    back_offset: tuple[float, float] = (0.0, 0.0)
    share_url: str | None = None
    """``BASE``: the disc backs' QR codes hold ``BASE#CODE`` (the hosted digital wheel)."""
    ink: str = "full"
    """``full`` colour or ``saver`` (light backgrounds and areas with outlines)."""
    scenarios_per_volume: int = SCENARIOS_PER_VOLUME
    """Scenarios per discs PDF; more make several volumes."""

    def key(self) -> dict[str, Any]:
        """The options that change a scenario's or the core set's files (not the volume size),
        by name in field order."""
        return {
            field.name: getattr(self, field.name)
            for field in fields(self)
            if field.name != "scenarios_per_volume"
        }


Progress = Callable[[str, int, int], None]
"""Callback ``(stage, done, total)``; the CLI draws it with rich."""
