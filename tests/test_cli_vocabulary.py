"""One vocabulary of options: every command spells a shared option the same way, and the
old spellings still work for one release, with a note."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.cli.application import COMMANDS
from pachaprint.cli.printing import PRINT_OPTIONS
from pachaprint.cli.vocabulary import METAVARS, SPELLINGS, option_of
from tests.helpers import REPO

SCENARIO = REPO / "scenarios" / "sun-gate.json"
LONG = REPO / "scenarios" / "colca-canyon.json"
runner = CliRunner()
_ROW = re.compile(r"^  (-\S.*?)(?:\s{2,}|$)")

OLD_SPELLINGS = ("--players", "-p", "--json", "--summary", "--modes", "--strongest")

PRINTED = {option_of(o.setting) for o in PRINT_OPTIONS}
"""Every print option: ``render`` and ``build`` take each (``cli/printing.py``)."""
GAME = {"--mode", "--seats", "--difficulty", "--otoma", "--colour", "--seed"}
SIMULATION = {"--games", "--jobs", "--format", "--bots", "--mode", "--seats", "--seed"}
SIMULATION |= {"--difficulty", "--max-turns", "--quiet", "--scheduler"}
EXPECTED = {
    "validate": {"--format", "--box"},
    "solve": {"--format"},
    "hint": {"--format"},
    "new": {"--out", "--seed", "--force"},
    "studio": {"--port", "--no-browser"},
    "simulate": SIMULATION | {"--otoma"},
    "balance": SIMULATION,
    "play": GAME,
    "table": GAME | {"--port", "--no-browser"},
    "render": {"--out"} | PRINTED,
    "calibrate": {"--out", "--lang"},
    "wheel": {"--out", "--box", "--lang"},
    "share": {"--format", "--box"},
    "import": {"--out", "--force", "--format", "--box"},
    "build": {"--out", "--games", "--jobs", "--format", "--bots", "--mode", "--quiet", "--force"}
    | PRINTED,
}
"""The shared options each command must offer (a command may offer more)."""


def options_of(command: str) -> dict[str, tuple[tuple[str, ...], str]]:
    """``{long flag: (flags, metavar)}`` from the Options section of ``command --help``."""
    result = runner.invoke(app, [command, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    section = result.output.split("\nOptions:\n", 1)[1]
    found = {}
    for line in section.splitlines():
        match = _ROW.match(line)
        if not match:
            continue
        words = match.group(1).split()
        flags = tuple(w.rstrip(",") for w in words if w.startswith("-"))
        metavar = " ".join(w for w in words if not w.startswith("-"))
        long = next((f for f in flags if f.startswith("--")), flags[0])
        found[long.split("/")[0]] = (flags, metavar)
    return found


HELP = {name: options_of(name) for name in COMMANDS}


def test_every_command_is_listed_here():
    assert set(EXPECTED) == set(COMMANDS)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_shared_option_is_spelt_as_the_vocabulary_says(command):
    options = HELP[command]
    for long, (flags, metavar) in options.items():
        if long in SPELLINGS:
            assert flags == SPELLINGS[long], (command, long)
            if long in METAVARS:
                assert metavar in METAVARS[long], (command, long, metavar)
        shorts = {f for f in flags if not f.startswith("--")}
        for shared, spelt in SPELLINGS.items():
            # a short form of the vocabulary means that option and nothing else
            assert not (shorts & set(spelt[:-1])) or long == shared, (command, long)
    assert EXPECTED[command] <= set(options), EXPECTED[command] - set(options)
    shown = {flag for flags, _ in options.values() for flag in flags}
    assert not shown & set(OLD_SPELLINGS), command


def test_a_shared_option_says_the_same_where_it_means_the_same():
    """The game options of play and table, and --box, --ink, --max-turns and --scheduler
    wherever they appear, are one declaration: the same help everywhere."""

    def help_of(command: str, option: str) -> str:
        result = runner.invoke(app, [command, "--help"], terminal_width=2000)
        line = next(x for x in result.output.splitlines() if re.match(rf"^  (-\w, )?{option}", x))
        return re.split(r"\s{2,}", line.strip(), maxsplit=1)[1]

    for option in ("--mode", "--difficulty", "--colour", "--seed"):
        assert help_of("play", option) == help_of("table", option), option
    for option, commands in (
        ("--box", ("validate", "wheel", "share", "import")),
        ("--ink", ("render", "build")),
        ("--max-turns", ("simulate", "balance")),
        ("--scheduler", ("simulate", "balance")),
        ("--no-browser", ("studio", "table")),
    ):
        assert len({help_of(command, option) for command in commands}) == 1, option


def test_validate_and_balance_name_files_and_folders_in_the_plural():
    for command in ("validate", "balance"):
        result = runner.invoke(app, [command, "--help"], terminal_width=200)
        assert f"Usage: pachaprint {command} [OPTIONS] FILE|DIR..." in result.output


def note(old: str, new: str) -> str:
    return (
        f"pachaprint: note: {old} is deprecated and will be removed in the next release; use {new}"
    )


def test_hint_json_still_works_with_a_note():
    new = runner.invoke(app, ["hint", str(SCENARIO), "-f", "json"])
    old = runner.invoke(app, ["hint", str(SCENARIO), "--json"])
    assert old.exit_code == new.exit_code == 0
    assert old.stdout == new.stdout and json.loads(new.stdout)["hint"]["technique"]
    assert note("--json", "--format json") in old.stderr and "note" not in new.stderr


def test_new_grade_is_not_the_otoma_difficulty_and_the_old_spelling_still_works():
    """``--difficulty`` is the Otoma's level wherever it is offered; a disc's grade is
    ``new --grade`` (``new --difficulty`` still works for one release, with a note)."""
    grade_help = HELP["new"]["--grade"]
    assert grade_help == (("--grade",), "easy|medium|hard|expert")
    assert "--difficulty" not in HELP["new"]
    for command in ("simulate", "balance", "play", "table"):
        assert HELP[command]["--difficulty"][1] in METAVARS["--difficulty"], command
    args = ["new", "--size", "tiny", "--seed", "3"]
    new = runner.invoke(app, [*args, "--grade", "hard"])
    old = runner.invoke(app, [*args, "--difficulty", "hard"])
    assert old.exit_code == new.exit_code == 0, old.output
    assert old.stdout == new.stdout
    assert '"notes": "Generated by pachaprint new --size tiny --seed 3 --grade hard."' in new.stdout
    assert note("--difficulty", "--grade") in old.stderr and "note" not in new.stderr
    both = runner.invoke(app, [*args, "--difficulty", "hard", "--grade", "easy"])
    assert both.exit_code == 2
    assert "--difficulty and --grade name the same setting" in both.stderr


def test_simulate_players_still_works_with_a_note():
    args = ["simulate", str(SCENARIO), "-n", "4", "-f", "json", "-b", "random"]
    new = runner.invoke(app, [*args, "--seats", "3"])
    old = runner.invoke(app, [*args, "-p", "3"])
    assert old.exit_code == new.exit_code == 0, old.output
    assert old.stdout == new.stdout and json.loads(new.stdout)["players"] == 3
    assert note("--players", "--seats") in old.stderr and "note" not in new.stderr
    both = runner.invoke(app, [*args, "-p", "3", "--seats", "4"])
    assert both.exit_code == 2 and "--players and --seats name the same setting" in both.stderr


def test_simulate_seats_by_name_are_the_bots_of_the_seats():
    base = ["simulate", str(SCENARIO), "-n", "4", "-f", "json"]
    named = runner.invoke(app, [*base, "--seats", "greedy,random,greedy"])
    counted = runner.invoke(app, [*base, "--seats", "3", "-b", "greedy,random"])
    assert named.exit_code == counted.exit_code == 0, named.output
    assert json.loads(named.stdout)["bots"] == ["greedy", "random", "greedy"]
    assert named.stdout == counted.stdout
    for args, words in (
        (["--seats", "greedy,wizard"], "--seats: unknown bot 'wizard'"),
        (["--seats", "greedy,human"], "--seats: bots only here"),
        (["--seats", "greedy", "-b", "random"], "give --seats N with --bots instead"),
        (["--seats", "5"], "--seats: the competitive game has 2 to 4 seats, not 5"),
    ):
        refused = runner.invoke(app, [*base, *args])
        assert refused.exit_code == 2 and words in refused.stderr, (args, refused.output)
    mixed = runner.invoke(
        app, ["simulate", str(LONG), "-m", "solo", "-n", "2", "--seats", "greedy,random"]
    )
    assert mixed.exit_code == 2 and "one bot plays every seat of a run" in mixed.stderr


def test_play_seats_list_human_among_the_choices():
    bad = runner.invoke(app, ["play", str(SCENARIO), "--seats", "human,wizard"])
    assert bad.exit_code == 2
    assert (
        "--seats: 'wizard' is neither a person nor a bot (choose from human, random, greedy,"
        in bad.stderr
    )
    old = runner.invoke(app, ["play", str(SCENARIO), "-p", "human,wizard"])
    assert old.exit_code == 2 and note("--players", "--seats") in old.stderr
    assert "'wizard' is neither a person nor a bot" in old.stderr


def test_play_seats_as_a_number_is_you_and_logicians(tmp_path):
    log = tmp_path / "game.json"
    args = ["play", str(SCENARIO), "--seats", "3", "-s", "2", "--plain", "--save", str(log)]
    result = runner.invoke(app, args, input="quit\n")
    assert result.exit_code == 0, result.output
    assert json.loads(log.read_text())["seats"] == ["human", "logician", "logician"]
    five = runner.invoke(app, ["play", str(SCENARIO), "--seats", "5"])
    assert five.exit_code == 2
    assert "--seats: the competitive game has 2 to 4 seats, not 5" in five.stderr


def test_table_seats_as_a_number_are_people_and_names_are_checked():
    from pachaprint.cli.table import _seat_words

    assert _seat_words("3", None) == ("human", "human", "human")
    assert _seat_words(None, "solo") == ("human",)
    assert _seat_words("human, Logician", None) == ("human", "logician")
    bad = runner.invoke(app, ["table", str(SCENARIO), "--seats", "human,wizard", "--no-browser"])
    assert bad.exit_code == 2
    assert "--seats: 'wizard' is neither a person nor a bot (choose from human," in bad.stderr


def test_build_old_spellings_still_reach_their_settings(tmp_path):
    base = ["build", str(SCENARIO), "--out", str(tmp_path / "out")]
    for old, value, new, message in (
        ("--strongest", "wizard", "--bots", "--bots: unknown bot 'wizard'"),
        ("--modes", "duel", "--mode", "--mode: must be competitive, solo or coop"),
    ):
        result = runner.invoke(app, [*base, old, value])
        assert result.exit_code == 2, result.output
        assert note(old, new) in result.stderr and message in result.stderr
    assert not (tmp_path / "out").exists()


def test_build_of_one_file_is_not_a_missing_folder(tmp_path):
    missing = runner.invoke(app, ["build", str(tmp_path / "nope.json"), "-o", str(tmp_path / "o")])
    assert missing.exit_code == 2 and "no such folder or file: " in missing.stderr
    empty = runner.invoke(app, ["build", str(tmp_path), "-o", str(tmp_path / "o")])
    assert empty.exit_code == 2 and "no scenario files (*.json) in" in empty.stderr


@pytest.mark.slow
def test_build_of_one_file_builds_it_and_summary_still_works(tmp_path):
    disc = tmp_path / "my-disc.json"
    shutil.copy(SCENARIO, disc)
    args = ["build", str(disc), "-o", str(tmp_path / "out"), "-n", "4", "-m", "competitive"]
    args += ["--paper", "a4", "--wheel", "retail", "-j", "1"]
    new = runner.invoke(app, [*args, "-f", "json"])
    assert new.exit_code == 0, new.output
    summary = json.loads(new.stdout)
    assert [(s["id"], s["status"]) for s in summary["scenarios"]] == [("sun-gate", "built")]
    assert summary["skipped"] == []
    assert (tmp_path / "out" / "scenarios" / "sun-gate" / "disc-back.svg").is_file()
    old = runner.invoke(app, [*args, "--summary", "json"])
    assert old.exit_code == 0 and note("--summary", "--format") in old.stderr
    assert [s["status"] for s in json.loads(old.stdout)["scenarios"]] == ["unchanged"]
