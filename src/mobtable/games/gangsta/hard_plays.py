"""Gangsta rollouts in which trick plays are drawn as ``hard`` plays them (an experiment).

``expert``'s rollouts play tricks like ``greedy`` (:func:`.playout.trick_play`, with 10%
uniform noise), while the opponents it meets are ``hard``, who plays the guide's card about
half the time. Here each trick play in a rollout is drawn from a conditional logit fitted to
``hard``'s plays (:data:`PLAY_WEIGHTS`, 150 games, ``scripts/fit_gangsta_plays.py`` at
``42c262e``): the softmax of :func:`play_utilities` over the legal plays. It reads only the
seat's own hand and the trick, what the player sees. Placements are the playout's.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from mobtable.core import Action, Seat, State
from mobtable.games.gangsta.playout import MAX_STEPS, NOISE, best_placement, trick_play
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


def playout_like_hard(
    state: Any,
    rng: random.Random,
    progress: Callable[[Any], int] | None = None,
    limit: int = 0,
) -> None:
    """Play ``state`` on (to the end, or until ``progress(state) >= limit``), each trick play
    drawn from the fitted logit, each placement the playout's (with its noise)."""
    rnd = rng.random
    exp = math.exp
    place, play = Phase.PLACE, Phase.PLAY
    for _ in range(MAX_STEPS):
        if state.is_over() or (progress is not None and progress(state) >= limit):
            return
        seat = state.turn
        phase = state.phase
        if phase is play:
            plays = state.legal(seat)
            weights = [exp(u) for u in play_utilities(state, seat, plays)]
            pick = rnd() * sum(weights)
            chosen = plays[-1]
            for candidate, weight in zip(plays, weights, strict=True):
                pick -= weight
                if pick < 0.0:
                    chosen = candidate
                    break
            state.apply(seat, chosen, check=False)
        elif phase is place and rnd() >= NOISE:
            state.apply(seat, best_placement(state, rnd), check=False)
        else:
            actions = state.legal(seat)
            state.apply(seat, actions[int(rnd() * len(actions))], check=False)
