"""How a kit is printed: the print settings, one value passed whole.

``render`` and ``build`` read their print options into one
:class:`PrintSettings`; the renderer takes it, with a checked disc, and every
component reads the setting it needs from it (the words of ``lang``, the
palette of ``ink``...). A new print option is a field here, its option on the
command line (``pachaprint/cli/printing.py``) and the code that uses it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

from pachaprint.resources import LANGUAGES, load_template

INKS = ("full", "saver")
"""How much ink the kit prints: ``full`` colour, or ``saver`` (light backgrounds and
areas with outlines, for home printers; the palette's ``ink_saver`` section)."""


def papers() -> tuple[str, ...]:
    """The paper sizes the kit is laid out for (``templates/sheets.json``): ``a4``, ``letter``."""
    return tuple(load_template("sheets.json")["papers"])


@dataclass(frozen=True, slots=True)
class PrintSettings:
    """Everything that changes how a disc or the core set is printed.

    ``papers``: the paper sizes, the first for a single print file (``render``'s
    ``disc-print-<paper>.pdf``); ``wheels``: wheel templates, shipped names or
    template files, the first for a disc's preview and its print file's order;
    ``lang``: the language of every printed word; ``ink``: ``full`` or ``saver``;
    ``back_offset``: millimetres every back page shifts (right, down as seen on the
    back) for a printer whose duplex is off; ``share_url``: ``BASE``, so that a disc
    back's QR code holds ``BASE#CODE`` (the hosted digital wheel) instead of the
    code alone. Frozen and hashable; checked when made (``ValueError`` naming the
    setting).
    """

    papers: tuple[str, ...] = ("a4",)
    wheels: tuple[str, ...] = ("retail",)
    lang: str = "en"
    ink: str = "full"
    back_offset: tuple[float, float] = (0.0, 0.0)
    share_url: str | None = None

    def __post_init__(self) -> None:
        known = papers()
        if not self.papers or any(p not in known for p in self.papers):
            raise ValueError(f"papers: choose from {', '.join(known)}, not {self.papers!r}")
        if not self.wheels:
            raise ValueError("wheels: choose at least one wheel template")
        if self.lang not in LANGUAGES:
            raise ValueError(f"lang: choose one of {', '.join(LANGUAGES)}, not {self.lang!r}")
        if self.ink not in INKS:
            raise ValueError(f"ink: choose {' or '.join(INKS)}, not {self.ink!r}")
        limit = float(load_template("sheets.json")["max_back_offset_mm"])
        if len(self.back_offset) != 2 or not all(
            math.isfinite(v) and abs(v) <= limit for v in self.back_offset
        ):
            raise ValueError(f"back_offset: two numbers of mm between -{limit:g} and {limit:g}")

    @property
    def paper(self) -> str:
        """The first paper: a single print file's."""
        return self.papers[0]

    @property
    def wheel(self) -> str:
        """The first wheel template: a disc's preview and the order of its print file."""
        return self.wheels[0]

    def key(self) -> dict[str, object]:
        """Every setting by name, in field order (what a build's content hashes cover)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}
