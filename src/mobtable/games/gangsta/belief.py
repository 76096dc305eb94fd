"""Gangsta's pieces for the search's opponent model (``SearchHooks.belief``).

Observed: every card another seat played in a trick (public, G-08), with the trick as it
stood when it was played. Nothing else is read from the log: a redraw's cards are private,
and after the redraws a hand only ever loses the cards it plays. So the hand a seat held at
a play, as a sample would have it, is the sample's hand for that seat now plus every card
the seat has played since, that play included: :func:`rewind` puts those back on one
scratch copy of the sample and sets the trick as it was, so the guide can be asked what it
would have played there.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from mobtable.core import Seat, State
from mobtable.core.belief import BeliefHooks, Observation
from mobtable.games.gangsta.actions import Play
from mobtable.games.gangsta.table import Phase


@dataclass(frozen=True, slots=True)
class PlayContext:
    """The public facts of one observed play.

    Attributes:
        trick: the trick's plays before it, as (seat, card ids).
        held: the cards of this play and of every later play by the same seat.
    """

    trick: tuple[tuple[Seat, tuple[int, ...]], ...]
    held: tuple[int, ...]


def observations(state: State, seat: Seat) -> list[Observation]:
    """The other seats' trick plays, oldest first, read from the table's public log: the
    actions of history that are plays (whose cards everyone saw) and the hand sizes."""
    table: Any = state
    plays = [(s, a) for s, a in state.history if type(a) is Play]
    sizes = [len(hand) for hand in table.hands]
    for s, play in plays:
        sizes[s] += len(play.ids)  # each hand at the first trick (after the redraws)
    later: dict[Seat, list[int]] = {s: [] for s in range(len(sizes))}
    held_from: list[tuple[int, ...]] = []
    for s, play in reversed(plays):
        later[s][:0] = play.ids
        held_from.append(tuple(later[s]))
    held_from.reverse()
    found: list[Observation] = []
    trick: list[tuple[Seat, tuple[int, ...]]] = []
    in_trick = 0
    for (s, play), held in zip(plays, held_from, strict=True):
        if not trick:
            in_trick = sum(1 for size in sizes if size > 0)
        if s != seat:
            found.append(Observation(s, play, PlayContext(tuple(trick), held)))
        trick.append((s, play.ids))
        sizes[s] -= len(play.ids)
        if len(trick) == in_trick:
            trick = []
    return found


def rewind(sample: State, observed: Sequence[Observation]) -> Iterator[tuple[Observation, State]]:
    """Each observed play's position as ``sample`` would have it, on one scratch copy."""
    base: Any = sample
    scratch: Any = sample.sample_copy()
    scratch.hands = [list(hand) for hand in base.hands]
    scratch.phase = Phase.PLAY
    for observation in observed:
        context: PlayContext = observation.context
        seat = observation.seat
        scratch.hands[seat] = sorted([*base.hands[seat], *context.held])
        scratch.trick = list(context.trick)
        scratch.turn = seat
        yield observation, scratch


BELIEF = BeliefHooks(observations=observations, rewind=rewind)
