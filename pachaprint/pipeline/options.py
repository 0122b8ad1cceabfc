"""What a build is asked to do: the options that shape its output, and its progress callback.

The print settings are one value of the model (:class:`~pachaprint.model.printing.PrintSettings`);
the build's own options (games, bots, modes, seed, box, volumes) sit beside them here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from pachaprint.model.printing import PrintSettings, papers
from pachaprint.resources import shipped_wheels

SCENARIOS_PER_VOLUME = 100
"""Scenarios per discs PDF (:mod:`pachaprint.pipeline.volumes`): with both wheel templates,
200 discs and about 400 pages."""


def every_paper_and_wheel() -> PrintSettings:
    """A build's print settings by default: every paper, every shipped wheel template."""
    return PrintSettings(papers=papers(), wheels=shipped_wheels())


@dataclass(frozen=True, slots=True)
class BuildOptions:
    """Everything that changes what a build produces (and so its content hashes).

    ``printing`` is how every file is printed (papers, wheel templates, language,
    ink, back offset, share URL: :class:`~pachaprint.model.printing.PrintSettings`),
    by default on every paper for every shipped wheel template. ``strongest`` is
    the bot whose solo and co-op win rates the balance report and its flags give:
    the strongest fair bot, the expert, by default, so that a flag such as "the
    Otoma win almost every game" is not the fault of a weak player; ``logician`` is
    faster and weaker, and every flag names the bot it rests on. ``site``: write the
    site (``studio.html``, ``table.html`` and ``site/``, :mod:`pachaprint.site`), its
    runtime from ``pyodide`` (``None``: the pinned release on its CDN; an address; a local
    folder to copy).
    """

    printing: PrintSettings = field(default_factory=every_paper_and_wheel)
    games: int = 200
    players: int = 2
    bots: tuple[str, ...] = ("logician", "greedy")
    strongest: str = "expert"
    modes: tuple[str, ...] = ("competitive", "solo", "coop")
    seed: int = 1
    box: str = "retail"
    scenarios_per_volume: int = SCENARIOS_PER_VOLUME
    """Scenarios per discs PDF; more make several volumes."""
    site: bool = True
    pyodide: str | None = None

    def key(self) -> dict[str, Any]:
        """The options that change a scenario's or the core set's files (not the volume size,
        not the site), by name in field order (the print settings as a mapping)."""
        found = {
            item.name: getattr(self, item.name)
            for item in fields(self)
            if item.name not in ("scenarios_per_volume", "site", "pyodide")
        }
        found["printing"] = self.printing.key()
        return found


Progress = Callable[[str, int, int], None]
"""Callback ``(stage, done, total)``; the CLI draws it with rich."""
