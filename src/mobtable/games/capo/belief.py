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

How a seat plays is modelled by :func:`likelihood`: a conditional logit over its legal
counts (:func:`declare_looks`: whether a crew of that size would do the job, ...) or over the
cards it may turn up (:func:`turn_looks`), with weights fitted to ``hard``'s own plays by
``scripts/fit_capo_plays.py``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from mobtable.core import SealedStep, Seat, State
from mobtable.core.actions import Action
from mobtable.core.belief import BeliefHooks, Observation
from mobtable.core.search import softmax
from mobtable.games.capo.actions import DECLARES, TURNS, Declare
from mobtable.games.capo.crews import CrewTest
from mobtable.games.capo.playout import playout_as_seen
from mobtable.games.capo.rules import PLAYING, SUSPECTING, TURNING

DECLARE_LOOKS = ("honest", "smallest honest", "cards", "a lone card", "the least", "no honest")
"""What :func:`declare_looks` describes of a crew size: whether some crew of that size from
the hand does the job, whether it is the smallest such size, the size, whether it is one card,
whether it is the fewest allowed, and the size again when no size does the job (a bluff's)."""
DECLARE_WEIGHTS = (2.047, 0.106, 1.268, 0.182, 0.2244, -0.5382)
"""Fitted to ``hard``'s counts by ``scripts/fit_capo_plays.py``."""
TURN_LOOKS = ("symbols", "stars", "special", "fails alone")
"""What :func:`turn_looks` describes of a card to turn up: the job's symbols it shows (any
symbol on a question-mark job), its stars, whether it has a special power, and whether the
cards shown with it (the seat's turned ones and it) already fail the job by stars."""
TURN_WEIGHTS = (0.1357, -0.1031, 0.07583, -0.1023)
"""Fitted to ``hard``'s turn-ups by ``scripts/fit_capo_plays.py``."""


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


def _doable(test: CrewTest, hand: Sequence[int], size: int) -> bool:
    """Whether some ``size`` cards of ``hand`` do the job."""
    if not test.may_complete((), hand, size, size):
        return False
    return any(test.ok(crew) for crew in combinations(hand, size))


def declare_looks(state: State, seat: Seat, counts: Sequence[int]) -> list[list[float]]:
    """Each crew size's features (:data:`DECLARE_LOOKS`) for ``seat`` at ``state``, where it
    is to say how many cards it plays, from its hand."""
    table: Any = state
    hand = table.hands[seat]
    test = CrewTest(table)
    honest = [_doable(test, hand, n) for n in counts]
    smallest = next((n for n, ok in zip(counts, honest, strict=True) if ok), None)
    bluff = not any(honest)
    least = min(counts)
    return [
        [float(ok), float(n == smallest), n / 5, float(n == 1), float(n == least), bluff * n / 5]
        for n, ok in zip(counts, honest, strict=True)
    ]


def turn_looks(state: State, seat: Seat, cards: Sequence[int]) -> list[list[float]]:
    """Each card's features (:data:`TURN_LOOKS`) for ``seat`` at ``state``, where it is to
    turn one of ``cards`` (its crew's, not yet turned) face up."""
    table: Any = state
    deck = table.cards
    assignment = deck.assignments[table.assignment]
    needed = set(assignment.symbols)
    test = CrewTest(table)
    net, limit = test.round.net, test.limit
    shown = sum(net[c] for c in table.picked.get(seat, ()))
    rows = []
    for card in cards:
        mafioso = deck.mafiosi[card]
        symbols = len(mafioso.symbols) if assignment.choice else len(needed & set(mafioso.symbols))
        rows.append(
            [
                symbols,
                mafioso.stars / 3,
                float(mafioso.special is not None),
                float(shown + net[card] > limit),
            ]
        )
    return rows


def likelihood(
    state: State,
    seat: Seat,
    action: Action,
    legal: Sequence[Action],
    declare_weights: Sequence[float] = DECLARE_WEIGHTS,
    turn_weights: Sequence[float] = TURN_WEIGHTS,
) -> float:
    """The chance that ``seat`` plays ``action`` of ``legal`` at ``state`` (a count or a
    turn-up): the softmax of the weights times the features over the legal actions."""
    if type(action) is Declare:
        rows = declare_looks(state, seat, [a.count for a in legal])  # type: ignore[attr-defined]
        weights = declare_weights
    else:
        rows = turn_looks(state, seat, [a.card for a in legal])  # type: ignore[attr-defined]
        weights = turn_weights
    utilities = [sum(w * f for w, f in zip(weights, row, strict=True)) for row in rows]
    return softmax(utilities, 1.0)[legal.index(action)]


BELIEF = BeliefHooks(
    observations=observations, rewind=rewind, likelihood=likelihood, playout=playout_as_seen
)
