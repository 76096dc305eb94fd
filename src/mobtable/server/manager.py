"""The table manager: the table sessions of one process, and the steps of their lives.

The manager holds every live :class:`~mobtable.server.session.TableSession` of
the process (each table in exactly one), loads one from the store when it is
first asked for, and makes the changes that are not moves: a table created, a
seat taken, the waiting room's ready and start, a bot seated, a seat reclaimed,
a rematch, a table expired. A status changes only by a lifecycle step
(:mod:`mobtable.store.lifecycle`), stored first (guarded by the status it moves
from), then taken by the session. Moves go through the action pipeline
(:mod:`mobtable.server.pipeline`), whatever makes them; after every other change
too, the pipeline's ``settle`` runs the table's clocks and bots and tells its clients.

A table with a free seat for a person starts in the waiting room (status
``waiting``): no clock runs, no bot moves and no action is accepted until the
last free seat is taken or the creator starts it (everyone who joined ready; bots
in the free seats), so a game never starts and then waits on an empty seat.
Tables nobody plays at expire (:mod:`mobtable.server.expiry`).

Memory stays bounded: a table is loaded once however many ask for it at once
(``_loading`` holds only the loads under way), and finished tables beyond
``ServerLimits.finished_tables`` are dropped, least recently used first, to be
rebuilt from the store when asked for again.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from mobtable import bots, games
from mobtable.core import MobtableError
from mobtable.core.words import default_names
from mobtable.server import tutorials
from mobtable.server.accounts.ratings import rate_game
from mobtable.server.bot_turns import BotTurns, default_bot, stand_in_bot
from mobtable.server.botpool import BotPool
from mobtable.server.chat import HISTORY, chat_message, chat_text
from mobtable.server.clients import Client, Close
from mobtable.server.clocks import is_turn_based, not_replaceable_yet
from mobtable.server.commits import GroupCommits
from mobtable.server.dbthreads import DbThreads
from mobtable.server.errors import Conflict, Forbidden, NotFound, ServerError, Unavailable
from mobtable.server.expiry import Expiry
from mobtable.server.hints import HintDesk
from mobtable.server.lease import Holder, SoleHolder
from mobtable.server.limits import ClientQuotas, ServerLimits
from mobtable.server.names import clash
from mobtable.server.pipeline import ActionPipeline
from mobtable.server.schemas import CreateTable, SeatAuthAt, SeatSpec
from mobtable.server.seats import hash_token, token_matches
from mobtable.server.seatwrites import SeatWrites, on_stored_seats
from mobtable.server.session import TableSession
from mobtable.server.sockets import SocketCounts
from mobtable.server.tutorials import is_tutorial
from mobtable.store import (
    OPEN,
    UNREACHABLE,
    ChatRow,
    Repository,
    SeatRow,
    Step,
    StoreConflict,
    TableRow,
    TableStatus,
)
from mobtable.store.accounts import AccountRef
from mobtable.store.lifecycle import initial

log = logging.getLogger("mobtable.server")
T = TypeVar("T")


MOVED = Close(1012, "the table moved to another server; reconnect")
"""The close frame of a table's clients when another process takes the table over."""

EVICT_RETRY = 0.5
"""Seconds before trying again to drop a finished table that was being changed."""

__all__ = ["TableManager", "default_bot", "new_token", "stand_in_bot"]


def new_table_id() -> str:
    """A fresh table id: 8 URL-safe characters, the first a letter or digit, so that
    ``mobtable record <id>`` never reads it as an option (``-v…``)."""
    while True:
        table_id = secrets.token_urlsafe(6)
        if table_id[0].isalnum():
            return table_id


def new_token() -> str:
    return secrets.token_urlsafe(24)


class TableManager:
    """All live tables of one server process."""

    def __init__(
        self,
        repo: Repository,
        *,
        bot_delay: float = 0.5,
        bot_workers: int = 4,
        bot_processes: int | None = None,
        limits: ServerLimits | None = None,
        holder: Holder | None = None,
    ) -> None:
        self.repo = repo
        self.holder: Holder = holder or SoleHolder()
        """Which tables this process may hold (all, unless several share the database)."""
        self.limits = limits or ServerLimits()
        self.quotas = ClientQuotas(self.limits)
        self.sockets = SocketCounts(self.limits)
        self.tables: dict[str, TableSession] = {}
        self._finished: OrderedDict[str, None] = OrderedDict()
        """The finished tables in ``tables``, least recently used first."""
        self._retry_evict: asyncio.TimerHandle | None = None
        self._db_threads: DbThreads | None = None
        self._loading: dict[str, asyncio.Future[TableSession]] = {}
        self.commits = GroupCommits(repo, self.db)
        self.expiry = Expiry(self.limits)
        self.pipeline = ActionPipeline(
            self.commits,
            self.expiry,
            on_closed=self._closed,
            on_over=self._game_over,
            on_settled=self.holder.changed,
            bot_delay=bot_delay,
            bot_workers=bot_workers,
            bot_processes=bot_processes,
            bot_only_moves=self.limits.bot_only_moves,
        )
        self.seat_writes = SeatWrites(repo, self.db, self.pipeline.settle)
        self.hints = HintDesk(self.bot_turns)
        self._sweeper: asyncio.Task[None] | None = None

    @property
    def bot_turns(self) -> BotTurns:
        """The bot turns of every table (the pipeline's clocks-and-bots stage)."""
        return self.pipeline.bots

    # -- plumbing -------------------------------------------------------
    @property
    def db_threads(self) -> DbThreads:
        """The database thread(s): one for SQLite, which has a single writer anyway."""
        if self._db_threads is None:
            self._db_threads = DbThreads(1 if self.repo.is_sqlite else 4)
        return self._db_threads

    @property
    def search_pool(self) -> BotPool | None:
        """Worker processes for search bots (``None``: every bot runs in a thread)."""
        return self.bot_turns.search_pool

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a database thread; a database out of reach is an
        ``Unavailable`` (503: the next call reconnects)."""
        try:
            return await self.db_threads.run(lambda: fn(*args, **kwargs))
        except UNREACHABLE as exc:
            raise Unavailable("the database is unavailable; try again", rule="database") from exc

    async def start(self) -> None:
        """Load every unfinished table from the database and set its bots going (one
        process on its database; several load a table when it is first asked for, or
        adopt it once its process died); start sweeping for tables to expire."""
        await self.holder.start(self)
        if not self.holder.shared:
            for table_id in await self.db(self.repo.ids, status=OPEN):
                try:
                    await self.get(table_id)
                except ServerError as exc:
                    log.error("table %s cannot be resumed: %s", table_id, exc.message)
        if self.expiry.check_every:
            self._sweeper = asyncio.create_task(self._sweep())

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        if self._retry_evict is not None:
            self._retry_evict.cancel()
        for table in self.tables.values():
            table.clocks.stop()
            table.clients.close_all()
        await self.pipeline.stop()  # before the database threads: a bot may be storing
        await self.commits.drain()
        await self.holder.stop()  # the leases given up once nothing more is stored
        if self._db_threads is not None:
            self._db_threads.shutdown()
        self._db_threads = None

    # -- finding tables ---------------------------------------------------
    async def get(
        self, table_id: str, *, want: bool = True, reconcile: bool = True
    ) -> TableSession:
        """The live table ``table_id``, loaded from the store (once) if need be; a
        ``Moved`` if another process holds it (``want``: which then hands it over). One
        whose last commit is ``unsure`` is read from the store again first (503 while the
        database is still out of reach), so nobody is served a state the store contradicts;
        not for a move (``reconcile=False``): the pipeline does it, and refuses the move if
        the state changed under it. Its seats, if a seat write left them unsure, are read
        again (:class:`.seatwrites.SeatWrites`), for a move too. A table being changed (its
        lock held) is left to that change."""
        table = self.tables.get(table_id)
        if table is not None:
            if table_id in self._finished:
                self._finished.move_to_end(table_id)
            stale = (reconcile and table.unsure) or table.seats_unsure
            if stale and not table.lock.locked():
                async with table.lock:
                    if reconcile and table.unsure:
                        await self.pipeline.reconcile(table)
                    await self.seat_writes.known(table)
            return table
        loading = self._loading.get(table_id)
        if loading is None:
            load = self._load(table_id, want=want)
            loading = self._loading[table_id] = asyncio.ensure_future(load)
            loading.add_done_callback(lambda done: self._loaded(table_id, done))
        return await asyncio.shield(loading)  # a caller that gives up stops no one else's load

    def _loaded(self, table_id: str, done: asyncio.Future[TableSession]) -> None:
        self._loading.pop(table_id, None)
        if not done.cancelled():
            done.exception()  # retrieved, even if every caller gave up

    async def _load(self, table_id: str, *, want: bool) -> TableSession:
        await self.holder.acquire(table_id, want=want)
        row = await self.db(self.repo.load, table_id)  # as its last holder left it
        if row is None:
            raise NotFound(f"no table {table_id!r}")
        try:  # a row stored before a check was tightened (an option ``true``) fails here
            table = TableSession.load(row, on_timeout=self.pipeline.timed_out)
        except KeyError as exc:
            await self.holder.release(table_id)
            raise Unavailable(f"table {table_id}: {exc.args[0]}") from exc
        except MobtableError as exc:
            await self.holder.release(table_id)
            raise Unavailable(f"table {table_id} does not replay: {exc}") from exc
        if row.status is TableStatus.EXPIRED:
            table.expired = self.expiry.reason_of_stored(table)
        self.tables[table_id] = table
        self.pipeline.settle(table)
        return table

    async def _session(self, row: TableRow) -> TableSession:
        """A new table's session, held by this process (stored first)."""
        await self.holder.acquire(row.id, want=False)
        game = games.get(row.game)
        state = game.new_state(game.config_from_json(row.config), seed=row.seed)
        table = TableSession(row, state, on_timeout=self.pipeline.timed_out)
        self.tables[row.id] = table
        return table

    def _closed(self, table: TableSession) -> None:
        """A change left ``table`` over or expired: it joins the finished tables kept in
        memory (least recently used dropped first) and frees its creator's quota."""
        self.quotas.finished(table.id)
        self._finished[table.id] = None
        self._finished.move_to_end(table.id)
        self._evict()

    async def _game_over(self, table: TableSession) -> None:
        """A game ended: a rated table's players' ratings move (:mod:`.accounts.ratings`)."""
        if not table.row.rated or table.row.result is None:
            return
        await rate_game(
            self.repo.accounts,
            self.db,
            table.id,
            table.game.name,
            [(s.row.kind, s.row.bot) for s in table.seats],
            {n: a.id for n, a in table.row.accounts.items()},
            table.row.result,
        )

    async def _step(
        self,
        table: TableSession,
        step: Step,
        *,
        joined_at: float | None = None,
        host: int | None = None,
        host_left: bool = False,
    ) -> TableStatus:
        """Take a lifecycle step: checked, stored (guarded by the status it moves from),
        then taken by the session."""
        table.check(step)
        try:
            await self.db(
                self.repo.transition,
                table.id,
                table.status,
                step,
                joined_at=joined_at,
                host=host,
                host_left=host_left,
            )
        except StoreConflict as exc:
            raise Unavailable(f"table {table.id} changed elsewhere; reload it") from exc
        return table.step(step)

    def _evict(self) -> None:
        """Drop the least recently used finished tables beyond the limit. Not one
        with a client connected (it goes when the last one leaves), nor one being
        changed (its lock held: tried again a moment later)."""
        cap = self.limits.finished_tables
        busy = False
        for table_id in list(self._finished):
            if not cap or len(self._finished) <= cap:
                break
            table = self.tables[table_id]
            if table.lock.locked():
                busy = True
            elif not table.clients:
                del self._finished[table_id]
                del self.tables[table_id]
        if busy and len(self._finished) > cap and self._retry_evict is None:
            self._retry_evict = asyncio.get_running_loop().call_later(
                EVICT_RETRY, self._evict_again
            )

    def _evict_again(self) -> None:
        self._retry_evict = None
        self._evict()

    async def lobby(self, shown: tuple[TableStatus, ...], limit: int) -> list[dict[str, Any]]:
        """The summaries of tables with a status in ``shown``: the waiting room first,
        then most moves first (the moves every spectator knows of, so a sealed
        commit's hidden parts never reorder it); finished tables newest first. Several
        processes read the shared lobby (each table's summary as its holder last wrote it)."""
        shared = await self.holder.lobby(shown, limit)
        if shared is not None:
            return [s for s in shared if not s.get("tutorial")]
        if TableStatus.OVER in shown:
            ids = await self.db(self.repo.ids, status=TableStatus.OVER, limit=limit)
            finished = [(await self.get(i)).summary() for i in ids]
            return [s for s in finished if not s["tutorial"]]
        tables = sorted(
            (t for t in self.tables.values() if t.status in shown and not is_tutorial(t.row)),
            key=lambda t: (t.status is not TableStatus.WAITING, -t.state.moves_seen_by(None)),
        )
        return [t.summary() for t in tables[:limit]]

    # -- moving between processes ---------------------------------------------
    async def hand_over(self, table_id: str) -> None:
        """Another process asked for ``table_id``: stop holding it (its clients told to
        reconnect, through the balancer, to that process) and give up its lease."""
        table = self.tables.get(table_id)
        if table is not None:
            async with table.lock:  # no action half-stored: each one stored is acknowledged
                self._drop(table)
        await self.holder.release(table_id)

    def drop_all(self) -> None:
        """This process lost its leases (its heartbeat ran out): hold no table any more."""
        for table in list(self.tables.values()):
            self._drop(table)

    def _drop(self, table: TableSession) -> None:
        table.held = False
        table.clocks.stop()
        table.bots.stop()
        for client in table.clients:
            client.close(MOVED)
        self.tables.pop(table.id, None)
        self._finished.pop(table.id, None)

    async def adopt(self, table_id: str) -> None:
        """Hold ``table_id``, an unfinished table nobody holds, unless another process
        took it first (its bots and clocks go on here)."""
        try:
            await self.get(table_id, want=False)
        except ServerError as exc:
            log.info("table %s not adopted: %s", table_id, exc.message)

    # -- creating ---------------------------------------------------------
    async def create(
        self, spec: CreateTable, client: str = "local", account: AccountRef | None = None
    ) -> tuple[TableSession, int | None, str | None]:
        """Open a table for ``client`` (its address: the per-client limits count by it);
        ``account``: the creator is signed in, and its seat ``sit`` is the account's.
        ``spec.request``: the client's key for this creation, kept (as a digest) with the
        seat ``sit``: sent again, by a retry whose answer was lost, it answers with the
        table made then and a fresh token of that seat (as :meth:`claim` does)."""
        if spec.request is not None and spec.sit is not None:
            made = await self._created_before(spec, account)
            if made is not None:
                return made
        if spec.rated and (spec.seed is not None or spec.hints):
            raise ServerError(
                "a rated table has neither a chosen seed nor hints: untick one or the other",
                rule="rated",
            )
        try:
            game = games.get(spec.game)
        except KeyError as exc:
            raise NotFound(str(exc.args[0])) from exc
        try:
            config = game.table_config(spec.players, variants=spec.variants, options=spec.options)
        except MobtableError as exc:
            raise ServerError(str(exc)) from exc
        seat_specs = spec.seats
        if seat_specs is None:
            seat_specs = [SeatSpec(kind="human" if i == 0 else "bot") for i in range(spec.players)]
        if len(seat_specs) != spec.players:
            raise ServerError(f"'seats' has {len(seat_specs)} entries for {spec.players} players")
        known = bots.available(game.name)
        rows: list[SeatRow] = []
        for i, s in enumerate(seat_specs):
            if s.kind == "bot":
                name = s.bot or default_bot(game.name)
                if name not in known:
                    raise ServerError(f"seat {i}: no bot {name!r} (bots: {', '.join(known)})")
                rows.append(SeatRow(i, "bot", bot=name, name=None))
            else:
                rows.append(SeatRow(i, "human"))
        token: str | None = None
        accounts: dict[int, AccountRef] = {}
        if spec.sit is not None and account is not None:
            accounts[spec.sit] = account
            spec = spec.model_copy(update={"name": account.name})
        if spec.sit is not None:
            if spec.sit >= spec.players or rows[spec.sit].kind != "human":
                raise ServerError(f"'sit': seat {spec.sit} is not a seat for a person")
            others = [n for i, n in enumerate(default_names(spec.players)) if i != spec.sit]
            if spec.name is not None and (taken := clash(spec.name, others)) is not None:
                raise Conflict(f"{taken} is the name of another seat here: choose another name")
            token = new_token()
            rows[spec.sit].token_hash = hash_token(token)
            rows[spec.sit].name = spec.name
            if spec.request is not None:
                rows[spec.sit].request_hash = hash_token(spec.request)
        table_id = new_table_id()
        seed = spec.seed if spec.seed is not None else game.random_seed() % (2**63)
        free = any(r.kind == "human" and r.token_hash is None for r in rows)
        row = TableRow(
            id=table_id,
            game=game.name,
            rules_version=game.rules_version,
            config=config.to_json(),
            seed=seed,
            status=initial(free_seat=free),
            clock=spec.clock,
            replace_after=spec.replace_after,
            seats=rows,
            reveal_at_end=spec.reveal_at_end,
            hints=spec.hints,
            seed_chosen=spec.seed is not None,
            host=spec.sit,
            joined_at=time.time(),
            rated=spec.rated,
            accounts=accounts,
        )
        return await self._open(row, client), spec.sit, token

    async def _created_before(
        self, spec: CreateTable, account: AccountRef | None
    ) -> tuple[TableSession, int, str] | None:
        """The table that an earlier try of this creation (``spec.request``'s key) made,
        with a fresh token of its creator's seat; ``None`` if none did (or its creator
        left the seat)."""
        assert spec.request is not None
        found = await self.db(self.repo.seat_of_request, hash_token(spec.request))
        if found is None:
            return None
        table = await self.get(found[0])
        seat, request = found[1], spec.request
        if seat != spec.sit or table.game.name != spec.game:
            raise Conflict("this request key was sent with another request: choose a new key")

        async def again() -> tuple[TableSession, int, str] | None:
            s = table.seats[seat]
            if not (s.claimed and token_matches(request, s.row.request_hash)):
                return None
            self.authorize_account(table, seat, account)
            return table, seat, await self._new_token(table, seat)

        async with table.lock:
            await self.seat_writes.known(table)
            return await on_stored_seats(again)

    async def open_tutorial(
        self, game_name: str, name: str | None, client: str = "local"
    ) -> tuple[TableSession, str]:
        """Open a tutorial table (:mod:`~mobtable.server.tutorials`) for ``client``: the
        table and the learner's seat token."""
        game, tutorial = tutorials.tutorial_for(game_name)
        token = new_token()
        row = tutorials.table_row(new_table_id(), game, tutorial, hash_token(token), name)
        return await self._open(row, client), token

    async def _open(self, row: TableRow, client: str) -> TableSession:
        """A new table stored and set going, counted against ``client``'s quota."""
        self._check_room()
        self.quotas.admit(client, row.id, bot_only=all(r.kind == "bot" for r in row.seats))
        try:
            await self.db(self.repo.create_table, row)
        except BaseException:
            self.quotas.finished(row.id)
            raise
        table = await self._session(row)
        self.pipeline.settle(table)
        return table

    def _check_room(self) -> None:
        """Refuse a new table while ``live_tables`` unfinished ones are held (503)."""
        cap = self.limits.live_tables
        if cap and sum(t.status.is_open for t in self.tables.values()) >= cap:
            raise Unavailable(
                f"the server is full: {cap} games are open; try again when one ends",
                rule="server-full",
            )

    async def rematch(self, table_id: str, seat: int, token: str) -> TableSession:
        """A new table like this finished one; its players keep their seats and tokens."""
        old = await self.get(table_id)
        self.authorize(old, seat, token)
        async with old.lock:
            if not old.state.is_over():
                raise Conflict("a rematch starts once the game is over")
            if old.row.rematch_id is not None:
                return await self.get(old.row.rematch_id)
            self._check_room()
            game = old.game
            row = TableRow(
                id=new_table_id(),
                game=game.name,
                rules_version=game.rules_version,
                config=tutorials.unmarked(old.row.config),  # after a tutorial, a real game
                seed=game.random_seed() % (2**63),
                clock=old.row.clock,
                replace_after=old.row.replace_after,
                seats=[
                    SeatRow(s.row.seat, s.row.kind, s.row.bot, s.row.name, s.row.token_hash)
                    for s in old.seats
                ],
                reveal_at_end=old.row.reveal_at_end,
                hints=old.row.hints,
                host=old.row.host,
                joined_at=time.time(),
                rated=old.row.rated,
                accounts=dict(old.row.accounts),
            )
            await self.db(self.repo.create_table, row)
            await self.db(self.repo.set_rematch, old.id, row.id)
            table = await self._session(row)
            old.row.rematch_id = row.id
            self.pipeline.settle(table)
            old.broadcast()
            return table

    # -- seats --------------------------------------------------------------
    def authorize(self, table: TableSession, seat: int, token: str | None) -> None:
        """Raise ``Forbidden`` unless ``token`` is the secret of ``seat``."""
        if not 0 <= seat < len(table.seats) or not token_matches(
            token, table.seats[seat].row.token_hash
        ):
            raise Forbidden(f"wrong or missing seat token for seat {seat}", rule="token")

    def authorize_account(self, table: TableSession, seat: int, account: AccountRef | None) -> None:
        """Raise ``Forbidden`` if ``seat`` is another account's than the signed-in one."""
        owner = table.row.accounts.get(seat)
        if account is not None and owner is not None and owner.id != account.id:
            raise Forbidden(
                f"this seat is {owner.name}'s, and you are signed in as {account.name}",
                rule="account",
            )

    async def claim(
        self,
        table_id: str,
        seat: int,
        name: str | None,
        account: AccountRef | None = None,
        request: str | None = None,
    ) -> str:
        """Take a free seat under ``name`` (``None``: the seat's default name; signed in,
        ``account``'s name, and the seat is the account's); the waiting room's last free
        seat taken, the game starts.

        ``request``: the client's key for this claim (only its digest is stored with the
        seat). Sent again, by a retry whose first answer was lost (the process gone after
        storing the claim), it gets the seat back: a fresh token (tokens are stored only as
        digests, so the first one is not known any more; it no longer works). Another key,
        or none, finds the seat taken."""
        table = await self.get(table_id)
        async with table.lock:
            table.require_open()
            if not 0 <= seat < len(table.seats):
                raise NotFound(f"table {table_id} has no seat {seat}")
            await self.seat_writes.known(table)
            return await on_stored_seats(lambda: self._claim(table, seat, name, account, request))

    async def _claim(
        self,
        table: TableSession,
        seat: int,
        name: str | None,
        account: AccountRef | None,
        request: str | None,
    ) -> str:
        """:meth:`claim` (the lock held, the seats known): the seat's token. The seat is
        written only if the store still holds it free (``SeatChanged`` otherwise)."""
        s = table.seats[seat]
        if s.claimed and token_matches(request, s.row.request_hash):
            self.authorize_account(table, seat, account)
            token = await self._new_token(table, seat)
        else:
            if s.row.kind != "human" or s.claimed:
                raise Conflict(f"seat {seat} is not free", rule="taken")
            if account is not None:
                if any(a.id == account.id for a in table.row.accounts.values()):
                    raise Conflict(f"{account.name} already has a seat at this table")
                name = account.name
            if name is not None:
                taken = clash(name, [o.name for o in table.seats if o is not s])
                if taken is not None:
                    raise Conflict(f"{taken} is already at this table: choose another name")
            token = new_token()
            digest = hash_token(request) if request else None
            row = SeatRow(seat, "human", None, name, hash_token(token), request_hash=digest)
            await self.seat_writes.write(table, row)
            s.away_since = time.time()
        await self._seated(table, seat, account)
        self.pipeline.settle(table)
        return token

    async def _seated(self, table: TableSession, seat: int, account: AccountRef | None) -> None:
        """``seat`` was claimed, or its claim's retry got it back (the first try may have
        stopped once the seat was stored): it is ``account``'s (unless the account has a
        seat here already), and in the waiting room the table takes the join (its last
        free seat taken, the game starts; taken again, it changes nothing but the time)."""
        if (
            account is not None
            and not any(a.id == account.id for a in table.row.accounts.values())
            and await self.db(self.repo.accounts.sit, table.id, seat, account.id)
        ):
            table.row.accounts[seat] = account
        if table.status is TableStatus.WAITING:
            await self._joined(table, seat)

    async def _new_token(self, table: TableSession, seat: int) -> str:
        """A fresh token for ``seat`` (its lock held), stored in place of the old one
        (``SeatChanged`` if the store's seat is not the one held)."""
        token = new_token()
        s = table.seats[seat]
        await self.seat_writes.write(table, replace(s.row, token_hash=hash_token(token)))
        return token

    async def _changing(self, table: TableSession, seat: int, token: str) -> None:
        """Before ``seat`` changes a seat (the lock held): the seats known (read again if
        a write left them unsure), and ``token`` still ``seat``'s."""
        await self.seat_writes.known(table)
        self.authorize(table, seat, token)

    async def claim_games(self, account: AccountRef, seats: Sequence[SeatAuthAt]) -> dict[str, Any]:
        """A guest's seats at finished games (each proved by its token) become
        ``account``'s; each one refused is listed with the reason, in words."""
        claimed: list[str] = []
        refused: list[dict[str, str]] = []
        for s in seats:
            try:
                table = await self.get(s.table)
                self.authorize(table, s.seat, s.token)
            except ServerError as exc:
                refused.append({"table": s.table, "why": exc.message})
                continue
            async with table.lock:
                owner = table.row.accounts.get(s.seat)
                if owner is not None and owner.id == account.id:
                    claimed.append(table.id)  # claimed before: nothing to do
                    continue
                why = self._unclaimable(table, s.seat, account)
                if why is None and not await self.db(
                    self.repo.accounts.sit, table.id, s.seat, account.id
                ):
                    why = "this seat is already an account's"
                if why is not None:
                    refused.append({"table": s.table, "why": why})
                    continue
                table.row.accounts[s.seat] = account
                claimed.append(table.id)
        return {"claimed": claimed, "refused": refused}

    @staticmethod
    def _unclaimable(table: TableSession, seat: int, account: AccountRef) -> str | None:
        if table.status is not TableStatus.OVER:
            return "only a finished game can be claimed"
        owner = table.row.accounts.get(seat)
        if owner is not None:
            return f"this seat is {owner.name}'s already"
        if any(a.id == account.id for a in table.row.accounts.values()):
            return f"{account.name} already has another seat at this table"
        return None

    async def _joined(self, table: TableSession, seat: int) -> None:
        """Someone took a seat in the waiting room: the table stays open longer (and
        has a host, if it had none); with no seat left free, the game starts."""
        now = time.time()
        host = table.row.host if table.row.host is not None else seat
        step = Step.JOIN if any(s.free for s in table.seats) else Step.FILL
        await self._step(table, step, joined_at=now, host=host)
        table.row.joined_at, table.row.host = now, host

    async def leave(self, table_id: str, seat: int, token: str) -> None:
        """A player leaves the waiting room: the seat is free again (name, token and
        ready dropped), and its connections are closed, so a browser still holding the
        old token sees nothing of whoever sits there next. The host's leaving hands
        the table to the next player who joined (or to the next to join)."""
        table = await self.get(table_id)
        self.authorize(table, seat, token)
        async with table.lock:
            await self._changing(table, seat, token)
            table.check(Step.LEAVE)
            host = table.row.host
            left = host == seat
            if left:
                host = next(
                    (s.row.seat for s in table.seats if s.claimed and s.row.seat != seat), None
                )
            await self.seat_writes.write(table, SeatRow(seat, "human"))
            await self._step(table, Step.LEAVE, host=host, host_left=left)
            table.row.host = host
            table.release(seat)
            self.pipeline.settle(table)

    async def set_ready(self, table_id: str, seat: int, token: str, ready: bool) -> None:
        """A player in the waiting room says whether they are ready."""
        table = await self.get(table_id)
        self.authorize(table, seat, token)
        async with table.lock:
            await self._changing(table, seat, token)
            table.require(TableStatus.WAITING)
            await self.seat_writes.write(table, replace(table.seats[seat].row, ready=ready))
            self.pipeline.settle(table)

    async def start_game(self, table_id: str, seat: int, token: str, bot: str | None) -> None:
        """The host starts the game from the waiting room: everyone who joined is
        ready; every free seat gets the bot ``bot`` (default: the game's)."""
        table = await self.get(table_id)
        self.authorize(table, seat, token)
        async with table.lock:
            await self._changing(table, seat, token)
            table.check(Step.START)
            if seat != table.row.host:
                host = table.seats[table.row.host].name if table.row.host is not None else None
                raise Forbidden(f"only {host or 'the host'} can start this table")
            waiting_for = [
                s.name
                for s in table.seats
                if s.row.kind == "human" and s.claimed and not s.row.ready and s.row.seat != seat
            ]
            if waiting_for:
                who = ", ".join(waiting_for)
                raise Conflict(f"not everyone is ready yet: {who}", rule="not-ready")
            name = bot or default_bot(table.game.name)
            if name not in bots.available(table.game.name):
                raise ServerError(
                    f"no bot {name!r} for {table.game.title} "
                    f"(bots: {', '.join(bots.available(table.game.name))})"
                )
            bots_seated = [SeatRow(s.row.seat, "bot", name) for s in table.seats if s.free]
            await self.seat_writes.start(table, bots_seated)
            self.pipeline.settle(table)

    async def seat_bot(
        self, table_id: str, target: int, seat: int, token: str, bot: str | None
    ) -> None:
        """Seat ``seat`` (authorized by ``token``) puts a bot in ``target``'s place.

        Allowed for a seat nobody has taken, or one whose player has been away
        for the table's ``replace_after`` seconds.
        """
        table = await self.get(table_id)
        self.authorize(table, seat, token)
        async with table.lock:
            await self._changing(table, seat, token)
            table.require_open()
            if table.status is TableStatus.WAITING and seat != table.row.host:
                raise Forbidden("in the waiting room only the host seats bots")
            if not 0 <= target < len(table.seats):
                raise NotFound(f"table {table_id} has no seat {target}")
            t = table.seats[target]
            if t.row.kind != "human":
                raise Conflict(f"seat {target} is already played by a bot", rule="bot-seated")
            if target == seat:
                raise Conflict("to hand your own seat to a bot, leave the table instead")
            if t.claimed and is_turn_based(table.row.clock):
                raise Conflict(
                    "at a turn-based table a player who is away is waited for: "
                    "a bot moves for them only when their clock runs out",
                    rule="turn-based",
                )
            if t.claimed:
                reason = not_replaceable_yet(t, table.row.replace_after)
                if reason is not None:
                    raise Conflict(f"{t.name} is {reason}", rule="not-away")
            name = bot or default_bot(table.game.name)
            if name not in bots.available(table.game.name):
                raise ServerError(f"no bot {name!r} for {table.game.name}")
            row = replace(t.row, kind="bot", bot=name, ready=False)  # its token kept: reclaim
            await self.seat_writes.write(table, row)
            table.bots.replaced(target)
            if table.status is TableStatus.WAITING and not any(s.free for s in table.seats):
                await self._step(table, Step.FILL)
            self.pipeline.settle(table)

    async def reclaim(self, table_id: str, seat: int, token: str) -> None:
        """A player whose seat a bot took over takes it back."""
        table = await self.get(table_id)
        self.authorize(table, seat, token)
        async with table.lock:
            await self._changing(table, seat, token)
            s = table.seats[seat]
            if s.row.kind == "human":
                return
            await self.seat_writes.write(table, replace(s.row, kind="human", bot=None, ready=False))
            self.pipeline.settle(table)

    # -- connections ----------------------------------------------------------
    async def connect(self, table: TableSession, client: Client) -> None:
        async with table.lock:
            table.connect(client)
            table.broadcast()  # the new client gets everything; the others see it connected

    async def disconnect(self, table: TableSession, client: Client) -> None:
        async with table.lock:
            if not table.disconnect(client):
                return
            table.broadcast()
        self._evict()  # a finished table kept for its last client may go now

    # -- acting ----------------------------------------------------------------
    async def act(
        self,
        table_id: str,
        seat: int,
        token: str | None,
        notation: str,
        account: AccountRef | None = None,
    ) -> int:
        """A person's move (over HTTP or the WebSocket) through the action pipeline;
        returns the moves ``seat`` now knows of (its ``version``: never the parts of
        others' sealed commits). Signed in as ``account``, only its own seats."""
        table = await self.get(table_id, reconcile=False)
        self.authorize(table, seat, token)
        self.authorize_account(table, seat, account)
        if table.seats[seat].is_bot:
            raise Conflict(
                f"a bot plays seat {seat} now; take your seat back first", rule="bot-plays"
            )
        async with table.lock:
            await self.pipeline.act(table, seat, notation)
            return table.state.moves_seen_by(seat)

    async def explain(self, table: TableSession, seat: int | None, notation: str) -> str | None:
        """Why ``seat`` may not play ``notation`` now (``None``: it may). Changes nothing."""
        if seat is None:
            return "spectators cannot play"
        async with table.lock:
            state = table.state
            try:
                action = state.game.parse_action(notation, state.config)
                state.clone().apply(seat, action)
            except MobtableError as exc:
                return table.narrator(seat).refusal(state, seat, notation, exc)
            return None

    # -- chat ----------------------------------------------------------------------
    async def chat(self, table: TableSession, client: Client, text: str, address: str) -> None:
        """Store ``client``'s message and send it to everyone at the table."""
        try:
            text = chat_text(text)
        except ValueError as exc:
            raise ServerError(str(exc), rule="chat") from exc
        if table.status is TableStatus.EXPIRED:
            table.require_open()
        self.quotas.chat(address)
        async with table.lock:
            if client.seat is None:
                row = ChatRow(None, client.name or "", text, time.time())
            else:
                row = ChatRow(client.seat, table.seats[client.seat].name, text, time.time())
            row.n = await self.db(self.repo.add_chat, table.id, row)
            table.clients.send(chat_message([row]))

    async def chat_history(self, table: TableSession) -> str | None:
        """The chat so far (the latest ``HISTORY`` messages) as one message; ``None``: none."""
        rows = await self.db(self.repo.chat, table.id, HISTORY)
        return chat_message(rows, history=True) if rows else None

    # -- expiry ----------------------------------------------------------------------
    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.expiry.check_every)
            try:
                await self.expire_due()
            except Exception:
                log.exception("expiring tables failed; trying again")

    async def expire_due(self, now: float | None = None) -> list[str]:
        """Close every table due to expire (see :mod:`mobtable.server.expiry`); their ids."""
        now = time.time() if now is None else now
        closed = []
        for table in list(self.tables.values()):
            reason = self.expiry.due(table, now)
            if reason is None or table.lock.locked():
                continue
            async with table.lock:
                if self.expiry.due(table, now) is None:  # changed while the lock was awaited
                    continue
                await self._step(table, Step.EXPIRE)
                table.expired = reason
                table.bots.stop()
                self.pipeline.settle(table)
            closed.append(table.id)
        return closed
