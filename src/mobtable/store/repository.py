"""The repository: every read and write of the database goes through here.

Writes are short transactions; :meth:`Repository.append_action` stores one
accepted action and the table's new status together, guarded by the move
count so that two writers can never interleave a table's actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, insert, select, update
from sqlalchemy.engine import make_url

from mobtable.store.migrate import migrate
from mobtable.store.models import ActionModel, SeatModel, TableModel


class StoreConflict(RuntimeError):
    """The table changed under us (another writer, or a lost update)."""


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" | "bot"
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None


@dataclass
class TableRow:
    id: str
    game: str
    rules_version: str
    config: dict[str, Any]
    seed: int
    status: str = "playing"
    clock: int | None = None
    replace_after: int = 60
    result: dict[str, Any] | None = None
    rematch_id: str | None = None
    moves: int = 0
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)
    reveal_at_end: bool = False
    """The players agreed to publish everything (seed and all) once the game is over."""
    hints: bool = False
    """Players may ask for the ``hard`` bot's suggestion (chosen at creation)."""

    def record(self) -> dict[str, Any]:
        """The table's full record (``mobtable.core.record``): seed, actions, result.

        ``meta.seats`` names who sat where, for ``mobtable replay``.
        """
        seats = sorted(self.seats, key=lambda s: s.seat)
        return {
            "format": 1,
            "game": self.game,
            "rules_version": self.rules_version,
            "config": dict(self.config),
            "seed": self.seed,
            "setup": None,
            "actions": [[seat, notation] for seat, notation in self.actions],
            "result": None if self.result is None else dict(self.result),
            "meta": {"table": self.id, "seats": [_who(s) for s in seats]},
        }


def _who(seat: SeatRow) -> str:
    if seat.kind == "bot":
        return f"bot {seat.bot}"
    return seat.name or f"seat {seat.seat}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files get WAL mode and their folder created."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database or ""
        if database and database != ":memory:" and not database.startswith("file:"):
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_size=8, max_overflow=4, pool_pre_ping=True)


class Repository:
    """Tables, seats and actions in one database."""

    def __init__(self, url: str, *, run_migrations: bool = True) -> None:
        self.url = url
        self.engine = make_engine(url)
        if run_migrations:
            migrate(self.engine)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def close(self) -> None:
        self.engine.dispose()

    # -- writes ---------------------------------------------------------
    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(TableModel).values(
                    id=row.id,
                    game=row.game,
                    rules_version=row.rules_version,
                    config=row.config,
                    seed=row.seed,
                    status=row.status,
                    clock=row.clock,
                    replace_after=row.replace_after,
                    result=row.result,
                    rematch_id=row.rematch_id,
                    moves=0,
                    reveal_at_end=row.reveal_at_end,
                    hints=row.hints,
                )
            )
            for seat in row.seats:
                conn.execute(
                    insert(SeatModel).values(
                        table_id=row.id,
                        seat=seat.seat,
                        kind=seat.kind,
                        bot=seat.bot,
                        name=seat.name,
                        token_hash=seat.token_hash,
                    )
                )

    def append_action(
        self,
        table_id: str,
        n: int,
        seat: int,
        notation: str,
        *,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Store action number ``n``; with ``result`` the table is over.

        Raises ``StoreConflict`` (and stores nothing) unless exactly ``n``
        actions were stored before.
        """
        values: dict[str, Any] = {"moves": n + 1}
        if result is not None:
            values.update(status="over", result=result)
        with self.engine.begin() as conn:
            changed = conn.execute(
                update(TableModel)
                .where(TableModel.id == table_id, TableModel.moves == n)
                .values(**values)
            ).rowcount
            if changed != 1:
                raise StoreConflict(f"table {table_id}: action #{n} is not the next one")
            conn.execute(
                insert(ActionModel).values(table_id=table_id, n=n, seat=seat, notation=notation)
            )

    def update_seat(self, table_id: str, seat: SeatRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(SeatModel)
                .where(SeatModel.table_id == table_id, SeatModel.seat == seat.seat)
                .values(kind=seat.kind, bot=seat.bot, name=seat.name, token_hash=seat.token_hash)
            )

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(TableModel).where(TableModel.id == table_id).values(rematch_id=rematch_id)
            )

    # -- reads ----------------------------------------------------------
    def load(self, table_id: str) -> TableRow | None:
        """A table with its seats and actions in order, or ``None``."""
        with self.engine.connect() as conn:
            t = conn.execute(select(TableModel).where(TableModel.id == table_id)).first()
            if t is None:
                return None
            seats = conn.execute(
                select(SeatModel).where(SeatModel.table_id == table_id).order_by(SeatModel.seat)
            ).all()
            actions = conn.execute(
                select(ActionModel.seat, ActionModel.notation)
                .where(ActionModel.table_id == table_id)
                .order_by(ActionModel.n)
            ).all()
        row = _table_row(t)
        row.seats = [SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash) for s in seats]
        row.actions = [(a.seat, a.notation) for a in actions]
        return row

    def ids(self, *, status: str | None = None, limit: int | None = None) -> list[str]:
        """Table ids, newest first (``status``: only ``playing`` or ``over`` tables)."""
        query = select(TableModel.id).order_by(TableModel.created_at.desc(), TableModel.id)
        if status is not None:
            query = query.where(TableModel.status == status)
        if limit is not None:
            query = query.limit(limit)
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]


def _table_row(t: Any) -> TableRow:
    return TableRow(
        id=t.id,
        game=t.game,
        rules_version=t.rules_version,
        config=dict(t.config),
        seed=int(t.seed),
        status=t.status,
        clock=t.clock,
        replace_after=t.replace_after,
        result=None if t.result is None else dict(t.result),
        rematch_id=t.rematch_id,
        moves=t.moves,
        reveal_at_end=bool(t.reveal_at_end),
        hints=bool(t.hints),
    )
