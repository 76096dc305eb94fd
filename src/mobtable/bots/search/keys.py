"""Small integer keys for actions, so the tree never hashes an action dataclass.

A frozen dataclass hashes its fields in Python on every dictionary lookup (a
Gangsta placement: the card's hash, then the tuple's), and the tree looks
actions up in its innermost loop. The engines hand out interned actions (the
same object every time), so an action is recognised by its ``id()``: one
builtin call and an integer lookup. The table keeps every object it has keyed
alive, so no other object can take its ``id`` while the table lives; equal
actions that are distinct objects get the same key through one ordinary hash
the first time each object is seen.
"""

from __future__ import annotations

from collections.abc import Sequence

from mobtable.core import Action

TUPLES = 256
"""How many legal tuples :meth:`ActionKeys.index` remembers (then it starts again)."""
LONG = 16
"""Shorter legal tuples are keyed afresh each time (cheaper than remembering them)."""


class ActionKeys:
    """Numbers the actions of one search: ``0, 1, 2, ...`` in order of first sight.

    Example:
        >>> keys = ActionKeys()
        >>> keys.of(["a", "b"]), keys.key("b"), keys.actions
        ([0, 1], 1, ['a', 'b'])
    """

    __slots__ = ("_alive", "_by_id", "_by_value", "_tuples", "actions")

    def __init__(self) -> None:
        self._tuples: dict[int, tuple[tuple[Action, ...], list[int], dict[int, int]]] = {}
        """Keys and positions of recently seen legal tuples, by ``id`` (each entry keeps
        its tuple alive, so no other object can take that ``id`` while it is here)."""
        self._by_id: dict[int, int] = {}
        self._by_value: dict[Action, int] = {}
        self._alive: list[Action] = []
        """Every keyed object, kept alive so that its ``id`` stays its own."""
        self.actions: list[Action] = []
        """The action of each key."""

    def key(self, action: Action) -> int:
        found = self._by_id.get(id(action))
        return self._add(action) if found is None else found

    def of(self, legal: Sequence[Action]) -> list[int]:
        """The key of each action of ``legal``, in order."""
        by_id = self._by_id
        keys: list[int] = []
        for action in legal:
            found = by_id.get(id(action))
            keys.append(self._add(action) if found is None else found)
        return keys

    def index(self, legal: Sequence[Action]) -> tuple[list[int], dict[int, int] | None]:
        """The keys of ``legal`` (as :meth:`of`) and, for a long tuple, each key's position.

        Engines hand out many long legal lists as cached tuples (COSCA's dice
        settings): a tuple cannot change, so its answer is remembered. The
        caller must not change what it is given.
        """
        if type(legal) is not tuple or len(legal) < LONG:
            return self.of(legal), None
        found = self._tuples.get(id(legal))
        if found is not None and found[0] is legal:
            return found[1], found[2]
        keys = self.of(legal)
        positions = dict(zip(keys, range(len(keys)), strict=True))
        if len(self._tuples) >= TUPLES:
            self._tuples.clear()
        self._tuples[id(legal)] = (legal, keys, positions)
        return keys, positions

    def _add(self, action: Action) -> int:
        key = self._by_value.get(action)
        if key is None:
            key = self._by_value[action] = len(self.actions)
            self.actions.append(action)
        self._by_id[id(action)] = key
        self._alive.append(action)
        return key
