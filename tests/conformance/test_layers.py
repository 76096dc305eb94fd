"""The shape docs/architecture.md draws, checked on the sources.

Inside each game package the imports point down only (card data, then the table's data, then the
rule modules, then the ``State``), the package's runtime imports form no circle, no module uses
another's private names, and the core imports no game. Imports under ``if TYPE_CHECKING:`` are
for typing only and do not count.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

import mobtable

SRC = Path(mobtable.__file__).parent
GAMES = ("gangsta", "cosca", "capo")

LAYERS: dict[str, tuple[frozenset[str], ...]] = {
    # lowest first, as in docs/architecture.md ("A game package")
    "gangsta": (
        frozenset({"grid", "cards", "actions", "naming", "estimate", "view_types"}),
        frozenset({"table"}),
        frozenset({"tricks", "police", "redraw"}),
        frozenset({"state", "setup", "game"}),
    ),
    "cosca": (
        frozenset({"model", "cards", "actions", "rules", "view_types"}),
        frozenset({"table"}),
        frozenset({"rounds", "steps", "city", "loyalty", "mobsters", "supply", "scoring"}),
        frozenset({"state", "setup", "game"}),
    ),
    "capo": (
        frozenset({"cards", "actions", "rules", "view_types"}),
        frozenset({"table"}),
        frozenset({"phases", "scoring", "crews", "assignments", "events"}),
        frozenset({"state", "setup", "game"}),
    ),
}


def _runtime_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that runs, skipping ``if TYPE_CHECKING:`` blocks."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from (n for branch in node.orelse for n in _runtime_imports_of(branch))
            continue
        yield from _runtime_imports_of(node)


def _runtime_imports_of(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    else:
        yield from _runtime_imports(node)


def _modules_imported(path: Path) -> set[str]:
    """The dotted names of the ``mobtable`` modules ``path`` imports at run time."""
    names: set[str] = set()
    for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names if a.name.startswith("mobtable"))
        elif node.module and node.level == 0 and node.module.startswith("mobtable"):
            names.add(node.module)
            # `from mobtable.games.gangsta import police` imports the module police
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def _package_graph(game: str) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports at run time."""
    folder = SRC / "games" / game
    own = {p.stem for p in folder.glob("*.py")} - {"__init__"}
    prefix = f"mobtable.games.{game}."
    graph: dict[str, set[str]] = {}
    for stem in sorted(own):
        imported = _modules_imported(folder / f"{stem}.py")
        graph[stem] = {
            name.removeprefix(prefix).split(".")[0]
            for name in imported
            if name.startswith(prefix) and name.removeprefix(prefix).split(".")[0] in own
        } - {stem}
    return graph


@pytest.mark.parametrize("game", GAMES)
def test_a_game_package_imports_in_no_circle(game: str) -> None:
    graph = _package_graph(game)
    assert graph, f"no modules found for {game}"
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as exc:
        pytest.fail(f"{game}: modules import each other in a circle: {' -> '.join(exc.args[1])}")


@pytest.mark.parametrize("game", GAMES)
def test_a_lower_layer_never_imports_a_higher_one(game: str) -> None:
    graph = _package_graph(game)
    layers = LAYERS[game]
    named = set().union(*layers)
    assert named <= set(graph), f"{game}: docs name modules that are gone: {named - set(graph)}"
    level = {module: i for i, layer in enumerate(layers) for module in layer}
    upward = sorted(
        f"{module} imports {dep}"
        for module, deps in graph.items()
        if module in level
        for dep in deps
        if dep in level and level[dep] > level[module]
    )
    assert upward == [], f"{game}: imports pointing up: {upward}"


@pytest.mark.parametrize("game", GAMES)
def test_a_view_type_imports_nothing_of_its_game(game: str) -> None:
    """The view's declared shape stands alone: the boards' and encoders' contract, read
    without the engine (docs/architecture.md, "Views as a contract")."""
    assert _package_graph(game)["view_types"] == set()


def _private_uses(path: Path) -> list[str]:
    """Names starting with one underscore that ``path`` takes from another mobtable module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("mobtable"):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"line {node.lineno}: from {node.module} import {alias.name}")
                imported.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            ours = (a for a in node.names if a.name.startswith("mobtable"))
            imported.update(a.asname or a.name.split(".")[0] for a in ours)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in imported
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_no_module_uses_another_modules_private_names() -> None:
    offenders = {
        str(path.relative_to(SRC)): uses
        for path in sorted(SRC.rglob("*.py"))
        if (uses := _private_uses(path))
    }
    assert offenders == {}


def test_the_core_imports_no_game_and_a_game_no_front_end() -> None:
    # the registry (``mobtable.games.get``, looked up by name when a record is read) is no game
    allowed = ("mobtable.core", "mobtable.games.get")
    core = {
        str(p.relative_to(SRC)): sorted(
            n
            for n in _modules_imported(p)
            if n not in ("mobtable", "mobtable.games") and not n.startswith(allowed)
        )
        for p in sorted((SRC / "core").glob("*.py"))
    }
    assert {k: v for k, v in core.items() if v} == {}
    front_ends = tuple(f"mobtable.{name}" for name in ("cli", "server", "sim", "web", "store"))
    games = {
        str(p.relative_to(SRC)): sorted(n for n in _modules_imported(p) if n.startswith(front_ends))
        for game in GAMES
        for p in sorted((SRC / "games" / game).glob("*.py"))
    }
    assert {k: v for k, v in games.items() if v} == {}
