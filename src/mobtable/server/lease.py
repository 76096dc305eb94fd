"""Which process holds a table: every table (one process on its database), or those
whose lease it holds in PostgreSQL (several processes on one database).

:class:`SoleHolder` is the SQLite default: the one process holds every table.
:class:`LeaseKeeper` holds tables by lease (:mod:`mobtable.store.leases`): it renews
the process's heartbeat every ``beat`` seconds on the database's clock; a table is
taken only through :meth:`LeaseKeeper.acquire`, refused (:class:`Moved`, 503 or the
WebSocket's close 1013) while another live process holds it. At each beat it also

- hands over the tables another process asked for (their clients closed with 1012:
  they reconnect through the balancer, which sends them to the asker);
- writes the public summary of every table that changed to the shared lobby;
- adopts, now and then, unfinished tables nobody has held for ``grace`` seconds (their
  process died and no client came back for them), so their bots and clocks go on.

A process that cannot renew in time (it hung, or lost the database) drops every table
it held, without writing, and registers again under a new id: by then its leases may
be someone else's. Stored actions are guarded by the move count
(:meth:`Repository.append_action`), so even a process that wakes from a hang and writes
before it notices can never fork a table's record; the next holder's write conflicts
and it rebuilds from the store.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from mobtable.server.errors import Moved, NotFound
from mobtable.store import TableStatus
from mobtable.store.leases import LeaseStore, SharedLobby

if TYPE_CHECKING:
    from mobtable.server.manager import TableManager
    from mobtable.server.session import TableSession

log = logging.getLogger("mobtable.server")
T = TypeVar("T")

TTL = 4.0
"""Seconds a heartbeat stays valid: a dead process's tables are free this long after (a
process stalled this long by a loaded machine drops its tables: not much shorter)."""
BEAT = 1.0
"""Seconds between heartbeats (and hand-overs, lobby writes)."""
GRACE = 10.0
"""Seconds an orphaned table waits for a client to come back before any process adopts it."""
MARGIN = 0.5
"""Seconds before its expiry that a heartbeat no longer counts as ours (a renewal in flight)."""
ADOPT_EVERY = 5
"""Beats between looks for orphaned tables."""
ADOPT_BATCH = 50

Shown = tuple[TableStatus, ...]
"""The statuses a lobby listing shows."""


class Holder(Protocol):
    """How a manager learns which tables it may hold."""

    shared: bool
    """Several processes share the database (the lobby is read from it)."""

    async def start(self, manager: TableManager) -> None: ...

    async def stop(self) -> None: ...

    async def acquire(self, table_id: str, *, want: bool = True) -> None:
        """Return once this process holds ``table_id``; raise :class:`Moved` if another does."""

    async def release(self, table_id: str) -> None: ...

    def changed(self, table: TableSession) -> None:
        """``table`` changed (its lobby summary is due)."""

    async def lobby(self, shown: Shown, limit: int) -> list[dict[str, Any]] | None:
        """The shared lobby's summaries (``None``: the manager's own tables are the lobby)."""


class SoleHolder:
    """One process on its database: it holds every table."""

    shared = False

    async def start(self, manager: TableManager) -> None:
        pass

    async def stop(self) -> None:
        pass

    async def acquire(self, table_id: str, *, want: bool = True) -> None:
        pass

    async def release(self, table_id: str) -> None:
        pass

    def changed(self, table: TableSession) -> None:
        pass

    async def lobby(self, shown: Shown, limit: int) -> list[dict[str, Any]] | None:
        return None


def new_server_id() -> str:
    return secrets.token_hex(8)


class LeaseKeeper:
    """The tables of one process among several, held by leases in PostgreSQL."""

    shared = True

    def __init__(
        self,
        leases: LeaseStore,
        lobby: SharedLobby,
        address: str,
        *,
        beat: float = BEAT,
        grace: float = GRACE,
    ) -> None:
        self.leases = leases
        self.lobby_store = lobby
        self.address = address
        self.beat = beat
        self.grace = grace
        self.ttl = leases.ttl.total_seconds()
        self.server_id = new_server_id()
        self._renewed = 0.0
        self._dirty: dict[str, TableSession] = {}
        self._manager: TableManager | None = None
        self.tasks: list[asyncio.Task[None]] = []
        """The heartbeat and the chores (hand-overs, the lobby, adoptions), apart: slow
        chores on a loaded machine never delay a renewal."""
        self._beater = ThreadPoolExecutor(1, thread_name_prefix="mobtable-lease")
        """The heartbeat's own database thread: never queued behind the tables' writes."""

    @property
    def manager(self) -> TableManager:
        assert self._manager is not None, "start() first"
        return self._manager

    def valid(self) -> bool:
        """Whether our heartbeat is surely still valid (renewed less than a TTL ago,
        less the time one renewal may take)."""
        return time.monotonic() - self._renewed < self.ttl - MARGIN

    async def start(self, manager: TableManager) -> None:
        self._manager = manager
        await self._register()
        self.tasks = [asyncio.create_task(self._beating()), asyncio.create_task(self._chores())]

    async def stop(self) -> None:
        """A clean stop: the lobby written, then every lease given up at once (the
        balancer's next request for each table finds it free)."""
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        try:
            await self._write_lobby()
            await self.manager.db(self.leases.unregister, self.server_id)
        except Exception:
            log.exception("giving up the leases failed; they run out in %.0f s", self.ttl)
        self._beater.shutdown(wait=False)

    async def _register(self) -> None:
        started = time.monotonic()
        self.server_id = new_server_id()
        await self._in_beater(self.leases.register, self.server_id, self.address)
        self._renewed = started

    async def _in_beater(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._beater, fn, *args)

    async def acquire(self, table_id: str, *, want: bool = True) -> None:
        if not self.valid():
            raise Moved(table_id)
        taken = await self.manager.db(self.leases.acquire, table_id, self.server_id, want=want)
        if taken is None:
            raise NotFound(f"no table {table_id!r}")
        if not taken:
            raise Moved(table_id)

    async def release(self, table_id: str) -> None:
        self._dirty.pop(table_id, None)
        await self.manager.db(self.leases.release, [table_id], self.server_id)

    def changed(self, table: TableSession) -> None:
        self._dirty[table.id] = table

    async def lobby(self, shown: Shown, limit: int) -> list[dict[str, Any]]:
        """Every process's tables, as their holders last wrote them (ours written first:
        this process's changes show at once, the others' within a beat)."""
        await self._write_lobby()
        return await self.manager.db(self.lobby_store.read, shown, limit)

    # -- the beat ---------------------------------------------------------
    async def _beating(self) -> None:
        while True:
            await asyncio.sleep(self.beat)
            try:
                await self.renew()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database went away: keep trying
                log.warning("lease heartbeat failed: %s", exc)
                if not self.valid():
                    self._lost()

    async def renew(self) -> None:
        """One heartbeat. If the database saw ours run out, every table we held may be
        someone else's: drop them all and register again under a new id."""
        started = time.monotonic()
        if await self._in_beater(self.leases.renew, self.server_id):
            self._renewed = started  # valid for a TTL from before the renewal, at least
        else:
            self._lost()
            await self._register()

    async def _chores(self) -> None:
        beats = 0
        while True:
            await asyncio.sleep(self.beat)
            beats += 1
            try:
                for table_id in await self.manager.db(self.leases.wanted, self.server_id):
                    await self.manager.hand_over(table_id)
                await self._write_lobby()
                if beats % ADOPT_EVERY == 0:
                    await self._adopt()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("lease chores failed: %s", exc)

    def _lost(self) -> None:
        """Our heartbeat ran out: every table we held may be someone else's now."""
        if self.manager.tables:
            log.warning("lease heartbeat ran out: dropping %d tables", len(self.manager.tables))
        self._dirty.clear()
        self.manager.drop_all()

    async def _adopt(self) -> None:
        orphans = await self.manager.db(self.leases.orphans, self.grace, ADOPT_BATCH)
        for table_id in orphans:
            await self.manager.adopt(table_id)
        await self.manager.db(self.leases.forget_dead, 10 * self.grace)

    async def _write_lobby(self) -> None:
        """The summaries of the tables that changed since the last beat (made here on
        the event loop, written in a database thread)."""
        dirty, self._dirty = self._dirty, {}
        shown = [t for t in dirty.values() if t.held and t.status is not TableStatus.EXPIRED]
        await self.manager.db(self.lobby_store.write, [t.summary() for t in shown])
