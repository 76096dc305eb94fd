"""The deal's shuffle draws exactly what ``random.shuffle`` draws (records depend on it)."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from mobtable.core.shuffle import rng_digest, shuffle_like_random


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 20, 27, 64, 70, 300])
def test_same_order_and_same_draws_as_random_shuffle(size: int) -> None:
    for seed in range(60):
        expected, items = list(range(size)), list(range(size))
        theirs, ours = random.Random(seed), random.Random(seed)
        theirs.shuffle(expected)
        shuffle_like_random(items, ours)
        assert items == expected
        assert ours.getstate() == theirs.getstate()


def test_another_kind_of_source_keeps_its_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    shuffle_like_random(items, Reversing(0))
    assert items == [3, 2, 1]


def test_a_streams_digest_is_the_same_in_another_process() -> None:
    """Fingerprints carry it: two processes must agree on the same stream's state."""
    code = (
        "import random; from mobtable.core.shuffle import rng_digest; "
        "print(rng_digest(random.Random(5)))"
    )
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    rng = random.Random(5)
    assert other.stdout.strip() == rng_digest(rng)
    rng.random()
    assert rng_digest(rng) != other.stdout.strip()
