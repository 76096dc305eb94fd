"""Seeds derived from (master seed, game index, purpose) only.

Every game of a simulation gets its table seed and its bots' seeds from this
function, so a game is the same whichever worker plays it and however many
workers there are. Python's ``hash()`` is salted per process, so a keyed
BLAKE2 digest is used instead.
"""

from __future__ import annotations

import hashlib

SEED_BITS = 63
_HASHER = hashlib.blake2b(digest_size=8, person=b"mobtable-sim")
"""The keyed hasher, built once: each seed hashes a copy (the same digest, less set-up)."""


def derive_seed(seed: int, index: int, purpose: str) -> int:
    """A 63-bit seed for ``purpose`` (``"table"``, ``"bot/2"``) in game ``index``.

    >>> derive_seed(7, 0, "table") == derive_seed(7, 0, "table")
    True
    >>> derive_seed(7, 0, "table") != derive_seed(7, 1, "table")
    True
    """
    hasher = _HASHER.copy()
    hasher.update(f"{seed}/{index}/{purpose}".encode())
    digest = hasher.digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def table_seed(seed: int, index: int) -> int:
    return derive_seed(seed, index, "table")


def bot_seed(seed: int, index: int, seat: int) -> int:
    return derive_seed(seed, index, f"bot/{seat}")
