"""Gangsta's pieces for the search's opponent model (``SearchHooks.belief``).

Observed: every card another seat played in a trick (public, G-08), with the trick as it
stood when it was played. Nothing else is read from the log: a redraw's cards are private,
and after the redraws a hand only ever loses the cards it plays. So the hand a seat held at
a play, as a sample would have it, is the sample's hand for that seat now plus every card
the seat has played since, that play included: :func:`rewind` puts those back on one
scratch copy of the sample and sets the trick as it was, so the model can be asked how likely
it was to play there.

How a seat plays is modelled by :func:`likelihood`: a conditional logit over its legal
plays, each described by :func:`play_looks` (what the play does to the trick as it stood,
read from the hand the sample gives it), with weights (:data:`PLAY_WEIGHTS`) fitted to
``hard``'s own plays by ``scripts/fit_gangsta_plays.py``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from mobtable.core import Seat, State
from mobtable.core.actions import Action
from mobtable.core.belief import BeliefHooks, Observation
from mobtable.games.gangsta.actions import Play
from mobtable.games.gangsta.playout import trick_play
from mobtable.games.gangsta.table import Phase
from mobtable.games.gangsta.tricks import strength, trick_winner

PLAY_LOOKS = (
    "guide",
    "lead strength",
    "lead trump",
    "takes the trick",
    "takes it, strength",
    "trump",
    "pair",
    "strength",
    "lowest",
    "highest",
)
"""What :func:`play_looks` describes of a play (strengths in tens): whether it is the
guide's (``playout.trick_play``); the strength and trump of a lead; whether it takes the
trick as it stands and with what strength; whether it is a trump, a pair; its strength;
whether it is the seat's lowest or highest play."""
PLAY_WEIGHTS = (0.645, 1.908, -0.05909, 0.3618, 1.27, 0.553, 1.383, -3.007, 0.4151, 0.4098)
"""Fitted to ``hard``'s plays by ``scripts/fit_gangsta_plays.py`` (the utility of a play
is ``PLAY_WEIGHTS · play_looks``)."""


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


def play_looks(state: State, seat: Seat, plays: Sequence[Action]) -> list[list[float]]:
    """Each play's features (:data:`PLAY_LOOKS`) at ``state``, where ``seat`` is to play
    to the trick: read from the trick, the trump and the plays themselves."""
    table: Any = state
    cards = table.cards
    mafia, strong = cards.mafia, cards.strong
    trick = table.trick
    trump = table.trump_mafia
    guide = trick_play(state, seat)
    powers = [strength(cards, play.ids) for play in plays]  # type: ignore[attr-defined]
    low, high = min(powers), max(powers)
    if trick:
        ids = trick[trick_winner(cards, trick, trump)][1]
        target, to_beat = mafia[ids[0]], (strength(cards, ids), strong[ids[0]])
    rows = []
    for play, power in zip(plays, powers, strict=True):
        first = play.ids[0]  # type: ignore[attr-defined]
        m = mafia[first]
        is_trump = float(m == trump)
        tens = power / 10
        if trick:
            takes = (m == trump and target != trump) or (
                m == target and (power, strong[first]) > to_beat
            )
            lead = 0.0
        else:
            takes, lead = False, 1.0
        rows.append(
            [
                float(play == guide),
                lead * tens,
                lead * is_trump,
                float(takes),
                takes * tens,
                is_trump,
                float(len(play.ids) == 2),  # type: ignore[attr-defined]
                tens,
                float(power == low),
                float(power == high),
            ]
        )
    return rows


def likelihood(
    state: State,
    seat: Seat,
    action: Action,
    legal: Sequence[Action],
    weights: Sequence[float] = PLAY_WEIGHTS,
) -> float:
    """The chance that ``seat`` plays ``action`` of ``legal`` at ``state``: the softmax of
    ``weights · play_looks`` over the legal plays."""
    rows = play_looks(state, seat, legal)
    utilities = [sum(w * f for w, f in zip(weights, row, strict=True)) for row in rows]
    top = max(utilities)
    exps = [math.exp(u - top) for u in utilities]
    return exps[legal.index(action)] / sum(exps)


BELIEF = BeliefHooks(observations=observations, rewind=rewind, likelihood=likelihood)
