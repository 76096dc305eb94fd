"""The shape docs/architecture.md draws, checked on the sources.

Every layering claim of that page has a check here: inside each game package the imports point
down only (card data, then the table's data, then the rule modules, then the ``State``, then
what the package offers bots and the search, then the declaration); the package's runtime
imports form no circle; no module uses another's private names; the core imports no game and no
bot; a game imports only the core and itself (never ``bots/``, a front end, numpy, and rich only
in ``render.py``); a rule module never names the ``State``, even for typing; ``bots/`` knows a
game only through the core contract, the registry and what the game declares (its search
pieces live in its own package); the adapters import only the core, the registry, the games'
card data and, lazily, the CLI's drawing; only the CLI imports a game's ``render.py``, and only
``mobtable export``, lazily, the adapters; the research frameworks are imported by the adapters
only, the lab's libraries by the lab only, Ray and pyarrow by the modules named there.
Imports under ``if TYPE_CHECKING:`` are for typing only and do not count.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

import mobtable
from mobtable import games as registry
from mobtable.core import SearchHooks

SRC = Path(mobtable.__file__).parent
GAMES = ("gangsta", "cosca", "capo")

LAYERS: dict[str, tuple[frozenset[str], ...]] = {
    # lowest first, as in docs/architecture.md ("A game package")
    "gangsta": (
        frozenset({"grid", "cards", "actions", "naming", "estimate", "view_types"}),
        frozenset({"table"}),
        frozenset({"tricks", "police", "redraw"}),
        frozenset({"state", "setup"}),
        frozenset({"playout", "bots", "search"}),
        frozenset({"value"}),
        frozenset({"game"}),
    ),
    "cosca": (
        frozenset({"model", "cards", "actions", "rules", "view_types"}),
        frozenset({"table"}),
        frozenset({"rounds", "steps", "city", "loyalty", "mobsters", "supply", "scoring"}),
        frozenset({"state", "setup"}),
        frozenset({"playout", "bots", "search"}),
        frozenset({"value"}),
        frozenset({"game"}),
    ),
    "capo": (
        frozenset({"cards", "actions", "rules", "view_types"}),
        frozenset({"table"}),
        frozenset({"phases", "scoring", "crews", "assignments", "events"}),
        frozenset({"state", "setup"}),
        frozenset({"playout", "bots", "search"}),
        frozenset({"value"}),
        frozenset({"game"}),
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


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _modules_imported(path: Path, top: str = "mobtable") -> set[str]:
    """The dotted names of the ``top`` modules (``mobtable``, ``numpy``…) ``path`` imports at
    run time."""
    names: set[str] = set()
    for node in _runtime_imports(_tree(path)):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names if _under(a.name, top))
        elif node.module and node.level == 0 and _under(node.module, top):
            names.add(node.module)
            # `from mobtable.games.gangsta import police` imports the module police
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def _loaded_with(path: Path, top: str = "mobtable") -> set[str]:
    """The ``top`` modules ``path`` imports when it is loaded: at module level (and in class
    bodies), not inside a function, where an import is lazy."""
    tree = _tree(path)
    lazy = {id(n) for f in _functions(tree) for n in ast.walk(f)}
    names: set[str] = set()
    for node in _runtime_imports(tree):
        if id(node) in lazy:
            continue
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names if _under(a.name, top))
        elif node.module and node.level == 0 and _under(node.module, top):
            names.add(node.module)
    return names


def _functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def _under(name: str, top: str) -> bool:
    return name == top or name.startswith(f"{top}.")


def _sources(folder: str) -> list[Path]:
    return sorted((SRC / folder).rglob("*.py"))


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
    tree = _tree(path)
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


def test_the_core_imports_no_game_and_no_bot() -> None:
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


def _outside(
    paths: list[Path], allowed: tuple[str, ...], top: str = "mobtable"
) -> dict[str, list[str]]:
    """Per file, the ``top`` modules it imports at run time that start with none of ``allowed``."""
    found = {
        str(p.relative_to(SRC)): sorted(
            n for n in _modules_imported(p, top) if not n.startswith(allowed)
        )
        for p in paths
    }
    return {k: v for k, v in found.items() if v}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_only_the_core_and_itself(game: str) -> None:
    """Never ``bots/`` (the dependency runs one way), nor a front end."""
    allowed = ("mobtable.core", f"mobtable.games.{game}")
    assert _outside(_sources(f"games/{game}"), allowed) == {}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_no_numpy_and_rich_only_to_draw_the_terminal_board(game: str) -> None:
    paths = _sources(f"games/{game}")
    assert _outside(paths, (), top="numpy") == {}
    assert sorted(_outside(paths, (), top="rich")) in ([], [f"games/{game}/render.py"])


def test_only_the_cli_imports_a_games_terminal_drawing_and_the_adapters() -> None:
    outside_cli = [p for p in sorted(SRC.rglob("*.py")) if p.parts[len(SRC.parts)] != "cli"]
    render = {
        str(p.relative_to(SRC)): names
        for p in outside_cli
        if (names := sorted(n for n in _modules_imported(p) if n.endswith(".render")))
    }
    assert render == {}
    adapters = {
        str(p.relative_to(SRC)): names
        for p in outside_cli
        if p.parts[len(SRC.parts)] != "adapters"
        if (names := sorted(n for n in _modules_imported(p) if _under(n, "mobtable.adapters")))
    }
    assert adapters == {}


def test_only_mobtable_export_imports_the_adapters_and_only_when_it_runs() -> None:
    importers = {
        path: sorted(n for n in _modules_imported(SRC / path) if _under(n, "mobtable.adapters"))
        for path in _importers("mobtable")
        if not path.startswith("adapters/")
    }
    assert sorted(p for p, names in importers.items() if names) == ["cli/export.py"]
    loaded = _loaded_with(SRC / "cli" / "export.py")
    assert not {n for n in loaded if _under(n, "mobtable.adapters")}


def test_the_adapters_draw_the_terminal_board_only_when_asked() -> None:
    """The CLI's drawing is imported lazily, for PettingZoo's ``render()``."""
    loaded = {str(p.relative_to(SRC)): _loaded_with(p) for p in _sources("adapters")}
    assert {p: n for p, n in loaded.items() if any(_under(m, "mobtable.cli") for m in n)} == {}


def test_the_research_frameworks_are_imported_only_by_the_adapters() -> None:
    for top in ("gymnasium", "pettingzoo", "pyspiel"):
        assert all(p.startswith("adapters/") for p in _importers(top)), top


def test_the_lab_libraries_are_imported_only_by_the_lab() -> None:
    """pandas, scipy and matplotlib: the lab's modules and commands only; openskill (a base
    dependency since the server rates players): the lab's bot ratings and the server's."""
    for top in ("pandas", "scipy", "matplotlib"):
        importers = _importers(top)
        assert importers and all(p.startswith(("sim/", "cli/")) for p in importers), top
    assert sorted(_importers("openskill")) == ["server/accounts/ratings.py", "sim/ratings.py"]


@pytest.mark.parametrize("game", GAMES)
def test_a_rule_module_takes_the_table_never_the_state(game: str) -> None:
    """Not even for typing: the rules read and change the declared table."""
    declared = registry.get(game)
    state = type(declared.new_state(declared.config(declared.min_players), seed=1)).__name__
    folder = SRC / "games" / game
    naming = sorted(m for m in LAYERS[game][2] if state in _names_used(folder / f"{m}.py"))
    assert naming == []


def _names_used(path: Path) -> set[str]:
    """Every name, attribute, imported name and string in ``path``'s source."""
    found: set[str] = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.alias):
            found.add(node.asname or node.name)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(node.value)
    return found


def test_the_adapters_import_only_the_core_card_data_and_the_terminal_drawing() -> None:
    """The core contract, a game's card data (its lowest layer: the views read the rest), the
    registry, the bots (as research opponents) and, for ``render()``, the CLI's drawing."""
    card_data = tuple(
        f"mobtable.games.{game}.{module}" for game in GAMES for module in LAYERS[game][0]
    )
    allowed = (
        "mobtable.core",
        "mobtable.adapters",
        "mobtable.bots",
        "mobtable.cli.rendering",
        *card_data,
    )
    found = _outside(_sources("adapters"), allowed)
    # `from mobtable import games`: the registry, where the adapters look a game up by name
    assert all(set(v) <= {"mobtable", "mobtable.games"} for v in found.values()), found


def test_bots_know_a_game_only_through_the_core_and_the_registry() -> None:
    """No module of ``bots/`` imports a game package: each game's search pieces live in it and
    reach the search as ``Game.search_hooks`` and ``Game.bots``."""
    allowed = ("mobtable.core", "mobtable.bots")
    found = _outside(_sources("bots"), allowed)
    assert all(set(v) <= {"mobtable", "mobtable.games"} for v in found.values()), found
    named = {
        str(p.relative_to(SRC)): game
        for p in _sources("bots")
        for game in GAMES
        if f'"{game}"' in p.read_text(encoding="utf-8")
    }
    assert named == {}, "game-specific code in the generic bots"


@pytest.mark.parametrize("game", GAMES)
def test_a_games_search_hooks_and_bots_live_in_its_own_package(game: str) -> None:
    declared = registry.get(game)
    package = registry.package_of(game)
    hooks = declared.search_hooks
    assert isinstance(hooks, SearchHooks)
    pieces = [hooks.playout, hooks.guide]
    if hooks.evaluator is not None:
        evaluator = hooks.evaluator
        pieces += [evaluator.progress, evaluator.scores, evaluator.left]
    pieces += list(declared.bots.values())
    modules = {piece.__module__ for piece in pieces if piece is not None}
    assert modules and all(m.startswith(f"{package}.") for m in modules), modules
    assert "greedy" in declared.bots


def _importers(top: str) -> list[str]:
    """Every source file that imports ``top`` (or a module under it) at run time."""
    return [str(p.relative_to(SRC)) for p in sorted(SRC.rglob("*.py")) if _modules_imported(p, top)]


def test_only_the_ray_runner_imports_ray_and_only_the_table_and_the_research_pyarrow() -> None:
    """The lab's heavy extras stay where docs/architecture.md says (Simulation, adapters)."""
    assert _importers("ray") == ["sim/ray_runner.py"]
    assert _importers("pyarrow") == ["adapters/trajectories.py", "sim/table.py"]


@pytest.mark.parametrize("game", GAMES)
def test_each_state_inherits_its_table_and_the_view_names_it_for_typing_only(game: str) -> None:
    declared = registry.get(game)
    state = declared.new_state(declared.config(declared.min_players), seed=1)
    tables = [cls for cls in type(state).__mro__ if cls.__name__.endswith("Table")]
    assert tables and tables[0].__module__ == f"mobtable.games.{game}.table"
    view = _modules_imported(SRC / "games" / game / "view.py")
    assert f"mobtable.games.{game}.state" not in view
