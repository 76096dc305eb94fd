"""Table leases in PostgreSQL: which server process holds which live table.

A process registers a row in ``servers`` and renews its expiry every second on the
database's clock (so the processes' own clocks never matter); a lease in ``leases``
is valid while its owner's row is. A process that dies stops renewing, and every
table it held is free a few seconds later, all at once, without a write per table.
Taking a lease is one statement (``INSERT … ON CONFLICT DO UPDATE … WHERE`` the
holder is us or dead), so two processes can never both take a table. A process that
asks for a table held by a live one marks it ``wanted_by`` itself; the holder hands it
over at its next beat (:mod:`mobtable.server.lease`).

Every statement is SQLAlchemy Core; the upsert is PostgreSQL's dialect construct
(leases exist only there: one SQLite file has one server process).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy import Engine, and_, bindparam, delete, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert

from mobtable.store.lifecycle import OPEN, TableStatus
from mobtable.store.models import LeaseModel, ServerModel, TableModel

log = logging.getLogger("mobtable.store")

_NOW = func.clock_timestamp()


def _alive(since: Any = _NOW) -> Any:
    """The ids of the processes whose heartbeat is ahead of ``since`` (a subquery: no
    correlation, so it means the same inside an upsert's ``WHERE``)."""
    return select(ServerModel.id).where(ServerModel.expires_at > since).scalar_subquery()


class LeaseStore:
    """The ``servers`` and ``leases`` rows of one PostgreSQL database."""

    def __init__(self, engine: Engine, ttl: float) -> None:
        self.engine = engine
        self.ttl = timedelta(seconds=ttl)

    def register(self, server_id: str, address: str) -> None:
        """A new process: its heartbeat valid for ``ttl`` from now."""
        with self.engine.begin() as conn:
            row = {"id": server_id, "address": address, "expires_at": _NOW + self.ttl}
            conn.execute(insert(ServerModel).values(**row))

    def renew(self, server_id: str) -> bool:
        """Push the heartbeat on; ``False`` if it had already run out (its leases may be
        taken: the process must drop its tables and register again)."""
        with self.engine.begin() as conn:
            changed = conn.execute(
                update(ServerModel)
                .where(ServerModel.id == server_id, ServerModel.expires_at > _NOW)
                .values(expires_at=_NOW + self.ttl)
            ).rowcount
        return changed == 1

    def unregister(self, server_id: str) -> None:
        """A clean stop: every lease and the heartbeat gone at once."""
        with self.engine.begin() as conn:
            conn.execute(delete(LeaseModel).where(LeaseModel.owner == server_id))
            conn.execute(delete(ServerModel).where(ServerModel.id == server_id))

    def acquire(self, table_id: str, server_id: str, *, want: bool = True) -> bool | None:
        """Take the lease of ``table_id`` unless a live process holds it; ``want``: if
        one does, ask it to hand the table over. ``None``: there is no such table."""
        take = (
            insert(LeaseModel)
            .values(table_id=table_id, owner=server_id, wanted_by=None)
            .on_conflict_do_update(
                index_elements=[LeaseModel.table_id],
                set_={"owner": server_id, "wanted_by": None},
                where=or_(LeaseModel.owner == server_id, LeaseModel.owner.not_in(_alive())),
            )
            .returning(LeaseModel.owner)
        )
        with self.engine.begin() as conn:
            if conn.execute(select(TableModel.id).where(TableModel.id == table_id)).first() is None:
                return None
            if conn.execute(take).first() is not None:
                return True
            if want:
                conn.execute(
                    update(LeaseModel)
                    .where(LeaseModel.table_id == table_id, LeaseModel.owner != server_id)
                    .values(wanted_by=server_id)
                )
        return False

    def release(self, table_ids: Sequence[str], server_id: str) -> None:
        """Give up leases (only ours)."""
        if table_ids:
            with self.engine.begin() as conn:
                conn.execute(
                    delete(LeaseModel).where(
                        LeaseModel.owner == server_id, LeaseModel.table_id.in_(table_ids)
                    )
                )

    def wanted(self, server_id: str) -> list[str]:
        """Our tables another process asked for."""
        query = select(LeaseModel.table_id).where(
            LeaseModel.owner == server_id, LeaseModel.wanted_by.is_not(None)
        )
        with self.engine.connect() as conn:
            return [r.table_id for r in conn.execute(query)]

    def orphans(self, grace: float, limit: int) -> list[str]:
        """Unfinished tables nobody has held for ``grace`` seconds (their process died
        and no client came back for them): ids, oldest first."""
        since = _NOW - timedelta(seconds=grace)
        held_lately = select(LeaseModel.table_id).where(LeaseModel.owner.in_(_alive(since)))
        query = (
            select(TableModel.id)
            .where(
                TableModel.status.in_([s.value for s in OPEN]),
                TableModel.created_at < func.now() - timedelta(seconds=grace),
                TableModel.id.not_in(held_lately.scalar_subquery()),
            )
            .order_by(TableModel.created_at)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    def forget_dead(self, older_than: float) -> None:
        """Delete the heartbeats (and leases) of processes dead for ``older_than`` seconds."""
        dead = select(ServerModel.id).where(
            ServerModel.expires_at < _NOW - timedelta(seconds=older_than)
        )
        with self.engine.begin() as conn:
            conn.execute(delete(LeaseModel).where(LeaseModel.owner.in_(dead)))
            conn.execute(delete(ServerModel).where(ServerModel.id.in_(dead)))


class SharedLobby:
    """The lobby every process reads: each table's public summary, written by its holder."""

    _WRITE = (
        update(TableModel)
        .where(TableModel.id == bindparam("t"))
        .values(lobby=bindparam("s"), public_moves=bindparam("m"))
    )

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def write(self, summaries: Sequence[dict[str, Any]]) -> None:
        """Store the summaries (one statement for all of them)."""
        if summaries:
            rows = [{"t": s["id"], "s": s, "m": s["moves"]} for s in summaries]
            with self.engine.begin() as conn:
                conn.execute(self._WRITE, rows)

    def read(self, shown: Sequence[TableStatus], limit: int) -> list[dict[str, Any]]:
        """Summaries of tables with a status in ``shown``: the waiting room first, then
        most public moves first; finished tables newest first."""
        if TableStatus.OVER in shown:
            order: list[Any] = [TableModel.created_at.desc(), TableModel.id]
        else:
            waiting_first = and_(TableModel.status == TableStatus.WAITING.value)
            order = [waiting_first.desc(), TableModel.public_moves.desc(), TableModel.id]
        query = (
            select(TableModel.lobby, TableModel.status)
            .where(TableModel.status.in_([s.value for s in shown]), TableModel.lobby.is_not(None))
            .order_by(*order)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [{**r.lobby, "status": r.status} for r in conn.execute(query)]
