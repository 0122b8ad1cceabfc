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
import re
import sys
import sysconfig
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

COMPILED: list[str] = [
    "pachaprint/model/board.py",
    "pachaprint/model/regions.py",
    "pachaprint/check/propagate.py",
    "pachaprint/check/solver.py",
    "pachaprint/check/deduction.py",
    "pachaprint/check/position.py",
    "pachaprint/check/subsets.py",
    "pachaprint/check/techniques.py",
    "pachaprint/check/grade.py",
    # the game's rules: every game and every search step runs through them
    "pachaprint/engine/rules/movement.py",
    "pachaprint/engine/rules/actions.py",
    "pachaprint/engine/rules/legal.py",
    "pachaprint/engine/rules/trails.py",
    "pachaprint/engine/rules/tiles.py",
    "pachaprint/engine/rules/otoma.py",
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
(``PACHAPRINT_PURE_PYTHON=1``).

Only modules where the work is: each costs the install its share of the C compile
(about 2 CPU seconds a module). The checker's rule checks (``check/rules.py``,
``problems.py``, ``conflict.py``, ``difficulty.py``) run once a disc and the oracle
(``engine/rules/oracle.py``) once a divination; interpreted, they take under 1.5 % of
any workload of ``benchmarks/bench_engine.py`` or ``bench_compiled.py`` (cProfile),
so they are not compiled: about 9 CPU seconds less at install, the engine's figures
unchanged (geometric mean 1.01) and the checker's within 10 % (grade, generate and
validate of ``bench_compiled.py`` between 0.95 and 1.10 of before, on a busy
machine). A module whose classes extend compiled ones stays compiled
(``engine/rules/modes.py``, whose mode states extend ``GameState``: an interpreted
class cannot inherit from a compiled one)."""


OPT_LEVEL = "1"
"""The C compiler's optimisation level for the compiled modules. ``-O1`` compiles in
about 60 % of the CPU time of ``-O3`` (82 against 134 CPU seconds for the 40 modules)
and its engine and checker run within the noise of ``-O3`` (about 4 % slower in the
geometric mean of five workloads, on a loaded machine). ``-Og`` compiles in about two
thirds of the CPU time of ``-O1`` but loses too much: ``pachaprint new`` 1.7 times as
slow, a co-op expert game 1.28 times."""


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


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _say(line: str) -> None:
    """One line for the person installing. pip shows a build's own output only with
    ``-v``, so the line goes to the terminal itself when there is one."""
    try:
        with open("/dev/tty", "w", encoding="utf-8") as terminal:
            terminal.write(line + "\n")
            return
    except OSError:  # no terminal (CI, a log): pip keeps it for -v
        pass
    sys.stderr.write(line + "\n")


_BUILDING = {"bdist_wheel", "editable_wheel", "build", "build_ext", "install", "develop"}
"""The setup commands that compile; the metadata commands (egg_info, dist_info) do not."""


def _compiling() -> bool:
    """True when this install compiles: a command that builds, mypy in the build
    environment, a C compiler at hand, and no ``PACHAPRINT_PURE_PYTHON``.

    pip runs this file three times (requirements, metadata, wheel); the first two only
    write metadata, so they neither import mypyc (about a second) nor probe the compiler.
    """
    if not COMPILED or os.environ.get("PACHAPRINT_PURE_PYTHON"):
        return False
    if not _BUILDING & set(sys.argv[1:]):
        return False
    try:
        import mypyc.build  # noqa: F401
    except ImportError:  # no mypy in the build environment: install interpreted
        return False
    return _can_compile()


class BuildExt(build_ext):
    """``build_ext`` that compiles the C files of the compiled modules on every core at
    once, and keeps their object files for the next install from this folder.

    mypyc writes one C file per module (``multi_file``) and rewrites a file only when
    its text changed, so an object file newer than its C file and the headers was
    compiled from the same code: ``pip install .`` then ``pip install -e .`` (the
    README's two commands) compile once, and the second does not run mypyc either
    (:func:`_extensions`). The objects live under ``build/`` in a folder named by the
    mypy version, the Python and the platform, and the flags.
    """

    def finalize_options(self) -> None:
        # pip runs setup.py three times (requirements, metadata, wheel) and the first
        # two finalize build_ext only to list its sources: mypyc writes the C code
        # only when a wheel or an editable install is made
        if not self.distribution.ext_modules or not _BUILDING & set(self.distribution.commands):
            super().finalize_options()
            return
        import mypy.version

        tag = f"{mypy.version.__version__}-{sys.implementation.cache_tag}-O{OPT_LEVEL}"
        self.build_temp = os.path.join("build", f"mypyc-objects-{sysconfig.get_platform()}-{tag}")
        self.distribution.ext_modules = _extensions(self.build_temp)
        super().finalize_options()
        self.parallel = self.parallel or _cores()  # the shim modules too, side by side

    def build_extensions(self) -> None:
        if self.extensions:
            modules = len(COMPILED)
            if any(
                self._stale_sources(e.sources, self.build_temp, e.depends or [])
                for e in self.extensions
            ):
                _say(
                    f"pachaprint: compiling {modules} modules with mypyc on {_cores()} cores "
                    "(under a minute; PACHAPRINT_PURE_PYTHON=1 installs without them)"
                )
            else:
                _say(
                    f"pachaprint: {modules} modules compiled with mypyc, kept from an earlier install"
                )
        headers = _Precompiled(self.compiler, self.extensions, self.build_temp)
        compile_one = self.compiler.compile

        def compile_all(
            sources: list[str], output_dir: str | None = None, **settings: Any
        ) -> list[str]:
            objects: list[str] = self.compiler.object_filenames(sources, output_dir=output_dir)
            depends = settings.get("depends") or []
            todo = self._stale_sources(sources, output_dir, depends)
            # large files first, so that no core is left alone with one at the end
            todo.sort(key=os.path.getsize, reverse=True)

            def compile_source(source: str) -> None:
                header = headers.get(source, settings)
                if header:
                    preargs = [*(settings.get("extra_preargs") or []), "-include", header]
                    compile_one([source], output_dir, **{**settings, "extra_preargs": preargs})
                else:
                    compile_one([source], output_dir, **settings)

            with ThreadPoolExecutor(max_workers=_cores()) as pool:
                for _ in pool.map(compile_source, todo):
                    pass
            for source, made in zip(sources, objects, strict=True):
                _not_older(made, [source, *depends])
            return objects

        self.compiler.compile = compile_all  # type: ignore[method-assign]
        super().build_extensions()

    def _stale_sources(
        self, sources: list[str], folder: str | None, headers: list[str]
    ) -> list[str]:
        """The C files among ``sources`` without an up-to-date object file in ``folder``."""
        objects = self.compiler.object_filenames(sources, output_dir=folder)
        return [s for s, o in zip(sources, objects, strict=True) if _stale(o, [s, *headers])]


def _extensions(folder: str) -> list[Extension]:
    """The extensions of the compiled modules, with mypyc's C code for them under
    ``build/``.

    mypyc reads every module of the package (it type-checks them) and takes about 8 CPU
    seconds, so its answer is kept in ``folder`` with a fingerprint of what it read:
    a second install from the same folder with nothing changed (the README's
    ``pip install -e '.[test]'`` after ``pip install .``) reuses the C code and the
    extensions as they are.
    """
    import pickle

    fingerprint = _fingerprint()
    saved = os.path.join(folder, "extensions.pickle")
    try:
        with open(saved, "rb") as file:
            kept, extensions = pickle.load(file)
        if kept == fingerprint and all(
            os.path.exists(source) for extension in extensions for source in extension.sources
        ):
            return list(extensions)
    except (OSError, EOFError, pickle.UnpicklingError, ValueError, TypeError):
        pass
    extensions = _mypycify()
    os.makedirs(folder, exist_ok=True)
    with open(saved, "wb") as file:
        pickle.dump((fingerprint, extensions), file)
    return extensions


def _fingerprint() -> str:
    """A digest of everything mypyc's output depends on: the mypy version, the
    Python, the settings here and in pyproject.toml, and every module of the package."""
    import hashlib

    import mypy.version

    digest = hashlib.sha256()
    digest.update(f"{mypy.version.__version__} {sys.version} {OPT_LEVEL} {COMPILED}".encode())
    paths = ["setup.py", "pyproject.toml"]
    for top in ("pachaprint", "schemas", "templates"):  # the last two are packages too
        for folder, dirs, files in os.walk(top):
            dirs.sort()
            paths += [os.path.join(folder, f) for f in sorted(files) if f.endswith((".py", ".pyi"))]
    for path in paths:
        digest.update(path.encode())
        with open(path, "rb") as file:
            digest.update(hashlib.sha256(file.read()).digest())
    return digest.hexdigest()


def _mypycify() -> list[Extension]:
    """mypyc's extensions for ``COMPILED``, made in a forked child process where one
    can be forked: mypy's type-checked program is large, and a process that held it
    spends about 3 seconds freeing it at exit; the child leaves without doing so."""
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():
        return _run_mypyc()
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_mypyc_child, args=(sender,))
    child.start()
    sender.close()
    try:
        extensions: list[Extension] = receiver.recv()
    except EOFError:  # mypyc stopped with its own message (a type error, say)
        extensions = []
    child.join()
    if child.exitcode != 0 or not extensions:
        sys.exit("pachaprint: mypyc could not compile the modules (its message is above)")
    return extensions


def _mypyc_child(sender: Any) -> None:
    sender.send(_run_mypyc())
    sender.close()


def _run_mypyc() -> list[Extension]:
    from mypyc.build import mypycify

    return mypycify(
        COMPILED, opt_level=OPT_LEVEL, debug_level="0", group_name="pachaprint", multi_file=True
    )


def _leading_includes(source: str) -> str:
    """The header ``#include`` lines a C file begins with."""
    lines = []
    try:
        with open(source, encoding="utf-8", errors="replace") as file:
            for line in file:
                if not re.fullmatch(r'#include [<"][^<>"]+\.h[>"]\n', line):
                    break
                lines.append(line)
    except OSError:
        return ""
    return "".join(lines)


class _Precompiled:
    """Precompiled headers: the headers that several C files begin with, each read once.

    Every module's C file begins by including the same two large headers (mypyc's
    declarations of every compiled class and function, with ``Python.h``), and each
    module's small shim includes ``Python.h``. GCC reads such a group of headers once
    into a ``.gch`` file, and each compile loads it (``-include``) instead of parsing the
    headers again: about 9 CPU seconds less (the modules' C files 56 -> 50, the shims
    5 -> 2). The ``-include``d file holds the lines the C files begin with, so a
    compiler that cannot use the ``.gch`` reads the same text and compiles the same
    code. Only with GCC, for headers four files or more begin with.
    """

    def __init__(self, compiler: Any, extensions: list[Extension], folder: str) -> None:
        self.compiler = compiler
        self.folder = folder
        self.lock = threading.Lock()
        self.made: dict[str, str] = {}
        self.includes: dict[str, str] = {}
        if not _is_gcc(compiler):
            return
        users: dict[str, list[str]] = {}
        for extension in extensions:
            for source in extension.sources:
                if source.endswith(".c") and (lines := _leading_includes(source)):
                    users.setdefault(lines, []).append(source)
        self.includes = {
            source: lines
            for lines, sources in users.items()
            if len(sources) >= 4
            for source in sources
        }

    def get(self, source: str, settings: dict[str, Any]) -> str:
        """The header to ``-include`` when compiling ``source`` with ``settings``, made
        the first time it is asked for; ``""`` when there is none."""
        lines = self.includes.get(source)
        if lines is None:
            return ""
        with self.lock:
            if lines not in self.made:
                self.made[lines] = self._make(lines, settings)
            return self.made[lines]

    def _make(self, lines: str, settings: dict[str, Any]) -> str:
        from setuptools._distutils.errors import CompileError

        header = os.path.join(self.folder, f"precompiled-{len(self.made)}.h")
        os.makedirs(self.folder, exist_ok=True)
        with open(header, "w", encoding="utf-8") as file:
            file.write(lines)
        compiler = self.compiler
        _, _, postargs, pp_opts, _ = compiler._setup_compile(
            self.folder,
            settings.get("macros"),
            settings.get("include_dirs"),
            [],
            None,
            settings.get("extra_postargs"),
        )
        cc_args = compiler._get_cc_args(
            pp_opts, settings.get("debug", False), settings.get("extra_preargs")
        )
        try:
            compiler._compile(
                header + ".gch", header, ".h", [*cc_args, "-x", "c-header"], postargs, pp_opts
            )
        except CompileError:  # compile as before, reading the headers in every file
            return ""
        return header


def _is_gcc(compiler: Any) -> bool:
    """True when ``compiler`` runs GCC (whose precompiled headers ``-include`` finds)."""
    import subprocess

    command = getattr(compiler, "compiler_so", None)
    if getattr(compiler, "compiler_type", "") != "unix" or not command:
        return False
    try:
        found = subprocess.run(
            [command[0], "--version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return "Free Software Foundation" in found.stdout


def _not_older(target: str, sources: list[str]) -> None:
    """Date ``target`` no earlier than ``sources``: mypyc dates the files it writes a
    second ahead, so an object compiled within that second would look stale to the
    next install."""
    newest = max((os.path.getmtime(s) for s in sources if os.path.exists(s)), default=0.0)
    if os.path.exists(target) and os.path.getmtime(target) < newest:
        os.utime(target, (newest, newest))


def _stale(target: str, sources: list[str]) -> bool:
    """True when ``target`` is missing or older than any of ``sources`` that exist."""
    try:
        made = os.path.getmtime(target)
    except OSError:
        return True
    return any(os.path.getmtime(s) > made for s in sources if os.path.exists(s))


# A stand-in until build_ext asks mypyc for the real extensions: it makes the wheel one
# for this platform and Python
setup(
    ext_modules=[Extension("pachaprint.__mypyc", sources=[])] if _compiling() else [],
    cmdclass={"build_ext": BuildExt},
)
