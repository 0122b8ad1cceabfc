"""What a build is asked to do: the options that shape its output, and its progress callback.

The print settings are one value of the model (:class:`~pachaprint.model.printing.PrintSettings`);
the build's own options (games, bots, modes, seed, box, volumes) sit beside them here.
"""

from __future__ import annotations

from collections.abc import Callable

from pachaprint.model.printing import PrintSettings, papers
from pachaprint.resources import shipped_wheels

TYPE_CHECKING = False  # typing is not loaded at run time (start-up time of a rebuild)
if TYPE_CHECKING:
    from typing import Any, Final

SCENARIOS_PER_VOLUME = 100
"""Scenarios per discs PDF (:mod:`pachaprint.pipeline.volumes`): with both wheel templates,
200 discs and about 400 pages."""


def every_paper_and_wheel() -> PrintSettings:
    """A build's print settings by default: every paper, every shipped wheel template."""
    return PrintSettings(papers=papers(), wheels=shipped_wheels())


class BuildOptions:
    """Everything that changes what a build produces (and so its content hashes).

    ``printing`` is how every file is printed (papers, wheel templates, language,
    ink, back offset, share URL: :class:`~pachaprint.model.printing.PrintSettings`),
    by default on every paper for every shipped wheel template. ``strongest`` is
    the bot whose solo and co-op win rates the balance report and its flags give:
    the strongest fair bot, the expert, by default, so that a flag such as "the
    Otoma win almost every game" is not the fault of a weak player; ``logician`` is
    faster and weaker, and every flag names the bot it rests on.
    ``scenarios_per_volume``: scenarios per discs PDF; more make several volumes.

    A value: equal and hashed by its settings, never changed.
    """

    __slots__ = (
        "bots",
        "box",
        "games",
        "modes",
        "players",
        "printing",
        "scenarios_per_volume",
        "seed",
        "strongest",
    )

    def __init__(
        self,
        printing: PrintSettings | None = None,
        games: int = 200,
        players: int = 2,
        bots: tuple[str, ...] = ("logician", "greedy"),
        strongest: str = "expert",
        modes: tuple[str, ...] = ("competitive", "solo", "coop"),
        seed: int = 1,
        box: str = "retail",
        scenarios_per_volume: int = SCENARIOS_PER_VOLUME,
    ) -> None:
        self.printing: Final = every_paper_and_wheel() if printing is None else printing
        self.games: Final = games
        self.players: Final = players
        self.bots: Final = bots
        self.strongest: Final = strongest
        self.modes: Final = modes
        self.seed: Final = seed
        self.box: Final = box
        self.scenarios_per_volume: Final = scenarios_per_volume

    def key(self) -> dict[str, Any]:
        """The options that change a scenario's or the core set's files (not the volume size),
        by name in the order of :meth:`__init__` (the print settings as a mapping)."""
        found = {name: getattr(self, name) for name in _KEYED}
        found["printing"] = self.printing.key()
        return found

    def _values(self) -> tuple[Any, ...]:
        return (*(getattr(self, name) for name in _KEYED), self.scenarios_per_volume)

    def __eq__(self, other: object) -> bool:
        if type(other) is not BuildOptions:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        settings = ", ".join(f"{name}={getattr(self, name)!r}" for name in _SETTINGS)
        return f"BuildOptions({settings})"


_SETTINGS = BuildOptions.__init__.__code__.co_varnames[
    1 : BuildOptions.__init__.__code__.co_argcount
]
"""Every setting, in the order of :meth:`BuildOptions.__init__`."""
_KEYED = tuple(name for name in _SETTINGS if name != "scenarios_per_volume")

Progress = Callable[[str, int, int], None]
"""Callback ``(stage, done, total)``; the CLI draws it with rich."""
