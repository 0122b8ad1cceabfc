"""Answers that must come at once, without loading Typer (about 30 ms of imports).

``pachaprint --version`` and ``pachaprint validate FILE|DIR...`` with no option are
what scripts and editor plug-ins call most, one file at a time. :func:`answer`
handles exactly those argument lists and prints what the full command would
print, byte for byte (``tests/test_cli_fast.py`` compares them). Anything else,
including a path that is missing or holds no scenario, returns ``None``, and the
Typer application takes the call and says what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence


def version_line() -> str:
    """What ``pachaprint --version`` prints (the Typer option prints it too)."""
    from pachaprint import __version__

    return f"pachaprint {__version__}"


def answer(argv: Sequence[str]) -> int | None:
    """The exit code after answering ``argv`` here, or ``None`` when Typer must answer."""
    if list(argv) == ["--version"]:
        _echo(version_line())
        return 0
    if len(argv) < 2 or argv[0] != "validate" or any(a.startswith("-") for a in argv[1:]):
        return None
    from pachaprint.cli.checking import PathProblem, scenario_paths, validate_files

    try:
        files = scenario_paths(list(argv[1:]))
    except PathProblem:
        return None
    return validate_files(files, "text", "retail", _echo, argv[1:])


def _echo(line: str) -> None:
    print(line, flush=True)
