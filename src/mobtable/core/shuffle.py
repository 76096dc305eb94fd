"""A quick in-place shuffle for determinizations (drawn many times per search move), and a
random stream's digest for fingerprints."""

from __future__ import annotations

import hashlib
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


def shuffle_like_random(items: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same order and the same draws from ``rng``, faster.

    For dealing real games, whose records must not change: CPython's
    ``random.shuffle`` draws each index with ``_randbelow`` (``getrandbits`` of
    the index's bit length, again while too large), one Python call per card;
    this loop draws exactly the same bits without the calls, and compiles. A
    test holds it to ``random.shuffle`` itself, so a Python that shuffled
    otherwise would be noticed. Any other kind of source (a subclass) simply
    gets its own ``shuffle``.

    Example:
        >>> a, b = list(range(9)), list(range(9))
        >>> random.Random(4).shuffle(a); shuffle_like_random(b, random.Random(4))
        >>> a == b
        True
    """
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def rng_digest(rng: random.Random) -> str:
    """A digest of ``rng``'s state that is the same in every process (``hash`` of
    ``getstate()`` is not: the state holds ``None``, whose hash is its address on 3.11).

    Example:
        >>> rng_digest(random.Random(7)) == rng_digest(random.Random(7))
        True
    """
    return hashlib.sha256(repr(rng.getstate()).encode()).hexdigest()[:16]
