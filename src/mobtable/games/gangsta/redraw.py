"""The optional redraw before the first trick (G-04, G-25, G-27).

A player holding fewer than two cards above 7 may put back their three lowest
cards and draw three new ones; the cards put back are then shuffled into the
deck, so nobody draws their own cards back, and which they were stays secret.

Every seat is asked in turn, eligible or not (G-27): who is asked, in what
order, and the "keeps the hand" that follows depend only on public facts (the
hand and deck sizes), so nobody learns who holds two cards above 7 until a
seat actually redraws.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from mobtable.core import Seat
from mobtable.games.gangsta.cards import HAND_SIZE

if TYPE_CHECKING:
    from mobtable.games.gangsta.table import GangstaTable

HIGH_CARD = 7
"""A hand needs two cards above this value, or it may redraw."""


def queue(state: GangstaTable) -> list[Seat]:
    """The seats asked whether to redraw, from the first leader clockwise (G-27).

    Only public facts decide it: a seat is asked when it holds three cards and
    the deck three (G-25), whatever its cards. A redraw leaves the deck's size
    unchanged (three drawn, three put back), so the queue never needs revising.
    """
    if len(state.deck) < 3:
        return []
    return [s for s in state.seats_from(state.leader) if len(state.hands[s]) >= 3]


def deck_at_redraw(state: GangstaTable) -> int:
    """How many cards the deck holds during the redraws (three drawn, three put back, each
    time): what the deal left (G-29: 3 with six players)."""
    setup = state.origin.setup
    if setup is not None:
        return len(setup.get("deck", ()))
    players = len(state.hands)
    return len(state.cards.cards) - 1 - players * HAND_SIZE[players]


def eligible(state: GangstaTable, seat: Seat) -> bool:
    value = state.cards.value
    return [value[c] > HIGH_CARD for c in state.hands[seat]].count(True) < 2


def choices(state: GangstaTable, seat: Seat) -> list[tuple[int, ...]]:
    """Every set of "the three lowest cards" the seat may put back (several when
    values tie at the third place); none if it is not eligible or cannot draw."""
    hand = state.hands[seat]
    if len(hand) < 3 or len(state.deck) < 3 or not eligible(state, seat):
        return []
    value = state.cards.value
    third = sorted(value[c] for c in hand)[2]
    lower = [c for c in hand if value[c] < third]
    level = [c for c in hand if value[c] == third]
    return [tuple(sorted(lower + list(extra))) for extra in combinations(level, 3 - len(lower))]


def apply(state: GangstaTable, seat: Seat, ids: tuple[int, ...]) -> None:
    """Draw three cards first, then shuffle the three put back into the deck."""
    hand = state.hands[seat]
    drawn = [state.deck.pop() for _ in range(3)]
    for c in ids:
        hand.remove(c)
    hand.extend(drawn)
    hand.sort()
    state.deck.extend(ids)
    state.rng.shuffle(state.deck)
    state.redrew[seat] = ids
    if not state.silent:
        state.log("redraw", f"Seat {seat} redraws three cards", seat=seat)
    if not state.silent:
        state.log(
            "redraw-private",
            f"You discard {', '.join(state.codes(ids))} "
            f"and draw {', '.join(state.codes(sorted(drawn)))}",
            to=seat,
            seat=seat,
            discarded=state.codes(ids),
            drawn=state.codes(sorted(drawn)),
        )
