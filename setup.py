"""Compiled speed-ups: our own typed modules, compiled by mypyc at install time.

Everything else about the package is in pyproject.toml. Where a C compiler and
the Python headers are at hand, pip compiles the modules listed in ``COMPILED``
with mypyc (the same ``.py`` files, which pass ``mypy --strict``). Elsewhere,
or with ``PACHAPRINT_PURE_PYTHON=1`` set at install time, the package installs
without them and runs the same modules interpreted: the same results by
construction. ``pachaprint.compiled.compiled_modules()`` says which are in use.
"""

from __future__ import annotations

import os
import sysconfig
import tempfile

from setuptools import setup

COMPILED: list[str] = [
    "pachaprint/model/board.py",
    "pachaprint/model/regions.py",
    "pachaprint/check/difficulty.py",
    "pachaprint/check/propagate.py",
    "pachaprint/check/solver.py",
    "pachaprint/check/deduction.py",
    "pachaprint/check/position.py",
    "pachaprint/check/subsets.py",
    "pachaprint/check/techniques.py",
    "pachaprint/check/grade.py",
    "pachaprint/check/problems.py",
    "pachaprint/check/conflict.py",
    "pachaprint/check/rules.py",
    # the game's rules: every game and every search step runs through them
    "pachaprint/engine/rules/movement.py",
    "pachaprint/engine/rules/actions.py",
    "pachaprint/engine/rules/legal.py",
    "pachaprint/engine/rules/trails.py",
    "pachaprint/engine/rules/tiles.py",
    "pachaprint/engine/rules/otoma.py",
    "pachaprint/engine/rules/oracle.py",
    "pachaprint/engine/rules/game.py",
    "pachaprint/engine/rules/table.py",
    "pachaprint/engine/rules/state.py",
    "pachaprint/engine/rules/modes.py",
    "pachaprint/engine/rules/view.py",
    # the bots: the logician's proofs, and the expert's search
    "pachaprint/engine/bots/knowledge.py",
    "pachaprint/engine/bots/logic.py",
    "pachaprint/engine/bots/proofs.py",
    "pachaprint/engine/bots/base.py",
    "pachaprint/engine/bots/greedy.py",
    "pachaprint/engine/bots/logician.py",
    "pachaprint/engine/bots/versus.py",
    "pachaprint/engine/bots/belief.py",
    "pachaprint/engine/bots/world.py",
    "pachaprint/engine/bots/evaluate.py",
    "pachaprint/engine/bots/prior.py",
    "pachaprint/engine/bots/repeats.py",
    "pachaprint/engine/bots/search.py",
    "pachaprint/engine/bots/expert.py",
    "pachaprint/engine/bots/cheat.py",
]
"""The modules mypyc compiles (paths from the project root), adopted one at a time:
each must pass the whole suite compiled (``pip install -e .``) and interpreted
(``PACHAPRINT_PURE_PYTHON=1``)."""


def _can_compile() -> bool:
    """True when a C compiler builds a file that includes ``Python.h``."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.errors import CCompilerError, DistutilsError
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "probe.c")
        with open(source, "w", encoding="ascii") as file:
            file.write("#include <Python.h>\nint probe(void) { return 0; }\n")
        try:
            compiler.compile(
                [source], output_dir=folder, include_dirs=[sysconfig.get_paths()["include"]]
            )
        except (CCompilerError, DistutilsError, OSError):
            return False
    return True


def _ext_modules() -> list[object]:
    if not COMPILED or os.environ.get("PACHAPRINT_PURE_PYTHON"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # no mypy in the build environment: install interpreted
        return []
    if not _can_compile():
        return []
    return list(mypycify(COMPILED, opt_level="3", debug_level="0", group_name="pachaprint"))


setup(ext_modules=_ext_modules())
