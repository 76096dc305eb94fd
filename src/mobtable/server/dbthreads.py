"""The database threads: the repository's blocking calls, off the event loop.

A call goes to the threads through a ``SimpleQueue`` and its result comes back by
``call_soon_threadsafe`` on an asyncio future: half the event loop's work of
``run_in_executor`` (which makes a concurrent future per call and chains it to an
asyncio one), paid for every group commit and every other database call.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from queue import SimpleQueue
from typing import Any, TypeVar

T = TypeVar("T")

_Job = tuple[asyncio.AbstractEventLoop, "asyncio.Future[Any]", Callable[[], Any]]


class DbThreads:
    """``workers`` threads (started on the first call) running calls in turn."""

    def __init__(self, workers: int, name: str = "db") -> None:
        self.workers = workers
        self.name = name
        self._jobs: SimpleQueue[_Job | None] = SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._closed = False

    async def run(self, fn: Callable[[], T]) -> T:
        """``fn()`` in a database thread; what it returns or raises. A caller that is
        cancelled stops waiting; a call already handed over still runs."""
        if self._closed:
            raise RuntimeError("the database threads are shut down")
        if not self._threads:
            self._start()
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        self._jobs.put((loop, done, fn))
        return await done

    def _start(self) -> None:
        for i in range(self.workers):
            thread = threading.Thread(target=self._work, name=f"{self.name}_{i}", daemon=True)
            thread.start()
            self._threads.append(thread)

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            loop, done, fn = job
            try:
                result = fn()
            except BaseException as exc:
                _tell(loop, done, None, exc)
            else:
                _tell(loop, done, result, None)

    def shutdown(self) -> None:
        """Let the calls handed over finish, then stop the threads."""
        self._closed = True
        for _ in self._threads:
            self._jobs.put(None)
        for thread in self._threads:
            thread.join()
        self._threads.clear()


def _tell(
    loop: asyncio.AbstractEventLoop,
    done: asyncio.Future[Any],
    result: Any,
    exc: BaseException | None,
) -> None:
    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
        loop.call_soon_threadsafe(_settle, done, result, exc)


def _settle(done: asyncio.Future[Any], result: Any, exc: BaseException | None) -> None:
    if done.cancelled():
        return
    if exc is None:
        done.set_result(result)
    else:
        done.set_exception(exc)
