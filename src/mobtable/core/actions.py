"""What every action value provides.

Actions are small immutable values (``@dataclass(frozen=True, slots=True)``).
``str(action)`` is the stable text notation; the game's ``parse_action``
reads it back, and ``Game.action_index`` / ``Game.action_from_index`` give a
stable integer for adapters that need a fixed action space.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class Action(Protocol):
    """An immutable, hashable decision with a text notation (``str()``)."""

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...
