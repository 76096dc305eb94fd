"""Running a batch of games, in this process or on a local process pool.

The unit of work is a chunk of game indices; every game depends on
``(spec.seed, index)`` only, so results are the same for any ``jobs``.
A distributed runner (Ray, a web job queue) can reuse :func:`play_batch`
and :meth:`Summary.of` the same way.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path

from mobtable.sim.engine import GameOutcome, play_batch, play_one
from mobtable.sim.spec import SimSpec
from mobtable.sim.summary import Summary

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


def chunks(games: int, jobs: int, *, start: int = 0) -> list[range]:
    """Split ``range(start, start + games)``: a few chunks per worker, 64 games at most."""
    size = max(1, min(64, games // (jobs * 8) if jobs > 1 else games))
    return [range(i, min(i + size, start + games)) for i in range(start, start + games, size)]


def iter_outcomes(
    spec: SimSpec,
    games: int,
    *,
    jobs: int = 1,
    record_dir: str | Path | None = None,
    start: int = 0,
) -> Iterator[list[GameOutcome]]:
    """Play games ``start .. start + games - 1``, yielding outcomes as chunks finish.

    Chunks come back in completion order; sort by ``index`` (as
    :meth:`Summary.of` does) when order matters.
    """
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    directory = None if record_dir is None else str(record_dir)
    if directory is not None:
        Path(directory).mkdir(parents=True, exist_ok=True)
    if jobs == 1 or games <= 1:
        spec.load_config()  # fail early, before the first game, on a bad configuration
        for index in range(start, start + games):
            yield [play_one(spec, index, record_dir=directory)]
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        pending: set[Future[list[GameOutcome]]] = {
            pool.submit(play_batch, spec, list(chunk), directory)
            for chunk in chunks(games, jobs, start=start)
        }
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        finally:
            for future in pending:
                future.cancel()


def run(
    spec: SimSpec,
    games: int,
    *,
    jobs: int = 1,
    record_dir: str | Path | None = None,
    progress: Progress | None = None,
) -> Summary:
    """Play ``games`` games of ``spec`` and summarise them."""
    started = time.perf_counter()
    outcomes: list[GameOutcome] = []
    for batch in iter_outcomes(spec, games, jobs=jobs, record_dir=record_dir):
        outcomes.extend(batch)
        if progress is not None:
            progress(len(batch))
    return Summary.of(spec, outcomes, elapsed=time.perf_counter() - started, jobs=jobs)
