"""The encoder toolkit: named fields laid out in one flat float32 array.

An encoder declares its fields (name, shape, meaning) once per configuration
and fills them from a seat's view. Seats are always counted relative to the
observer (0 = me, 1 = the next seat clockwise, ...), so one policy serves
every seat.

Parts write through a flat ``memoryview`` of the tensor at positions the encoder
works out once per configuration (``at``: each field's offset; tables such as a
card code's position in a field): a memoryview's item write is a C call of about
half a numpy item write's cost, and no per-step lookup walks a field's layout.
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


class Flat(Protocol):
    """The tensor as a flat float32 ``memoryview``: ``flat[at["name"] + i] = 1.0`` (a
    memoryview of format ``f`` takes floats only, never an int or a bool)."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


def observer(view: View) -> int:
    """The seat whose view this is (an observation is a seat's, never a spectator's)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("an observation is a seat's: this view is a spectator's")
    return int(seat)


def flat(array: Array) -> Flat:
    """A flat float32 array's writable memoryview."""
    return cast(Flat, array.data)  # a memoryview already


Write = Callable[[Any, Flat], None]
"""Fills a part's fields from a view, into the flat tensor, zeroed there before."""


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
    incremental: bool = False
    """Whether :class:`Memo` compares a seat's views to write only what changed. Off for
    every game: with the parts writing through a memoryview, a full encoding costs no
    more than comparing a view with the last one key by key (and copying the tensor)."""

    def __init__(self, game: Game, config: Config) -> None:
        self.game = game
        self.config = config
        self.players = config.players
        self.fields: tuple[Field, ...] = tuple(self.layout())
        self.size = sum(f.size for f in self.fields)
        offsets, offset = {}, 0
        for f in self.fields:
            offsets[f.name] = slice(offset, offset + f.size)
            offset += f.size
        self.at: dict[str, int] = {name: span.start for name, span in offsets.items()}
        """Each field's offset in the flat tensor."""
        p = self.players
        self.orders: tuple[tuple[int, ...], ...] = tuple(
            tuple((me + r) % p for r in range(p)) for me in range(p)
        )
        """For each observer, the absolute seats in relative order (0 = the observer)."""
        self.rels: tuple[tuple[int, ...], ...] = tuple(
            tuple((s - me) % p for s in range(p)) for me in range(p)
        )
        """For each observer, each absolute seat counted from it."""
        self.parts: tuple[Part, ...] = tuple(self.layout_parts())
        self.writes: tuple[Write, ...] = tuple(part.write for part in self.parts)
        written = [name for part in self.parts for name in part.fields]
        if sorted(written) != sorted(f.name for f in self.fields):
            raise ValueError(f"{self.game_name}: every field must be written by one part")
        self.spans: tuple[tuple[slice, ...], ...] = tuple(
            tuple(offsets[name] for name in part.fields) for part in self.parts
        )
        readers: dict[str, list[int]] = {}
        for i, part in enumerate(self.parts):
            for key in part.keys:
                readers.setdefault(key, []).append(i)
        self.readers: dict[str, tuple[int, ...]] = {k: tuple(v) for k, v in readers.items()}
        """For each view key, the parts that read it."""

    @abstractmethod
    def layout(self) -> Iterable[Field]:
        """The fields, in tensor order."""

    @abstractmethod
    def layout_parts(self) -> Iterable[Part]:
        """The parts that write the fields, each field written by exactly one."""

    def fill(self, view: V, flat: Flat) -> None:
        """Write ``view`` (of seat ``view['seat']``) into the zeroed flat tensor."""
        observer(view)
        for write in self.writes:
            write(view, flat)

    # -- use -----------------------------------------------------------
    def encode(self, view: View, out: Array | None = None) -> Array:
        """The observation tensor of ``view`` (a new array, or ``out`` filled in place).

        ``view`` is one a state of this encoder's game gave: its type is the game's ``V``.
        The parts are called here rather than through :meth:`fill` (one Python call
        fewer on every step of an environment)."""
        if view["seat"] is None:  # refused here, once, rather than by every part
            observer(view)
        array = np.zeros(self.size, np.float32)
        writable = cast(Flat, array.data)  # flat(array), one call fewer
        for write in self.writes:
            write(view, writable)
        if out is None:
            return array
        out[:] = array
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
        return self.rels[observer(view)][seat]

    def by_seat(self, view: V, values: Sequence[Any]) -> list[Any]:
        """``values`` (one per absolute seat) reordered relative to the observer."""
        return [values[s] for s in self.orders[observer(view)]]


class AnyEncoder(Protocol):
    """The encoder of some game, as the adapters use it: they hold whichever game's
    encoder ``encoder_for`` gave and pass it that game's states and views."""

    @property
    def size(self) -> int: ...

    @property
    def fields(self) -> tuple[Field, ...]: ...

    @property
    def incremental(self) -> bool: ...

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
    simply asked for the full tensor). A view's containers are new on every
    call or shared read-only parts (a game's ``view`` contract), so the kept view is never
    changed under it. :meth:`clear` forgets everything (a new deal).
    """

    def __init__(self, encoder: Encoder[Any]) -> None:
        self.encoder = encoder
        self._seats: dict[int, tuple[View, Array, Flat]] = {}

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
            self._seats[seat] = (view, kept_array, flat(kept_array))
            return array
        last, array, writable = kept
        parts, spans, readers = self.encoder.parts, self.encoder.spans, self.encoder.readers
        stale: set[int] = set()
        for key, reading in readers.items():
            if view[key] != last[key]:
                stale.update(reading)
        for i in sorted(stale):
            for span in spans[i]:
                array[span] = 0.0
            parts[i].write(view, writable)
        self._seats[seat] = (view, array, writable)
        return array.copy()


class OneHot:
    """A one-hot field over names: ``set(flat, value)`` marks ``value`` (``OTHER``, the
    last slot, when unknown; nothing for ``None``) from a table made once."""

    def __init__(self, offset: int, names: Sequence[str]) -> None:
        self.positions = {name: offset + i for i, name in enumerate(names)}
        self.other = offset + len(names) - 1

    def set(self, flat: Flat, value: str | None) -> None:
        if value is not None:
            flat[self.positions.get(value, self.other)] = 1.0


def positions(offset: int, names: Iterable[Any]) -> dict[Any, int]:
    """Each name's position in a field at ``offset`` that lists ``names`` in order."""
    return {name: offset + i for i, name in enumerate(names)}


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
