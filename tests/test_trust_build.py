"""The build touches only what it can prove it wrote (issue 22).

Names read back from the manifest and its journal must be plain relative
paths inside OUT; anything else is refused and reported, never removed. Only
the build's own temporary folders are cleaned, and only when no live build
owns them; a lock keeps two builds from sharing one OUT.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pachaprint.cli import app
from pachaprint.pipeline.lock import BuildLock, BuildLockError
from pachaprint.pipeline.manifest import JOURNAL_NAME, MANIFEST_FORMAT, MANIFEST_NAME, Manifest
from pachaprint.pipeline.names import unsafe_output_name
from pachaprint.pipeline.staging import STAGING_PREFIX, Stage, clean_stale_stages
from tests.helpers import EXAMPLES, REPO
from tests.kits import SMALL, copy_of

runner = CliRunner()
QUICK_ARGS = ["--paper", "a4", "--wheel", "retail", "--games", "2", "--jobs", "1"]
QUICK_ARGS += ["--mode", "competitive"]


def one_scenario(tmp_path: Path) -> Path:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    shutil.copy(EXAMPLES / "lake-shore.json", folder / "lake-shore.json")
    return folder


# -- names read back from the manifest ------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("../victim/a.txt", "'..'"),
        ("pnp/../../victim.txt", "'..'"),
        ("/tmp/x/victim/b.txt", "absolute"),
        ("//server/share/c.txt", "absolute"),
        ("C:/Users/me/d.txt", "drive"),
        ("C:d.txt", "drive"),
        ("..\\victim\\e.txt", "backslash"),
        ("pnp\\e.txt", "backslash"),
        ("", "empty"),
        ("pnp//f.pdf", "empty"),
        ("./index.html", "'.'"),
        ("pnp/", "empty"),
        ("pnp/a\x00b.pdf", "control"),
        ("pnp/a\nb.pdf", "control"),
        (".pachaprint-build.json", "hidden"),
        ("scenarios/.x/a.svg", "hidden"),
    ],
)
def test_an_unsafe_output_name_is_named_with_its_reason(name, reason):
    found = unsafe_output_name(name)
    assert found is not None and reason in found, (name, found)


@pytest.mark.parametrize(
    "name",
    [
        "index.html",
        "pnp/pachaprint-discs-a4-vol02.pdf",
        "scenarios/salt-flats/disc-front-volvelle45.svg",
        "scenarios/a/preview-back.png",
        "core/board.pdf",
    ],
)
def test_every_name_the_build_writes_is_safe(name):
    assert unsafe_output_name(name) is None


def test_the_manifest_and_journal_drop_units_naming_unsafe_files(tmp_path):
    units = {
        "pnp:a4:7": {"input": "x", "outputs": {"../victim/a.txt": "0" * 64}},
        "pnp:a4:8": {"input": "x", "outputs": {"/tmp/victim/b.txt": "0" * 64}},
        "scenario:ok": {"input": "x", "outputs": {"scenarios/ok/report.json": "0" * 64}},
    }
    (tmp_path / MANIFEST_NAME).write_text(
        json.dumps({"format": MANIFEST_FORMAT, "units": units}), encoding="utf-8"
    )
    event = {
        "format": MANIFEST_FORMAT,
        "unit": "pnp:a4:9",
        "entry": {"input": "x", "outputs": {"..\\victim\\c.txt": "0" * 64}},
    }
    (tmp_path / JOURNAL_NAME).write_text(json.dumps(event) + "\n", encoding="utf-8")
    manifest = Manifest.load(tmp_path)
    assert sorted(manifest.units) == ["scenario:ok"]
    assert manifest.refused == [
        f"{tmp_path / MANIFEST_NAME}: unit pnp:a4:7 names ../victim/a.txt "
        "(it contains '..'): refused, nothing was removed",
        f"{tmp_path / MANIFEST_NAME}: unit pnp:a4:8 names /tmp/victim/b.txt "
        "(it is absolute): refused, nothing was removed",
        f"{tmp_path / JOURNAL_NAME}: unit pnp:a4:9 names ..\\victim\\c.txt "
        "(it contains a backslash): refused, nothing was removed",
    ]


@pytest.mark.slow
def test_a_planted_manifest_never_steers_the_build_outside_out(small_kit, tmp_path):
    folder, out = copy_of(small_kit, tmp_path)
    victim = tmp_path / "victim"
    victim.mkdir()
    for name in "abcd":
        (victim / f"{name}.txt").write_text("keep me")
    (out / "link").symlink_to(victim, target_is_directory=True)
    manifest = json.loads((out / MANIFEST_NAME).read_text(encoding="utf-8"))
    manifest["units"]["pnp:a4:7"] = {
        "input": "x",
        "outputs": {"../victim/a.txt": "0" * 64, str(victim / "b.txt"): "0" * 64},
    }
    manifest["units"]["pnp:a4:8"] = {"input": "x", "outputs": {"link/d.txt": "0" * 64}}
    (out / MANIFEST_NAME).write_text(json.dumps(manifest), encoding="utf-8")
    journal_line = {
        "format": MANIFEST_FORMAT,
        "unit": "pnp:a4:9",
        "entry": {"input": "x", "outputs": {"../victim/c.txt": "0" * 64}},
    }
    (out / JOURNAL_NAME).write_text(json.dumps(journal_line) + "\n", encoding="utf-8")

    second = runner.invoke(app, ["build", str(folder), "--out", str(out), *SMALL.args])
    assert sorted(p.name for p in victim.iterdir()) == ["a.txt", "b.txt", "c.txt", "d.txt"]
    assert all((victim / f"{n}.txt").read_text() == "keep me" for n in "abcd")
    assert second.exit_code == 1, second.output
    assert "unit pnp:a4:7 names ../victim/a.txt (it contains '..'): refused" in second.output
    assert f"names {victim / 'b.txt'} (it is absolute): refused" in second.output
    assert "unit pnp:a4:9 names ../victim/c.txt (it contains '..')" in second.output
    assert (
        "unit pnp:a4:8 names link/d.txt (not a file the build makes for that unit): refused"
        in second.output
    )
    assert "lake-shore: unchanged" not in second.output  # counted in the summary
    assert "1 of 1 scenarios built (0 now, 1 up to date)" in second.output
    # The refused entries are gone from the new manifest: the next build is clean.
    third = runner.invoke(app, ["build", str(folder), "--out", str(out), *SMALL.args])
    assert third.exit_code == 0, third.output
    assert "refused" not in third.output


# -- temporary names the build owns ----------------------------------------------------------
def test_a_stage_has_the_owned_name_with_the_builders_pid(tmp_path):
    with Stage(tmp_path) as stage:
        assert stage.root.parent == tmp_path
        assert stage.root.name.startswith(f"{STAGING_PREFIX}{os.getpid()}-")
    assert not stage.root.exists()


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_only_the_builds_own_stale_stages_are_cleaned(tmp_path):
    keep = [
        tmp_path / "docs" / "deep" / ".draft.tmp",
        tmp_path / ".staging-mine" / "keep.txt",
        tmp_path / ".index.html.tmp",
        tmp_path / ".pachaprint-stage-notes" / "keep.txt",
        tmp_path / f"{STAGING_PREFIX}1x-abcdefgh" / "keep.txt",
    ]
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        owned_live = tmp_path / f"{STAGING_PREFIX}{live.pid}-abcd1234" / "scenarios" / "a.svg"
        owned_dead = tmp_path / f"{STAGING_PREFIX}{_dead_pid()}-abcd_234" / "core" / ".b.svg.tmp"
        for path in [*keep, owned_live, owned_dead]:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("x")
        outside = tmp_path.parent / f"{tmp_path.name}-outside"
        outside.mkdir()
        (outside / "keep.txt").write_text("x")
        (tmp_path / f"{STAGING_PREFIX}{_dead_pid()}-linkxxxx").symlink_to(outside)
        removed = clean_stale_stages(tmp_path)
        assert removed == [owned_dead.parent.parent.name]
        assert all(path.read_text() == "x" for path in [*keep, owned_live])
        assert not owned_dead.parent.parent.exists()
        assert (outside / "keep.txt").read_text() == "x"
    finally:
        live.kill()
        live.wait()


@pytest.mark.slow
def test_a_build_leaves_the_users_hidden_files_in_out(tmp_path):
    folder = one_scenario(tmp_path)
    out = tmp_path / "out"
    mine = [out / "docs" / "deep" / ".draft.tmp", out / ".staging-mine" / "keep.txt"]
    for path in mine:
        path.parent.mkdir(parents=True)
        path.write_text("mine")
    result = runner.invoke(app, ["build", str(folder), "--out", str(out), *QUICK_ARGS])
    assert result.exit_code == 0, result.output
    assert all(path.read_text() == "mine" for path in mine)
    assert not [p for p in out.iterdir() if p.name.startswith(STAGING_PREFIX)]


# -- one build per output folder -------------------------------------------------------------
def test_a_second_lock_on_one_out_waits_and_says_who_holds_it(tmp_path):
    order: list[str] = []
    said: list[str] = []
    first = BuildLock(tmp_path)
    first.acquire()
    assert (tmp_path / ".pachaprint-build.lock").read_text().split()[0] == str(os.getpid())

    def second() -> None:
        with BuildLock(tmp_path, waiting=said.append):
            order.append("second")

    thread = threading.Thread(target=second)
    thread.start()
    time.sleep(0.5)
    assert thread.is_alive() and order == []  # still waiting
    order.append("first done")
    first.release()
    thread.join(10)
    assert order == ["first done", "second"]
    assert list(tmp_path.iterdir()) == []  # each removed the file as it let the lock go
    assert said == [
        f"another build (process {os.getpid()}) is writing to {tmp_path}; "
        "waiting for it to finish (Ctrl-C to stop)"
    ]


def test_a_lock_that_cannot_wait_says_so(tmp_path):
    with BuildLock(tmp_path), pytest.raises(BuildLockError) as refused:
        BuildLock(tmp_path, wait=False).acquire()
    assert str(refused.value) == (
        f"another build (process {os.getpid()}) is writing to {tmp_path}; "
        "try again when it has finished"
    )


@pytest.mark.slow
def test_two_builds_into_one_out_both_succeed(tmp_path):
    folder = one_scenario(tmp_path)
    data = json.loads((folder / "lake-shore.json").read_text(encoding="utf-8"))
    for number in range(3):  # enough work that the second starts while the first runs
        data["id"], data["name"] = f"copy-{number}", f"Copy {number}"
        (folder / f"copy-{number}.json").write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "out"
    command = [sys.executable, "-m", "pachaprint", "build", str(folder), "--out", str(out)]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    first = subprocess.Popen(
        command + QUICK_ARGS, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    deadline = time.monotonic() + 60
    while not any(p.name.startswith(STAGING_PREFIX) for p in out.glob(".*")):
        assert time.monotonic() < deadline and first.poll() is None
        time.sleep(0.05)
    second = subprocess.run(
        [*command, *QUICK_ARGS, "--force"], capture_output=True, text=True, env=env, timeout=300
    )
    first_out, first_err = first.communicate(timeout=300)
    assert first.returncode == 0, first_out + first_err
    assert second.returncode == 0, second.stdout + second.stderr
    assert "another build (process" in second.stderr
    assert "4 of 4 scenarios built" in first_out and "4 of 4 scenarios built" in second.stdout
