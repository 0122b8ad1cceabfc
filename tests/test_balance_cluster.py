"""Games on a Dask cluster: the same reports as a local run, clear words when there is none."""

from __future__ import annotations

import builtins
import hashlib
import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.engine.analysis.balance import BalanceConfig, balance_many
from pachaprint.engine.analysis.cluster import ClusterUnavailable, connect
from pachaprint.engine.analysis.simulate import SimulationConfig, simulate
from pachaprint.engine.rules.config import Mode
from pachaprint.model.scenario import Scenario
from tests.helpers import REPO

pytestmark = pytest.mark.slow  # a cluster in the process, and a ten-second connection timeout

PATH = REPO / "scenarios" / "sacred-valley.json"
LONG = Scenario.from_dict(json.loads(PATH.read_text()))
TINY = Scenario.from_dict(json.loads((REPO / "scenarios" / "sun-gate.json").read_text()))
runner = CliRunner()


@pytest.fixture(scope="module")
def cluster():
    import distributed  # (here, not at the top: collecting the quick set never loads Dask)

    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as local:
        yield local.scheduler_address


def test_a_cluster_report_is_the_local_report(cluster):
    config = SimulationConfig(Mode.SOLO, 1, ("logician", "greedy"), (), 30, 5)
    local = simulate(LONG, config).to_dict()
    with connect(cluster) as remote:
        assert remote.workers == 2
        far = simulate(LONG, config, executor=remote.executor, workers=remote.workers).to_dict()
    assert far == local


@pytest.mark.parametrize("adaptive", [False, True])
def test_a_cluster_balance_is_the_local_balance(cluster, adaptive):
    # adaptive: every run plays waves of games until its flags are decided; on a cluster
    # the waves of every scenario and run are out at once
    config = BalanceConfig(games=8, seed=2, bots=("greedy",), adaptive=adaptive)
    local = balance_many([TINY, LONG], config)
    with connect(cluster) as remote:
        far = balance_many([TINY, LONG], config, executor=remote.executor, workers=remote.workers)
    assert far == local


def tree_hashes(out: Path) -> dict[str, str]:
    return {
        p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(out.rglob("*"))
        if p.is_file() and not p.name.startswith(".")
    }


def test_a_build_on_a_cluster_makes_the_files_a_local_build_makes(cluster, tmp_path):
    folder = tmp_path / "scenarios"
    folder.mkdir()
    shutil.copy(PATH, folder / PATH.name)
    shutil.copy(REPO / "scenarios" / "sun-gate.json", folder / "sun-gate.json")
    args = ["--games", "12", "--paper", "a4", "--wheel", "retail", "--quiet", "--format", "json"]
    here = runner.invoke(app, ["build", str(folder), "--out", str(tmp_path / "here"), *args])
    assert here.exit_code == 0, here.output
    there = runner.invoke(
        app,
        ["build", str(folder), "--out", str(tmp_path / "there"), *args, "--scheduler", cluster],
    )
    assert there.exit_code == 0, there.output
    built = tree_hashes(tmp_path / "here")
    report = json.loads((tmp_path / "here/scenarios/sacred-valley/report.json").read_text())
    assert set(report["balance"]["modes"]) == {"competitive", "solo", "coop"}
    assert "scenarios/sun-gate/report.json" in built
    assert tree_hashes(tmp_path / "there") == built


def test_cli_simulate_and_balance_take_a_scheduler(cluster):
    args = ["simulate", str(PATH), "--mode", "coop", "--games", "9", "--format", "json"]
    here = runner.invoke(app, args)
    there = runner.invoke(app, [*args, "--scheduler", cluster])
    assert there.exit_code == 0, there.output
    assert json.loads(there.stdout) == json.loads(here.stdout)
    args = ["balance", str(PATH), "--games", "6", "--bots", "greedy", "--format", "json"]
    assert json.loads(runner.invoke(app, [*args, "--scheduler", cluster]).stdout) == json.loads(
        runner.invoke(app, args).stdout
    )


def test_no_scheduler_or_a_bad_address_is_a_usage_error(monkeypatch, tmp_path):
    import pachaprint.engine.analysis.cluster as cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1.0)  # nobody listens on port 9
    result = runner.invoke(
        app, ["simulate", str(PATH), "--games", "2", "--scheduler", "tcp://127.0.0.1:9"]
    )
    assert result.exit_code == 2
    assert "--scheduler: no Dask scheduler answered at tcp://127.0.0.1:9" in result.stderr
    assert "Traceback" not in result.output
    result = runner.invoke(app, ["balance", str(PATH), "--scheduler", "somewhere"])
    assert result.exit_code == 2 and "not a scheduler address" in result.stderr
    out = tmp_path / "out"
    result = runner.invoke(
        app, ["build", str(PATH), "--out", str(out), "--scheduler", "tcp://127.0.0.1:9"]
    )
    assert result.exit_code == 2
    assert "--scheduler: no Dask scheduler answered at tcp://127.0.0.1:9" in result.stderr
    assert not (out / "scenarios").exists()


def test_a_missing_extra_says_how_to_install_it(monkeypatch):
    real = builtins.__import__

    def without_dask(name, *args, **kwargs):
        if name == "distributed" or name.startswith("distributed."):
            raise ImportError(f"No module named {name!r}")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_dask)
    with (
        pytest.raises(ClusterUnavailable, match=r"pip install 'pachaprint\[cluster\]'"),
        connect("tcp://127.0.0.1:8786"),
    ):
        pass
    result = runner.invoke(app, ["simulate", str(PATH), "--scheduler", "tcp://127.0.0.1:8786"])
    assert result.exit_code == 2
    assert "--scheduler needs Dask distributed, which is not installed" in result.stderr
