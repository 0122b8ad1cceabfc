"""What a build is asked to do: the options that shape its output, and its progress callback."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any

SCENARIOS_PER_VOLUME = 100
"""Scenarios per discs PDF (:mod:`pachaprint.build.volumes`): with both wheel templates,
200 discs and about 400 pages."""

PAPERS = ("a4", "letter")
WHEELS = ("retail", "volvelle45")


@dataclass(frozen=True)
class BuildOptions:
    """Everything that changes what a build produces (and so its content hashes)."""

    papers: tuple[str, ...] = PAPERS
    wheels: tuple[str, ...] = WHEELS
    games: int = 200
    players: int = 2
    bots: tuple[str, ...] = ("logician", "greedy")
    strongest: str = "logician"
    """The bot whose solo and co-op win rates the balance report gives. The logician by
    default, so that a default build stays fast; every flag names the bot it rests on,
    and ``expert`` gives the strongest fair figures (about 0.2 s of CPU a solo game,
    0.9 s a two-seat co-op game)."""
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
        """The options that change a scenario's or the core set's files (not the volume size)."""
        return dict(_key(self))


@lru_cache(maxsize=8)
def _key(options: BuildOptions) -> dict[str, Any]:
    """:meth:`BuildOptions.key`, worked out once per options (every unit's hash reads it)."""
    values = asdict(options)
    values.pop("scenarios_per_volume")
    return values


Progress = Callable[[str, int, int], None]
"""Callback ``(stage, done, total)``; the CLI draws it with rich."""
