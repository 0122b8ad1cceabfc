"""No import cycles anywhere in the package, and the layers import one way only, as
CONTRIBUTING.md draws them.

The graph is read from the source with :mod:`ast`: every ``import`` and
``from ... import`` in a module, at the top or inside a function, is an edge
to the module it names (``from pachaprint.engine import actions`` names the
submodule). Importing a submodule runs its package's ``__init__`` first, but
that is Python's package mechanism, not a dependency, so it is no edge.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pachaprint"
FLOORS: list[tuple[str, ...]] = [
    ("model",),
    ("check",),
    ("share",),
    ("engine",),
    ("play",),
    ("render",),
    ("web",),
    ("studio", "terminal", "table"),
    ("site",),
    ("pipeline",),
    ("cli",),
]
"""The layers, lower floors first: a module imports its own layer and the floors below
it, never a layer beside it on its floor, nor one above."""
SIDEWAYS: set[tuple[str, str]] = set()
"""Imports between layers of one floor that CONTRIBUTING.md names: none (the table and the
terminal share their game from ``play``, below both). The apps import no pipeline; the
site packs the apps, and the pipeline writes the site."""
HELPERS = ("compiled", "fileio", "resources", "textfit")
"""Modules at the package root beside ``model``: they import nothing above ``model``."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


@cache
def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports (read once per test process; do not change it)."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, *([base] if base else [])])
                targets = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                    for alias in node.names
                ]
            graph[name] |= {t for t in targets if t in modules and t != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_package_has_no_import_cycle():
    graph = import_graph()
    assert len(graph) > 50 and "pachaprint.engine.rules.state" in graph
    assert sorted(cycles(graph)) == []


def test_the_cycle_finder_finds_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def floor(module: str) -> tuple[int, str] | None:
    """The floor of a module's layer and the layer (a root helper is on the model floor);
    ``None`` for the package itself and ``__main__``, the entry points above ``cli``."""
    parts = module.split(".")
    if len(parts) < 2 or parts[1] == "__main__":
        return None
    if parts[1] in HELPERS or parts[1] == "_sources":
        return 0, parts[1]
    return next(n for n, layers in enumerate(FLOORS) if parts[1] in layers), parts[1]


def test_every_module_has_a_floor():
    assert [m for m in import_graph() if floor(m) is None] == ["pachaprint", "pachaprint.__main__"]


def wrong_imports(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """The imports that go up a floor, or sideways to another layer of the same floor (the
    model and the root helpers beside it share the lowest floor; :data:`SIDEWAYS` excepted)."""
    wrong = []
    for module, targets in sorted(graph.items()):
        here = floor(module)
        for target in sorted(targets):
            there = floor(target)
            if here is None or there is None or there[1] == here[1] or there[0] < here[0]:
                continue
            if there[0] == here[0] == 0 or (here[1], there[1]) in SIDEWAYS:
                continue
            wrong.append((module, target))
    return wrong


def test_layers_import_downwards_only():
    assert wrong_imports(import_graph()) == []


def test_an_import_up_or_sideways_is_found():
    graph = {
        "pachaprint.check.a": {"pachaprint.model.b", "pachaprint.render.c"},  # up
        "pachaprint.studio.d": {"pachaprint.pipeline.e", "pachaprint.web.f"},  # sideways
        "pachaprint.table.g": {"pachaprint.terminal.h"},  # sideways
        "pachaprint.textfit": {"pachaprint.resources", "pachaprint.model.text"},
    }
    assert wrong_imports(graph) == [
        ("pachaprint.check.a", "pachaprint.render.c"),
        ("pachaprint.studio.d", "pachaprint.pipeline.e"),
        ("pachaprint.table.g", "pachaprint.terminal.h"),
    ]


def test_the_root_helpers_import_only_the_model_and_each_other():
    graph = import_graph()
    wrong = [
        (f"pachaprint.{helper}", target)
        for helper in HELPERS
        for target in graph[f"pachaprint.{helper}"]
        if target.split(".")[1] not in (*HELPERS, "model")
    ]
    assert wrong == []


def test_contributing_draws_these_floors():
    """The layer line of CONTRIBUTING.md is :data:`FLOORS`, floor by floor."""
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("model -> check"))
    drawn = [tuple(layer.strip() for layer in step.split("/")) for step in line.split("->")]
    assert drawn == FLOORS


def test_every_package_has_a_layer():
    packages = {path.parent.name for path in PACKAGE.glob("*/*.py")}
    assert packages == {name for layers in FLOORS for name in layers}


def test_the_terminal_and_the_table_share_their_game_below_both():
    graph = import_graph()
    crossing = [
        (module, target)
        for module, targets in graph.items()
        for target in targets
        if {(floor(module) or (0, ""))[1], (floor(target) or (0, ""))[1]} == {"terminal", "table"}
    ]
    assert crossing == []
    assert "pachaprint.play.setup" in graph["pachaprint.table.game"]
    assert "pachaprint.play.setup" in graph["pachaprint.terminal.play"]
    assert "pachaprint.play.story" in graph["pachaprint.table.seen"]
