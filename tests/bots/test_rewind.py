"""A random stream's mark (``mobtable.bots.search.rewind``): back to the very same stream."""

from __future__ import annotations

import random
import sys

import pytest

from mobtable.bots.search import rewind
from mobtable.bots.search.rewind import Mark


def draws(rng: random.Random) -> list[float]:
    """A mix of the draws the search makes."""
    return [
        rng.random(),
        float(rng.randrange(1000)),
        float(rng.getrandbits(64)),
        rng.gauss(0.0, 1.0),  # leaves its second value pending: gauss_next
        *rng.sample(range(50), 5),
    ]


@pytest.mark.parametrize("seed", [0, 1, 7, 2**64 - 1])
def test_a_restored_stream_gives_the_same_draws_and_state(seed: int) -> None:
    rng = random.Random(seed)
    draws(rng)  # somewhere in the middle of the stream, a normal value pending
    before = rng.getstate()
    mark = Mark(rng)
    first = [draws(rng) for _ in range(300)]  # past the 624 words: the words are renewed
    mark.restore(rng)
    assert rng.getstate() == before
    assert [draws(rng) for _ in range(300)] == first
    mark.restore(rng)  # a mark can be restored again
    assert rng.getstate() == before


def test_a_mark_restores_another_plain_generator() -> None:
    source, target = random.Random(3), random.Random(4)
    source.random()
    Mark(source).restore(target)
    assert target.getstate() == source.getstate()


def test_the_getstate_path_gives_the_same_stream(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the raw copy (another layout) a mark is the getstate tuple: same stream."""
    raw_rng, tuple_rng = random.Random(5), random.Random(5)
    raw = Mark(raw_rng)
    monkeypatch.setattr(rewind, "RAW", False)
    plain = Mark(tuple_rng)
    expected = [raw_rng.random() for _ in range(10)]
    assert [tuple_rng.random() for _ in range(10)] == expected
    raw.restore(raw_rng)
    plain.restore(tuple_rng)
    assert raw_rng.getstate() == tuple_rng.getstate()


def test_a_subclass_is_marked_by_getstate() -> None:
    class Counted(random.Random):
        pass

    rng = Counted(9)
    mark = Mark(rng)
    first = rng.random()
    mark.restore(rng)
    assert rng.random() == first


def test_a_raw_mark_refuses_a_generator_of_another_layout() -> None:
    class Other(random.Random):
        pass

    if not rewind.RAW:
        pytest.skip("this Python's generators are marked by getstate")
    with pytest.raises(TypeError):
        Mark(random.Random(1)).restore(Other(1))


def test_the_raw_copy_is_taken_on_this_python() -> None:
    """CPython 3.11-3.13 keep the generator's words in the object: the fast path is live."""
    import platform

    if platform.python_implementation() == "CPython" and sys.version_info < (3, 14):
        assert rewind.RAW
