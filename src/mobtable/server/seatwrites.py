"""A table's seats written to the store compare-and-set, and read back when in doubt.

Every seat change (a claim, a fresh token, ready, leave, a bot seated, a seat reclaimed,
the free seats' bots at the start) is stored only where the stored seat is still the one
this process holds in memory (:meth:`Repository.update_seat`), the way a move is guarded
by the move count. Memory can lag the store: a seat write whose ``COMMIT`` landed but
whose reply was lost (``CommitUnsure``), or a write by another process (one that lost its
lease and wrote before it noticed). An unguarded write would then overwrite someone
else's seat: a different person's claim the stored one, a bot the person who just sat
down. Instead:

- a write that changes nothing reads the table's seats from the store and takes them
  (:meth:`TableSession.take_seats`, its clients told), then raises :class:`SeatChanged`
  (409 ``reloaded``), which a claim catches to decide again on the stored seats;
- a write whose outcome is unknown marks the table's seats ``unsure`` (503 ``unsure``):
  they are read from the store before the table is next served or a seat next changes
  (:meth:`SeatWrites.known`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from mobtable.server.errors import Conflict, Unavailable
from mobtable.server.session import TableSession
from mobtable.store import (
    CommitUnsure,
    Repository,
    SeatRow,
    SeatsChanged,
    Step,
    StoreConflict,
    TableStatus,
)
from mobtable.store.accounts import AccountRef

log = logging.getLogger("mobtable.server")

T = TypeVar("T")
Run = Callable[..., Awaitable[Any]]
"""Runs a repository method in the database thread (``TableManager.db``)."""


class SeatChanged(Conflict):
    """The stored seat was not as this process believed (its seats are now the store's)."""

    def __init__(self, seat: int) -> None:
        super().__init__(f"seat {seat} changed meanwhile; look at the table again", rule="reloaded")
        self.seat = seat


async def on_stored_seats(attempt: Callable[[], Awaitable[T]]) -> T:
    """``attempt()``, and once more if one of its seat writes found the stored seat other
    than held: decided again on the store's seats, taken meanwhile (a claim whose first
    try was stored gets its seat back; anyone else's finds it taken)."""
    try:
        return await attempt()
    except SeatChanged:
        return await attempt()


class SeatWrites:
    """The seat writes of every table of a process (each under its table's lock)."""

    def __init__(self, repo: Repository, run: Run, settle: Callable[[TableSession], None]) -> None:
        self.repo = repo
        self.run = run
        self.settle = settle
        """After seats read from the store changed the table (clocks, bots, clients)."""

    async def write(self, table: TableSession, row: SeatRow) -> None:
        """Store ``row`` in place of the seat as ``table`` holds it, then hold it.
        ``SeatChanged`` if the stored seat was another (the store's seats taken);
        ``Unavailable`` (``unsure``) if the commit's outcome is unknown."""
        s = table.seats[row.seat]
        try:
            written = await self.run(self.repo.update_seat, table.id, row, was=s.row)
        except CommitUnsure as exc:
            log.warning("table %s: seat %d may be stored: %s", table.id, row.seat, exc.__cause__)
            table.seats_unsure = True
            raise Unavailable(
                f"the database did not confirm the change of seat {row.seat}: it may or may "
                "not be stored; look at the table again, or try again",
                rule="unsure",
            ) from exc
        if not written:
            log.warning("table %s: seat %d was not as held; reading the seats", table.id, row.seat)
            await self.reload(table)
            raise SeatChanged(row.seat)
        s.row = row

    async def start(self, table: TableSession, rows: Sequence[SeatRow]) -> None:
        """Store ``rows`` (a bot in every free seat) and the start of the game together, all
        or nothing (:meth:`Repository.start_with_seats`), then hold both. ``SeatChanged``
        (the store's seats taken) if a stored seat was another; ``Unavailable`` if the
        table's status changed elsewhere, or (``unsure``) if the commit's outcome is unknown.
        A start stopped part-way would have left bots in a waiting room."""
        table.check(Step.START)
        was = [table.seats[row.seat].row for row in rows]
        try:
            await self.run(self.repo.start_with_seats, table.id, table.status, rows, was=was)
        except SeatsChanged as exc:
            log.warning("table %s: %s; reading the seats", table.id, exc)
            await self.reload(table)
            raise SeatChanged(exc.seat) from exc
        except StoreConflict as exc:
            raise Unavailable(f"table {table.id} changed elsewhere; reload it") from exc
        except CommitUnsure as exc:
            log.warning("table %s: the start may be stored: %s", table.id, exc.__cause__)
            table.seats_unsure = True
            table.start_unsure = True
            raise Unavailable(
                "the database did not confirm the start: it may or may not be stored; "
                "look at the table again, or try again",
                rule="unsure",
            ) from exc
        for row in rows:
            table.seats[row.seat].row = row
        table.step(Step.START)

    async def known(self, table: TableSession) -> None:
        """Read ``table``'s seats from the store if a seat write left them unsure (its
        lock held); ``Unavailable`` while the store is out of reach."""
        if table.seats_unsure:
            await self.reload(table)

    async def reload(self, table: TableSession) -> None:
        """Take ``table``'s seats (and their accounts) as stored (its lock held), and its
        start too if the store holds one this process could not confirm."""
        unsure_start = table.start_unsure

        def read() -> tuple[list[SeatRow], dict[int, AccountRef], TableStatus | None]:
            status = self.repo.status(table.id) if unsure_start else None
            return self.repo.seats(table.id), self.repo.accounts.seat_accounts(table.id), status

        rows, accounts, status = await self.run(read)
        table.seats_unsure = table.start_unsure = False
        changed = table.take_seats(rows, accounts)
        started = status is TableStatus.PLAYING and table.status is TableStatus.WAITING
        if started:
            log.warning("table %s: its unconfirmed start is stored; it is playing", table.id)
            table.step(Step.START)
        if changed or started:
            self.settle(table)
