"""The print options the printing commands share, read into one :class:`PrintSettings`.

``render`` and ``build`` (and, for the options they take, ``wheel`` and
``calibrate``) declare no print option of their own: :func:`print_options`
gives a command every option of :data:`PRINT_OPTIONS` and hands it one
``settings`` value. A new print option is a field of
:class:`~pachaprint.model.printing.PrintSettings` and a row here; the
renderer reads it where it matters. Paper and wheel template stay the
commands' own options (their choices and defaults differ), set into the
settings by each command.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pachaprint.cli import vocabulary as v
from pachaprint.cli.application import UsageError
from pachaprint.cli.options import Ink, Lang, check_share_url, parse_back_offset
from pachaprint.model.printing import PrintSettings


@dataclass(frozen=True)
class PrintOption:
    """One print option: the setting it fills, its Typer declaration and type, and how its
    value becomes the setting's (``ValueError`` in words for a bad one)."""

    setting: str
    declare: Callable[[], Any]
    kind: Any
    read: Callable[[Any], Any]


def _share_url(text: str | None) -> str | None:
    return None if text is None else check_share_url(text)


PRINT_OPTIONS: tuple[PrintOption, ...] = (
    PrintOption(
        "lang",
        lambda: v.lang("Language of the printed words (and of the digital wheel's page)."),
        Lang,
        lambda x: x.value,
    ),
    PrintOption("ink", v.ink, Ink, lambda x: x.value),
    PrintOption(
        "back_offset",
        lambda: v.back_offset(
            "Shift every back page of the print-and-play PDFs by X,Y mm (right, down as seen on "
            "the back) for a printer whose duplex is off; read X,Y on the print test's back."
        ),
        str | None,
        parse_back_offset,
    ),
    PrintOption(
        "share_url",
        lambda: v.share_url(
            "The disc backs' QR codes hold BASE#CODE (a hosted digital wheel page, "
            "'pachaprint wheel -o wheel.html') instead of the share code alone."
        ),
        str | None,
        _share_url,
    ),
)
"""Every print option, in the order ``--help`` lists them."""


def print_options(
    only: Sequence[str] | None = None,
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Give a command the print options (those named in ``only``, or every one): it takes a
    ``settings: PrintSettings`` parameter and receives the options given, read into one value
    (a usage error, exit 2, for a value a setting refuses)."""
    chosen = [o for o in PRINT_OPTIONS if only is None or o.setting in only]

    def decorate(command: Callable[..., None]) -> Callable[..., None]:
        signature = inspect.signature(command)
        own = [p for p in signature.parameters.values() if p.name != "settings"]
        added = [
            inspect.Parameter(o.setting, inspect.Parameter.KEYWORD_ONLY, default=o.declare())
            for o in chosen
        ]

        @functools.wraps(command)
        def run(*args: Any, **kwargs: Any) -> None:
            given = {o.setting: kwargs.pop(o.setting) for o in chosen}
            try:
                settings = PrintSettings(**{o.setting: o.read(given[o.setting]) for o in chosen})
            except ValueError as exc:
                raise UsageError(str(exc)) from None
            command(*args, settings=settings, **kwargs)

        run.__signature__ = signature.replace(parameters=[*own, *added])  # type: ignore[attr-defined]
        annotations = {k: t for k, t in command.__annotations__.items() if k != "settings"}
        run.__annotations__ = annotations | {o.setting: o.kind for o in chosen}
        return run

    return decorate
