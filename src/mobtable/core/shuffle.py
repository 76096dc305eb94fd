"""A quick in-place shuffle for determinizations (drawn many times per search move)."""

from __future__ import annotations

import random
from typing import Any


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place (Fisher-Yates on ``rng.random()``).

    ``random.shuffle`` draws each index through ``_randbelow`` (a Python call
    and a rejection loop per card); one float per card is about five times
    faster, and its bias (a 53-bit float scaled to at most a few hundred) is far
    below anything a search could notice. Not for dealing real games: those
    keep ``random.shuffle``, so their records stay as they are.

    Example:
        >>> cards = list(range(5))
        >>> shuffle(cards, random.Random(1))
        >>> sorted(cards)
        [0, 1, 2, 3, 4]
    """
    rnd = rng.random
    for i in range(len(items) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        items[i], items[j] = items[j], items[i]
