"""Group commits: the accepted actions of many tables stored in one transaction.

A table stores its accepted action, under its lock, before anyone is told of it
(:mod:`mobtable.server.manager`). Under load many tables wait for the database
at once; rather than one transaction and one hand-off to the database thread
per action, the actions that arrive while a transaction is being written wait
together and go in the next one: one hand-off, one commit for all of them. With
nothing being written, an action goes at once, so a quiet server adds no delay.

Each caller resumes only once the transaction holding its action is committed
(or with its own error: an action that is not the next one of its table fails
alone, see :meth:`Repository.append_actions`), so an action a client was told
was accepted survives a crash of the server, as it did one transaction each.
A table never has two actions in one batch: it waits for its own under its lock.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from mobtable.store import ActionRow, Repository

Run = Callable[..., Awaitable[Any]]
"""Runs a repository method in the database thread (``TableManager.db``)."""


class GroupCommits:
    """Writes the actions handed to :meth:`append` in as few transactions as the
    database's pace allows: each batch is whatever arrived while the last was written."""

    def __init__(self, repo: Repository, run: Run) -> None:
        self.repo = repo
        self.run = run
        self._waiting: list[tuple[ActionRow, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self.batches = 0
        """Transactions written so far (the actions written divided by this is the
        mean batch size)."""

    async def append(self, action: ActionRow) -> None:
        """Store ``action``; returns once it is committed, raises what storing it raised."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._waiting.append((action, done))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write())
        await done

    async def drain(self) -> None:
        """Wait until every action handed over so far is written (at shutdown)."""
        while self._writer is not None and not self._writer.done():
            await asyncio.gather(self._writer, return_exceptions=True)

    async def _write(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            outcomes: list[Exception | None]
            try:
                outcomes = await self.run(self.repo.append_actions, [a for a, _ in batch])
                self.batches += 1
            except asyncio.CancelledError:  # the server is stopping: nobody is told "stored"
                for _, done in batch + self._waiting:
                    done.cancel()
                raise
            except Exception as exc:  # the whole batch failed: every caller hears it
                outcomes = [exc] * len(batch)
            for (_, done), outcome in zip(batch, outcomes, strict=True):
                if done.done():  # its caller was cancelled: the action is stored all the same
                    continue
                if outcome is None:
                    done.set_result(None)
                else:
                    done.set_exception(outcome)
