"""Bot decisions in worker processes, so a searching bot never holds the server's GIL.

Search bots (``medium``, ``hard``, ``ismcts``) are CPU-bound pure Python; in a
thread they slow the event loop that serves every table. Here a decision is a
:class:`BotJob` sent to a process pool: the table's record, the seat, the bot's
name and a seed. The worker replays the record, asks the bot through a
:class:`Decision` (the seat's view only) and sends back the action's notation;
the manager then applies it through the normal path (validate, store, broadcast).

Why the record and not the pickled state (states do pickle): the job is built
under the table's lock on the event loop, the one core every table shares, and
there the record costs some 40 times less; in the worker, replaying the record
and unpickling the state cost about the same. Measured 2026-12-01 on positions
40 moves in (best of 30, load average 12.7; the script is in docs/performance.md,
"Second pass"): Gangsta record 0.008 ms + replay 0.35 ms, pickle 0.26 ms (13 KB)
+ loads 0.83 ms (its action table travels as a reference and is rebuilt on
unpickling); COSCA 0.007 + 0.69 against 0.26 + 0.26; Capo 0.006 + 0.34 against
0.34 + 0.34.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from mobtable import bots, games
from mobtable.bots import Decision
from mobtable.core import State
from mobtable.core.record import replay

log = logging.getLogger("mobtable.server")
J = TypeVar("J")
R = TypeVar("R")

INLINE_BOTS = frozenset({"random", "easy", "greedy"})
"""Bots fast enough (well under 3 ms a move) to run in the server process: the
process hop (record, pickling, replay) would cost more than they do."""

PRELOAD = ["mobtable.bots", "mobtable.core.record", "mobtable.games"]


def default_processes() -> int:
    """One worker per core but one (the event loop keeps a core); at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


@dataclass(frozen=True)
class BotJob:
    """Everything a worker needs to take one bot decision."""

    record: dict[str, Any]
    seat: int
    bot: str
    seed: int
    package: str
    """The game's package, so a worker knows games registered at run time."""


def replayed(record: dict[str, Any], package: str) -> State:
    """In a worker: the record's state (its game registered first if the worker
    does not know it: games registered at run time)."""
    name = str(record["game"])
    try:
        known = games.package_of(name) == package
    except KeyError:
        known = False
    if not known:
        games.register(name, package)
    return replay(record)


def decide(job: BotJob) -> str:
    """In a worker: replay the record, let the bot choose, return the notation."""
    state = replayed(job.record, job.package)
    bot = bots.make(job.bot, state.game.name, seed=job.seed)
    return str(bot.choose(Decision(state, job.seat)))


def _exit_with_the_server(lifeline: Connection) -> None:
    """Worker initializer: exit as soon as the server is gone, even by SIGKILL.

    The server holds the only write end of ``lifeline``; when it dies the
    kernel closes it, and the read below ends. The forkserver and the resource
    tracker hold their pipes open for as long as a worker lives, so they then
    exit too (each sees the end of its pipe); a killed server used to leave all
    three running for good.
    """

    def watch() -> None:
        with contextlib.suppress(EOFError, OSError):
            lifeline.recv_bytes()  # nobody writes: this returns only at the pipe's end
        os._exit(0)

    threading.Thread(target=watch, name="lifeline", daemon=True).start()


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        return ctx
    return multiprocessing.get_context("spawn")


class BotPool:
    """A lazily started process pool; a broken one is replaced on the next job."""

    def __init__(self, processes: int, worker: Callable[[BotJob], str] = decide) -> None:
        self.processes = processes
        self.worker = worker
        self._pool: ProcessPoolExecutor | None = None
        self._lifeline: tuple[Connection, Connection] | None = None
        """The workers' end and the server's end of a pipe nobody writes to."""

    @property
    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            if self._lifeline is None:
                self._lifeline = multiprocessing.Pipe(duplex=False)
            self._pool = ProcessPoolExecutor(
                self.processes,
                mp_context=_context(),
                initializer=_exit_with_the_server,
                initargs=(self._lifeline[0],),
            )
        return self._pool

    async def run(self, job: BotJob) -> str:
        """The notation the bot chooses; raises whatever the worker raised
        (``BrokenProcessPool`` if a worker died: the pool is then replaced)."""
        return await self.call(self.worker, job)

    async def call(self, worker: Callable[[J], R], job: J) -> R:
        """``worker(job)`` in a worker process (a module-level function: it is pickled)."""
        pool = self.pool
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, worker, job)
        except BrokenProcessPool:
            if self._pool is pool:
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    async def close(self, timeout: float = 5.0) -> None:
        """Stop the workers: queued jobs are dropped, a running search may finish
        (a search is capped at about a second); any worker still alive after
        ``timeout`` is terminated, so nothing outlives the server."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await self._stop(pool, timeout)
        if self._lifeline is not None:  # any worker left sees the end of its lifeline
            for end in self._lifeline:
                end.close()
            self._lifeline = None

    @staticmethod
    async def _stop(pool: ProcessPoolExecutor, timeout: float) -> None:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        try:
            await asyncio.wait_for(
                asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True), timeout
            )
        except TimeoutError:
            log.warning("bot workers did not stop within %.0f s; terminating them", timeout)
        for process in processes:
            if process.is_alive():
                process.terminate()
                process.join(1)
