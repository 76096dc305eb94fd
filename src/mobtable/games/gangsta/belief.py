"""Gangsta's pieces for the search's opponent model (``SearchHooks.belief``).

Observed: every card another seat played in a trick (public, G-08), with the trick as it
stood when it was played. Nothing else is read from the log: a redraw's cards are private,
and after the redraws a hand only ever loses the cards it plays. So the hand a seat held at
a play, as a sample would have it, is the sample's hand for that seat now plus every card
the seat has played since, that play included: :func:`rewind` puts those back on one
scratch copy of the sample and sets the trick as it was, so the model can be asked how likely
the play was there.

How a seat plays is modelled by :func:`likelihood`: a conditional logit over its legal
plays, whose utility (:func:`play_utilities`) weighs what each play does to the trick as it
stood, read from the hand the sample gives the seat, by :data:`PLAY_WEIGHTS`, fitted to
``hard``'s own plays by ``scripts/fit_gangsta_plays.py``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from mobtable.core import Action, Seat, State
from mobtable.core.belief import BeliefHooks, Observation
from mobtable.core.search import softmax
from mobtable.games.gangsta.actions import Play
from mobtable.games.gangsta.playout import trick_play
from mobtable.games.gangsta.table import Phase
from mobtable.games.gangsta.tricks import trick_winner

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
"""What a play's utility weighs (strengths in tens): whether it is the guide's
(``playout.trick_play``); a lead's strength and whether it is a trump; whether it takes the
trick as it stands, and with what strength; whether it is a trump, a pair; its strength;
whether it is the seat's lowest or highest play."""
PLAY_WEIGHTS = (0.645, 1.908, -0.05909, 0.3618, 1.27, 0.553, 1.383, -3.007, 0.4151, 0.4098)
"""Fitted to ``hard``'s plays by ``scripts/fit_gangsta_plays.py`` (150 games), in
:data:`PLAY_LOOKS` order."""


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


def play_utilities(
    state: State, seat: Seat, plays: Sequence[Action], weights: Sequence[float] = PLAY_WEIGHTS
) -> list[float]:
    """Each of ``plays``' utility at ``state``, where ``seat`` is to play to the trick: the
    sum of ``weights`` over what the play does (:data:`PLAY_LOOKS`). Written as a sum over
    the features that apply, not a product of feature rows, because every weighed sample
    asks it at every observed play; :func:`play_looks` reads the features back out."""
    table: Any = state
    cards = table.cards
    mafia, strong, value = cards.mafia, cards.strong, cards.value
    trump = table.trump_mafia
    trick = table.trick
    guide = trick_play(state, seat, plays)
    w_guide, w_lead, w_lead_trump, w_takes, w_takes_tens, w_trump, w_pair, w_tens = weights[:8]
    w_low, w_high = weights[8:]
    ids_of = [play.ids for play in plays]  # type: ignore[attr-defined]
    powers = [value[i[0]] if len(i) == 1 else value[i[0]] + value[i[1]] for i in ids_of]
    low, high = min(powers), max(powers)
    target = beat = -1
    if trick:  # the mafia now taking the trick, and its best play as 2 * strength + strong
        best = trick[trick_winner(cards, trick, trump)][1]
        target = mafia[best[0]]
        beat = 2 * sum(value[c] for c in best) + strong[best[0]]
    utilities = []
    for play, ids, power in zip(plays, ids_of, powers, strict=True):
        first = ids[0]
        m = mafia[first]
        tens = power / 10
        u = w_tens * tens
        if not trick:
            u += w_lead * tens + (w_lead_trump if m == trump else 0.0)
        elif (m == trump and target != trump) or (m == target and 2 * power + strong[first] > beat):
            u += w_takes + w_takes_tens * tens
        if m == trump:
            u += w_trump
        if len(ids) == 2:
            u += w_pair
        if power == low:
            u += w_low
        if power == high:
            u += w_high
        if play is guide:
            u += w_guide
        utilities.append(u)
    return utilities


def play_looks(state: State, seat: Seat, plays: Sequence[Action]) -> list[list[float]]:
    """Each play's features (:data:`PLAY_LOOKS`): its :func:`play_utilities` under each
    feature's unit weight (for the fit)."""
    units = [
        play_utilities(state, seat, plays, [float(i == j) for j in range(len(PLAY_LOOKS))])
        for i in range(len(PLAY_LOOKS))
    ]
    return [list(row) for row in zip(*units, strict=True)]


def likelihood(state: State, seat: Seat, action: Action, legal: Sequence[Action]) -> float:
    """The chance that ``seat`` plays ``action`` of ``legal`` at ``state``: the softmax of
    :func:`play_utilities` over the legal plays."""
    return softmax(play_utilities(state, seat, legal), 1.0)[legal.index(action)]


BELIEF = BeliefHooks(observations=observations, rewind=rewind, likelihood=likelihood)
