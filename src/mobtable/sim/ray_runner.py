"""The same tournament as Ray tasks: chunks of games, streamed back as they finish.

Only this module imports Ray (the optional extra ``mobtable[cluster]``), and
only when a Ray run is asked for. Each task is :func:`play_batch` on a chunk
of game indices; every game depends on ``(spec.seed, index)`` only, so the
outcomes, the results table and the summary equal a local run's.

``address="auto"`` starts a private local Ray instance (``num_cpus`` CPUs,
no dashboard, usage statistics off) and shuts it down afterwards; any other
address joins an existing cluster, whose nodes must have mobtable installed.
Records are sent back with the outcomes and written here, since a remote
worker cannot write to this machine's disk.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from mobtable.core import record as records
from mobtable.sim.engine import GameOutcome, SimulationError, play_batch, record_path
from mobtable.sim.pool import chunks
from mobtable.sim.spec import SimSpec

LOCAL = "auto"
"""The ``address`` that starts a private local Ray instance."""

IN_FLIGHT_PER_CPU = 2
"""Tasks submitted ahead per CPU: enough to keep workers busy, few enough to bound memory."""


def _import_ray() -> Any:
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # never report usage over the network
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise RuntimeError("--ray needs Ray: pip install 'mobtable[cluster]'") from exc
    return ray


def connect(address: str, num_cpus: int | None = None) -> tuple[Any, bool]:
    """Ray, initialised for ``address``; and whether this call started it."""
    ray = _import_ray()
    if ray.is_initialized():
        return ray, False
    common: dict[str, Any] = {
        "include_dashboard": False,
        "log_to_driver": False,
        "logging_level": logging.WARNING,
    }
    if address == LOCAL:
        ray.init(address="local", num_cpus=num_cpus, **common)
    else:
        ray.init(address=address, **common)
    return ray, True


def cpus(ray: Any) -> int:
    """The CPUs of the cluster Ray is connected to."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def iter_outcomes(
    spec: SimSpec,
    games: int,
    *,
    address: str = LOCAL,
    num_cpus: int | None = None,
    record_dir: str | Path | None = None,
    figures: bool = False,
    start: int = 0,
) -> Iterator[list[GameOutcome]]:
    """Play the games as Ray tasks, yielding chunks of outcomes as they finish.

    At most ``IN_FLIGHT_PER_CPU`` tasks per CPU wait at a time (``ray.wait``
    as backpressure). A failed game raises its ``SimulationError`` here.
    """
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    spec.load_config()  # fail early, here, on a bad configuration
    directory = None if record_dir is None else Path(record_dir)
    if directory is not None:
        directory.mkdir(parents=True, exist_ok=True)
    ray, started = connect(address, num_cpus)
    try:
        width = cpus(ray)
        task = ray.remote(num_cpus=1)(play_batch)
        spec_ref = ray.put(spec)
        todo = iter(chunks(games, width, start=start))
        waiting: list[Any] = []
        limit = IN_FLIGHT_PER_CPU * width
        while True:
            for chunk in todo:
                waiting.append(
                    task.remote(
                        spec_ref, list(chunk), figures=figures, keep_record=directory is not None
                    )
                )
                if len(waiting) >= limit:
                    break
            if not waiting:
                return
            done, waiting = ray.wait(waiting, num_returns=1)
            for ref in done:
                yield _written(_get(ray, ref), directory, spec.game)
    finally:
        if started:
            ray.shutdown()


def _get(ray: Any, ref: Any) -> list[GameOutcome]:
    try:
        outcomes: list[GameOutcome] = ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        cause = getattr(exc, "cause", None)
        if isinstance(cause, SimulationError):
            raise cause from None
        raise
    return outcomes


def _written(outcomes: list[GameOutcome], directory: Path | None, game: str) -> list[GameOutcome]:
    """Save the records that came back with ``outcomes``; the outcomes without them."""
    if directory is None:
        return outcomes
    for outcome in outcomes:
        if outcome.record is not None:
            records.save(outcome.record, record_path(directory, game, outcome.index))
    return [_without_record(o) for o in outcomes]


def _without_record(outcome: GameOutcome) -> GameOutcome:
    return replace(outcome, record=None)
