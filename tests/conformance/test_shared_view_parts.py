"""The read-only parts of a view: made once and shared by every view, never changed by a reader.

Some of a view's containers never change for a card set (Capo's card faces, symbols and
events, Gangsta's mafias, COSCA's days and hat seats), or once made (Gangsta's last trick
and last raid, and its grid until the grid changes): the view hands out the one copy, and
the view types declare them ``Mapping``/``Sequence`` (``ReadOnly`` in a face) so that mypy
refuses a write. Here, whole random games of every player count go through every reader the
package has (the encoder, the terminal's board, the prompt and the move labels, the game's
``greedy`` bot) and the shared parts must end exactly as they began; and they are shared
(the same objects in two seats' views), or this test would prove nothing.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from mobtable import bots, games
from mobtable.adapters.encoders import encoder_for
from mobtable.bots import Decision
from mobtable.cli.rendering import render_view
from mobtable.core import Game, State
from mobtable.core.words import Reader

from .helpers import configs, random_step

View = dict[str, Any]

SHARED: dict[str, Callable[[View], Iterator[object]]] = {
    "capo": lambda v: iter(
        [
            *v["cards"].values(),
            v["symbols"],
            v["event"],
            v["assignment"]["symbols"],
            v["reconstructed"],
        ]
    ),
    "gangsta": lambda v: iter(
        [v["mafias"], v["reconstructed"], v["grid"], v["last_trick"], v["last_raid"]]
    ),
    "cosca": lambda v: iter(
        [
            v["city"],
            v["reconstructed"],
            v["calendar"]["days"],
            v["calendar"]["race_days"],
            *(part for m in v["row"] for part in (m["days"], m["hats_under"], m["reconstructed"])),
        ]
    ),
}
"""Each game's shared parts of a view (``None`` where a part is absent, as Capo's event)."""


def shared(name: str, view: View) -> list[object]:
    return [part for part in SHARED[name](view) if part is not None]


def read_everything(game: Game, state: State, seat: int, view: View, encode: Any) -> None:
    """What the package's readers do with a seat's view."""
    encode(view)
    render_view(game.name, view, names=[f"P{s}" for s in range(state.players)])
    reader = Reader.for_table(seat, [], state.players)
    game.narration.prompt(state, reader)
    for action in list(state.legal(seat))[:20]:
        game.narration.action(state, seat, action, reader)
    greedy = bots.make("greedy", game.name, seed=seat)
    greedy.choose(Decision(state, seat))


@pytest.mark.parametrize("name", sorted(SHARED))
def test_readers_leave_the_shared_parts_of_views_as_they_were(name: str) -> None:
    game = games.get(name)
    for number, config in enumerate(configs(game)):
        state = game.new_state(config, seed=number)
        encode = encoder_for(game, config).encode
        seen: dict[int, tuple[object, object]] = {}
        """Every shared part met, by identity, with a deep copy of it as first met."""
        rng = random.Random(number)
        while not state.is_over():
            for seat in state.pending():
                view = state.view(seat)
                for part in shared(name, view):
                    seen.setdefault(id(part), (part, copy.deepcopy(part)))
                read_everything(game, state, seat, view, encode)
            random_step(state, rng)
        assert seen
        for part, before in seen.values():
            assert part == before, f"{name}, {config}"


@pytest.mark.parametrize("name", sorted(SHARED))
def test_the_shared_parts_are_one_object_for_every_view(name: str) -> None:
    game = games.get(name)
    state = game.new_state(game.config(game.min_players), seed=1)
    one, other = shared(name, state.view(0)), shared(name, state.view(1))
    spectator = shared(name, state.view(None))
    ids = {id(part) for part in one}
    assert ids & {id(part) for part in other} and ids & {id(part) for part in spectator}
