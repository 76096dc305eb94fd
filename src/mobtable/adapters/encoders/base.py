"""The encoder toolkit: named fields laid out in one flat float32 array.

An encoder declares its fields (name, shape, meaning) once per configuration
and fills them from a seat's view. Seats are always counted relative to the
observer (0 = me, 1 = the next seat clockwise, ...), so one policy serves
every seat.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
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


class Slots:
    """The fields of one observation, as writable numpy views of its flat array."""

    def __init__(self, array: Array, fields: Sequence[Field]) -> None:
        self.array = array
        self._views: dict[str, Array] = {}
        offset = 0
        for f in fields:
            self._views[f.name] = array[offset : offset + f.size].reshape(f.shape)
            offset += f.size

    def __getitem__(self, name: str) -> Array:
        return self._views[name]

    def items(self) -> Iterable[tuple[str, Array]]:
        return self._views.items()


class Encoder(ABC, Generic[V]):
    """Turns one seat's view into a flat float32 array of fixed size.

    Subclasses set ``game_name`` and implement :meth:`fields` and
    :meth:`fill`; they read the view (of their game's view type ``V``) and nothing else.
    """

    game_name: str

    def __init__(self, game: Game, config: Config) -> None:
        self.game = game
        self.config = config
        self.players = config.players
        self.fields: tuple[Field, ...] = tuple(self.layout())
        self.size = sum(f.size for f in self.fields)
        self._scratch = np.zeros(self.size, np.float32)
        self._slots = Slots(self._scratch, self.fields)

    @abstractmethod
    def layout(self) -> Iterable[Field]:
        """The fields, in tensor order."""

    @abstractmethod
    def fill(self, view: V, out: Slots) -> None:
        """Write ``view`` (of seat ``view['seat']``) into the zeroed slots."""

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

    def split(self, array: Array) -> dict[str, Array]:
        """The named pieces of an observation tensor (views, not copies)."""
        return dict(Slots(array, self.fields).items())

    def describe(self) -> list[tuple[str, tuple[int, ...], str]]:
        return [(f.name, f.shape, f.doc) for f in self.fields]

    # -- helpers for subclasses ---------------------------------------
    def rel(self, view: V, seat: int) -> int:
        """``seat`` counted from the observer (0 = the observer)."""
        return (seat - int(view["seat"])) % self.players

    def by_seat(self, view: V, values: Sequence[Any]) -> list[Any]:
        """``values`` (one per absolute seat) reordered relative to the observer."""
        me = int(view["seat"])
        return [values[(me + r) % self.players] for r in range(self.players)]


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

    Actions are small frozen values that recur all game long, so a dictionary
    answers most look-ups at the cost of one hash.
    """

    def __init__(self, game: Game, config: Config) -> None:
        self.game, self.config = game, config
        self.size = game.num_actions(config)
        self._known: dict[Action, int] = {}

    def __call__(self, action: Action) -> int:
        index = self._known.get(action)
        if index is None:
            index = self._known[action] = self.game.action_index(action, self.config)
        return index

    def legal(self, state: State, seat: int) -> list[int]:
        """The sorted indices of ``seat``'s legal actions."""
        known, index = self._known, self.__call__
        return sorted(known[a] if a in known else index(a) for a in state.legal(seat))

    def mask(self, state: State, seat: int) -> npt.NDArray[np.int8]:
        """1 at the index of every action ``seat`` may take now, else 0."""
        mask = np.zeros(self.size, np.int8)
        known, index = self._known, self.__call__
        for action in state.legal(seat):
            mask[known[action] if action in known else index(action)] = 1
        return mask


def action_mask(state: State, seat: int) -> npt.NDArray[np.int8]:
    """1 at the stable index of every action ``seat`` may take now, else 0."""
    return ActionIndex(state.game, state.config).mask(state, seat)
