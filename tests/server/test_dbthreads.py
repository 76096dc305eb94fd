"""The database threads: results and errors come back to the caller, in the thread's turn."""

from __future__ import annotations

import asyncio
import threading

import pytest

from mobtable.server.dbthreads import DbThreads


def test_a_call_runs_in_a_database_thread_and_returns_its_result() -> None:
    threads = DbThreads(1)

    async def main() -> tuple[str, str]:
        return await threads.run(lambda: threading.current_thread().name), "loop"

    try:
        name, _ = asyncio.run(main())
    finally:
        threads.shutdown()
    assert name.startswith("db_")
    assert name != threading.current_thread().name


def test_an_error_reaches_the_caller_and_the_thread_goes_on() -> None:
    threads = DbThreads(1)

    def fail() -> None:
        raise ValueError("no such table")

    async def main() -> int:
        with pytest.raises(ValueError, match="no such table"):
            await threads.run(fail)
        return await threads.run(lambda: 7)

    try:
        assert asyncio.run(main()) == 7
    finally:
        threads.shutdown()


def test_calls_of_one_thread_run_in_the_order_handed_over() -> None:
    threads = DbThreads(1)
    seen: list[int] = []

    async def main() -> list[int]:
        return await asyncio.gather(
            *(threads.run(lambda i=i: seen.append(i) or i) for i in range(50))
        )

    try:
        assert asyncio.run(main()) == list(range(50))
    finally:
        threads.shutdown()
    assert seen == list(range(50))


def test_a_cancelled_caller_stops_waiting_and_the_call_still_runs() -> None:
    threads = DbThreads(1)
    release, ran = threading.Event(), threading.Event()

    def slow() -> None:
        release.wait(10)
        ran.set()

    async def main() -> None:
        call = asyncio.ensure_future(threads.run(slow))
        await asyncio.sleep(0.01)
        call.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call
        release.set()
        await threads.run(lambda: None)  # after slow(), in the same thread

    try:
        asyncio.run(main())
    finally:
        threads.shutdown()
    assert ran.is_set()


def test_shut_down_threads_refuse_new_calls() -> None:
    threads = DbThreads(2)

    async def main() -> None:
        assert await threads.run(lambda: 1) == 1
        threads.shutdown()
        with pytest.raises(RuntimeError, match="shut down"):
            await threads.run(lambda: 2)

    asyncio.run(main())
