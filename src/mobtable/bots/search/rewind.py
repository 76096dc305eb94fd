"""A random stream's place, to come back to: sequential halving plays each survivor of a
block on the same stream, so the stream is marked after the sample's draw and put back
there before every survivor but the first.

``random.Random.getstate`` and ``setstate`` do that by turning the generator's 624 words
into Python ints and back: about 120,000 machine instructions a mark and a return, a
tenth of a Capo iteration. CPython keeps those words in the object itself, right after
the object header (``Modules/_randommodule.c``: an ``int`` index, then ``uint32_t
state[624]``), so a :class:`Mark` copies those 2,500 bytes with one ``memmove``. The copy
is used only if the layout is the one expected and a check on import finds it gives the
very stream ``setstate`` gives; else (another Python than CPython, another layout) a mark is the
``getstate`` tuple, as before. Either way the stream after :meth:`Mark.restore` is the
same.

Example:
    >>> rng = random.Random(7)
    >>> mark = Mark(rng)
    >>> first = [rng.random() for _ in range(3)]
    >>> mark.restore(rng)
    >>> [rng.random() for _ in range(3)] == first
    True
"""

from __future__ import annotations

import ctypes
import random
import sys
from typing import Any

_WORDS = 624
_SIZE = ctypes.sizeof(ctypes.c_int) + _WORDS * ctypes.sizeof(ctypes.c_uint32)
"""The bytes of a generator's place: its index into the words, then the words."""
_START = object.__basicsize__
"""Where the index starts in the object: right after the header."""


class Mark:
    """Where ``rng`` (a plain :class:`random.Random`) is in its stream now.

    Either the raw bytes of the generator (see the module's notes), or, when they cannot
    be trusted, the ``getstate`` tuple.
    """

    __slots__ = ("_gauss", "_state", "_words")

    def __init__(self, rng: random.Random) -> None:
        self._words: Any = None
        self._state: Any = None
        if RAW and type(rng) is random.Random:
            self._words = ctypes.create_string_buffer(_SIZE)
            ctypes.memmove(self._words, id(rng) + _START, _SIZE)
            self._gauss = rng.gauss_next  # type: ignore[attr-defined]
        else:
            self._state = rng.getstate()

    def restore(self, rng: random.Random) -> None:
        """Put ``rng`` (the generator marked, or another plain one) back at the mark."""
        if self._words is None:
            rng.setstate(self._state)
            return
        if type(rng) is not random.Random:  # the bytes fit a plain generator only
            raise TypeError(f"a raw mark restores a random.Random, not {type(rng).__name__}")
        ctypes.memmove(id(rng) + _START, self._words, _SIZE)
        rng.gauss_next = self._gauss  # type: ignore[attr-defined]


def _raw_copy_works() -> bool:
    """Whether copying the bytes gives exactly the stream and state ``setstate`` gives."""
    if sys.implementation.name != "cpython":  # elsewhere an id is not an address
        return False
    import _random

    expected = _START + _SIZE
    basic = getattr(_random.Random, "__basicsize__", 0)
    if not (expected <= basic < expected + ctypes.sizeof(ctypes.c_void_p)):
        return False
    try:
        source = random.Random(20261202)
        source.random()
        source.gauss(0.0, 1.0)  # a pending second normal value: gauss_next is set
        words = ctypes.create_string_buffer(_SIZE)
        ctypes.memmove(words, id(source) + _START, _SIZE)
        target = random.Random(1)
        ctypes.memmove(id(target) + _START, words, _SIZE)
        target.gauss_next = source.gauss_next  # type: ignore[attr-defined]
        if target.getstate() != source.getstate():
            return False
        return [target.random() for _ in range(700)] == [source.random() for _ in range(700)]
    except Exception:  # any surprise: keep getstate and setstate
        return False


RAW = _raw_copy_works()
"""Whether marks copy the generator's bytes (else they hold ``getstate`` tuples)."""
