"""The repository: every read and write of the database goes through here.

Every statement is SQLAlchemy Core, the same for SQLite and PostgreSQL (no driver
SQL). Writes are short transactions; :meth:`Repository.append_action` stores one
accepted action and the table's new status together, guarded by the move
count so that two writers can never interleave a table's actions;
:meth:`Repository.append_actions` stores the actions of many tables so, in one
transaction (the server's group commits, :mod:`mobtable.server.commits`). A
status changes only by a step of :mod:`mobtable.store.lifecycle`
(:meth:`Repository.transition`), guarded by the status it moves from; a seat
changes only where it is still as the writer believes it (:meth:`Repository.update_seat`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    Engine,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url

from mobtable.store.accounts import AccountRef, AccountStore
from mobtable.store.lifecycle import Step, TableStatus, transition
from mobtable.store.migrate import migrate
from mobtable.store.models import (
    ActionModel,
    ChatModel,
    SeatAccountModel,
    SeatModel,
    TableModel,
)


class StoreConflict(RuntimeError):
    """The table changed under us (another writer, or a lost update)."""


class SeatsChanged(StoreConflict):
    """A stored seat (``seat``) was not as the caller held it: nothing of the write was
    stored."""

    def __init__(self, table_id: str, seat: int) -> None:
        super().__init__(f"table {table_id}: seat {seat} is not as held")
        self.seat = seat


class CommitUnsure(RuntimeError):
    """A transaction's ``COMMIT`` failed (its connection cut, its reply lost): it may
    have been stored or not; only reading the store again tells (its cause: the error)."""


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" | "bot"
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    ready: bool = False
    """Said "ready" in the waiting room."""
    request_hash: str | None = None
    """The SHA-256 digest of the client's key of the request that took the seat (the
    request's retry gets the seat back: ``TableManager.claim``)."""


@dataclass
class ChatRow:
    """A chat message: who wrote it (``seat`` ``None``: a spectator), as typed."""

    seat: int | None
    name: str
    text: str
    at: float
    n: int = -1
    """Its number at the table (given when stored)."""


@dataclass(frozen=True)
class ActionRow:
    """An accepted action to store: number ``n`` of table ``table_id``; with
    ``result``, the action that ended the game."""

    table_id: str
    n: int
    seat: int
    notation: str
    result: dict[str, Any] | None = None


@dataclass
class TableRow:
    id: str
    game: str
    rules_version: str
    config: dict[str, Any]
    seed: int
    status: TableStatus = TableStatus.PLAYING
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
    seed_chosen: bool = False
    """The creator chose the seed (so knows every hand): shown to everyone who joins."""
    host: int | None = None
    """The seat of the table's creator, who starts the game from the waiting room."""
    joined_at: float | None = None
    """When someone last took a seat (or the table was made), epoch seconds."""
    moved_at: float | None = None
    """When play last moved on: its last stored action, or the start of play (epoch
    seconds). A per-move clock that was running resumes from it (``SeatClocks.resume``)."""
    rated: bool = False
    """The game's end moves its players' ratings (chosen at creation)."""
    accounts: dict[int, AccountRef] = field(default_factory=dict)
    """The seats taken by signed-in players (a guest's seat is not here)."""

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


def _seat_values(seat: SeatRow) -> dict[str, Any]:
    """A seat's stored columns beside its table and number."""
    return {
        "kind": seat.kind,
        "bot": seat.bot,
        "name": seat.name,
        "token_hash": seat.token_hash,
        "ready": seat.ready,
        "request_hash": seat.request_hash,
    }


def _seat_guard(table_id: str, was: SeatRow) -> list[ColumnElement[bool]]:
    """Where the stored seat is still ``was``: every column (who holds it, its token, name,
    ready and request key)."""
    return [
        SeatModel.table_id == table_id,
        SeatModel.seat == was.seat,
        *(
            column.is_(None) if value is None else column == value
            for column, value in (
                (SeatModel.kind, was.kind),
                (SeatModel.bot, was.bot),
                (SeatModel.name, was.name),
                (SeatModel.token_hash, was.token_hash),
                (SeatModel.ready, was.ready),
                (SeatModel.request_hash, was.request_hash),
            )
        ),
    ]


def _step_values(status: TableStatus, after: TableStatus) -> dict[str, Any]:
    """A table's stored columns once a step took it from ``status`` to ``after``."""
    values: dict[str, Any] = {"status": after.value}
    if after.in_play and not status.in_play:
        values["moved_at"] = time.time()  # the clocks start with play
    return values


class Repository:
    """Tables, seats and actions in one database."""

    def __init__(self, url: str, *, run_migrations: bool = True) -> None:
        self.url = url
        self.engine = make_engine(url)
        if run_migrations:
            migrate(self.engine)
        self.accounts = AccountStore(self.engine)
        """Accounts, sessions, seats' accounts and ratings."""

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
                    status=row.status.value,
                    clock=row.clock,
                    replace_after=row.replace_after,
                    result=row.result,
                    rematch_id=row.rematch_id,
                    moves=0,
                    reveal_at_end=row.reveal_at_end,
                    hints=row.hints,
                    seed_chosen=row.seed_chosen,
                    host=row.host,
                    joined_at=row.joined_at,
                    # a table made in play (no seat left free): its clocks start now
                    moved_at=row.moved_at or (time.time() if row.status.in_play else None),
                    rated=row.rated,
                )
            )
            for seat_no, account in row.accounts.items():
                conn.execute(
                    insert(SeatAccountModel).values(
                        table_id=row.id, seat=seat_no, account_id=account.id
                    )
                )
            for seat in row.seats:
                conn.execute(
                    insert(SeatModel).values(table_id=row.id, seat=seat.seat, **_seat_values(seat))
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
        written, conflict = False, None
        try:
            with self.engine.begin() as conn:
                conflict = _append(conn, ActionRow(table_id, n, seat, notation, result))
                written = True
        except Exception as exc:
            if written and conflict is None:  # the commit itself failed
                raise CommitUnsure(f"table {table_id}: action #{n}: {exc}") from exc
            raise
        if conflict is not None:
            raise conflict

    def append_actions(self, actions: Sequence[ActionRow]) -> list[Exception | None]:
        """Store ``actions`` (of different tables) in one transaction: a group commit.

        Returns one outcome per action: ``None`` (stored) or the error it alone
        met, a ``StoreConflict`` unless exactly ``n`` actions of its table were
        stored before (the others are stored all the same). If the transaction
        fails, each action is tried again in a transaction of its own, so one
        action's trouble is never another's (a ``StoreConflict`` then, after a failed
        ``COMMIT``, may be the action itself, stored: the store tells); one that cannot
        be tried again after a failed ``COMMIT`` is a ``CommitUnsure``. A batch of one
        takes the same three statements, each compiled once and executed for every row
        of the batch.
        """
        written = False
        outcomes: list[Exception | None]
        if actions:
            try:
                with self.engine.begin() as conn:
                    if conn.dialect.supports_sane_multi_rowcount:
                        outcomes = _append_many(conn, actions)
                    else:
                        outcomes = [_append(conn, a) for a in actions]
                    written = True
                return outcomes
            except Exception:  # rolled back (or its COMMIT failed): whose trouble was it
                pass
        outcomes = []
        for a in actions:
            try:
                self.append_action(a.table_id, a.n, a.seat, a.notation, result=a.result)
                outcomes.append(None)
            except (StoreConflict, CommitUnsure) as exc:
                outcomes.append(exc)
            except Exception as exc:  # the batch's COMMIT failed: this one may be in it
                outcomes.append(CommitUnsure(f"action #{a.n}: {exc}") if written else exc)
        return outcomes

    def update_seat(self, table_id: str, seat: SeatRow, *, was: SeatRow) -> bool:
        """Store ``seat`` in place of ``was``, compare-and-set: only where the stored seat
        is still ``was`` (every column: who holds it, its token, name, ready and request
        key); whether it did. ``False`` (nothing changed) means the caller's seat is not
        the store's: a write of its own whose reply was lost, or another process's.
        Raises ``CommitUnsure`` when the ``COMMIT`` of a change failed: it may be stored."""
        changed, written = 0, False
        try:
            with self.engine.begin() as conn:
                changed = conn.execute(
                    update(SeatModel)
                    .where(*_seat_guard(table_id, was))
                    .values(**_seat_values(seat))
                ).rowcount
                written = True
        except Exception as exc:
            if written and changed:  # the commit itself failed
                raise CommitUnsure(f"table {table_id}: seat {seat.seat}: {exc}") from exc
            if not written:
                raise
        return changed == 1

    def start_with_seats(
        self,
        table_id: str,
        status: TableStatus,
        seats: Sequence[SeatRow],
        *,
        was: Sequence[SeatRow],
    ) -> TableStatus:
        """Store ``seats`` in place of ``was`` (each compare-and-set, as :meth:`update_seat`)
        and take the ``START`` step from ``status``, in one transaction: all or nothing (the
        host's start with a bot in every free seat). Raises ``SeatsChanged`` (nothing
        stored) where a stored seat is not as in ``was``, ``StoreConflict`` where the stored
        status is not ``status``, ``CommitUnsure`` when the ``COMMIT`` failed."""
        after = transition(status, Step.START)
        written = False
        try:
            with self.engine.begin() as conn:
                for seat, old in zip(seats, was, strict=True):
                    guard = _seat_guard(table_id, old)
                    stored = update(SeatModel).where(*guard).values(**_seat_values(seat))
                    if conn.execute(stored).rowcount != 1:
                        raise SeatsChanged(table_id, old.seat)
                moved = conn.execute(
                    update(TableModel)
                    .where(TableModel.id == table_id, TableModel.status == status.value)
                    .values(**_step_values(status, after))
                ).rowcount
                if moved != 1:
                    raise StoreConflict(f"table {table_id}: no longer {status.value}")
                written = True
        except StoreConflict:
            raise  # rolled back: nothing stored
        except Exception as exc:
            if written:  # the commit itself failed
                raise CommitUnsure(f"table {table_id}: the start: {exc}") from exc
            raise
        return after

    def transition(
        self,
        table_id: str,
        status: TableStatus,
        step: Step,
        *,
        joined_at: float | None = None,
        host: int | None = None,
        host_left: bool = False,
    ) -> TableStatus:
        """Move a table from ``status`` on by ``step`` (:func:`lifecycle.transition`: an
        ``IllegalStep`` where ``status`` forbids it); the new status. ``joined_at`` and
        ``host``: someone joined (and is the host); ``host_left``: the host left and
        ``host`` (``None``: nobody yet) hosts now. Raises ``StoreConflict`` (and
        changes nothing) unless the stored status is still ``status``."""
        after = transition(status, step)
        values = _step_values(status, after)
        if joined_at is not None:
            values["joined_at"] = joined_at
        if host is not None or host_left:
            values["host"] = host
        with self.engine.begin() as conn:
            changed = conn.execute(
                update(TableModel)
                .where(TableModel.id == table_id, TableModel.status == status.value)
                .values(**values)
            ).rowcount
        if changed != 1:
            raise StoreConflict(f"table {table_id}: no longer {status.value}")
        return after

    def add_chat(self, table_id: str, message: ChatRow) -> int:
        """Store a chat message; returns its number at the table (0, 1, …)."""
        with self.engine.begin() as conn:
            last = conn.execute(
                select(func.max(ChatModel.n)).where(ChatModel.table_id == table_id)
            ).scalar()
            n = 0 if last is None else int(last) + 1
            conn.execute(
                insert(ChatModel).values(
                    table_id=table_id,
                    n=n,
                    seat=message.seat,
                    name=message.name,
                    text=message.text,
                    at=message.at,
                )
            )
        return n

    def chat(self, table_id: str, limit: int = 100) -> list[ChatRow]:
        """The last ``limit`` chat messages of a table, oldest first."""
        query = (
            select(ChatModel)
            .where(ChatModel.table_id == table_id)
            .order_by(ChatModel.n.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [ChatRow(r.seat, r.name, r.text, float(r.at), int(r.n)) for r in reversed(rows)]

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
            seats = _seat_rows(conn, table_id)
            actions = conn.execute(
                select(ActionModel.seat, ActionModel.notation)
                .where(ActionModel.table_id == table_id)
                .order_by(ActionModel.n)
            ).all()
        row = _table_row(t)
        row.seats = seats
        row.actions = [(a.seat, a.notation) for a in actions]
        row.accounts = self.accounts.seat_accounts(table_id)
        return row

    def status(self, table_id: str) -> TableStatus | None:
        """A table's status as stored (``None``: no such table)."""
        with self.engine.connect() as conn:
            found = conn.execute(
                select(TableModel.status).where(TableModel.id == table_id)
            ).scalar()
        return None if found is None else TableStatus(found)

    def seats(self, table_id: str) -> list[SeatRow]:
        """A table's seats as stored, in order (none: no such table)."""
        with self.engine.connect() as conn:
            return _seat_rows(conn, table_id)

    def seat_of_request(self, request_hash: str) -> tuple[str, int] | None:
        """The table and seat that the request whose key has this digest took, if any."""
        query = (
            select(SeatModel.table_id, SeatModel.seat)
            .where(SeatModel.request_hash == request_hash)
            .limit(1)
        )
        with self.engine.connect() as conn:
            found = conn.execute(query).first()
        return None if found is None else (found.table_id, int(found.seat))

    def ids(
        self,
        *,
        status: TableStatus | Sequence[TableStatus] | None = None,
        limit: int | None = None,
    ) -> list[str]:
        """Table ids, newest first (``status``: only tables with that status, or those)."""
        query = select(TableModel.id).order_by(TableModel.created_at.desc(), TableModel.id)
        if isinstance(status, str):
            query = query.where(TableModel.status == TableStatus(status).value)
        elif status is not None:
            query = query.where(TableModel.status.in_([TableStatus(s).value for s in status]))
        if limit is not None:
            query = query.limit(limit)
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]


_TABLES = TableModel.metadata.tables[TableModel.__tablename__]
_ACTIONS = ActionModel.metadata.tables[ActionModel.__tablename__]
_FINISHED = transition(TableStatus.PLAYING, Step.FINISH)
_NEXT_MOVE = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("t"), _TABLES.c.moves == bindparam("n"))
    .values(moves=bindparam("m"), moved_at=bindparam("at"))
)
"""An action's move count, guarded by the count before it (executed for many rows)."""
_OVER = (
    update(_TABLES)
    .where(
        _TABLES.c.id == bindparam("t"),
        _TABLES.c.moves == bindparam("n"),
        _TABLES.c.status == TableStatus.PLAYING.value,
    )
    .values(
        moves=bindparam("m"),
        moved_at=bindparam("at"),
        status=_FINISHED.value,
        result=bindparam("r"),
    )
)
"""The action that ends a game: its move count, the step to ``over`` and the result."""
_INSERT_ACTION = insert(_ACTIONS)


class _NotAllNext(Exception):
    """In a group commit, some action was not its table's next one."""


def _append_many(conn: Connection, actions: Sequence[ActionRow]) -> list[Exception | None]:
    """Write ``actions`` (of different tables) in ``conn``'s transaction in three
    statements, each executed for many rows; raises (to roll back) unless every one
    is its table's next action (and a game's last one finds it still ``playing``)."""
    at = time.time()
    going = [
        {"t": a.table_id, "n": a.n, "m": a.n + 1, "at": at} for a in actions if a.result is None
    ]
    over = [
        {"t": a.table_id, "n": a.n, "m": a.n + 1, "at": at, "r": a.result}
        for a in actions
        if a.result is not None
    ]
    changed = conn.execute(_NEXT_MOVE, going).rowcount if going else 0
    changed += conn.execute(_OVER, over).rowcount if over else 0
    if changed != len(actions):
        raise _NotAllNext
    conn.execute(_INSERT_ACTION, [_action_values(a) for a in actions])
    return [None] * len(actions)


def _action_values(action: ActionRow) -> dict[str, Any]:
    return {
        "table_id": action.table_id,
        "n": action.n,
        "seat": action.seat,
        "notation": action.notation,
    }


def _append(conn: Connection, action: ActionRow) -> StoreConflict | None:
    """Write ``action`` in ``conn``'s transaction, guarded by its table's move count:
    a ``StoreConflict`` (nothing written) unless it is the table's next action."""
    params = {"t": action.table_id, "n": action.n, "m": action.n + 1, "at": time.time()}
    if action.result is None:
        changed = conn.execute(_NEXT_MOVE, params).rowcount
    else:
        changed = conn.execute(_OVER, {**params, "r": action.result}).rowcount
    if changed != 1:
        return StoreConflict(f"table {action.table_id}: action #{action.n} is not the next one")
    conn.execute(_INSERT_ACTION, _action_values(action))
    return None


def _seat_rows(conn: Connection, table_id: str) -> list[SeatRow]:
    query = select(SeatModel).where(SeatModel.table_id == table_id).order_by(SeatModel.seat)
    return [
        SeatRow(s.seat, s.kind, s.bot, s.name, s.token_hash, bool(s.ready), s.request_hash)
        for s in conn.execute(query)
    ]


def _table_row(t: Any) -> TableRow:
    return TableRow(
        id=t.id,
        game=t.game,
        rules_version=t.rules_version,
        config=dict(t.config),
        seed=int(t.seed),
        status=TableStatus(t.status),
        clock=t.clock,
        replace_after=t.replace_after,
        result=None if t.result is None else dict(t.result),
        rematch_id=t.rematch_id,
        moves=t.moves,
        reveal_at_end=bool(t.reveal_at_end),
        hints=bool(t.hints),
        seed_chosen=bool(t.seed_chosen),
        host=t.host,
        joined_at=t.joined_at,
        moved_at=t.moved_at,
        rated=bool(t.rated),
    )
