"""The serving process's garbage collector: start-up's heap frozen, full collections rare."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from mobtable.server import GC_THRESHOLDS, tune_gc


@pytest.fixture
def restored_gc() -> Iterator[None]:
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


@pytest.mark.usefixtures("restored_gc")
def test_tuning_freezes_what_exists_and_makes_full_collections_rare() -> None:
    before = gc.get_freeze_count()
    kept = [[] for _ in range(1_000)]  # containers alive at start-up
    tune_gc()
    assert gc.get_freeze_count() >= before + len(kept)
    assert gc.get_threshold() == GC_THRESHOLDS
    assert GC_THRESHOLDS[2] > 10 * 10  # far rarer than Python's default (10)
