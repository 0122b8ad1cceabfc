"""The options the commands share, spelt once.

Every command that takes one of these ideas takes it under the same name,
with the same short form and the same kind of value:

==================  ====================================================
``-o/--out``        where the output goes (a file or a folder)
``-n/--games``      games to simulate, in total
``-j/--jobs``       worker processes (the output never depends on it)
``-f/--format``     ``text`` for people, ``json`` for programs
``-b/--bots``       which bots play
``-m/--mode``       competitive, solo or coop (a list where several run)
``--seats``         who sits where: ``N`` seats, or one entry per seat by name
``-s/--seed``       the seed that makes a run repeatable
``-q/--quiet``      no progress display
``--force``         replace or redo what is already there
``--max-turns``     turns after which a game counts as not ending
``--scheduler``     the Dask cluster that plays the games
``--difficulty``    the Otoma's level, a list where several run (not a disc's grade)
``--otoma``         the Otoma's five start cells
``--colour``        your pawn colour in solo
``--box``           whether tile counts must fit the retail box
``--lang``          the language of the printed or shown words
``--ink``           full colour, or the home printer's saver
``--back-offset``   the shift of every back page, in mm
``--share-url``     the hosted digital wheel the QR codes open
``--port``          the port of a local app on 127.0.0.1
``--no-browser``    print a local app's address only
==================  ====================================================

The functions below make the Typer declarations; :data:`SPELLINGS` is the
table ``tests/test_cli_vocabulary.py`` checks every command's ``--help``
against.

Spellings that are going away (``simulate --players``, ``hint --json``,
``build --summary``, ``new --difficulty``...) are :func:`deprecated` hidden options: they still
work for one release, and :func:`renamed` prints a note on standard error
naming the new spelling.
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

import typer

from pachaprint.cli.options import BoxLimit, Ink, Lang, OutputFormat

T = TypeVar("T")

SPELLINGS: dict[str, tuple[str, ...]] = {
    "--out": ("-o", "--out"),
    "--games": ("-n", "--games"),
    "--jobs": ("-j", "--jobs"),
    "--format": ("-f", "--format"),
    "--bots": ("-b", "--bots"),
    "--mode": ("-m", "--mode"),
    "--seats": ("--seats",),
    "--seed": ("-s", "--seed"),
    "--quiet": ("-q", "--quiet"),
    "--force": ("--force",),
    "--max-turns": ("--max-turns",),
    "--scheduler": ("--scheduler",),
    "--difficulty": ("--difficulty",),
    "--otoma": ("--otoma",),
    "--colour": ("--colour",),
    "--box": ("--box",),
    "--lang": ("--lang",),
    "--ink": ("--ink",),
    "--back-offset": ("--back-offset",),
    "--share-url": ("--share-url",),
    "--print-shop": ("--print-shop",),
    "--port": ("--port",),
    "--no-browser": ("--no-browser",),
}
"""Each shared option's flags, short form first: the only way a command may spell it."""

SEATS_METAVAR = "N|SEAT,SEAT"

METAVARS: dict[str, tuple[str, ...]] = {
    "--out": ("FILE", "DIR"),
    "--games": ("N",),
    "--jobs": ("N",),
    "--format": ("text|json",),
    "--bots": ("NAME,NAME", "NAME"),
    "--mode": ("MODE", "MODE,MODE"),
    "--seats": (SEATS_METAVAR,),
    "--seed": ("N",),
    "--max-turns": ("N",),
    "--scheduler": ("ADDRESS",),
    "--difficulty": ("LEVEL", "LEVEL,LEVEL"),
    "--otoma": ("CELL,CELL",),
    "--colour": ("NAME",),
    "--box": ("retail|unlimited",),
    "--lang": ("|".join(lang.value for lang in Lang),),
    "--ink": ("full|saver",),
    "--back-offset": ("X,Y",),
    "--share-url": ("BASE",),
    "--port": ("N",),
}
"""The values each shared option shows in ``--help`` (a list where commands differ: one
mode to play or several to compare)."""


# -- where the output goes, how much to run ------------------------------------------------
def out(kind: str, help: str, default: Any = ...) -> Any:
    """``-o/--out FILE`` or ``-o/--out DIR`` (``kind``); required unless ``default`` is given."""
    return typer.Option(default, *SPELLINGS["--out"], metavar=kind, help=help)


def games(help: str, default: int = 200) -> Any:
    return typer.Option(default, *SPELLINGS["--games"], min=1, metavar="N", help=help)


def jobs(help: str, default: int = 1, show_default: bool | str = True) -> Any:
    return typer.Option(
        default, *SPELLINGS["--jobs"], min=1, metavar="N", help=help, show_default=show_default
    )


def format(help: str) -> Any:
    return typer.Option(OutputFormat.text, *SPELLINGS["--format"], help=help)


def quiet(help: str = "No progress bar.") -> Any:
    return typer.Option(False, *SPELLINGS["--quiet"], help=help)


def force(help: str) -> Any:
    return typer.Option(False, *SPELLINGS["--force"], help=help)


def seed(help: str, default: int | None) -> Any:
    return typer.Option(default, *SPELLINGS["--seed"], metavar="N", help=help)


# -- who plays --------------------------------------------------------------------------------
def bots(
    help: str, default: str | None, metavar: str = "NAME,NAME", show_default: bool | str = True
) -> Any:
    return typer.Option(
        default, *SPELLINGS["--bots"], metavar=metavar, help=help, show_default=show_default
    )


def mode(help: str, default: str | None, several: bool = False) -> Any:
    metavar = "MODE,MODE" if several else "MODE"
    return typer.Option(default, *SPELLINGS["--mode"], metavar=metavar, help=help)


def seats(help: str) -> Any:
    return typer.Option(None, *SPELLINGS["--seats"], metavar=SEATS_METAVAR, help=help)


def difficulty(help: str, several: bool = False) -> Any:
    metavar = "LEVEL,LEVEL" if several else "LEVEL"
    return typer.Option(None, *SPELLINGS["--difficulty"], metavar=metavar, help=help)


def otoma(fallback: bool = True) -> Any:
    """``--otoma CELL,CELL``; with ``fallback`` the bots' choice stands in for a disc naming
    none (a simulation), else the player places them in the game (``play``, ``table``)."""
    if fallback:
        default = "the disc's solo.otoma, else its first five start cells"
    else:
        default = "the disc's solo.otoma, else you place them before the first turn"
    return typer.Option(
        None,
        *SPELLINGS["--otoma"],
        metavar="CELL,CELL",
        help=f"The five Otoma start cells (default: {default}).",
    )


def max_turns() -> Any:
    return typer.Option(
        2000,
        *SPELLINGS["--max-turns"],
        min=10,
        metavar="N",
        help="Turns after which a game counts as not ending.",
    )


def scheduler(help: str | None = None) -> Any:
    from pachaprint.cli.cluster import SCHEDULER_HELP

    return typer.Option(
        None, *SPELLINGS["--scheduler"], metavar="ADDRESS", help=help or SCHEDULER_HELP
    )


# -- one game people play: ``play`` and ``table`` -------------------------------------------
def game_mode() -> Any:
    from pachaprint.engine.rules.modes import mode_words

    return mode(f"{mode_words(described=True)}.", None)


def game_difficulty() -> Any:
    from pachaprint.engine.rules.modes import difficulty_words

    return difficulty(f"{difficulty_words(defaults=True)}.")


def colour() -> Any:
    return typer.Option(
        None,
        *SPELLINGS["--colour"],
        metavar="NAME",
        help="Solo: your pawn colour, brown (default), white, green or blue; "
        "the Otoma take the others.",
    )


def game_seed() -> Any:
    return seed(
        "Seed for the first player, the tiles and the bots (default: a fresh one, shown with the game).",
        None,
    )


# -- what is printed, and how ---------------------------------------------------------------
def box() -> Any:
    return typer.Option(
        BoxLimit.retail,
        *SPELLINGS["--box"],
        help="retail: tile counts must fit the retail box; unlimited: skip that check.",
    )


def lang(help: str) -> Any:
    return typer.Option(Lang.en, *SPELLINGS["--lang"], help=help)


def ink() -> Any:
    return typer.Option(
        Ink.full,
        *SPELLINGS["--ink"],
        help="full colour, or saver: light backgrounds and areas with outlines, for home printers.",
    )


def print_shop() -> Any:
    """``--print-shop``: print-shop files beside the home PDFs (docs/outputs.md section 5)."""
    return typer.Option(
        False,
        *SPELLINGS["--print-shop"],
        help="Also write, beside each print-and-play PDF, a print-shop file NAME-print-shop.pdf: "
        "PDF/X-4 in CMYK (FOGRA39, at most 300 % ink, black-only text), trim and bleed boxes, "
        "die lines in the spot colour CutContour. Needs pachaprint[print-shop].",
    )


def back_offset(help: str) -> Any:
    return typer.Option(None, *SPELLINGS["--back-offset"], metavar="X,Y", help=help)


def share_url(help: str) -> Any:
    return typer.Option(None, *SPELLINGS["--share-url"], metavar="BASE", help=help)


# -- a local app ------------------------------------------------------------------------------
def port(first: int) -> Any:
    """``--port`` of a local app: without it, the first free port of ``first`` and the 19 after."""
    return typer.Option(
        None,
        *SPELLINGS["--port"],
        metavar="N",
        min=0,
        max=65535,
        help=f"Port on 127.0.0.1; 0 picks any free port. Default: the first free port of "
        f"{first}-{first + 19}.",
    )


def no_browser() -> Any:
    return typer.Option(
        False, *SPELLINGS["--no-browser"], help="Print the address only; do not open a browser."
    )


# -- spellings that are going away ----------------------------------------------------------
def deprecated(*names: str, flag: bool = False) -> Any:
    """A hidden option for an old spelling: it still works for one release."""
    return typer.Option(False if flag else None, *names, hidden=True)


def note(text: str) -> None:
    """A line on standard error that does not change the exit code."""
    typer.echo(f"pachaprint: note: {text}", err=True)


def renamed(old: str, new: str, value: T | None, given: T, default: T) -> T:
    """The value of an option that has a new spelling.

    ``value`` is what the old spelling ``old`` received (``None`` or ``False`` when
    unused); ``given`` what the new spelling ``new`` received, ``default`` its
    default. Using the old spelling prints a note; giving both, with different
    values, is a usage error.
    """
    if value is None or value is False:
        return given
    note(f"{old} is deprecated and will be removed in the next release; use {new}")
    if given != default and given != value:
        from pachaprint.cli.application import UsageError

        raise UsageError(f"{old} and {new} name the same setting; give {new} only")
    return value


# -- who sits where ---------------------------------------------------------------------------
_COUNT = r"\s*([0-9]+)\s*"


def parse_seats(text: str) -> int | tuple[str, ...]:
    """``--seats``: a number of seats (``3``), or one name per seat (``human,logician``)."""
    count = re.fullmatch(_COUNT, text)
    if count:
        return int(count.group(1))
    return tuple(name.strip().lower() for name in text.split(",") if name.strip())


def bot_seats(
    seats: str | None, bots: str | None, default_bots: str, shared: bool = False
) -> tuple[int | None, str]:
    """The seat count and ``--bots`` words of a simulation, from ``--seats`` and ``--bots``.

    ``--seats N`` sets the count and ``--bots`` fills it (repeated when
    short); ``--seats NAME,NAME`` names the bot of every seat, so ``--bots``
    must not name them again. With ``shared`` (games against the Otoma, where
    one bot plays every seat of a run) a list must name a single bot. A usage
    error, or a ``ConfigError`` naming an unknown bot.
    """
    from pachaprint.cli.application import UsageError

    if seats is None:
        return None, bots or default_bots
    parsed = parse_seats(seats)
    if isinstance(parsed, int):
        return parsed, bots or default_bots
    if not parsed:
        raise UsageError(f"--seats {seats!r}: give a number of seats or a bot per seat")
    if "human" in parsed:
        raise UsageError(
            "--seats: bots only here; people sit down with 'pachaprint play' or 'pachaprint table'"
        )
    if bots is not None:
        raise UsageError("--seats names the bot of every seat; give --seats N with --bots instead")
    from pachaprint.engine.bots import check_bot

    for name in parsed:
        check_bot(name, "players")
    if shared and len(set(parsed)) > 1:
        raise UsageError(
            "--seats: against the Otoma one bot plays every seat of a run; "
            "give --seats N and --bots NAME,NAME to try each bot in turn"
        )
    return len(parsed), ",".join(parsed)


SETTING_OPTIONS = {"players": "--seats", "strongest": "--bots", "modes": "--mode"}
"""Library setting names whose option is spelt otherwise."""


def option_of(setting: str) -> str:
    """The option that sets a library setting (``max_turns`` -> ``--max-turns``)."""
    return SETTING_OPTIONS.get(setting, "--" + setting.replace("_", "-"))


__all__ = [
    "METAVARS",
    "SEATS_METAVAR",
    "SPELLINGS",
    "bot_seats",
    "deprecated",
    "note",
    "option_of",
    "parse_seats",
    "renamed",
]
