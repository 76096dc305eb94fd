"""The encoder toolkit: named fields laid out in one flat float32 array.

An encoder declares its fields (name, shape, meaning) once per configuration
and fills them from a seat's view. Seats are always counted relative to the
observer (0 = me, 1 = the next seat clockwise, ...), so one policy serves
every seat.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import prod
from typing import Any, Generic, Protocol, TypeVar, cast

import numpy as np
import numpy.typing as npt

from mobtable.core import Action, Config, Game, State, View

Array = npt.NDArray[np.float32]
OTHER = "other"
"""The last slot of every one-hot over names: a value this encoder does not know."""

V = TypeVar("V", bound=View)
"""A game's view type (``Game.view_type``)."""


@dataclass(frozen=True, slots=True)
class Field:
    """One named piece of the observation tensor."""

    name: str
    shape: tuple[int, ...]
    doc: str

    @property
    def size(self) -> int:
        return prod(self.shape)


Write = Callable[[Any, "Slots"], None]
"""Fills a part's fields from a view, into slots zeroed before."""


@dataclass(frozen=True, slots=True)
class Part:
    """What one piece of code writes: the fields it fills from the view keys it reads.

    A part is written again only when one of its keys changed since the seat's last
    view (see :class:`Memo`), so every part reads its ``keys`` and nothing else of the
    view (``seat`` and ``players`` never change for one seat of one table)."""

    keys: tuple[str, ...]
    fields: tuple[str, ...]
    write: Write


class Slots(dict[str, Array]):
    """The fields of one observation, as writable numpy views of its flat array (a dict,
    so that a part's ``out["name"]`` costs a C lookup, not a Python call)."""

    def __init__(self, array: Array, fields: Sequence[Field]) -> None:
        super().__init__()
        self.array = array
        offset = 0
        for f in fields:
            self[f.name] = array[offset : offset + f.size].reshape(f.shape)
            offset += f.size


class Encoder(ABC, Generic[V]):
    """Turns one seat's view into a flat float32 array of fixed size.

    Subclasses set ``game_name`` and implement :meth:`layout` and :meth:`layout_parts`;
    the parts read the view (of their game's view type ``V``) and nothing else.
    """

    game_name: str
    incremental: bool = True
    """Whether :class:`Memo` compares a seat's views to write only what changed (where
    most of a view changes between two decisions of a seat, a full encoding is cheaper)."""

    def __init__(self, game: Game, config: Config) -> None:
        self.game = game
        self.config = config
        self.players = config.players
        self.fields: tuple[Field, ...] = tuple(self.layout())
        self.size = sum(f.size for f in self.fields)
        self.parts: tuple[Part, ...] = tuple(self.layout_parts())
        written = [name for part in self.parts for name in part.fields]
        if sorted(written) != sorted(f.name for f in self.fields):
            raise ValueError(f"{self.game_name}: every field must be written by one part")
        offsets, offset = {}, 0
        for f in self.fields:
            offsets[f.name] = slice(offset, offset + f.size)
            offset += f.size
        self.spans: tuple[tuple[slice, ...], ...] = tuple(
            tuple(offsets[name] for name in part.fields) for part in self.parts
        )
        readers: dict[str, list[int]] = {}
        for i, part in enumerate(self.parts):
            for key in part.keys:
                readers.setdefault(key, []).append(i)
        self.readers: dict[str, tuple[int, ...]] = {k: tuple(v) for k, v in readers.items()}
        """For each view key, the parts that read it."""
        self._scratch = np.zeros(self.size, np.float32)
        self._slots = Slots(self._scratch, self.fields)
        p = self.players
        self.orders: tuple[tuple[int, ...], ...] = tuple(
            tuple((me + r) % p for r in range(p)) for me in range(p)
        )
        """For each observer, the absolute seats in relative order (0 = the observer)."""
        self.rels: tuple[tuple[int, ...], ...] = tuple(
            tuple((s - me) % p for s in range(p)) for me in range(p)
        )
        """For each observer, each absolute seat counted from it."""

    @abstractmethod
    def layout(self) -> Iterable[Field]:
        """The fields, in tensor order."""

    @abstractmethod
    def layout_parts(self) -> Iterable[Part]:
        """The parts that write the fields, each field written by exactly one."""

    def fill(self, view: V, out: Slots) -> None:
        """Write ``view`` (of seat ``view['seat']``) into the zeroed slots."""
        for part in self.parts:
            part.write(view, out)

    # -- use -----------------------------------------------------------
    def encode(self, view: View, out: Array | None = None) -> Array:
        """The observation tensor of ``view`` (a new array, or ``out`` filled in place).

        ``view`` is one a state of this encoder's game gave: its type is the game's ``V``."""
        self._scratch.fill(0.0)
        self.fill(cast(V, view), self._slots)
        if out is None:
            return self._scratch.copy()
        out[:] = self._scratch
        return out

    def observe(self, state: State, seat: int) -> Array:
        """The observation tensor of ``seat`` at ``state`` (from its view only)."""
        return self.encode(state.view(seat))

    def memo(self) -> Memo:
        """An incremental encoder for one table: see :class:`Memo`."""
        return Memo(self)

    def split(self, array: Array) -> dict[str, Array]:
        """The named pieces of an observation tensor (views, not copies)."""
        return dict(Slots(array, self.fields).items())

    def describe(self) -> list[tuple[str, tuple[int, ...], str]]:
        return [(f.name, f.shape, f.doc) for f in self.fields]

    # -- helpers for subclasses ---------------------------------------
    def rel(self, view: V, seat: int) -> int:
        """``seat`` counted from the observer (0 = the observer)."""
        return self.rels[view["seat"]][seat]

    def by_seat(self, view: V, values: Sequence[Any]) -> list[Any]:
        """``values`` (one per absolute seat) reordered relative to the observer."""
        return [values[s] for s in self.orders[view["seat"]]]


class AnyEncoder(Protocol):
    """The encoder of some game, as the adapters use it: they hold whichever game's
    encoder ``encoder_for`` gave and pass it that game's states and views."""

    @property
    def size(self) -> int: ...

    @property
    def fields(self) -> tuple[Field, ...]: ...

    def encode(self, view: View, out: Array | None = None) -> Array: ...

    def observe(self, state: State, seat: int) -> Array: ...

    def split(self, array: Array) -> dict[str, Array]: ...

    def describe(self) -> list[tuple[str, tuple[int, ...], str]]: ...

    def memo(self) -> Memo: ...


class Memo:
    """Incremental encoding for one table: each seat's last view and its tensor.

    Where a seat's next view differs from its last in a few keys (a Capo step), only the
    parts reading a changed key are written again: the same tensor as
    :meth:`Encoder.encode`, for less work (an encoder with ``incremental = False`` is
    simply asked for the full tensor). Views are made of new containers
    on every call (a game's ``view`` contract), so the kept view is never changed under
    it. :meth:`clear` forgets everything (a new deal).
    """

    def __init__(self, encoder: Encoder[Any]) -> None:
        self.encoder = encoder
        self._seats: dict[int, tuple[View, Array, Slots]] = {}

    def clear(self) -> None:
        self._seats.clear()

    def encode(self, view: View) -> Array:
        """The tensor of ``view`` (a new array), written where it changed since the seat's
        last view."""
        if not self.encoder.incremental:
            return self.encoder.encode(view)
        seat = view["seat"]
        kept = self._seats.get(seat)
        if kept is None:
            array = self.encoder.encode(view)
            kept_array = array.copy()
            self._seats[seat] = (view, kept_array, Slots(kept_array, self.encoder.fields))
            return array
        last, array, slots = kept
        parts, spans, readers = self.encoder.parts, self.encoder.spans, self.encoder.readers
        stale: set[int] = set()
        for key, reading in readers.items():
            if view[key] != last[key]:
                stale.update(reading)
        for i in sorted(stale):
            for span in spans[i]:
                array[span] = 0.0
            parts[i].write(view, slots)
        self._seats[seat] = (view, array, slots)
        return array.copy()


def one_hot(slot: Array, names: Sequence[str], value: str | None) -> None:
    """Set the slot of ``value`` in ``names`` (``OTHER``, the last, when unknown)."""
    if value is None:
        return
    try:
        slot[names.index(value)] = 1.0
    except ValueError:
        slot[len(names) - 1] = 1.0


def observation_string(view: View) -> str:
    """A seat's view as canonical JSON: the observation string of both adapters."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)


class ActionIndex:
    """``game.action_index`` for one config, remembered per action value.

    Actions are small interned values that recur all game long, so the index of an
    action is remembered by the object's identity (an integer's hash, where a frozen
    dataclass hashes in Python), and a legal list the game interns (COSCA's tuples of
    dice settings) is remembered whole. Each remembered object is kept alive with its
    index, so an identity is never reused while remembered; both memories are bounded.
    """

    REMEMBERED = 1 << 16
    """At most this many actions and as many lists are remembered (then forgotten)."""

    def __init__(self, game: Game, config: Config) -> None:
        self.game, self.config = game, config
        self.size = game.num_actions(config)
        self._known: dict[int, tuple[Action, int]] = {}
        self._lists: dict[int, tuple[Sequence[Action], list[int]]] = {}

    def __call__(self, action: Action) -> int:
        entry = self._known.get(id(action))
        if entry is None or entry[0] is not action:
            if len(self._known) >= self.REMEMBERED:
                self._known.clear()
            entry = self._known[id(action)] = (action, self.game.action_index(action, self.config))
        return entry[1]

    def indices(self, legal: Sequence[Action]) -> npt.NDArray[np.intp]:
        """The indices of ``legal``, in its order."""
        return np.array(self.index_list(legal), np.intp)

    def index_list(self, legal: Sequence[Action]) -> list[int]:
        """The indices of ``legal``, in its order (shared with later calls: do not change).

        A lazy sequence that knows its indices (``core.IndexedActions``) is asked for them
        instead of making each of its actions."""
        kind = type(legal)
        if kind is tuple:
            kept = self._lists.get(id(legal))
            if kept is not None and kept[0] is legal:
                return kept[1]
        elif kind is not list:  # a lazy sequence may know its indices (IndexedActions)
            known_indices = getattr(legal, "action_indices", None)
            if known_indices is not None:
                return list(known_indices())
        known, index = self._known, self.__call__
        found = []
        for action in legal:
            entry = known.get(id(action))
            found.append(entry[1] if entry is not None and entry[0] is action else index(action))
        if kind is tuple:  # an immutable list the game may hand out again
            if len(self._lists) >= self.REMEMBERED:
                self._lists.clear()
            self._lists[id(legal)] = (legal, found)
        return found

    def legal(self, state: State, seat: int) -> list[int]:
        """The sorted indices of ``seat``'s legal actions."""
        return sorted(self.index_list(state.legal(seat)))

    def mask(self, state: State, seat: int) -> npt.NDArray[np.int8]:
        """1 at the index of every action ``seat`` may take now, else 0."""
        mask = np.zeros(self.size, np.int8)
        mask[self.index_list(state.legal(seat))] = 1
        return mask


def action_mask(state: State, seat: int) -> npt.NDArray[np.int8]:
    """1 at the stable index of every action ``seat`` may take now, else 0."""
    return ActionIndex(state.game, state.config).mask(state, seat)
