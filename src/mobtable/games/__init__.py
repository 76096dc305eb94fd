"""The game registry: ``mobtable.games.get(name)``.

A game is one subpackage exposing ``GAME``; it is imported on first use.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from mobtable.core.game import Game

_PACKAGES: dict[str, str] = {
    "capo": "mobtable.games.capo",
    "cosca": "mobtable.games.cosca",
    "gangsta": "mobtable.games.gangsta",
}
_loaded: dict[str, Game] = {}


def names() -> list[str]:
    """The registered games' names."""
    return sorted(_PACKAGES)


def get(name: str) -> Game:
    """The game called ``name``; ``KeyError`` naming the known games otherwise."""
    if name not in _PACKAGES:
        raise KeyError(f"no game {name!r} (games: {', '.join(names())})")
    if name not in _loaded:
        _loaded[name] = import_module(_PACKAGES[name]).GAME
    return _loaded[name]


def package_of(name: str) -> str:
    """The Python package that implements game ``name``."""
    if name not in _PACKAGES:
        raise KeyError(f"no game {name!r} (games: {', '.join(names())})")
    return _PACKAGES[name]


def part_of(name: str, part: str) -> ModuleType | None:
    """Game ``name``'s optional module ``part`` (its ``metrics``, its ``value``…), or ``None``
    where the game has none; an import error inside the module is raised as it is."""
    module = f"{package_of(name)}.{part}"
    try:
        return import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        return None


def register(name: str, package: str) -> None:
    """Register a game package (used by tests for their own toy games)."""
    _PACKAGES[name] = package
    _loaded.pop(name, None)
