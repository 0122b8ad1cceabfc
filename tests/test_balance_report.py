"""The balance report of a scenario, and ``pachaprint balance`` over several."""

from __future__ import annotations

import json
import shutil

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.engine.analysis.balance import BalanceConfig, balance, balance_many, strongest_bot
from pachaprint.engine.rules.config import ConfigError, Mode
from pachaprint.model.scenario import Scenario
from tests.helpers import LAKE_TERRAIN, REPO, scenario_dict

LONG = Scenario.from_dict(json.loads((REPO / "scenarios" / "sacred-valley.json").read_text()))
TINY = Scenario.from_dict(json.loads((REPO / "scenarios" / "sun-gate.json").read_text()))
runner = CliRunner()


@pytest.fixture(scope="module")
def report():
    return balance(LONG, BalanceConfig(games=12, seed=3, bots=("logician", "greedy")))


def test_the_strongest_bot_is_a_setting():
    assert strongest_bot() in ("expert", "logician")
    assert BalanceConfig().strongest == strongest_bot()
    assert BalanceConfig(strongest="greedy").simulations(TINY)[0][0].bots == ("greedy",)


def test_every_mode_is_balanced_and_the_split_adds_up(report):
    assert report["format"] == "pachaprint-balance/1" and report["scenario"] == "sacred-valley"
    assert list(report["modes"]) == ["competitive", "solo", "coop"]
    for mode in report["modes"]:
        shares = [s["games"] for s in report["split"] if s["mode"] == mode]
        assert sum(shares) == 12
    assert [
        (s["mode"], s["difficulty"], s["games"]) for s in report["split"] if s["mode"] == "coop"
    ] == [
        ("coop", "easy", 2),
        ("coop", "normal", 2),
        ("coop", "expert", 2),
        ("coop", "easy", 2),
        ("coop", "normal", 2),
        ("coop", "expert", 2),
    ]
    json.dumps(report)  # plain JSON data


def test_rates_come_with_intervals_that_hold_them(report):
    game = report["modes"]["competitive"]
    first = game["first_player"]
    assert (
        first["fair"] == 0.5 and first["interval"][0] <= first["win_rate"] <= first["interval"][1]
    )
    assert sum(s["first_games"] for s in game["seats"]) == game["completed"] == 12
    assert abs(sum(s["win_rate"] for s in game["seats"]) - 1) < 1e-3
    assert game["simulation"]["first_player_win_rate"] == first["win_rate"]
    for seat in game["seats"]:
        assert seat["interval"][0] <= seat["win_rate"] <= seat["interval"][1]
        assert sum(seat["score_histogram"]["count"]) == 12
    for mode in ("solo", "coop"):
        for run in report["modes"][mode]["runs"]:
            low, high = run["interval"]
            assert low <= run["win_rate"] <= high
            assert run["margin"]["min"] <= run["margin"]["median"] <= run["margin"]["max"]
    # the cells come from the watched competitive games, hardest first
    assert report["cells"] and all(c["games"] == 12 for c in report["cells"])
    few = balance(TINY, BalanceConfig(games=12, modes=(Mode.COMPETITIVE,), watched=5))
    assert all(c["games"] == 5 for c in few["cells"])  # only the first five games were watched
    assert report["hard_cells"] == [c["cell"] for c in report["cells"] if c["verdict"]]


def test_the_report_is_the_same_for_any_number_of_processes(report):
    config = BalanceConfig(games=12, seed=3, bots=("logician", "greedy"))
    assert balance_many([LONG], config, jobs=2) == [report]


def test_a_tiny_scenario_says_which_modes_it_cannot_play():
    found = balance(TINY, BalanceConfig(games=4, modes=(Mode.COMPETITIVE, Mode.SOLO)))
    assert list(found["modes"]) == ["competitive"]
    assert found["skipped"] == ["solo: long scenarios only"]
    short = balance(LONG, BalanceConfig(games=2, modes=(Mode.COOP,)))
    assert short["modes"] == {} and short["skipped"][0].startswith("coop: 2 games cannot cover")
    with pytest.raises(ConfigError):
        BalanceConfig(difficulties=("brutal",)).check()


def test_cli_balance_compares_a_folder_in_one_table(tmp_path):
    folder = tmp_path / "discs"
    folder.mkdir()
    shutil.copy(REPO / "scenarios" / "sun-gate.json", folder)
    shutil.copy(REPO / "scenarios" / "sacred-valley.json", folder)
    result = runner.invoke(
        app,
        [
            "balance",
            str(folder),
            "--games",
            "6",
            "--bots",
            "greedy",
            "--mode",
            "competitive,solo",
            "-q",
        ],
        env={"COLUMNS": "200"},  # the whole table (80 columns fold it: test_balance_table.py)
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    header = next(line for line in lines if "scenario" in line)
    assert [
        h for h in ["first player", "seats", "solo easy", "solo hard", "hard cells"] if h in header
    ] == ["first player", "seats", "solo easy", "solo hard", "hard cells"]
    assert any(line.split()[:2] == ["sacred-valley", "long"] for line in lines)
    tiny = next(line for line in lines if line.split()[:1] == ["sun-gate"])
    assert tiny.split()[1] == "tiny" and " - " in tiny  # no solo for a tiny disc
    assert "sun-gate: not played: solo: long scenarios only" in result.stdout
    as_json = runner.invoke(
        app,
        [
            "balance",
            str(folder),
            "--games",
            "6",
            "--bots",
            "greedy",
            "--mode",
            "solo",
            "--format",
            "json",
        ],
    )
    data = json.loads(as_json.stdout)
    assert [d["scenario"] for d in data] == ["sacred-valley", "sun-gate"]
    assert data[0]["valid"] is True and list(data[0]["modes"]) == ["solo"]
    assert [r["games"] for r in data[0]["modes"]["solo"]["runs"]] == [3, 3]


def test_cli_balance_refuses_bad_files_and_options(tmp_path):
    bad = scenario_dict(LAKE_TERRAIN, ["12142", "34531", "21242", "34353", "12141"], ["a5"])
    (tmp_path / "ambiguous.json").write_text(json.dumps(bad))
    shutil.copy(REPO / "scenarios" / "sun-gate.json", tmp_path)
    game = tmp_path / "saved.json"
    game.write_text(json.dumps({"format": "pachaprint-game/2", "scenario": bad}))
    result = runner.invoke(
        app, ["balance", str(tmp_path), "--games", "4", "--mode", "competitive", "-q"]
    )
    assert result.exit_code == 1
    assert "ambiguous.json: not-unique: " in result.stdout
    assert "ambiguous.json: not a valid scenario; not balanced" in result.stdout
    assert "saved.json" not in result.stdout
    assert (
        f"pachaprint: note: {game}: skipped: its format is pachaprint-game/2, not a scenario"
        in result.stderr
    )
    for args, words in (
        (["--bots", "wizard"], "--bots: unknown bot 'wizard'"),
        (["--difficulty", "brutal"], "--difficulty: 'brutal' is no level"),
        (["--mode", "duel"], "--mode: must be competitive, solo or coop"),
        (["--seats", "5"], "--seats: the competitive game has 2 to 4 seats, not 5"),
        (["--seats", "logician,human"], "--seats: bots only here"),
        (["--seats", "logician", "--bots", "greedy"], "give --seats N with --bots instead"),
        (["--seats", "logician,wizard"], "--seats: unknown bot 'wizard'"),
    ):
        refused = runner.invoke(app, ["balance", str(tmp_path), *args])
        assert refused.exit_code == 2 and words in refused.stderr, args
    missing = runner.invoke(app, ["balance", str(tmp_path / "nowhere")])
    assert missing.exit_code == 2 and "no such file or folder" in missing.stderr
    games_only = tmp_path / "games"
    games_only.mkdir()
    (games_only / "saved.json").write_text(game.read_text())
    nothing = runner.invoke(app, ["balance", str(games_only)])
    assert nothing.exit_code == 2 and "no scenario files (*.json) in" in nothing.stderr


def test_only_drawing_imports_matplotlib_and_only_a_scheduler_imports_dask():
    from tests.test_cli_app import _modules_after

    for args in (["balance", "--help"], ["simulate", "--help"], ["--help"]):
        modules = _modules_after(args)
        assert not {
            m for m in modules if m.split(".")[0] in ("matplotlib", "numpy", "distributed", "dask")
        }, args
    played = _modules_after(
        ["simulate", str(REPO / "scenarios" / "sun-gate.json"), "--games", "2", "-q"]
    )
    assert "pachaprint.engine.analysis.simulate" in played
    assert not {m for m in played if m.split(".")[0] in ("matplotlib", "distributed", "dask")}
