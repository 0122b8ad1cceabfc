"""The build's code fingerprint is the same for every install of one version, so switching
between installs does not rebuild everything (only a change of the sources does)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pachaprint.pipeline.fingerprint import code_fingerprint, fingerprint, signature
from tests.helpers import REPO

PACKAGE = REPO / "pachaprint"


def installed_copy(site: Path) -> Path:
    """The package as an ordinary install without a compiler lays it out: templates and
    schemas inside it, no module compiled by mypyc (and one compiled for another Python),
    byte-code caches, and no source checkout beside."""
    package = site / "pachaprint"
    shutil.copytree(PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copytree(REPO / "templates", package / "templates")
    shutil.copytree(REPO / "schemas", package / "schemas")
    (package / "check" / "solver.cpython-312-x86_64-linux-gnu.so").write_bytes(b"\x7fELF other")
    (package / "model" / "__pycache__").mkdir(exist_ok=True)
    (package / "model" / "__pycache__" / "board.cpython-312.pyc").write_bytes(b"cache")
    return package


def test_an_installed_copy_has_the_fingerprint_of_the_checkout(tmp_path):
    package = installed_copy(tmp_path)
    installed = fingerprint(package, package / "templates", package / "schemas")
    assert installed == code_fingerprint()
    (package / "templates" / "palette.json").write_text("{}")
    assert fingerprint(package, package / "templates", package / "schemas") != installed


def test_a_changed_source_changes_the_fingerprint(tmp_path):
    package = installed_copy(tmp_path)
    before = fingerprint(package, package / "templates", package / "schemas")
    rules = package / "check" / "rules.py"
    rules.write_text(rules.read_text() + "\n# a change\n")
    assert fingerprint(package, package / "templates", package / "schemas") != before


@pytest.mark.slow
def test_a_build_made_by_one_install_is_unchanged_for_another(small_kit, tmp_path):
    """The small kit (built by this checkout) is unchanged for an installed copy of it."""
    args = ["build", str(small_kit.folder), "--out", str(tmp_path / "out"), *small_kit.args]
    shutil.copytree(small_kit.out, tmp_path / "out")
    site = tmp_path / "site"
    installed_copy(site)
    done = subprocess.run(
        [sys.executable, "-m", "pachaprint", *args, "--format", "json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(site)},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    second = json.loads(done.stdout)  # another install of the same version
    assert [s["status"] for s in second["scenarios"]] == ["unchanged"]
    assert second["core"] == "unchanged" and set(second["pnp"].values()) == {"unchanged"}


def test_the_signature_changes_with_any_write_even_one_that_keeps_size_and_time(tmp_path):
    """A rebuild trusts the fingerprint a manifest remembers while the files' signature
    stands: rewriting a file, even to its old size and modification time, moves its
    change time and so the signature."""
    package = installed_copy(tmp_path)
    roots = (package, package / "templates", package / "schemas")
    before, latest = signature(*roots)
    assert signature(*roots) == (before, latest)
    rules = package / "check" / "rules.py"
    old = rules.stat()
    text = rules.read_text()
    time.sleep(0.05)  # past the file system's clock tick (at most 10 ms): the write moves ctime
    rules.write_text(text.replace("problem", "Problem", 1))
    os.utime(rules, ns=(old.st_atime_ns, old.st_mtime_ns))
    assert rules.stat().st_size == old.st_size and rules.stat().st_mtime_ns == old.st_mtime_ns
    assert signature(*roots)[0] != before
