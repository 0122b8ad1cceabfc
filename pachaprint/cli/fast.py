"""Answers that must come at once, without loading Typer (about 30 ms of imports).

``pachaprint --version`` and ``pachaprint validate FILE|DIR...`` are what
scripts and editor plug-ins call most, one file at a time. :func:`answer`
handles exactly those: ``validate`` with files and folders and, at most, the
options in :data:`VALIDATE_OPTIONS` (in any order, also as ``--format=json``),
and prints what the full command would print, byte for byte
(``tests/test_cli_fast.py`` compares them, and checks the table against the
command's own options). Anything else, including a path that is missing or
holds no scenario, returns ``None``, and the Typer application takes the call
and says what is wrong.

What loads here is what a valid file needs and no more: no ``typing``, no
``dataclasses`` (see :mod:`pachaprint.check.problems`), no ``threading``;
``benchmarks/bench_everyday.py`` times it against a bare Python start.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not loaded at run time (start-up time)
if TYPE_CHECKING:
    from collections.abc import Sequence

VALIDATE_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "--format": ("format", ("text", "json")),
    "-f": ("format", ("text", "json")),
    "--box": ("box", ("retail", "unlimited")),
}
"""The options of ``validate`` answered here: spelling -> (setting, its choices, the first
being the default). They must match the Typer command's (a test compares them)."""


def version_line() -> str:
    """What ``pachaprint --version`` prints (the Typer option prints it too)."""
    from pachaprint import __version__

    return f"pachaprint {__version__}"


def answer(argv: Sequence[str]) -> int | None:
    """The exit code after answering ``argv`` here, or ``None`` when Typer must answer."""
    if list(argv) == ["--version"]:
        _echo(version_line())
        return 0
    if len(argv) < 2 or argv[0] != "validate":
        return None
    request = validate_request(argv[1:])
    if request is None:
        return None
    paths, settings = request
    from pachaprint.cli.checking import PathProblem, scenario_paths, validate_files

    try:
        files = scenario_paths(paths)
    except PathProblem:
        return None
    return validate_files(files, settings["format"], settings["box"], _echo, paths)


def validate_request(args: Sequence[str]) -> tuple[list[str], dict[str, str]] | None:
    """The paths and settings of ``validate ARGS``, or ``None`` for anything else
    (another option, a value that is not a choice, ``--``, no path)."""
    settings = {setting: choices[0] for setting, choices in VALIDATE_OPTIONS.values()}
    paths: list[str] = []
    words = list(args)
    while words:
        word = words.pop(0)
        if not word.startswith("-"):
            paths.append(word)
            continue
        name, equals, value = word.partition("=")
        if name not in VALIDATE_OPTIONS:
            return None
        if not equals:
            if not words:
                return None
            value = words.pop(0)
        setting, choices = VALIDATE_OPTIONS[name]
        if value not in choices:
            return None
        settings[setting] = value
    return (paths, settings) if paths else None


def _echo(line: str) -> None:
    print(line, flush=True)
