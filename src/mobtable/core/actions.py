"""What every action value provides.

Actions are small immutable values (``@dataclass(frozen=True, slots=True)``).
``str(action)`` is the stable text notation; the game's ``parse_action``
reads it back, and ``Game.action_index`` / ``Game.action_from_index`` give a
stable integer for adapters that need a fixed action space.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from mobtable.core.errors import InvalidNotation


@runtime_checkable
class Action(Protocol):
    """An immutable, hashable decision with a text notation (``str()``)."""

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


@runtime_checkable
class IndexedActions(Protocol):
    """A lazy legal sequence that knows its actions' stable integers (``Game.action_index``)
    without making each action: adapters read them for a mask at the cost of a few sums."""

    def action_indices(self) -> Sequence[int]:
        """``Game.action_index`` of each action, in the sequence's order."""
        ...


MAX_NOTATION = 200
"""The longest notation any game reads (the web API's limit too)."""
ASCII_SPACE = r"\t\n\x0b\x0c\r\x1c-\x1f "
"""The ASCII white space ``str.strip`` removes, as a character class's body."""
NOTATION_PATTERN = f"^[{ASCII_SPACE}]*[ -~]*[{ASCII_SPACE}]*$"
"""What :func:`notation_text` lets through to a parser, as a regular expression (the web
API's schema says it): printable ASCII, with ASCII white space around it."""


def notation_text(text: object, game: str) -> str:
    """``text`` stripped, for a game's parser: short printable ASCII, else ``InvalidNotation``.

    Every notation is ASCII, so refusing the rest up front keeps parsers from
    reading Unicode digits (``²``, ``٣``) that ``str.isdigit`` or ``\\d`` accept
    and ``int()`` refuses or reads, and bounds every number they convert.
    """
    if not isinstance(text, str):
        raise InvalidNotation(f"notation must be text, not {type(text).__name__}")
    if len(text) > MAX_NOTATION:
        raise InvalidNotation(f"a {game} move is at most {MAX_NOTATION} characters")
    stripped = text.strip()
    if not (text.isascii() and stripped.isprintable()):
        raise InvalidNotation(
            f"{text!r} is not a {game} move: moves are written in plain letters and digits"
        )
    return stripped
