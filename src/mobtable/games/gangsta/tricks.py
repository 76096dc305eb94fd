"""Trick-taking: which plays a seat may answer with, and who wins a trick."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence

from mobtable.games.gangsta.cards import PER_MAFIA, PER_POWER, CardSet

Play = tuple[int, tuple[int, ...]]
"""A play in a trick: the seat and the ids of its one or two cards."""


def strength(cards: CardSet, ids: Sequence[int]) -> int:
    """A play's strength: a card's value, or a pair's sum."""
    value = cards.value
    return value[ids[0]] if len(ids) == 1 else value[ids[0]] + value[ids[1]]


def pair_bar(cards: CardSet, trick: Sequence[Play], trump_mafia: int, contenders_only: bool) -> int:
    """What a pair's sum must exceed (G-08).

    By default every earlier play counts ("higher than the cards played
    before"); with the ``pair_must_beat = "contenders"`` option only plays
    that could still win the trick (trumps, or the led mafia when no trump
    was played) count.
    """
    plays = trick
    if contenders_only and trick:
        target = winning_mafia(cards, trick, trump_mafia)
        plays = [p for p in trick if cards.mafia[p[1][0]] == target]
    value = cards.value
    bar = 0
    for _, ids in plays:
        total = value[ids[0]] if len(ids) == 1 else value[ids[0]] + value[ids[1]]
        if total > bar:
            bar = total
    return bar


def winning_mafia(cards: CardSet, trick: Sequence[Play], trump_mafia: int) -> int:
    """The mafia that takes the trick: trumps if any were played, else the led mafia."""
    mafia = cards.mafia
    if trump_mafia in [mafia[ids[0]] for _, ids in trick]:
        return trump_mafia
    return mafia[trick[0][1][0]]


def trick_winner(cards: CardSet, trick: Sequence[Play], trump_mafia: int) -> int:
    """The index in ``trick`` of the winning play.

    Highest strength of the winning mafia wins; on equal strength a Strong
    play beats a Weak one, and between equals the earlier play wins (G-09).
    """
    mafia, value, strong = cards.mafia, cards.value, cards.strong
    target = winning_mafia(cards, trick, trump_mafia)
    best, best_key = 0, -1
    for i, (_, ids) in enumerate(trick):
        first = ids[0]
        if mafia[first] != target:
            continue
        # (strength, strong) compared as one integer: strength * 2 + strong
        total = value[first] if len(ids) == 1 else value[first] + value[ids[1]]
        key = 2 * total + strong[first]
        if key > best_key:
            best, best_key = i, key
    return best


def answers(
    cards: CardSet, hand: Sequence[int], trick: Sequence[Play], bar: Callable[[], int]
) -> tuple[Sequence[int], list[tuple[int, int]]]:
    """The singles and pairs (card ids) a seat may play to ``trick``.

    Leading: any single card (G-07). Following: a card of the led mafia, or
    two cards of the led mafia and one power whose sum exceeds ``bar()`` (only
    computed when a pair is possible); a seat
    void in the led mafia plays any single card (G-08). The singles may be
    ``hand`` itself: read them, do not keep them.

    ``hand`` is sorted (every hand is), and card ids run by mafia, then power
    (see :mod:`cards`): the led mafia's cards are one slice of the hand, each
    power's a slice of that.
    """
    if not trick:
        return hand, []
    led = cards.mafia[trick[0][1][0]]
    start = led * PER_MAFIA
    low = bisect_left(hand, start)
    high = bisect_left(hand, start + PER_MAFIA, low)
    if low == high:
        return hand, []
    follow = hand[low:high]
    strong = bisect_left(hand, start + PER_POWER, low, high)
    if strong - low < 2 and high - strong < 2:  # no two cards of one power
        return follow, []
    value = cards.value
    least = bar()
    groups = [
        group
        for group in (follow[: strong - low], follow[strong - low :])
        # a group runs up in value: its last two cards make its highest pair
        if len(group) > 1 and value[group[-1]] + value[group[-2]] > least
    ]
    if not groups:
        return follow, []
    return follow, [
        (a, b)
        for group in groups
        for i, a in enumerate(group)
        for b in group[i + 1 :]
        if value[a] + value[b] > least
    ]
