"""Suite-wide checks before any test runs, and fixtures many test modules share."""

from __future__ import annotations

import importlib.machinery
import json
import os
import sys
from pathlib import Path

import pytest

import pachaprint
from tests.kits import KIT, SMALL, Built, built_once


def _stale_compiled_modules() -> list[str]:
    """Sources edited after mypyc compiled them beside themselves (an editable install)."""
    package = Path(pachaprint.__file__).resolve().parent
    stale = []
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for extension in package.rglob(f"*{suffix}"):
            source = extension.with_name(extension.name[: -len(suffix)] + ".py")
            if source.exists() and source.stat().st_mtime > extension.stat().st_mtime:
                stale.append(str(source.relative_to(package.parent)))
    return sorted(stale)


def _keep_byte_code(folder: Path) -> None:
    """Keep Python's byte code in ``folder`` when ``PYTHONDONTWRITEBYTECODE`` forbids writing
    it beside the sources. Without it every process of the run (each pytest worker, and the
    hundreds of ``pachaprint`` commands the tests start) compiles every module it imports
    from source again, and pytest rewrites every test module's asserts again: 14 s of
    collection a worker instead of 5 s, and tenths of a second a command."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        return
    folder.mkdir(parents=True, exist_ok=True)
    del os.environ["PYTHONDONTWRITEBYTECODE"]  # (the workers and commands started after this)
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)
    sys.dont_write_bytecode = False
    sys.pycache_prefix = str(folder)


def pytest_configure(config: pytest.Config) -> None:
    _keep_byte_code(config.rootpath / ".pytest_cache" / "pycache")
    if os.environ.get("PACHAPRINT_PURE_PYTHON"):
        return  # the sources run, whatever lies compiled beside them
    stale = _stale_compiled_modules()
    if stale:
        raise pytest.UsageError(
            "these modules changed after they were compiled, so the tests would run the old "
            f"code: {', '.join(stale)}. Run 'pip install -e .' again to recompile them, "
            "or remove the .so files beside them."
        )


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for a test module's pages (:mod:`tests.browser`)."""
    from tests.browser import start_browser

    started = start_browser()
    yield started
    started.quit()


@pytest.fixture(scope="session")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The shared kit of :data:`tests.kits.KIT`, built once per run (read it, never change it;
    a test that reads it is ``slow``: it needs a whole build)."""
    return built_once(KIT, tmp_path_factory)


@pytest.fixture(scope="session")
def small_kit(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The shared one-scenario kit of :data:`tests.kits.SMALL`, built once per run (copy it
    with :func:`tests.kits.copy_of` before building again)."""
    return built_once(SMALL, tmp_path_factory)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (in pyproject.toml): one worker more than the machine has cores. With a
    worker a core the cores still idle at times, while a browser test waits on Chromium or a
    build test on its child processes; on two cores three workers ran the whole suite in
    243 s where two took 263 s, the same hour."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) + 1
    return (os.cpu_count() or 1) + 1


DURATIONS = Path(__file__).with_name("durations.json")
"""Seconds each test module took in a whole run (``pytest --record-durations`` writes it)."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--record-durations",
        action="store_true",
        help=f"write the seconds of each test module that ran (setup, call and teardown) to {DURATIONS.name}",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest modules first, each kept whole and in its order. pytest-xdist hands out
    whole modules (``--dist loadfile``, and ``--no-loadscope-reorder`` keeps this order; by
    default it would start the modules with the most tests first), so the long ones start
    at once and the short ones fill in at the end. A module's length is what it took in the
    last recorded run (:data:`DURATIONS`); a module not recorded yet goes after those,
    modules with slow tests first."""
    seconds = _recorded()
    slow = {item.path for item in items if item.get_closest_marker("slow")}

    def length(item: pytest.Item) -> tuple[float, bool]:
        return -seconds.get(_module(item.nodeid), 0.0), item.path not in slow

    items.sort(key=length)


def _recorded() -> dict[str, float]:
    return json.loads(DURATIONS.read_text()) if DURATIONS.exists() else {}


def _module(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


_took: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _took[_module(report.nodeid)] = _took.get(_module(report.nodeid), 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """With ``--record-durations``, the main process writes the modules that ran into
    :data:`DURATIONS` (the others keep their seconds)."""
    if not session.config.getoption("record_durations") or hasattr(session.config, "workerinput"):
        return
    record = _recorded()
    record.update({module: round(took, 1) for module, took in _took.items()})
    DURATIONS.write_text(json.dumps(dict(sorted(record.items())), indent=1) + "\n")
