"""No import cycles anywhere in the package, and the layers import one way only.

The graph is read from the source with :mod:`ast`: every ``import`` and
``from ... import`` in a module, at the top or inside a function, is an edge
to the module it names (``from pachaprint.engine import actions`` names the
submodule). Importing a submodule runs its package's ``__init__`` first, but
that is Python's package mechanism, not a dependency, so it is no edge.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pachaprint"
LAYERS = [
    ("model",),
    ("check",),
    ("share",),
    ("engine",),
    ("play",),
    ("render",),
    ("web",),
    ("pipeline", "studio", "terminal", "table"),
    ("cli",),
]
"""Lower layers first: a module may import its own package and the layers before its
own; packages side by side in one layer (the apps) import none of each other."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it imports."""
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


def _package(module: str) -> str:
    """The package of the layers a module is in (``engine``), or ``""`` for the package root."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and _rank(parts[1]) >= 0 else ""


def _rank(package: str) -> int:
    """The layer's rank of a package; -1 outside the layers (the package root helpers)."""
    return next((rank for rank, layer in enumerate(LAYERS) if package in layer), -1)


def test_layers_import_downwards_only():
    def allowed(module: str, target: str) -> bool:
        own, other = _package(module), _package(target)
        if not own or own == other:
            return True
        return _rank(other) < _rank(own)

    wrong = [
        (module, target)
        for module, targets in import_graph().items()
        for target in targets
        if not allowed(module, target)
    ]
    assert wrong == []


def test_every_package_has_a_layer():
    packages = {path.parent.name for path in PACKAGE.glob("*/*.py")}
    assert packages == {name for layer in LAYERS for name in layer}


def test_the_terminal_and_the_table_share_their_game_below_both():
    graph = import_graph()
    apps = {"terminal", "table"}
    crossing = [
        (module, target)
        for module, targets in graph.items()
        for target in targets
        if {_package(module), _package(target)} == apps
    ]
    assert crossing == []
    assert "pachaprint.play.setup" in graph["pachaprint.table.game"]
    assert "pachaprint.play.setup" in graph["pachaprint.terminal.play"]
    assert "pachaprint.play.story" in graph["pachaprint.table.seen"]
