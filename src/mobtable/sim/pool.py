"""Running a batch of games, in this process or on a local process pool.

The unit of work is a chunk of game indices; every game depends on
``(spec.seed, index)`` only, so results are the same for any ``jobs``.
The Ray runner (:mod:`mobtable.sim.ray_runner`) feeds :func:`run` the same
chunks played as Ray tasks.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path

from mobtable.sim.engine import GameOutcome, play_batch
from mobtable.sim.spec import SimSpec
from mobtable.sim.summary import Summary

Progress = Callable[[int], None]
"""Called with the number of games just finished."""

Sink = Callable[[GameOutcome], None]
"""Called with each outcome, in game order."""


def chunks(games: int, jobs: int, *, start: int = 0, most: int = 64) -> list[range]:
    """Split ``range(start, start + games)``: a few chunks per worker, ``most`` games at most."""
    size = max(1, min(most, games // (jobs * 8) if jobs > 1 else games))
    return [range(i, min(i + size, start + games)) for i in range(start, start + games, size)]


def iter_outcomes(
    spec: SimSpec,
    games: int,
    *,
    jobs: int = 1,
    record_dir: str | Path | None = None,
    start: int = 0,
    figures: bool = False,
) -> Iterator[list[GameOutcome]]:
    """Play games ``start .. start + games - 1``, yielding outcomes as chunks finish.

    Chunks come back in completion order; :func:`in_order` restores game
    order. ``figures``: compute each game's own figures too (for the table).
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
        for chunk in chunks(games, 1, start=start, most=16):
            yield play_batch(spec, chunk, directory, figures=figures)
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        pending: set[Future[list[GameOutcome]]] = {
            pool.submit(play_batch, spec, list(chunk), directory, figures=figures)
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


def in_order(batches: Iterable[list[GameOutcome]], start: int = 0) -> Iterator[GameOutcome]:
    """The outcomes of ``batches`` (any order) one by one in game order.

    Only the games that finished ahead of an unfinished one are held back,
    so memory stays small for any number of games.
    """
    waiting: dict[int, GameOutcome] = {}
    expected = start
    for batch in batches:
        for outcome in batch:
            waiting[outcome.index] = outcome
        while expected in waiting:
            yield waiting.pop(expected)
            expected += 1
    if waiting:
        raise RuntimeError(f"games {sorted(waiting)[:5]}... came back but game {expected} did not")


def run(
    spec: SimSpec,
    games: int,
    *,
    jobs: int = 1,
    record_dir: str | Path | None = None,
    progress: Progress | None = None,
    sink: Sink | None = None,
    batches: Iterable[list[GameOutcome]] | None = None,
) -> Summary:
    """Play ``games`` games of ``spec`` and summarise them.

    ``sink`` receives every outcome in game order (the results table) and
    makes the games compute their own figures. ``batches`` replaces the
    local runner with another source of the same games (the Ray runner).
    """
    started = time.perf_counter()
    if batches is None:
        batches = iter_outcomes(
            spec, games, jobs=jobs, record_dir=record_dir, figures=sink is not None
        )
    summary = Summary.start(spec, jobs=jobs)

    def counted() -> Iterator[list[GameOutcome]]:
        for batch in batches:
            if progress is not None:
                progress(len(batch))
            yield batch

    for outcome in in_order(counted()):
        summary.add(outcome)
        if sink is not None:
            sink(outcome)
    summary.elapsed = time.perf_counter() - started
    return summary
