"""A game's optional simulation hooks: ``<game package>.metrics``.

The module may define

- ``figures(state) -> list[dict[str, int | float]]``: the game's own figures
  for a finished game, one dict per seat, with the same keys for every seat
  and every game. The state it receives was replayed with its event log on,
  so it may read ``state.events`` as well as ``result()`` and ``history``.
  Each key becomes a column ``m_<key>`` of the results table.
- ``rounds(state) -> int``: the game's length in its own unit (tricks,
  days, rounds), for the ``length_rounds`` column (0 when absent).
- ``tables(state) -> dict[str, list[dict[str, int | float | str | bool]]]``:
  further tables by name, each a list of rows with the same keys and types
  in every game (COSCA: ``mobsters``, one row per mobster). Each becomes
  ``<name>.parquet`` beside the results table, with the game's ``game``,
  ``seed`` and ``game_index`` first. Given the same replayed state.
- ``standing(state) -> list[float]``: each seat's score so far, read at the
  end of every round (as ``rounds`` counts them) for the lead changes and
  whether the last round decided the game (:mod:`mobtable.sim.decisions`).

A game without the module has no ``m_`` columns and ``length_rounds`` 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from types import ModuleType

from mobtable import games
from mobtable.core import State

Figures = Mapping[str, int | float]
Row = Mapping[str, int | float | str | bool]


@cache
def _module(game_name: str) -> ModuleType | None:
    return games.part_of(game_name, "metrics")


def figures_hook(game_name: str) -> Callable[[State], list[dict[str, int | float]]] | None:
    """The game's ``figures`` function, or ``None``."""
    return getattr(_module(game_name), "figures", None)


def rounds_hook(game_name: str) -> Callable[[State], int] | None:
    """The game's ``rounds`` function, or ``None``."""
    return getattr(_module(game_name), "rounds", None)


def tables_hook(game_name: str) -> Callable[[State], Mapping[str, Sequence[Row]]] | None:
    """The game's ``tables`` function, or ``None``."""
    return getattr(_module(game_name), "tables", None)


def standing_hook(game_name: str) -> Callable[[State], Sequence[float]] | None:
    """The game's ``standing`` function, or ``None``."""
    return getattr(_module(game_name), "standing", None)
