"""Gangsta's pieces for the search's opponent model (``SearchHooks.belief``).

Observed: every card another seat played in a trick (public, G-08), with the trick as it
stood when it was played. After the redraws a hand only ever loses the cards it plays, so the
hand a seat held at a play, as a sample would have it, is the sample's hand for that seat now
plus every card the seat has played since, that play included: :func:`rewind` puts those
back on one scratch copy of the sample and sets the trick as it was, so the guide can be
asked what it would have played there.

The redraw decisions are read too (:func:`evidence`), though no sample can be rewound to
them: a redraw's cards are private, so a sample cannot tell which of a hand's cards were
drawn. A seat that **kept** its hand held it at the redraw, and a player allowed to redraw
(fewer than two cards above 7, G-04) nearly always does (:data:`KEEP_RATE`), so a sample in
which that hand was allowed to is that much less likely. A seat that **redrew** had kept
nine cards with at most one above 7 and drawn three unknown ones: a sample's hand explains
that in as many ways as it has sets of three cards whose removal leaves at most one card
above 7 (none for five or more such cards). That count, over all sets of three, is the
sample's likelihood; which three cards were put back (the lowest, G-04) is not weighed.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from mobtable.core import Seat, State
from mobtable.core.belief import BeliefHooks, Evidence, Observation
from mobtable.games.gangsta.actions import Keep, Play, Redraw
from mobtable.games.gangsta.redraw import HIGH_CARD, allowed
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


def evidence(state: State, seat: Seat) -> Evidence | None:
    """The others' redraw decisions ``seat`` saw, as a sample's log-likelihood (see the
    module docstring); ``None`` before anyone else has decided. Read from the public log:
    who kept, who redrew (not which cards) and the cards each has played since."""
    decided = [
        (s, type(a) is Redraw)
        for s, a in state.history
        if s != seat and type(a) in _REDRAW_DECISIONS
    ]
    if not decided:
        return None
    played: dict[Seat, list[int]] = {s: [] for s, _ in decided}
    for s, action in state.history:
        if s in played and type(action) is Play:
            played[s].extend(action.ids)

    def log_likelihood(sample: State) -> float:
        table: Any = sample
        value = table.cards.value
        total = 0.0
        for s, redrew in decided:
            hand = [*table.hands[s], *played[s]]  # as it was after the redraws
            high = sum(1 for c in hand if value[c] > HIGH_CARD)
            if redrew:
                ways = _redraw_ways(len(hand), high)
                if not ways:
                    return -math.inf
                total += math.log(ways / math.comb(len(hand), 3))
            elif allowed(high):  # kept a hand it could have redrawn
                total += _LOG_KEEP_RATE
        return total

    return log_likelihood


KEEP_RATE = 0.075
"""How often a player allowed to redraw keeps its hand instead. Fitted to ``hard``: at 0.1 s a
move it kept 7 of 93 such hands (the first 40 deals of seeds 1000 on, at 3, 4 and 5 players);
the guide, like ``greedy``, always redraws then."""
_LOG_KEEP_RATE = math.log(KEEP_RATE)
_REDRAW_DECISIONS = (Keep, Redraw)


def _redraw_ways(size: int, high: int) -> int:
    """How many sets of three cards of a hand of ``size`` with ``high`` cards above 7 leave
    at most one such card: the three cards it may have drawn."""
    return sum(
        math.comb(high, drawn) * math.comb(size - high, 3 - drawn)
        for drawn in range(min(high, 3) + 1)
        if allowed(high - drawn)
    )


BELIEF = BeliefHooks(observations=observations, rewind=rewind, evidence=evidence)
