"""Capo's pieces for the search's opponent model (``SearchHooks.belief``).

What a sample hides that the others' plays tell about: each crew's face-down cards (and so
the hand it was chosen from). Two plays of this round show once every crew is down:

- how many cards each seat played (``Declare``, public from the turning-up step on, K-23):
  chosen from the hand the seat held at the deal of the round;
- which of its cards each seat turned face up (``TurnUp``, public once the turning-up step is
  revealed, K-14): chosen from its whole crew, the face-down cards included.

So a sample in which a crew hides a card that looks more like doing the job than the one
turned up explains the turn-up badly (``greedy`` shows its most convincing card), and a
sample whose hand could have sent an honest crew of another size explains the count badly.

Only the current round is read: within a round a hand only loses the cards of its crew, so
the hand a seat declared from is, as the sample would have it, its hand plus its crew; an
earlier round's hand would need the cards drawn since, which no view tells. The suspicions
show only once the round is over, and the cards placed face down never show. The observed
turn-ups are a set (the order a seat turned them in is sealed): each is weighed as the last
one chosen, the seat's other turned cards already picked, which for a player ranking its
cards (``greedy``) is the same question as "were these its top cards".
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from mobtable.core import SealedStep, Seat, State
from mobtable.core.belief import BeliefHooks, Observation
from mobtable.games.capo.actions import DECLARES, TURNS, Declare
from mobtable.games.capo.playout import playout_as_seen
from mobtable.games.capo.rules import PLAYING, SUSPECTING, TURNING


def observations(state: State, seat: Seat) -> list[Observation]:
    """The other seats' crew sizes (from the turning-up step on) and turned-up cards (once
    shown), in that order; each ``TurnUp``'s context is the seat's other turned cards.
    Read from what every view shows: the counts on the table and the face-up cards."""
    table: Any = state
    phase = table.phase
    if phase is not TURNING and phase is not SUSPECTING:
        return []
    others = [p for p in range(table.players) if p != seat and table.table[p]]
    found = [Observation(p, DECLARES[len(table.table[p]) - 1]) for p in others]
    if phase is SUSPECTING:
        for p in others:
            up = table.face_up[p]
            found += [Observation(p, TURNS[c], tuple(x for x in up if x != c)) for c in up]
    return found


def rewind(sample: State, observed: Sequence[Observation]) -> Iterator[tuple[Observation, State]]:
    """Each observed play's position as ``sample`` would have it, on one scratch copy: a
    count at the round's deal (the hand plus the crew, no crew yet), a turn-up with the crew
    on the table and the seat's other turned cards picked."""
    base: Any = sample
    scratch: Any = sample.sample_copy()
    scratch.hands = [list(hand) for hand in base.hands]
    scratch.table = [list(crew) for crew in base.table]
    scratch.face_up = [[] for _ in base.face_up]
    everyone = tuple(range(base.players))
    for observation in observed:
        seat = observation.seat
        if type(observation.action) is Declare:
            scratch.phase = PLAYING
            scratch.step = SealedStep(everyone)
            scratch.declared, scratch.picked = {}, {}
            scratch.hands[seat] = sorted([*base.hands[seat], *base.table[seat]])
            scratch.table[seat] = []
        else:
            scratch.phase = TURNING
            scratch.step = SealedStep((seat,))
            scratch.picked = {seat: list(observation.context)}
            scratch.hands[seat] = list(base.hands[seat])
            scratch.table[seat] = list(base.table[seat])
        yield observation, scratch


BELIEF = BeliefHooks(observations=observations, rewind=rewind, playout=playout_as_seen)
