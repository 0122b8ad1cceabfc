"""Answers that must come at once, without loading Typer (about 30 ms of imports).

``pachaprint --version``, ``pachaprint validate FILE|DIR...`` and a
``pachaprint build`` with nothing to do are what scripts, editor plug-ins and
a make-style loop call most. :func:`answer` handles exactly those:

* ``validate`` with files and folders and, at most, the options in
  :data:`VALIDATE_OPTIONS`;
* ``build DIR|FILE --out DIR`` with options of :func:`build_options` when the
  output folder's records say the build has nothing to do
  (:func:`pachaprint.pipeline.unchanged.rebuild_if_unchanged`, the build's own
  rule: the pipeline asks it first too).

Options may come in any order, also as ``--format=json``. What is printed is
what the full command would print, byte for byte, with its exit code
(``tests/test_cli_fast.py`` compares them, and checks the tables against the
commands' own options). Anything else (another option, a value that is not a
choice, ``--``, a path that is missing or holds no scenario, a build with
work to do, a folder another build holds) returns ``None``, and the Typer
application takes the call, says what is wrong or does the work.

What loads here is what the answer needs and no more: no ``typing``, no
``dataclasses`` (see :mod:`pachaprint.check.problems`), no ``threading``;
``benchmarks/bench_everyday.py`` times both against a bare Python start.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not loaded at run time (start-up time)
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from pachaprint.pipeline.options import BuildOptions

    Kind = str | tuple[str, ...]
    """An option's value: :data:`FLAG` (none), :data:`NUMBER`, :data:`TEXT`, or one of
    the choices given."""

FLAG = "flag"
"""An option without a value (``--quiet``)."""
NUMBER = "number"
"""A whole number, at least 1 (written in ASCII digits)."""
TEXT = "text"
"""Any word (a path, a list of modes, an address)."""

VALIDATE_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "--format": ("format", ("text", "json")),
    "-f": ("format", ("text", "json")),
    "--box": ("box", ("retail", "unlimited")),
}
"""The options of ``validate`` answered here: spelling -> (setting, its choices, the first
being the default). They must match the Typer command's (a test compares them)."""


def build_options() -> dict[str, tuple[str, Kind]]:
    """The options of ``build`` answered here: spelling -> (the command's parameter, its
    kind), spelt as :data:`pachaprint.cli.vocabulary.SPELLINGS` says; a test compares
    them with the Typer command's. An option not given keeps the default of
    :class:`~pachaprint.pipeline.options.BuildOptions`, as the command's defaults do (a
    test compares the options both make); ``--format`` defaults to its first choice.
    The deprecated spellings (``--summary``...) are left to Typer, which prints their
    notes."""
    from pachaprint.cli.options import Ink, Lang, OutputFormat, PaperChoice, WheelChoice
    from pachaprint.cli.vocabulary import SPELLINGS

    def shared(option: str, setting: str, kind: Kind) -> dict[str, tuple[str, Kind]]:
        return dict.fromkeys(SPELLINGS[option], (setting, kind))

    return {
        **shared("--out", "out", TEXT),
        **shared("--games", "games", NUMBER),
        **shared("--mode", "mode", TEXT),
        **shared("--bots", "bots", TEXT),
        **shared("--jobs", "jobs", NUMBER),
        "--paper": ("paper", tuple(choice.value for choice in PaperChoice)),
        **shared("--lang", "lang", tuple(choice.value for choice in Lang)),
        "--wheel": ("wheel", tuple(choice.value for choice in WheelChoice)),
        **shared("--ink", "ink", tuple(choice.value for choice in Ink)),
        **shared("--format", "output_format", tuple(choice.value for choice in OutputFormat)),
        **shared("--quiet", "quiet", FLAG),
        **shared("--force", "force", FLAG),
        **shared("--back-offset", "back_offset", TEXT),
        **shared("--share-url", "share_url", TEXT),
        "--pyodide": ("pyodide", TEXT),
        "--no-site": ("no_site", FLAG),
    }


def answer(argv: Sequence[str]) -> int | None:
    """The exit code after answering ``argv`` here, or ``None`` when Typer must answer."""
    if list(argv) == ["--version"]:
        from pachaprint.cli.version import version_line

        _echo(version_line())
        return 0
    if len(argv) < 2:
        return None
    if argv[0] == "build":
        return answer_build(argv[1:])
    if argv[0] != "validate":
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


def parse_words(
    args: Sequence[str], options: Mapping[str, tuple[str, Kind]]
) -> tuple[list[str], dict[str, str]] | None:
    """The positional words of ``args`` and the options given (setting -> value as written,
    ``""`` for a flag; the last one given counts), or ``None`` when a word is not one of
    ``options``, a value is not of its kind, or a word is ``--`` or ``-``.

    ``--name=value`` is a long option's value; a short option takes the next word
    (``-f=json`` would be the value ``=json``, so it is left to Typer)."""
    positional: list[str] = []
    given: dict[str, str] = {}
    words = list(args)
    while words:
        word = words.pop(0)
        if not word.startswith("-"):
            positional.append(word)
            continue
        name, equals, value = word.partition("=") if word.startswith("--") else (word, "", "")
        if name not in options:
            return None
        setting, kind = options[name]
        if kind == FLAG:
            if equals:
                return None
            given[setting] = ""
            continue
        if not equals:
            if not words:
                return None
            value = words.pop(0)
        if kind == NUMBER and not (value.isascii() and value.isdigit() and int(value) >= 1):
            return None
        if isinstance(kind, tuple) and value not in kind:
            return None
        given[setting] = value
    return positional, given


def validate_request(args: Sequence[str]) -> tuple[list[str], dict[str, str]] | None:
    """The paths and settings of ``validate ARGS``, or ``None`` for anything else
    (another option, a value that is not a choice, ``--``, no path)."""
    parsed = parse_words(args, VALIDATE_OPTIONS)
    if parsed is None or not parsed[0]:
        return None
    paths, given = parsed
    settings = {setting: choices[0] for setting, choices in VALIDATE_OPTIONS.values()}
    return paths, {**settings, **given}


def build_request(args: Sequence[str]) -> tuple[str, dict[str, str]] | None:
    """The scenario folder or file of ``build ARGS`` and the options given, or ``None`` for
    anything else (another option, a value that is not of its kind, no ``--out``, not
    one folder or file)."""
    parsed = parse_words(args, build_options())
    if parsed is None or len(parsed[0]) != 1 or "out" not in parsed[1]:
        return None
    return parsed[0][0], parsed[1]


def requested_options(given: Mapping[str, str]) -> BuildOptions | None:
    """The :class:`~pachaprint.pipeline.options.BuildOptions` of the options given to ``build``
    (as :func:`build_request` returns them), made as the command makes them; ``None``
    where only the engine can check a value (a bot other than the default, a mode
    spelt otherwise) or a value is wrong (Typer says why)."""
    from pachaprint.cli.building import papers_for, plain_modes, wheels_for
    from pachaprint.cli.options import check_share_url, parse_back_offset
    from pachaprint.pipeline.options import BuildOptions

    default = BuildOptions()
    bots = given.get("bots", default.strongest)
    modes = plain_modes(given.get("mode", ",".join(default.modes)), bots)
    if modes is None:
        return None
    settings: dict[str, Any] = {"strongest": bots, "modes": modes}
    if "games" in given:
        settings["games"] = int(given["games"])
    if "paper" in given:
        settings["papers"] = papers_for(given["paper"])
    if "wheel" in given:
        settings["wheels"] = wheels_for(given["wheel"])
    for name in ("lang", "ink"):
        if name in given:
            settings[name] = given[name]
    settings["site"] = "no_site" not in given
    settings["pyodide"] = given.get("pyodide")
    try:
        if "back_offset" in given:
            settings["back_offset"] = parse_back_offset(given["back_offset"])
        if "share_url" in given:
            settings["share_url"] = check_share_url(given["share_url"])
        if settings["site"]:
            from pachaprint.site.runtime import runtime_of

            runtime_of(settings["pyodide"])  # (a runtime the site cannot use: Typer says why)
    except ValueError:
        return None
    return BuildOptions(**settings)


def answer_build(args: Sequence[str]) -> int | None:
    """``build ARGS`` when the build has nothing to do: the summary it prints and its exit
    code; ``None`` for anything else."""
    request = build_request(args)
    if request is None or "force" in request[1]:
        return None
    source, given = request
    options = requested_options(given)
    if options is None:
        return None
    from pathlib import Path

    from pachaprint.cli.building import result_lines, source_problem
    from pachaprint.pipeline.unchanged import rebuild_if_unchanged

    scenarios = Path(source)
    if source_problem(scenarios) is not None:
        return None
    result = rebuild_if_unchanged(scenarios, Path(given["out"]), options)
    if result is None:
        return None
    formats = build_options()["--format"][1]  # (the first is the default)
    output_format = given.get("output_format", formats[0])
    for line in result_lines(result, output_format, "quiet" in given):
        _echo(line)
    return 0 if result.ok else 1


def _echo(line: str) -> None:
    print(line, flush=True)
