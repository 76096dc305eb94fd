"""The result card's breakdown of a Capo game: each player's respect after every round,
read from the public log (each round's scoring says everyone's respect)."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from mobtable.core.words import Breakdown, Reader
from mobtable.games.capo.rules import START_RESPECT

if TYPE_CHECKING:
    from mobtable.core import State


def breakdown(state: State, reader: Reader) -> Breakdown:
    rounds = [
        list(event.data["respect"])
        for event in state.events
        if event.kind == "scored" and event.visible_to(reader.seat)
    ]
    rows = []
    for seat in range(state.players):
        path = [START_RESPECT] + [r[seat] for r in rounds]
        steps = [f"{b - a:+d}" if b != a else "0" for a, b in pairwise(path)]
        rows.append((" ".join(steps) or "—", " → ".join(str(p) for p in path)))
    return Breakdown(("Respect won, round by round", "Respect after each round"), tuple(rows))
