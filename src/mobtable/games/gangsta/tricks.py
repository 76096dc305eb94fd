"""Trick-taking: which plays a seat may answer with, and who wins a trick."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mobtable.games.gangsta.cards import PER_POWER, CardSet

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
    return max((strength(cards, ids) for _, ids in plays), default=0)


def winning_mafia(cards: CardSet, trick: Sequence[Play], trump_mafia: int) -> int:
    """The mafia that takes the trick: trumps if any were played, else the led mafia."""
    mafia = cards.mafia
    if any(mafia[ids[0]] == trump_mafia for _, ids in trick):
        return trump_mafia
    return mafia[trick[0][1][0]]


def trick_winner(cards: CardSet, trick: Sequence[Play], trump_mafia: int) -> int:
    """The index in ``trick`` of the winning play.

    Highest strength of the winning mafia wins; on equal strength a Strong
    play beats a Weak one, and between equals the earlier play wins (G-09).
    """
    target = winning_mafia(cards, trick, trump_mafia)
    best, best_key = 0, (-1, False)
    for i, (_, ids) in enumerate(trick):
        if cards.mafia[ids[0]] != target:
            continue
        key = (strength(cards, ids), cards.strong[ids[0]])
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
    """
    if not trick:
        return hand, []
    led = cards.mafia[trick[0][1][0]]
    mafia = cards.mafia
    follow = [c for c in hand if mafia[c] == led]
    if not follow:
        return hand, []
    if len(follow) < 2:
        return follow, []
    value = cards.value
    candidates = [
        (a, b)
        for i, a in enumerate(follow)
        for b in follow[i + 1 :]
        if a // PER_POWER == b // PER_POWER
    ]
    if not candidates:
        return follow, []
    least = bar()
    return follow, [(a, b) for a, b in candidates if value[a] + value[b] > least]
