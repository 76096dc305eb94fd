"""Every determinization agrees with what the seat has seen.

A sample drawn by ``determinize(seat, rng)`` is a world the seat cannot tell from the real one:
the seat's view of it is the same (its own hand and commits, every public card where it lies),
and each card the seat knows more about than the view says lies where the seat knows it can be.
Gangsta (G-29): the three cards a seat put back in its redraw went into the deck, and only a seat
that redrew after it can have drawn some of them; with six players the deck held exactly those
three, so the next seat to redraw drew them all. Capo: the cards a seat discarded face down,
and the discards shown to everyone, are in the discard pile.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from mobtable import games
from mobtable.core import State

from .helpers import as_json, random_step

SAMPLES = 12


def _gangsta_facts(state: State, sample: State, seat: int) -> list[str]:
    view = state.view(seat)
    mine = view["redraw"]["mine"]
    if not mine:
        return []
    cards = state.cards  # type: ignore[attr-defined]
    order = [e.data["seat"] for e in state.events if e.kind == "redraw" and e.visible_to(seat)]
    later = order[order.index(seat) + 1 :]
    six = state.players == 6
    where = {c: "deck" for c in sample.deck}  # type: ignore[attr-defined]
    for other, hand in enumerate(sample.hands):  # type: ignore[attr-defined]
        where.update(dict.fromkeys(hand, other))
    broken = []
    for code in mine:
        card = cards.card(code).id
        if card not in where:  # played, placed, raided: public, and the view holds it
            continue
        place = where[card]
        allowed = ["deck", *later]
        if six:  # the deck held only the three put back: the next redrawer drew them all
            allowed = later[:1] or ["deck"]
        if place not in allowed:
            broken.append(f"{code} put back by seat {seat} is in {place}, not in {allowed}")
    return broken


def _capo_facts(state: State, sample: State, seat: int) -> list[str]:
    view = state.view(seat)
    pile = set(sample.discard)  # type: ignore[attr-defined]
    known = [*view["discard"]["mine"], *view["discard"]["seen"]]
    return [f"discarded card {c} is not in the discard pile" for c in known if c not in pile]


FACTS: dict[str, Callable[[State, State, int], list[str]]] = {
    "gangsta": _gangsta_facts,
    "capo": _capo_facts,
}


def _check(state: State, rng: random.Random) -> None:
    for seat in range(state.players):
        view = as_json(state.view(seat))
        committed = seat not in state.pending()
        for _ in range(SAMPLES):
            sample = state.determinize(seat, rng)
            assert as_json(sample.view(seat)) == view
            assert (seat not in sample.pending()) == committed  # its own commit stays
            facts = FACTS.get(state.game.name)
            broken = facts(state, sample, seat) if facts is not None else []
            assert broken == [], broken


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(["capo", "cosca", "gangsta"]),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 60),
    extra=st.integers(0, 3),
)
def test_every_sample_keeps_what_the_seat_has_seen(
    name: str, seed: int, steps: int, extra: int
) -> None:
    game = games.get(name)
    players = min(game.max_players, game.min_players + extra)
    state = game.new_state(game.config(players), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        random_step(state, rng)
    if not state.is_over():
        _check(state, random.Random(seed + 1))
