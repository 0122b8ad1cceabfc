"""What a build is asked to do: the options that shape its output, and its progress callback.

Light to import (no ``dataclasses``, no ``typing``): a rebuild with nothing
changed reads its defaults here before anything else loads
(:mod:`pachaprint.cli.fast`).
"""

from __future__ import annotations

from collections.abc import Callable

TYPE_CHECKING = False  # typing is not loaded at run time (start-up time of a rebuild)
if TYPE_CHECKING:
    from typing import Any, Final

SCENARIOS_PER_VOLUME = 100
"""Scenarios per discs PDF (:mod:`pachaprint.pipeline.volumes`): with both wheel templates,
200 discs and about 400 pages."""

PAPERS = ("a4", "letter")
WHEELS = ("retail", "volvelle45")


class BuildOptions:
    """Everything that changes what a build produces (and so its content hashes).

    ``strongest`` is the bot whose solo and co-op win rates the balance report and
    its flags give: the strongest fair bot, the expert, by default, so that a flag
    such as "the Otoma win almost every game" is not the fault of a weak player;
    ``logician`` is faster and weaker, and every flag names the bot it rests on.
    ``share_url`` is ``BASE``: the disc backs' QR codes hold ``BASE#CODE`` (the
    hosted digital wheel). ``ink`` is ``full`` colour or ``saver`` (light
    backgrounds and areas with outlines). ``scenarios_per_volume``: scenarios
    per discs PDF; more make several volumes. ``site``: write the site (``studio.html``,
    ``table.html`` and ``site/``, :mod:`pachaprint.site`), its runtime from ``pyodide``
    (``None``: the pinned release on its CDN; an address; a local folder to copy).

    A value: equal and hashed by its settings, never changed. Written out by
    hand rather than as a dataclass, as :class:`pachaprint.check.problems.Problem`
    is: importing ``dataclasses`` would cost a rebuild with nothing changed a
    third of a bare Python start.
    """

    __slots__ = (
        "back_offset",
        "bots",
        "box",
        "games",
        "ink",
        "lang",
        "modes",
        "papers",
        "players",
        "pyodide",
        "scenarios_per_volume",
        "seed",
        "share_url",
        "site",
        "strongest",
        "wheels",
    )

    def __init__(
        self,
        papers: tuple[str, ...] = PAPERS,
        wheels: tuple[str, ...] = WHEELS,
        games: int = 200,
        players: int = 2,
        bots: tuple[str, ...] = ("logician", "greedy"),
        strongest: str = "expert",
        modes: tuple[str, ...] = ("competitive", "solo", "coop"),
        seed: int = 1,
        lang: str = "en",
        box: str = "retail",
        back_offset: tuple[float, float] = (0.0, 0.0),
        share_url: str | None = None,
        ink: str = "full",
        scenarios_per_volume: int = SCENARIOS_PER_VOLUME,
        site: bool = True,
        pyodide: str | None = None,
    ) -> None:
        self.papers: Final = papers
        self.wheels: Final = wheels
        self.games: Final = games
        self.players: Final = players
        self.bots: Final = bots
        self.strongest: Final = strongest
        self.modes: Final = modes
        self.seed: Final = seed
        self.lang: Final = lang
        self.box: Final = box
        self.back_offset: Final = back_offset
        self.share_url: Final = share_url
        self.ink: Final = ink
        self.scenarios_per_volume: Final = scenarios_per_volume
        self.site: Final = site
        self.pyodide: Final = pyodide

    def key(self) -> dict[str, Any]:
        """The options that change a scenario's or the core set's files (not the volume size,
        not the site), by name in the order of :meth:`__init__`."""
        return {name: getattr(self, name) for name in _KEYED}

    def _values(self) -> tuple[Any, ...]:
        return (*self.key().values(), self.scenarios_per_volume, self.site, self.pyodide)

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
_KEYED = tuple(
    name for name in _SETTINGS if name not in ("scenarios_per_volume", "site", "pyodide")
)

Progress = Callable[[str, int, int], None]
"""Callback ``(stage, done, total)``; the CLI draws it with rich."""
